/**
 * JSON pointers (RFC 6901) and local `$ref`s ("#/…", RFC 3986 fragment form) in
 * parsed documents: the one set of helpers every walker uses (view models,
 * validator targets, request builder, machine-readable files). Pure, no Node
 * imports.
 */

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one pointer token (`~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The pointer of a token list (`['paths', '/a']` → `/paths/~1a`). */
export function pointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${escapePointerToken(String(t))}`).join('');
}

/** Tokens of a plain pointer ("" or "/a/b"); undefined when it is not one. */
export function tokensOfPointer(plain: string): string[] | undefined {
  if (plain === '') return [];
  if (!plain.startsWith('/')) return undefined;
  return plain.slice(1).split('/').map(unescapePointerToken);
}

/** Tokens of a local reference (`#/components/schemas/A~1B` → ['components', 'schemas', 'A/B']). */
export function pointerTokens(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  // A plain-name anchor (`#Name`) is not a pointer: tokensOfPointer refuses it.
  return tokensOfPointer(decodeURIComponent(ref.slice(1)));
}

/** The node the tokens lead to from `doc`, or undefined (array indexes are decimal digits only). */
export function atTokens(doc: unknown, tokens: readonly string[]): unknown {
  let node: unknown = doc;
  for (const key of tokens) {
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** The node at a plain JSON pointer ("" or "/a/b"), or undefined. */
export function atPointer(doc: unknown, plain: string): unknown {
  const tokens = tokensOfPointer(plain);
  return tokens === undefined ? undefined : atTokens(doc, tokens);
}

/** The node a local reference ("#/a/b") points at, or undefined when it leads nowhere. */
export function resolveRef(doc: unknown, ref: string): unknown {
  const tokens = pointerTokens(ref);
  return tokens === undefined ? undefined : atTokens(doc, tokens);
}

export interface Located {
  node: unknown;
  /** JSON pointer of `node` in the document. */
  pointer: string;
  /** The pointer of every `$ref` followed on the way, the last one first. */
  via: string[];
}

/**
 * Follows local `$ref`s from the node at `at` (a plain pointer) until a node
 * without one, keeping track of where it is; a remote or broken reference, or a
 * cycle, gives `node: undefined`.
 */
export function follow(doc: unknown, at: string): Located {
  let current = at;
  const via: string[] = [];
  for (let hops = 0; hops < 64; hops++) {
    const node = atPointer(doc, current);
    if (!isObject(node) || typeof node.$ref !== 'string') return {node, pointer: current, via};
    const ref = node.$ref;
    if (!ref.startsWith('#')) return {node: undefined, pointer: current, via};
    via.unshift(current);
    current = decodeURIComponent(ref.slice(1));
  }
  return {node: undefined, pointer: current, via};
}

/**
 * Follows `{$ref}` objects (a reference whose target is itself a reference, …)
 * to the node they stand for; a broken or external reference ends the walk at
 * the reference itself.
 */
export function followRefs<T>(doc: unknown, node: T): T {
  let current: unknown = node;
  for (let hops = 0; hops < 64 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const target = resolveRef(doc, current.$ref);
    if (target === undefined) return current as T;
    current = target;
  }
  return current as T;
}

/**
 * Follows `$ref` chains with the names passed (a loop ends the walk); a broken
 * reference gives `node: undefined`.
 */
export function derefWithNames(doc: unknown, value: unknown): {node: unknown; refs: string[]} {
  const refs: string[] = [];
  let node = value;
  for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === 'string'; hops += 1) {
    const ref = node.$ref;
    if (refs.includes(ref)) break;
    refs.push(ref);
    node = resolveRef(doc, ref);
  }
  return {node, refs};
}

/** Last token of a `#/components/schemas/Name` style reference: the name a reader knows it by. */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return unescapePointerToken(decodeURIComponent(last));
}
