/**
 * One reference page's "Schemas" section: the named schemas its operations share or nest deep,
 * described once (schema/describedOnce.ts). Runs on each page's model as the routes are planned,
 * after release badges are placed, on the page's own copy of its operations (the whole
 * reference's model is not changed, so it can be planned again).
 */
import {objectsIn} from './document';
import {describeSchemasOnce} from './schema/describedOnce';
import {dataTypesOf} from './schema/dataTypes';
import type {DataTypeView, DescribedSchemaView, RestModel, SchemaNode, WsModel} from './types';
import {wsSchemas, wsToc} from './asyncapi/build';
import {restSchemas, restToc} from './openapi/build';

/** Every anchor already in a model (operations, parameters, responses, fields, sections). */
function anchorsOf(value: unknown, into: Set<string>): Set<string> {
  for (const record of objectsIn(value)) if (typeof record.id === 'string') into.add(record.id);
  return into;
}

/**
 * What both references do on a page: the shared and deep named schemas under `roots` (nodes of
 * the page's own copy) described once, with the page's other anchors kept apart, and the data
 * types the page's fields now link to (a shared schema's fields are on the page once now).
 */
function describeOnPage<Page extends {toc: unknown; dataTypes?: DataTypeView[]}>(
  page: Page,
  roots: (own: Page) => Iterable<SchemaNode | undefined>,
  own: Page,
): (Page & {schemas: DescribedSchemaView[]; movedAnchors: Record<string, string>}) | undefined {
  const nodes = [...roots(own)].filter((node): node is SchemaNode => node !== undefined);
  const ids = anchorsOf([own, page.toc, page.dataTypes ?? []], new Set<string>());
  const {schemas, moved} = describeSchemasOnce(nodes, ids);
  if (schemas.length === 0) return undefined;
  const out = {...own, schemas, movedAnchors: moved};
  const types = dataTypesOf(page.dataTypes, [...roots(own), ...schemas.map((s) => s.schema)]);
  if (types.length > 0) out.dataTypes = types;
  else delete out.dataTypes;
  return out;
}

/**
 * The page with its shared and deep named schemas described once: `schemas`, `movedAnchors`,
 * the data types its fields now link to, and its table of contents. A page with none is
 * returned as it is.
 */
export function describePageSchemas(page: RestModel): RestModel {
  const copy = structuredClone({
    tags: page.tags,
    webhooks: page.webhooks,
    ...(page.errorBodies !== undefined ? {errorBodies: page.errorBodies} : {}),
  });
  const out = describeOnPage(page, restSchemas, {...page, ...copy});
  if (out === undefined) return page;
  out.toc = restToc(out);
  return out;
}

/** The same for /docs/ws: its messages' payloads and headers. */
export function describeWsSchemas(page: WsModel): WsModel {
  const out = describeOnPage(page, wsSchemas, {...page, channels: structuredClone(page.channels)});
  if (out === undefined) return page;
  out.toc = wsToc(out);
  return out;
}
