/**
 * The history's changes that reach a selection, since a chosen point, breaking first. Pure: the
 * page's own history view in, lines out (the list, the JSON and the Atom feed are made from them).
 *
 * Since a release X: the changes of the releases after it as `HistoryView.since[X]` gives them
 * (net: a change reverted or superseded later is not listed), plus the lines of X's own amendments
 * after the chosen point and of any entry not yet released, as each lists them. Since "X as first
 * published" includes all of X's amendments; since "X, amendment n" the later ones.
 */
import type {EntryView, GroupView, HistoryView, ItemView} from '@site/plugins/releases/view';
import {VERDICT_ORDER} from '@site/plugins/releases/client/verdicts';
import {wsUse, restUse, type UseKey} from './match';

export interface SincePoint {
  /** The entry's id (`v2-0-0`, `v2-0-0-amendment-1`): the URL fragment names it. */
  id: string;
  /** "2.0.0 (as first published)", "2.0.0, amendment 1". */
  label: string;
}

export interface FilteredLine {
  api: 'rest' | 'ws';
  /** The group's key (operationId, `channel/message`, `document`). */
  subjectKey: string;
  /** As the history writes it ("`GET /api/orders`", "All REST operations (14)"). */
  subject: string;
  subjectKind: GroupView['kind'];
  subjectHref?: string;
  item: ItemView;
  /** The entry it came in ("3.0.0", "2.0.0, amendment 1", "Unreleased"). */
  in: string;
  /** The entry's id, for a link to it on the page. */
  entryId?: string;
}

export interface Filtered {
  since: SincePoint;
  lines: FilteredLine[];
  breaking: number;
  /** Operations and messages (and whole-document groups) the lines are about. */
  subjects: number;
  /** The lines since the point before filtering (what the selection set aside). */
  unfiltered: number;
}

/**
 * The points a reader can start from: every release and amendment, newest first, except the
 * history's newest entry (nothing came after it). With an upcoming entry, the newest release is one.
 */
export function sincePoints(history: HistoryView): SincePoint[] {
  const recorded = history.entries.filter((e) => e.kind === 'release' || e.kind === 'amendment');
  return history.entries
    .slice(1)
    .filter((e) => e.kind === 'release' || e.kind === 'amendment')
    .map((e) => ({
      id: e.id,
      label:
        e.kind === 'release' && recorded.some((a) => a.kind === 'amendment' && a.version === e.version)
          ? `${e.title} (as first published)`
          : e.title,
    }));
}

/** The point a fragment names, else the newest release before the current one, else the oldest point. */
export function defaultSince(history: HistoryView): SincePoint | undefined {
  const points = sincePoints(history);
  const releases = history.entries.filter((e) => e.kind === 'release');
  const previous = releases[1];
  return points.find((p) => p.id === previous?.id) ?? points[points.length - 1];
}

/** The uses a group reaches: an operation, a message, or everything of its API (the whole document). */
export function groupReaches(group: GroupView, selection: ReadonlySet<UseKey>): boolean {
  if (group.kind === 'operation') return selection.has(restUse(group.key));
  if (group.kind === 'message') {
    const cut = group.key.lastIndexOf('/');
    return selection.has(wsUse(group.key.slice(0, cut), group.key.slice(cut + 1)));
  }
  // "All REST operations", "All messages", "All messages on `wss://…`": any use of that API.
  const prefix = group.api === 'rest' ? 'rest:' : 'ws:';
  return Array.from(selection).some((u) => u.startsWith(prefix));
}

function linesOfGroups(
  groups: readonly GroupView[],
  label: (item: ItemView) => string,
  entryId?: string,
): FilteredLine[] {
  return groups.flatMap((group) =>
    group.items.map((item) => ({
      api: group.api,
      subjectKey: group.key,
      subject: group.label,
      subjectKind: group.kind,
      ...(group.href !== undefined ? {subjectHref: group.href} : {}),
      item,
      in: label(item),
      ...(entryId !== undefined ? {entryId} : {}),
    })),
  );
}

function entryLines(entry: EntryView): FilteredLine[] {
  return linesOfGroups(
    entry.sections.flatMap((s) => s.groups),
    () => entry.title,
    entry.id,
  );
}

/** Every line since the point, unfiltered, in the history's order (newest entry first). */
export function linesSince(history: HistoryView, pointId: string): FilteredLine[] {
  const at = history.entries.findIndex((e) => e.id === pointId);
  const point = history.entries[at];
  if (point === undefined) return [];
  const newer = history.entries.slice(0, at);
  const net = point.version !== null ? history.since[point.version] : undefined;
  const versionEntry = (label: string): string | undefined =>
    history.entries.find((e) => e.title === label)?.id;
  const recorded = (e: EntryView): boolean => e.kind === 'release' || e.kind === 'amendment';
  const upcoming = newer.filter((e) => !recorded(e)).flatMap(entryLines);
  const amendments = newer
    .filter(
      (e) => recorded(e) && (net === undefined || (e.kind === 'amendment' && e.version === point.version)),
    )
    .flatMap(entryLines);
  const netLines =
    net === undefined
      ? []
      : linesOfGroups(net.groups, (item) => item.in ?? net.to).map((line) => {
          const id = versionEntry(line.in);
          return id !== undefined ? {...line, entryId: id} : line;
        });
  return [...upcoming, ...netLines, ...amendments];
}

function rank(line: FilteredLine): number {
  const verdict = VERDICT_ORDER.indexOf(line.item.verdict);
  return line.item.breaking ? 0 : 1 + (verdict < 0 ? VERDICT_ORDER.length : verdict);
}

/** The lines that reach the selection, breaking first (then by verdict, then in the history's order). */
export function filterChanges(
  history: HistoryView,
  point: SincePoint,
  selection: ReadonlySet<UseKey>,
): Filtered {
  const all = linesSince(history, point.id);
  const kept = all
    .map((line, order) => ({line, order}))
    .filter(({line}) =>
      groupReaches(
        {api: line.api, kind: line.subjectKind, key: line.subjectKey, label: line.subject, items: []},
        selection,
      ),
    )
    .sort((a, b) => rank(a.line) - rank(b.line) || a.order - b.order)
    .map(({line}) => line);
  return {
    since: point,
    lines: kept,
    breaking: kept.filter((l) => l.item.breaking).length,
    subjects: new Set(kept.map((l) => `${l.api}:${l.subjectKey}`)).size,
    unfiltered: all.length,
  };
}

/** The label a line is listed under, in the order of their strictest line. */
export function byLabel(lines: readonly FilteredLine[]): Array<{label: string; lines: FilteredLine[]}> {
  const groups = new Map<string, FilteredLine[]>();
  for (const line of lines) {
    const label = line.item.breaking ? 'Breaking' : line.item.label;
    groups.set(label, [...(groups.get(label) ?? []), line]);
  }
  return Array.from(groups).map(([label, list]) => ({label, lines: list}));
}
