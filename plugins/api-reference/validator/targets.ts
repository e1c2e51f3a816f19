/**
 * Finds what a reader can send, and so what the validator panels check: the JSON
 * request body of every REST operation and the payload of every WebSocket message
 * the client sends. Pure: parsed documents in, target list out.
 */
import {operationId as anchorOperationId} from '../client/anchors';
import {restTarget, wsTarget} from '../client/validators';
import {
  atPointer,
  derefAt,
  escapePointerToken,
  isObject,
  messageName,
  pathItemOperations,
  type ParsedDocument,
  type Located,
  unescapePointerToken,
} from '../document';

/** Which JSON Schema flavour a target's schema is written in. */
export type SchemaDialect = '2020-12' | 'draft-07' | 'openapi-3.0';

export interface ValidatorTarget {
  /**
   * `rest:<operationId>` (or `rest:<method>-<path slug>` without one, as the
   * reference's anchors) or `ws:<messageName>`: the key the panels use.
   */
  target: string;
  /** Human label for messages, e.g. "POST /api/orders/bulk" or "new_order". */
  label: string;
  document: 'openapi' | 'asyncapi';
  /** JSON pointer of the schema inside its document; null when there is none to compile. */
  pointer: string | null;
  dialect: SchemaDialect;
  /** Why there is no validator, when `pointer` is null. */
  unavailable?: string;
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/** The dialect of an OpenAPI document's schemas: 3.0's own, else JSON Schema 2020-12. */
export function openApiDialect(openapi: ParsedDocument): SchemaDialect {
  const version = typeof openapi.openapi === 'string' ? openapi.openapi : '';
  return /^3\.0(\.|$)/.test(version) ? 'openapi-3.0' : '2020-12';
}

/** Every operation under `paths` that has a request body, in document order. */
export function openApiTargets(openapi: ParsedDocument): ValidatorTarget[] {
  const dialect = openApiDialect(openapi);
  const paths = isObject(openapi.paths) ? openapi.paths : {};
  const targets: ValidatorTarget[] = [];
  for (const pathKey of Object.keys(paths)) {
    const pathItem = derefAt(openapi, `/paths/${escapePointerToken(pathKey)}`);
    if (!isObject(pathItem.node)) continue;
    // The fixed methods (3.2's `query` included), then 3.2's `additionalOperations`.
    for (const {method, at, operation} of pathItemOperations(pathItem.node)) {
      const opPointer = `${pathItem.pointer}${at}`;
      if (operation.requestBody === undefined) continue;
      // The reference pages name operations the same way (anchors.ts), so `rest:<id>` matches their panels.
      const operationId = anchorOperationId(
        typeof operation.operationId === 'string' ? operation.operationId : undefined,
        method,
        pathKey,
      );
      const base = {
        target: restTarget(operationId),
        label: `${method.toUpperCase()} ${pathKey}`,
        document: 'openapi' as const,
        dialect,
      };
      const body = derefAt(openapi, `${opPointer}/requestBody`);
      const content = isObject(body.node) && isObject(body.node.content) ? body.node.content : null;
      if (content === null) {
        targets.push({...base, pointer: null, unavailable: 'the request body has no content to check'});
        continue;
      }
      const mediaTypes = Object.keys(content);
      const json =
        mediaTypes.find((type) => type.toLowerCase() === 'application/json') ??
        mediaTypes.find((type) => JSON_MEDIA_TYPE.test(type));
      if (json === undefined) {
        targets.push({
          ...base,
          pointer: null,
          unavailable: `the request body is ${mediaTypes.join(', ') || 'of no media type'}, not JSON`,
        });
        continue;
      }
      const mediaPointer = `${body.pointer}/content/${escapePointerToken(json)}`;
      const mediaType = atPointer(openapi, mediaPointer);
      if (!isObject(mediaType) || mediaType.schema === undefined) {
        targets.push({...base, pointer: null, unavailable: `the ${json} request body has no schema`});
        continue;
      }
      targets.push({...base, pointer: `${mediaPointer}/schema`});
    }
  }
  return targets;
}

/**
 * The message's name, as the WebSocket reference names it: its components/messages
 * key, else its key in the channel.
 */
function referenceMessageName(located: Located, fallback: string): string {
  const named = messageName([located.pointer, ...located.via]);
  if (named !== undefined) return named;
  const node = located.node;
  if (isObject(node) && typeof node.name === 'string' && node.name !== '') return node.name;
  return fallback;
}

/**
 * Where each message of a channel is written, by the name the WebSocket reference gives it: its
 * components/messages entry when the channel refers to one, else the channel's own entry (a message
 * written inline). The example check reads each message's payload schema there.
 */
export function channelMessageLocations(asyncapi: ParsedDocument, channelKey: string): Map<string, string> {
  const located = new Map<string, string>();
  const channel = derefAt(asyncapi, `/channels/${escapePointerToken(channelKey)}`);
  if (!isObject(channel.node) || !isObject(channel.node.messages)) return located;
  for (const key of Object.keys(channel.node.messages)) {
    const message = derefAt(asyncapi, `${channel.pointer}/messages/${escapePointerToken(key)}`);
    if (!isObject(message.node)) continue;
    const name = referenceMessageName(message, key);
    if (!located.has(name)) located.set(name, message.pointer);
  }
  return located;
}

/** `messages` of an operation or reply, or else every message of its channel. */
function messagePointers(asyncapi: ParsedDocument, holderPointer: string): string[] {
  const holder = atPointer(asyncapi, holderPointer);
  if (!isObject(holder)) return [];
  if (Array.isArray(holder.messages)) {
    return holder.messages.map((_message, index) => `${holderPointer}/messages/${index}`);
  }
  const channel = derefAt(asyncapi, `${holderPointer}/channel`);
  if (!isObject(channel.node) || !isObject(channel.node.messages)) return [];
  return Object.keys(channel.node.messages).map(
    (key) => `${channel.pointer}/messages/${escapePointerToken(key)}`,
  );
}

const JSON_SCHEMA_FORMATS: ReadonlyArray<[RegExp, SchemaDialect]> = [
  [/^application\/vnd\.aai\.asyncapi(\+json|\+yaml)?(;.*)?$/i, 'draft-07'],
  [/^application\/schema(\+json|\+yaml)?;\s*version=draft-0[4-7]$/i, 'draft-07'],
  [/^application\/schema(\+json|\+yaml)?;\s*version=2020-12$/i, '2020-12'],
  [/^application\/vnd\.oai\.openapi(\+json|\+yaml)?;\s*version=3\.0(\.\d+)?$/i, 'openapi-3.0'],
  [/^application\/vnd\.oai\.openapi(\+json|\+yaml)?;\s*version=3\.1(\.\d+)?$/i, '2020-12'],
];

/**
 * Where a message's payload schema is and in which dialect it is written: AsyncAPI's own
 * schema format (draft-07) unless a multi-format schema object names another. Shared by the
 * reader's validators and the build's example check.
 */
export function payloadSchemaAt(
  asyncapi: ParsedDocument,
  payloadPointer: string,
): Pick<ValidatorTarget, 'pointer' | 'dialect' | 'unavailable'> {
  const payload = derefAt(asyncapi, payloadPointer);
  if (payload.node === undefined) {
    return {pointer: null, dialect: 'draft-07', unavailable: 'the message has no payload schema'};
  }
  if (isObject(payload.node) && typeof payload.node.schemaFormat === 'string' && 'schema' in payload.node) {
    const format = payload.node.schemaFormat;
    const known = JSON_SCHEMA_FORMATS.find(([pattern]) => pattern.test(format.trim()));
    if (known === undefined) {
      return {
        pointer: null,
        dialect: 'draft-07',
        unavailable: `the payload schema is written in ${format}, not JSON Schema`,
      };
    }
    return {pointer: `${payload.pointer}/schema`, dialect: known[1]};
  }
  return {pointer: payload.pointer, dialect: 'draft-07'};
}

function payloadTarget(
  asyncapi: ParsedDocument,
  messagePointer: string,
): Pick<ValidatorTarget, 'pointer' | 'dialect' | 'unavailable'> {
  return payloadSchemaAt(asyncapi, `${messagePointer}/payload`);
}

/**
 * Messages the reader sends: those of `receive` operations (the document speaks
 * for the server) and the replies of `send` operations (the client answers them).
 */
export function asyncApiTargets(asyncapi: ParsedDocument): ValidatorTarget[] {
  const operations = isObject(asyncapi.operations) ? asyncapi.operations : {};
  const seen = new Set<string>();
  const targets: ValidatorTarget[] = [];
  for (const operationKey of Object.keys(operations)) {
    const operation = derefAt(asyncapi, `/operations/${escapePointerToken(operationKey)}`);
    if (!isObject(operation.node)) continue;
    const holders: string[] = [];
    if (operation.node.action === 'receive') holders.push(operation.pointer);
    if (operation.node.action === 'send' && operation.node.reply !== undefined) {
      const reply = derefAt(asyncapi, `${operation.pointer}/reply`);
      if (isObject(reply.node)) holders.push(reply.pointer);
    }
    for (const holder of holders) {
      for (const pointer of messagePointers(asyncapi, holder)) {
        const message = derefAt(asyncapi, pointer);
        if (!isObject(message.node)) continue;
        const fallback = unescapePointerToken(pointer.slice(pointer.lastIndexOf('/') + 1));
        const name = referenceMessageName(message, fallback);
        if (seen.has(name)) continue;
        seen.add(name);
        targets.push({
          target: wsTarget(name),
          label: name,
          document: 'asyncapi',
          ...payloadTarget(asyncapi, message.pointer),
        });
      }
    }
  }
  return targets;
}

export function findTargets(documents: {
  openapi: ParsedDocument;
  asyncapi: ParsedDocument | null;
}): ValidatorTarget[] {
  return [
    ...openApiTargets(documents.openapi),
    ...(documents.asyncapi === null ? [] : asyncApiTargets(documents.asyncapi)),
  ];
}
