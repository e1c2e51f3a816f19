/**
 * Built site → search index file. Reads the HTML Docusaurus wrote for each
 * route (not the sources: what a reader sees is what is found, with the ids the
 * page really has).
 */
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {DEFAULT_EXTRACT_OPTIONS, extractPage, type ExtractOptions} from './extract';
import {
  SEARCH_INDEX_VERSION,
  type SearchIndexFile,
  type SearchPage,
  type SearchRecord,
} from './client/indexFile';
import {scopes} from './scopes';

export interface BuildInput {
  outDir: string;
  baseUrl: string;
  /** Every route of the build (postBuild's `routesPaths`), with baseUrl. */
  routesPaths: readonly string[];
  options?: ExtractOptions;
}

/** The not-found page has a route too; it is not a result. */
function isNotFound(route: string): boolean {
  return /(^|\/)404(\.html)?$/.test(route);
}

/** The HTML file of a route, whatever `trailingSlash` was: `x.html`, `x/index.html`. */
export function htmlFileOf(outDir: string, baseUrl: string, route: string): string | undefined {
  const relative = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, '');
  const trimmed = relative.replace(/\/$/, '');
  const candidates =
    trimmed === ''
      ? ['index.html']
      : [trimmed.endsWith('.html') ? trimmed : `${trimmed}.html`, `${trimmed}/index.html`];
  return candidates.map((c) => path.join(outDir, c)).find((file) => existsSync(file));
}

/** Route without baseUrl, as the search box joins it back with `useBaseUrl`. */
function siteRoute(baseUrl: string, route: string): string {
  const relative = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, '');
  return `/${relative}`;
}

export async function buildSearchIndex(input: BuildInput): Promise<SearchIndexFile> {
  const routes = [...new Set(input.routesPaths)].filter((r) => !isNotFound(r)).sort();
  const pages: SearchPage[] = [];
  const records: SearchRecord[] = [];
  for (const route of routes) {
    const file = htmlFileOf(input.outDir, input.baseUrl, route);
    if (file === undefined) continue;
    const u = siteRoute(input.baseUrl, route);
    // A release's pages ask web search engines not to index them (the current page is canonical),
    // but the site's own search finds them from that release's pages (client/scope.ts).
    const extracted = extractPage(await readFile(file, 'utf8'), input.options ?? DEFAULT_EXTRACT_OPTIONS, {
      noindexToo: scopes.releaseOfPath(u) !== undefined,
    });
    if (extracted === undefined) continue;
    const p = pages.push({u, t: extracted.title}) - 1;
    for (const record of extracted.records) records.push({p, ...record});
  }
  return {v: SEARCH_INDEX_VERSION, pages, records};
}

/** The index split by where its pages are found from: see client/scope.ts. */
export interface SplitIndex {
  /** The current reference and the guides: `search-index.json`. */
  main: SearchIndexFile;
  /** Each release's reference pages, by release id (`2.0.0`, `next`): `releases/<id>/search-index.json`. */
  releases: Map<string, SearchIndexFile>;
}

/**
 * One file for the current site, one per release: a reader of the current reference downloads
 * what it did before releases were browsable, whatever the number of releases.
 */
export function splitByRelease(index: SearchIndexFile): SplitIndex {
  const files = new Map<string | undefined, {file: SearchIndexFile; renumbered: Map<number, number>}>();
  const fileOf = (id: string | undefined): {file: SearchIndexFile; renumbered: Map<number, number>} => {
    let entry = files.get(id);
    if (entry === undefined) {
      entry = {file: {v: SEARCH_INDEX_VERSION, pages: [], records: []}, renumbered: new Map()};
      files.set(id, entry);
    }
    return entry;
  };
  fileOf(undefined);
  index.pages.forEach((page, i) => {
    const {file, renumbered} = fileOf(scopes.releaseOfPath(page.u));
    renumbered.set(i, file.pages.push(page) - 1);
  });
  for (const record of index.records) {
    const page = index.pages[record.p];
    if (page === undefined) continue;
    const {file, renumbered} = fileOf(scopes.releaseOfPath(page.u));
    const p = renumbered.get(record.p);
    if (p !== undefined) file.records.push({...record, p});
  }
  const releases = new Map<string, SearchIndexFile>();
  for (const [id, {file}] of files) if (id !== undefined) releases.set(id, file);
  return {main: fileOf(undefined).file, releases};
}
