/**
 * JSON Schema (2020-12, plus OpenAPI 3.0's dialect) → SchemaNode view model.
 * One walker serves both references, so /rest and /docs/ws describe a field the
 * same way. `$ref`s are resolved lazily against the document, which keeps the
 * component names readers know and lets a recursive structure stop at the
 * first repetition instead of unrolling forever.
 */
import {childPath, IdRegistry} from '../client/anchors';
import {
  asArray,
  asObject,
  inlineJson,
  isObject,
  deref,
  refName,
  resolveRef,
  text,
  type Json,
  type JsonObject,
} from '../document';
import {markdown} from '../markdown';
import {describe, READING_KEY} from '../readings';
import type {FieldBadge, SchemaGroup, SchemaNode} from '../types';
import {constraintWords} from './words';

export interface SchemaContext {
  /** The whole document: `$ref`s point into it. */
  doc: Json;
  ids: IdRegistry;
  /**
   * request: readOnly fields are not sent, so they are left out; response:
   * writeOnly fields never come back; message: both directions, badges only.
   */
  mode: 'request' | 'response' | 'message';
}

/** Deeper than this is a document mistake or an unrolled structure; the reader gets a note. */
const MAX_DEPTH = 24;
const MAX_LITERAL = 300;

interface Place {
  name?: string;
  path: string;
  required?: boolean;
  /** Field names show as the property name; items as `name[]`. */
  display?: string;
}

interface Frame {
  ref: string;
  id?: string;
}

/** `prefix` + path: `op.request` + `a.b` → `op.request.a.b`; items of a root array → `op.request[]`. */
export function fieldId(prefix: string, path: string): string {
  if (path === '') return prefix;
  return path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`;
}

export function literal(value: unknown): string {
  const json = inlineJson(value);
  return json.length > MAX_LITERAL ? `${json.slice(0, MAX_LITERAL - 1)}…` : json;
}

const FORMAT_FREE_TYPES = new Set(['object', 'array', 'null', 'boolean']);

function typeList(schema: JsonObject): string[] {
  const types: string[] = [];
  if (typeof schema.type === 'string') types.push(schema.type);
  else if (Array.isArray(schema.type))
    types.push(...schema.type.filter((t): t is string => typeof t === 'string'));
  if (types.length === 0) {
    // No `type`: infer it from the keywords present, as readers would.
    if (
      isObject(schema.properties) ||
      isObject(schema.patternProperties) ||
      isObject(schema.additionalProperties)
    )
      types.push('object');
    else if (schema.items !== undefined || Array.isArray(schema.prefixItems)) types.push('array');
    else if (schema.const !== undefined) types.push(jsonType(schema.const));
    else if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      for (const value of schema.enum) {
        const t = jsonType(value);
        if (!types.includes(t)) types.push(t);
      }
    }
  }
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function typeLabel(schema: JsonObject, types: string[]): string {
  const format = text(schema.format);
  const labels = types.map((t) =>
    format !== undefined && !FORMAT_FREE_TYPES.has(t) ? `${t} (${format})` : t,
  );
  if (labels.length === 0 && format !== undefined) labels.push(`(${format})`);
  return labels.join(' | ');
}

/** A title a reader can tell branches apart by, when the schema has none. */
function branchTitle(
  schema: Json | undefined,
  resolved: JsonObject,
  refs: string[],
  index: number,
  node: SchemaNode,
): string {
  const named = text(resolved.title) ?? (refs.length > 0 ? refName(refs[refs.length - 1] ?? '') : undefined);
  if (named !== undefined) return named;
  if (resolved.const !== undefined) return `the value ${literal(resolved.const)}`;
  const required = asArray(resolved.required).filter((r): r is string => typeof r === 'string');
  if (required.length > 0) return `with ${required.join(', ')}`;
  if (isObject(schema) && isObject(schema.properties))
    return `with ${Object.keys(schema.properties).join(', ')}`;
  return node.type !== '' ? `option ${index + 1}: ${node.type}` : `option ${index + 1}`;
}

const GROUP_LABELS: Record<'oneOf' | 'anyOf' | 'allOf', string> = {
  oneOf: 'Exactly one of',
  anyOf: 'At least one of',
  allOf: 'All of',
};

/** Builds the view of one schema. `idPrefix` anchors its fields (`<op>.request`, `<message>`). */
export function buildSchema(schema: Json | undefined, ctx: SchemaContext, idPrefix: string): SchemaNode {
  return new Walker(ctx, idPrefix).walk(schema, {path: ''}, [], 0);
}

/**
 * Examples inherited from a `$ref` target that a narrower sibling (`const`, `enum`) refuses are
 * dropped: the field would otherwise show a value it does not accept (a bulk order's
 * `order_type`, `const: BULK_MARKET`, showing the shared OrderType's example `MARKET`).
 */
function withoutRefusedExamples(target: JsonObject, siblings: JsonObject): JsonObject {
  if (siblings.examples !== undefined || siblings.example !== undefined) return target;
  const narrows = siblings.const !== undefined || Array.isArray(siblings.enum);
  if (!narrows) return target;
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  const allowed = (value: unknown): boolean =>
    (siblings.const === undefined || same(value, siblings.const)) &&
    (!Array.isArray(siblings.enum) || siblings.enum.some((e) => same(e, value)));
  const {examples, example, ...rest} = target;
  const kept = asArray(examples).filter(allowed);
  return {
    ...rest,
    ...(kept.length > 0 ? {examples: kept} : {}),
    ...(example !== undefined && allowed(example) ? {example} : {}),
  };
}

/** Follows a `$ref` chain, keeping OpenAPI 3.1 / 2020-12 sibling keywords (they override). */
function resolveRefs(
  doc: Json,
  schema: JsonObject,
): {schema: JsonObject | boolean | undefined; refs: string[]; missing?: string; loop?: string} {
  const {node: current, refs, holders, unresolved} = deref(doc, schema);
  if (unresolved?.reason === 'missing') return {schema: undefined, refs, missing: unresolved.ref};
  if (unresolved?.reason === 'loop') return {schema: undefined, refs, loop: unresolved.ref};
  // The nearer a `$ref` holder, the stronger its siblings.
  let siblings: JsonObject = {};
  for (const {$ref: _ignored, ...rest} of holders) siblings = {...rest, ...siblings};
  if (typeof current === 'boolean') return {schema: current, refs};
  if (!isObject(current)) return {schema: undefined, refs};
  return {
    schema:
      Object.keys(siblings).length > 0
        ? {...withoutRefusedExamples(current, siblings), ...siblings}
        : current,
    refs,
  };
}

/** The node of a schema that cannot be shown field by field: a broken or looping `$ref`, or `true`/`false`. */
function unresolvedNode(base: SchemaNode, resolved: ReturnType<typeof resolveRefs>): SchemaNode | undefined {
  if (resolved.missing !== undefined) {
    return {
      ...base,
      type: 'unresolved',
      constraints: [`refers to \`${resolved.missing}\`, which this document does not contain`],
    };
  }
  if (resolved.loop !== undefined) {
    return {
      ...base,
      type: 'unresolved',
      constraints: [
        `refers to \`${resolved.loop}\`, whose references lead back to it without reaching a schema`,
      ],
    };
  }
  if (typeof resolved.schema === 'boolean') {
    return resolved.schema
      ? {...base, type: 'any'}
      : {...base, type: 'never', constraints: ['no value is allowed']};
  }
  return undefined;
}

class Walker {
  constructor(
    private readonly ctx: SchemaContext,
    private readonly prefix: string,
  ) {}

  walk(raw: Json | undefined, place: Place, stack: Frame[], depth: number): SchemaNode {
    const base: SchemaNode = {type: ''};
    if (place.display !== undefined || place.name !== undefined) base.name = place.display ?? place.name;
    if (place.required === true) base.required = true;
    const claimId = (): void => {
      if (place.name !== undefined) base.id = this.ctx.ids.claim(fieldId(this.prefix, place.path));
    };

    if (raw === undefined) {
      claimId();
      return {...base, type: 'any'};
    }
    if (typeof raw === 'boolean') {
      claimId();
      return raw ? {...base, type: 'any'} : {...base, type: 'never', constraints: ['no value is allowed']};
    }
    if (!isObject(raw)) {
      claimId();
      return {...base, type: 'any'};
    }

    // A reference back to a schema being expanded: stop and point at it.
    const firstRef = typeof raw.$ref === 'string' ? raw.$ref : undefined;
    if (firstRef !== undefined) {
      const ancestor = stack.find((f) => f.ref === firstRef);
      if (ancestor !== undefined) {
        claimId();
        const name = refName(firstRef);
        return {
          ...base,
          type: 'object',
          title: name,
          recursive: {name, ...(ancestor.id !== undefined ? {id: ancestor.id} : {})},
        };
      }
    }
    const resolved = resolveRefs(this.ctx.doc, raw);
    claimId();
    const unresolved = unresolvedNode(base, resolved);
    if (unresolved !== undefined) return unresolved;
    const schema = isObject(resolved.schema) ? resolved.schema : {};
    const frames: Frame[] = resolved.refs.map((ref) => ({
      ref,
      ...(base.id !== undefined ? {id: base.id} : {}),
    }));
    const nextStack = [...stack, ...frames];
    const node = this.described(base, schema, resolved.refs[resolved.refs.length - 1], place);
    const props = isObject(schema.properties) ? schema.properties : {};
    const required = asArray(schema.required).filter((r): r is string => typeof r === 'string');
    this.addRules(node, schema, props, required);

    if (depth >= MAX_DEPTH) {
      node.constraints = [...(node.constraints ?? []), 'nested too deeply to show here'];
      return node;
    }
    this.addChildren(node, {schema, props, required}, place, nextStack, depth);
    return node;
  }

  /** The node's heading: its type, title, badges, description and the type it refers to. */
  private described(
    base: SchemaNode,
    schema: JsonObject,
    lastRef: string | undefined,
    place: Place,
  ): SchemaNode {
    const node: SchemaNode = {...base, type: typeLabel(schema, typeList(schema))};
    const title = text(schema.title) ?? (lastRef !== undefined ? refName(lastRef) : undefined);
    if (title !== undefined) node.title = title;
    const badges: FieldBadge[] = [];
    if (schema.readOnly === true) badges.push('read-only');
    if (schema.writeOnly === true) badges.push('write-only');
    if (schema.deprecated === true) badges.push('deprecated');
    if (badges.length > 0) node.badges = badges;
    // A reading (x-reading, readings.ts) shows where its node's description shows: a field with a
    // description of its own shows its own reading, not the one of the type it refers to.
    const target = lastRef !== undefined ? asObject(resolveRef(this.ctx.doc, lastRef)) : undefined;
    const ownText = target !== undefined && schema.description !== target.description;
    const description =
      ownText && schema[READING_KEY] === target[READING_KEY]
        ? markdown(schema.description, 5)
        : describe(schema, 5);
    if (description !== undefined) node.description = description;
    // A description beside a `$ref` (OpenAPI 3.1) is the field's own; the referenced type keeps
    // its own for the page's "Data types" (dataTypes.ts), which removes this build-only note.
    if (lastRef !== undefined) {
      const typeDescription = describe(target, 5);
      if (typeDescription !== description) node.typeDescription = typeDescription ?? '';
      node.schemaRef = {
        pointer: lastRef,
        ...(typeDescription !== undefined ? {description: typeDescription} : {}),
        base: fieldId(this.prefix, place.path),
        mode: this.ctx.mode,
      };
    }
    return node;
  }

  /** The node's rules in words, its values (enum, const, default, examples) and its discriminator. */
  private addRules(node: SchemaNode, schema: JsonObject, props: JsonObject, required: string[]): void {
    const constraints = constraintWords(schema);
    const undeclared = required.filter((r) => !(r in props));
    if (undeclared.length > 0 && Object.keys(props).length > 0) {
      constraints.push(`must also contain ${undeclared.map((r) => `\`${r}\``).join(', ')}`);
    } else if (undeclared.length > 0) {
      constraints.push(`must contain ${undeclared.map((r) => `\`${r}\``).join(', ')}`);
    }
    if (constraints.length > 0) node.constraints = constraints;
    if (schema.additionalProperties === false && isObject(schema.properties)) node.closed = true;
    if (Array.isArray(schema.enum)) node.enum = schema.enum.map(literal);
    if (schema.const !== undefined) node.const = literal(schema.const);
    if (schema.default !== undefined) node.default = literal(schema.default);
    const examples = [...asArray(schema.examples), ...(schema.example !== undefined ? [schema.example] : [])];
    if (Array.isArray(schema.examples) || schema.example !== undefined) node.examples = examples.map(literal);
    if (isObject(schema.discriminator) && typeof schema.discriminator.propertyName === 'string') {
      node.discriminator = this.discriminator(schema);
    }
  }

  /** The node's fields, tuple items, array items and composition groups, walked one level down. */
  private addChildren(
    node: SchemaNode,
    {schema, props, required}: {schema: JsonObject; props: JsonObject; required: string[]},
    place: Place,
    nextStack: Frame[],
    depth: number,
  ): void {
    const fields = this.fields(schema, props, required, place.path, nextStack, depth);
    if (fields.length > 0) node.fields = fields;

    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : undefined;
    if (tuple !== undefined) {
      node.prefixItems = tuple.map((item, i) =>
        this.walk(
          item,
          {
            name: `[${i}]`,
            display: `${place.display ?? place.name ?? ''}[${i}]`,
            path: `${place.path}[${i}]`,
          },
          nextStack,
          depth + 1,
        ),
      );
    }
    const itemSchema = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    if (itemSchema !== undefined && !Array.isArray(itemSchema)) {
      node.items = this.walk(
        itemSchema,
        {name: '[]', display: `${place.display ?? place.name ?? ''}[]`, path: childPath(place.path, '[]')},
        nextStack,
        depth + 1,
      );
    }

    const groups = this.groups(schema, place.path, nextStack, depth);
    if (groups.length > 0) node.groups = groups;
    if (node.type === '' && groups.length === 0 && fields.length === 0) node.type = 'any';
  }

  private fields(
    schema: JsonObject,
    props: JsonObject,
    required: string[],
    path: string,
    stack: Frame[],
    depth: number,
  ): SchemaNode[] {
    const out: SchemaNode[] = [];
    for (const [key, sub] of Object.entries(props)) {
      const target = isObject(sub) ? resolveRefs(this.ctx.doc, sub).schema : sub;
      if (isObject(target)) {
        if (this.ctx.mode === 'request' && target.readOnly === true) continue;
        if (this.ctx.mode === 'response' && target.writeOnly === true) continue;
      }
      out.push(
        this.walk(
          sub,
          {name: key, path: childPath(path, key), required: required.includes(key)},
          stack,
          depth + 1,
        ),
      );
    }
    if (isObject(schema.patternProperties)) {
      for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
        const node = this.walk(
          sub,
          {name: '*', display: `/${pattern}/`, path: childPath(path, '*')},
          stack,
          depth + 1,
        );
        node.constraints = [`property names matching \`${pattern}\``, ...(node.constraints ?? [])];
        out.push(node);
      }
    }
    const additional = schema.additionalProperties;
    if (isObject(additional) || additional === true) {
      out.push(
        this.walk(
          additional,
          {name: '*', display: '(any other name)', path: childPath(path, '*')},
          stack,
          depth + 1,
        ),
      );
    }
    return out;
  }

  private groups(schema: JsonObject, path: string, stack: Frame[], depth: number): SchemaGroup[] {
    const groups: SchemaGroup[] = [];
    for (const kind of ['oneOf', 'anyOf', 'allOf'] as const) {
      const list = schema[kind];
      if (!Array.isArray(list) || list.length === 0) continue;
      groups.push({
        kind,
        label: GROUP_LABELS[kind],
        branches: list.map((branch, i) => this.branch(branch, i, path, stack, depth)),
      });
    }
    if (schema.not !== undefined) {
      groups.push({
        kind: 'not',
        label: 'Must not match',
        branches: [this.branch(schema.not, 0, path, stack, depth)],
      });
    }
    if (schema.if !== undefined) {
      groups.push({
        kind: 'if',
        label: 'If the value matches',
        branches: [this.branch(schema.if, 0, path, stack, depth)],
      });
      if (schema.then !== undefined) {
        groups.push({
          kind: 'then',
          label: 'then it must also match',
          branches: [this.branch(schema.then, 0, path, stack, depth)],
        });
      }
      if (schema.else !== undefined) {
        groups.push({
          kind: 'else',
          label: 'otherwise it must match',
          branches: [this.branch(schema.else, 0, path, stack, depth)],
        });
      }
    }
    return groups;
  }

  private branch(
    branch: Json,
    index: number,
    path: string,
    stack: Frame[],
    depth: number,
  ): {title: string; node: SchemaNode} {
    const node = this.walk(branch, {path}, stack, depth + 1);
    const resolved = isObject(branch) ? resolveRefs(this.ctx.doc, branch) : {schema: undefined, refs: []};
    const title = branchTitle(
      branch,
      isObject(resolved.schema) ? resolved.schema : {},
      resolved.refs,
      index,
      node,
    );
    return {title, node};
  }

  private discriminator(schema: JsonObject): NonNullable<SchemaNode['discriminator']> {
    const disc = isObject(schema.discriminator) ? schema.discriminator : {};
    const property = String(disc.propertyName);
    const mapping: {value: string; target: string}[] = [];
    if (isObject(disc.mapping)) {
      for (const [value, target] of Object.entries(disc.mapping)) {
        if (typeof target === 'string') mapping.push({value, target: refName(target)});
      }
    } else {
      // Without a mapping the value is the schema's component name.
      for (const branch of [...asArray(schema.oneOf), ...asArray(schema.anyOf)]) {
        if (isObject(branch) && typeof branch.$ref === 'string') {
          const name = refName(branch.$ref);
          mapping.push({value: name, target: name});
        }
      }
    }
    return {property, mapping};
  }
}
