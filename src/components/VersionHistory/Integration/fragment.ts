/**
 * The selection in the URL fragment, so a reader can bookmark it or send it to a colleague:
 * `#integration?since=v2-0-0&use=createBulkOrder&use=orders/new_order`. Each `use` is a line the
 * pasted list reads back (an operation's key, `channel/message`), so a link restores the same
 * selection through the same matcher. A fragment is never sent to a server.
 */
import type {UseKey} from './match';

/** The filter's section id; the fragment starts with it. */
export const INTEGRATION_ID = 'integration';

export interface FragmentState {
  since?: string;
  uses: string[];
}

/** `rest:createBulkOrder` → `createBulkOrder`; `ws:orders/new_order` → `orders/new_order`. */
export function lineOfUse(use: UseKey): string {
  return use.slice(use.indexOf(':') + 1);
}

export function isIntegrationHash(hash: string): boolean {
  return hash === `#${INTEGRATION_ID}` || hash.startsWith(`#${INTEGRATION_ID}?`);
}

export function parseHash(hash: string): FragmentState | null {
  if (!isIntegrationHash(hash)) return null;
  const query = new URLSearchParams(hash.slice(INTEGRATION_ID.length + 2));
  const since = query.get('since');
  return {
    ...(since !== null && since !== '' ? {since} : {}),
    uses: query.getAll('use').filter((u) => u !== ''),
  };
}

export function formatHash(state: {since?: string; uses: readonly UseKey[]}): string {
  const query = new URLSearchParams();
  if (state.since !== undefined) query.set('since', state.since);
  for (const use of state.uses) query.append('use', lineOfUse(use));
  // Keep `/` readable in a link; URLSearchParams encodes it.
  return `#${INTEGRATION_ID}?${query.toString().replace(/%2F/g, '/')}`;
}
