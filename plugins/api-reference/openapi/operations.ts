/** One operation → OperationView: parameters, body, responses, callbacks and code samples. */
import {slug, type IdRegistry} from '../client/anchors';
import {asArray, asObject, deref, prettyJson, text, type Json, type JsonObject} from '../document';
import {pathItemOperations} from '../document/operations';
import {markdown} from '../markdown';
import {buildRequirements} from '../security';
import type {BodyView, CallbackView, OperationView, SecurityRequirementView} from '../types';
import {buildContent, isJsonMedia, mediaExamples} from './media';
import {buildParameter, operationParameters, parameterExample} from './parameters';
import {buildResponses} from './responses';
import {buildSamples, credentials} from './samples';
import {buildServers, serverUrl} from './servers';
import {describe} from '../readings';

export interface OperationInput {
  doc: Json;
  ids: IdRegistry;
  /** The anchor, already claimed by the caller (operation anchors are claimed before any field). */
  id: string;
  method: string;
  path: string;
  pathItem: JsonObject;
  operation: JsonObject;
  /** Document-wide security and servers, for samples. */
  security: SecurityRequirementView[] | undefined;
  defaultServerUrl: string;
  /** Callbacks and webhooks are requests the API sends: no samples for the reader to run. */
  withSamples: boolean;
}

function buildBody(doc: Json, ids: IdRegistry, id: string, raw: Json | undefined): BodyView | undefined {
  if (raw === undefined) return undefined;
  const body = asObject(deref(doc, raw).node);
  const view: BodyView = {
    required: body.required === true,
    contents: buildContent(doc, ids, `${id}.request`, body.content, 'request'),
  };
  const description = markdown(body.description, 5);
  if (description !== undefined) view.description = description;
  return view;
}

/** The first example of the first media type: what samples send and the validator starts from. */
function bodyExample(doc: Json, raw: Json | undefined): {mediaType: string; value: Json} | undefined {
  const body = asObject(deref(doc, raw).node);
  const [mediaType, media] = Object.entries(asObject(body.content))[0] ?? [];
  if (mediaType === undefined) return undefined;
  const m = asObject(media);
  if (m.example !== undefined) return {mediaType, value: m.example};
  const named = Object.values(asObject(m.examples))[0];
  const value = asObject(deref(doc, named).node).value;
  if (value !== undefined) return {mediaType, value};
  const made = mediaExamples(doc, mediaType, media ?? {}, 'request')[0];
  if (made === undefined) return undefined;
  try {
    return {mediaType, value: isJsonMedia(mediaType) ? (JSON.parse(made.value) as Json) : made.value};
  } catch {
    return {mediaType, value: made.value};
  }
}

export function sampleValue(value: Json | undefined, name: string): string {
  if (value === undefined || value === null) return name;
  return typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(String).join(',')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
}

function callbacks(input: OperationInput): CallbackView[] {
  return Object.entries(asObject(input.operation.callbacks)).map(([name, raw]) => {
    const callback = asObject(deref(input.doc, raw).node);
    const operations: OperationView[] = [];
    let expression = '';
    for (const [expr, itemRaw] of Object.entries(callback)) {
      expression = expression === '' ? expr : `${expression}, ${expr}`;
      const pathItem = asObject(deref(input.doc, itemRaw).node);
      for (const {method, operation: op} of pathItemOperations(pathItem)) {
        const id = input.ids.claim(`${input.id}.callback-${slug(name)}-${method}`);
        operations.push(
          buildOperation({...input, id, method, path: expr, pathItem, operation: op, withSamples: false}),
        );
      }
    }
    return {name, expression, operations};
  });
}

export function buildOperation(input: OperationInput): OperationView {
  const {doc, ids, id, method, path, pathItem, operation} = input;
  const params = operationParameters(doc, pathItem.parameters, operation.parameters);
  const security = buildRequirements(operation.security);
  const view: OperationView = {
    id,
    method: method.toUpperCase(),
    path,
    deprecated: operation.deprecated === true,
    tags: asArray(operation.tags).filter((t): t is string => typeof t === 'string'),
    parameters: params.map((p) => buildParameter(doc, ids, id, p)),
    responses: buildResponses(doc, ids, id, operation.responses),
    callbacks: [],
    samples: [],
    hasJsonBody: false,
  };
  const summary = text(operation.summary) ?? text(pathItem.summary);
  if (summary !== undefined) view.summary = summary;
  const description = describe(operation.description !== undefined ? operation : pathItem, 4);
  if (description !== undefined) view.description = description;
  const body = buildBody(doc, ids, id, operation.requestBody);
  if (body !== undefined) view.requestBody = body;
  if (security !== undefined) view.security = security;
  const servers = buildServers(operation.servers ?? pathItem.servers);
  if (servers.length > 0) view.servers = servers;
  view.callbacks = callbacks(input);
  const docs = asObject(operation.externalDocs);
  if (typeof docs.url === 'string')
    view.externalDocs = {
      url: docs.url,
      ...(text(docs.description) !== undefined ? {description: String(docs.description)} : {}),
    };

  const example = bodyExample(doc, operation.requestBody);
  view.hasJsonBody = example !== undefined && isJsonMedia(example.mediaType);
  if (view.hasJsonBody && example !== undefined) view.validatorExample = prettyJson(example.value);

  if (input.withSamples) {
    const auth = credentials(doc, security ?? input.security);
    const pathParams: Record<string, string> = {};
    const query = [...auth.query];
    const headers = [...auth.headers];
    const cookies = [...auth.cookies];
    for (const p of params) {
      const name = String(p.name ?? '');
      const value = sampleValue(parameterExample(doc, p), name);
      if (p.in === 'path') pathParams[name] = value;
      else if (p.required !== true) continue;
      else if (p.in === 'query') query.push({name, value});
      else if (p.in === 'header') headers.push({name, value});
      else if (p.in === 'cookie') cookies.push({name, value});
    }
    view.samples = buildSamples({
      method,
      baseUrl: servers.length > 0 ? serverUrl(servers[0]) : input.defaultServerUrl,
      path,
      pathParams,
      query,
      headers,
      cookies,
      ...(example !== undefined ? {body: example} : {}),
    });
  }
  return view;
}

/** How an operation is named in lists: its summary, else its method and path. */
export function operationLabel(op: OperationView): string {
  return op.summary ?? `${op.method} ${op.path}`;
}
