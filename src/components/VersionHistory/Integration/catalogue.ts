/**
 * What a reader's requests can be matched against: every operation and message of the current
 * documents (the session checker's model, built from them at build time) and every operation and
 * message the history names (one removed since, or only in an older release). Pure.
 */
import {operationId as anchorOperationId} from '@site/plugins/api-reference/client/anchors';
import type {SessionModel} from '@site/plugins/session-check/client/types';
import type {GroupView, HistoryView} from '@site/plugins/releases/view';

export interface CatalogueOperation {
  /** The history's key for it: its operationId, else `METHOD path`. */
  key: string;
  method: string;
  /** The path template as the documents write it. */
  path: string;
  /** Whether the current documents have it (else only the history names it). */
  current: boolean;
}

export interface CatalogueMessage {
  /** The channel's key in the AsyncAPI document. */
  channel: string;
  name: string;
  /** Who sends it, when the current documents say. */
  from?: 'client' | 'server';
  /** The one member its payload must have, when the schema says so. */
  envelope?: string;
  current: boolean;
}

export interface CatalogueChannel {
  key: string;
  /** null when the provider does not publish it. */
  address: string | null;
  /** The client message that subscribes the channel (how a connection to an unpublished address is known). */
  subscription?: string;
}

export interface Catalogue {
  operations: CatalogueOperation[];
  messages: CatalogueMessage[];
  channels: CatalogueChannel[];
  /** The REST servers' path prefixes (`/v1`), set aside before a path is matched. */
  restPrefixes: string[];
  /** Documented WebSocket hosts. */
  wsHosts: string[];
  /** Documented REST hosts. */
  restHosts: string[];
}

/** The key the history gives a REST operation: its operationId, else `METHOD path`. */
export function operationKey(model: {id: string; method: string; path: string}): string {
  const method = model.method.toUpperCase();
  return model.id === anchorOperationId(undefined, method, model.path) ? `${method} ${model.path}` : model.id;
}

/** `GET /api/orders/{id}` out of a REST operation group's label (written in code: `` `GET /api/orders/{id}` ``). */
export function methodAndPath(label: string): {method: string; path: string} | undefined {
  const m = /^`([A-Z]+) (\/[^`\s]*)`$/.exec(label);
  return m?.[1] !== undefined && m[2] !== undefined ? {method: m[1], path: m[2]} : undefined;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

function prefixOf(url: string): string {
  // A server URL may hold variables (`https://{region}.example.com/{basePath}`): the path is read
  // as written after the authority; its `{…}` segments are templates.
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(url);
  const path = m !== null ? (m[1] ?? '') : url.startsWith('/') ? url : '';
  return path.replace(/\/+$/, '');
}

/** Every group of the history (its entries and its "since" views). */
export function historyGroups(history: HistoryView): GroupView[] {
  return [
    ...history.entries.flatMap((e) => e.sections.flatMap((s) => s.groups)),
    ...Object.values(history.since).flatMap((s) => s.groups),
  ];
}

export function buildCatalogue(model: SessionModel, history: HistoryView): Catalogue {
  const operations: CatalogueOperation[] = model.operations.map((op) => ({
    key: operationKey(op),
    method: op.method.toUpperCase(),
    path: op.path,
    current: true,
  }));
  const messages: CatalogueMessage[] = model.channels.flatMap((c) =>
    c.messages.map((m) => ({
      channel: c.key,
      name: m.name,
      from: m.from,
      ...(m.envelope !== undefined ? {envelope: m.envelope} : {}),
      current: true,
    })),
  );
  const channels: CatalogueChannel[] = model.channels.map((c) => ({
    key: c.key,
    address: c.address,
    ...(c.subscription !== undefined ? {subscription: c.subscription.message} : {}),
  }));
  for (const group of historyGroups(history)) {
    if (group.kind === 'operation' && group.api === 'rest') {
      if (operations.some((o) => o.key === group.key)) continue;
      const mp = methodAndPath(group.label);
      // A webhook (the provider calls the reader) has no path to match: its key still matches a pasted name.
      operations.push({key: group.key, method: mp?.method ?? '', path: mp?.path ?? '', current: false});
    } else if (group.kind === 'message' && group.api === 'ws') {
      const cut = group.key.lastIndexOf('/');
      const channel = group.key.slice(0, cut);
      const name = group.key.slice(cut + 1);
      if (messages.some((m) => m.channel === channel && m.name === name)) continue;
      messages.push({channel, name, current: false});
      if (!channels.some((c) => c.key === channel)) channels.push({key: channel, address: null});
    }
  }
  return {
    operations,
    messages,
    channels,
    restPrefixes: Array.from(new Set(model.restServers.map(prefixOf).filter((p) => p !== ''))),
    wsHosts: model.wsServers.map((s) => s.host),
    restHosts: model.restServers.flatMap((s) => hostOf(s) ?? []),
  };
}
