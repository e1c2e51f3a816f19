/**
 * Small helpers for walking parsed YAML/JSON documents without `any`: the
 * documents are untrusted shapes until validated, so every read is checked.
 */
import {derefWithNames, resolveRef} from './document/pointer';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

export function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

/** A non-blank string or undefined: documents often carry empty summaries. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export {escapePointerToken, pointer, refName} from './document/pointer';

/** Resolves a local JSON pointer (`#/a/b`) in a document; undefined when it leads nowhere. */
export function resolvePointer(doc: Json, ref: string): Json | undefined {
  return resolveRef(doc, ref) as Json | undefined;
}

/** Follows `$ref` chains (with a hop limit, since documents can loop) and reports the names passed. */
export function deref(doc: Json, value: Json | undefined): {node: Json | undefined; refs: string[]} {
  return derefWithNames(doc, value) as {node: Json | undefined; refs: string[]};
}

/** Compact JSON for constraint values and examples in prose. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}
