import {describe, expect, it} from 'vitest';
import {extractPage} from '../../../plugins/search-index/extract';
import {
  SEARCH_INDEX_VERSION,
  type SearchIndexFile,
  type SearchRecord,
} from '../../../plugins/search-index/client/indexFile';
import {
  compareHits,
  isSearchIndexFile,
  SearchEngine,
  tierOf,
  type SearchHit,
} from '../../../src/theme/SearchBar/engine';
import {highlight, snippet} from '../../../src/theme/SearchBar/text';
import {GUIDE, REST, WS} from './fixtures';

/** An index of the three fixture pages, built the way the plugin builds it. */
function fixtureIndex(): SearchIndexFile {
  const sources: [string, string][] = [
    ['/docs/authentication', GUIDE],
    ['/rest', REST],
    ['/docs/ws', WS],
  ];
  const file: SearchIndexFile = {v: SEARCH_INDEX_VERSION, pages: [], records: []};
  for (const [u, html] of sources) {
    const extracted = extractPage(html);
    if (extracted === undefined) throw new Error(u);
    const p = file.pages.push({u, t: extracted.title}) - 1;
    for (const r of extracted.records) file.records.push({p, ...r});
  }
  return file;
}

const engine = new SearchEngine(fixtureIndex());

function top(query: string): string | undefined {
  const hit = engine.search(query).hits[0];
  return hit === undefined ? undefined : `${hit.page.u}#${hit.record.a}`;
}

describe('SearchEngine: identifiers first', () => {
  it('puts the operation with exactly that path before paths that start with it', () => {
    const {hits} = engine.search('/api/orders/bulk');
    expect(hits.map((h) => h.record.a).slice(0, 2)).toEqual(['createBulkOrder', 'getBulkOrder']);
    expect(hits[0]?.tier).toBe(0);
    expect(hits[1]?.tier).toBe(1);
  });

  it('finds an operation by operationId, by method and path, and by a path being typed', () => {
    expect(top('createBulkOrder')).toBe('/rest#createBulkOrder');
    expect(top('POST /api/orders/bulk')).toBe('/rest#createBulkOrder');
    expect(top('/api/orders/bulk/{bulk_order_id}')).toBe('/rest#getBulkOrder');
    expect(top('/api/orders/bu')).toBe('/rest#createBulkOrder');
  });

  it('finds a field exactly, by prefix and by its words', () => {
    const field = '/rest#createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision';
    expect(top('counter_leg_precision')).toBe(field);
    expect(top('counter_leg')).toBe(field);
    expect(top('counter leg precision')).toBe(field);
  });

  it('puts the message before the sections and fields that mention it', () => {
    expect(top('price_subscription_error')).toBe('/docs/ws#price_subscription_error');
  });

  it('puts the error-catalogue row first for an error code, in any case, even in prose elsewhere', () => {
    // The guide's "Token lifetime" section mentions AmountTooAccurate too.
    const {hits} = engine.search('AmountTooAccurate');
    expect(hits.map((h) => h.record.a)).toEqual(['error-AmountTooAccurate', 'token-lifetime']);
    expect(top('amounttooaccurate')).toBe('/docs/authentication#error-AmountTooAccurate');
    expect(top('amount too accurate')).toBe('/docs/authentication#error-AmountTooAccurate');
  });

  it('finds channels by key and guide text by its words', () => {
    expect(top('prices')).toBe('/docs/ws#channel-prices');
    expect(top('replaced')).toBe('/docs/authentication#getting-a-token');
    expect(top('bearer')).toBe('/docs/authentication#');
  });

  it('forgives a typo in a long word when nothing matches exactly', () => {
    expect(top('bearr')).toBe('/docs/authentication#');
    expect(top('precison')).toBe(
      '/rest#createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision',
    );
  });

  it('answers nothing for an empty or one-letter query, and counts beyond the limit', () => {
    expect(engine.search('').total).toBe(0);
    expect(engine.search('a').total).toBe(0);
    const limited = engine.search('order', 2);
    expect(limited.hits).toHaveLength(2);
    expect(limited.total).toBeGreaterThan(2);
  });

  it('never matches what the page does not show (code blocks)', () => {
    expect(engine.search('SECRET_IN_CODE_BLOCK').total).toBe(0);
    expect(engine.search('secret').total).toBe(0);
    // …while the words of the prose around the block are found.
    expect(top('replaced')).toBe('/docs/authentication#getting-a-token');
  });
});

describe('ranking rules', () => {
  const record = (over: Partial<SearchRecord>): SearchRecord => ({
    p: 0,
    k: 'section',
    a: 'x',
    t: 'T',
    c: '',
    n: [],
    x: '',
    ...over,
  });
  const hit = (over: Partial<SearchRecord>, tier: 0 | 1 | 2, score: number): SearchHit => ({
    record: record(over),
    page: {u: '/', t: 'Home'},
    tier,
    score,
    terms: [],
  });

  it('tiers: exact name or title (0), identifier prefix (1), text (2)', () => {
    const field = record({
      k: 'field',
      t: 'order_status',
      n: ['order_status'],
      a: 'op.response-200.order_status',
    });
    expect(tierOf(field, 'order_status', true)).toBe(0);
    expect(tierOf(field, 'order status', false)).toBe(0);
    expect(tierOf(field, 'op.response-200.order_status', true)).toBe(0);
    expect(tierOf(field, 'order_st', true)).toBe(1);
    // A word that starts a name is not a prefix match: relevance decides.
    expect(tierOf(field, 'order', false)).toBe(2);
  });

  it('orders by tier, then kind (named API things before fields and sections), then score, then shorter anchor', () => {
    const sorted = [
      hit({k: 'section', a: 'guide'}, 0, 100),
      hit({k: 'field', a: 'f.long.path'}, 0, 10),
      hit({k: 'message', a: 'msg'}, 0, 1),
      hit({k: 'field', a: 'f.b'}, 0, 10),
      hit({k: 'section', a: 'prose'}, 2, 500),
      hit({k: 'operation', a: 'op'}, 1, 5),
    ].sort(compareHits);
    expect(sorted.map((h) => h.record.a)).toEqual(['msg', 'f.b', 'f.long.path', 'guide', 'op', 'prose']);
  });
});

describe('index file and result text', () => {
  it('accepts only the current index format', () => {
    expect(isSearchIndexFile({v: SEARCH_INDEX_VERSION, pages: [], records: []})).toBe(true);
    expect(isSearchIndexFile({v: SEARCH_INDEX_VERSION + 1, pages: [], records: []})).toBe(false);
    expect(isSearchIndexFile('<!doctype html>')).toBe(false);
    expect(isSearchIndexFile(null)).toBe(false);
  });

  it('marks matches, longest term first and in any case', () => {
    expect(
      highlight('See counter_leg_precision: Counter leg.', ['counter_leg_precision', 'counter']),
    ).toEqual([
      {text: 'See ', match: false},
      {text: 'counter_leg_precision', match: true},
      {text: ': ', match: false},
      {text: 'Counter', match: true},
      {text: ' leg.', match: false},
    ]);
    expect(highlight('a+b (c)', ['+b', '(c'])).toEqual([
      {text: 'a', match: false},
      {text: '+b', match: true},
      {text: ' ', match: false},
      {text: '(c', match: true},
      {text: ')', match: false},
    ]);
    expect(highlight('', ['x'])).toEqual([]);
  });

  it('finds and marks words whatever their accents, composed or not', () => {
    const accented = new SearchEngine({
      v: SEARCH_INDEX_VERSION,
      pages: [{u: '/docs/intro', t: 'Introduction'}],
      records: [
        {
          p: 0,
          k: 'section',
          a: 'settlement',
          t: 'Settlement with Société Générale',
          c: '',
          n: [],
          x: 'Règlement livré.',
        },
        // The same name written with combining accents (NFD), as a pasted text may be.
        {
          p: 0,
          k: 'section',
          a: 'clearing',
          t: 'Clearing',
          c: '',
          n: [],
          x: 'Via Socie\u0301te\u0301 Ge\u0301ne\u0301rale.',
        },
      ],
    });
    const found = (query: string): string[] =>
      accented
        .search(query)
        .hits.map((h) => h.record.a)
        .sort();
    expect(found('societe generale')).toEqual(['clearing', 'settlement']);
    expect(found('Société')).toEqual(['clearing', 'settlement']);
    expect(found('reglement livre')).toEqual(['settlement']);
    expect(highlight('Settlement with Société Générale', ['societe'])).toEqual([
      {text: 'Settlement with ', match: false},
      {text: 'Société', match: true},
      {text: ' Générale', match: false},
    ]);
    // A mark written after its letter stays inside the highlight.
    expect(highlight('Via Socie\u0301te\u0301 x', ['société'])).toEqual([
      {text: 'Via ', match: false},
      {text: 'Socie\u0301te\u0301', match: true},
      {text: ' x', match: false},
    ]);
    expect(snippet(`${'lorem '.repeat(40)}Société ${'ipsum '.repeat(40)}`, ['societe'], 60)).toContain(
      'Société',
    );
  });

  it('cuts a snippet around the first match, at word boundaries', () => {
    const text = `${'lorem '.repeat(60)}the needle is here ${'ipsum '.repeat(60)}`;
    const cut = snippet(text, ['needle'], 80);
    expect(cut).toContain('needle');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(82);
    expect(snippet('short text', ['x'])).toBe('short text');
  });
});
