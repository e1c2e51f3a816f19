/** The release switcher's words and targets, pure (tests/unit/reference/release-switching.test.ts). */
import type {ReleaseChoice} from '@site/plugins/api-reference/types';

/** Where the page tells itself, across a switch, what to announce. */
export const SWITCHED_KEY = 'api-reference:release-switched';

/** "3.1.0 (current)", "3.2.0 (upcoming)", "2.0.0". */
export function choiceLabel(choice: Pick<ReleaseChoice, 'version' | 'kind'>): string {
  if (choice.kind === 'current') return `${choice.version} (current)`;
  if (choice.kind === 'next') return `${choice.version} (upcoming)`;
  return choice.version;
}

/** The same place in another release: its reference of the same API, with the same element id. */
export function switchTarget(
  choice: Pick<ReleaseChoice, 'rest' | 'ws'>,
  api: 'rest' | 'ws',
  hash: string,
): string {
  return `${api === 'rest' ? choice.rest : choice.ws}${hash.startsWith('#') ? hash : ''}`;
}

/** The upcoming release's date as its banner gives it. */
export function releaseDateText(date: string | null): string {
  return date === null ? 'release date not published' : `planned for ${date}`;
}

/** The notice for an element this release does not have: "`createBulkOrder` is not in 1.0.0: it was added in 2.0.0." */
export function missingText(
  anchor: string,
  version: string,
  where: {added?: string; removed?: string} | undefined,
  /** The nearest element the page has (a missing field's operation), shown instead. */
  shown?: string,
): string {
  const head = `\`${anchor}\` is not in ${version}`;
  if (where?.added !== undefined) return `${head}: it was added in ${where.added}.`;
  if (where?.removed !== undefined) return `${head}: it was removed in ${where.removed}.`;
  if (shown !== undefined) return `${head}: showing \`${shown}\`, where it would be.`;
  return `${head}.`;
}

/**
 * The nearest element a page has for a missing anchor: field anchors extend their operation's or
 * message's with dots (`listOrders.query.account_id`), so the longest present prefix.
 */
export function nearestPresent(anchor: string, exists: (id: string) => boolean): string | undefined {
  const parts = anchor.split('.');
  for (let n = parts.length - 1; n > 0; n -= 1) {
    const prefix = parts.slice(0, n).join('.');
    if (exists(prefix)) return prefix;
  }
  return undefined;
}
