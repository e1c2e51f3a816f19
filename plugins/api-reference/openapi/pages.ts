/**
 * Large documents on several pages. One page per tag keeps each reference page
 * near the size of the product's own (a 659-operation document on one page was
 * 67 MB of HTML and a 26 MB data chunk). Below the threshold nothing changes:
 * one page at /rest. Above it, /rest becomes the index (overview, servers,
 * authentication and every operation as a link) and each tag gets
 * /rest/<tag-slug>; a tag too large for one page is cut into parts. "Large" is
 * counted in operations and in weight, the boxes the page lays out (weight.ts):
 * an operation whose bodies embed a large schema weighs as much as dozens of
 * small ones, and a schema the page describes once weighs once.
 *
 * Anchors keep their names (they come from the document, not from the page), and
 * `anchorRoutes` maps each operation and tag anchor to its page, so an old link
 * such as /rest#listPets lands on the index entry and is forwarded to its page.
 */
import {slug} from '../client/anchors';
import type {
  MediaView,
  OperationView,
  RestIndex,
  RestIndexEntry,
  RestModel,
  SchemaNode,
  TagView,
} from '../types';
import {dataTypesOf} from '../schema/dataTypes';
import {
  PAGE_BOXES,
  describedOnceBoxes,
  describedSchemaBoxes,
  describedUse,
  operationBoxes,
  restPageBoxes,
} from './weight';
import {Hashes, MAX_INLINE_DEPTH, MIN_SHARED_NODES, childNodes} from '../schema/describedOnce';
import {hasChildren} from '../client/schemaNodes';
import {describePageSchemas} from '../pageSchemas';
import {restSchemas, restToc} from './build';
import {errorBodiesOf, pageOperations} from './errorBodies';
import {ROUTES} from '../client/routes';

/** Documents with more operations than this get one page per tag. */
export const ONE_PAGE_OPERATION_LIMIT = 60;
/** Operations per page at most; a larger tag is cut into consecutive parts. */
export const PAGE_OPERATION_LIMIT = 30;
/**
 * A page's weight at most, in boxes the browser lays out on load (weight.ts: elements and runs of
 * text, hidden tab panels apart). The longest main-thread task of a reference page is its first
 * style and layout, and grows with those boxes: the product's own /rest weighs 10,871 (11,425
 * counted in Chromium with the site's frame) and takes about 0.9 s with the CPU slowed 4×. So no
 * page may weigh much more than the product's reference: every page is about as quick to lay out,
 * and far inside 20,000 elements and 1.5 MB. The product's reference stays one page, with room
 * for about one more operation of its kind.
 */
export const PAGE_WEIGHT_LIMIT = 11_500;
/**
 * Where the quick estimate (estimatePageWeight) is trusted: far under or far over the limit. In between,
 * a page is written (its schemas described once) and counted (weighOf in planRestPages).
 */
const QUICK_BELOW = 0.7;
const QUICK_ABOVE = 1.5;

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

/**
 * A quick estimate of what a page of these operations weighs as written (schema/describedOnce.ts):
 * on a page, a named schema used in two places or more with MIN_SHARED_NODES nodes or more, or
 * nested deeper than MAX_INLINE_DEPTH, is described once under "Schemas", and each use is its own
 * line and a link. So the estimate counts each such description once, and every other schema
 * written out where it is used. It decides in one pass what the page decides one description at
 * a time (a schema nested deep in one use may sit shallow in a description), so it is off by up
 * to a fifth on pages whose descriptions nest: the planner counts the page itself near the limit.
 */
function estimatePageWeight(
  ops: readonly OperationView[],
  shared: Pick<RestModel, 'errorBodies' | 'dataTypes'> = {},
  hashes = new Hashes(),
): number {
  // What describedOnce takes for "the same schema": the same `$ref` with the same structure under it.
  const describableKey = (node: SchemaNode): string | undefined =>
    node.schemaRef !== undefined && node.recursive === undefined && hasChildren(node)
      ? `${node.schemaRef.pointer}\u0000${hashes.under(node)}`
      : undefined;
  const uses = new Map<string, {count: number; size: number; deep: boolean}>();
  const visit = (node: SchemaNode, depth: number): number => {
    let size = 1;
    for (const child of childNodes(node)) size += visit(child, depth + 1);
    const key = describableKey(node);
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
  const descriptions = new Map<string, number>();
  // A node as the page writes it: each described schema under it (or it itself) a use line
  // pointing at its description, which weighs once.
  const asWritten = (node: SchemaNode): SchemaNode => {
    const key = describableKey(node);
    if (!described(key)) return withChildrenWritten(node);
    if (!descriptions.has(key)) {
      descriptions.set(key, 0);
      descriptions.set(key, describedSchemaBoxes(withChildrenWritten(node), node.schemaRef?.description));
    }
    return describedUse(node);
  };
  const withChildrenWritten = (node: SchemaNode): SchemaNode => {
    const copy: SchemaNode = {...node};
    if (node.fields !== undefined) copy.fields = node.fields.map(asWritten);
    if (node.prefixItems !== undefined) copy.prefixItems = node.prefixItems.map(asWritten);
    if (node.items !== undefined) copy.items = asWritten(node.items);
    if (node.groups !== undefined)
      copy.groups = node.groups.map((g) => ({
        ...g,
        branches: g.branches.map((b) => ({...b, node: asWritten(b.node)})),
      }));
    return copy;
  };
  const mediaWritten = (media: MediaView): MediaView =>
    media.schema === undefined || media.shared !== undefined
      ? media
      : {...media, schema: asWritten(media.schema)};
  const operationWritten = (op: OperationView): OperationView => ({
    ...op,
    ...(op.requestBody !== undefined
      ? {requestBody: {...op.requestBody, contents: op.requestBody.contents.map(mediaWritten)}}
      : {}),
    responses: op.responses.map((r) => ({...r, contents: r.contents.map(mediaWritten)})),
    callbacks: op.callbacks.map((c) => ({...c, operations: c.operations.map(operationWritten)})),
  });
  let weight = PAGE_BOXES;
  for (const op of ops) weight += operationBoxes(operationWritten(op));
  for (const w of descriptions.values()) weight += w;
  // The page's own error bodies and data types (as addPage gives them).
  const page = {tags: [{name: '', id: '', operations: [...ops]}], webhooks: []};
  weight += describedOnceBoxes(errorBodiesOf(shared.errorBodies, page));
  weight += describedOnceBoxes(dataTypesOf(shared.dataTypes, restSchemas(page)));
  return weight;
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
    ...(op.deprecation !== undefined ? {deprecation: op.deprecation} : {}),
    route,
  };
}

/**
 * Cuts operations into consecutive runs of at most `size` operations and `weight` (estimatePageWeight);
 * an operation heavier than `weight` alone gets a run of its own.
 */
function chunks(
  items: OperationView[],
  size: number,
  weight: number,
  weigh: (ops: OperationView[]) => number,
): OperationView[][] {
  const out: OperationView[][] = [];
  let run: OperationView[] = [];
  for (const op of items) {
    if (run.length > 0 && (run.length >= size || weigh([...run, op]) > weight)) {
      out.push(run);
      run = [];
    }
    run.push(op);
  }
  if (run.length > 0) out.push(run);
  return out;
}

export interface PageLimits {
  /** Operations a one-page reference may have. */
  onePage: number;
  /** Operations per page at most. */
  perPage: number;
  /** Weight per page at most (PAGE_WEIGHT_LIMIT); a reference heavier than this is split too. */
  weight?: number;
}

/**
 * The reference as one page, when it has few enough operations and weighs little enough (the quick
 * estimate decides where it is clearly under or over the limit; otherwise the page is counted).
 */
function asOnePage(
  model: RestModel,
  all: OperationView[],
  onePage: number,
  weight: number,
  hashes: Hashes,
): RestModel | undefined {
  if (all.length > onePage) return undefined;
  const quick = estimatePageWeight(all, model, hashes);
  if (quick > weight * QUICK_ABOVE) return undefined;
  const main = describePageSchemas(model);
  return quick < weight * QUICK_BELOW || restPageBoxes(main) <= weight ? main : undefined;
}

/** Links from one operation's responses to another (OpenAPI `links`) that now cross pages get the route. */
function linkAcrossPages(pages: RestPagePlan[], index: RestIndex): void {
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
}

/** Splits a reference into an index and per-tag pages when it is too large for one page. */
export function planRestPages(
  model: RestModel,
  base: string = ROUTES.rest,
  limits: PageLimits = {onePage: ONE_PAGE_OPERATION_LIMIT, perPage: PAGE_OPERATION_LIMIT},
): RestSite {
  const weight = limits.weight ?? PAGE_WEIGHT_LIMIT;
  const all = [...model.tags.flatMap((t) => t.operations), ...model.webhooks];
  // One memo of schema hashes for the whole plan: the model's nodes are not changed while planning.
  const hashes = new Hashes();
  const onePage = asOnePage(model, all, limits.onePage, weight, hashes);
  if (onePage !== undefined) return {main: onePage, pages: []};

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

  /** A page of these operations as addPage writes it, before its schemas are described once. */
  const pageModelOf = (tags: TagView[], webhooks: OperationView[], title: string): RestModel => {
    const pageModel: RestModel = {...shared, tags, webhooks, toc: [], page: {title, indexRoute: base}};
    // Each page describes the shared error bodies its own responses link to.
    const errorBodies = errorBodiesOf(model.errorBodies, pageModel);
    if (errorBodies.length > 0) pageModel.errorBodies = errorBodies;
    // And the shared field types its fields (its error bodies' included) link to.
    const dataTypes = dataTypesOf(model.dataTypes, restSchemas(pageModel));
    if (dataTypes.length > 0) pageModel.dataTypes = dataTypes;
    pageModel.toc = restToc(pageModel);
    return pageModel;
  };
  /**
   * What a page of these operations weighs as written: counted on the page itself (its schemas
   * described once) wherever the quick estimate (estimatePageWeight) is near the limit, since the two
   * differ by up to a fifth where the page's descriptions nest.
   */
  const weighOf =
    (asPage: (ops: OperationView[]) => [TagView[], OperationView[]]) =>
    (ops: OperationView[]): number => {
      const quick = estimatePageWeight(ops, model, hashes);
      if (quick < weight * QUICK_BELOW || quick > weight * QUICK_ABOVE) return quick;
      const [tags, webhooks] = asPage(ops);
      return restPageBoxes(describePageSchemas(pageModelOf(tags, webhooks, '')));
    };

  const addPage = (
    name: string,
    tags: TagView[],
    webhooks: OperationView[],
    part?: {n: number; of: number},
  ) => {
    const pageSlug = pageFor(part === undefined || part.n === 1 ? name : `${name}-${part.n}`);
    const route = `${base}/${pageSlug}`;
    const title = part === undefined || part.of === 1 ? name : `${name} (part ${part.n} of ${part.of})`;
    const pageModel = pageModelOf(tags, webhooks, title);
    pages.push({route, dataName: `rest-reference-${pageSlug}.json`, model: describePageSchemas(pageModel)});
    return route;
  };

  for (const tag of model.tags) {
    const parts = chunks(
      tag.operations,
      limits.perPage,
      weight,
      weighOf((operations) => [[{...tag, operations}], []]),
    );
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
  const webhookParts = chunks(
    model.webhooks,
    limits.perPage,
    weight,
    weighOf((webhooks) => [[], webhooks]),
  );
  for (const [i, webhooks] of webhookParts.entries()) {
    const route = addPage('Webhooks', [], webhooks, {n: i + 1, of: webhookParts.length});
    for (const op of webhooks) {
      index.anchorRoutes[op.id] = route;
      index.webhooks.push(entry(op, route));
    }
  }

  linkAcrossPages(pages, index);
  const {tags: _tags, webhooks: _webhooks, errorBodies: _errorBodies, dataTypes: _dataTypes, ...rest} = model;
  const main: RestModel = {...rest, tags: [], webhooks: [], toc: [], index};
  main.toc = restToc(main);
  return {main, pages};
}
