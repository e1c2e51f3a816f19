/**
 * Field types that many fields share, described once per page.
 *
 * Real documents give dozens of fields the same named type: on the product's /rest 40 fields
 * are a decimal string, 33 a provider id and 24 a timestamp, each with its description,
 * pattern, length and examples. Written out under every field, that was a quarter of the
 * page's rendered text: a screen-reader user stepping through one response's fields heard the
 * same pattern again and again, and the browser laid out the same paragraphs hundreds of
 * times. Here such a field keeps its name, type, title, required mark and badges on its line,
 * and its title links to the one description of the type in the page's "Data types" section,
 * the way trading specifications define their data types once (Price, Qty, UTCTimestamp)
 * and refer to them from every field.
 *
 * A type is shared when at least MIN_USES fields of the page have exactly the same title,
 * type, rules, values and examples, and what would be repeated is longer than MIN_TEXT
 * characters: a short rule ("One of: BUY, SELL.") reads better where it is than behind a
 * link. The type's description is the referenced schema's (else the one most of those fields
 * have, two or more); a field whose document gives it its own description (OpenAPI 3.1 allows
 * one beside `$ref`) keeps that description on its line. Fields without a title (nothing to
 * name the link with) and fields with fields of their own stay as they are. "The same" is
 * decided on what the reader sees, not on `$ref` names.
 */
import {dataTypeId, SECTION_IDS, type IdRegistry} from '../client/anchors';
import type {DataTypeView, SchemaNode} from '../types';
import {hasChildren} from '../client/schemaNodes';

export const DATA_TYPES_SECTION = SECTION_IDS.dataTypes;
const MIN_USES = 3;
const MIN_TEXT = 80;

/** What moves to the shared description: the value's rules, values and examples (the description apart). */
const TYPE_KEYS = [
  'constraints',
  'enum',
  'const',
  'default',
  'examples',
  'discriminator',
] as const satisfies readonly (keyof SchemaNode)[];

/** Removes from a field what its shared type now says (the keys of TYPE_KEYS). */
function dropType(node: SchemaNode): void {
  delete node.constraints;
  delete node.enum;
  delete node.const;
  delete node.default;
  delete node.examples;
  delete node.discriminator;
}

/** Every node under the given schemas, the schemas themselves included. */
export function* schemaNodes(node: SchemaNode | undefined): Generator<SchemaNode> {
  if (node === undefined) return;
  yield node;
  for (const field of node.fields ?? []) yield* schemaNodes(field);
  for (const item of node.prefixItems ?? []) yield* schemaNodes(item);
  yield* schemaNodes(node.items);
  for (const group of node.groups ?? []) for (const branch of group.branches) yield* schemaNodes(branch.node);
}

/** Roughly the characters a reader would read again: a description's text and every rule and value. */
function textLength(description: string | undefined, node: SchemaNode): number {
  const values = [
    ...(node.constraints ?? []),
    ...(node.enum ?? []),
    ...(node.examples ?? []),
    node.const ?? '',
    node.default ?? '',
  ];
  return (
    (description ?? '').replace(/<[^>]*>/g, '').length + values.reduce((n, value) => n + value.length + 2, 0)
  );
}

/** The type as the reader sees it, without the description (a field may have its own). */
function typeKey(node: SchemaNode): string {
  return JSON.stringify([node.type, node.title, ...TYPE_KEYS.map((key) => node[key])]);
}

function candidate(node: SchemaNode): boolean {
  return (
    node.name !== undefined && node.title !== undefined && node.dataType === undefined && !hasChildren(node)
  );
}

/**
 * The type's own description: the referenced schema's (kept in `typeDescription` where a
 * field's own replaced it), else the description most of the fields have, when two or more do.
 */
function typeDescription(nodes: SchemaNode[]): string | undefined {
  const count = new Map<string, number>();
  for (const node of nodes) {
    const own = node.typeDescription ?? node.description;
    if (own !== undefined) count.set(own, (count.get(own) ?? 0) + 1);
  }
  let best: [string, number] | undefined;
  for (const entry of count) if (entry[1] >= 2 && (best === undefined || entry[1] > best[1])) best = entry;
  return best === undefined || best[0] === '' ? undefined : best[0];
}

/**
 * Moves every field type used by MIN_USES or more fields under `roots` into one DataTypeView
 * (in title order): its rules, values, examples and description (see typeDescription). The
 * fields keep a `dataType` link instead, and their own description where it differs.
 * Ids come from the page's registry, after every field's, so a type never takes a field's anchor.
 */
export function shareDataTypes(roots: Iterable<SchemaNode | undefined>, ids: IdRegistry): DataTypeView[] {
  const uses = new Map<string, SchemaNode[]>();
  const all: SchemaNode[] = [];
  for (const root of roots)
    for (const node of schemaNodes(root)) {
      all.push(node);
      if (!candidate(node)) continue;
      const key = typeKey(node);
      const list = uses.get(key);
      if (list === undefined) uses.set(key, [node]);
      else list.push(node);
    }
  const chosen = [...uses.values()]
    .map((nodes) => ({nodes, description: typeDescription(nodes)}))
    .filter(({nodes, description}) => {
      const [first] = nodes;
      return nodes.length >= MIN_USES && first !== undefined && textLength(description, first) >= MIN_TEXT;
    });
  // Two different types with one title would be two links reading the same: the more used
  // one is shared, the other stays written out under its fields.
  const byTitle = new Map<string, (typeof chosen)[number]>();
  for (const entry of chosen) {
    const title = entry.nodes[0]?.title ?? '';
    const other = byTitle.get(title);
    if (other === undefined || other.nodes.length < entry.nodes.length) byTitle.set(title, entry);
  }
  const types: DataTypeView[] = [];
  for (const [title, {nodes, description}] of [...byTitle].sort(([a], [b]) => a.localeCompare(b, 'en'))) {
    const [first] = nodes;
    if (first === undefined) continue;
    const id = ids.claim(dataTypeId(title));
    const schema: SchemaNode = {type: first.type};
    if (description !== undefined) schema.description = description;
    for (const key of TYPE_KEYS) if (first[key] !== undefined) Object.assign(schema, {[key]: first[key]});
    types.push({id, title, schema, uses: nodes.length});
    for (const node of nodes) {
      dropType(node);
      if (node.description === description) delete node.description;
      node.dataType = id;
    }
  }
  for (const node of all) delete node.typeDescription;
  return types;
}

/** The shared types a page needs, each with the number of the page's fields that link to it. */
export function dataTypesOf(
  types: readonly DataTypeView[] | undefined,
  roots: Iterable<SchemaNode | undefined>,
): DataTypeView[] {
  if (types === undefined) return [];
  const count = new Map<string, number>();
  for (const root of roots)
    for (const node of schemaNodes(root))
      if (node.dataType !== undefined) count.set(node.dataType, (count.get(node.dataType) ?? 0) + 1);
  return types.filter((type) => count.has(type.id)).map((type) => ({...type, uses: count.get(type.id) ?? 0}));
}
