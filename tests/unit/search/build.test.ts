import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildSearchIndex, htmlFileOf} from '../../../plugins/search-index/build';
import searchIndexPlugin, {emptyIndexWarning} from '../../../plugins/search-index/index';
import {
  SEARCH_INDEX_FILE,
  SEARCH_INDEX_VERSION,
  type SearchIndexFile,
} from '../../../plugins/search-index/client/indexFile';
import {GUIDE, page, REDIRECT, REST} from './fixtures';

let outDir: string;

async function put(relative: string, html: string): Promise<void> {
  const file = path.join(outDir, relative);
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(file, html);
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'search-index-'));
  await put('index.html', page('Home', '<main><h1>Example API</h1><p>Welcome.</p></main>'));
  await put('docs/authentication.html', GUIDE); // trailingSlash: false
  await put('rest/index.html', REST); // trailingSlash: true or undefined
  await put('docs/index.html', REDIRECT); // a client redirect, not a route
  await put('404.html', page('Page Not Found', '<main><h1>Page Not Found</h1></main>'));
  await put('static-file.html', page('Stray', '<main><h1>Not a route</h1></main>'));
});

afterAll(async () => {
  await rm(outDir, {recursive: true, force: true});
});

describe('buildSearchIndex', () => {
  it('indexes the routes of the build, not the 404 page, redirects or stray HTML files', async () => {
    const index = await buildSearchIndex({
      outDir,
      baseUrl: '/',
      routesPaths: ['/', '/docs/authentication', '/rest', '/docs', '/404.html', '/docs/authentication'],
    });
    expect(index.v).toBe(SEARCH_INDEX_VERSION);
    expect(index.pages).toEqual([
      {u: '/', t: 'Example API'},
      {u: '/docs/authentication', t: 'Authentication'},
      {u: '/rest', t: 'REST API reference'},
    ]);
    const rest = index.records.filter((r) => r.p === 2);
    expect(rest.map((r) => r.a)).toContain(
      'createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision',
    );
    expect(index.records.every((r) => index.pages[r.p] !== undefined)).toBe(true);
  });

  it('finds a route file whatever the trailingSlash setting, with a baseUrl', async () => {
    expect(htmlFileOf(outDir, '/', '/')).toBe(path.join(outDir, 'index.html'));
    expect(htmlFileOf(outDir, '/', '/docs/authentication')).toBe(
      path.join(outDir, 'docs/authentication.html'),
    );
    expect(htmlFileOf(outDir, '/', '/rest/')).toBe(path.join(outDir, 'rest/index.html'));
    expect(htmlFileOf(outDir, '/site/', '/site/rest')).toBe(path.join(outDir, 'rest/index.html'));
    expect(htmlFileOf(outDir, '/', '/missing')).toBeUndefined();
  });

  it('stores routes without the baseUrl (the search box adds it back)', async () => {
    const index = await buildSearchIndex({outDir, baseUrl: '/site/', routesPaths: ['/site/', '/site/rest']});
    expect(index.pages.map((p) => p.u)).toEqual(['/', '/rest']);
  });
});

describe('the plugin', () => {
  it('writes search-index.json into the output folder after the build', async () => {
    const plugin = searchIndexPlugin({baseUrl: '/'} as LoadContext, {maxSectionText: 100});
    type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];
    // postBuild reads only outDir and routesPaths; the rest of the props do not matter here.
    await plugin.postBuild?.({outDir, routesPaths: ['/', '/rest']} as PostBuildProps);
    const written = JSON.parse(
      await readFile(path.join(outDir, SEARCH_INDEX_FILE), 'utf8'),
    ) as SearchIndexFile;
    expect(written.pages.map((p) => p.t)).toEqual(['Example API', 'REST API reference']);
    expect(written.records.every((r) => r.x.length <= 101)).toBe(true);
  });

  it('indexes a page without <main>; no records only for routes missing, redirected or noindex, as the warning says', async () => {
    await put('bare/index.html', page('Bare', '<h1>No main element</h1><p>Still text.</p>'));
    const bare = await buildSearchIndex({outDir, baseUrl: '/', routesPaths: ['/bare']});
    expect(bare.records.length).toBeGreaterThan(0);
    const none = await buildSearchIndex({outDir, baseUrl: '/', routesPaths: ['/docs', '/missing']});
    expect(none.records).toEqual([]);
    const warning = emptyIndexWarning(outDir);
    expect(warning).toContain(`No page of the build in ${outDir} was indexed`);
    expect(warning).toContain('missing from the output, a redirect, or marked noindex');
    expect(warning).not.toContain('<main>');
  });
});
