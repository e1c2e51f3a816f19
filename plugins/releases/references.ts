/**
 * Which documents each reference of the site shows:
 * - the **current** reference (/rest, /docs/ws, the downloads, the machine-readable files) shows the
 *   newest recorded release. Only when the working documents carry a newer version than it are they
 *   the **upcoming** release, previewed at /releases/next/…; until then a working copy that differs
 *   from the newest release (a correction not yet recorded as an amendment) is what /rest shows;
 * - every older recorded release has its own reference at /releases/<version>/…, showing the
 *   release as corrected by its amendments (a correction is part of the release it corrects).
 * A provider with large documents can render fewer older releases (`renderReleases`); the history
 * and its diffs still cover them all.
 */
import path from 'node:path';
import {parse} from 'yaml';
import {existsSync, readFileSync} from 'node:fs';
import type {SpecPaths} from '../api-reference/identity';
import {readDocument} from '../api-reference/identity';
import {
  compareVersions,
  currentPair,
  listReleases,
  parseVersion,
  samePair,
  type Pair,
  type ReleaseInfo,
} from './store';
import {NEXT_ID, releaseRoutes, type ReleaseRoutes} from './client/routes';

/** Which older releases get a reference of their own (the current one always has one). */
export type RenderReleases = 'all' | 'last-of-each-major' | {last: number};

/** One reference the site renders besides the current one. */
export interface ReleaseReference {
  /** The URL segment: the version, or `next` for the upcoming release. */
  id: string;
  /** The documents' version (`info.version` of the OpenAPI document). */
  version: string;
  kind: 'release' | 'next';
  /** The release date the provider published (release.yaml, or next.yaml for the upcoming one); null when none. */
  date: string | null;
  /** The documents, absolute paths. */
  files: Pair;
  routes: ReleaseRoutes;
}

/** What the site shows where: the documents of the current reference and the other references. */
export interface ShownReleases {
  /** The documents /rest and /docs/ws show (absolute paths). */
  current: Pair;
  /** The version the current reference shows. */
  currentVersion: string;
  /** True when the current reference shows the working documents (no upcoming release). */
  currentIsWorking: boolean;
  /** Older releases (newest first), then the upcoming release when there is one. */
  references: ReleaseReference[];
  /** Older releases left unrendered by `renderReleases` (newest first): the history still covers them. */
  unrendered: string[];
}

/** The file where a provider dates the upcoming release: `date: YYYY-MM-DD`. */
export const NEXT_FILE = 'next.yaml';

function releasesDirOf(specPaths: SpecPaths): string | null {
  const dir = path.dirname(specPaths.openapi);
  return dir === path.dirname(specPaths.asyncapi) ? path.join(dir, 'releases') : null;
}

function versionOf(file: string): string {
  const info = readDocument(file).info as {version?: unknown} | undefined;
  return typeof info?.version === 'string' ? info.version : '';
}

/** The upcoming release's date as the provider set it in specs/releases/next.yaml, or null. */
export function nextDate(releasesDir: string): string | null {
  const file = path.join(releasesDir, NEXT_FILE);
  if (!existsSync(file)) return null;
  const raw = parse(readFileSync(file, 'utf8')) as {date?: unknown} | null;
  const date = raw?.date instanceof Date ? raw.date.toISOString().slice(0, 10) : raw?.date;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/** The older releases to render, newest first, by the provider's choice. */
export function releasesToRender(older: readonly ReleaseInfo[], choice: RenderReleases): ReleaseInfo[] {
  const newestFirst = [...older].reverse();
  if (choice === 'all') return newestFirst;
  if (choice === 'last-of-each-major') {
    const seen = new Set<number>();
    return newestFirst.filter((r) => {
      const major = parseVersion(r.version)?.numbers[0] ?? -1;
      if (seen.has(major)) return false;
      seen.add(major);
      return true;
    });
  }
  return newestFirst.slice(0, Math.max(0, choice.last));
}

/** Reads the releases folder next to the working documents and says what each reference shows. */
export function shownReleases(working: SpecPaths, choice: RenderReleases = 'all'): ShownReleases {
  const dir = releasesDirOf(working);
  const releases = dir === null ? [] : listReleases(dir);
  const newest = releases[releases.length - 1];
  const workingVersion = versionOf(working.openapi);
  const none: ShownReleases = {
    current: working,
    currentVersion: workingVersion,
    currentIsWorking: true,
    references: [],
    unrendered: [],
  };
  if (dir === null || newest === undefined) return none;
  const upcoming =
    compareVersions(workingVersion, newest.version) > 0 && !samePair(currentPair(newest), working);
  const older = releases.slice(0, -1);
  const rendered = releasesToRender(older, choice);
  const references: ReleaseReference[] = rendered.map((release) => ({
    id: release.version,
    version: release.version,
    kind: 'release',
    date: release.date,
    files: currentPair(release),
    routes: releaseRoutes(release.version),
  }));
  if (upcoming)
    references.push({
      id: NEXT_ID,
      version: workingVersion,
      kind: 'next',
      date: nextDate(dir),
      files: working,
      routes: releaseRoutes(NEXT_ID),
    });
  return {
    current: upcoming ? currentPair(newest) : working,
    currentVersion: upcoming ? newest.version : workingVersion,
    currentIsWorking: !upcoming,
    references,
    unrendered: older
      .filter((r) => !rendered.includes(r))
      .map((r) => r.version)
      .reverse(),
  };
}

/** The releases plugin's `renderReleases` option, checked: a wrong value fails the build naming it. */
export function renderReleasesOption(raw: unknown): RenderReleases {
  if (raw === undefined || raw === 'all') return 'all';
  if (raw === 'last-of-each-major') return raw;
  if (
    typeof raw === 'object' &&
    raw !== null &&
    Object.keys(raw).join() === 'last' &&
    Number.isInteger((raw as {last: unknown}).last) &&
    (raw as {last: number}).last >= 0
  )
    return {last: (raw as {last: number}).last};
  throw new Error(
    `releases plugin options: \`renderReleases\` must be 'all', 'last-of-each-major' or {last: <number>}, got ${JSON.stringify(raw)}`,
  );
}
