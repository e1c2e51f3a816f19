/**
 * What a change means and the words its sentence is made from: the verdicts (with their semver
 * impact, order and labels) and the helpers every rule's sentence uses. The rules themselves are
 * plugins/releases/changes/rules.ts. Pure and browser-free: the history page's filter reads the order too.
 */

/** The reader's side of a use: what they send, what they receive, or a message that goes both ways. */
export type Direction = 'send' | 'receive' | 'both';

/**
 * What a change means for an integration built for the previous version:
 * - breaking: it can stop working (a major release);
 * - check: it may stop working, depending on how the server treats what it still sends (minor);
 * - behaviour: the same call now behaves differently, or something new must be handled (minor);
 * - deprecation: something will go away (minor, as semantic versioning asks);
 * - announced: a removal announced by an earlier deprecation whose sunset date has passed (minor);
 * - addition: something new that nobody has to use (minor);
 * - compatible: nothing built for the previous version changes (patch);
 * - docs: only words or examples changed (patch).
 */
export type Verdict =
  'breaking' | 'check' | 'behaviour' | 'deprecation' | 'announced' | 'addition' | 'compatible' | 'docs';

export type Impact = 'major' | 'minor' | 'patch';

export const VERDICT_IMPACT: Record<Verdict, Impact> = {
  breaking: 'major',
  check: 'minor',
  behaviour: 'minor',
  deprecation: 'minor',
  announced: 'minor',
  addition: 'minor',
  compatible: 'patch',
  docs: 'patch',
};

/** Strictest first: a use that goes both ways takes the stricter side's verdict and sentence. */
export const VERDICT_ORDER: readonly Verdict[] = [
  'breaking',
  'check',
  'behaviour',
  'announced',
  'deprecation',
  'addition',
  'compatible',
  'docs',
];

/** The label a reader sees beside a change. */
export const VERDICT_LABEL: Record<Verdict, string> = {
  breaking: 'Breaking',
  check: 'Check',
  behaviour: 'Behaviour change',
  deprecation: 'Deprecation',
  announced: 'Announced removal',
  addition: 'Addition',
  compatible: 'Compatible',
  docs: 'Documentation',
};

/** What a sentence is made from. `item` is the thing in words: "query parameter `limit`". */
export interface Words {
  item: string;
  /** Enum values added or removed, as the document writes them. */
  values?: unknown[];
  before?: unknown;
  after?: unknown;
  /** A constraint change in words: "maximum length raised from 100 to 200". */
  detail?: string;
  sunset?: string;
  /** The release whose deprecation announced a removal. */
  announcedIn?: string;
  /** The day the change is judged at (YYYY-MM-DD): a deprecation whose sunset is before it says so. */
  asOf?: string;
  /** What the reader sends there, in the plural: requests (the default), messages, responses (a webhook's answer). */
  sends?: string;
  /** The item names more than one field ("fields `a` and `b` of …"): sentences say "are" and "them". */
  many?: boolean;
}

/** What the reader sends where the change is: "requests", "messages", "responses". */
export function sent(w: Words): string {
  return w.sends ?? 'requests';
}

/** `value` in backticks (strings as written, anything else as JSON). */
export function code(value: unknown): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

export function values(list: unknown[] | undefined): string {
  const items = (list ?? []).map(code);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

export function it(list: unknown[] | undefined): string {
  return (list ?? []).length > 1 ? 'them' : 'it';
}

/** "is", or "are" when the item names more than one field. */
export function is(w: Words): string {
  return w.many === true ? 'are' : 'is';
}

/** "it", or "them" when the item names more than one field. */
export function its(w: Words): string {
  return w.many === true ? 'them' : 'it';
}

/** First letter up: sentences start with their item. */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What an unreleased entry's removals were judged against, as a sentence; `format` writes a day
 * (the page's long form, the feed's ISO date).
 */
export function judgedSentence(
  judgedAt: {date: string; planned: boolean},
  format: (date: string) => string = (date) => date,
): string {
  return judgedAt.planned
    ? `Removals are judged against their sunset dates as of the planned release date, ${format(judgedAt.date)}.`
    : `Removals are judged against their sunset dates as of ${format(judgedAt.date)}, the day this site was built: no release date is published, so a rebuild on a later day may judge them otherwise.`;
}
