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
    const extracted = extractPage(await readFile(file, 'utf8'), input.options ?? DEFAULT_EXTRACT_OPTIONS);
    if (extracted === undefined) continue;
    const p = pages.push({u: siteRoute(input.baseUrl, route), t: extracted.title}) - 1;
    for (const record of extracted.records) records.push({p, ...record});
  }
  return {v: SEARCH_INDEX_VERSION, pages, records};
}
