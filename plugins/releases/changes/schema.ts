/**
 * Schemas: one pair (base, revision) compared at its own level (keywords, fields added, removed,
 * made required, alternatives), and a use of a schema walked breadth first below that level. What a
 * pair says at its own level is worked out once per direction and replayed at every use. Pure.
 */
import {isObject as isObj} from '../../api-reference/document';
import {code, type Direction, type RuleId, type Words} from './rules';
import {
  at,
  compareDeprecation,
  compareNotes,
  emit,
  esc,
  joinField,
  lastToken,
  obj,
  removal,
  sameValue,
  shown,
  jsonText,
  unchanged,
  type At,
  type Ctx,
  type Finding,
  type Obj,
  type Place,
} from './walk';

export interface Shape {
  pointer: string;
  keywords: Obj;
  properties: Map<string, string>;
  required: Set<string>;
  items?: string;
  alternatives: Array<{kind: 'oneOf' | 'anyOf'; list: Array<{key: string; pointer: string}>}>;
}

export const STRUCTURAL = new Set(['properties', 'required', 'items', 'allOf', 'oneOf', 'anyOf', '$ref']);

/** A schema with its `allOf` parts merged in: their properties, required names and keywords (its own win). */
export function shape(doc: Obj, start: At, depth = 0, seen = new Set<string>()): Shape {
  const node = obj(start.node);
  // Where a keyword of the node is written: beside a `$ref` or in its target (the same node when no
  // keyword is written beside a `$ref`).
  const written = (keyword: string): string => {
    const own = `${start.pointer}/${keyword}`;
    return at(doc, own)?.pointer ?? own;
  };
  const out: Shape = {
    pointer: start.pointer,
    keywords: {},
    properties: new Map(),
    required: new Set(),
    alternatives: [],
  };
  for (const [k, v] of Object.entries(node)) if (!STRUCTURAL.has(k)) out.keywords[k] = v;
  for (const name of Object.keys(obj(node.properties)))
    out.properties.set(name, `${written('properties')}/${esc(name)}`);
  if (Array.isArray(node.required))
    for (const name of node.required) if (typeof name === 'string') out.required.add(name);
  if (isObj(node.items)) out.items = written('items');
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const list = node[kind];
    if (!Array.isArray(list)) continue;
    out.alternatives.push({
      kind,
      list: list.map((branch, i) => ({
        key: isObj(branch) && typeof branch.$ref === 'string' ? branch.$ref : `#${i}`,
        pointer: `${written(kind)}/${i}`,
      })),
    });
  }
  if (Array.isArray(node.allOf) && depth < 16) {
    seen.add(start.pointer);
    node.allOf.forEach((_branch, i) => {
      const part = at(doc, `${written('allOf')}/${i}`);
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
export function types(keywords: Obj): Set<string> | undefined {
  const t = keywords.type;
  const list = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x) => typeof x === 'string') : [];
  if (list.length === 0) return undefined;
  const set = new Set(list as string[]);
  if (keywords.nullable === true) set.add('null');
  if (set.has('number')) set.add('integer');
  return set;
}

export const LOWER = {
  minimum: 'minimum',
  exclusiveMinimum: 'exclusive minimum',
  minLength: 'minimum length',
  minItems: 'minimum number of items',
  minProperties: 'minimum number of fields',
} as const;

export const UPPER = {
  maximum: 'maximum',
  exclusiveMaximum: 'exclusive maximum',
  maxLength: 'maximum length',
  maxItems: 'maximum number of items',
  maxProperties: 'maximum number of fields',
} as const;

/** A limit in words; `tighter` tells whether the new value allows fewer values. */
export function limitChange(
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

/** The keywords that apply to values of one type only (JSON Schema validation), by type. */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  array: ['minItems', 'maxItems', 'uniqueItems', 'items'],
  object: ['minProperties', 'maxProperties', 'additionalProperties', 'properties', 'required'],
};

/**
 * Which keyword changes a change of type already explains: those of a type one version allows and
 * the other does not (`pattern` and `maxLength` when a decimal string becomes a number). They are
 * not listed apart: one change, one line.
 */
export function explainedByType(a: Obj, b: Obj): (keyword: string) => boolean {
  const ta = types(a);
  const tb = types(b);
  if (ta === undefined || tb === undefined || jsonText([...ta].sort()) === jsonText([...tb].sort()))
    return () => false;
  const allows = (set: Set<string>, type: string): boolean =>
    type === 'number' ? set.has('number') || set.has('integer') : set.has(type);
  return (keyword) =>
    Object.entries(TYPE_KEYWORDS).some(
      ([type, keywords]) => keywords.includes(keyword) && allows(ta, type) !== allows(tb, type),
    );
}

/** A type in words: the schema's title when it has one ("Decimal string (`string`)"), else its JSON types. */
function typeInWords(keywords: Obj, list: string[]): string {
  const types = list.length === 0 ? 'any' : list.map((t) => `\`${t}\``).join(' or ');
  return typeof keywords.title === 'string' && keywords.title.trim() !== ''
    ? `${keywords.title.trim()} (${types})`
    : types;
}

function compareType(ctx: Ctx, at: KeywordsAt, a: Obj, b: Obj): void {
  const ta = types(a);
  const tb = types(b);
  if (ta === undefined && tb === undefined) return;
  const before = [...(ta ?? [])].filter((t) => !(t === 'integer' && ta?.has('number'))).sort();
  const after = [...(tb ?? [])].filter((t) => !(t === 'integer' && tb?.has('number'))).sort();
  if (jsonText(before) === jsonText(after)) return;
  // The new type by its title only when the title changed too: "from Decimal string (`string`) to `number`".
  const detail = `type changed from ${typeInWords(a, before)} to ${typeInWords(sameValue(a.title, b.title) ? {} : b, after)}`;
  const widened = ta === undefined ? false : tb === undefined || [...ta].every((t) => tb.has(t));
  const narrowed = tb === undefined ? false : ta === undefined || [...tb].every((t) => ta.has(t));
  at.emit(widened ? 'constraint-widened' : narrowed ? 'constraint-narrowed' : 'constraint-changed', {detail});
}

/** Where keyword findings of one pair land: an emitter bound to its place. */
interface KeywordsAt {
  emit: (rule: RuleId, words?: Omit<Words, 'item'>, extra?: Partial<Finding>) => void;
}

function compareAllowedValues(at: KeywordsAt, a: Obj, b: Obj): void {
  // The allowed values: `const` is a list of one (and wins over `enum` when both are written).
  const allowed = (k: Obj): unknown[] | undefined =>
    k.const !== undefined ? [k.const] : Array.isArray(k.enum) ? (k.enum as unknown[]) : undefined;
  const ea = allowed(a);
  const eb = allowed(b);
  if (ea !== undefined && eb !== undefined) {
    const before = new Set(ea.map(jsonText));
    const after = new Set(eb.map(jsonText));
    const added = eb.filter((v) => !before.has(jsonText(v)));
    const removed = ea.filter((v) => !after.has(jsonText(v)));
    if (added.length > 0) at.emit('enum-value-added', {values: added}, {addedValues: added});
    if (removed.length > 0) at.emit('enum-value-removed', {values: removed});
  } else if (ea !== undefined || eb !== undefined) {
    at.emit(eb !== undefined ? 'constraint-narrowed' : 'constraint-widened', {
      detail:
        eb !== undefined
          ? `now limited to ${eb.map((v) => code(v)).join(', ')}`
          : `no longer limited to ${(ea ?? []).map((v) => code(v)).join(', ')}`,
    });
  }
}

function compareStep(at: KeywordsAt, x: unknown, y: unknown): void {
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
  at.emit(rule, {detail});
}

export function compareKeywords(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  origin: string,
  a: Obj,
  b: Obj,
): void {
  const at: KeywordsAt = {
    emit: (rule, words = {}, extra = {}) => emit(ctx, place, field, use, origin, rule, words, extra),
  };
  const explained = explainedByType(a, b);
  const changed = (key: string): boolean => !sameValue(a[key], b[key]) && !explained(key);
  compareDeprecation(ctx, place, field, use, origin, a, b);
  compareType(ctx, at, a, b);
  compareAllowedValues(at, a, b);
  for (const [key, label] of Object.entries(LOWER))
    if (changed(key)) at.emit(...limit(label, a[key], b[key], true));
  for (const [key, label] of Object.entries(UPPER))
    if (changed(key)) at.emit(...limit(label, a[key], b[key], false));
  for (const key of ['pattern', 'format'] as const) {
    if (changed(key)) {
      const {detail, rule} = limitChange(key, a[key], b[key], true);
      at.emit(rule, {detail});
    }
  }
  if (changed('multipleOf')) compareStep(at, a.multipleOf, b.multipleOf);
  if ((a.uniqueItems === true) !== (b.uniqueItems === true) && !explained('uniqueItems'))
    at.emit(b.uniqueItems === true ? 'constraint-narrowed' : 'constraint-widened', {
      detail: b.uniqueItems === true ? 'items must now be unique' : 'items no longer need to be unique',
    });
  if (
    (a.additionalProperties === false) !== (b.additionalProperties === false) &&
    !explained('additionalProperties')
  ) {
    const closed = b.additionalProperties === false;
    at.emit(closed ? 'constraint-narrowed' : 'constraint-widened', {
      detail: closed
        ? 'fields other than the listed ones are no longer allowed'
        : 'other fields are now allowed',
    });
  }
  if (!sameValue(a.default, b.default)) at.emit('default-changed', {before: a.default, after: b.default});
  compareNotes(ctx, place, field, use, origin, a, b);
}

export function limit(
  label: string,
  before: unknown,
  after: unknown,
  lower: boolean,
): [RuleId, Omit<Words, 'item'>] {
  const {detail, rule} = limitChange(label, before, after, lower);
  return [rule, {detail}];
}

/** The property's pointer, unless the reader's side never sees it (`readOnly` where they send, `writeOnly` where they receive). */
export function shownTo(doc: Obj, property: string | undefined, direction: Direction): string | undefined {
  if (property === undefined || direction === 'both') return property;
  const node = obj(at(doc, property)?.node);
  if (direction === 'send' && node.readOnly === true) return undefined;
  if (direction === 'receive' && node.writeOnly === true) return undefined;
  return property;
}

/** The place a pair's own findings are recorded in: fields as relative paths, no subject. */
export function relativePlace(direction: Direction): Place {
  return {
    subject: {kind: 'document', key: '', label: ''},
    direction,
    what: (field) => field,
    anchors: () => [],
  };
}

/** A pair of schemas one level down: its field segment, pointer segment, and where each version writes it. */
export interface Child {
  field: string;
  use: string;
  base: string;
  rev: string;
}

/** What one pair of schemas says at its own level (relative findings) and the pairs below it. */
export interface Level {
  findings: Finding[];
  children: Child[];
}

/** How a use reached a pair of schemas: from which pair (none for the use's own schema), by which field. */
interface Edge {
  from: string | null;
  field: string;
  use: string;
}

/** A pair of schemas a use reaches, with every way it reaches it. */
interface Reached {
  level: Level;
  edges: Edge[];
}

/** Most field paths named for one change in one use; past it the words say that more exist. */
export const MAX_PATHS = 1000;

/**
 * Every field path by which a use reaches the pair `key`, shortest first, without walking a loop
 * (a path never passes the same pair twice).
 */
function pathsTo(
  reached: ReadonlyMap<string, Reached>,
  key: string,
  onPath: Set<string>,
): Array<{field: string; use: string}> {
  const out: Array<{field: string; use: string}> = [];
  for (const edge of reached.get(key)?.edges ?? []) {
    if (edge.from === null) out.push({field: edge.field, use: edge.use});
    else if (!onPath.has(edge.from)) {
      onPath.add(edge.from);
      for (const p of pathsTo(reached, edge.from, onPath))
        out.push({field: joinField(p.field, edge.field), use: `${p.use}${edge.use}`});
      onPath.delete(edge.from);
    }
    if (out.length >= MAX_PATHS) break;
  }
  return out;
}

/**
 * Compares the schema at `basePointer` (base) with the one at `revPointer` (revision) for one use,
 * breadth first: each pair of schemas the use reaches is looked at once, however many field paths
 * reach it (what a pair says at its own level is worked out once per direction and replayed at
 * every use, so a component shared by hundreds of operations is compared once). Every field path
 * that reaches a pair with something to say is then named: a value added to a type that sits at
 * two fields of one response is one finding at both fields.
 */
export function compareSchema(
  ctx: Ctx,
  place: Place,
  field: string,
  use: string,
  basePointer: string,
  revPointer: string,
): void {
  const reached = new Map<string, Reached>();
  const order: string[] = [];
  const queue: Array<{edge: Edge; base: string; rev: string}> = [
    {edge: {from: null, field, use}, base: basePointer, rev: revPointer},
  ];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const a = at(ctx.base, next.base);
    const b = at(ctx.rev, next.rev);
    if (a === undefined || b === undefined) continue;
    const key = `${a.pointer}|${b.pointer}`;
    const known = reached.get(key);
    if (known !== undefined) {
      known.edges.push(next.edge);
      continue;
    }
    if (unchanged(ctx, a.pointer, b.pointer)) continue;
    const level = levelOf(ctx, a, b, place.direction);
    reached.set(key, {level, edges: [next.edge]});
    order.push(key);
    for (const child of level.children)
      queue.push({edge: {from: key, field: child.field, use: child.use}, base: child.base, rev: child.rev});
  }
  for (const key of order) {
    const {level} = reached.get(key) as Reached;
    if (level.findings.length === 0) continue;
    const paths = pathsTo(reached, key, new Set([key]));
    for (const f of level.findings) {
      const uses = paths.map((p) => ({
        field: joinField(p.field, f.item ?? ''),
        pointer: `${p.use}${f.pointer}`,
      }));
      const first = uses[0];
      if (first === undefined) continue;
      const item = itemAt(
        place,
        uses.map((u) => u.field),
        paths.length >= MAX_PATHS,
      );
      ctx.out.push({
        ...f,
        subject: place.subject,
        item,
        words: {
          ...f.words,
          item,
          ...(uses.length > 1 ? {many: true} : {}),
          ...(place.sends !== undefined ? {sends: place.sends} : {}),
        },
        anchors: place.anchors(first.field),
        pointer: first.pointer,
        ...(uses.length > 1
          ? {places: uses.map((u) => ({pointer: u.pointer, anchors: place.anchors(u.field)}))}
          : {}),
      });
    }
  }
}

/**
 * The item in words at one field path or at several: "field `a` of the 200 response", or "fields
 * `a` and `b` of the 200 response" (the word before the field's name made plural).
 */
export function itemAt(place: Place, fields: readonly string[], more = false): string {
  const [only] = fields;
  if (fields.length === 1 && only !== undefined) return place.what(only);
  const mark = '\uE000';
  const template = place.what(mark);
  const list = `${listed(fields.map((f) => `\`${f}\``))}${more ? ' and more' : ''}`;
  const plural = template.replace(/(\w+) `\uE000`/, (_m, word: string) => `${word}s ${list}`);
  return plural.includes(mark)
    ? `${place.what(fields[0] ?? '')} (at ${fields.length} fields: ${list})`
    : plural;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

export function levelOf(ctx: Ctx, a: At, b: At, direction: Direction): Level {
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

/**
 * A change to or from a boolean schema (`true` allows any value, `false` none), in words that say no
 * more than the change: from `false` to a schema allows the values the schema describes, not any
 * value; from `true` to a schema limits what was free.
 */
function booleanSchemaChange(
  before: unknown,
  after: unknown,
): ['constraint-narrowed' | 'constraint-widened', string] {
  if (after === false) return ['constraint-narrowed', 'no value is allowed any more'];
  if (after === true) return ['constraint-widened', 'any value is now allowed'];
  if (before === false)
    return ['constraint-widened', 'values the schema describes are now allowed, where none were'];
  return [
    'constraint-narrowed',
    'values are now limited to what the schema describes, where any was allowed',
  ];
}

/** One pair of schemas at its own level: keywords, fields added, removed or required, alternatives; returns the pairs below. */
export function compareLevel(ctx: Ctx, place: Place, a: At, b: At): Child[] {
  const field = '';
  const use = '';
  const children: Child[] = [];
  if (!isObj(a.node) || !isObj(b.node)) {
    if (!sameValue(a.node, b.node)) {
      const [rule, detail] = booleanSchemaChange(a.node, b.node);
      emit(ctx, place, field, use, b.pointer, rule, {detail});
    }
    return children;
  }
  const sa = shape(ctx.base, a);
  const sb = shape(ctx.rev, b);
  compareKeywords(ctx, place, field, use, b.pointer, sa.keywords, sb.keywords);
  // A change of type explains its fields and items: they are not listed apart.
  const explained = explainedByType(sa.keywords, sb.keywords);
  const names = explained('properties')
    ? new Set<string>()
    : new Set([...sa.properties.keys(), ...sb.properties.keys()]);
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
  if (sa.items !== undefined && sb.items !== undefined && !explained('items'))
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
