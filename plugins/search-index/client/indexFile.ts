/**
 * The search index file: written by the plugin after the build, read by the
 * search box (src/theme/SearchBar) when a reader first opens it. Browser-safe:
 * types and constants only.
 */

/** Served from the site root (with baseUrl): `/search-index.json`. */
export const SEARCH_INDEX_FILE = 'search-index.json';

/** Bumped when the shape below changes, so an old cached file is never misread. */
export const SEARCH_INDEX_VERSION = 1;

/**
 * What a result points at, derived from the anchor scheme of the references
 * (plugins/api-reference/client/anchors.ts) and the guides' headings.
 */
export type RecordKind =
  'page' | 'section' | 'operation' | 'message' | 'channel' | 'field' | 'parameter' | 'response' | 'error';

/** One searchable place: a heading's section or an element with an id. Short keys keep the file small. */
export interface SearchRecord {
  /** Index into `pages`. */
  p: number;
  k: RecordKind;
  /** Element id on the page ('' = the top of the page). */
  a: string;
  /** Heading text, field name, error code, message name. */
  t: string;
  /** Where it sits: `POST /api/orders/bulk`, `Place a bulk order › request › orders[]`, parent headings. */
  c: string;
  /** Identifiers that name it exactly (operationId, path, field name, code); ranked first on an exact match. */
  n: string[];
  /** The text below it (to the next heading, or inside the element), whitespace-collapsed and capped. */
  x: string;
}

export interface SearchPage {
  /** Route without baseUrl, e.g. `/docs/intro`. */
  u: string;
  /** Page title (its h1). */
  t: string;
}

export interface SearchIndexFile {
  v: typeof SEARCH_INDEX_VERSION;
  pages: SearchPage[];
  records: SearchRecord[];
}
