/**
 * The browser's share of the document toolkit (plugins/api-reference/document/): the JSON value
 * type, the object check and RFC 6901 pointer token escaping. The build reads them through
 * document/, which re-exports them from here, so the validator's messages and the request
 * builder in the browser escape and read pointers exactly as the build writes them.
 */

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one pointer token (`~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The token a pointer segment stands for (`~1` → `/`, then `~0` → `~`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
