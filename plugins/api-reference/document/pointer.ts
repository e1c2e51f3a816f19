/**
 * JSON pointers (RFC 6901) and local `$ref`s ("#/…", RFC 3986 fragment form) in
 * parsed documents: the one set of helpers every walker uses (view models,
 * validator targets, request builder, machine-readable files). Pure, no Node
 * imports.
 */

import {escapePointerToken, unescapePointerToken} from '../client/json';
import {isObject, type Json, type JsonObject} from './json';

// Defined in client/ (the validator's messages and the request builder escape in the browser).
export {escapePointerToken, unescapePointerToken};

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
export function atTokens(doc: unknown, tokens: readonly string[]): Json | undefined {
  let node: unknown = doc;
  for (const key of tokens) {
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node as Json;
}

/** The node at a plain JSON pointer ("" or "/a/b"), or undefined. */
export function atPointer(doc: unknown, plain: string): Json | undefined {
  const tokens = tokensOfPointer(plain);
  return tokens === undefined ? undefined : atTokens(doc, tokens);
}

/** The node a local reference ("#/a/b") points at, or undefined when it leads nowhere. */
export function resolveRef(doc: unknown, ref: string): Json | undefined {
  const tokens = pointerTokens(ref);
  return tokens === undefined ? undefined : atTokens(doc, tokens);
}

/** The most `$ref`s one chain may pass through; a longer chain is taken for a loop. */
export const MAX_REF_HOPS = 64;

export interface Dereferenced {
  /**
   * The node the chain ends at: the first node without a `$ref`. Undefined when a
   * reference leads nowhere (a broken or remote `$ref`) or the chain loops.
   */
  node: Json | undefined;
  /** Every `$ref` followed, in order (the names a reader knows the node by). */
  refs: string[];
  /** The objects that held those `$ref`s, in order (their sibling keywords, OpenAPI 3.1). */
  holders: JsonObject[];
  /** When `node` is undefined: the `$ref` that broke the chain, and why. */
  unresolved?: {ref: string; reason: 'missing' | 'loop'};
}

/**
 * The one way the project follows `$ref` chains (a reference whose target is
 * itself a reference, …): local references only, at most `MAX_REF_HOPS`; a
 * broken or remote reference, or a loop, ends the chain with `node: undefined`
 * and says which reference and why.
 */
export function deref(doc: unknown, value: unknown): Dereferenced {
  const refs: string[] = [];
  const holders: JsonObject[] = [];
  let node = value as Json | undefined;
  while (isObject(node) && typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (refs.includes(ref) || refs.length >= MAX_REF_HOPS)
      return {node: undefined, refs, holders, unresolved: {ref, reason: 'loop'}};
    refs.push(ref);
    holders.push(node);
    node = resolveRef(doc, ref);
    if (node === undefined) return {node, refs, holders, unresolved: {ref, reason: 'missing'}};
  }
  return {node, refs, holders};
}

export interface Located {
  node: Json | undefined;
  /** JSON pointer of `node` in the document (of the last place reached when it is undefined). */
  pointer: string;
  /** The pointer of every `$ref` followed on the way, the last one first. */
  via: string[];
}

/** `deref` from the node at a plain pointer, keeping track of where each step is. */
export function derefAt(doc: unknown, at: string): Located {
  const {node, refs} = deref(doc, atPointer(doc, at));
  const places = [at];
  for (const ref of refs) {
    // A remote reference is not followed: the walk stays at the node that holds it.
    if (!ref.startsWith('#')) break;
    places.push(decodeURIComponent(ref.slice(1)));
  }
  return {node, pointer: places[places.length - 1] ?? at, via: places.slice(0, -1).reverse()};
}

/** Last token of a `#/components/schemas/Name` style reference: the name a reader knows it by. */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return unescapePointerToken(decodeURIComponent(last));
}

/** A node reached through `$ref`s, and where it is written. */
export interface Reached {
  /**
   * The node as a reader of OpenAPI 3.1 / JSON Schema 2020-12 reads it: a `$ref`'s target with the
   * keywords written beside the `$ref` laid over it (the nearer holder stronger), as the reference
   * renders it.
   */
  node: Json;
  /**
   * Where the node is written: the target's pointer, or, when keywords beside a `$ref` change it,
   * the pointer of that `$ref`'s holder (the same target under other siblings is another node).
   */
  pointer: string;
}

/** The holders whose own keywords lie over a target: nearest first, with where each is written. */
interface Layer {
  target: string;
  over: Array<{pointer: string; keys: JsonObject}>;
}

const layers = new WeakMap<object, Map<string, Layer>>();

/** Follows the `$ref` chain of `node` (written at `where`); undefined when it is broken, remote or loops. */
function settle(doc: unknown, node: Json, where: string): Reached | undefined {
  if (!isObject(node) || typeof node.$ref !== 'string') return {node, pointer: where};
  const {node: target, refs, holders, unresolved} = deref(doc, node);
  const last = refs[refs.length - 1];
  if (target === undefined || unresolved !== undefined || last === undefined || !last.startsWith('#'))
    return undefined;
  const targetPointer = decodeURIComponent(last.slice(1));
  const places = [where, ...refs.slice(0, -1).map((r) => decodeURIComponent(r.slice(1)))];
  const over = holders
    .map((holder, i) => {
      const {$ref: _ref, ...keys} = holder;
      return {pointer: places[i] ?? where, keys};
    })
    .filter((layer) => Object.keys(layer.keys).length > 0);
  if (over.length === 0 || !isObject(target)) return {node: target, pointer: targetPointer};
  let merged: JsonObject = {...target};
  for (const layer of [...over].reverse()) merged = {...merged, ...layer.keys};
  if (typeof doc === 'object' && doc !== null) {
    const known = layers.get(doc) ?? new Map<string, Layer>();
    known.set(where, {target: targetPointer, over});
    layers.set(doc, known);
  }
  return {node: merged, pointer: where};
}

/**
 * The node at a plain pointer, following `$ref`s wherever the way meets one (at the end and on the
 * way: `/channels/a/messages/b/payload` where the message is a reference), read as the reference
 * reads it (keywords beside a `$ref` override its target's), and where it is written. Undefined when
 * nothing is there, or a reference is broken, remote or loops.
 */
export function locate(doc: unknown, plain: string): Reached | undefined {
  const tokens = tokensOfPointer(plain);
  if (tokens === undefined) return undefined;
  let here: Reached | undefined = {node: doc as Json, pointer: ''};
  for (const token of tokens) {
    const {node, pointer: where}: Reached = here;
    let child: Json | undefined;
    let childAt = `${where}/${escapePointerToken(token)}`;
    if (Array.isArray(node)) child = /^(0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined;
    else if (isObject(node) && Object.hasOwn(node, token)) {
      child = node[token];
      // A keyword of a laid-over node is written either beside a `$ref` or in its target.
      const layer = typeof doc === 'object' && doc !== null ? layers.get(doc)?.get(where) : undefined;
      if (layer !== undefined) {
        const holder = layer.over.find((l) => Object.hasOwn(l.keys, token));
        childAt = `${holder?.pointer ?? layer.target}/${escapePointerToken(token)}`;
      }
    }
    if (child === undefined) return undefined;
    here = settle(doc, child, childAt);
    if (here === undefined) return undefined;
  }
  return here;
}
