/** Channels: the document's, plus one for messages no channel lists; each channel's own fields as a view. */
import {asArray, asObject, deref, isObject, text, type Json, type JsonObject} from '../document';
import {markdown} from '../markdown';
import type {ChannelView} from '../types';
import {bindingsView} from './bindings';
import type {ChannelEntry} from './model';
import {describe} from '../readings';

/** Messages the document defines but no channel lists still get a section (nothing is dropped). */
export const UNLISTED_CHANNEL = '(messages in no channel)';

/** The document's channels, then (when there are any) the messages no channel lists, as one more. */
export function withUnlistedMessages(doc: JsonObject, channels: ChannelEntry[]): ChannelEntry[] {
  const listed = new Set(channels.flatMap((c) => c.messages.map((m) => m.name)));
  const unlisted = Object.entries(asObject(asObject(doc.components).messages)).filter(
    ([name]) => !listed.has(name),
  );
  if (unlisted.length === 0) return channels;
  return [
    ...channels,
    {
      key: UNLISTED_CHANNEL,
      channel: {},
      messages: unlisted.map(([name, raw]) => ({key: name, name, message: asObject(deref(doc, raw).node)})),
    },
  ];
}

/** AsyncAPI 3: no `address` means the channel key is the address; `null` means it is dynamic. */
export function channelAddress(c: ChannelEntry): string | null {
  if (c.key === UNLISTED_CHANNEL) return null;
  return typeof c.channel.address === 'string'
    ? c.channel.address
    : c.channel.address === null
      ? null
      : c.key;
}

/** The channel's own fields; its messages and flows are filled in by their builders. */
export function buildChannel(doc: Json, c: ChannelEntry, id: string): ChannelView {
  const view: ChannelView = {
    key: c.key,
    id,
    address: channelAddress(c),
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
  const description = describe(c.channel, 3, c.channel.summary);
  if (description !== undefined) view.description = description;
  const channelServers = asArray(c.channel.servers).flatMap((s) =>
    isObject(s) && typeof s.$ref === 'string' ? [s.$ref.split('/').pop() ?? ''] : [],
  );
  if (channelServers.length > 0) view.servers = channelServers;
  const bindings = bindingsView(c.channel.bindings);
  if (bindings !== undefined) view.bindings = bindings;
  return view;
}

export function channelLabel(channel: ChannelView): string {
  return channel.title ?? channel.key;
}
