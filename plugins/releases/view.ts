/**
 * The history as the pages and feeds show it: entries newest first, changes
 * grouped by operation and by message (added, changed, removed), each linked
 * to its anchor in the current reference, or said to be removed. Pure: the
 * history and the anchors of the current pages are passed in.
 */
import {reword, type Change, type Direction, type Impact} from './diff';
import type {Finding} from './changes/compare';
import {correctionOf, correctionText, type Correction} from './corrections';
import {
  capital,
  publishedRules,
  VERDICT_LABEL,
  VERDICT_ORDER,
  type PublishedRule,
  type Verdict,
} from './changes/rules';
import type {HistoryEntry, Note} from './store';
import {versionId} from './store';

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
}

export interface GroupView {
  api: 'rest' | 'ws';
  kind: Change['subject']['kind'];
  key: string;
  label: string;
  href?: string;
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
  /** The day it was recorded here: a stable date for feeds when no release date is published. */
  recorded?: string | null;
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
}

/** The props of the /version-history page (its route modules are typed from them: index.ts). */
export interface VersionHistoryProps {
  releases: HistoryView;
}

export interface Anchors {
  rest: ReadonlySet<string>;
  ws: ReadonlySet<string>;
}

export function hrefOf(
  api: 'rest' | 'ws',
  candidates: readonly string[],
  anchors: Anchors,
): string | undefined {
  const known = api === 'rest' ? anchors.rest : anchors.ws;
  const found = candidates.find((a) => known.has(a));
  return found === undefined ? undefined : `${api === 'rest' ? '/rest' : '/docs/ws'}#${found}`;
}

function title(entry: HistoryEntry, index: number): string {
  if (entry.kind === 'unreleased') return 'Unreleased';
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
  return `${kind} \`${(m[2] ?? '').replace(/~1/g, '/').replace(/~0/g, '~')}\``;
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
    const key = `${change.api}:${change.subject.kind}:${change.subject.key}`;
    let group = groups.get(key);
    if (group === undefined) {
      const subjectHref =
        change.subject.anchor !== undefined
          ? hrefOf(change.api, [change.subject.anchor], anchors)
          : undefined;
      group = {
        api: change.api,
        kind: change.subject.kind,
        key: change.subject.key,
        label: change.subject.label,
        change: 'changed',
        items: [],
        ...(subjectHref !== undefined ? {href: subjectHref} : {}),
      };
      groups.set(key, group);
    }
    if (change.subjectChange !== 'changed') group.change = change.subjectChange;
    const correction = amendment ? correctionOf(change) : undefined;
    const text = correction !== undefined ? correctionText(correction) : change.text;
    // One line per distinct statement (a component used twice in one operation reads once).
    const same = group.items.find((i) => i.text === text);
    if (same !== undefined) {
      linesOf.get(same)?.push(change);
      continue;
    }
    const item: ItemView = {
      text,
      breaking: correction === undefined && change.breaking,
      impact: change.impact,
      verdict: change.verdict,
      label:
        correction === undefined
          ? VERDICT_LABEL[change.verdict]
          : correction.action
            ? 'To check'
            : 'Correction',
      id: change.id,
      direction: change.direction,
      ...(correction !== undefined ? {correction} : {}),
      ...(change.note !== undefined ? {note: change.note} : {}),
      ...(href ? {href} : {}),
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
        group.items.sort((a, b) => VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict));
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
    ...(entry.recorded !== undefined ? {recorded: entry.recorded} : {}),
    sections,
    docs,
  };
}

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
      ...(since !== undefined ? {since, sinceHref: `/version-history#${versionId(since)}`} : {}),
      ...(href !== undefined ? {href} : {}),
      anchors: f.anchors,
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

export function historyView(
  entries: readonly HistoryEntry[],
  anchors: Anchors,
  deprecations: DeprecationView[] = [],
): HistoryView {
  return {
    entries: entries.map((entry, i) => entryView(entry, anchors, i)),
    versions: entries
      .filter((e) => e.kind === 'release' && e.version !== null)
      .map((e) => e.version as string),
    deprecations,
    rules: publishedRules(),
  };
}
