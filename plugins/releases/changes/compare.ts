/**
 * What changed between two versions of one document, at every place a reader meets it.
 *
 * The walk starts from what a reader uses (each operation's parameters, request body and
 * responses; each message's payload and headers, its channel's address, parameters and
 * handshake, its servers and their security) and follows `$ref`s in both versions side by
 * side. So a change to a shared component is found under every operation and message that
 * reaches it, at the field path of that use, with the direction of that use: what the reader
 * sends or what the reader receives. Things are matched by identity (method + path,
 * parameter `in` + name, property name, status code, channel and message key, server key or
 * URL), never by position. Components nothing uses, tags and `info.version` are not API
 * changes and are not reported.
 *
 * The result is a list of findings: which rule (rules.ts), where, in which direction, with
 * the words a sentence needs. Verdicts and sentences are made from them by diff.ts. Pure.
 */
import {
  derefAt as follow,
  escapePointerToken,
  pointer as pointerOf,
  pointerTokens,
  tokensOfPointer,
} from '../../api-reference/document/pointer';
import {mergeParameters, pathItemOperations} from '../../api-reference/document/operations';
import {channelId, operationId as operationAnchor, slug} from '../../api-reference/client/anchors';
import {isObject as isObj, type JsonObject} from '../../api-reference/document';
import {code, type Direction, type RuleId, type Words} from './rules';

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj {
  return isObj(value) ? value : {};
}

const esc = escapePointerToken;

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
}

/** Options of one comparison. */
export interface CompareOptions {
  /** The date (YYYY-MM-DD) at which sunsets are judged: passed sunsets make a removal "as announced". */
  asOf: string;
}

interface Ctx {
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
}

/** Where findings land: one subject, one direction, an item in words for each field path. */
interface Place {
  subject: Subject;
  direction: Direction;
  /** What the reader sends there, for the sentences (rules.ts `Words.sends`); requests when absent. */
  sends?: string;
  what: (field: string) => string;
  anchors: (field: string) => string[];
}

interface At {
  node: unknown;
  /** Where the node is written (after following `$ref`s). */
  pointer: string;
}

/**
 * The node at a plain pointer, following `$ref`s wherever the walk meets one (at the end and on
 * the way: `/channels/a/messages/b/payload` where the message is a reference), and where it is
 * written. Undefined when nothing is there, or a reference is broken or loops.
 */
const located = new WeakMap<Obj, Map<string, At | undefined>>();

function at(doc: Obj, plain: string | undefined): At | undefined {
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

function locate(doc: Obj, plain: string): At | undefined {
  const tokens = tokensOfPointer(plain);
  if (tokens === undefined) return undefined;
  let node: unknown = doc;
  let where = '';
  for (const token of tokens) {
    const child = Array.isArray(node)
      ? /^(0|[1-9][0-9]*)$/.test(token)
        ? (node as unknown[])[Number(token)]
        : undefined
      : isObj(node) && Object.hasOwn(node, token)
        ? node[token]
        : undefined;
    if (child === undefined) return undefined;
    where = `${where}/${esc(token)}`;
    if (isObj(child) && typeof child.$ref === 'string') {
      const target = follow(doc, where);
      if (target.node === undefined) return undefined;
      node = target.node;
      where = target.pointer;
    } else node = child;
  }
  return {node, pointer: where};
}

function text(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

function withField(prefix: string, field: string): string {
  if (field === '') return prefix;
  return field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
}

function emit(
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

// ---------------------------------------------------------------------------
// Unchanged shortcuts: a `$ref` whose whole reach is the same text is not walked.

function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else refsIn(v, into);
    }
  }
  return into;
}

function refUnchanged(ctx: Ctx, ref: string): boolean {
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
      const plain = pointerOf(pointerTokens(next) ?? []);
      const a = follow(ctx.base, plain);
      const b = follow(ctx.rev, plain);
      if (text(a.node) !== text(b.node) || a.node === undefined) same = false;
      else
        for (const inner of refsIn(a.node, new Set())) {
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
function unchanged(ctx: Ctx, basePointer: string, revPointer: string): boolean {
  const a = at(ctx.base, basePointer);
  const b = at(ctx.rev, revPointer);
  if (a === undefined || b === undefined) return a === b;
  if (a.pointer === b.pointer && a.pointer !== basePointer && refUnchanged(ctx, `#${a.pointer}`)) return true;
  if (text(a.node) !== text(b.node)) return false;
  for (const ref of refsIn(a.node, new Set())) if (!refUnchanged(ctx, ref)) return false;
  return true;
}

// ---------------------------------------------------------------------------
// Schemas.

interface Shape {
  pointer: string;
  keywords: Obj;
  properties: Map<string, string>;
  required: Set<string>;
  items?: string;
  alternatives: Array<{kind: 'oneOf' | 'anyOf'; list: Array<{key: string; pointer: string}>}>;
}

const STRUCTURAL = new Set(['properties', 'required', 'items', 'allOf', 'oneOf', 'anyOf', '$ref']);

/** A schema with its `allOf` parts merged in: their properties, required names and keywords (its own win). */
function shape(doc: Obj, start: At, depth = 0, seen = new Set<string>()): Shape {
  const node = obj(start.node);
  const out: Shape = {
    pointer: start.pointer,
    keywords: {},
    properties: new Map(),
    required: new Set(),
    alternatives: [],
  };
  for (const [k, v] of Object.entries(node)) if (!STRUCTURAL.has(k)) out.keywords[k] = v;
  for (const name of Object.keys(obj(node.properties)))
    out.properties.set(name, `${start.pointer}/properties/${esc(name)}`);
  if (Array.isArray(node.required))
    for (const name of node.required) if (typeof name === 'string') out.required.add(name);
  if (isObj(node.items)) out.items = `${start.pointer}/items`;
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = node[kind];
    if (!Array.isArray(list)) continue;
    out.alternatives.push({
      kind,
      list: list.map((branch, i) => ({
        key: isObj(branch) && typeof branch.$ref === 'string' ? branch.$ref : `#${i}`,
        pointer: `${start.pointer}/${kind}/${i}`,
      })),
    });
  }
  if (Array.isArray(node.allOf) && depth < 16) {
    seen.add(start.pointer);
    node.allOf.forEach((_branch, i) => {
      const part = at(doc, `${start.pointer}/allOf/${i}`);
      if (part === undefined || seen.has(part.pointer)) return;
      const inner = shape(doc, part, depth + 1, seen);
      for (const [k, v] of Object.entries(inner.keywords)) if (!(k in out.keywords)) out.keywords[k] = v;
      for (const [name, p] of inner.properties) if (!out.properties.has(name)) out.properties.set(name, p);
      for (const name of inner.required) out.required.add(name);
      out.items ??= inner.items;
      out.alternatives.push(...inner.alternatives);
    });
  }
  return out;
}

/** The types a schema allows, OpenAPI 3.0's `nullable` included. */
function types(keywords: Obj): Set<string> | undefined {
  const t = keywords.type;
  const list = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x) => typeof x === 'string') : [];
  if (list.length === 0) return undefined;
  const set = new Set(list as string[]);
  if (keywords.nullable === true) set.add('null');
  if (set.has('number')) set.add('integer');
  return set;
}

const LOWER = {
  minimum: 'minimum',
  exclusiveMinimum: 'exclusive minimum',
  minLength: 'minimum length',
  minItems: 'minimum number of items',
  minProperties: 'minimum number of fields',
} as const;
const UPPER = {
  maximum: 'maximum',
  exclusiveMaximum: 'exclusive maximum',
  maxLength: 'maximum length',
  maxItems: 'maximum number of items',
  maxProperties: 'maximum number of fields',
} as const;

function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : code(value);
}

/** A limit in words; `tighter` tells whether the new value allows fewer values. */
function limitChange(
  label: string,
  before: unknown,
  after: unknown,
  lower: boolean,
): {detail: string; rule: 'constraint-narrowed' | 'constraint-widened' | 'constraint-changed'} {
  if (before === undefined) return {detail: `${label} of ${shown(after)} added`, rule: 'constraint-narrowed'};
  if (after === undefined)
    return {detail: `${label} of ${shown(before)} removed`, rule: 'constraint-widened'};
  if (typeof before === 'number' && typeof after === 'number') {
    const raised = after > before;
    const tighter = lower ? raised : !raised;
    return {
      detail: `${label} ${raised ? 'raised' : 'lowered'} from ${before} to ${after}`,
      rule: tighter ? 'constraint-narrowed' : 'constraint-widened',
    };
  }
  return {detail: `${label} changed from ${shown(before)} to ${shown(after)}`, rule: 'constraint-changed'};
}

function sameValue(a: unknown, b: unknown): boolean {
  return text(a) === text(b);
}

/** Keywords that only say something: a reader sees them reworded. */
const WORDING = ['description', 'title', 'summary'] as const;

function compareNotes(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  origin: string,
  a: Obj,
  b: Obj,
): void {
  const reworded = WORDING.filter((k) => !sameValue(a[k], b[k]));
  if (reworded.length > 0)
    emit(ctx, place, field, use, origin, 'description-changed', {detail: reworded.join(' and ')});
  if (!sameValue(a.example, b.example) || !sameValue(a.examples, b.examples))
    emit(ctx, place, field, use, origin, 'example-changed');
}

function compareDeprecation(
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
function removal(
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

function compareKeywords(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  origin: string,
  a: Obj,
  b: Obj,
): void {
  compareDeprecation(ctx, place, field, use, origin, a, b);
  const ta = types(a);
  const tb = types(b);
  if (ta !== undefined || tb !== undefined) {
    const before = [...(ta ?? [])].filter((t) => !(t === 'integer' && ta?.has('number')));
    const after = [...(tb ?? [])].filter((t) => !(t === 'integer' && tb?.has('number')));
    if (text(before.sort()) !== text(after.sort())) {
      const list = (l: string[]): string => (l.length === 0 ? 'any' : l.map((t) => `\`${t}\``).join(' or '));
      const detail = `type changed from ${list(before)} to ${list(after)}`;
      const widened = ta === undefined ? false : tb === undefined || [...ta].every((t) => tb.has(t));
      const narrowed = tb === undefined ? false : ta === undefined || [...tb].every((t) => ta.has(t));
      emit(
        ctx,
        place,
        field,
        use,
        origin,
        widened ? 'constraint-widened' : narrowed ? 'constraint-narrowed' : 'constraint-changed',
        {detail},
      );
    }
  }
  // The allowed values: `const` is a list of one (and wins over `enum` when both are written).
  const allowed = (k: Obj): unknown[] | undefined =>
    k.const !== undefined ? [k.const] : Array.isArray(k.enum) ? (k.enum as unknown[]) : undefined;
  const ea = allowed(a);
  const eb = allowed(b);
  if (ea !== undefined && eb !== undefined) {
    const before = new Set(ea.map(text));
    const after = new Set(eb.map(text));
    const added = eb.filter((v) => !before.has(text(v)));
    const removed = ea.filter((v) => !after.has(text(v)));
    if (added.length > 0)
      emit(ctx, place, field, use, origin, 'enum-value-added', {values: added}, {addedValues: added});
    if (removed.length > 0) emit(ctx, place, field, use, origin, 'enum-value-removed', {values: removed});
  } else if (ea !== undefined || eb !== undefined) {
    emit(ctx, place, field, use, origin, eb !== undefined ? 'constraint-narrowed' : 'constraint-widened', {
      detail:
        eb !== undefined
          ? `now limited to ${eb.map((v) => code(v)).join(', ')}`
          : `no longer limited to ${(ea ?? []).map((v) => code(v)).join(', ')}`,
    });
  }
  for (const [key, label] of Object.entries(LOWER)) {
    if (!sameValue(a[key], b[key]))
      emit(ctx, place, field, use, origin, ...limit(label, a[key], b[key], true));
  }
  for (const [key, label] of Object.entries(UPPER)) {
    if (!sameValue(a[key], b[key]))
      emit(ctx, place, field, use, origin, ...limit(label, a[key], b[key], false));
  }
  for (const key of ['pattern', 'format'] as const) {
    if (!sameValue(a[key], b[key])) {
      const {detail, rule} = limitChange(key, a[key], b[key], true);
      emit(ctx, place, field, use, origin, rule, {detail});
    }
  }
  if (!sameValue(a.multipleOf, b.multipleOf)) {
    const x = a.multipleOf;
    const y = b.multipleOf;
    const detail =
      x === undefined
        ? `step of ${shown(y)} added`
        : y === undefined
          ? `step of ${shown(x)} removed`
          : `step changed from ${shown(x)} to ${shown(y)}`;
    const multiple = (p: number, q: number): boolean => Math.abs(p / q - Math.round(p / q)) < 1e-9;
    const rule: RuleId =
      x === undefined
        ? 'constraint-narrowed'
        : y === undefined
          ? 'constraint-widened'
          : typeof x === 'number' && typeof y === 'number' && multiple(y, x)
            ? 'constraint-narrowed'
            : typeof x === 'number' && typeof y === 'number' && multiple(x, y)
              ? 'constraint-widened'
              : 'constraint-changed';
    emit(ctx, place, field, use, origin, rule, {detail});
  }
  if ((a.uniqueItems === true) !== (b.uniqueItems === true)) {
    emit(
      ctx,
      place,
      field,
      use,
      origin,
      b.uniqueItems === true ? 'constraint-narrowed' : 'constraint-widened',
      {
        detail: b.uniqueItems === true ? 'items must now be unique' : 'items no longer need to be unique',
      },
    );
  }
  if ((a.additionalProperties === false) !== (b.additionalProperties === false)) {
    const closed = b.additionalProperties === false;
    emit(ctx, place, field, use, origin, closed ? 'constraint-narrowed' : 'constraint-widened', {
      detail: closed
        ? 'fields other than the listed ones are no longer allowed'
        : 'other fields are now allowed',
    });
  }
  if (!sameValue(a.default, b.default))
    emit(ctx, place, field, use, origin, 'default-changed', {before: a.default, after: b.default});
  compareNotes(ctx, place, field, use, origin, a, b);
}

function limit(
  label: string,
  before: unknown,
  after: unknown,
  lower: boolean,
): [RuleId, Omit<Words, 'item'>] {
  const {detail, rule} = limitChange(label, before, after, lower);
  return [rule, {detail}];
}

/** The property's pointer, unless the reader's side never sees it (`readOnly` where they send, `writeOnly` where they receive). */
function shownTo(doc: Obj, property: string | undefined, direction: Direction): string | undefined {
  if (property === undefined || direction === 'both') return property;
  const node = obj(at(doc, property)?.node);
  if (direction === 'send' && node.readOnly === true) return undefined;
  if (direction === 'receive' && node.writeOnly === true) return undefined;
  return property;
}

/** `child` (a field path relative to `parent`) below `parent`. */
function joinField(parent: string, child: string): string {
  if (child === '') return parent;
  if (parent === '' || child.startsWith('[')) return `${parent}${child}`;
  return `${parent}.${child}`;
}

/** The place a pair's own findings are recorded in: fields as relative paths, no subject. */
function relativePlace(direction: Direction): Place {
  return {
    subject: {kind: 'document', key: '', label: ''},
    direction,
    what: (field) => field,
    anchors: () => [],
  };
}

/** A pair of schemas one level down: its field segment, pointer segment, and where each version writes it. */
interface Child {
  field: string;
  use: string;
  base: string;
  rev: string;
}

/** What one pair of schemas says at its own level (relative findings) and the pairs below it. */
interface Level {
  findings: Finding[];
  children: Child[];
}

/**
 * Compares the schema at `basePointer` (base) with the one at `revPointer` (revision) for one use,
 * breadth first: each pair of schemas the use reaches is looked at once, at the shortest field path
 * that reaches it (a loop, a schema inside itself, is walked once). What a pair says at its own
 * level is worked out once per direction and replayed at every use, so a component shared by
 * hundreds of operations is compared once.
 */
function compareSchema(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  basePointer: string,
  revPointer: string,
): void {
  const seen = new Set<string>();
  const queue: Array<{field: string; use: string; base: string; rev: string}> = [
    {field, use, base: basePointer, rev: revPointer},
  ];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const a = at(ctx.base, next.base);
    const b = at(ctx.rev, next.rev);
    if (a === undefined || b === undefined) continue;
    const pair = `${a.pointer}|${b.pointer}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    if (unchanged(ctx, a.pointer, b.pointer)) continue;
    const level = levelOf(ctx, a, b, place.direction);
    for (const f of level.findings) {
      const where = joinField(next.field, f.item ?? '');
      const item = place.what(where);
      ctx.out.push({
        ...f,
        subject: place.subject,
        item,
        words: {...f.words, item, ...(place.sends !== undefined ? {sends: place.sends} : {})},
        anchors: place.anchors(where),
        pointer: `${next.use}${f.pointer}`,
      });
    }
    for (const child of level.children)
      queue.push({
        field: joinField(next.field, child.field),
        use: `${next.use}${child.use}`,
        base: child.base,
        rev: child.rev,
      });
  }
}

function levelOf(ctx: Ctx, a: At, b: At, direction: Direction): Level {
  const key = `${a.pointer}|${b.pointer}|${direction}`;
  const known = ctx.schemaMemo.get(key);
  if (known !== undefined) return known;
  const outer = ctx.out;
  ctx.out = [];
  const children = compareLevel(ctx, relativePlace(direction), a, b);
  const level = {findings: ctx.out, children};
  ctx.out = outer;
  ctx.schemaMemo.set(key, level);
  return level;
}

/** One pair of schemas at its own level: keywords, fields added, removed or required, alternatives; returns the pairs below. */
function compareLevel(ctx: Ctx, place: Place, a: At, b: At): Child[] {
  const field = '';
  const use = '';
  const children: Child[] = [];
  if (!isObj(a.node) || !isObj(b.node)) {
    if (!sameValue(a.node, b.node))
      emit(
        ctx,
        place,
        field,
        use,
        b.pointer,
        b.node === false ? 'constraint-narrowed' : 'constraint-widened',
        {
          detail: b.node === false ? 'no value is allowed any more' : 'any value is now allowed',
        },
      );
    return children;
  }
  const sa = shape(ctx.base, a);
  const sb = shape(ctx.rev, b);
  compareKeywords(ctx, place, field, use, b.pointer, sa.keywords, sb.keywords);
  const names = new Set([...sa.properties.keys(), ...sb.properties.keys()]);
  for (const name of names) {
    const childUse = `/properties/${esc(name)}`;
    // A read-only field is not sent and a write-only one not received: on that side it does not exist.
    const pa = shownTo(ctx.base, sa.properties.get(name), place.direction);
    const pb = shownTo(ctx.rev, sb.properties.get(name), place.direction);
    if (pa === undefined && pb !== undefined) {
      emit(
        ctx,
        place,
        name,
        childUse,
        pb,
        sb.required.has(name) ? 'required-field-added' : 'optional-field-added',
      );
    } else if (pa !== undefined && pb === undefined) {
      removal(ctx, place, name, childUse, pa, obj(at(ctx.base, pa)?.node), 'field-removed');
    } else if (pa !== undefined && pb !== undefined) {
      const was = sa.required.has(name);
      const is = sb.required.has(name);
      if (!was && is) emit(ctx, place, name, childUse, pb, 'field-became-required');
      if (was && !is) emit(ctx, place, name, childUse, pb, 'field-became-optional');
      children.push({field: name, use: childUse, base: pa, rev: pb});
    }
  }
  if (sa.items !== undefined && sb.items !== undefined)
    children.push({field: '[]', use: '/items', base: sa.items, rev: sb.items});
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const la = sa.alternatives.filter((x) => x.kind === kind).flatMap((x) => x.list);
    const lb = sb.alternatives.filter((x) => x.kind === kind).flatMap((x) => x.list);
    if (la.length === 0 && lb.length === 0) continue;
    const name = (key: string, i: number): string =>
      key.startsWith('#/') ? code(lastToken(key) ?? key) : `number ${i + 1}`;
    lb.forEach((alt, i) => {
      const match = la.find((x) => x.key === alt.key);
      if (match !== undefined)
        children.push({field: '', use: `/${kind}/${esc(alt.key)}`, base: match.pointer, rev: alt.pointer});
      else
        emit(ctx, place, field, use, alt.pointer, 'constraint-widened', {
          detail: `a new alternative form (${name(alt.key, i)}) is allowed`,
        });
    });
    la.forEach((alt, i) => {
      if (!lb.some((x) => x.key === alt.key))
        emit(ctx, place, field, use, alt.pointer, 'constraint-narrowed', {
          detail: `the alternative form ${name(alt.key, i)} is no longer allowed`,
        });
    });
  }
  return children;
}

// ---------------------------------------------------------------------------
// REST.

function operationSubject(route: string, method: string, op: Obj): Subject {
  const id = typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined;
  const label = `${method.toUpperCase()} ${route}`;
  return {
    kind: 'operation',
    key: id ?? label,
    label: code(label),
    anchor: operationAnchor(id, method, route),
  };
}

interface Param {
  key: string;
  name: string;
  in: string;
  pointer: string;
  node: Obj;
}

function parametersOf(doc: Obj, itemPointer: string, opPointer: string): Param[] {
  const list = (owner: string): Param[] => {
    const raw = (at(doc, owner)?.node as Obj | undefined)?.parameters;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((_p, i): Param[] => {
      const found = at(doc, `${owner}/parameters/${i}`);
      if (found === undefined || !isObj(found.node)) return [];
      const name = String(found.node.name ?? '');
      const where = String(found.node.in ?? 'query');
      return [{key: `${where}:${name}`, name, in: where, pointer: found.pointer, node: found.node}];
    });
  };
  return mergeParameters([...list(itemPointer), ...list(opPointer)], (p) => p.key);
}

function securityNames(requirements: unknown): string[] {
  if (!Array.isArray(requirements)) return [];
  return [...new Set(requirements.flatMap((r) => Object.keys(obj(r))))].sort();
}

function normalisedSecurity(requirements: unknown): string {
  if (!Array.isArray(requirements)) return '[]';
  return text(
    requirements
      .map((r) =>
        Object.entries(obj(r))
          .map(([k, v]) => `${k}:${Array.isArray(v) ? [...v].map(String).sort().join(',') : ''}`)
          .sort()
          .join('&'),
      )
      .sort(),
  );
}

const SCHEME_FIELDS = ['type', 'name', 'in', 'scheme', 'bearerFormat', 'flows', 'openIdConnectUrl'] as const;

/** What changed in a security scheme, field by field (its description aside). */
function schemeChanges(a: Obj, b: Obj): string[] {
  return SCHEME_FIELDS.filter((k) => !sameValue(a[k], b[k])).map((k) =>
    a[k] === undefined
      ? `${code(k)} set to ${code(b[k])}`
      : b[k] === undefined
        ? `${code(k)} ${code(a[k])} removed`
        : `${code(k)} changed from ${code(a[k])} to ${code(b[k])}`,
  );
}

function securityDetail(before: string[], after: string[]): string {
  const added = after.filter((n) => !before.includes(n));
  const removed = before.filter((n) => !after.includes(n));
  const parts = [
    ...(added.length > 0 ? [`now asks for ${added.map((n) => code(n)).join(' and ')}`] : []),
    ...(removed.length > 0 ? [`no longer asks for ${removed.map((n) => code(n)).join(' and ')}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'the combination of credentials it asks for changed';
}

function isError(status: string): boolean {
  return status === 'default' || /^[45]/.test(status);
}

/** A webhook (OpenAPI 3.1): the provider calls the reader, so the reader receives its request and sends its answer. */
function webhookSubject(name: string, method: string, op: Obj): Subject {
  const id = typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined;
  return {
    kind: 'operation',
    key: id ?? `webhook ${name} ${method.toUpperCase()}`,
    label: `webhook ${code(name)} (${method.toUpperCase()})`,
    anchor: id ?? `webhook-${slug(name)}-${method}`,
  };
}

function compareRest(ctx: Ctx): void {
  comparePathItems(ctx, 'paths');
  comparePathItems(ctx, 'webhooks');
}

/** The operations of `paths` (the reader calls them) or of `webhooks` (the provider calls the reader). */
function comparePathItems(ctx: Ctx, container: 'paths' | 'webhooks'): void {
  const flip = container === 'webhooks';
  const routes = new Set([...Object.keys(obj(ctx.base[container])), ...Object.keys(obj(ctx.rev[container]))]);
  for (const route of routes) {
    const itemUse = `/${container}/${esc(route)}`;
    const itemA = Object.hasOwn(obj(ctx.base[container]), route) ? at(ctx.base, itemUse) : undefined;
    const itemB = Object.hasOwn(obj(ctx.rev[container]), route) ? at(ctx.rev, itemUse) : undefined;
    const opsA = itemA !== undefined ? pathItemOperations(obj(itemA.node) as JsonObject) : [];
    const opsB = itemB !== undefined ? pathItemOperations(obj(itemB.node) as JsonObject) : [];
    const methods = new Set([...opsA, ...opsB].map((o) => o.method));
    for (const method of methods) {
      const a = opsA.find((o) => o.method === method);
      const b = opsB.find((o) => o.method === method);
      const subject = (flip ? webhookSubject : operationSubject)(route, method, (b ?? a)?.operation ?? {});
      const use = `${itemUse}${(b ?? a)?.at ?? ''}`;
      const place: Place = {
        subject,
        direction: 'send',
        what: () => 'operation',
        anchors: () => [subject.anchor as string],
      };
      if (a === undefined && b !== undefined) {
        ctx.out.push({
          ...findingOf(ctx, place, use, `${itemB?.pointer ?? itemUse}${b.at}`, 'operation-added'),
          subjectChange: 'added',
        });
      } else if (a !== undefined && b === undefined) {
        const before = ctx.out.length;
        removal(ctx, place, '', use, `${itemA?.pointer ?? itemUse}${a.at}`, a.operation, 'operation-removed');
        for (const f of ctx.out.slice(before)) {
          f.subjectChange = 'removed';
          delete f.item;
        }
      } else if (a !== undefined && b !== undefined && itemA !== undefined && itemB !== undefined) {
        compareOperation(
          ctx,
          subject,
          use,
          {item: itemA.pointer, op: `${itemA.pointer}${a.at}`},
          {
            item: itemB.pointer,
            op: `${itemB.pointer}${b.at}`,
          },
          flip,
        );
      }
    }
  }
}

function findingOf(ctx: Ctx, place: Place, use: string, origin: string, rule: RuleId): Finding {
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

function compareOperation(
  ctx: Ctx,
  subject: Subject,
  use: string,
  a: {item: string; op: string},
  b: {item: string; op: string},
  /** A webhook: the reader receives the request and sends the response. */
  flip = false,
): void {
  const asks: Direction = flip ? 'receive' : 'send';
  const answers: Direction = flip ? 'send' : 'receive';
  const own = subject.anchor as string;
  const opA = obj(at(ctx.base, a.op)?.node);
  const opB = obj(at(ctx.rev, b.op)?.node);
  const itemA = obj(at(ctx.base, a.item)?.node);
  const itemB = obj(at(ctx.rev, b.item)?.node);
  const whole: Place = {subject, direction: 'send', what: () => 'operation', anchors: () => [own]};
  const before = ctx.out.length;
  compareDeprecation(ctx, whole, '', use, b.op, opA, opB);
  compareNotes(ctx, whole, '', use, b.op, opA, opB);
  if (
    !sameValue(opA.operationId, opB.operationId) &&
    opA.operationId !== undefined &&
    opB.operationId !== undefined
  )
    emit(ctx, whole, '', use, b.op, 'operation-id-changed', {
      before: opA.operationId,
      after: opB.operationId,
    });
  // Security: the operation's own requirements, else the document's.
  const secA = opA.security ?? ctx.base.security;
  const secB = opB.security ?? ctx.rev.security;
  if (normalisedSecurity(secA) !== normalisedSecurity(secB))
    emit(ctx, whole, '', use, b.op, 'security-changed', {
      detail: securityDetail(securityNames(secA), securityNames(secB)),
    });
  for (const name of securityNames(secB).filter((n) => securityNames(secA).includes(n))) {
    const pointer = `/components/securitySchemes/${esc(name)}`;
    const sa = obj(at(ctx.base, pointer)?.node);
    const sb = obj(at(ctx.rev, pointer)?.node);
    for (const detail of schemeChanges(sa, sb))
      ctx.out.push({
        ...findingOf(ctx, whole, use, pointer, 'security-scheme-changed'),
        words: {item: code(name), detail},
      });
  }
  // Servers: the operation's, else its path's, else the document's; matched by URL.
  const servers = (doc: Obj, op: Obj, item: Obj): string[] =>
    (Array.isArray(op.servers)
      ? op.servers
      : Array.isArray(item.servers)
        ? item.servers
        : Array.isArray(doc.servers)
          ? doc.servers
          : []
    )
      .map((s) => obj(s).url)
      .filter((u): u is string => typeof u === 'string');
  const serversA = servers(ctx.base, opA, itemA);
  const serversB = servers(ctx.rev, opB, itemB);
  for (const url of serversB.filter((u) => !serversA.includes(u)))
    ctx.out.push({...findingOf(ctx, whole, use, '/servers', 'server-added'), words: {item: code(url)}});
  for (const url of serversA.filter((u) => !serversB.includes(u)))
    ctx.out.push({...findingOf(ctx, whole, use, '/servers', 'server-removed'), words: {item: code(url)}});
  for (const f of ctx.out.slice(before)) delete f.item;

  // Parameters, by `in` and name.
  const paramsA = parametersOf(ctx.base, a.item, a.op);
  const paramsB = parametersOf(ctx.rev, b.item, b.op);
  for (const key of new Set([...paramsA.map((p) => p.key), ...paramsB.map((p) => p.key)])) {
    const pa = paramsA.find((p) => p.key === key);
    const pb = paramsB.find((p) => p.key === key);
    const p = (pb ?? pa) as Param;
    const place: Place = {
      subject,
      direction: asks,
      what: (field) =>
        field === ''
          ? `${p.in} parameter ${code(p.name)}`
          : `field ${code(field)} of ${p.in} parameter ${code(p.name)}`,
      anchors: () => [`${own}.${p.in}.${p.name}`, own],
    };
    const paramUse = `${use}/parameters/${esc(p.in)}:${esc(p.name)}`;
    const required = (x: Param): boolean => x.node.required === true || x.in === 'path';
    if (pa === undefined && pb !== undefined)
      emit(
        ctx,
        place,
        '',
        paramUse,
        pb.pointer,
        required(pb) ? 'required-field-added' : 'optional-field-added',
      );
    else if (pa !== undefined && pb === undefined)
      removal(ctx, place, '', paramUse, pa.pointer, pa.node, 'field-removed');
    else if (pa !== undefined && pb !== undefined) {
      if (!required(pa) && required(pb)) emit(ctx, place, '', paramUse, pb.pointer, 'field-became-required');
      if (required(pa) && !required(pb)) emit(ctx, place, '', paramUse, pb.pointer, 'field-became-optional');
      compareDeprecation(ctx, place, '', paramUse, pb.pointer, pa.node, pb.node);
      compareNotes(ctx, place, '', paramUse, pb.pointer, pa.node, pb.node);
      const serial = (['style', 'explode', 'allowReserved'] as const).filter(
        (k) => !sameValue(pa.node[k], pb.node[k]),
      );
      if (serial.length > 0)
        emit(ctx, place, '', paramUse, pb.pointer, 'serialization-changed', {
          detail: serial
            .map(
              (k) =>
                `${code(k)} changed from ${pa.node[k] === undefined ? 'unset' : shown(pa.node[k])} to ${pb.node[k] === undefined ? 'unset' : shown(pb.node[k])}`,
            )
            .join(', '),
        });
      if (isObj(pa.node.schema) && isObj(pb.node.schema))
        compareSchema(ctx, place, '', `${paramUse}/schema`, `${pa.pointer}/schema`, `${pb.pointer}/schema`);
      compareContent(ctx, place, `${paramUse}/content`, `${pa.pointer}/content`, `${pb.pointer}/content`);
    }
  }

  // The request body.
  const bodyA = at(ctx.base, `${a.op}/requestBody`);
  const bodyB = at(ctx.rev, `${b.op}/requestBody`);
  const body: Place = {
    subject,
    direction: asks,
    what: (field) => (field === '' ? 'request body' : `request body field ${code(field)}`),
    anchors: (field) => [withField(`${own}.request`, field), `${own}.request`, own],
  };
  const bodyUse = `${use}/requestBody`;
  if (bodyA === undefined && bodyB !== undefined)
    emit(
      ctx,
      body,
      '',
      bodyUse,
      bodyB.pointer,
      obj(bodyB.node).required === true ? 'required-field-added' : 'optional-field-added',
    );
  else if (bodyA !== undefined && bodyB === undefined)
    emit(ctx, body, '', bodyUse, bodyA.pointer, 'field-removed');
  else if (bodyA !== undefined && bodyB !== undefined) {
    const was = obj(bodyA.node).required === true;
    const is = obj(bodyB.node).required === true;
    if (!was && is) emit(ctx, body, '', bodyUse, bodyB.pointer, 'field-became-required');
    if (was && !is) emit(ctx, body, '', bodyUse, bodyB.pointer, 'field-became-optional');
    compareNotes(ctx, body, '', bodyUse, bodyB.pointer, obj(bodyA.node), obj(bodyB.node));
    compareContent(ctx, body, `${bodyUse}/content`, `${bodyA.pointer}/content`, `${bodyB.pointer}/content`);
  }

  // Responses, by status.
  const responsesA = obj(at(ctx.base, `${a.op}/responses`)?.node);
  const responsesB = obj(at(ctx.rev, `${b.op}/responses`)?.node);
  for (const status of new Set([...Object.keys(responsesA), ...Object.keys(responsesB)])) {
    const prefix = `${own}.response-${status}`;
    const responseUse = `${use}/responses/${esc(status)}`;
    const place: Place = {
      subject,
      direction: answers,
      ...(flip ? {sends: 'responses'} : {}),
      what: (field) =>
        field === '' ? `the ${status} response` : `field ${code(field)} of the ${status} response`,
      anchors: (field) => [withField(prefix, field), prefix, own],
    };
    const ra = Object.hasOwn(responsesA, status)
      ? at(ctx.base, `${a.op}/responses/${esc(status)}`)
      : undefined;
    const rb = Object.hasOwn(responsesB, status)
      ? at(ctx.rev, `${b.op}/responses/${esc(status)}`)
      : undefined;
    if (ra === undefined && rb !== undefined) {
      ctx.out.push({
        ...findingOf(
          ctx,
          place,
          responseUse,
          rb.pointer,
          isError(status) ? 'error-response-added' : 'response-added',
        ),
        item: `the ${status} response`,
        words: {item: isError(status) ? `${status} error response` : `${status} response`},
      });
    } else if (ra !== undefined && rb === undefined) {
      emit(
        ctx,
        place,
        '',
        responseUse,
        ra.pointer,
        isError(status) ? 'error-response-removed' : 'response-removed',
      );
    } else if (ra !== undefined && rb !== undefined) {
      if (unchanged(ctx, ra.pointer, rb.pointer)) continue;
      compareNotes(ctx, place, '', responseUse, rb.pointer, obj(ra.node), obj(rb.node));
      const headersA = obj(obj(ra.node).headers);
      const headersB = obj(obj(rb.node).headers);
      for (const name of new Set([...Object.keys(headersA), ...Object.keys(headersB)])) {
        const header: Place = {
          ...place,
          what: (field) =>
            field === ''
              ? `header ${code(name)} of the ${status} response`
              : `field ${code(field)} of header ${code(name)} of the ${status} response`,
          anchors: () => [`${prefix}.header.${name}`, prefix, own],
        };
        const headerUse = `${responseUse}/headers/${esc(name)}`;
        const ha = Object.hasOwn(headersA, name)
          ? at(ctx.base, `${ra.pointer}/headers/${esc(name)}`)
          : undefined;
        const hb = Object.hasOwn(headersB, name)
          ? at(ctx.rev, `${rb.pointer}/headers/${esc(name)}`)
          : undefined;
        if (ha === undefined && hb !== undefined)
          emit(
            ctx,
            header,
            '',
            headerUse,
            hb.pointer,
            obj(hb.node).required === true ? 'required-field-added' : 'optional-field-added',
          );
        else if (ha !== undefined && hb === undefined)
          removal(ctx, header, '', headerUse, ha.pointer, obj(ha.node), 'field-removed');
        else if (ha !== undefined && hb !== undefined) {
          const was = obj(ha.node).required === true;
          const is = obj(hb.node).required === true;
          if (!was && is) emit(ctx, header, '', headerUse, hb.pointer, 'field-became-required');
          if (was && !is) emit(ctx, header, '', headerUse, hb.pointer, 'field-became-optional');
          compareDeprecation(ctx, header, '', headerUse, hb.pointer, obj(ha.node), obj(hb.node));
          if (isObj(obj(ha.node).schema) && isObj(obj(hb.node).schema))
            compareSchema(
              ctx,
              header,
              '',
              `${headerUse}/schema`,
              `${ha.pointer}/schema`,
              `${hb.pointer}/schema`,
            );
        }
      }
      compareContent(ctx, place, `${responseUse}/content`, `${ra.pointer}/content`, `${rb.pointer}/content`);
    }
  }
}

/** A `content` map: media types added and removed, and each shared one's schema and examples. */
function compareContent(ctx: Ctx, place: Place, use: string, basePointer: string, revPointer: string): void {
  const ca = obj(at(ctx.base, basePointer)?.node);
  const cb = obj(at(ctx.rev, revPointer)?.node);
  for (const media of new Set([...Object.keys(ca), ...Object.keys(cb)])) {
    const mediaUse = `${use}/${esc(media)}`;
    if (!Object.hasOwn(ca, media))
      emit(ctx, place, '', mediaUse, `${revPointer}/${esc(media)}`, 'media-type-added', {after: media});
    else if (!Object.hasOwn(cb, media))
      emit(ctx, place, '', mediaUse, `${basePointer}/${esc(media)}`, 'media-type-removed', {before: media});
    else {
      const ma = at(ctx.base, `${basePointer}/${esc(media)}`);
      const mb = at(ctx.rev, `${revPointer}/${esc(media)}`);
      if (ma === undefined || mb === undefined || unchanged(ctx, ma.pointer, mb.pointer)) continue;
      const na = obj(ma.node);
      const nb = obj(mb.node);
      if (!sameValue(na.example, nb.example) || !sameValue(na.examples, nb.examples))
        emit(ctx, place, '', mediaUse, mb.pointer, 'example-changed');
      if (isObj(na.schema) && isObj(nb.schema))
        compareSchema(ctx, place, '', `${mediaUse}/schema`, `${ma.pointer}/schema`, `${mb.pointer}/schema`);
    }
  }
}

// ---------------------------------------------------------------------------
// AsyncAPI 3.

interface MessageUse {
  channel: string;
  key: string;
  name: string;
  direction: Direction;
  /** Keys of the operations that carry it (their security reaches it). */
  operations: string[];
}

/** The last token of a local reference: the key of what it names (`#/servers/production` → `production`). */
function lastToken(ref: unknown): string | undefined {
  if (typeof ref !== 'string') return undefined;
  const tokens = pointerTokens(ref);
  return tokens === undefined || tokens.length === 0 ? undefined : tokens[tokens.length - 1];
}

function channelOfRef(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/channels/')) return undefined;
  return lastToken(ref);
}

/** Every message of every channel, with the reader's direction (a server `receive` is what the reader sends). */
function messageUses(doc: Obj): Map<string, MessageUse> {
  const uses = new Map<string, MessageUse>();
  const channels = obj(doc.channels);
  const named = (channel: string, key: string): string => {
    const m = obj(at(doc, `/channels/${esc(channel)}/messages/${esc(key)}`)?.node);
    return typeof m.name === 'string' && m.name !== '' ? m.name : key;
  };
  for (const [channel, raw] of Object.entries(channels)) {
    const ch = obj(at(doc, `/channels/${esc(channel)}`)?.node ?? raw);
    for (const key of Object.keys(obj(ch.messages)))
      uses.set(`${channel}/${key}`, {
        channel,
        key,
        name: named(channel, key),
        direction: 'receive',
        operations: [],
      });
  }
  const seenDirections = new Map<string, Set<'send' | 'receive'>>();
  const mark = (
    channel: string | undefined,
    messages: unknown,
    direction: 'send' | 'receive',
    op: string,
  ): void => {
    if (channel === undefined) return;
    const refs = Array.isArray(messages) && messages.length > 0 ? messages : undefined;
    const keys =
      refs !== undefined
        ? refs.flatMap((m) => {
            const ref = obj(m).$ref;
            return typeof ref === 'string' && ref.startsWith(`#/channels/${esc(channel)}/messages/`)
              ? [lastToken(ref) as string]
              : [];
          })
        : Object.keys(obj(obj(at(doc, `/channels/${esc(channel)}`)?.node).messages));
    for (const key of keys) {
      const id = `${channel}/${key}`;
      const use = uses.get(id);
      if (use === undefined) continue;
      const set = seenDirections.get(id) ?? new Set();
      set.add(direction);
      seenDirections.set(id, set);
      if (!use.operations.includes(op)) use.operations.push(op);
    }
  };
  for (const [opKey] of Object.entries(obj(doc.operations))) {
    const op = obj(at(doc, `/operations/${esc(opKey)}`)?.node);
    const channel = channelOfRef(obj(op.channel).$ref);
    const reader: 'send' | 'receive' = op.action === 'receive' ? 'send' : 'receive';
    mark(channel, op.messages, reader, opKey);
    const reply = obj(op.reply);
    if (Object.keys(reply).length > 0) {
      const replyChannel = channelOfRef(obj(reply.channel).$ref) ?? channel;
      mark(replyChannel, reply.messages, reader === 'send' ? 'receive' : 'send', opKey);
    }
  }
  for (const [id, set] of seenDirections) {
    const use = uses.get(id);
    if (use !== undefined) use.direction = set.size === 2 ? 'both' : ([...set][0] as Direction);
  }
  return uses;
}

function serverKeys(doc: Obj, channel: string): string[] {
  const ch = obj(at(doc, `/channels/${esc(channel)}`)?.node);
  if (Array.isArray(ch.servers) && ch.servers.length > 0)
    return ch.servers.map((s) => lastToken(obj(s).$ref)).filter((k): k is string => k !== undefined);
  return Object.keys(obj(doc.servers));
}

function schemeNamesOf(doc: Obj, list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((s) => {
      const ref = obj(s).$ref;
      if (typeof ref === 'string') return lastToken(ref);
      const found = Object.entries(obj(obj(doc.components).securitySchemes)).find(([, v]) => sameValue(v, s));
      return found?.[0];
    })
    .filter((n): n is string => n !== undefined)
    .sort();
}

function compareWs(ctx: Ctx): void {
  const usesA = messageUses(ctx.base);
  const usesB = messageUses(ctx.rev);
  for (const id of new Set([...usesA.keys(), ...usesB.keys()])) {
    const ma = usesA.get(id);
    const mb = usesB.get(id);
    const m = (mb ?? ma) as MessageUse;
    const subject: Subject = {
      kind: 'message',
      key: `${m.channel}/${m.name}`,
      label: `message ${code(m.name)} on channel ${code(m.channel)}`,
      anchor: m.name,
    };
    const own = [`${channelId(m.channel)}.${m.name}`, m.name];
    const messageUse = `/channels/${esc(m.channel)}/messages/${esc(m.key)}`;
    const whole: Place = {subject, direction: m.direction, what: () => 'message', anchors: () => own};
    if (ma === undefined) {
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, messageUse, 'message-added'),
        subjectChange: 'added',
      });
      continue;
    }
    if (mb === undefined) {
      const node = obj(at(ctx.base, messageUse)?.node);
      const payload = obj(at(ctx.base, `${messageUse}/payload`)?.node);
      const before = ctx.out.length;
      removal(
        ctx,
        whole,
        '',
        messageUse,
        messageUse,
        node.deprecated === true ? node : payload,
        'message-removed',
      );
      for (const f of ctx.out.slice(before)) {
        f.subjectChange = 'removed';
        delete f.item;
      }
      continue;
    }
    compareMessage(ctx, subject, m, own, messageUse, ma);
  }
}

function compareMessage(
  ctx: Ctx,
  subject: Subject,
  m: MessageUse,
  own: string[],
  messageUse: string,
  before: MessageUse,
): void {
  const whole: Place = {
    subject,
    direction: m.direction,
    sends: 'messages',
    what: () => 'message',
    anchors: () => own,
  };
  const first = ctx.out.length;
  const na = obj(at(ctx.base, messageUse)?.node);
  const nb = obj(at(ctx.rev, messageUse)?.node);
  compareDeprecation(ctx, whole, '', messageUse, messageUse, na, nb);
  compareNotes(ctx, whole, '', messageUse, messageUse, na, nb);
  // The channel: its address, and the servers and security that reach the message.
  const channelUse = `/channels/${esc(m.channel)}`;
  const ca = obj(at(ctx.base, channelUse)?.node);
  const cb = obj(at(ctx.rev, channelUse)?.node);
  if (!sameValue(ca.address, cb.address))
    emit(ctx, whole, '', channelUse, channelUse, 'channel-address-changed', {
      before: ca.address,
      after: cb.address,
    });
  const serversA = serverKeys(ctx.base, m.channel);
  const serversB = serverKeys(ctx.rev, m.channel);
  const hostOf = (doc: Obj, key: string): Obj => obj(at(doc, `/servers/${esc(key)}`)?.node);
  for (const key of serversB.filter((k) => !serversA.includes(k))) {
    const s = hostOf(ctx.rev, key);
    ctx.out.push({
      ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}`, 'server-added'),
      words: {item: code(`${String(s.protocol ?? '')}://${String(s.host ?? '')}${String(s.pathname ?? '')}`)},
    });
  }
  for (const key of serversA.filter((k) => !serversB.includes(k))) {
    const s = hostOf(ctx.base, key);
    ctx.out.push({
      ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}`, 'server-removed'),
      words: {item: code(`${String(s.protocol ?? '')}://${String(s.host ?? '')}${String(s.pathname ?? '')}`)},
    });
  }
  const schemes = new Set<string>();
  for (const key of serversB.filter((k) => serversA.includes(k))) {
    const sa = hostOf(ctx.base, key);
    const sb = hostOf(ctx.rev, key);
    for (const fieldName of ['host', 'pathname', 'protocol'] as const) {
      if (!sameValue(sa[fieldName], sb[fieldName]))
        ctx.out.push({
          ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}`, 'server-changed'),
          words: {
            item: code(key),
            detail: `${fieldName} changed from ${sa[fieldName] === undefined ? 'unset' : code(sa[fieldName])} to ${sb[fieldName] === undefined ? 'unset' : code(sb[fieldName])}`,
          },
        });
    }
    const secA = schemeNamesOf(ctx.base, sa.security);
    const secB = schemeNamesOf(ctx.rev, sb.security);
    if (text(secA) !== text(secB))
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}/security`, 'security-changed'),
        words: {item: 'message', detail: `server ${code(key)} ${securityDetail(secA, secB)}`},
      });
    for (const n of secB) if (secA.includes(n)) schemes.add(n);
  }
  const opsSecurity = (doc: Obj, keys: string[]): string[] =>
    [
      ...new Set(
        keys.flatMap((k) => schemeNamesOf(doc, obj(at(doc, `/operations/${esc(k)}`)?.node).security)),
      ),
    ].sort();
  const opA = opsSecurity(ctx.base, before.operations);
  const opB = opsSecurity(ctx.rev, m.operations);
  if (text(opA) !== text(opB))
    emit(ctx, whole, '', messageUse, '/operations', 'security-changed', {
      detail: `its operation ${securityDetail(opA, opB)}`,
    });
  for (const n of opB) if (opA.includes(n)) schemes.add(n);
  for (const name of schemes) {
    const pointer = `/components/securitySchemes/${esc(name)}`;
    for (const detail of schemeChanges(obj(at(ctx.base, pointer)?.node), obj(at(ctx.rev, pointer)?.node)))
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, pointer, 'security-scheme-changed'),
        words: {item: code(name), detail},
      });
  }
  for (const opKey of m.operations.filter((k) => before.operations.includes(k))) {
    const oa = obj(at(ctx.base, `/operations/${esc(opKey)}`)?.node);
    const ob = obj(at(ctx.rev, `/operations/${esc(opKey)}`)?.node);
    if (!sameValue(oa.action, ob.action))
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, `/operations/${esc(opKey)}/action`, 'action-changed'),
        words: {item: code(opKey), before: oa.action, after: ob.action},
      });
  }
  for (const f of ctx.out.slice(first)) delete f.item;

  // What the reader writes to connect: the channel's parameters and the ws binding's query and headers.
  const connect: Place = {...whole, direction: 'send', sends: 'connection requests'};
  const paramsA = obj(ca.parameters);
  const paramsB = obj(cb.parameters);
  for (const name of new Set([...Object.keys(paramsA), ...Object.keys(paramsB)])) {
    const place: Place = {...connect, what: () => `channel parameter ${code(name)}`};
    const use = `${channelUse}/parameters/${esc(name)}`;
    if (!Object.hasOwn(paramsA, name)) emit(ctx, place, '', use, use, 'required-field-added');
    else if (!Object.hasOwn(paramsB, name)) emit(ctx, place, '', use, use, 'field-removed');
    else compareSchema(ctx, place, '', use, use, use);
  }
  for (const part of ['query', 'headers'] as const) {
    // The same place in both versions.
    const where = `${channelUse}/bindings/ws/${part}`;
    const has = (doc: Obj, p: string): boolean => at(doc, p) !== undefined;
    if (!has(ctx.base, where) && !has(ctx.rev, where)) continue;
    const place: Place = {
      ...connect,
      what: (field) =>
        part === 'query'
          ? field === ''
            ? 'the connection query'
            : `connection query parameter ${code(field)}`
          : field === ''
            ? 'the connection headers'
            : `connection header ${code(field)}`,
    };
    if (has(ctx.base, where) && has(ctx.rev, where)) compareSchema(ctx, place, '', where, where, where);
    else if (has(ctx.rev, where)) {
      // A binding that appears: each required property is a new requirement.
      const s = shape(ctx.rev, at(ctx.rev, where) as At);
      for (const [name, p] of s.properties)
        emit(
          ctx,
          place,
          name,
          `${where}/properties/${esc(name)}`,
          p,
          s.required.has(name) ? 'required-field-added' : 'optional-field-added',
        );
    } else emit(ctx, place, '', where, where, 'field-removed');
  }

  // The message itself.
  const payload: Place = {
    ...whole,
    what: (field) => (field === '' ? 'message' : `field ${code(field)}`),
    anchors: (field) => [...(field === '' ? [] : own.map((a) => withField(a, field))), ...own],
  };
  if (isObj(na.payload) && isObj(nb.payload))
    compareSchema(
      ctx,
      payload,
      '',
      `${messageUse}/payload`,
      `${messageUse}/payload`,
      `${messageUse}/payload`,
    );
  const headers: Place = {
    ...whole,
    what: (field) => (field === '' ? 'message headers' : `header ${code(field)}`),
  };
  if (isObj(na.headers) && isObj(nb.headers))
    compareSchema(
      ctx,
      headers,
      '',
      `${messageUse}/headers`,
      `${messageUse}/headers`,
      `${messageUse}/headers`,
    );
}

/** Every finding between two versions of one document. */
export function compareDocuments(api: Api, base: Obj, revision: Obj, options: CompareOptions): Finding[] {
  const ctx: Ctx = {
    api,
    base,
    rev: revision,
    asOf: options.asOf,
    out: [],
    refSame: new Map(),
    schemaMemo: new Map(),
  };
  if (api === 'rest') compareRest(ctx);
  else compareWs(ctx);
  return ctx.out;
}
