/**
 * Offline search: after the build, reads every built page and writes
 * `search-index.json` to the output folder. Nothing runs in the browser until
 * the search box is opened (src/theme/SearchBar loads the file then); no
 * request ever leaves the site's origin.
 *
 * In `docusaurus start` there is no build output, so there is no index: the
 * search box says search works in the production build.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildSearchIndex, splitByRelease} from './build';
import {DEFAULT_EXTRACT_OPTIONS, type ExtractOptions} from './extract';
import {SEARCH_INDEX_FILE} from './client/indexFile';
import {scopes} from './scopes';

export type PluginOptions = Partial<ExtractOptions>;

/**
 * What the build says when no page was indexed. Every page indexed gives at least one record (a page
 * without a <main> is indexed from its <body>), so each route was missing, a redirect, or noindex.
 */
export function emptyIndexWarning(outDir: string): string {
  return (
    `[search-index] No page of the build in ${outDir} was indexed: the search box will find nothing. ` +
    'Each route was missing from the output, a redirect, or marked noindex (<meta name="robots" content="noindex">).'
  );
}

export default function searchIndexPlugin(context: LoadContext, options: PluginOptions = {}): Plugin {
  const extractOptions: ExtractOptions = {...DEFAULT_EXTRACT_OPTIONS, ...options};
  return {
    name: 'search-index',

    async postBuild({outDir, routesPaths}) {
      const index = await buildSearchIndex({
        outDir,
        baseUrl: context.baseUrl,
        routesPaths,
        options: extractOptions,
      });
      // A warning, not a failure: an empty site still builds, but nobody should ship it unnoticed.
      if (index.records.length === 0) console.warn(emptyIndexWarning(outDir));
      // The current reference and the guides in one file; each release's reference in its own,
      // loaded only on that release's pages (client/scope.ts).
      const {main, releases} = splitByRelease(index);
      const json = JSON.stringify(main);
      await writeFile(path.join(outDir, SEARCH_INDEX_FILE), json);
      for (const [id, file] of releases) {
        const target = path.join(outDir, scopes.releaseIndexFile(id));
        await mkdir(path.dirname(target), {recursive: true});
        await writeFile(target, JSON.stringify(file));
      }
      console.log(
        `[search-index] ${main.records.length} records from ${main.pages.length} pages written to ` +
          `${SEARCH_INDEX_FILE} (${Math.round(Buffer.byteLength(json) / 1024)} KiB; sizes: npx jiti scripts/bench/search-index-size.ts)` +
          (releases.size > 0 ? `, and one file per release for ${[...releases.keys()].join(', ')}` : ''),
      );
    },
  };
}
