/**
 * OpenAPI document → RestModel. Operations are grouped by their first tag (in
 * the document's tag order, then first use); every operation's anchor is
 * claimed before any field anchor, so a field can never take an operation's id.
 */
import {IdRegistry, operationId as deriveOperationId, slug, tagId} from '../client/anchors';
import {asArray, asObject, deref, isObject, text, type Json, type JsonObject} from '../document';
import {escapeHtml} from '../markdown';
import {buildRequirements, buildSecuritySchemes} from '../security';
import type {OperationView, RestModel, SchemaNode, TagView, TocItem} from '../types';
import {pathItemOperations} from '../document/operations';
import {buildOperation, operationLabel} from './operations';
import {SECTION_IDS} from '../client/anchors';
import {DATA_TYPES_SECTION, shareDataTypes} from '../schema/dataTypes';
import {pageOperations, shareErrorBodies} from './errorBodies';
import {buildServers, serverUrl} from './servers';
import {describe} from '../readings';

/** Section anchors of the page itself; claimed first. */
export const REST_SECTIONS = {
  servers: SECTION_IDS.servers,
  authentication: SECTION_IDS.authentication,
  webhooks: SECTION_IDS.webhooks,
  errorBodies: SECTION_IDS.errorBodies,
  dataTypes: DATA_TYPES_SECTION,
  schemas: SECTION_IDS.schemas,
} as const;
const UNTAGGED = 'Other operations';

interface Located {
  id: string;
  method: string;
  path: string;
  pathItem: JsonObject;
  operation: JsonObject;
  tag: string;
}

/** Every operation under `paths` in document order, with its claimed anchor. */
function anchoredOperations(doc: Json, ids: IdRegistry): Located[] {
  const out: Located[] = [];
  for (const [path, raw] of Object.entries(asObject(asObject(doc).paths))) {
    if (path.startsWith('x-')) continue;
    const pathItem = asObject(deref(doc, raw).node);
    for (const {method, operation} of pathItemOperations(pathItem)) {
      const id = ids.claim(deriveOperationId(text(operation.operationId), method, path));
      const tag = text(asArray(operation.tags)[0]) ?? UNTAGGED;
      out.push({id, method, path, pathItem, operation, tag});
    }
  }
  return out;
}

function tagOrder(doc: JsonObject, located: Located[]): {name: string; description?: Json}[] {
  const declared = asArray(doc.tags).filter(isObject);
  const order: {name: string; description?: Json}[] = declared.flatMap((t) =>
    typeof t.name === 'string'
      ? [{name: t.name, ...(t.description !== undefined ? {description: t.description} : {})}]
      : [],
  );
  for (const op of located) {
    if (!order.some((t) => t.name === op.tag)) order.push({name: op.tag});
  }
  return order;
}

export function buildRestModel(document: Json): RestModel {
  const doc = asObject(document);
  const info = asObject(doc.info);
  const ids = new IdRegistry();
  for (const section of Object.values(REST_SECTIONS)) ids.claim(section);

  const located = anchoredOperations(doc, ids);
  const tags = tagOrder(doc, located).map((t) => ({
    ...t,
    id: ids.claim(tagId(t.name === UNTAGGED ? 'untagged' : t.name)),
  }));
  const webhookOps: Located[] = [];
  for (const [name, raw] of Object.entries(asObject(doc.webhooks))) {
    const pathItem = asObject(deref(doc, raw).node);
    for (const {method, operation} of pathItemOperations(pathItem)) {
      const id = ids.claim(text(operation.operationId) ?? `webhook-${slug(name)}-${method}`);
      webhookOps.push({id, method, path: name, pathItem, operation, tag: ''});
    }
  }

  const servers = buildServers(doc.servers);
  const security = buildRequirements(doc.security);
  const build = (op: Located, withSamples: boolean): OperationView =>
    buildOperation({
      doc,
      ids,
      id: op.id,
      method: op.method,
      path: op.path,
      pathItem: op.pathItem,
      operation: op.operation,
      security,
      defaultServerUrl: serverUrl(servers[0]),
      withSamples,
    });

  const tagViews: TagView[] = tags
    .map((t) => {
      const view: TagView = {
        name: t.name,
        id: t.id,
        operations: located.filter((op) => op.tag === t.name).map((op) => build(op, true)),
      };
      const description = describe(t, 3);
      if (description !== undefined) view.description = description;
      return view;
    })
    .filter((t) => t.operations.length > 0 || t.description !== undefined);

  const model: RestModel = {
    title: text(info.title) ?? 'API',
    version: text(info.version) ?? '',
    openapi: String(doc.openapi ?? ''),
    servers,
    securitySchemes: buildSecuritySchemes(doc),
    security: security ?? [],
    tags: tagViews,
    webhooks: webhookOps.map((op) => build(op, false)),
    toc: [],
  };
  const description = describe(info, 2);
  if (description !== undefined) model.description = description;
  const summary = text(info.summary);
  if (summary !== undefined) model.summary = summary;
  const contact = asObject(info.contact);
  if (Object.keys(contact).length > 0) {
    model.contact = {};
    for (const key of ['name', 'email', 'url'] as const) {
      const value = text(contact[key]);
      if (value !== undefined) model.contact[key] = value;
    }
  }
  const license = asObject(info.license);
  if (typeof license.name === 'string')
    model.license = {
      name: license.name,
      ...(text(license.url) !== undefined ? {url: String(license.url)} : {}),
    };
  const terms = text(info.termsOfService);
  if (terms !== undefined) model.termsOfService = terms;
  const docs = asObject(doc.externalDocs);
  if (typeof docs.url === 'string')
    model.externalDocs = {
      url: docs.url,
      ...(text(docs.description) !== undefined ? {description: String(docs.description)} : {}),
    };
  shareErrorBodies(model, ids);
  const dataTypes = shareDataTypes(restSchemas(model), ids);
  if (dataTypes.length > 0) model.dataTypes = dataTypes;
  model.toc = restToc(model);
  return model;
}

/** Every body schema a page shows (requests, responses, callbacks, shared error bodies), in page order. */
export function* restSchemas(
  model: Pick<RestModel, 'tags' | 'webhooks' | 'errorBodies'>,
): Generator<SchemaNode | undefined> {
  for (const op of pageOperations(model)) {
    for (const media of op.requestBody?.contents ?? []) yield media.schema;
    for (const response of op.responses) for (const media of response.contents) yield media.schema;
  }
  for (const body of model.errorBodies ?? []) yield body.schema;
}

/** Levels 2–3 as the site's TOC shows them: sections and tags, then operations. */
export function restToc(model: RestModel): TocItem[] {
  const toc: TocItem[] = [];
  if (model.servers.length > 0) toc.push({value: 'Servers', id: REST_SECTIONS.servers, level: 2});
  if (model.securitySchemes.length > 0)
    toc.push({value: 'Authentication', id: REST_SECTIONS.authentication, level: 2});
  for (const tag of model.index?.tags ?? []) toc.push({value: escapeHtml(tag.name), id: tag.id, level: 2});
  for (const tag of model.tags) {
    toc.push({value: escapeHtml(tag.name), id: tag.id, level: 2});
    for (const op of tag.operations) toc.push({value: escapeHtml(operationLabel(op)), id: op.id, level: 3});
  }
  if (model.webhooks.length > 0 || (model.index?.webhooks.length ?? 0) > 0) {
    toc.push({value: 'Webhooks', id: REST_SECTIONS.webhooks, level: 2});
    for (const op of model.webhooks) toc.push({value: escapeHtml(operationLabel(op)), id: op.id, level: 3});
  }
  if ((model.errorBodies?.length ?? 0) > 0) {
    toc.push({value: 'Error bodies', id: REST_SECTIONS.errorBodies, level: 2});
    for (const body of model.errorBodies ?? [])
      toc.push({value: escapeHtml(body.title), id: body.id, level: 3});
  }
  if ((model.schemas?.length ?? 0) > 0) {
    toc.push({value: 'Schemas', id: REST_SECTIONS.schemas, level: 2});
    for (const schema of model.schemas ?? [])
      toc.push({value: escapeHtml(schema.title), id: schema.id, level: 3});
  }
  if ((model.dataTypes?.length ?? 0) > 0) {
    toc.push({value: 'Data types', id: REST_SECTIONS.dataTypes, level: 2});
    for (const type of model.dataTypes ?? [])
      toc.push({value: escapeHtml(type.title), id: type.id, level: 3});
  }
  return toc;
}
