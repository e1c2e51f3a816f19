/**
 * Large documents on several pages. One page per tag keeps each reference page
 * near the size of the product's own (a 659-operation document on one page was
 * 67 MB of HTML and a 26 MB data chunk). Below the threshold nothing changes:
 * one page at /rest. Above it, /rest becomes the index (overview, servers,
 * authentication and every operation as a link) and each tag gets
 * /rest/<tag-slug>; a tag too large for one page is cut into parts. "Large" is
 * counted in operations and in weight, the schema nodes the page's markup is
 * made of (operationWeight): an operation whose bodies embed a large schema
 * weighs as much as dozens of small ones.
 *
 * Anchors keep their names (they come from the document, not from the page), and
 * `anchorRoutes` maps each operation and tag anchor to its page, so an old link
 * such as /rest#listPets lands on the index entry and is forwarded to its page.
 */
import {slug} from '../anchors';
import type {OperationView, RestIndex, RestIndexEntry, RestModel, SchemaNode, TagView} from '../types';
import {dataTypesOf, schemaNodes} from '../schema/dataTypes';
import {MAX_INLINE_DEPTH, MIN_SHARED_NODES, childNodes} from '../schema/describedOnce';
import {hasChildren} from '../client/schemaNodes';
import {describePageSchemas} from '../pageSchemas';
import {restSchemas, restToc} from './build';
import {errorBodiesOf, pageOperations} from './errorBodies';

/** Documents with more operations than this get one page per tag. */
export const ONE_PAGE_OPERATION_LIMIT = 60;
/** Operations per page at most; a larger tag is cut into consecutive parts. */
export const PAGE_OPERATION_LIMIT = 30;
/**
 * A page's weight at most, in elements of HTML as estimated from the model (ELEMENTS): what a
 * page's size and its longest main-thread task grow with. The estimate was fitted on the 67 pages
 * of DigitalOcean's public API (659 operations): elements ≈ 7 per schema node (a field, an item,
 * a branch) + 1 per value in the examples shown (each highlighted) + 140 per operation + 10 per
 * parameter + 60 per response. The longest main-thread task of a page load is style and layout,
 * and grows with the elements: the product's /rest (6,834 elements, estimated 8,134) takes 0.66 s
 * with the CPU slowed 4×, so 9,000 keeps a page under the 1 s budget there, and far inside
 * 20,000 elements and 1.5 MB. The product's reference stays one page.
 */
export const PAGE_WEIGHT_LIMIT = 9_000;
const ELEMENTS = {node: 7, exampleValue: 1, operation: 140, parameter: 10, response: 60} as const;
/** The values of a JSON example (strings, numbers, true, false, null): one highlighted span each. */
const EXAMPLE_VALUE = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\btrue\b|\bfalse\b|\bnull\b/g;

/** The body schemas one operation shows, its callbacks' included (shared error bodies apart). */
function* operationBodies(op: OperationView): Generator<SchemaNode> {
  for (const one of pageOperations({tags: [{name: '', id: '', operations: [op]}], webhooks: []})) {
    const bodies = [
      ...(one.requestBody?.contents ?? []),
      ...one.responses.flatMap((r) => r.contents.filter((m) => m.shared === undefined)),
    ];
    for (const media of bodies) if (media.schema !== undefined) yield media.schema;
  }
}

/** What an operation weighs apart from its schemas: heading, parameters, responses, examples. */
function fixedWeight(op: OperationView): number {
  let weight = 0;
  for (const one of pageOperations({tags: [{name: '', id: '', operations: [op]}], webhooks: []})) {
    weight +=
      ELEMENTS.operation +
      one.parameters.length * ELEMENTS.parameter +
      one.responses.length * ELEMENTS.response;
    for (const media of [...(one.requestBody?.contents ?? []), ...one.responses.flatMap((r) => r.contents)])
      for (const example of media.examples)
        weight += (example.value.match(EXAMPLE_VALUE)?.length ?? 0) * ELEMENTS.exampleValue;
  }
  return weight;
}

/** What one operation adds to its page's markup with every schema written out (see PAGE_WEIGHT_LIMIT). */
export function operationWeight(op: OperationView): number {
  let weight = fixedWeight(op);
  for (const body of operationBodies(op)) for (const _node of schemaNodes(body)) weight += ELEMENTS.node;
  return weight;
}

/** An operation's weight apart from the schemas a page describes once, and those schemas (key → weight). */
interface PlannedWeight {
  own: number;
  described: Map<string, number>;
}

/**
 * Weights as the pages will be written (schema/describedOnce.ts): a named schema used in two
 * places or more with MIN_SHARED_NODES nodes or more, or nested deeper than MAX_INLINE_DEPTH, is
 * described once per page, so it weighs once on each page that uses it, whatever the number of
 * uses. Decided over the whole document (the page does it per page: close enough to plan by).
 */
export function plannedWeights(ops: readonly OperationView[]): (op: OperationView) => PlannedWeight {
  const keyOf = (node: SchemaNode): string | undefined =>
    node.schemaRef !== undefined && node.recursive === undefined && hasChildren(node)
      ? `${node.schemaRef.pointer}\u0000${node.schemaRef.mode}`
      : undefined;
  const uses = new Map<string, {count: number; size: number; deep: boolean}>();
  const visit = (node: SchemaNode, depth: number): number => {
    let size = 1;
    for (const child of childNodes(node)) size += visit(child, depth + 1);
    const key = keyOf(node);
    if (key !== undefined) {
      const entry = uses.get(key) ?? {count: 0, size: 0, deep: false};
      entry.count += 1;
      entry.size = Math.max(entry.size, size - 1);
      entry.deep ||= depth > MAX_INLINE_DEPTH;
      uses.set(key, entry);
    }
    return size;
  };
  for (const op of ops) for (const body of operationBodies(op)) visit(body, 0);
  const described = (key: string | undefined): key is string => {
    const entry = key === undefined ? undefined : uses.get(key);
    return entry !== undefined && ((entry.count >= 2 && entry.size >= MIN_SHARED_NODES) || entry.deep);
  };
  // What a node weighs written out, its described schemas apart (they are collected in `into`).
  const weigh = (node: SchemaNode, into: Map<string, number>): number => {
    let weight = ELEMENTS.node;
    for (const child of childNodes(node)) {
      const key = keyOf(child);
      if (described(key)) {
        weight += ELEMENTS.node;
        if (!into.has(key)) {
          into.set(key, 0);
          into.set(key, weigh(child, into));
        }
      } else weight += weigh(child, into);
    }
    return weight;
  };
  return (op) => {
    const out: PlannedWeight = {own: fixedWeight(op), described: new Map()};
    for (const body of operationBodies(op)) {
      const key = keyOf(body);
      if (described(key) && !out.described.has(key)) {
        out.own += ELEMENTS.node;
        out.described.set(key, 0);
        out.described.set(key, weigh(body, out.described));
      } else out.own += weigh(body, out.described);
    }
    return out;
  };
}

export interface RestPagePlan {
  /** Route of the page, e.g. `/rest/pets` or `/rest/pets-2`. */
  route: string;
  /** File name of its data (createData). */
  dataName: string;
  model: RestModel;
}

export interface RestSite {
  /** The model of /rest: the whole reference, or the index when `pages` is not empty. */
  main: RestModel;
  pages: RestPagePlan[];
}

function entry(op: OperationView, route: string): RestIndexEntry {
  return {
    id: op.id,
    method: op.method,
    path: op.path,
    ...(op.summary !== undefined ? {summary: op.summary} : {}),
    deprecated: op.deprecated,
    route,
  };
}

/**
 * Cuts operations into consecutive runs of at most `size` operations and `weight` (operationWeight);
 * an operation heavier than `weight` alone gets a run of its own.
 */
function chunks(
  items: OperationView[],
  size: number,
  weight: number,
  weighOf: (op: OperationView) => PlannedWeight,
): OperationView[][] {
  const out: OperationView[][] = [];
  let run: OperationView[] = [];
  let runWeight = 0;
  let onPage = new Set<string>();
  for (const op of items) {
    const planned = weighOf(op);
    // A schema the page describes already weighs nothing more.
    const added = (page: Set<string>): number =>
      planned.own + [...planned.described].reduce((n, [key, w]) => n + (page.has(key) ? 0 : w), 0);
    if (run.length > 0 && (run.length >= size || runWeight + added(onPage) > weight)) {
      out.push(run);
      run = [];
      runWeight = 0;
      onPage = new Set();
    }
    run.push(op);
    runWeight += added(onPage);
    for (const key of planned.described.keys()) onPage.add(key);
  }
  if (run.length > 0) out.push(run);
  return out;
}

/** A run's weight as one page: its operations, each described schema once. */
function runWeight(run: readonly OperationView[], weighOf: (op: OperationView) => PlannedWeight): number {
  const seen = new Map<string, number>();
  let weight = 0;
  for (const op of run) {
    const planned = weighOf(op);
    weight += planned.own;
    for (const [key, w] of planned.described) seen.set(key, w);
  }
  for (const w of seen.values()) weight += w;
  return weight;
}

export interface PageLimits {
  /** Operations a one-page reference may have. */
  onePage: number;
  /** Operations per page at most. */
  perPage: number;
  /** Weight per page at most (PAGE_WEIGHT_LIMIT); a reference heavier than this is split too. */
  weight?: number;
}

/** Splits a reference into an index and per-tag pages when it is too large for one page. */
export function planRestPages(
  model: RestModel,
  base = '/rest',
  limits: PageLimits = {onePage: ONE_PAGE_OPERATION_LIMIT, perPage: PAGE_OPERATION_LIMIT},
): RestSite {
  const weight = limits.weight ?? PAGE_WEIGHT_LIMIT;
  const all = [...model.tags.flatMap((t) => t.operations), ...model.webhooks];
  const weighOf = plannedWeights(all);
  const total = model.tags.reduce((n, tag) => n + tag.operations.length, 0) + model.webhooks.length;
  const totalWeight = runWeight(all, weighOf);
  if (total <= limits.onePage && totalWeight <= weight) return {main: describePageSchemas(model), pages: []};

  const pages: RestPagePlan[] = [];
  const usedSlugs = new Set<string>();
  const pageFor = (name: string): string => {
    const root = slug(name) || 'operations';
    let candidate = root;
    for (let n = 2; usedSlugs.has(candidate); n++) candidate = `${root}-${n}`;
    usedSlugs.add(candidate);
    return candidate;
  };
  const shared = {
    title: model.title,
    version: model.version,
    openapi: model.openapi,
    servers: model.servers,
    securitySchemes: model.securitySchemes,
    security: model.security,
  };
  const index: RestIndex = {tags: [], webhooks: [], anchorRoutes: {}};

  const addPage = (
    name: string,
    tags: TagView[],
    webhooks: OperationView[],
    part?: {n: number; of: number},
  ) => {
    const pageSlug = pageFor(part === undefined || part.n === 1 ? name : `${name}-${part.n}`);
    const route = `${base}/${pageSlug}`;
    const pageModel: RestModel = {
      ...shared,
      tags,
      webhooks,
      toc: [],
      page: {
        title: part === undefined || part.of === 1 ? name : `${name} (part ${part.n} of ${part.of})`,
        indexRoute: base,
      },
    };
    // Each page describes the shared error bodies its own responses link to.
    const errorBodies = errorBodiesOf(model.errorBodies, pageModel);
    if (errorBodies.length > 0) pageModel.errorBodies = errorBodies;
    // And the shared field types its fields (its error bodies' included) link to.
    const dataTypes = dataTypesOf(model.dataTypes, restSchemas(pageModel));
    if (dataTypes.length > 0) pageModel.dataTypes = dataTypes;
    pageModel.toc = restToc(pageModel);
    pages.push({route, dataName: `rest-reference-${pageSlug}.json`, model: describePageSchemas(pageModel)});
    return route;
  };

  for (const tag of model.tags) {
    const parts = chunks(tag.operations, limits.perPage, weight, weighOf);
    const routes = (parts.length === 0 ? [[]] : parts).map((operations, i, all) =>
      addPage(tag.name, [{...tag, operations, ...(i > 0 ? {description: undefined} : {})}], [], {
        n: i + 1,
        of: all.length,
      }),
    );
    const first = routes[0] ?? base;
    index.anchorRoutes[tag.id] = first;
    const entries = parts.flatMap((operations, i) => operations.map((op) => entry(op, routes[i] ?? first)));
    for (const e of entries) index.anchorRoutes[e.id] = e.route;
    index.tags.push({
      name: tag.name,
      id: tag.id,
      ...(tag.description !== undefined ? {description: tag.description} : {}),
      route: first,
      operations: entries,
    });
  }
  const webhookParts = chunks(model.webhooks, limits.perPage, weight, weighOf);
  for (const [i, webhooks] of webhookParts.entries()) {
    const route = addPage('Webhooks', [], webhooks, {n: i + 1, of: webhookParts.length});
    for (const op of webhooks) {
      index.anchorRoutes[op.id] = route;
      index.webhooks.push(entry(op, route));
    }
  }

  // Links from one operation's responses to another (OpenAPI `links`) cross pages now.
  for (const page of pages) {
    const here = new Set(page.model.tags.flatMap((t) => t.operations.map((op) => op.id)));
    for (const op of [...page.model.tags.flatMap((t) => t.operations), ...page.model.webhooks]) {
      for (const response of op.responses) {
        for (const link of response.links) {
          if (!link.targetIsAnchor || link.target === undefined || here.has(link.target)) continue;
          const route = index.anchorRoutes[link.target];
          if (route !== undefined) link.href = `${route}#${link.target}`;
        }
      }
    }
  }

  const {tags: _tags, webhooks: _webhooks, errorBodies: _errorBodies, dataTypes: _dataTypes, ...rest} = model;
  const main: RestModel = {...rest, tags: [], webhooks: [], toc: [], index};
  main.toc = restToc(main);
  return {main, pages};
}
