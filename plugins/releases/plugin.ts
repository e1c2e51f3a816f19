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
import {FEED_PATH, JSON_PATH, renderAtom, renderJson} from './feeds';
import {badgeReleases, releaseBadges, type PlacedBadge} from './badges';
import {history} from './store';
import {historyView, type Anchors, type HistoryView} from './view';

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
}

export async function loadHistory(specPaths: SpecPaths, anchors: Anchors): Promise<LoadedHistory> {
  const dir = releasesDirFor(specPaths);
  const entries = dir === null ? [] : await history(dir, specPaths);
  return {view: historyView(entries, anchors), badges: releaseBadges(entries, anchors, badgeReleases())};
}

/** The Atom feed and the JSON file of the history (plugins/releases/feeds.ts), into the build. */
export async function writeHistoryFeeds(
  outDir: string,
  siteConfig: Pick<DocusaurusConfig, 'url' | 'baseUrl'>,
  content: {history: HistoryView; identity: {title: string}},
): Promise<void> {
  const siteUrl = new URL(siteConfig.baseUrl, siteConfig.url).href;
  const dir = path.join(outDir, path.dirname(FEED_PATH));
  await mkdir(dir, {recursive: true});
  const updated = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  await writeFile(
    path.join(outDir, FEED_PATH),
    renderAtom(content.history, {siteUrl, title: content.identity.title, updated}),
  );
  await writeFile(path.join(outDir, JSON_PATH), renderJson(content.history, siteUrl));
}
