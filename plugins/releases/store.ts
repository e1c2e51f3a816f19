/**
 * The releases folder: `specs/releases/<version>/` holds each released pair of
 * documents (exact copies) and `release.yaml` (what only a person can write:
 * date, notes, amendment reasons). An amendment keeps the copies it replaced in
 * `amendments/<n>/`, so its changes can be computed like a release's.
 *
 * history() turns the folder plus the working copy into the history every page
 * and feed renders: newest first, each entry with its computed changes.
 */
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {JsonObject} from '../api-reference/document';
import {parseFile} from '../api-reference/load/read';
import {checkReferences} from '../api-reference/load/refs';
import {loadAsyncApi, readResolved} from '../api-reference/load';
import {versionId} from './client/routes';
import {diffDocuments, requiredBump, reword, today, type Change, type Impact} from './diff';
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
  /** The day the amendment was recorded (`npm run release -- --amend` writes it). */
  recorded?: string;
}

export interface ReleaseInfo {
  version: string;
  date: string | null;
  /** The day the release was recorded here (`npm run release` writes it): a stable date for feeds, not a release date. */
  recorded: string | null;
  notes: Note[];
  /** A person's notes on computed changes, keyed by a change's id or by `<api>:<origin pointer>`. */
  changeNotes: Record<string, string>;
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
  /** The day it was recorded here (see ReleaseInfo.recorded). */
  recorded?: string | null;
  /** Keys of release.yaml `changes:` notes that match no computed change (an error for release:check). */
  unmatchedNotes?: string[];
  /**
   * Unreleased changes only: the day their removals were judged against the sunsets announced
   * (`x-sunset`), the upcoming release's planned date when the provider set one (`planned`), else
   * the day of the build.
   */
  judgedAt?: {date: string; planned: boolean};
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
  const recorded = raw?.recorded;
  const changeNotes = raw?.changes;
  return {
    version,
    date: typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    recorded: typeof recorded === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(recorded) ? recorded : null,
    notes: readNotes(raw?.notes),
    changeNotes:
      typeof changeNotes === 'object' && changeNotes !== null && !Array.isArray(changeNotes)
        ? Object.fromEntries(
            Object.entries(changeNotes as Record<string, unknown>).map(([k, v]) => [k, String(v).trim()]),
          )
        : {},
    amendments: amendments.flatMap((a: unknown): Amendment[] => {
      if (typeof a !== 'object' || a === null) return [];
      const {reason, recorded: when} = a as {reason?: unknown; recorded?: unknown};
      if (typeof reason !== 'string') return [];
      return [
        {reason, ...(typeof when === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(when) ? {recorded: when} : {})},
      ];
    }),
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

/**
 * Every file a pair of documents reaches (a split document's other files too), relative to the
 * folder of the documents, each once, the two documents first.
 */
export function pairFiles(pair: Pair): string[] {
  const root = path.dirname(pair.openapi);
  const out = new Set<string>();
  for (const file of [pair.openapi, pair.asyncapi]) {
    const parsed = parseFile(file);
    const reached = checkReferences(file, parsed, parseFile).files;
    for (const f of reached) {
      const relative = path.relative(root, f);
      if (relative.startsWith('..') || path.isAbsolute(relative))
        throw new Error(
          `${path.relative(process.cwd(), file)} reaches ${f}, outside the documents' folder ${root}: a release keeps the documents' folder only. Move that file under ${root}.`,
        );
      out.add(relative);
    }
  }
  return [...out];
}

/** The same files, byte for byte (names relative to each pair's folder). */
export function samePair(a: Pair, b: Pair): boolean {
  const filesA = pairFiles(a);
  const filesB = pairFiles(b);
  if (filesA.length !== filesB.length || filesA.some((f, i) => f !== filesB[i])) return false;
  const dirA = path.dirname(a.openapi);
  const dirB = path.dirname(b.openapi);
  return filesA.every((f) => readFileSync(path.join(dirA, f)).equals(readFileSync(path.join(dirB, f))));
}

/** Copies every file the pair reaches into `dir`, keeping their places relative to the documents. */
export function copyPairTo(from: Pair, dir: string): void {
  const root = path.dirname(from.openapi);
  for (const file of pairFiles(from)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    copyFileSync(path.join(root, file), path.join(dir, file));
  }
}

/** Moves the files of the pair in `from` (a release's folder) into `to` (its amendments/<n>/). */
export function movePairTo(from: string, to: string): void {
  for (const file of pairFiles(pairIn(from))) {
    mkdirSync(path.dirname(path.join(to, file)), {recursive: true});
    renameSync(path.join(from, file), path.join(to, file));
  }
}

const cache = new Map<string, JsonObject>();

/** A document as the build reads it (a split one bundled), once per set of file contents. */
export async function readDoc(file: string): Promise<JsonObject> {
  const parsed = parseFile(file);
  const files = checkReferences(file, parsed, parseFile).files;
  const key = files.map((f) => `${f}\u0000${readFileSync(f, 'utf8')}`).join('\u0001');
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // An AsyncAPI 2.x document is read as the references read it: converted to 3.0.
  const doc = /^2\./.test(String(parsed.doc.asyncapi ?? ''))
    ? await loadAsyncApi(file)
    : files.length > 1
      ? (await readResolved(file)).doc
      : parsed.doc;
  cache.set(key, doc);
  return doc;
}

/** Changes between two pairs of documents; sunsets are judged at `asOf` (YYYY-MM-DD, default today). */
export async function diffPairs(before: Pair, after: Pair, asOf: string = today()): Promise<Change[]> {
  // Read as the build reads them: a split document's other files are part of it.
  const rest = diffDocuments('rest', await readDoc(before.openapi), await readDoc(after.openapi), {asOf});
  const ws = diffDocuments('ws', await readDoc(before.asyncapi), await readDoc(after.asyncapi), {asOf});
  return [...rest, ...ws];
}

/**
 * The day a release's changes are judged at (a removal before or after its sunset): its published
 * date, else the day it was recorded, so a rebuild on any later day gives the same verdicts. Only a
 * release recorded before `recorded:` existed falls back to `fallback` (today).
 */
export function judgedAt(release: Pick<ReleaseInfo, 'date' | 'recorded'>, fallback: string): string {
  return release.date ?? release.recorded ?? fallback;
}

/**
 * Attaches a person's notes (release.yaml `changes:`) to the changes they name: by the change's
 * id (one use), or by `<api>:<origin>` (every use of what changed, e.g. a shared schema).
 * Returns the changes and the keys that matched nothing.
 */
export function attachNotes(
  changes: readonly Change[],
  notes: Readonly<Record<string, string>>,
): {changes: Change[]; unmatched: string[]} {
  const used = new Set<string>();
  const out = changes.map((change) => {
    const key = [change.id, `${change.api}:${change.origin}`].find((k) => notes[k] !== undefined);
    if (key === undefined) return change;
    used.add(key);
    return {...change, note: notes[key] as string};
  });
  return {changes: out, unmatched: Object.keys(notes).filter((k) => !used.has(k))};
}

/** A removal "as announced" names the release whose deprecation announced it, when the history shows one. */
function withAnnouncements(changes: Change[], deprecatedIn: ReadonlyMap<string, string>): Change[] {
  return changes.map((change) => {
    if (change.rule !== 'removed-as-announced' && change.rule !== 'removed-before-sunset') return change;
    const version = deprecatedIn.get(`${change.api}:${change.pointer}`);
    return version === undefined ? change : reword(change, {announcedIn: version});
  });
}

/**
 * The history, newest first: unreleased changes of the working copy (when it
 * differs from the newest release), then each release preceded by its
 * amendments, newest first. Sunsets are judged at a release's date, else at the day it
 * was recorded (judgedAt); the working documents at the upcoming release's planned date
 * (`options.upcomingDate`, specs/releases/next.yaml) when there is one, else at `options.today`
 * (default: today), as what would ship if released that day.
 */
export async function history(
  releasesDir: string,
  working: Pair | null,
  options: {today?: string; upcomingDate?: string | null} = {},
): Promise<HistoryEntry[]> {
  const now = options.today ?? today();
  const upcomingAt = options.upcomingDate ?? null;
  const releases = listReleases(releasesDir);
  const entries: HistoryEntry[] = [];
  /** `<api>:<pointer>` of each deprecated use → the release that deprecated it. */
  const deprecatedIn = new Map<string, string>();
  const learn = (changes: readonly Change[], version: string): void =>
    learnDeprecations(deprecatedIn, changes, version);
  for (const [index, release] of releases.entries()) {
    const previous = index > 0 ? releases[index - 1] : undefined;
    const computed =
      previous !== undefined
        ? withAnnouncements(
            await diffPairs(currentPair(previous), originalPair(release), judgedAt(release, now)),
            deprecatedIn,
          )
        : [];
    const {changes, unmatched} = attachNotes(computed, release.changeNotes);
    learn(changes, release.version);
    entries.push({
      id: versionId(release.version),
      kind: 'release',
      version: release.version,
      date: release.date,
      recorded: release.recorded,
      notes: release.notes,
      initial: previous === undefined,
      since: previous?.version ?? null,
      changes,
      bump: requiredBump(changes),
      ...(unmatched.length > 0 ? {unmatchedNotes: unmatched} : {}),
    });
    for (const [i, amendment] of release.amendments.entries()) {
      const {before, after} = amendmentPairs(release, i + 1);
      // A correction is judged at the day of the release it corrects.
      const amended = withAnnouncements(await diffPairs(before, after, judgedAt(release, now)), deprecatedIn);
      learn(amended, release.version);
      entries.push({
        id: `${versionId(release.version)}-amendment-${i + 1}`,
        kind: 'amendment',
        version: release.version,
        date: null,
        recorded: amendment.recorded ?? null,
        notes: [],
        reason: amendment.reason,
        initial: false,
        since: release.version,
        changes: amended,
        // A correction of the documents: the API did not change, so no version bump.
        bump: 'none',
      });
    }
  }
  const newest = releases[releases.length - 1];
  if (working !== null && newest !== undefined && !samePair(currentPair(newest), working)) {
    // The working documents are judged at the planned release date, else today: what would ship then.
    const judgedAt = {date: upcomingAt ?? now, planned: upcomingAt !== null};
    const changes = withAnnouncements(
      await diffPairs(currentPair(newest), working, judgedAt.date),
      deprecatedIn,
    );
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
      judgedAt,
    });
  }
  return entries.reverse();
}

/** Each deprecated use (`<api>:<pointer>`) → the release whose changes deprecated it (oldest first). */
export function deprecationReleases(entries: readonly HistoryEntry[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of [...entries].reverse())
    if (entry.kind === 'release' && entry.version !== null)
      learnDeprecations(out, entry.changes, entry.version);
  return out;
}

/** Records, for each use these changes deprecate, the version that did it (the first one wins). */
function learnDeprecations(into: Map<string, string>, changes: readonly Change[], version: string): void {
  for (const c of changes)
    if (c.rule === 'deprecated')
      for (const {pointer} of c.places ?? [c])
        if (!into.has(`${c.api}:${pointer}`)) into.set(`${c.api}:${pointer}`, version);
}
