/**
 * The history as the pages and feeds show it: entries newest first, changes
 * grouped by operation and by message (added, changed, removed), each linked
 * to its anchor in the current reference, or said to be removed. Pure: the
 * history and the anchors of the current pages are passed in.
 */
import {unescapePointerToken} from '../api-reference/document';
import {ROUTES, routeAnchor} from '../api-reference/client/routes';
import {reword, type Change, type Direction, type Impact} from './diff';
import type {Finding} from './changes/compare';
import {correctionOf, correctionText, type Correction} from './corrections';
import {capital, VERDICT_LABEL, VERDICT_ORDER, type Verdict} from './changes/rules';
import {publishedRules, type PublishedRule} from './changes/published';
import type {HistoryEntry, Note} from './store';
import {applyingChanges} from './applying';
import {releaseHref} from './client/routes';

export interface ItemView {
  text: string;
  breaking: boolean;
  impact: Impact;
  verdict: Verdict;
  /** The verdict as the reader sees it: "Breaking", "Behaviour change", … ("To check", "Correction" in an amendment). */
  label: string;
  /** The change's stable id (release.yaml notes name it). */
  id: string;
  /** The reader's side of this use. */
  direction: Direction;
  /** A person's note on this change alone: why, and what to do. */
  note?: string;
  /** A note shown once for several lines (EntryView.changeNotes): its element id. */
  noteRef?: string;
  /** In an amendment: what the earlier text said, what the corrected text says, what to check. */
  correction?: Correction;
  /** In "changes since": the release (or amendment) the change came in. */
  in?: string;
  /** Link into the current reference; absent when the item is no longer there. */
  href?: string;
}

/** A change that only rewords a description or edits an example: listed apart, under its subject. */
export interface DocsItemView {
  /** The id of the first change this line stands for. */
  id: string;
  api: 'rest' | 'ws';
  subject: string;
  text: string;
  href?: string;
}

/** A person's note that applies to several lines of one entry: shown once, each line points to it. */
export interface SharedNoteView {
  /** Element id on the page ("v3-0-0-note-1"). */
  id: string;
  text: string;
  /** What the note is about when its lines share one origin: "schema `PageLimit`". */
  about?: string;
  /** How many listed lines it applies to. */
  lines: number;
}

/** Something deprecated today, at one place a reader meets it. */
export interface DeprecationView {
  api: 'rest' | 'ws';
  /** "`GET /api/trades`", "message `trade` on channel `trades`". */
  subject: string;
  /** "Query parameter `price_from`", or "Operation" / "Message" for the subject itself. */
  item: string;
  sunset?: string;
  /** The release whose changes deprecated it, when the recorded history shows it. */
  since?: string;
  sinceHref?: string;
  href?: string;
  /** Candidate anchors in the reference (the references mark each one). */
  anchors: string[];
  /** When one line names several fields: each one's candidate anchors (the references mark each). */
  places?: string[][];
}

export interface GroupView {
  api: 'rest' | 'ws';
  kind: Change['subject']['kind'];
  key: string;
  label: string;
  href?: string;
  /** The operation's or message's candidate anchor in a reference (absent for the whole document). */
  anchor?: string;
  items: ItemView[];
}

export interface EntryView {
  id: string;
  kind: HistoryEntry['kind'];
  version: string | null;
  /** "2.1.0", "2.0.0, amendment 1", "Unreleased". */
  title: string;
  date: string | null;
  notes: Note[];
  reason?: string;
  initial: boolean;
  since: string | null;
  bump: Impact | 'none';
  /** Listed lines marked Breaking (0 in an amendment). */
  breaking: number;
  /** Listed lines, documentation lines included: every count shown equals the lines listed under it. */
  total: number;
  /** How many listed lines of each verdict, strictest first ("2 breaking, 1 behaviour change"). */
  summary: string;
  /** Notes that apply to several lines, shown once. */
  changeNotes: SharedNoteView[];
  /** An amendment's first sentence: "The 2.0.0 documents were corrected; the API did not change." */
  lead?: string;
  /** The day it was recorded here: a stable date for feeds when no release date is published. */
  recorded?: string | null;
  /**
   * Unreleased changes with a removal judged against its sunset date: the day it was judged at (the
   * upcoming release's planned date, else the build's day; judgedSentence says which).
   */
  judgedAt?: {date: string; planned: boolean};
  /** Grouped changes (documentation-only ones apart): added, changed, removed subjects. */
  sections: Array<{change: 'added' | 'changed' | 'removed'; groups: GroupView[]}>;
  /** Reworded descriptions and edited examples: no integration changes for them. */
  docs: DocsItemView[];
}

export interface HistoryView {
  entries: EntryView[];
  /** Recorded versions, newest first. */
  versions: string[];
  /** Everything deprecated today, soonest sunset first. */
  deprecations: DeprecationView[];
  /** The classification rules the diff applies (changes/rules.ts), for "How changes are classified". */
  rules: PublishedRule[];
  /** For each recorded version but the newest: the changes since it that still apply (sinceView). */
  since: Record<string, SinceView>;
}

/** "Changes since a version": what still applies between that version and the newest release. */
export interface SinceView {
  version: string;
  /** The newest release the changes reach. */
  to: string;
  groups: GroupView[];
  /** Listed lines, and those marked Breaking among them. */
  lines: number;
  breaking: number;
}

/** The props of the /version-history page (its route modules are typed from them: index.ts). */
export interface VersionHistoryProps {
  releases: HistoryView;
}

export interface Anchors {
  rest: ReadonlySet<string>;
  ws: ReadonlySet<string>;
  /** The reference these anchors are on, when not the current one (the upcoming release's preview). */
  routes?: {rest: string; ws: string};
}

export function hrefOf(
  api: 'rest' | 'ws',
  candidates: readonly string[],
  anchors: Anchors,
): string | undefined {
  const known = api === 'rest' ? anchors.rest : anchors.ws;
  const found = candidates.find((a) => known.has(a));
  const routes = anchors.routes ?? ROUTES;
  return found === undefined ? undefined : routeAnchor(api === 'rest' ? routes.rest : routes.ws, found);
}

function title(entry: HistoryEntry, index: number): string {
  if (entry.kind === 'unreleased')
    return entry.version === null ? 'Unreleased' : `${entry.version} (upcoming)`;
  if (entry.kind === 'amendment')
    return `${entry.version ?? ''}, amendment ${entry.id.split('-').pop() ?? index}`;
  return entry.version ?? '';
}

const ORDER = ['added', 'changed', 'removed'] as const;

const PLURAL: Record<Verdict, [string, string]> = {
  breaking: ['breaking', 'breaking'],
  check: ['to check', 'to check'],
  behaviour: ['behaviour change', 'behaviour changes'],
  deprecation: ['deprecation', 'deprecations'],
  announced: ['announced removal', 'announced removals'],
  addition: ['addition', 'additions'],
  compatible: ['compatible', 'compatible'],
  docs: ['documentation only', 'documentation only'],
};

/** "3 changes: 1 breaking, 2 additions." for lines with these verdicts. */
export function summaryOf(lines: ReadonlyArray<{verdict: Verdict}>): string {
  if (lines.length === 0) return 'No changes.';
  const parts = VERDICT_ORDER.flatMap((verdict) => {
    const n = lines.filter((c) => c.verdict === verdict).length;
    return n === 0 ? [] : [`${n} ${PLURAL[verdict][n === 1 ? 0 : 1]}`];
  });
  return `${lines.length} change${lines.length === 1 ? '' : 's'}: ${parts.join(', ')}.`;
}

/** What an amendment is, in one sentence. */
export function correctionLead(version: string | null): string {
  return `The ${version ?? ''} documents were corrected; the API did not change.`;
}

/** An amendment's summary: corrections, how many to check, and reworded text. */
export function correctionSummary(items: ReadonlyArray<{correction?: Correction}>, docs: number): string {
  const n = items.length;
  const check = items.filter((i) => i.correction?.action === true).length;
  const parts = [
    ...(n > 0
      ? [
          `${n} correction${n === 1 ? '' : 's'}${check > 0 ? ` (${check} to check if you followed the earlier text)` : ''}`,
        ]
      : []),
    ...(docs > 0
      ? [`${docs} reworded description${docs === 1 ? '' : 's'} or example${docs === 1 ? '' : 's'}`]
      : []),
  ];
  return parts.length === 0 ? 'No corrections.' : `${capital(parts.join(', '))}.`;
}

/** Where a note's lines are written, in words, when they share one origin. */
export function originWords(origin: string): string {
  const m =
    /^\/components\/(schemas|parameters|responses|requestBodies|headers|messages|securitySchemes)\/([^/]+)$/.exec(
      origin,
    );
  if (m === null) return `\`${origin}\``;
  const kind = {
    schemas: 'schema',
    parameters: 'parameter',
    responses: 'response',
    requestBodies: 'request body',
    headers: 'header',
    messages: 'message',
    securitySchemes: 'security scheme',
  }[m[1] as 'schemas'];
  return `${kind} \`${unescapePointerToken(m[2] ?? '')}\``;
}

/** Strictest first: what a reader must act on leads. */
function strictestFirst(a: {verdict: Verdict}, b: {verdict: Verdict}): number {
  return VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict);
}

/** A change's line, as listed under its operation or message. */
function itemOf(change: Change, href: string | undefined): ItemView {
  return {
    text: change.text,
    breaking: change.breaking,
    impact: change.impact,
    verdict: change.verdict,
    label: VERDICT_LABEL[change.verdict],
    id: change.id,
    direction: change.direction,
    ...(change.note !== undefined ? {note: change.note} : {}),
    ...(href ? {href} : {}),
  };
}

/** The group of a change's operation or message in `groups`, made (with `extra`) on its first change. */
function groupOf<T extends object>(
  groups: Map<string, GroupView & T>,
  change: Change,
  anchors: Anchors,
  extra: T,
): GroupView & T {
  const key = `${change.api}:${change.subject.kind}:${change.subject.key}`;
  const found = groups.get(key);
  if (found !== undefined) return found;
  const href =
    change.subject.anchor !== undefined ? hrefOf(change.api, [change.subject.anchor], anchors) : undefined;
  const group: GroupView & T = {
    ...extra,
    api: change.api,
    kind: change.subject.kind,
    key: change.subject.key,
    label: change.subject.label,
    items: [],
    ...(href !== undefined ? {href} : {}),
    ...(change.subject.anchor !== undefined ? {anchor: change.subject.anchor} : {}),
  };
  groups.set(key, group);
  return group;
}

export function entryView(entry: HistoryEntry, anchors: Anchors, index = 0): EntryView {
  const amendment = entry.kind === 'amendment';
  const groups = new Map<string, GroupView & {change: 'added' | 'changed' | 'removed'}>();
  const docs: DocsItemView[] = [];
  /** The changes each listed line stands for (a line may stand for several identical statements). */
  const linesOf = new Map<ItemView, Change[]>();
  // A deprecation is read at the release's day: a sunset already passed then is said to be.
  const asOf = entry.date ?? entry.recorded ?? undefined;
  for (const computed of entry.changes) {
    const change =
      computed.rule === 'deprecated' && asOf !== undefined && computed.sunset !== undefined
        ? reword(computed, {asOf})
        : computed;
    const href = hrefOf(change.api, change.anchors, anchors);
    if (change.verdict === 'docs') {
      if (
        !docs.some(
          (d) => d.api === change.api && d.subject === change.subject.label && d.text === change.text,
        )
      )
        docs.push({
          id: change.id,
          api: change.api,
          subject: change.subject.label,
          text: change.text,
          ...(href ? {href} : {}),
        });
      continue;
    }
    const group = groupOf(groups, change, anchors, {change: 'changed'});
    if (change.subjectChange !== 'changed') group.change = change.subjectChange;
    const correction = amendment ? correctionOf(change) : undefined;
    const text = correction !== undefined ? correctionText(correction) : change.text;
    // One line per distinct statement (a component used twice in one operation reads once).
    const same = group.items.find((i) => i.text === text);
    if (same !== undefined) {
      linesOf.get(same)?.push(change);
      continue;
    }
    const item: ItemView =
      correction === undefined
        ? itemOf(change, href)
        : {
            ...itemOf(change, href),
            text,
            breaking: false,
            label: correction.action ? 'To check' : 'Correction',
            correction,
          };
    group.items.push(item);
    linesOf.set(item, [change]);
  }
  const all = [...groups.values()];
  const sorted = (list: typeof all): GroupView[] =>
    list
      .sort((a, b) => a.api.localeCompare(b.api) || a.label.localeCompare(b.label))
      .map(({change: _change, ...group}) => {
        // Strictest first: what a reader must act on leads.
        group.items.sort(strictestFirst);
        return group;
      });
  const sections = ORDER.map((change) => ({
    change,
    groups: sorted(all.filter((g) => g.change === change)),
  })).filter((s) => s.groups.length > 0);
  const items = sections.flatMap((s) => s.groups.flatMap((g) => g.items));
  const changeNotes = shareNotes(entry.id, items, linesOf);
  const lines = [...items, ...docs.map(() => ({verdict: 'docs' as const}))];
  return {
    id: entry.id,
    kind: entry.kind,
    version: entry.version,
    title: title(entry, index),
    date: entry.date,
    notes: entry.notes,
    ...(entry.reason !== undefined ? {reason: entry.reason} : {}),
    initial: entry.initial,
    since: entry.since,
    bump: amendment ? 'none' : entry.bump,
    breaking: items.filter((i) => i.breaking).length,
    total: lines.length,
    summary: amendment ? correctionSummary(items, docs.length) : summaryOf(lines),
    changeNotes,
    ...(amendment ? {lead: correctionLead(entry.version)} : {}),
    ...(entry.recorded !== undefined ? {recorded: entry.recorded} : {}),
    ...(entry.judgedAt !== undefined && entry.changes.some((c) => SUNSET_RULES.has(c.rule))
      ? {judgedAt: entry.judgedAt}
      : {}),
    sections,
    docs,
  };
}

/** The rules whose verdict depends on the day a removal is judged at (before or after its sunset). */
const SUNSET_RULES: ReadonlySet<string> = new Set(['removed-as-announced', 'removed-before-sunset']);

/**
 * A note that applies to more than one listed line (a note keyed by what changed, e.g. a shared
 * schema, reaches every use) is taken off its lines and shown once; each line points to it.
 */
function shareNotes(
  entryId: string,
  items: readonly ItemView[],
  linesOf: ReadonlyMap<ItemView, Change[]>,
): SharedNoteView[] {
  const byText = new Map<string, ItemView[]>();
  for (const item of items)
    if (item.note !== undefined) byText.set(item.note, [...(byText.get(item.note) ?? []), item]);
  const shared: SharedNoteView[] = [];
  for (const [text, noted] of byText) {
    if (noted.length < 2) continue;
    const id = `${entryId}-note-${shared.length + 1}`;
    const origins = new Set(noted.flatMap((i) => (linesOf.get(i) ?? []).map((c) => c.origin)));
    const [origin] = [...origins];
    shared.push({
      id,
      text,
      ...(origins.size === 1 && origin !== undefined ? {about: originWords(origin)} : {}),
      lines: noted.length,
    });
    for (const item of noted) {
      delete item.note;
      item.noteRef = id;
    }
  }
  return shared;
}

/** The deprecations list: each deprecated use, with the release that deprecated it when known, soonest sunset first. */
export function deprecationsView(
  uses: readonly Finding[],
  deprecatedIn: ReadonlyMap<string, string>,
  anchors: Anchors,
): DeprecationView[] {
  const list = uses.map((f): DeprecationView => {
    const since = deprecatedIn.get(`${f.api}:${f.pointer}`);
    const href = hrefOf(f.api, f.anchors, anchors);
    return {
      api: f.api,
      subject: f.subject.label,
      item: capital(f.item ?? f.words.item),
      ...(f.words.sunset !== undefined ? {sunset: f.words.sunset} : {}),
      ...(since !== undefined ? {since, sinceHref: releaseHref(since)} : {}),
      ...(href !== undefined ? {href} : {}),
      anchors: f.anchors,
      ...(f.places !== undefined ? {places: f.places.map((p) => p.anchors)} : {}),
    };
  });
  return list.sort(
    (a, b) =>
      (a.sunset ?? '9999').localeCompare(b.sunset ?? '9999') ||
      a.api.localeCompare(b.api) ||
      a.subject.localeCompare(b.subject) ||
      a.item.localeCompare(b.item),
  );
}

/** The changes since `version` that still apply, grouped by operation and message. */
export function sinceView(
  entries: readonly HistoryEntry[],
  version: string,
  anchors: Anchors,
): SinceView | undefined {
  const chronological = [...entries].reverse().filter((e) => e.kind !== 'unreleased');
  const start = chronological.map((e) => e.version).lastIndexOf(version);
  if (start < 0) return undefined;
  const path = chronological.slice(start + 1).map((e, i) => ({
    label: title(e, i),
    changes: e.changes,
  }));
  const to = chronological[chronological.length - 1]?.version ?? version;
  const kept = applyingChanges(path);
  const groups = new Map<string, GroupView>();
  for (const {change, in: label} of kept) {
    const group = groupOf(groups, change, anchors, {});
    if (group.items.some((i) => i.text === change.text)) continue;
    group.items.push({...itemOf(change, hrefOf(change.api, change.anchors, anchors)), in: label});
  }
  const list = [...groups.values()].sort(
    (a, b) => a.api.localeCompare(b.api) || a.label.localeCompare(b.label),
  );
  for (const g of list) g.items.sort(strictestFirst);
  const items = list.flatMap((g) => g.items);
  return {
    version,
    to,
    groups: list,
    lines: items.length,
    breaking: items.filter((i) => i.breaking).length,
  };
}

export function historyView(
  entries: readonly HistoryEntry[],
  anchors: Anchors,
  deprecations: DeprecationView[] = [],
  /** The upcoming release's reference: its changes link into its preview, where they are. */
  upcoming?: Anchors,
): HistoryView {
  return {
    entries: entries.map((entry, i) =>
      entryView(entry, entry.kind === 'unreleased' && upcoming !== undefined ? upcoming : anchors, i),
    ),
    versions: entries
      .filter((e) => e.kind === 'release' && e.version !== null)
      .map((e) => e.version as string),
    deprecations,
    rules: publishedRules(),
    since: Object.fromEntries(
      entries
        .filter((e) => e.kind === 'release' && e.version !== null)
        .slice(1)
        .flatMap((e) => {
          const view = sinceView(entries, e.version as string, anchors);
          return view === undefined ? [] : [[e.version as string, view]];
        }),
    ),
  };
}
