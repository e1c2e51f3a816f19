/**
 * Small helpers for walking parsed YAML/JSON documents without `any`: the
 * documents are untrusted shapes until validated, so every read is checked.
 */
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

/** RFC 6901 escaping, used in error messages and $ref targets. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${escapePointerToken(String(t))}`).join('');
}

/** Resolves a local JSON pointer (`#/a/b`) in a document; undefined when it leads nowhere. */
export function resolvePointer(doc: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#')) return undefined;
  const body = ref.slice(1);
  if (body === '') return doc;
  if (!body.startsWith('/')) return undefined;
  let node: Json | undefined = doc;
  for (const raw of body.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      node = node[Number(token)];
    } else if (isObject(node)) {
      node = Object.prototype.hasOwnProperty.call(node, token) ? node[token] : undefined;
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}

/** Last token of a `#/components/schemas/Name` style reference: the name a reader knows it by. */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Follows `$ref` chains (with a hop limit, since documents can loop) and reports the names passed. */
export function deref(doc: Json, value: Json | undefined): {node: Json | undefined; refs: string[]} {
  const refs: string[] = [];
  let node = value;
  for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === 'string'; hops += 1) {
    const ref = node.$ref;
    if (refs.includes(ref)) break;
    refs.push(ref);
    node = resolvePointer(doc, ref);
  }
  return {node, refs};
}

/** Compact JSON for constraint values and examples in prose. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}
