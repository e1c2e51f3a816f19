/**
 * AsyncAPI 3 document → WsModel, written from the reader's side. In AsyncAPI
 * an operation's `action` is the application's (the server's): `receive` means
 * the server receives, so the reader sends; `send` means the reader receives.
 * A request's `reply` lists what the reader can get back.
 */
import {channelId, IdRegistry} from '../anchors';
import {asArray, asObject, deref, isObject, prettyJson, text, type Json, type JsonObject} from '../json';
import {escapeHtml, markdown, plainText} from '../markdown';
import {buildSchema} from '../schema/build';
import {SECTION_IDS} from '../client/anchors';
import {DATA_TYPES_SECTION, shareDataTypes} from '../schema/dataTypes';
import {sampleFromSchema} from '../schema/sample';
import {asyncRequirementKeys, buildSecuritySchemes, findScheme, inlineAsyncSchemes} from '../security';
import type {
  ChannelView,
  ExampleView,
  FlowStep,
  FlowView,
  MessageRef,
  MessageView,
  SchemaNode,
  TocItem,
  WsModel,
} from '../types';
import {
  assertUsedMessagesShown,
  CONVERTED_FROM,
  listChannels,
  listOperations,
  type ChannelEntry,
  type OperationEntry,
} from './model';
import {buildWsSamples} from './samples';
import {buildWsServers, connectUrl} from './servers';

export const WS_SECTIONS = {
  servers: SECTION_IDS.servers,
  authentication: SECTION_IDS.authentication,
  dataTypes: DATA_TYPES_SECTION,
} as const;
export const YOU = 'You';
export const SERVER = 'Server';
/** Messages the document defines but no channel lists still get a section (nothing is dropped). */
export const UNLISTED_CHANNEL = '(messages in no channel)';

/** The payload schema, unwrapping AsyncAPI's multi-format schema object. */
function payloadSchema(message: JsonObject): Json | undefined {
  const payload = message.payload;
  if (isObject(payload) && typeof payload.schemaFormat === 'string' && payload.schema !== undefined)
    return payload.schema;
  return payload;
}

interface ExampleValue {
  view: ExampleView;
  payload: Json;
  name?: string;
}

function examples(doc: Json, message: JsonObject): ExampleValue[] {
  const list = asArray(message.examples).flatMap((raw, i): ExampleValue[] => {
    const example = asObject(deref(doc, raw).node);
    if (example.payload === undefined) return [];
    const name = text(example.name);
    const view: ExampleView = {
      value: prettyJson(example.payload),
      language: 'json',
      ...(name !== undefined ? {name} : {}),
    };
    const summaryText = text(example.summary);
    if (summaryText !== undefined) view.summary = summaryText;
    return [{view, payload: example.payload, ...(name !== undefined ? {name} : {name: `example ${i + 1}`})}];
  });
  if (list.length > 0) return list;
  const made = sampleFromSchema(doc, payloadSchema(message), 'message');
  if (made === undefined) return [];
  return [
    {
      view: {
        value: prettyJson(made),
        language: 'json',
        summary: 'Made from the schema (the document gives no example)',
      },
      payload: made,
    },
  ];
}

function mentions(value: Json, needle: string): boolean {
  if (typeof value === 'string') return value === needle;
  if (Array.isArray(value)) return value.some((v) => mentions(v, needle));
  if (isObject(value)) return Object.values(value).some((v) => mentions(v, needle));
  return false;
}

/** A message shared by channels often has one example per channel: prefer those naming this channel. */
function examplesFor(list: ExampleValue[], channel: string): ExampleValue[] {
  const matching = list.filter((e) => mentions(e.payload, channel));
  return matching.length > 0 ? matching : list;
}

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

interface Placement {
  channel: string;
  name: string;
  id: string;
  primary: boolean;
}

export function buildWsModel(document: Json): WsModel {
  const doc = asObject(document);
  const info = asObject(doc.info);
  const ids = new IdRegistry();
  for (const section of Object.values(WS_SECTIONS)) ids.claim(section);

  const channels: ChannelEntry[] = listChannels(doc);
  const listed = new Set(channels.flatMap((c) => c.messages.map((m) => m.name)));
  const unlisted = Object.entries(asObject(asObject(doc.components).messages)).filter(
    ([name]) => !listed.has(name),
  );
  if (unlisted.length > 0) {
    channels.push({
      key: UNLISTED_CHANNEL,
      channel: {},
      messages: unlisted.map(([name, raw]) => ({key: name, name, message: asObject(deref(doc, raw).node)})),
    });
  }
  const operations = listOperations(doc, channels);

  // Anchors first: channels, then each message's first appearance, then repeats.
  const channelIds = new Map(
    channels.map((c) => [c.key, ids.claim(channelId(c.key === UNLISTED_CHANNEL ? 'none' : c.key))]),
  );
  const placements: Placement[] = [];
  for (const c of channels) {
    for (const m of c.messages) {
      const primary = !placements.some((p) => p.name === m.name);
      if (primary) placements.push({channel: c.key, name: m.name, id: ids.claim(m.name), primary});
    }
  }
  for (const c of channels) {
    for (const m of c.messages) {
      if (!placements.some((p) => p.name === m.name && p.channel === c.key)) {
        placements.push({
          channel: c.key,
          name: m.name,
          id: ids.claim(`${channelIds.get(c.key) ?? c.key}.${m.name}`),
          primary: false,
        });
      }
    }
  }
  const place = (name: string, channel: string | undefined): Placement | undefined =>
    placements.find((p) => p.name === name && p.channel === channel) ??
    placements.find((p) => p.name === name && p.primary);
  const titleOf = (name: string): string | undefined => {
    for (const c of channels) {
      const m = c.messages.find((x) => x.name === name);
      if (m !== undefined) return text(m.message.title);
    }
    return undefined;
  };
  const ref = (name: string, channel: string | undefined): MessageRef => {
    const p = place(name, channel);
    const title = titleOf(name);
    return {name, id: p?.id ?? name, ...(title !== undefined ? {title} : {})};
  };

  const servers = buildWsServers(doc);
  const defaultServer = asObject(deref(doc, Object.values(asObject(doc.servers))[0]).node);
  const socket = servers[0] !== undefined && /^wss?$/i.test(servers[0].protocol ?? '');
  const auth = wsAuth(doc, defaultServer);

  const channelViews: ChannelView[] = channels.map((c) => {
    const view: ChannelView = {
      key: c.key,
      id: channelIds.get(c.key) ?? c.key,
      address: address(c),
      parameters: Object.entries(asObject(c.channel.parameters)).map(([name, raw]) => {
        const p = asObject(deref(doc, raw).node);
        const description = markdown(p.description, 5);
        return {
          name,
          ...(description !== undefined ? {description} : {}),
          ...(Array.isArray(p.enum) ? {enum: p.enum.map(String)} : {}),
          ...(p.default !== undefined ? {default: String(p.default)} : {}),
          ...(Array.isArray(p.examples) ? {examples: p.examples.map(String)} : {}),
          ...(typeof p.location === 'string' ? {location: p.location} : {}),
        };
      }),
      messages: [],
      flows: [],
    };
    const title = text(c.channel.title);
    if (title !== undefined) view.title = title;
    const description = markdown(c.channel.description ?? c.channel.summary, 3);
    if (description !== undefined) view.description = description;
    const channelServers = asArray(c.channel.servers).flatMap((s) =>
      isObject(s) && typeof s.$ref === 'string' ? [s.$ref.split('/').pop() ?? ''] : [],
    );
    if (channelServers.length > 0) view.servers = channelServers;
    const bindings = Object.keys(asObject(c.channel.bindings));
    if (bindings.length > 0) view.bindings = bindings;

    const onChannel = operations.filter((op) => op.channel === c.key);
    const repliesHere = operations.filter(
      (op) => op.reply !== undefined && (op.reply.channel ?? op.channel) === c.key,
    );
    view.messages = c.messages.map((m) => buildMessage(c, m, onChannel, repliesHere));
    view.flows = buildFlows(c, onChannel, titleOf);
    return view;
  });
  assertUsedMessagesShown(channelViews, operations);

  function buildMessage(
    c: ChannelEntry,
    m: ChannelEntry['messages'][number],
    onChannel: OperationEntry[],
    repliesHere: OperationEntry[],
  ): MessageView {
    const p = place(m.name, c.key);
    const primary = p?.primary === true && p.channel === c.key;
    const id = p?.id ?? m.name;
    const sentBy = onChannel.filter((op) => op.action === 'receive' && op.messages.includes(m.name));
    const receivedBy = onChannel.filter((op) => op.action === 'send' && op.messages.includes(m.name));
    const asReplyToYou = repliesHere.filter(
      (op) => op.action === 'receive' && op.reply?.messages.includes(m.name),
    );
    const asYourReply = repliesHere.filter(
      (op) => op.action === 'send' && op.reply?.messages.includes(m.name),
    );
    const youSend = sentBy.length > 0 || asYourReply.length > 0;
    const youReceive = receivedBy.length > 0 || asReplyToYou.length > 0;
    const message = m.message;
    const full = placements.find((x) => x.name === m.name && x.primary);
    const view: MessageView = {
      name: m.name,
      id,
      primary,
      youSend,
      youReceive,
      operations: [...sentBy, ...receivedBy].map((op) => {
        const description = markdown(op.operation.description ?? op.operation.summary, 5);
        const security = asyncRequirementKeys(op.operation.security, op.key);
        return {
          key: op.key,
          title: text(op.operation.title) ?? op.key,
          youSend: op.action === 'receive',
          ...(description !== undefined ? {description} : {}),
          ...(security.length > 0 ? {security} : {}),
        };
      }),
      replies: unique([
        ...sentBy.flatMap((op) =>
          (op.reply?.messages ?? []).map((r) => ref(r, op.reply?.channel ?? op.channel)),
        ),
      ]),
      replyTo: unique(
        [...asReplyToYou, ...asYourReply].flatMap((op) => op.messages.map((r) => ref(r, op.channel))),
      ),
      examples: [],
      samples: [],
    };
    if (!primary && full !== undefined) view.primaryRef = {id: full.id, channel: full.channel};
    for (const key of ['title', 'summary'] as const) {
      const value = text(message[key]);
      if (value !== undefined) view[key] = value;
    }
    const description = markdown(message.description, 4);
    if (description !== undefined) view.description = description;
    if (message.deprecated === true) view.deprecated = true;
    const contentType = text(message.contentType) ?? text(doc.defaultContentType);
    if (contentType !== undefined) view.contentType = contentType;
    const tags = asArray(message.tags).flatMap((t) =>
      isObject(t) && typeof t.name === 'string' ? [t.name] : [],
    );
    if (tags.length > 0) view.tags = tags;
    const bindings = Object.keys(asObject(message.bindings));
    if (bindings.length > 0) view.bindings = bindings;
    const correlation = asObject(deref(doc, message.correlationId).node);
    if (typeof correlation.location === 'string') {
      const d = markdown(correlation.description, 5);
      view.correlationId = {location: correlation.location, ...(d !== undefined ? {description: d} : {})};
    }
    const allExamples = examples(doc, message);
    const relevant = c.key === UNLISTED_CHANNEL ? allExamples : examplesFor(allExamples, c.key);
    if (primary) {
      if (message.headers !== undefined)
        view.headers = buildSchema(message.headers, {doc, ids, mode: 'message'}, `${id}~headers`);
      if (message.payload !== undefined)
        view.payload = buildSchema(payloadSchema(message), {doc, ids, mode: 'message'}, id);
      view.examples = allExamples.map((e) => e.view);
    } else {
      view.examples = relevant.slice(0, 1).map((e) => e.view);
    }
    const first = relevant[0];
    if (youSend && first !== undefined) {
      if (primary) view.validatorExample = prettyJson(first.payload);
      if (socket && address(c) !== null) {
        view.samples = buildWsSamples({
          url: `${connectUrl(servers[0])}${address(c) ?? ''}`,
          payload: first.payload,
          ...(auth !== undefined ? {auth} : {}),
        });
      }
    }
    return view;
  }

  /** AsyncAPI 3: no `address` means the channel key is the address; `null` means it is dynamic. */
  function address(c: ChannelEntry): string | null {
    if (c.key === UNLISTED_CHANNEL) return null;
    return typeof c.channel.address === 'string'
      ? c.channel.address
      : c.channel.address === null
        ? null
        : c.key;
  }

  function buildFlows(
    c: ChannelEntry,
    onChannel: OperationEntry[],
    title: (n: string) => string | undefined,
  ): FlowView[] {
    const requests = onChannel.filter((op) => op.action === 'receive' && op.reply !== undefined);
    const streams = onChannel.filter((op) => op.action === 'send').flatMap((op) => op.messages);
    return requests.map((op, index): FlowView => {
      const steps: FlowStep[] = [];
      for (const name of op.messages) {
        const message = c.messages.find((m) => m.name === name)?.message ?? {};
        // Named examples are the request's variants (e.g. "from a sequence number"): one arrow names them all.
        const variants = examplesFor(examples(doc, message), c.key).flatMap((e) =>
          e.name !== undefined && e.view.name !== undefined ? [e.name] : [],
        );
        steps.push({
          from: YOU,
          to: SERVER,
          label: variants.length > 1 ? `${name}: ${joinOr(variants)}` : name,
          kind: 'request',
        });
      }
      const replies = op.reply?.messages ?? [];
      for (const name of replies) {
        steps.push({
          from: SERVER,
          to: YOU,
          label: name,
          kind: 'reply',
          ...(replies.length > 1 ? {alternative: title(name) ?? name} : {}),
        });
      }
      // The channel's opening request is followed by what the server sends on the channel (its send
      // operations); the document gives no timing, so the note claims none.
      if (index === 0 && streams.length > 0) {
        steps.push({from: SERVER, to: YOU, label: 'The server also sends on this channel:', kind: 'note'});
        for (const name of streams) steps.push({from: SERVER, to: YOU, label: name, kind: 'stream'});
      }
      const flow: FlowView = {title: text(op.operation.title) ?? op.key, participants: [YOU, SERVER], steps};
      const description = plainText(op.operation.summary ?? op.operation.description, 240);
      if (description !== undefined) flow.description = description;
      return flow;
    });
  }

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
  const description = markdown(info.description, 2);
  if (description !== undefined) model.description = description;
  const convertedFrom = text(doc[CONVERTED_FROM]);
  if (convertedFrom !== undefined) model.convertedFrom = convertedFrom;
  const dct = text(doc.defaultContentType);
  if (dct !== undefined) model.defaultContentType = dct;
  const dataTypes = shareDataTypes(wsSchemas(model), ids);
  if (dataTypes.length > 0) model.dataTypes = dataTypes;
  model.toc = wsToc(model);
  return model;
}

function joinOr(items: string[]): string {
  return items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

function unique(refs: MessageRef[]): MessageRef[] {
  return refs.filter((r, i) => refs.findIndex((x) => x.id === r.id) === i);
}

export function channelLabel(channel: ChannelView): string {
  return channel.title ?? channel.key;
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
  if ((model.dataTypes?.length ?? 0) > 0) {
    toc.push({value: 'Data types', id: WS_SECTIONS.dataTypes, level: 2});
    for (const type of model.dataTypes ?? [])
      toc.push({value: escapeHtml(type.title), id: type.id, level: 3});
  }
  return toc;
}
