/**
 * The walk every comparison shares: its context (both documents, the sunset date, the findings so
 * far, the caches), nodes found through `$ref`s, the emitter bound to a place (a subject, a
 * direction, words for each field path), the unchanged shortcuts (a `$ref` whose whole reach is the
 * same text in both versions is not walked) and what every kind of place compares the same way:
 * wording, examples, deprecation and removal. Pure.
 */
import {
  deref,
  escapePointerToken,
  locate,
  pointerTokens,
  resolveRef,
} from '../../api-reference/document/pointer';
import {isObject as isObj} from '../../api-reference/document';
import {code, type Direction, type RuleId, type Words} from './rules';

export type Obj = Record<string, unknown>;

export function obj(value: unknown): Obj {
  return isObj(value) ? value : {};
}

export const esc = escapePointerToken;

export type Api = 'rest' | 'ws';

/** What a group of changes is about: an operation, a message, or the document as a whole. */
export interface Subject {
  kind: 'operation' | 'message' | 'document';
  /** Stable identity: operationId (or `METHOD path`), `channel/message`, `document`. */
  key: string;
  /** What a reader calls it: `GET /api/orders`, message `order_status` on channel `orders`. */
  label: string;
  /** Candidate anchor in the reference; resolved against the current pages later. */
  anchor?: string;
}

export interface Finding {
  api: Api;
  rule: RuleId;
  subject: Subject;
  /** Whether the subject itself appeared, disappeared, or changed inside. */
  subjectChange: 'added' | 'removed' | 'changed';
  direction: Direction;
  /** The item inside the subject in words; absent when the finding is about the subject itself. */
  item?: string;
  words: Words;
  /** Candidate anchors, most precise first. */
  anchors: string[];
  /** Stable pointer of the use: parameters named (`query:limit`), never numbered. */
  pointer: string;
  /** Where the change is written in the document (a shared component's own pointer). */
  origin: string;
  /** Enum values a change added (each gets its own "New in X" in the references). */
  addedValues?: unknown[];
  /**
   * Every use the finding is at, when it is at more than one field path of one place (a shared type
   * at two fields of one response): their pointers and anchors, the first being `pointer`'s.
   */
  places?: Array<{pointer: string; anchors: string[]}>;
}

/** Options of one comparison. */
export interface CompareOptions {
  /** The date (YYYY-MM-DD) at which sunsets are judged: passed sunsets make a removal "as announced". */
  asOf: string;
}

export interface Ctx {
  api: Api;
  base: Obj;
  rev: Obj;
  asOf: string;
  out: Finding[];
  /** `$ref` → whether everything it reaches is the same text in both versions. */
  refSame: Map<string, boolean>;
  /**
   * What a pair of schemas says at its own level, once per direction: its findings (field path
   * and pointer relative to the pair) and the pairs below it, replayed at every use. A component
   * shared by hundreds of operations is compared once, not once per operation.
   */
  schemaMemo: Map<
    string,
    {findings: Finding[]; children: Array<{field: string; use: string; base: string; rev: string}>}
  >;
  /** The keys of the operations or messages both versions have (what a change to all of them reaches). */
  compared: Set<string>;
}

/** Where findings land: one subject, one direction, an item in words for each field path. */
export interface Place {
  subject: Subject;
  direction: Direction;
  /** What the reader sends there, for the sentences (rules.ts `Words.sends`); requests when absent. */
  sends?: string;
  what: (field: string) => string;
  anchors: (field: string) => string[];
}

export interface At {
  node: unknown;
  /** Where the node is written (after following `$ref`s). */
  pointer: string;
}

/**
 * The node at a plain pointer, following `$ref`s wherever the walk meets one (at the end and on
 * the way: `/channels/a/messages/b/payload` where the message is a reference), and where it is
 * written. Undefined when nothing is there, or a reference is broken or loops.
 */
export const located = new WeakMap<Obj, Map<string, At | undefined>>();

export function at(doc: Obj, plain: string | undefined): At | undefined {
  if (plain === undefined) return undefined;
  let cache = located.get(doc);
  if (cache === undefined) {
    cache = new Map();
    located.set(doc, cache);
  }
  if (cache.has(plain)) return cache.get(plain);
  const found = locate(doc, plain);
  cache.set(plain, found);
  return found;
}

/** A value as JSON text: two values are the same when their texts are. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

export function withField(prefix: string, field: string): string {
  if (field === '') return prefix;
  return field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
}

/** `child` (a field path relative to `parent`) below `parent`. */
export function joinField(parent: string, child: string): string {
  if (child === '') return parent;
  if (parent === '' || child.startsWith('[')) return `${parent}${child}`;
  return `${parent}.${child}`;
}

export function emit(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  origin: string,
  rule: RuleId,
  words: Omit<Words, 'item'> = {},
  extra: Partial<Finding> = {},
): void {
  const item = place.what(field);
  ctx.out.push({
    api: ctx.api,
    rule,
    subject: place.subject,
    subjectChange: 'changed',
    direction: place.direction,
    item,
    words: {item, ...words, ...(place.sends !== undefined ? {sends: place.sends} : {})},
    anchors: place.anchors(field),
    pointer: use,
    origin,
    ...extra,
  });
}

export function findingOf(ctx: Ctx, place: Place, use: string, origin: string, rule: RuleId): Finding {
  return {
    api: ctx.api,
    rule,
    subject: place.subject,
    subjectChange: 'changed',
    direction: place.direction,
    words: {item: place.what(''), ...(place.sends !== undefined ? {sends: place.sends} : {})},
    anchors: place.anchors(''),
    pointer: use,
    origin,
  };
}

export function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else refsIn(v, into);
    }
  }
  return into;
}

export function refUnchanged(ctx: Ctx, ref: string): boolean {
  const known = ctx.refSame.get(ref);
  if (known !== undefined) return known;
  // Everything the reference reaches, explored in full before anything is remembered.
  const seen = new Set<string>([ref]);
  const todo = [ref];
  let same = true;
  while (same && todo.length > 0) {
    const next = todo.pop() as string;
    const memo = ctx.refSame.get(next);
    if (memo === true) continue;
    if (memo === false) same = false;
    else if (!next.startsWith('#')) same = true;
    else {
      // The node as written there (a `$ref` and the keywords beside it), not what it points to:
      // the references it holds are explored next.
      const a = resolveRef(ctx.base, next);
      const b = resolveRef(ctx.rev, next);
      if (jsonText(a) !== jsonText(b) || a === undefined) same = false;
      else
        for (const inner of refsIn(a, new Set())) {
          if (!seen.has(inner)) {
            seen.add(inner);
            todo.push(inner);
          }
        }
    }
  }
  ctx.refSame.set(ref, same);
  return same;
}

/** The two nodes are the same text and reach the same text: nothing below them changed. */
export function unchanged(ctx: Ctx, basePointer: string, revPointer: string): boolean {
  const a = at(ctx.base, basePointer);
  const b = at(ctx.rev, revPointer);
  if (a === undefined || b === undefined) return a === b;
  if (a.pointer === b.pointer && a.pointer !== basePointer && refUnchanged(ctx, `#${a.pointer}`)) return true;
  if (jsonText(a.node) !== jsonText(b.node)) return false;
  for (const ref of refsIn(a.node, new Set())) if (!refUnchanged(ctx, ref)) return false;
  return true;
}

export function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : code(value);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return jsonText(a) === jsonText(b);
}

/**
 * Keywords that only say something, and their names in a sentence: a reader sees them reworded.
 * `x-reading` is this site's mark of a reading of the specification, shown where it applies.
 */
export const WORDING = {
  description: 'description',
  title: 'title',
  summary: 'summary',
  'x-reading': 'reading of the specification',
} as const;

export function compareNotes(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  origin: string,
  a: Obj,
  b: Obj,
): void {
  const reworded = Object.entries(WORDING)
    .filter(([k]) => !sameValue(a[k], b[k]))
    .map(([, words]) => words);
  if (reworded.length > 0)
    emit(ctx, place, field, use, origin, 'description-changed', {detail: reworded.join(' and ')});
  if (examplesChanged(ctx, a, b)) emit(ctx, place, field, use, origin, 'example-changed');
}

/**
 * Whether the examples of two nodes differ as a reader sees them: named examples (an `examples` map
 * of a parameter or media type) are compared by what their `$ref`s lead to, so an edit of a shared
 * `components/examples` entry is found at every use.
 */
export function examplesChanged(ctx: Ctx, a: Obj, b: Obj): boolean {
  if (!sameValue(a.example, b.example)) return true;
  const shown = (doc: Obj, examples: unknown): unknown =>
    isObj(examples)
      ? Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, deref(doc, e).node ?? e]))
      : examples;
  return !sameValue(shown(ctx.base, a.examples), shown(ctx.rev, b.examples));
}

export function compareDeprecation(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  origin: string,
  a: Obj,
  b: Obj,
): void {
  const was = a.deprecated === true;
  const is = b.deprecated === true;
  const sunset = typeof b['x-sunset'] === 'string' ? b['x-sunset'] : undefined;
  if (!was && is) emit(ctx, place, field, use, origin, 'deprecated', sunset !== undefined ? {sunset} : {});
  else if (was && !is) emit(ctx, place, field, use, origin, 'undeprecated');
  else if (is && !sameValue(a['x-sunset'], b['x-sunset']))
    emit(ctx, place, field, use, origin, 'sunset-changed', {before: a['x-sunset'], after: b['x-sunset']});
}

/** A removed thing: "as announced" when the previous version deprecated it with a sunset date that has passed. */
export function removal(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  origin: string,
  before: Obj,
  otherwise: RuleId,
  extra: Partial<Finding> = {},
): void {
  const sunset = typeof before['x-sunset'] === 'string' ? before['x-sunset'] : undefined;
  if (before.deprecated === true && sunset !== undefined) {
    emit(
      ctx,
      place,
      field,
      use,
      origin,
      sunset <= ctx.asOf ? 'removed-as-announced' : 'removed-before-sunset',
      {sunset},
      extra,
    );
  } else emit(ctx, place, field, use, origin, otherwise, {}, extra);
}

/** The last token of a local reference: the key of what it names (`#/servers/production` → `production`). */
export function lastToken(ref: unknown): string | undefined {
  if (typeof ref !== 'string') return undefined;
  const tokens = pointerTokens(ref);
  return tokens === undefined || tokens.length === 0 ? undefined : tokens[tokens.length - 1];
}
