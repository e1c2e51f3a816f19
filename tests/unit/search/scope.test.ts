/**
 * The search box searches the release being read, never a mix of releases
 * (plugins/search-index/client/scope.ts): the scope of a page path, the pages each scope
 * finds, the files the build writes, and the matcher over a scope.
 */
import {existsSync} from 'node:fs';
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildSearchIndex, splitByRelease} from '../../../plugins/search-index/build';
import searchIndexPlugin from '../../../plugins/search-index/index';
import {extractPage} from '../../../plugins/search-index/extract';
import {
  SEARCH_INDEX_FILE,
  SEARCH_INDEX_VERSION,
  type SearchIndexFile,
} from '../../../plugins/search-index/client/indexFile';
import {isCurrentReference, type SearchScope} from '../../../plugins/search-index/client/scope';
import {scopes} from '../../../src/theme/SearchBar/scopes';
import {scopes as buildScopes} from '../../../plugins/search-index/scopes';
import {SearchEngine} from '../../../src/theme/SearchBar/engine';
import {GUIDE, REST, WS} from './fixtures';

/** A release's page: the same reference, marked noindex as plugins/releases marks it. */
function noindex(html: string): string {
  return html.replace('</head>', '<meta name="robots" content="noindex"></head>');
}

const PAGES: [string, string][] = [
  ['/rest', REST],
  ['/releases/2.0.0/rest', noindex(REST)],
  ['/releases/next/ws', noindex(WS)],
  ['/docs/authentication', GUIDE],
];

/** A record list as the build writes it, before the split: every page, each with its records. */
function wholeIndex(): SearchIndexFile {
  const file: SearchIndexFile = {v: SEARCH_INDEX_VERSION, pages: [], records: []};
  for (const [u, html] of PAGES) {
    const extracted = extractPage(html, undefined, {noindexToo: true});
    if (extracted === undefined) throw new Error(u);
    const p = file.pages.push({u, t: extracted.title}) - 1;
    for (const r of extracted.records) file.records.push({p, ...r});
  }
  return file;
}

const {indexFilesOf, inScope, releaseIndexFile, releaseOfPath, scopedIndex, scopeLabel, scopeOfPath} = scopes;

const CURRENT: SearchScope = {kind: 'current'};
const V2: SearchScope = {kind: 'release', id: '2.0.0'};
const NEXT: SearchScope = {kind: 'release', id: 'next'};

describe('the scope of a page path', () => {
  it('is the release of a page under /releases/<id>/, the current site elsewhere', () => {
    expect(scopeOfPath('/releases/2.0.0/rest')).toEqual(V2);
    expect(scopeOfPath('/releases/2.0.0/ws')).toEqual(V2);
    expect(scopeOfPath('/releases/2.0.0/rest/')).toEqual(V2);
    expect(scopeOfPath('/releases/next/ws')).toEqual(NEXT);
    expect(scopeOfPath('/releases/next/rest#listQuotes')).toEqual(NEXT);
    expect(scopeOfPath('/rest')).toEqual(CURRENT);
    expect(scopeOfPath('/docs/ws')).toEqual(CURRENT);
    expect(scopeOfPath('/docs/authentication')).toEqual(CURRENT);
    expect(scopeOfPath('/version-history')).toEqual(CURRENT);
    expect(scopeOfPath('/')).toEqual(CURRENT);
    // Not a release's page: no id, or a path that only starts like one.
    expect(scopeOfPath('/releases')).toEqual(CURRENT);
    expect(scopeOfPath('/releases/')).toEqual(CURRENT);
    expect(scopeOfPath('/releases-notes/2.0.0')).toEqual(CURRENT);
    expect(scopeOfPath('/docs/releases/2.0.0/rest')).toEqual(CURRENT);
  });

  it('tells the current reference from the guides and tools, which are not versioned', () => {
    expect(['/rest', '/rest/', '/rest/orders', '/docs/ws', '/rest#getOrder'].map(isCurrentReference)).toEqual(
      [true, true, true, true, true],
    );
    expect(
      ['/docs/authentication', '/docs/ws/session-check', '/restless', '/'].map(isCurrentReference),
    ).toEqual([false, false, false, false]);
    expect(releaseOfPath('/releases/3.0.0/ws')).toBe('3.0.0');
    expect(releaseOfPath('/rest')).toBeUndefined();
    // The build splits with the same routes the browser scopes with.
    expect(buildScopes.releaseOfPath('/releases/next/rest')).toBe('next');
    expect(buildScopes.releaseIndexFile('2.0.0')).toBe(releaseIndexFile('2.0.0'));
  });

  it('says what it searches, as text', () => {
    expect(scopeLabel(CURRENT)).toBe('Searching the current reference and the guides.');
    expect(scopeLabel(V2)).toBe("Searching release 2.0.0's reference and the guides.");
    expect(scopeLabel(NEXT)).toBe("Searching the upcoming release's reference and the guides.");
  });
});

describe('the pages each scope finds', () => {
  const finds = (scope: SearchScope): string[] => PAGES.map(([u]) => u).filter((u) => inScope(u, scope));

  it('from a current page: the current reference and the guides, no /releases/ page', () => {
    expect(finds(CURRENT)).toEqual(['/rest', '/docs/authentication']);
  });

  it("from a release's page: that release's reference and the guides, not the current reference", () => {
    expect(finds(V2)).toEqual(['/releases/2.0.0/rest', '/docs/authentication']);
    expect(finds(NEXT)).toEqual(['/releases/next/ws', '/docs/authentication']);
    expect(finds({kind: 'release', id: '3.0.0'})).toEqual(['/docs/authentication']);
  });

  it('loads the root file everywhere and a release file only on that release', () => {
    expect(indexFilesOf(CURRENT)).toEqual([SEARCH_INDEX_FILE]);
    expect(indexFilesOf(V2)).toEqual([SEARCH_INDEX_FILE, 'releases/2.0.0/search-index.json']);
    expect(releaseIndexFile('next')).toBe('releases/next/search-index.json');
  });
});

describe('the matcher over a scope', () => {
  const {main, releases} = splitByRelease(wholeIndex());
  const engine = (scope: SearchScope): SearchEngine =>
    new SearchEngine(
      scopedIndex([main, ...(scope.kind === 'release' ? [releases.get(scope.id) ?? main] : [])], scope),
    );
  const places = (scope: SearchScope, query: string): string[] =>
    engine(scope)
      .search(query, 100)
      .hits.map((h) => `${h.page.u}#${h.record.a}`);

  it('finds an operation in the release being read only', () => {
    expect(places(CURRENT, 'createBulkOrder')[0]).toBe('/rest#createBulkOrder');
    expect(places(V2, 'createBulkOrder')[0]).toBe('/releases/2.0.0/rest#createBulkOrder');
    expect(places(CURRENT, 'createBulkOrder').every((p) => !p.startsWith('/releases/'))).toBe(true);
    expect(
      places(V2, 'createBulkOrder').every((p) => p.startsWith('/releases/2.0.0/') || p.startsWith('/docs/')),
    ).toBe(true);
    // The upcoming release has no REST page here: nothing of /rest nor of 2.0.0.
    expect(places(NEXT, 'createBulkOrder')).toEqual([]);
  });

  it('finds the guides from every scope', () => {
    for (const scope of [CURRENT, V2, NEXT])
      expect(places(scope, 'authentication').some((p) => p.startsWith('/docs/authentication#'))).toBe(true);
  });

  it('keeps every record pointing at its own page after the split and the merge', () => {
    for (const scope of [CURRENT, V2, NEXT]) {
      const index = scopedIndex(
        [main, ...(scope.kind === 'release' ? [releases.get(scope.id) ?? main] : [])],
        scope,
      );
      expect(index.records.every((r) => index.pages[r.p] !== undefined)).toBe(true);
    }
    const whole = wholeIndex();
    const counted = main.records.length + [...releases.values()].reduce((n, f) => n + f.records.length, 0);
    expect(counted).toBe(whole.records.length);
  });
});

describe('the build', () => {
  let outDir = '';
  async function put(relative: string, html: string): Promise<void> {
    const file = path.join(outDir, relative);
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, html);
  }
  const routes = [
    '/rest',
    '/releases/2.0.0/rest',
    '/releases/next/ws',
    '/docs/authentication',
    '/docs/draft',
  ];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'search-scope-'));
    for (const [u, html] of PAGES) await put(`${u.slice(1)}.html`, html);
    await put('docs/draft.html', noindex(GUIDE));
  });
  afterAll(async () => {
    await rm(outDir, {recursive: true, force: true});
  });

  it("indexes a release's noindex pages, and still no other noindex page", async () => {
    const index = await buildSearchIndex({outDir, baseUrl: '/', routesPaths: routes});
    expect(index.pages.map((p) => p.u).sort()).toEqual(
      ['/docs/authentication', '/releases/2.0.0/rest', '/releases/next/ws', '/rest'].sort(),
    );
  });

  it('writes the current site to search-index.json and each release to its own file', async () => {
    const plugin = searchIndexPlugin({baseUrl: '/'} as LoadContext);
    type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];
    // postBuild reads only outDir and routesPaths; the rest of the props do not matter here.
    await plugin.postBuild?.({outDir, routesPaths: routes} as PostBuildProps);
    const read = async (file: string): Promise<string[]> =>
      (JSON.parse(await readFile(path.join(outDir, file), 'utf8')) as SearchIndexFile).pages.map((p) => p.u);
    expect((await read(SEARCH_INDEX_FILE)).sort()).toEqual(['/docs/authentication', '/rest']);
    expect(await read(releaseIndexFile('2.0.0'))).toEqual(['/releases/2.0.0/rest']);
    expect(await read(releaseIndexFile('next'))).toEqual(['/releases/next/ws']);
    expect(existsSync(path.join(outDir, releaseIndexFile('3.0.0')))).toBe(false);
  });
});
