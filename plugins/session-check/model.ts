/**
 * The session model: what the checker needs of the documents, computed once (at build time for
 * the page, at start for the command). Pure: the documents and their reference view models in,
 * the model out. Anchors come from the view models (the ids the pages render), so a link in a
 * report lands where the reference shows the message or field.
 */
import {operationId as anchorOperationId} from '../api-reference/client/anchors';
import {ROUTES} from '../api-reference/client/routes';
import {
  parametersTarget as parametersTargetOf,
  restTarget,
  wsTarget,
} from '../api-reference/client/validators';
import {
  asObject,
  atPointer,
  deref,
  derefAt,
  escapePointerToken,
  isObject,
  mergeParameters,
  parameterKey,
  pathItemOperations,
  tokensOfPointer,
  type Json,
  type JsonObject,
} from '../api-reference/document';
import {listChannels, listOperations} from '../api-reference/asyncapi/model';
import {payloadSchemaAt} from '../api-reference/validator/targets';
import type {RestModel, WsModel} from '../api-reference/types';
import {isChannelSubscriptionName, isChannelUnsubscription} from './client/rules';
import type {
  RestOperation,
  RestParameter,
  SessionChannel,
  SessionMessage,
  SessionModel,
} from './client/types';

/** The target of a response body's validator: `rest-response:<operationId>:<status>`. */
export function responseTarget(operationId: string, status: string): string {
  return `rest-response:${operationId}:${status}`;
}

/** The single member a message's payload must have (its envelope), when the schema says so. */
function envelopeOf(asyncapi: JsonObject, payloadPointer: string | null): string | undefined {
  if (payloadPointer === null) return undefined;
  const schema = derefAt(asyncapi, payloadPointer).node;
  if (!isObject(schema) || !Array.isArray(schema.required) || schema.required.length !== 1) return undefined;
  const only = schema.required[0];
  return typeof only === 'string' ? only : undefined;
}

function correlationOf(asyncapi: JsonObject, message: JsonObject): string[] | undefined {
  const location = asObject(deref(asyncapi, message.correlationId).node).location;
  const m = typeof location === 'string' ? /^\$message\.payload#(\/.*)$/.exec(location) : null;
  return m?.[1] !== undefined ? tokensOfPointer(m[1]) : undefined;
}

/** Every element id a view model gives (the anchors its page renders). */
function collectIds(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
    return;
  }
  if (!isObject(value as Json)) return;
  const object = value as JsonObject;
  if (typeof object.id === 'string') into.add(object.id);
  for (const child of Object.values(object))
    if (typeof child === 'object' && child !== null) collectIds(child, into);
}

function kindOf(openapi: JsonObject, schemaPointer: string): RestParameter['kind'] {
  const schema = asObject(derefAt(openapi, schemaPointer).node);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type === 'integer' ||
    type === 'number' ||
    type === 'boolean' ||
    type === 'array' ||
    type === 'object'
    ? type
    : 'string';
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

function restOperations(openapi: JsonObject): {
  operations: RestOperation[];
  responsePointers: Map<string, string>;
} {
  const operations: RestOperation[] = [];
  const responsePointers = new Map<string, string>();
  for (const pathKey of Object.keys(asObject(openapi.paths))) {
    const pathItem = derefAt(openapi, `/paths/${escapePointerToken(pathKey)}`);
    if (!isObject(pathItem.node)) continue;
    for (const {method, at, operation} of pathItemOperations(pathItem.node)) {
      const opPointer = `${pathItem.pointer}${at}`;
      const id = anchorOperationId(
        typeof operation.operationId === 'string' ? operation.operationId : undefined,
        method,
        pathKey,
      );
      const located = [pathItem.pointer, opPointer].flatMap((holder) => {
        const list = atPointer(openapi, `${holder}/parameters`);
        return Array.isArray(list) ? list.map((_p, i) => derefAt(openapi, `${holder}/parameters/${i}`)) : [];
      });
      const parameters = mergeParameters(
        located.flatMap(({node, pointer}): RestParameter[] => {
          if (!isObject(node) || typeof node.name !== 'string') return [];
          const where = node.in;
          if (where !== 'query' && where !== 'path' && where !== 'header' && where !== 'cookie') return [];
          return [
            {
              name: node.name,
              in: where,
              kind: node.schema === undefined ? 'string' : kindOf(openapi, `${pointer}/schema`),
            },
          ];
        }),
        parameterKey,
      );
      const responses: RestOperation['responses'] = [];
      for (const status of Object.keys(asObject(operation.responses))) {
        const response = derefAt(openapi, `${opPointer}/responses/${escapePointerToken(status)}`);
        const content = isObject(response.node) ? asObject(response.node.content) : {};
        const media = Object.keys(content).find((type) => JSON_MEDIA.test(type));
        const mediaPointer =
          media === undefined ? undefined : `${response.pointer}/content/${escapePointerToken(media)}`;
        if (
          mediaPointer !== undefined &&
          isObject(atPointer(openapi, mediaPointer)) &&
          asObject(atPointer(openapi, mediaPointer)).schema !== undefined
        ) {
          const target = responseTarget(id, status);
          responsePointers.set(target, `${mediaPointer}/schema`);
          responses.push({status, target});
        } else responses.push({status});
      }
      operations.push({id, method: method.toUpperCase(), path: pathKey, anchor: id, parameters, responses});
    }
  }
  return {operations, responsePointers};
}

export interface SessionModelInput {
  openapi: JsonObject;
  asyncapi: JsonObject;
  ws: WsModel;
  /**
   * Not read: every anchor the checker links to on /rest is the operation's id, which the
   * document gives. Accepted so that callers may pass the reference models as they have them.
   */
  rest?: RestModel;
  /** Targets that have a compiled validator (validators.ts): the others are left out of the model. */
  compiled: ReadonlySet<string>;
}

export function buildSessionModel({openapi, asyncapi, ws, compiled}: SessionModelInput): SessionModel {
  const channels = listChannels(asyncapi);
  const operations = listOperations(asyncapi, channels);
  const pairs: SessionModel['pairs'] = [];
  const sessionChannels = channels.map((channel): SessionChannel => {
    const view = ws.channels.find((c) => c.key === channel.key);
    const from = new Map<string, 'client' | 'server'>();
    for (const op of operations) {
      if (op.channel === channel.key)
        for (const name of op.messages)
          if (!from.has(name)) from.set(name, op.action === 'receive' ? 'client' : 'server');
      if (
        op.action === 'receive' &&
        op.reply !== undefined &&
        (op.reply.channel ?? op.channel) === channel.key
      )
        for (const name of op.reply.messages) if (!from.has(name)) from.set(name, 'server');
      if (op.action === 'receive' && op.reply !== undefined && op.channel === channel.key)
        for (const request of op.messages)
          pairs.push({
            channel: channel.key,
            request,
            replies: op.reply.messages,
            operation: `#/operations/${op.key}`,
          });
    }
    const messages = channel.messages.flatMap(({key, name, message}): SessionMessage[] => {
      const side = from.get(name);
      if (side === undefined) return [];
      const shown = view?.messages.find((m) => m.name === name);
      const anchor =
        shown === undefined ? name : shown.primary ? shown.id : (shown.primaryRef?.id ?? shown.id);
      const messagePointer = `/channels/${escapePointerToken(channel.key)}/messages/${escapePointerToken(key)}`;
      const payload = payloadSchemaAt(asyncapi, `${derefAt(asyncapi, messagePointer).pointer}/payload`);
      const envelope = envelopeOf(asyncapi, payload.pointer);
      const correlation = correlationOf(asyncapi, message);
      return [
        {
          name,
          from: side,
          target: wsTarget(name),
          anchor,
          ...(envelope !== undefined ? {envelope} : {}),
          ...(correlation !== undefined ? {correlation} : {}),
        },
      ];
    });
    const clientNames = messages.filter((m) => m.from === 'client').map((m) => m.name);
    const subscriptionName = clientNames.find(isChannelSubscriptionName);
    const subscriptionPair = pairs.find((p) => p.channel === channel.key && p.request === subscriptionName);
    return {
      key: channel.key,
      address: typeof channel.channel.address === 'string' ? channel.channel.address : null,
      anchor: view?.id ?? channel.key,
      messages,
      ...(subscriptionName !== undefined
        ? {subscription: {message: subscriptionName, replies: subscriptionPair?.replies ?? []}}
        : {}),
      unsubscriptions: clientNames.filter(isChannelUnsubscription),
    };
  });
  const wsServers = Object.entries(asObject(asyncapi.servers)).flatMap(([name, raw]) => {
    const server = asObject(deref(asyncapi, raw).node);
    return typeof server.host === 'string'
      ? [{name, host: server.host, protocol: typeof server.protocol === 'string' ? server.protocol : ''}]
      : [];
  });
  const restServers = (Array.isArray(openapi.servers) ? openapi.servers : []).flatMap((s) =>
    isObject(s) && typeof s.url === 'string' ? [s.url] : [],
  );
  const rest = restOperations(openapi);
  const restOps = rest.operations.map((op): RestOperation => {
    const parametersTarget = parametersTargetOf(op.id);
    const bodyTarget = restTarget(op.id);
    return {
      ...op,
      ...(compiled.has(parametersTarget) ? {parametersTarget} : {}),
      ...(compiled.has(bodyTarget) ? {bodyTarget} : {}),
      responses: op.responses.map((r) =>
        r.target !== undefined && compiled.has(r.target) ? r : {status: r.status},
      ),
    };
  });
  const wsAnchors = new Set<string>();
  collectIds(ws.channels, wsAnchors);
  collectIds(ws.schemas ?? [], wsAnchors);
  return {
    wsServers,
    restServers,
    channels: sessionChannels,
    pairs,
    operations: restOps,
    wsAnchors: [...wsAnchors].sort(),
    routes: {ws: ROUTES.ws, rest: ROUTES.rest},
    targets: [...compiled].sort(),
  };
}

/** Where each REST response body's schema is, by target (validators.ts compiles them). */
export function responseSchemaPointers(openapi: JsonObject): Map<string, string> {
  return restOperations(openapi).responsePointers;
}
