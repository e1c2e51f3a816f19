/**
 * Where each message is written out: anchors are claimed channels first, then
 * each message's first appearance (written in full, the primary), then its
 * repeats on other channels (`<channel id>.<message>`, linking to the primary).
 */
import {channelId, type IdRegistry} from '../client/anchors';
import {text} from '../document';
import type {MessageRef} from '../types';
import {UNLISTED_CHANNEL} from './channels';
import type {ChannelEntry} from './model';

export interface Placement {
  channel: string;
  name: string;
  id: string;
  primary: boolean;
}

export interface Placements {
  channelIds: Map<string, string>;
  all: Placement[];
  /** The message on that channel, else its primary placement. */
  place(name: string, channel: string | undefined): Placement | undefined;
  primaryOf(name: string): Placement | undefined;
  titleOf(name: string): string | undefined;
  /** A link to the message as shown on that channel (else where it is written in full). */
  ref(name: string, channel: string | undefined): MessageRef;
}

export function placeMessages(channels: ChannelEntry[], ids: IdRegistry): Placements {
  const channelIds = new Map(
    channels.map((c) => [c.key, ids.claim(channelId(c.key === UNLISTED_CHANNEL ? 'none' : c.key))]),
  );
  const all: Placement[] = [];
  for (const c of channels) {
    for (const m of c.messages) {
      const primary = !all.some((p) => p.name === m.name);
      if (primary) all.push({channel: c.key, name: m.name, id: ids.claim(m.name), primary});
    }
  }
  for (const c of channels) {
    for (const m of c.messages) {
      if (!all.some((p) => p.name === m.name && p.channel === c.key)) {
        all.push({
          channel: c.key,
          name: m.name,
          id: ids.claim(`${channelIds.get(c.key) ?? c.key}.${m.name}`),
          primary: false,
        });
      }
    }
  }
  const place = (name: string, channel: string | undefined): Placement | undefined =>
    all.find((p) => p.name === name && p.channel === channel) ??
    all.find((p) => p.name === name && p.primary);
  const titleOf = (name: string): string | undefined => {
    for (const c of channels) {
      const m = c.messages.find((x) => x.name === name);
      if (m !== undefined) return text(m.message.title);
    }
    return undefined;
  };
  return {
    channelIds,
    all,
    place,
    primaryOf: (name) => all.find((x) => x.name === name && x.primary),
    titleOf,
    ref: (name, channel) => {
      const p = place(name, channel);
      const title = titleOf(name);
      return {name, id: p?.id ?? name, ...(title !== undefined ? {title} : {})};
    },
  };
}
