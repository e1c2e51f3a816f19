/**
 * Form models of the request builder, from the documents and the reference's
 * view models. Pure: documents and models in, one BuilderModel per REST
 * operation the reader calls and per WebSocket message the reader sends out.
 *
 * The form opens with what the build-time samples use (see
 * openapi/operations.ts): required parameters at the same example values, the
 * same body example, the same server and credentials. Untouched, it gives the
 * sample's request; the parity tests rely on that.
 */
import {parametersTarget, restTarget, validatorFileName, wsTarget} from '../client/validators';
import {asObject, deref, text, type Json, type JsonObject} from '../document';
import {isJsonMedia} from '../openapi/media';
import {operationParameters, parameterExample} from '../openapi/parameters';
import {pathItemOperations} from '../document/operations';
import {sampleValue} from '../openapi/operations';
import {credentials} from '../openapi/samples';
import {buildServers, serverUrl} from '../openapi/servers';
import {connectUrl} from '../asyncapi/servers';
import {wsAuth} from '../asyncapi/build';
import {confirmationOf, isChannelSubscription} from '../asyncapi/samples';
import {buildRequirements} from '../security';
import {shortDescription} from '../validator/prepare';
import type {OperationView, RestModel, WsModel} from '../types';
import type {
  BuilderCredential,
  BuilderField,
  BuilderServer,
  FieldKind,
  RestBuilderModel,
  WsBuilderModel,
} from './types';

function kindOf(schema: JsonObject): FieldKind {
  const types = Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type ?? 'string')];
  for (const kind of ['array', 'integer', 'number', 'boolean'] as const)
    if (types.includes(kind)) return kind;
  return 'string';
}

function literal(value: Json | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The rule of a parameter in a few words, e.g. "integer, 10–9999" or "1–36 characters, pattern …". */
export function ruleOf(schema: JsonObject, kind: FieldKind): string {
  const parts: string[] = [];
  if (kind === 'integer' || kind === 'number') {
    parts.push(kind);
    const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    if (min !== undefined && max !== undefined) parts.push(`${min}–${max}`);
    else if (min !== undefined) parts.push(`at least ${min}`);
    else if (max !== undefined) parts.push(`at most ${max}`);
    if (typeof schema.exclusiveMinimum === 'number') parts.push(`above ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number') parts.push(`below ${schema.exclusiveMaximum}`);
  } else if (kind === 'boolean') {
    parts.push('true or false');
  } else if (kind === 'array') {
    const min = typeof schema.minItems === 'number' ? schema.minItems : undefined;
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
    parts.push(
      min !== undefined && max !== undefined
        ? `${min}–${max} values separated by commas`
        : 'values separated by commas',
    );
    if (schema.uniqueItems === true) parts.push('no repeats');
  } else {
    if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map(String).join(', ')}`);
    const min = typeof schema.minLength === 'number' ? schema.minLength : undefined;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
    if (min !== undefined && max !== undefined) parts.push(`${min}–${max} characters`);
    else if (max !== undefined) parts.push(`at most ${max} characters`);
    else if (min !== undefined) parts.push(`at least ${min} characters`);
    if (schema.format === 'date-time') parts.push('date-time');
    else if (typeof schema.format === 'string') parts.push(`format ${schema.format}`);
    if (typeof schema.pattern === 'string') parts.push(`pattern ${schema.pattern}`);
  }
  return parts.length > 0 ? parts.join(', ') : 'text';
}

function field(doc: Json, param: JsonObject): BuilderField | undefined {
  const location = String(param.in ?? 'query');
  if (!['path', 'query', 'header', 'cookie'].includes(location)) return undefined;
  const raw = param.schema ?? asObject(Object.values(asObject(param.content))[0]).schema;
  const resolved = asObject(deref(doc, raw).node);
  const kind = kindOf(resolved);
  const name = String(param.name ?? '');
  const required = param.required === true || location === 'path';
  const example = parameterExample(doc, param);
  const out: BuilderField = {
    name,
    in: location as BuilderField['in'],
    required,
    kind,
    // Required parameters open at the samples' value; optional ones at their default, else their example.
    value: required ? sampleValue(example, name) : (literal(resolved.default) ?? literal(example) ?? ''),
    rule: ruleOf(resolved, kind),
  };
  if (kind === 'array') {
    const items = asObject(deref(doc, resolved.items).node);
    const itemKind = kindOf(items);
    out.itemKind = itemKind === 'array' ? 'string' : itemKind;
    const style = typeof param.style === 'string' ? param.style : 'form';
    out.explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
    const itemRule = ruleOf(items, out.itemKind);
    if (itemRule !== 'text') out.rule = `${out.rule}; each ${itemRule}`;
  }
  if (Array.isArray(resolved.enum)) out.enum = resolved.enum.map((v) => literal(v) ?? 'null');
  else if (kind === 'boolean') out.enum = ['true', 'false'];
  if (typeof resolved.format === 'string') out.format = resolved.format;
  const def = literal(resolved.default);
  if (def !== undefined) out.default = def;
  const ex = literal(example);
  if (ex !== undefined) out.example = ex;
  const description = text(param.description) ?? text(resolved.description);
  if (description !== undefined) out.description = shortDescription(description.replace(/`/g, ''));
  return out;
}

function placeholderOf(value: string): string {
  return /<[^>]+>/.exec(value)?.[0] ?? value;
}

function restServers(doc: JsonObject, pathItem: JsonObject, operation: JsonObject): BuilderServer[] {
  const own = buildServers(operation.servers ?? pathItem.servers);
  const list = own.length > 0 ? own : buildServers(doc.servers);
  if (list.length === 0) return [{label: 'Default', url: serverUrl(undefined)}];
  return list.map((server, i) => {
    // A short description ("Pre-production") reads better than an environment key ("preproduction").
    const described = server.description?.replace(/<[^>]+>/g, '').trim();
    const label = described !== undefined && described.length <= 40 ? described : server.name;
    return {label: label ?? `Server ${i + 1}`, url: serverUrl(server)};
  });
}

/** One model per operation of the reference (webhooks and callbacks are not the reader's to call). */
export function buildRestBuilders(document: Json, model: RestModel): RestBuilderModel[] {
  const doc = asObject(document);
  const operations = model.tags.flatMap((tag) => tag.operations);
  const seen = new Set<string>();
  const out: RestBuilderModel[] = [];
  for (const view of operations) {
    if (seen.has(view.id)) continue;
    seen.add(view.id);
    const built = restBuilder(doc, view);
    if (built !== undefined) out.push(built);
  }
  return out;
}

function restBuilder(doc: JsonObject, view: OperationView): RestBuilderModel | undefined {
  const pathItem = asObject(deref(doc, asObject(doc.paths)[view.path]).node);
  // The method as the reference shows it (upper case): a fixed field or a key of 3.2's `additionalOperations`.
  const operation = pathItemOperations(pathItem).find((o) => o.method.toUpperCase() === view.method)
    ?.operation as JsonObject | undefined;
  if (operation === undefined) return undefined;
  const security = buildRequirements(operation.security) ?? buildRequirements(doc.security);
  const auth = credentials(doc, security);
  const creds: BuilderCredential[] = [
    ...auth.headers.map((c) => ({in: 'header' as const, ...c, placeholder: placeholderOf(c.value)})),
    ...auth.query.map((c) => ({in: 'query' as const, ...c, placeholder: placeholderOf(c.value)})),
    ...auth.cookies.map((c) => ({in: 'cookie' as const, ...c, placeholder: placeholderOf(c.value)})),
  ];
  const fields = operationParameters(doc, pathItem.parameters, operation.parameters).flatMap((p) => {
    const f = field(doc, p);
    return f === undefined ? [] : [f];
  });
  const target = restTarget(view.id);
  const built: RestBuilderModel = {
    kind: 'rest',
    target,
    method: view.method,
    path: view.path,
    servers: restServers(doc, pathItem, operation),
    credentials: creds,
    fields,
  };
  if (fields.length > 0) built.parametersValidator = validatorFileName(parametersTarget(view.id));
  const media = view.requestBody?.contents[0];
  if (view.requestBody !== undefined && media !== undefined) {
    const json = isJsonMedia(media.mediaType);
    const examples = media.examples.map((example, i) => ({
      label: example.name ?? example.summary ?? `Example ${i + 1}`,
      value: example.value,
    }));
    // The samples send the validator's example (the first one, or one made from the schema).
    if (view.validatorExample !== undefined && examples[0]?.value !== view.validatorExample)
      examples.unshift({label: 'Example', value: view.validatorExample});
    built.body = {mediaType: media.mediaType, json, required: view.requestBody.required, examples};
    if (json && view.hasJsonBody) built.body.validator = validatorFileName(target);
  }
  return built;
}

/** One model per message the reader sends, where the reference describes it in full. */
export function buildWsBuilders(document: Json, model: WsModel): WsBuilderModel[] {
  const doc = asObject(document);
  const defaultServer = asObject(deref(doc, Object.values(asObject(doc.servers))[0]).node);
  const auth = wsAuth(doc, defaultServer);
  const servers: BuilderServer[] = model.servers.map((server, i) => ({
    label: server.name ?? `Server ${i + 1}`,
    url: connectUrl(server),
  }));
  const out: WsBuilderModel[] = [];
  for (const channel of model.channels) {
    const sent = channel.messages.filter((m) => m.youSend);
    // The channel's subscription: the first message sent on it that subscribes (and does not unsubscribe).
    const subscription = sent.find((m) => isChannelSubscription(m.name));
    const confirmation = confirmationOf(subscription?.replies.map((r) => r.name) ?? []);
    for (const message of sent) {
      if (message.primaryRef !== undefined || message.validatorExample === undefined) continue;
      const target = wsTarget(message.name);
      const examples = message.examples
        .filter((e) => e.language === 'json')
        .map((e, i) => ({label: e.name ?? e.summary ?? `Example ${i + 1}`, value: e.value}));
      if (examples[0]?.value !== message.validatorExample)
        examples.unshift({label: 'Example', value: message.validatorExample});
      const built: WsBuilderModel = {
        kind: 'ws',
        target,
        message: message.name,
        channel: channel.title ?? channel.key,
        address: channel.address,
        servers,
        examples,
        validator: validatorFileName(target),
      };
      if (auth !== undefined) built.auth = {...auth, placeholder: placeholderOf(auth.value)};
      if (subscription?.validatorExample !== undefined && subscription.name !== message.name)
        built.subscribe = {
          message: subscription.name,
          payload: subscription.validatorExample,
          ...(confirmation !== undefined ? {confirmation} : {}),
        };
      out.push(built);
    }
  }
  return out;
}
