/**
 * The history as the pages and feeds show it: entries newest first, changes
 * grouped by operation and by message (added, changed, removed), each linked
 * to its anchor in the current reference, or said to be removed. Pure: the
 * history and the anchors of the current pages are passed in.
 */
import type {Change, Impact} from './diff';
import type {HistoryEntry, Note} from './store';

export interface ItemView {
  text: string;
  breaking: boolean;
  impact: Impact;
  /** Link into the current reference; absent when the item is no longer there. */
  href?: string;
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
  /** Grouped changes: added, changed, removed subjects. */
  sections: Array<{change: 'added' | 'changed' | 'removed'; groups: GroupView[]}>;
}

export interface HistoryView {
  entries: EntryView[];
  /** Recorded versions, newest first. */
  versions: string[];
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

export function entryView(entry: HistoryEntry, anchors: Anchors, index = 0): EntryView {
  const groups = new Map<string, GroupView & {change: 'added' | 'changed' | 'removed'}>();
  for (const change of entry.changes) {
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
    const href = hrefOf(change.api, change.anchors, anchors);
    // One line per distinct statement (a component used twice in one operation reads once).
    if (!group.items.some((i) => i.text === change.text)) {
      group.items.push({
        text: change.text,
        breaking: change.breaking,
        impact: change.impact,
        ...(href ? {href} : {}),
      });
    }
  }
  const all = [...groups.values()];
  const sorted = (list: typeof all): GroupView[] =>
    list
      .sort((a, b) => a.api.localeCompare(b.api) || a.label.localeCompare(b.label))
      .map(({change: _change, ...group}) => {
        // Breaking items first: they are what a reader must act on.
        group.items.sort((a, b) => Number(b.breaking) - Number(a.breaking));
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
    sections: ORDER.map((change) => ({
      change,
      groups: sorted(all.filter((g) => g.change === change)),
    })).filter((s) => s.groups.length > 0),
  };
}

export function historyView(entries: readonly HistoryEntry[], anchors: Anchors): HistoryView {
  return {
    entries: entries.map((entry, i) => entryView(entry, anchors, i)),
    versions: entries
      .filter((e) => e.kind === 'release' && e.version !== null)
      .map((e) => e.version as string),
  };
}
