/**
 * The releases plugin's content: the history computed from the releases folder next to the
 * documents (specs/releases) and the working documents, what those documents deprecate today,
 * and the marks the references should carry. Documents go in, changes come out: the view that
 * links changes into the reference is made once the reference's anchors are known (historyFor).
 * Documents given with OPENAPI_FILE / ASYNCAPI_FILE in another folder have no releases.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {DocusaurusConfig} from '@docusaurus/types';
import {identityFromDocuments, type SpecPaths} from '../api-reference/identity';
import {renderAtom, renderJson} from './feeds';
import {
  badgeCandidates,
  badgeReleases,
  deprecationCandidates,
  historyCandidates,
  type ReleaseMarks,
} from './marks';
import {deprecatedUses} from './changes/deprecations';
import type {Finding} from './changes/compare';
import {compareVersions, deprecationReleases, history, readDoc, type HistoryEntry} from './store';
import {deprecationsView, historyView, type Anchors, type HistoryView} from './view';
import {FEED_ROUTE, JSON_ROUTE, outputPath} from './client/routes';
import {shownReleases, type ReleaseReference, type RenderReleases, type ShownReleases} from './references';

/** Name of the data file under `.docusaurus/releases/default/`. */
export const HISTORY_DATA = 'version-history.json';

export function releasesDirFor(specPaths: SpecPaths): string | null {
  const dir = path.dirname(specPaths.openapi);
  return dir === path.dirname(specPaths.asyncapi) ? path.join(dir, 'releases') : null;
}

export interface ReleasesContent {
  /** The history, newest first (store.ts `history`). */
  entries: HistoryEntry[];
  /** Each use the working documents deprecate today. */
  deprecated: Finding[];
  /** `<api>:<pointer>` of each deprecated use → the release that deprecated it. */
  deprecatedIn: ReadonlyMap<string, string>;
  /** What the references mark: badges of the newest releases, deprecations (placed by api-reference). */
  marks: ReleaseMarks;
  /** For the feeds: the provider's title and contact address, from the working documents. */
  identity: {title: string; contactEmail: string};
  /** Set when the working OpenAPI document's version is older than the newest recorded release. */
  behind: {release: string; document: string} | null;
  /** What the current reference shows, and the other references with the marks of each (as of its release). */
  shown: Omit<ShownReleases, 'references'> & {references: Array<ReleaseReference & {marks: ReleaseMarks}>};
}

/**
 * The history as of one reference, newest first: for an older release, that release and what came
 * before it (its amendments too: a correction is part of the release); for the current reference
 * with an upcoming release, everything but the upcoming changes; for the upcoming one, everything.
 */
export function entriesAsOf(
  entries: readonly HistoryEntry[],
  version: string | 'next' | 'current',
): HistoryEntry[] {
  if (version === 'next') return [...entries];
  if (version === 'current') return entries.filter((e) => e.kind !== 'unreleased' || e.version === null);
  return entries.filter(
    (e) => e.kind !== 'unreleased' && e.version !== null && compareVersions(e.version, version) <= 0,
  );
}

/** The upcoming changes read as a release of their own (its badges say "New in <next version>"). */
function upcomingAsRelease(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return entries.map((e) =>
    e.kind === 'unreleased' && e.version !== null ? {...e, kind: 'release' as const} : e,
  );
}

/** The marks one reference carries: badges and histories as of its release, deprecations of its own documents. */
async function marksAsOf(
  entries: readonly HistoryEntry[],
  files: {openapi: string; asyncapi: string},
  env: NodeJS.ProcessEnv,
): Promise<ReleaseMarks> {
  const [openapi, asyncapi] = await Promise.all([readDoc(files.openapi), readDoc(files.asyncapi)]);
  const deprecated = [...deprecatedUses('rest', openapi), ...deprecatedUses('ws', asyncapi)];
  return {
    badges: badgeCandidates(upcomingAsRelease(entries), badgeReleases(env)),
    deprecations: deprecationCandidates(deprecated, deprecationReleases(entries)),
    histories: historyCandidates(entries),
  };
}

/**
 * Reads the releases folder and the working documents, computes the history and what the
 * documents deprecate. A release.yaml note that names no computed change stops the build, as it
 * fails release:check.
 */
export async function loadReleases(
  specPaths: SpecPaths,
  renderReleases: RenderReleases = 'all',
  env: NodeJS.ProcessEnv = process.env,
): Promise<ReleasesContent> {
  const dir = releasesDirFor(specPaths);
  const shown = shownReleases(specPaths, renderReleases);
  const next = shown.references.find((r) => r.kind === 'next');
  // The upcoming release's changes carry its version and the date the provider set for it.
  const entries = (dir === null ? [] : await history(dir, specPaths, {upcomingDate: next?.date ?? null})).map(
    (e) =>
      e.kind === 'unreleased' && next !== undefined ? {...e, version: next.version, date: next.date} : e,
  );
  const unmatched = entries.flatMap((e) => (e.unmatchedNotes ?? []).map((k) => `${e.version ?? ''}: ${k}`));
  if (unmatched.length > 0)
    throw new Error(
      `release.yaml notes name no computed change (run npm run release:check for the ids): ${unmatched.join('; ')}`,
    );
  // The same documents the diff read (read once, by content).
  const [openapi, asyncapi] = await Promise.all([readDoc(specPaths.openapi), readDoc(specPaths.asyncapi)]);
  const deprecated = [...deprecatedUses('rest', openapi), ...deprecatedUses('ws', asyncapi)];
  const deprecatedIn = deprecationReleases(entries);
  const identity = identityFromDocuments(openapi, asyncapi, specPaths.openapi);
  const newest = entries.find((e) => e.kind === 'release' && e.version !== null)?.version ?? null;
  return {
    entries,
    deprecated,
    deprecatedIn,
    marks:
      next === undefined
        ? {
            badges: badgeCandidates(entries, badgeReleases(env)),
            deprecations: deprecationCandidates(deprecated, deprecatedIn),
            histories: historyCandidates(entries),
          }
        : await marksAsOf(entriesAsOf(entries, 'current'), shown.current, env),
    identity: {title: identity.title, contactEmail: identity.contactEmail},
    behind:
      newest !== null && compareVersions(identity.apiVersion, newest) < 0
        ? {release: newest, document: identity.apiVersion}
        : null,
    shown: {
      ...shown,
      references: await Promise.all(
        shown.references.map(async (reference) => ({
          ...reference,
          marks: await marksAsOf(
            entriesAsOf(entries, reference.kind === 'next' ? 'next' : reference.version),
            reference.files,
            env,
          ),
        })),
      ),
    },
  };
}

/** The history as /version-history and the feeds show it, linked to the anchors the references have. */
export function historyFor(content: ReleasesContent, anchors: Anchors, upcoming?: Anchors): HistoryView {
  const deprecations = deprecationsView(content.deprecated, content.deprecatedIn, anchors);
  return historyView(content.entries, anchors, deprecations, upcoming);
}

/** The Atom feed and the JSON file of the history (plugins/releases/feeds.ts), into the build. */
export async function writeHistoryFeeds(
  outDir: string,
  siteConfig: Pick<DocusaurusConfig, 'url' | 'baseUrl'>,
  content: {history: HistoryView; identity: {title: string; contactEmail: string}},
): Promise<void> {
  const siteUrl = new URL(siteConfig.baseUrl, siteConfig.url).href;
  const options = {
    siteUrl,
    title: content.identity.title,
    ...(content.identity.contactEmail !== '' ? {contact: content.identity.contactEmail} : {}),
  };
  for (const [route, render] of [
    [FEED_ROUTE, renderAtom],
    [JSON_ROUTE, renderJson],
  ] as const) {
    const file = path.join(outDir, outputPath(route));
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, render(content.history, options));
  }
}
