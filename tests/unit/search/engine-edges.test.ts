/**
 * The search box's matcher at its edges (src/theme/SearchBar/engine.ts): queries with nothing to
 * search for, accented words, an exact name ranked before text that repeats it, an index whose
 * record points at no page; then how the index files are fetched (a local server on 127.0.0.1):
 * a release's scope loads the site's file and the release's, a failed download is tried again on
 * the next opening, and a file of another format is refused in words. Also the plugin's output
 * for a build with nothing to index.
 */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  SEARCH_INDEX_VERSION,
  type SearchIndexFile,
  type SearchRecord,
} from '../../../plugins/search-index/client/indexFile';
import searchIndexPlugin from '../../../plugins/search-index/index';
import {loadSearchEngine, SearchEngine} from '../../../src/theme/SearchBar/engine';
import {highlight} from '../../../src/theme/SearchBar/text';
import {NO_INDEX, REDIRECT} from './fixtures';

/** A record of page `p` with the fields a case needs. */
function record(p: number, over: Partial<SearchRecord>): SearchRecord {
  return {p, k: 'section', a: '', t: '', c: '', n: [], x: '', ...over};
}

/** An index file of the given pages (routes) and records. */
function indexFile(routes: string[], records: SearchRecord[]): SearchIndexFile {
  return {v: SEARCH_INDEX_VERSION, pages: routes.map((u) => ({u, t: u})), records};
}

describe('queries at the edges', () => {
  const engine = new SearchEngine(
    indexFile(
      ['/docs/intro', '/rest'],
      [
        record(0, {a: 'overview', t: 'Résumé of the API', x: 'What the API does, in a few words.'}),
        record(0, {a: 'statuses', t: 'Statuses', x: 'status status status: every status an order has'}),
        record(1, {
          k: 'field',
          a: 'getOrder.response-200.status',
          t: 'status',
          n: ['status'],
          x: 'The state.',
        }),
        // A record whose page is not in the file (a damaged index): never a result.
        record(7, {a: 'orphan', t: 'Orphan status'}),
      ],
    ),
  );

  it('counts every record, and finds nothing for punctuation alone or a lone identifier mark', () => {
    expect(engine.size).toBe(4);
    expect(engine.search('--')).toEqual({hits: [], total: 0});
    expect(engine.search('/_')).toEqual({hits: [], total: 0});
    expect(engine.search('  ')).toEqual({hits: [], total: 0});
  });

  it('finds a word with accents, in any case, and highlights it', () => {
    const {hits} = engine.search('RÉSUMÉ');
    expect(hits.map((h) => h.record.a)).toEqual(['overview']);
    // Terms are folded (no case, no accents); the highlight marks the word as written.
    expect(hits[0]?.terms).toContain('resume');
    expect(highlight('Résumé of the API', hits[0]?.terms ?? []).filter((s) => s.match)).toEqual([
      {text: 'Résumé', match: true},
    ]);
    expect(hits[0]?.tier).toBe(2);
  });

  it('puts the place named exactly by the query before prose that repeats it; drops a pageless record', () => {
    const {hits, total} = engine.search('status');
    expect(hits.map((h) => [h.record.a, h.tier])).toEqual([
      ['getOrder.response-200.status', 0],
      ['statuses', 2],
    ]);
    expect(total).toBe(2);
  });
});

describe('loading the index files', () => {
  const MAIN = indexFile(
    ['/docs/intro', '/rest'],
    [
      record(0, {a: 'intro', t: 'Introduction', x: 'Settlement happens daily.'}),
      record(1, {
        k: 'operation',
        a: 'settle',
        t: 'Settle',
        n: ['settle'],
        x: 'Settlement of the current API.',
      }),
    ],
  );
  const RELEASE = indexFile(
    ['/releases/7.7.7/rest'],
    [record(0, {k: 'operation', a: 'settle', t: 'Settle', n: ['settle'], x: 'Settlement in 7.7.7.'})],
  );
  /** What the server answers per path, and how often each path was asked. */
  const answers = new Map<string, Array<{status: number; body: string}>>();
  const asked = new Map<string, number>();
  let server: Server;
  let root = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = request.url ?? '';
      asked.set(url, (asked.get(url) ?? 0) + 1);
      const queue = answers.get(url) ?? [];
      const answer = queue.length > 1 ? queue.shift() : queue[0];
      response.writeHead(answer?.status ?? 404, {'Content-Type': 'application/json'});
      response.end(answer?.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Without the trailing slash: the engine adds it.
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    answers.set('/search-index.json', [{status: 200, body: JSON.stringify(MAIN)}]);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("searches a release's reference and the guides, retrying a download that failed", async () => {
    answers.set('/releases/7.7.7/search-index.json', [
      {status: 503, body: 'busy'},
      {status: 200, body: JSON.stringify(RELEASE)},
    ]);
    const scope = {kind: 'release', id: '7.7.7'} as const;
    await expect(loadSearchEngine(root, scope)).rejects.toThrow(
      'The search index answered 503 Service Unavailable.',
    );
    const engine = await loadSearchEngine(root, scope);
    const found = engine.search('settlement').hits.map((h) => `${h.page.u}#${h.record.a}`);
    expect(found.sort()).toEqual(['/docs/intro#intro', '/releases/7.7.7/rest#settle']);
    // The site's file was fetched once; the release's again after its failure; a second opening fetches nothing.
    expect(await loadSearchEngine(root, scope)).toBe(engine);
    expect(asked.get('/search-index.json')).toBe(1);
    expect(asked.get('/releases/7.7.7/search-index.json')).toBe(2);
  });

  it('refuses an index file of another format, asking to reload the page', async () => {
    answers.set('/releases/8.8.8/search-index.json', [
      {status: 200, body: JSON.stringify({v: 0, pages: []})},
    ]);
    await expect(loadSearchEngine(`${root}/`, {kind: 'release', id: '8.8.8'})).rejects.toThrow(
      'The search index has an unknown format; reload the page.',
    );
  });
});

describe('the plugin on a build with nothing to index', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'search-empty-'));
  afterAll(() => rmSync(outDir, {recursive: true, force: true}));

  it('still writes the index file, with no record (and warns that the search box will find nothing)', async () => {
    // Only a page closed to indexing and a redirect stub.
    mkdirSync(path.join(outDir, 'docs'));
    writeFileSync(path.join(outDir, 'docs/draft.html'), NO_INDEX);
    writeFileSync(path.join(outDir, 'docs/index.html'), REDIRECT);
    const plugin = searchIndexPlugin({baseUrl: '/'} as LoadContext);
    type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];
    await plugin.postBuild?.({outDir, routesPaths: ['/docs/draft', '/docs/']} as PostBuildProps);
    const written = JSON.parse(
      readFileSync(path.join(outDir, 'search-index.json'), 'utf8'),
    ) as SearchIndexFile;
    expect(written).toEqual({v: SEARCH_INDEX_VERSION, pages: [], records: []});
  });
});
