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
import {releaseHref} from './client/routes';

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

export interface ReleaseMarks {
  /** One list per release, newest release first. */
  badges: BadgeCandidate[][];
  deprecations: DeprecationCandidate[];
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
