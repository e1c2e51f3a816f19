/** JSON values and local JSON pointers, for the documents and the files generated from them. */

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Tokens of a local reference (`#/components/schemas/A~1B` → ['components', 'schemas', 'A/B']). */
export function pointerTokens(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  const fragment = decodeURIComponent(ref.slice(1));
  if (fragment === '') return [];
  if (!fragment.startsWith('/')) return undefined; // a plain-name anchor, not a pointer
  return fragment
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value a local reference points at, or undefined when it leads nowhere. */
export function resolveLocal(doc: Json, ref: string): Json | undefined {
  const tokens = pointerTokens(ref);
  if (tokens === undefined) return undefined;
  let node: Json | undefined = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) node = /^\d+$/.test(token) ? node[Number(token)] : undefined;
    else if (isJsonObject(node)) node = Object.hasOwn(node, token) ? node[token] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Follows `{$ref}` objects (a reference whose target is itself a reference, …)
 * to the node they stand for; a broken or external reference ends the walk.
 */
export function followRefs(doc: Json, node: Json): Json {
  let current = node;
  for (let hops = 0; hops < 64 && isJsonObject(current) && typeof current.$ref === 'string'; hops++) {
    const target = resolveLocal(doc, current.$ref);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}
