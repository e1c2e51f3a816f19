/**
 * The AsyncAPI 3 document as the builders need it: channels with their
 * messages under stable names, and operations resolved to those names.
 * Directions are kept as the document states them (server side); the view
 * builders turn them around for the reader.
 */
import {asArray, asObject, deref, isObject, refName, text, type Json, type JsonObject} from '../json';

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

const COMPONENT_MESSAGE = /^#\/components\/messages\/([^/]+)$/;
const CHANNEL_MESSAGE = /^#\/channels\/([^/]+)\/messages\/([^/]+)$/;
const CHANNEL = /^#\/channels\/([^/]+)$/;

function decode(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The components/messages name a `$ref` chain passes through, if any. */
function componentName(doc: Json, value: Json | undefined): string | undefined {
  const {refs} = deref(doc, value);
  for (const ref of refs) {
    const m = COMPONENT_MESSAGE.exec(ref);
    if (m?.[1] !== undefined) return decode(m[1]);
  }
  return undefined;
}

export function listChannels(doc: Json): ChannelEntry[] {
  return Object.entries(asObject(asObject(doc).channels)).map(([key, raw]) => {
    const channel = asObject(deref(doc, raw).node);
    const messages = Object.entries(asObject(channel.messages)).map(([messageKey, value]) => ({
      key: messageKey,
      name: componentName(doc, value) ?? messageKey,
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

/** Resolves an operation's message `$ref`s to message names, using the channel's own naming. */
function messageNames(
  doc: Json,
  channels: ChannelEntry[],
  list: Json | undefined,
  channel: string | undefined,
): string[] {
  const names: string[] = [];
  if (list === undefined) {
    // No `messages`: the operation covers every message of its channel.
    return channels.find((c) => c.key === channel)?.messages.map((m) => m.name) ?? [];
  }
  for (const item of asArray(list)) {
    const ref = isObject(item) ? text(item.$ref) : undefined;
    const inChannel = ref !== undefined ? CHANNEL_MESSAGE.exec(ref) : null;
    let name: string | undefined;
    if (inChannel?.[1] !== undefined && inChannel[2] !== undefined) {
      const c = decode(inChannel[1]);
      const k = decode(inChannel[2]);
      name = channels.find((e) => e.key === c)?.messages.find((m) => m.key === k)?.name ?? k;
    } else {
      name = componentName(doc, item) ?? (ref !== undefined ? refName(ref) : text(asObject(item).name));
    }
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

export function listOperations(doc: Json, channels: ChannelEntry[]): OperationEntry[] {
  return Object.entries(asObject(asObject(doc).operations)).map(([key, raw]) => {
    const operation = asObject(deref(doc, raw).node);
    const channel = channelKey(doc, operation.channel);
    const entry: OperationEntry = {
      key,
      operation,
      action: operation.action === 'send' ? 'send' : 'receive',
      channel,
      messages: messageNames(doc, channels, operation.messages, channel),
    };
    if (operation.reply !== undefined) {
      const reply = asObject(deref(doc, operation.reply).node);
      const replyChannel =
        channelKey(doc, reply.channel) ??
        (reply.channel === undefined && reply.address === undefined ? channel : undefined);
      const address =
        text(asObject(deref(doc, reply.address).node).location) ??
        text(asObject(deref(doc, reply.address).node).description);
      entry.reply = {
        channel: replyChannel,
        messages: messageNames(doc, channels, reply.messages, replyChannel),
      };
      if (address !== undefined) entry.reply.address = address;
    }
    return entry;
  });
}
