/**
 * The AsyncAPI 3 document as the builders need it: channels with their
 * messages under stable names, and operations resolved to those names.
 * Directions are kept as the document states them (server side); the view
 * builders turn them around for the reader.
 */
import {
  asArray,
  asObject,
  deref,
  isObject,
  messageName,
  pointer,
  refName,
  text,
  unescapePointerToken,
  type Json,
  type JsonObject,
} from '../document';
import type {ChannelView} from '../types';

/**
 * Root extension the loader sets on a document it converted from AsyncAPI 2.x:
 * the original version, so the page can say the document was converted.
 */
export const CONVERTED_FROM = 'x-converted-from';

export interface ChannelEntry {
  key: string;
  channel: JsonObject;
  /** Message key in the channel → message name (components/messages key, else the channel's key). */
  messages: {key: string; name: string; message: JsonObject}[];
}

export interface OperationEntry {
  key: string;
  operation: JsonObject;
  /** `send`: the server sends (the reader receives); `receive`: the reader sends. */
  action: 'send' | 'receive';
  channel: string | undefined;
  messages: string[];
  reply?: {channel: string | undefined; address?: string; messages: string[]};
}

const CHANNEL = /^#\/channels\/([^/]+)$/;

function decode(token: string): string {
  return unescapePointerToken(decodeURIComponent(token));
}

export function listChannels(doc: Json): ChannelEntry[] {
  return Object.entries(asObject(asObject(doc).channels)).map(([key, raw]) => {
    const channel = asObject(deref(doc, raw).node);
    const messages = Object.entries(asObject(channel.messages)).map(([messageKey, value]) => ({
      key: messageKey,
      // Its components/messages name when it refers to one, else its key here.
      name:
        messageName([...deref(doc, value).refs, pointer(['channels', key, 'messages', messageKey])]) ??
        messageKey,
      message: asObject(deref(doc, value).node),
    }));
    return {key, channel, messages};
  });
}

function channelKey(doc: Json, value: Json | undefined): string | undefined {
  if (isObject(value) && typeof value.$ref === 'string') {
    const m = CHANNEL.exec(value.$ref);
    if (m?.[1] !== undefined) return decode(m[1]);
  }
  return undefined;
}

/** A message's content, key order and parser annotations aside: two copies of one message compare equal. */
function canonical(value: Json | undefined): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .filter((k) => !k.startsWith('x-parser-'))
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The channel message an operation's inline message is. Bundlers (Redocly's,
 * the AsyncAPI parser's resolver) replace an operation's
 * `$ref: '#/channels/x/messages/y'` by the message itself; it is still that
 * message: the same object, the same parser id, or an equal copy.
 */
function sameMessage(
  doc: Json,
  candidates: ChannelEntry['messages'],
  item: Json,
): ChannelEntry['messages'][number] | undefined {
  const node = deref(doc, item).node;
  if (!isObject(node)) return undefined;
  const byObject = candidates.find((m) => m.message === node);
  if (byObject !== undefined) return byObject;
  for (const id of ['x-parser-unique-object-id', 'x-parser-message-name']) {
    const value = text(node[id]);
    const byId = value !== undefined ? candidates.find((m) => m.message[id] === value) : undefined;
    if (byId !== undefined) return byId;
  }
  const shape = canonical(node);
  return candidates.find((m) => canonical(m.message) === shape);
}

/** Resolves an operation's messages to message names, using the channel's own naming. */
function messageNames(
  doc: Json,
  channels: ChannelEntry[],
  list: Json | undefined,
  channel: string | undefined,
  where: string,
): string[] {
  const names: string[] = [];
  const own = channels.find((c) => c.key === channel);
  if (list === undefined) {
    // No `messages`: the operation covers every message of its channel.
    return own?.messages.map((m) => m.name) ?? [];
  }
  asArray(list).forEach((item, index) => {
    const ref = isObject(item) ? text(item.$ref) : undefined;
    let name: string | undefined;
    if (ref !== undefined) {
      name = messageName(deref(doc, item).refs) ?? refName(ref);
    } else {
      // No `$ref` to go by: find the message by identity, in the channel first.
      const candidates = own?.messages ?? channels.flatMap((c) => c.messages);
      name = sameMessage(doc, candidates, item)?.name ?? text(asObject(item).name);
      if (name === undefined) {
        throw new Error(
          `AsyncAPI ${where}: message ${index + 1} is written out instead of referenced, and it is none of the messages of channel "${channel ?? '(none)'}", so the page cannot tell which message the operation sends or receives. Reference the channel's message instead ($ref: '#/channels/${channel ?? '<channel>'}/messages/<name>').`,
        );
      }
    }
    if (!names.includes(name)) names.push(name);
  });
  return names;
}

/** The channel an operation names, by `$ref` or, when a bundler wrote it out, by identity. */
function channelOf(doc: Json, channels: ChannelEntry[], value: Json | undefined): string | undefined {
  const byRef = channelKey(doc, value);
  if (byRef !== undefined || value === undefined) return byRef;
  const node = deref(doc, value).node;
  if (!isObject(node)) return undefined;
  const id = text(node['x-parser-unique-object-id']);
  const shape = canonical(node);
  return (
    channels.find((c) => c.channel === node) ??
    (id !== undefined ? channels.find((c) => c.channel['x-parser-unique-object-id'] === id) : undefined) ??
    channels.find((c) => canonical(c.channel) === shape)
  )?.key;
}

export function listOperations(doc: Json, channels: ChannelEntry[]): OperationEntry[] {
  return Object.entries(asObject(asObject(doc).operations)).map(([key, raw]) => {
    const operation = asObject(deref(doc, raw).node);
    const channel = channelOf(doc, channels, operation.channel);
    const entry: OperationEntry = {
      key,
      operation,
      action: operation.action === 'send' ? 'send' : 'receive',
      channel,
      messages: messageNames(doc, channels, operation.messages, channel, `operation "${key}"`),
    };
    if (operation.reply !== undefined) {
      const reply = asObject(deref(doc, operation.reply).node);
      const replyChannel =
        channelOf(doc, channels, reply.channel) ??
        (reply.channel === undefined && reply.address === undefined ? channel : undefined);
      const address =
        text(asObject(deref(doc, reply.address).node).location) ??
        text(asObject(deref(doc, reply.address).node).description);
      entry.reply = {
        channel: replyChannel,
        messages: messageNames(doc, channels, reply.messages, replyChannel, `reply of operation "${key}"`),
      };
      if (address !== undefined) entry.reply.address = address;
    }
    return entry;
  });
}

/**
 * The build fails rather than label a message "No operation uses this message"
 * while an operation sends or receives it (the defect a bundled document used
 * to cause, with no warning).
 */
export function assertUsedMessagesShown(views: ChannelView[], operations: OperationEntry[]): void {
  const defects: string[] = [];
  const check = (op: OperationEntry, channel: string | undefined, names: string[], what: string): void => {
    const view = views.find((v) => v.key === channel);
    if (channel === undefined || view === undefined) return;
    for (const name of names) {
      const shown = view.messages.find((m) => m.name === name);
      if (shown === undefined)
        defects.push(
          `${what} of operation "${op.key}" is "${name}", which channel "${channel}" does not list`,
        );
      else if (!shown.youSend && !shown.youReceive)
        defects.push(
          `"${name}" in channel "${channel}" would be shown as used by no operation, but ${what} of operation "${op.key}" is this message`,
        );
    }
  };
  for (const op of operations) {
    if (op.channel === undefined && op.operation.channel !== undefined)
      defects.push(`the channel of operation "${op.key}" is none of the document's channels`);
    check(op, op.channel, op.messages, 'a message');
    if (op.reply !== undefined) check(op, op.reply.channel ?? op.channel, op.reply.messages, 'a reply');
  }
  if (defects.length > 0) {
    throw new Error(
      `The WebSocket reference would misstate who sends which message:\n${defects
        .slice(0, 10)
        .map((d) => `  - ${d}`)
        .join(
          '\n',
        )}\nEvery operation must reference its channel's messages ('#/channels/<channel>/messages/<name>').`,
    );
  }
}
