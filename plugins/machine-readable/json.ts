/** JSON values and local JSON pointers, for the documents and the files generated from them. */
import {resolveRef} from '../api-reference/document/pointer';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export {followRefs, pointerTokens} from '../api-reference/document/pointer';

/** The value a local reference points at, or undefined when it leads nowhere. */
export function resolveLocal(doc: Json, ref: string): Json | undefined {
  return resolveRef(doc, ref) as Json | undefined;
}
