/**
 * The releases folder: `specs/releases/<version>/` holds each released pair of
 * documents (exact copies) and `release.yaml` (what only a person can write:
 * date, notes, amendment reasons). An amendment keeps the copies it replaced in
 * `amendments/<n>/`, so its changes can be computed like a release's.
 *
 * history() turns the folder plus the working copy into the history every page
 * and feed renders: newest first, each entry with its computed changes.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {JsonObject} from '../api-reference/document';
import {diffDocuments, requiredBump, type Change, type Impact} from './diff';
import {compareVersions, parseVersion} from './version';

export {bumpBetween, bumpCovers, compareVersions, parseVersion} from './version';

export const DOCUMENTS = ['openapi.yaml', 'asyncapi.yaml'] as const;
export const RELEASE_FILE = 'release.yaml';

export interface Note {
  text: string;
  /** Follow the note with the provider's contact address. */
  contactProvider?: boolean;
}

export interface Amendment {
  reason: string;
}

export interface ReleaseInfo {
  version: string;
  date: string | null;
  notes: Note[];
  amendments: Amendment[];
  dir: string;
}

export interface Pair {
  openapi: string;
  asyncapi: string;
}

export interface HistoryEntry {
  /** Element id on /version-history, and the feeds' entry key. */
  id: string;
  kind: 'release' | 'amendment' | 'unreleased';
  /** The release's version (an amendment's is the release it amends); null for unreleased changes. */
  version: string | null;
  date: string | null;
  notes: Note[];
  /** Why an amendment was made. */
  reason?: string;
  /** The oldest recorded release: there is nothing earlier to compare it with. */
  initial: boolean;
  /** The version this entry's changes are measured from. */
  since: string | null;
  changes: Change[];
  bump: Impact | 'none';
}

function readNotes(raw: unknown): Note[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): Note[] => {
    if (typeof item === 'string') return [{text: item.trim()}];
    if (typeof item === 'object' && item !== null && typeof (item as {text?: unknown}).text === 'string') {
      const note = item as {text: string; contactProvider?: unknown};
      return [{text: note.text.trim(), ...(note.contactProvider === true ? {contactProvider: true} : {})}];
    }
    return [];
  });
}

export function readRelease(dir: string, version: string): ReleaseInfo {
  const file = path.join(dir, RELEASE_FILE);
  const raw = existsSync(file) ? (parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null) : null;
  const date = raw?.date;
  const amendments = Array.isArray(raw?.amendments) ? raw.amendments : [];
  return {
    version,
    date: typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    notes: readNotes(raw?.notes),
    amendments: amendments.flatMap((a: unknown) =>
      typeof a === 'object' && a !== null && typeof (a as {reason?: unknown}).reason === 'string'
        ? [{reason: (a as {reason: string}).reason}]
        : [],
    ),
    dir,
  };
}

/** Every recorded release, oldest first; empty when the folder does not exist. */
export function listReleases(releasesDir: string): ReleaseInfo[] {
  if (!existsSync(releasesDir)) return [];
  return readdirSync(releasesDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && parseVersion(entry.name) !== null)
    .filter((entry) => DOCUMENTS.every((file) => existsSync(path.join(releasesDir, entry.name, file))))
    .map((entry) => readRelease(path.join(releasesDir, entry.name), entry.name))
    .sort((a, b) => compareVersions(a.version, b.version));
}

function pairIn(dir: string): Pair {
  return {openapi: path.join(dir, 'openapi.yaml'), asyncapi: path.join(dir, 'asyncapi.yaml')};
}

/** The copies a release was first recorded with (before any amendment). */
export function originalPair(release: ReleaseInfo): Pair {
  return release.amendments.length > 0
    ? pairIn(path.join(release.dir, 'amendments', '1'))
    : pairIn(release.dir);
}

/** The copies a release holds now. */
export function currentPair(release: ReleaseInfo): Pair {
  return pairIn(release.dir);
}

/** Copies before amendment n (1-based) and after it. */
function amendmentPairs(release: ReleaseInfo, n: number): {before: Pair; after: Pair} {
  const before = pairIn(path.join(release.dir, 'amendments', String(n)));
  const after =
    n < release.amendments.length
      ? pairIn(path.join(release.dir, 'amendments', String(n + 1)))
      : pairIn(release.dir);
  return {before, after};
}

export function samePair(a: Pair, b: Pair): boolean {
  return (
    readFileSync(a.openapi).equals(readFileSync(b.openapi)) &&
    readFileSync(a.asyncapi).equals(readFileSync(b.asyncapi))
  );
}

const cache = new Map<string, JsonObject>();

function readDoc(file: string): JsonObject {
  const text = readFileSync(file, 'utf8');
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const doc = parse(text) as JsonObject;
  cache.set(text, doc);
  return doc;
}

/** Changes between two pairs of documents (both diffs run at once). */
export async function diffPairs(before: Pair, after: Pair): Promise<Change[]> {
  const [rest, ws] = await Promise.all([
    readFileSync(before.openapi).equals(readFileSync(after.openapi))
      ? []
      : diffDocuments('rest', readDoc(before.openapi), readDoc(after.openapi)),
    readFileSync(before.asyncapi).equals(readFileSync(after.asyncapi))
      ? []
      : diffDocuments('ws', readDoc(before.asyncapi), readDoc(after.asyncapi)),
  ]);
  return [...rest, ...ws];
}

export function versionId(version: string): string {
  return `v${version.replace(/[^0-9A-Za-z]+/g, '-')}`;
}

/**
 * The history, newest first: unreleased changes of the working copy (when it
 * differs from the newest release), then each release preceded by its
 * amendments, newest first.
 */
export async function history(releasesDir: string, working: Pair | null): Promise<HistoryEntry[]> {
  const releases = listReleases(releasesDir);
  const entries: HistoryEntry[] = [];
  for (const [index, release] of releases.entries()) {
    const previous = index > 0 ? releases[index - 1] : undefined;
    const changes =
      previous !== undefined ? await diffPairs(currentPair(previous), originalPair(release)) : [];
    entries.push({
      id: versionId(release.version),
      kind: 'release',
      version: release.version,
      date: release.date,
      notes: release.notes,
      initial: previous === undefined,
      since: previous?.version ?? null,
      changes,
      bump: requiredBump(changes),
    });
    for (const [i, amendment] of release.amendments.entries()) {
      const {before, after} = amendmentPairs(release, i + 1);
      const amended = await diffPairs(before, after);
      entries.push({
        id: `${versionId(release.version)}-amendment-${i + 1}`,
        kind: 'amendment',
        version: release.version,
        date: null,
        notes: [],
        reason: amendment.reason,
        initial: false,
        since: release.version,
        changes: amended,
        bump: requiredBump(amended),
      });
    }
  }
  const newest = releases[releases.length - 1];
  if (working !== null && newest !== undefined && !samePair(currentPair(newest), working)) {
    const changes = await diffPairs(currentPair(newest), working);
    entries.push({
      id: 'unreleased',
      kind: 'unreleased',
      version: null,
      date: null,
      notes: [],
      initial: false,
      since: newest.version,
      changes,
      bump: requiredBump(changes),
    });
  }
  return entries.reverse();
}
