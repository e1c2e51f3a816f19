/**
 * What the search box searches, from the page the reader is on. Browser-safe: the build
 * (plugins/search-index/build.ts) splits the index with it, the search box (src/theme/SearchBar)
 * picks and filters the files with it.
 *
 * - On a page of a release (`/releases/2.0.0/rest`, `/releases/next/ws`): that release's
 *   reference and the guides, never the current reference nor another release's.
 * - On every other page: the current reference (`/rest`, `/docs/ws`) and the guides, never a
 *   page under `/releases/`.
 *
 * The guides (and tools such as the session checker) are not versioned: every scope has them.
 *
 * The release routes are spelled once, by plugins/releases/client/routes.ts. A client/ folder
 * imports only its own modules and plugins/api-reference/client/, so both sides pass that module
 * in: `searchScopes({releaseRoutes, nextId: NEXT_ID})` (plugins/search-index/scopes.ts for the
 * build, src/theme/SearchBar/scopes.ts for the browser).
 */
import {ROUTES} from '../../api-reference/client/routes';
import type {ReleaseRoutes} from '../../releases/client/routes';
import {
  SEARCH_INDEX_FILE,
  SEARCH_INDEX_VERSION,
  type SearchIndexFile,
  type SearchPage,
  type SearchRecord,
} from './indexFile';

export type SearchScope =
  /** The current reference and the guides. */
  | {kind: 'current'}
  /** One release's reference (a version, or NEXT_ID for the upcoming one) and the guides. */
  | {kind: 'release'; id: string};

function trimSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}

/** A page of the current reference: `/rest` (and its `/rest/<tag>` pages) or `/docs/ws`. */
export function isCurrentReference(path: string): boolean {
  const p = trimSlashes(path.split(/[#?]/)[0] ?? '');
  return p === ROUTES.rest || p.startsWith(`${ROUTES.rest}/`) || p === ROUTES.ws;
}

/** What scoping needs of plugins/releases/client/routes.ts. */
export interface ReleaseRouting {
  releaseRoutes: (id: string) => Pick<ReleaseRoutes, 'base'>;
  /** The upcoming release's id (`NEXT_ID`). */
  nextId: string;
}

export interface SearchScopes {
  /** The release a site path (without baseUrl) belongs to: `2.0.0`, `next`, or undefined. */
  releaseOfPath: (path: string) => string | undefined;
  /** The scope of the page being read (its path without baseUrl). */
  scopeOfPath: (path: string) => SearchScope;
  /** Whether a page of the index (its route without baseUrl) is found from a scope. */
  inScope: (pagePath: string, scope: SearchScope) => boolean;
  /** The file of a release's reference pages, without baseUrl: `releases/2.0.0/search-index.json`. */
  releaseIndexFile: (id: string) => string;
  /** The index files a scope needs, as site paths without baseUrl (no leading slash). */
  indexFilesOf: (scope: SearchScope) => string[];
  /** One index of the pages of `files` in `scope`, their records renumbered. */
  scopedIndex: (files: readonly SearchIndexFile[], scope: SearchScope) => SearchIndexFile;
  /** What the dialog says it searches: text, read with the input by a screen reader. */
  scopeLabel: (scope: SearchScope) => string;
}

export function searchScopes(routing: ReleaseRouting): SearchScopes {
  /** `/releases/`: what every release's base starts with, derived from `releaseRoutes`. */
  const RELEASES_PREFIX = routing.releaseRoutes('').base;

  /** The release a site path (without baseUrl) belongs to: `2.0.0`, `next`, or undefined. */
  function releaseOfPath(path: string): string | undefined {
    if (!path.startsWith(RELEASES_PREFIX)) return undefined;
    const id = path.slice(RELEASES_PREFIX.length).split(/[/#?]/)[0] ?? '';
    if (id === '') return undefined;
    const base = routing.releaseRoutes(id).base;
    const rest = path.slice(base.length);
    return path.startsWith(base) && (rest === '' || /^[/#?]/.test(rest)) ? id : undefined;
  }

  /** The scope of the page being read (its path without baseUrl). */
  function scopeOfPath(path: string): SearchScope {
    const id = releaseOfPath(path);
    return id === undefined ? {kind: 'current'} : {kind: 'release', id};
  }

  /** Whether a page of the index (its route without baseUrl) is found from a scope. */
  function inScope(pagePath: string, scope: SearchScope): boolean {
    const release = releaseOfPath(pagePath);
    if (scope.kind === 'current') return release === undefined;
    return release === scope.id || (release === undefined && !isCurrentReference(pagePath));
  }

  /**
   * The index file that holds a release's reference pages, as a site path without baseUrl:
   * `releases/2.0.0/search-index.json` beside its documents. The current reference and the
   * guides are in `search-index.json` at the root, so the current site's download never grows
   * with the number of releases.
   */
  function releaseIndexFile(id: string): string {
    return `${routing.releaseRoutes(id).base.replace(/^\/+/, '')}/${SEARCH_INDEX_FILE}`;
  }

  /** The index files a scope needs, as site paths without baseUrl (no leading slash). */
  function indexFilesOf(scope: SearchScope): string[] {
    return scope.kind === 'current' ? [SEARCH_INDEX_FILE] : [SEARCH_INDEX_FILE, releaseIndexFile(scope.id)];
  }

  /** One index of the pages of `files` in `scope`, their records renumbered. */
  function scopedIndex(files: readonly SearchIndexFile[], scope: SearchScope): SearchIndexFile {
    const pages: SearchPage[] = [];
    const records: SearchRecord[] = [];
    for (const file of files) {
      const renumbered = new Map<number, number>();
      file.pages.forEach((page, i) => {
        if (inScope(page.u, scope)) renumbered.set(i, pages.push(page) - 1);
      });
      for (const record of file.records) {
        const p = renumbered.get(record.p);
        if (p !== undefined) records.push({...record, p});
      }
    }
    return {v: SEARCH_INDEX_VERSION, pages, records};
  }

  /** What the dialog says it searches: text, read with the input by a screen reader. */
  function scopeLabel(scope: SearchScope): string {
    if (scope.kind === 'current') return 'Searching the current reference and the guides.';
    if (scope.id === routing.nextId) return "Searching the upcoming release's reference and the guides.";
    return `Searching release ${scope.id}'s reference and the guides.`;
  }

  return {releaseOfPath, scopeOfPath, inScope, releaseIndexFile, indexFilesOf, scopedIndex, scopeLabel};
}

/** A key for caches: `current`, `release:2.0.0`. */
export function scopeKey(scope: SearchScope): string {
  return scope.kind === 'current' ? 'current' : `release:${scope.id}`;
}
