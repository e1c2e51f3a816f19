/**
 * AsyncAPI 3 document → WsModel, written from the reader's side. In AsyncAPI
 * an operation's `action` is the application's (the server's): `receive` means
 * the server receives, so the reader sends; `send` means the reader receives.
 * A request's `reply` lists what the reader can get back.
 */
import {IdRegistry} from '../client/anchors';
import {asArray, asObject, deref, isObject, text, type Json, type JsonObject} from '../document';
import {escapeHtml} from '../markdown';
import {describe, readingHtml, readingOf} from '../readings';
import {SECTION_IDS} from '../client/anchors';
import {DATA_TYPES_SECTION, shareDataTypes} from '../schema/dataTypes';
import {buildSecuritySchemes, findScheme, inlineAsyncSchemes} from '../security';
import type {ChannelView, SchemaNode, TocItem, WsModel} from '../types';
import {buildChannel, channelLabel, withUnlistedMessages} from './channels';
import {buildFlows} from './flows';
import {buildMessage, type MessageContext} from './messages';
import {assertUsedMessagesShown, CONVERTED_FROM, listChannels, listOperations} from './model';
import {placeMessages} from './placements';
import {buildWsServers} from './servers';

export {channelLabel, UNLISTED_CHANNEL} from './channels';
export {SERVER, YOU} from './flows';

export const WS_SECTIONS = {
  servers: SECTION_IDS.servers,
  authentication: SECTION_IDS.authentication,
  dataTypes: DATA_TYPES_SECTION,
  schemas: SECTION_IDS.schemas,
} as const;

export function wsAuth(doc: Json, server: JsonObject): {header: string; value: string} | undefined {
  for (const item of asArray(server.security)) {
    const scheme =
      isObject(item) && typeof item.$ref === 'string'
        ? (findScheme(doc, item.$ref.split('/').pop() ?? '') ?? {})
        : asObject(item);
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer')
      return {header: 'Authorization', value: 'Bearer <token>'};
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic')
      return {header: 'Authorization', value: 'Basic <base64 of user:password>'};
    if (scheme.type === 'httpApiKey' && scheme.in === 'header')
      return {header: String(scheme.name ?? 'X-API-Key'), value: '<api key>'};
    if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect')
      return {header: 'Authorization', value: 'Bearer <token>'};
  }
  return undefined;
}

/**
 * The orchestrator: section anchors first, then channels (with the messages no
 * channel lists), where each message is written out, and per channel its
 * messages and flows; then servers, security and the shared data types.
 */
export function buildWsModel(document: Json): WsModel {
  const doc = asObject(document);
  const info = asObject(doc.info);
  const ids = new IdRegistry();
  for (const section of Object.values(WS_SECTIONS)) ids.claim(section);

  const channels = withUnlistedMessages(doc, listChannels(doc));
  const operations = listOperations(doc, channels);
  const placements = placeMessages(channels, ids);

  const servers = buildWsServers(doc);
  const defaultServer = asObject(deref(doc, Object.values(asObject(doc.servers))[0]).node);
  const socket = servers[0] !== undefined && /^wss?$/i.test(servers[0].protocol ?? '');
  const context: MessageContext = {
    doc,
    ids,
    placements,
    socketServer: socket ? servers[0] : undefined,
    auth: wsAuth(doc, defaultServer),
  };

  const channelViews: ChannelView[] = channels.map((c) => {
    const view = buildChannel(doc, c, placements.channelIds.get(c.key) ?? c.key);
    const onChannel = operations.filter((op) => op.channel === c.key);
    const repliesHere = operations.filter(
      (op) => op.reply !== undefined && (op.reply.channel ?? op.channel) === c.key,
    );
    view.messages = c.messages.map((m) => buildMessage(context, c, m, onChannel, repliesHere));
    view.flows = buildFlows(doc, c, onChannel, placements.titleOf);
    return view;
  });
  assertUsedMessagesShown(channelViews, operations);

  const model: WsModel = {
    title: text(info.title) ?? 'AsyncAPI',
    version: text(info.version) ?? '',
    asyncapi: String(doc.asyncapi ?? ''),
    servers,
    securitySchemes: [
      ...buildSecuritySchemes(doc),
      ...Object.entries(asObject(doc.servers)).flatMap(([key, server]) =>
        inlineAsyncSchemes(asObject(deref(doc, server).node).security, key),
      ),
      ...operations.flatMap((op) => inlineAsyncSchemes(op.operation.security, op.key)),
    ],
    channels: channelViews,
    toc: [],
  };
  // The document's readings of the whole (on the root or on info) show with its description.
  const rootReading = readingOf(doc);
  const overview = `${describe(info, 2) ?? ''}${rootReading !== undefined ? readingHtml(rootReading) : ''}`;
  if (overview !== '') model.description = overview;
  const convertedFrom = text(doc[CONVERTED_FROM]);
  if (convertedFrom !== undefined) model.convertedFrom = convertedFrom;
  const dct = text(doc.defaultContentType);
  if (dct !== undefined) model.defaultContentType = dct;
  const dataTypes = shareDataTypes(wsSchemas(model), ids);
  if (dataTypes.length > 0) model.dataTypes = dataTypes;
  model.toc = wsToc(model);
  return model;
}

/** Every message's headers and payload, where the message is written out in full. */
export function* wsSchemas(model: Pick<WsModel, 'channels'>): Generator<SchemaNode | undefined> {
  for (const channel of model.channels)
    for (const message of channel.messages) {
      yield message.headers;
      yield message.payload;
    }
}

export function wsToc(model: WsModel): TocItem[] {
  const toc: TocItem[] = [];
  if (model.servers.length > 0) toc.push({value: 'Servers', id: WS_SECTIONS.servers, level: 2});
  if (model.securitySchemes.length > 0)
    toc.push({value: 'Authentication', id: WS_SECTIONS.authentication, level: 2});
  for (const channel of model.channels) {
    toc.push({value: escapeHtml(channelLabel(channel)), id: channel.id, level: 2});
    for (const message of channel.messages)
      toc.push({value: escapeHtml(message.name), id: message.id, level: 3});
  }
  if ((model.schemas?.length ?? 0) > 0) {
    toc.push({value: 'Schemas', id: WS_SECTIONS.schemas, level: 2});
    for (const schema of model.schemas ?? [])
      toc.push({value: escapeHtml(schema.title), id: schema.id, level: 3});
  }
  if ((model.dataTypes?.length ?? 0) > 0) {
    toc.push({value: 'Data types', id: WS_SECTIONS.dataTypes, level: 2});
    for (const type of model.dataTypes ?? [])
      toc.push({value: escapeHtml(type.title), id: type.id, level: 3});
  }
  return toc;
}
