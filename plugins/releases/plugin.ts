/**
 * What the api-reference plugin asks of the releases: the history view for
 * /version-history, computed at build time from the releases folder next to
 * the documents (specs/releases) and the working documents. Documents given
 * with OPENAPI_FILE / ASYNCAPI_FILE in another folder have no releases.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {DocusaurusConfig} from '@docusaurus/types';
import type {SpecPaths} from '../api-reference/identity';
import type {DeprecationMark} from '../api-reference/types';
import {FEED_PATH, JSON_PATH, renderAtom, renderJson} from './feeds';
import {badgeReleases, deprecationMarks, releaseBadges, type PlacedBadge} from './badges';
import {deprecatedUses} from './changes/deprecations';
import {deprecationReleases, history} from './store';
import {deprecationsView, historyView, type Anchors, type HistoryView} from './view';

/** Name of the data file under `.docusaurus/api-reference/default/`. */
export const HISTORY_DATA = 'version-history.json';

export function releasesDirFor(specPaths: SpecPaths): string | null {
  const dir = path.dirname(specPaths.openapi);
  return dir === path.dirname(specPaths.asyncapi) ? path.join(dir, 'releases') : null;
}

export interface LoadedHistory {
  view: HistoryView;
  /** Badges of the newest releases' changes, by element id of /rest and of /docs/ws. */
  badges: {rest: Map<string, PlacedBadge>; ws: Map<string, PlacedBadge>};
  /** Since when each deprecated element is deprecated and its sunset, by element id. */
  deprecations: {rest: Map<string, DeprecationMark>; ws: Map<string, DeprecationMark>};
}

/**
 * The history (from the releases folder) and what the documents the site renders deprecate
 * today (from those documents, loaded: a split or converted document as the pages see it).
 * A release.yaml note that names no computed change stops the build, as it fails release:check.
 */
export async function loadHistory(
  specPaths: SpecPaths,
  anchors: Anchors,
  documents: {openapi: Record<string, unknown>; asyncapi: Record<string, unknown>},
): Promise<LoadedHistory> {
  const dir = releasesDirFor(specPaths);
  const entries = dir === null ? [] : await history(dir, specPaths);
  const unmatched = entries.flatMap((e) => (e.unmatchedNotes ?? []).map((k) => `${e.version ?? ''}: ${k}`));
  if (unmatched.length > 0)
    throw new Error(
      `release.yaml notes name no computed change (run npm run release:check for the ids): ${unmatched.join('; ')}`,
    );
  const deprecations = deprecationsView(
    [...deprecatedUses('rest', documents.openapi), ...deprecatedUses('ws', documents.asyncapi)],
    deprecationReleases(entries),
    anchors,
  );
  return {
    view: historyView(entries, anchors, deprecations),
    badges: releaseBadges(entries, anchors, badgeReleases()),
    deprecations: deprecationMarks(deprecations, anchors),
  };
}

/** The Atom feed and the JSON file of the history (plugins/releases/feeds.ts), into the build. */
export async function writeHistoryFeeds(
  outDir: string,
  siteConfig: Pick<DocusaurusConfig, 'url' | 'baseUrl'>,
  content: {history: HistoryView; identity: {title: string; contactEmail: string}},
): Promise<void> {
  const siteUrl = new URL(siteConfig.baseUrl, siteConfig.url).href;
  const dir = path.join(outDir, path.dirname(FEED_PATH));
  await mkdir(dir, {recursive: true});
  const options = {
    siteUrl,
    title: content.identity.title,
    ...(content.identity.contactEmail !== '' ? {contact: content.identity.contactEmail} : {}),
  };
  await writeFile(path.join(outDir, FEED_PATH), renderAtom(content.history, options));
  await writeFile(path.join(outDir, JSON_PATH), renderJson(content.history, options));
}
