/**
 * The matcher, loaded only when a reader opens the search box (a lazy chunk
 * with MiniSearch). It indexes the records of `search-index.json` in memory and
 * ranks identifiers before prose: a query equal to an operationId, a path, a
 * field name, a message name or an error code puts that place first.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import {
  atomQueryTerms,
  indexTerms,
  isIdentifier,
  normalize,
  runsOf,
  wholeQueryTerms,
} from '@site/plugins/search-index/client/tokens';
import {
  SEARCH_INDEX_VERSION,
  type RecordKind,
  type SearchIndexFile,
  type SearchPage,
  type SearchRecord,
} from '@site/plugins/search-index/client/indexFile';
import {scopeKey, type SearchScope} from '@site/plugins/search-index/client/scope';
import {scopes} from './scopes';

export interface SearchHit {
  record: SearchRecord;
  page: SearchPage;
  /** 0: the query is this place's name; 1: a name starts with it; 2: found in its text. */
  tier: 0 | 1 | 2;
  score: number;
  /** Words to highlight in the title and snippet (matched index terms and query terms). */
  terms: string[];
}

export interface SearchOutcome {
  hits: SearchHit[];
  /** All matches, of which `hits` are the first `limit`. */
  total: number;
}

/** Among places named by the query, the API's own things before the sections that mention them. */
const KIND_ORDER: Record<RecordKind, number> = {
  operation: 0,
  message: 0,
  error: 0,
  channel: 1,
  field: 1,
  parameter: 1,
  page: 2,
  section: 2,
  response: 3,
};

const FIELD_BOOST = {n: 5, t: 3, a: 2, x: 1};

/**
 * For word queries ("settlement"), prose and the API's named things before the
 * many fields whose names merely contain the word. Identifier queries rank by tier.
 */
const WORD_QUERY_WEIGHT: Record<RecordKind, number> = {
  operation: 1.5,
  message: 1.5,
  error: 1.5,
  channel: 1.2,
  page: 1.2,
  section: 1.2,
  parameter: 0.7,
  field: 0.6,
  response: 0.6,
};

type Indexed = SearchRecord & {i: number};

function fieldText(record: Indexed, field: string): string {
  switch (field) {
    case 'i':
      return String(record.i);
    case 'n':
      return record.n.join(' ');
    case 't':
      return record.t;
    case 'a':
      return record.a;
    case 'x':
      return record.x;
    default:
      return '';
  }
}

export function isSearchIndexFile(value: unknown): value is SearchIndexFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<SearchIndexFile>;
  return file.v === SEARCH_INDEX_VERSION && Array.isArray(file.pages) && Array.isArray(file.records);
}

export class SearchEngine {
  private readonly mini: MiniSearch<Indexed>;
  private readonly records: readonly SearchRecord[];
  private readonly pages: readonly SearchPage[];

  constructor(file: SearchIndexFile) {
    this.records = file.records;
    this.pages = file.pages;
    this.mini = new MiniSearch<Indexed>({
      idField: 'i',
      fields: ['n', 't', 'a', 'x'],
      extractField: fieldText,
      tokenize: indexTerms,
      // Terms come lower-cased from the tokenizer; identifiers keep their punctuation.
      processTerm: (term) => term,
      searchOptions: {boost: FIELD_BOOST},
    });
    this.mini.addAll(file.records.map((record, i) => ({...record, i})));
  }

  get size(): number {
    return this.records.length;
  }

  /**
   * Three passes, the first that finds anything wins: every query run whole
   * (identifiers as one term) and all required; then the words inside them,
   * all required; then any word, with typos allowed on long words.
   */
  private match(query: string): SearchResult[] {
    const whole = wholeQueryTerms(query);
    const atoms = atomQueryTerms(query);
    if (whole.length === 0 && atoms.length === 0) return [];
    // In the loosest pass, short words ("in", "of") would match nearly everything by prefix.
    const longAtoms = atoms.filter((t) => t.length > 2);
    const passes: {terms: string[]; and: boolean; fuzzy: boolean}[] = [
      {terms: whole, and: true, fuzzy: false},
      {terms: atoms, and: true, fuzzy: false},
      {terms: longAtoms.length > 0 ? longAtoms : atoms, and: false, fuzzy: true},
    ];
    for (const pass of passes) {
      if (pass.terms.length === 0) continue;
      const results = this.mini.search(pass.terms.join(' '), {
        tokenize: () => pass.terms,
        combineWith: pass.and ? 'AND' : 'OR',
        prefix: true,
        fuzzy: pass.fuzzy ? (term) => (term.length >= 5 ? 0.2 : false) : false,
      });
      if (results.length > 0) return results;
    }
    return [];
  }

  search(query: string, limit = 20): SearchOutcome {
    const q = normalize(query);
    if (q.length < 2) return {hits: [], total: 0};
    const identifier = runsOf(query).some(isIdentifier);
    const queryTerms = [...wholeQueryTerms(q), ...atomQueryTerms(q)];
    const hits: SearchHit[] = [];
    for (const result of this.match(q)) {
      const record = this.records[Number(result.id)];
      const page = record !== undefined ? this.pages[record.p] : undefined;
      if (record === undefined || page === undefined) continue;
      const score = identifier ? result.score : result.score * WORD_QUERY_WEIGHT[record.k];
      hits.push({
        record,
        page,
        tier: tierOf(record, q, identifier),
        score,
        terms: Array.from(new Set([...result.terms, ...queryTerms])),
      });
    }
    hits.sort(compareHits);
    return {hits: hits.slice(0, limit), total: hits.length};
  }
}

/**
 * How exactly the query names a place: 0 when it is its title, one of its names
 * or its anchor; 1 when an identifier being typed (`counter_leg`, `/api/orders/bu`)
 * starts its title or a name; 2 otherwise. Plain words never get 1: "settlement"
 * should rank the sections about settlement by relevance, not every field
 * whose name starts with it.
 */
export function tierOf(record: SearchRecord, query: string, identifier: boolean): 0 | 1 | 2 {
  const q = comparable(query);
  const names = [record.t, ...record.n].map(comparable).filter((k) => k !== '');
  if (names.includes(q) || comparable(record.a) === q) return 0;
  if (identifier && names.some((k) => k.startsWith(q))) return 1;
  return 2;
}

/** `order_status`, `order-status` and `Order status` name the same thing. */
function comparable(value: string): string {
  return normalize(value).replace(/[\s_-]+/g, ' ');
}

export function compareHits(a: SearchHit, b: SearchHit): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  if (a.tier < 2) {
    const kind = KIND_ORDER[a.record.k] - KIND_ORDER[b.record.k];
    if (kind !== 0) return kind;
  }
  if (a.score !== b.score) return b.score - a.score;
  return a.record.a.length - b.record.a.length;
}

/** Fetched index files by URL, and matchers by scope, once per page session. */
const files = new Map<string, Promise<SearchIndexFile>>();
const engines = new Map<string, Promise<SearchEngine>>();

/** A failure is not cached: the next attempt fetches again. */
function remember<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (pending === undefined) {
    pending = make();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

function loadFile(url: string): Promise<SearchIndexFile> {
  return remember(files, url, async () => {
    // Same origin; revalidated with the server so a new build is picked up.
    const response = await fetch(url, {cache: 'no-cache', headers: {Accept: 'application/json'}});
    if (!response.ok) throw new Error(`The search index answered ${response.status} ${response.statusText}.`);
    const file: unknown = await response.json();
    if (!isSearchIndexFile(file)) throw new Error('The search index has an unknown format; reload the page.');
    return file;
  });
}

/**
 * Fetches the index files of a scope (the current site's, and a release's when the reader is on
 * one: plugins/search-index/client/scope.ts) and builds the matcher over the pages in that scope.
 * `siteRoot` is the site's base URL (`/`, `/docs-site/`).
 */
export function loadSearchEngine(siteRoot: string, scope: SearchScope): Promise<SearchEngine> {
  const root = siteRoot.endsWith('/') ? siteRoot : `${siteRoot}/`;
  return remember(engines, scopeKey(scope), async () => {
    const loaded = await Promise.all(scopes.indexFilesOf(scope).map((file) => loadFile(`${root}${file}`)));
    return new SearchEngine(scopes.scopedIndex(loaded, scope));
  });
}
