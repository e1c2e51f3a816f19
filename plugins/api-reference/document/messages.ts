/**
 * How the references name an AsyncAPI message: the one rule the WebSocket
 * reference, the validator targets and their anchors share.
 */
import {unescapePointerToken} from './pointer';

const COMPONENT_MESSAGE = /^\/components\/messages\/([^/]+)$/;
const CHANNEL_MESSAGE = /^\/channels\/[^/]+\/messages\/([^/]+)$/;

/**
 * The name of a message reached through `places`: the `$ref`s of its chain
 * (`#/…`) or the pointers it passed (`/…`), in any order. Its components/messages
 * key when one of them is there, else its key in a channel's `messages`, else
 * undefined (the caller falls back on what it knows, such as the message's `name`).
 */
export function messageName(places: readonly string[]): string | undefined {
  const pointers = places.map((place) =>
    place.startsWith('#') ? decodeURIComponent(place.slice(1)) : place,
  );
  for (const pattern of [COMPONENT_MESSAGE, CHANNEL_MESSAGE]) {
    for (const pointer of pointers) {
      const match = pattern.exec(pointer);
      if (match?.[1] !== undefined) return unescapePointerToken(match[1]);
    }
  }
  return undefined;
}
