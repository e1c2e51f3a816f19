/**
 * The history as the pages and feeds show it: entries newest first, changes
 * grouped by operation and by message (added, changed, removed), each linked
 * to its anchor in the current reference, or said to be removed. Pure: the
 * history and the anchors of the current pages are passed in.
 */
import type {Change, Impact} from './diff';
import type {Finding} from './changes/compare';
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
  /** The verdict as the reader sees it: "Breaking", "Behaviour change", … */
  label: string;
  /** The change's stable id (release.yaml notes name it). */
  id: string;
  /** A person's note on this change: why, and what to do. */
  note?: string;
  /** Link into the current reference; absent when the item is no longer there. */
  href?: string;
}

/** A change that only rewords a description or edits an example: listed apart, under its subject. */
export interface DocsItemView {
  subject: string;
  text: string;
  href?: string;
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
  breaking: number;
  total: number;
  /** How many changes of each verdict, strictest first ("2 breaking, 1 behaviour change"). */
  summary: string;
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

export function summaryOf(changes: readonly Change[]): string {
  if (changes.length === 0) return 'No changes.';
  const parts = VERDICT_ORDER.flatMap((verdict) => {
    const n = changes.filter((c) => c.verdict === verdict).length;
    return n === 0 ? [] : [`${n} ${PLURAL[verdict][n === 1 ? 0 : 1]}`];
  });
  return `${changes.length} change${changes.length === 1 ? '' : 's'}: ${parts.join(', ')}.`;
}

export function entryView(entry: HistoryEntry, anchors: Anchors, index = 0): EntryView {
  const groups = new Map<string, GroupView & {change: 'added' | 'changed' | 'removed'}>();
  const docs: DocsItemView[] = [];
  for (const change of entry.changes) {
    const href = hrefOf(change.api, change.anchors, anchors);
    if (change.verdict === 'docs') {
      if (!docs.some((d) => d.subject === change.subject.label && d.text === change.text))
        docs.push({subject: change.subject.label, text: change.text, ...(href ? {href} : {})});
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
    // One line per distinct statement (a component used twice in one operation reads once).
    if (!group.items.some((i) => i.text === change.text)) {
      group.items.push({
        text: change.text,
        breaking: change.breaking,
        impact: change.impact,
        verdict: change.verdict,
        label: VERDICT_LABEL[change.verdict],
        id: change.id,
        ...(change.note !== undefined ? {note: change.note} : {}),
        ...(href ? {href} : {}),
      });
    }
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
    bump: entry.bump,
    breaking: entry.changes.filter((c) => c.breaking).length,
    total: entry.changes.length,
    summary: summaryOf(entry.changes),
    ...(entry.recorded !== undefined ? {recorded: entry.recorded} : {}),
    sections: ORDER.map((change) => ({
      change,
      groups: sorted(all.filter((g) => g.change === change)),
    })).filter((s) => s.groups.length > 0),
    docs,
  };
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
