/**
 * Named schemas that would be written out many times on one page, or nested too deep to read,
 * described once per page (issue 21).
 *
 * The walker (schema/build.ts) writes a `$ref` out where it is used: that is what a reader wants
 * for a small object (an order's fields right under the response that returns it), and what the
 * product's own reference does everywhere. Public documents share large schemas between many
 * operations (an application's specification of several hundred fields, returned by every
 * operation on applications, and three times in each answer): written out at every use, one page
 * repeated the same fields hundreds of times and grew past 150,000 elements. Here, per page:
 *
 * - a named schema whose fields, items or branches would appear at least twice on the page and
 *   weigh at least MIN_SHARED_NODES nodes each is **shared**: described once, in the page's
 *   "Schemas" section, and each use keeps its own line (name, type, required, badges,
 *   description, rules) and links there;
 * - a named schema used deeper than MAX_INLINE_DEPTH levels is described there too, whatever its
 *   size, so no field sits more than a few indents from the left edge;
 * - the product's own documents have neither (their largest shared schema is 30 nodes, their
 *   deepest named one 5 levels down), so their pages do not change.
 *
 * "The same schema" is decided on what the reader would see (the same fields with the same
 * names, types, rules and descriptions), not on `$ref` names alone: a schema shown in a request
 * (read-only fields left out) and in a response is two descriptions. The largest saving is taken
 * first, and the descriptions are searched again, so a schema inside a shared one is shared too.
 *
 * Anchors: a description's fields get `schema-<Name>.<path>`; every use's old field anchors
 * (`<operation>.response.200.spec.services[].name`) are kept in `moved`, a map from each use's
 * anchor to its description's, which the page's forwarder follows for old links and bookmarks.
 * Release badges are placed before this runs; a badge on any use is kept on the description.
 */
import {createHash} from 'node:crypto';
import {refName} from '../document';
import type {DescribedSchemaView, SchemaNode} from '../types';
import {hasChildren} from '../client/schemaNodes';
import {describedSchemaId} from '../client/anchors';

/** Nodes (fields, items, branches) a schema's description must weigh to be shared. */
export const MIN_SHARED_NODES = 40;
/** Deeper than this, a named schema with anything under it is described once instead of inline. */
export const MAX_INLINE_DEPTH = 6;

/** What moves to the description: everything under the node. What it is (type, rules) stays on each use. */
const CHILD_KEYS = ['fields', 'items', 'prefixItems', 'groups', 'discriminator', 'closed'] as const;
/** Never part of "the same": anchors, release badges and build notes differ between uses. */
const NOT_CONTENT = new Set(['id', 'release', 'valueReleases', 'schemaRef', 'typeDescription']);

export interface DescribedSchemas {
  schemas: DescribedSchemaView[];
  /** Each use's anchor base (its field's anchor, or its body's prefix) → its description's anchor. */
  moved: Record<string, string>;
}

interface Occurrence {
  node: SchemaNode;
  depth: number;
}

/** A node's fields, tuple items, items and branches' nodes, in page order. */
export function* childNodes(node: SchemaNode): Generator<SchemaNode> {
  yield* node.fields ?? [];
  yield* node.prefixItems ?? [];
  if (node.items !== undefined) yield node.items;
  for (const group of node.groups ?? []) for (const branch of group.branches) yield branch.node;
}

/** Content hashes: a node's own words plus its children's hashes (memoised per run; nodes are not changed meanwhile). */
export class Hashes {
  private readonly full = new Map<SchemaNode, string>();

  /** The node as a reader sees it, anchors and badges apart. */
  of(node: SchemaNode): string {
    const known = this.full.get(node);
    if (known !== undefined) return known;
    const own: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (NOT_CONTENT.has(key) || key === 'fields' || key === 'items' || key === 'prefixItems') continue;
      if (key === 'groups') continue;
      own[key] = key === 'recursive' ? {name: (value as SchemaNode['recursive'])?.name} : value;
    }
    const hash = createHash('sha1');
    hash.update(JSON.stringify(own));
    hash.update(this.under(node));
    const digest = hash.digest('base64');
    this.full.set(node, digest);
    return digest;
  }

  /** What moves to a description: the children (with their names) and the structure's own facts. */
  under(node: SchemaNode): string {
    const hash = createHash('sha1');
    hash.update(JSON.stringify([node.closed ?? false, node.discriminator ?? null]));
    for (const field of node.fields ?? []) hash.update(`f${this.of(field)}`);
    for (const item of node.prefixItems ?? []) hash.update(`p${this.of(item)}`);
    if (node.items !== undefined) hash.update(`i${this.of(node.items)}`);
    for (const group of node.groups ?? []) {
      hash.update(`g${group.kind}|${group.label}`);
      for (const branch of group.branches) hash.update(`b${branch.title}|${this.of(branch.node)}`);
    }
    return hash.digest('base64');
  }
}

/** A named schema with something under it that could be described elsewhere. */
function movable(node: SchemaNode): boolean {
  return node.schemaRef !== undefined && node.recursive === undefined && hasChildren(node);
}

/** Every node under `roots` with its depth (a root is 0) and its subtree's size, in page order. */
function survey(roots: readonly SchemaNode[]): {occurrences: Occurrence[]; size: Map<SchemaNode, number>} {
  const occurrences: Occurrence[] = [];
  const size = new Map<SchemaNode, number>();
  const visit = (node: SchemaNode, depth: number): number => {
    if (movable(node)) occurrences.push({node, depth});
    let n = 1;
    for (const child of childNodes(node)) n += visit(child, depth + 1);
    size.set(node, n);
    return n;
  };
  for (const root of roots) visit(root, 0);
  return {occurrences, size};
}

/** Rewrites the anchors under a copied node from the use's base to the description's. */
function reanchor(node: SchemaNode, from: string, to: string): void {
  const swap = (id: string): string => (id.startsWith(from) ? `${to}${id.slice(from.length)}` : id);
  const visit = (n: SchemaNode): void => {
    if (n.id !== undefined) n.id = swap(n.id);
    if (n.recursive?.id !== undefined) n.recursive.id = swap(n.recursive.id);
    if (n.schemaRef !== undefined) n.schemaRef = {...n.schemaRef, base: swap(n.schemaRef.base)};
    for (const child of childNodes(n)) visit(child);
  };
  for (const child of childNodes(node)) visit(child);
}

/** Copies release badges from a use onto the description, node by node (both have the same shape). */
function keepBadges(from: SchemaNode, onto: SchemaNode): void {
  if (from.release !== undefined && onto.release === undefined) onto.release = from.release;
  if (from.valueReleases !== undefined)
    onto.valueReleases = {...from.valueReleases, ...(onto.valueReleases ?? {})};
  const a = [...childNodes(from)];
  const b = [...childNodes(onto)];
  for (const [i, child] of a.entries()) {
    const other = b[i];
    if (other !== undefined) keepBadges(child, other);
  }
}

/** Takes the children off a use and points it at the description. */
function stub(node: SchemaNode, id: string, title: string): void {
  delete node.fields;
  delete node.items;
  delete node.prefixItems;
  delete node.groups;
  delete node.discriminator;
  delete node.closed;
  node.describedAt = {id, title};
}

/**
 * Describes once, per page, the named schemas that are shared or nested deep (see above).
 * Changes the nodes under `roots` in place (give it the page's own copy). `ids` are the anchors
 * the page has already: a description's anchors never take one of them.
 */
export function describeSchemasOnce(roots: readonly SchemaNode[], ids: Set<string>): DescribedSchemas {
  const schemas: DescribedSchemaView[] = [];
  const moved: Record<string, string> = {};
  const titles = new Set<string>();
  const claim = (wanted: string): string => {
    let id = wanted;
    for (let n = 2; ids.has(id); n++) id = `${wanted}~${n}`;
    ids.add(id);
    return id;
  };
  // Bounded: each round describes one schema, and a schema is described at most once.
  for (let round = 0; round < 10_000; round++) {
    const forest = [...roots, ...schemas.map((s) => s.schema)];
    const {occurrences, size} = survey(forest);
    const hashes = new Hashes();
    const groups = new Map<string, Occurrence[]>();
    for (const occurrence of occurrences) {
      const ref = occurrence.node.schemaRef;
      if (ref === undefined) continue;
      const key = `${ref.pointer}\u0000${hashes.under(occurrence.node)}`;
      const list = groups.get(key);
      if (list === undefined) groups.set(key, [occurrence]);
      else list.push(occurrence);
    }
    let best: {list: Occurrence[]; saving: number} | undefined;
    for (const list of groups.values()) {
      const [first] = list;
      if (first === undefined) continue;
      const weight = (size.get(first.node) ?? 1) - 1;
      const shared = list.length >= 2 && weight >= MIN_SHARED_NODES;
      const deep = list.some((o) => o.depth > MAX_INLINE_DEPTH);
      if (!shared && !deep) continue;
      // Shared ones first, the largest saving first; then the deep ones, the deepest first.
      const saving = shared ? (list.length - 1) * weight + 1e9 : Math.max(...list.map((o) => o.depth));
      if (best === undefined || saving > best.saving) best = {list, saving};
    }
    if (best === undefined) break;
    // The walker stops a recursion at its first repetition, so no use is inside another use of the same schema.
    const uses = best.list;
    const first = uses[0];
    const ref = first?.node.schemaRef;
    if (first === undefined || ref === undefined) break;
    const name = refName(ref.pointer) || 'schema';
    // Titled as its uses' links read (the schema's `title`, else its component name); the anchor
    // keeps the component name, which does not change when the title is reworded.
    const shown = first.node.title ?? name;
    let title = shown;
    if (titles.has(title))
      title = `${shown}, ${ref.mode === 'request' ? 'as sent' : ref.mode === 'response' ? 'as returned' : 'again'}`;
    for (let n = 2; titles.has(title); n++) title = `${shown} (${n})`;
    titles.add(title);
    const id = claim(describedSchemaId(name));
    const schema: SchemaNode = {type: first.node.type, title};
    if (ref.description !== undefined) schema.description = ref.description;
    for (const key of CHILD_KEYS) {
      const value = first.node[key];
      if (value !== undefined) Object.assign(schema, {[key]: structuredClone(value)});
    }
    reanchor(schema, ref.base, id);
    for (const use of uses) {
      keepBadges(use.node, schema);
      if (use.node.schemaRef !== undefined) moved[use.node.schemaRef.base] = id;
      stub(use.node, id, title);
    }
    schemas.push({id, title, schema, uses: uses.length});
  }
  // Uses counted again at the end: a description's uses inside another description count once.
  const count = new Map<string, number>();
  for (const root of [...roots, ...schemas.map((s) => s.schema)]) countStubs(root, count);
  for (const s of schemas) s.uses = count.get(s.id) ?? 0;
  schemas.sort((a, b) => a.title.localeCompare(b.title, 'en'));
  return {schemas, moved};
}

function countStubs(node: SchemaNode, count: Map<string, number>): void {
  if (node.describedAt !== undefined)
    count.set(node.describedAt.id, (count.get(node.describedAt.id) ?? 0) + 1);
  for (const child of childNodes(node)) countStubs(child, count);
}

/** An anchor-safe form of a component name (letters, digits, `_`, `-` and `.` kept). */
