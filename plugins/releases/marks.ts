/**
 * What the references should mark, as data: "New in X" / "Changed in X" for the newest releases'
 * changes, each value a release added to an enum, and "Deprecated since X, sunset D" for what the
 * documents deprecate today. Each mark carries its candidate anchors, most precise first; the
 * api-reference plugin places it on the first element its pages have (plugins/api-reference/marks.ts).
 * Pure.
 */
import {literal} from '../api-reference/schema/build';
import type {Api, Finding} from './changes/compare';
import type {HistoryEntry} from './store';
import type {ElementHistoryEntry} from '../api-reference/types';
import {HISTORY_ROUTE, releaseHref} from './client/routes';
import {entryView, type Anchors, type ItemView} from './view';

/** A "New in X" / "Changed in X" mark for one use of one change. */
export interface BadgeCandidate {
  api: Api;
  /** Candidate anchors, most precise first (field, parameter, then the operation or message). */
  anchors: string[];
  /** The item itself was added: "New in X" where the first anchor is found, "Changed in X" elsewhere. */
  addedItem: boolean;
  /** The operation's or message's own anchor: added values are never marked there. */
  subjectAnchor?: string;
  /** Enum values the change added, as the reference shows them (only for a change of one item). */
  values?: string[];
  version: string;
  href: string;
}

/** A "deprecated" mark for one deprecated use. */
export interface DeprecationCandidate {
  api: Api;
  /** Candidate anchors, most precise first. */
  anchors: string[];
  /** The release that deprecated it, when the history shows one, and its entry on the history page. */
  since?: string;
  href?: string;
  sunset?: string;
}

/** One release's lines for one operation or message: its "History" disclosure in the reference. */
export interface HistoryCandidate {
  api: Api;
  /** The operation's or message's anchor. */
  anchor: string;
  entry: ElementHistoryEntry;
}

export interface ReleaseMarks {
  /** One list per release, newest release first. */
  badges: BadgeCandidate[][];
  deprecations: DeprecationCandidate[];
  /** Newest release first: each release's lines for each operation and message it changed. */
  histories: HistoryCandidate[];
}

/** How many of the newest releases get badges (RELEASE_BADGES overrides; 0 turns them off). */
export function badgeReleases(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.RELEASE_BADGES ?? '1');
  return Number.isInteger(value) && value >= 0 ? value : 1;
}

/** The badges of the newest `releases` releases' changes: one candidate per use of each change. */
export function badgeCandidates(entries: readonly HistoryEntry[], releases: number): BadgeCandidate[][] {
  // Newest first; the first recorded release has nothing to compare with.
  const recent = entries.filter((e) => e.kind === 'release' && !e.initial).slice(0, releases);
  return recent.map((entry) => {
    const version = entry.version ?? '';
    const href = releaseHref(version);
    return entry.changes.flatMap((change) =>
      (change.places ?? [change]).map((place): BadgeCandidate => ({
        api: change.api,
        anchors: place.anchors,
        addedItem: change.action === 'added',
        ...(change.subject.anchor !== undefined ? {subjectAnchor: change.subject.anchor} : {}),
        ...(change.addedValues !== undefined && change.item !== undefined
          ? {values: change.addedValues.map(literal)}
          : {}),
        version,
        href,
      })),
    );
  });
}

/** The deprecation marks: each deprecated use at each of its places, with the release that deprecated it. */
export function deprecationCandidates(
  uses: readonly Finding[],
  deprecatedIn: ReadonlyMap<string, string>,
): DeprecationCandidate[] {
  return uses.flatMap((f) => {
    const since = deprecatedIn.get(`${f.api}:${f.pointer}`);
    return (f.places?.map((p) => p.anchors) ?? [f.anchors]).map((anchors): DeprecationCandidate => ({
      api: f.api,
      anchors,
      ...(since !== undefined ? {since, href: releaseHref(since)} : {}),
      ...(f.words.sunset !== undefined ? {sunset: f.words.sunset} : {}),
    }));
  });
}

const NO_ANCHORS: Anchors = {rest: new Set(), ws: new Set()};

/** A line as the History disclosure reads it: a correction says what the earlier and corrected texts said. */
function lineOf(item: ItemView): ElementHistoryEntry['lines'][number] {
  const c = item.correction;
  return {
    label: item.breaking ? 'Breaking' : item.label,
    breaking: item.breaking,
    text: c === undefined ? item.text : `The earlier text ${c.earlier}; the corrected text ${c.corrected}.`,
  };
}

/**
 * Each operation's and message's history: for every entry that changed it (a release, an
 * amendment, the unreleased changes), newest first, its lines as /version-history lists them
 * (the same view: the same words, verdicts and corrections). Documentation-only lines are left to
 * the history page.
 */
export function historyCandidates(entries: readonly HistoryEntry[]): HistoryCandidate[] {
  // Keyed by element and entry: a message carried by several channels is one element of the reference.
  const out = new Map<string, HistoryCandidate>();
  for (const [index, entry] of entries.entries()) {
    if (entry.initial) continue;
    const view = entryView(entry, NO_ANCHORS, index);
    const href = `${HISTORY_ROUTE}#${view.id}`;
    for (const group of view.sections.flatMap((section) => section.groups)) {
      if (group.anchor === undefined || group.kind === 'document') continue;
      const key = `${group.api}:${group.anchor}:${view.id}`;
      const found = out.get(key) ?? {
        api: group.api,
        anchor: group.anchor,
        entry: {
          title: view.title,
          href,
          ...(entry.kind === 'amendment' ? {correction: true} : {}),
          lines: [],
        },
      };
      out.set(key, found);
      for (const line of group.items.map(lineOf))
        if (!found.entry.lines.some((l) => l.text === line.text)) found.entry.lines.push(line);
    }
  }
  return [...out.values()];
}
