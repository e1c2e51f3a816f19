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
import type {OperationView, RestIndex, RestIndexEntry, RestModel, TagView} from '../types';
import {dataTypesOf, schemaNodes} from '../schema/dataTypes';
import {restSchemas, restToc} from './build';
import {errorBodiesOf, pageOperations} from './errorBodies';

/** Documents with more operations than this get one page per tag. */
export const ONE_PAGE_OPERATION_LIMIT = 60;
/** Operations per page at most; a larger tag is cut into consecutive parts. */
export const PAGE_OPERATION_LIMIT = 30;
/**
 * A page's weight at most, in schema nodes (a field, an item, a branch): what a page's markup
 * grows with. A node is about ten elements of HTML; an operation without its schemas (heading,
 * parameters, samples, responses list) weighs OPERATION_WEIGHT. The product's /rest weighs about
 * 800 (6,900 elements); 1,600 keeps a page well inside 20,000 elements and 1.5 MB.
 */
export const PAGE_WEIGHT_LIMIT = 1600;
const OPERATION_WEIGHT = 30;
const PARAMETER_WEIGHT = 3;

/** What one operation adds to its page's markup, its callbacks included (see PAGE_WEIGHT_LIMIT). */
export function operationWeight(op: OperationView): number {
  let weight = 0;
  for (const one of pageOperations({tags: [{name: '', id: '', operations: [op]}], webhooks: []})) {
    weight += OPERATION_WEIGHT + one.parameters.length * PARAMETER_WEIGHT;
    const bodies = [
      ...(one.requestBody?.contents ?? []),
      ...one.responses.flatMap((r) => r.contents.filter((m) => m.shared === undefined)),
    ];
    for (const media of bodies) for (const _node of schemaNodes(media.schema)) weight += 1;
  }
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
    route,
  };
}

/**
 * Cuts operations into consecutive runs of at most `size` operations and `weight` (operationWeight);
 * an operation heavier than `weight` alone gets a run of its own.
 */
function chunks(items: OperationView[], size: number, weight: number): OperationView[][] {
  const out: OperationView[][] = [];
  let run: OperationView[] = [];
  let runWeight = 0;
  for (const op of items) {
    const w = operationWeight(op);
    if (run.length > 0 && (run.length >= size || runWeight + w > weight)) {
      out.push(run);
      run = [];
      runWeight = 0;
    }
    run.push(op);
    runWeight += w;
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

/** Splits a reference into an index and per-tag pages when it is too large for one page. */
export function planRestPages(
  model: RestModel,
  base = '/rest',
  limits: PageLimits = {onePage: ONE_PAGE_OPERATION_LIMIT, perPage: PAGE_OPERATION_LIMIT},
): RestSite {
  const weight = limits.weight ?? PAGE_WEIGHT_LIMIT;
  const total = model.tags.reduce((n, tag) => n + tag.operations.length, 0) + model.webhooks.length;
  const totalWeight = [...model.tags.flatMap((t) => t.operations), ...model.webhooks].reduce(
    (n, op) => n + operationWeight(op),
    0,
  );
  if (total <= limits.onePage && totalWeight <= weight) return {main: model, pages: []};

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
    pages.push({route, dataName: `rest-reference-${pageSlug}.json`, model: pageModel});
    return route;
  };

  for (const tag of model.tags) {
    const parts = chunks(tag.operations, limits.perPage, weight);
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
  const webhookParts = chunks(model.webhooks, limits.perPage, weight);
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
