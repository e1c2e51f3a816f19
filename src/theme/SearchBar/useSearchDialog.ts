/**
 * The state of the search dialog (SearchDialog.tsx): the index and matcher, loaded on first
 * open; the query and its results; the active option, which belongs to one result list; and
 * opening a result (in this tab, a new one, or scrolling when it is the place already shown).
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SearchScope} from '@site/plugins/search-index/client/scope';
import {scopes} from './scopes';
import type {SearchEngine, SearchHit} from './engine';

export type Status =
  | {kind: 'loading'}
  | {kind: 'ready'; engine: SearchEngine}
  | {kind: 'dev'}
  | {kind: 'failed'; message: string};

/** The scope of the page being read: its path without the site's base URL. */
function useSearchScope(): SearchScope {
  const {pathname} = useLocation();
  const siteRoot = useBaseUrl('/');
  const path = pathname.startsWith(siteRoot) ? `/${pathname.slice(siteRoot.length)}` : pathname;
  // One object per page, so the effect that loads the matcher runs when the reader moves, not on every render.
  return useMemo(() => scopes.scopeOfPath(path), [path]);
}

function useSearchEngine(scope: SearchScope): [Status, () => void] {
  const siteRoot = useBaseUrl('/');
  const [status, setStatus] = useState<Status>(() =>
    // `docusaurus start` never writes the index: say so instead of requesting a missing file.
    process.env.NODE_ENV === 'development' ? {kind: 'dev'} : {kind: 'loading'},
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (process.env.NODE_ENV === 'development') return undefined;
    let live = true;
    import('./engine')
      .then(({loadSearchEngine}) => loadSearchEngine(siteRoot, scope))
      .then(
        (engine) => live && setStatus({kind: 'ready', engine}),
        (error: unknown) =>
          live &&
          setStatus({kind: 'failed', message: error instanceof Error ? error.message : String(error)}),
      );
    return () => {
      live = false;
    };
  }, [siteRoot, scope, attempt]);
  const retry = useCallback(() => {
    setStatus({kind: 'loading'});
    setAttempt((n) => n + 1);
  }, []);
  return [status, retry];
}

export function targetOf(hit: SearchHit): string {
  return hit.record.a === '' ? hit.page.u : `${hit.page.u}#${hit.record.a}`;
}

export interface SearchDialogState {
  readonly dialogRef: RefObject<HTMLDialogElement | null>;
  readonly listRef: RefObject<HTMLUListElement | null>;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly query: string;
  readonly setQuery: (query: string) => void;
  readonly status: Status;
  /** What the search box searches from this page (plugins/search-index/client/scope.ts). */
  readonly scope: SearchScope;
  readonly retry: () => void;
  readonly hits: readonly SearchHit[];
  /** The index of the active option in `hits`. */
  readonly active: number;
  readonly select: (index: number) => void;
  readonly open: (hit: SearchHit, newTab: boolean) => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** What the status region says. */
  readonly message: string;
}

export function useSearchDialog(onClose: () => void): SearchDialogState {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const scope = useSearchScope();
  const [status, retry] = useSearchEngine(scope);
  const history = useHistory();
  const location = useLocation();
  const siteRoot = useBaseUrl('/');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    // showModal focuses the dialog's first control (Close); the reader came to type.
    inputRef.current?.focus();
  }, []);

  const outcome = useMemo(
    () => (status.kind === 'ready' ? status.engine.search(deferredQuery) : {hits: [], total: 0}),
    [status, deferredQuery],
  );
  const {hits} = outcome;
  // The active option belongs to one result list: new results start again at the first.
  const [selection, setSelection] = useState({outcome, index: 0});
  const active = selection.outcome === outcome ? selection.index : 0;
  const select = (index: number): void => {
    if (index !== active || selection.outcome !== outcome) setSelection({outcome, index});
  };
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({block: 'nearest'});
  }, [active, outcome]);

  const open = useCallback(
    (hit: SearchHit, newTab: boolean) => {
      const target = `${siteRoot.replace(/\/$/, '')}${targetOf(hit)}`;
      if (newTab) {
        window.open(target, '_blank', 'noopener');
        return;
      }
      onClose();
      const [pathname, hash = ''] = target.split('#');
      if (pathname === location.pathname && `#${hash}` === decodeURIComponent(location.hash)) {
        // Same place again: the router sees no change, so scroll ourselves.
        document.getElementById(hash)?.scrollIntoView();
        return;
      }
      history.push(target);
    },
    [history, location, onClose, siteRoot],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const count = hits.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count > 0) select((active + 1) % count);
        break;
      case 'ArrowUp':
        if (count > 0) select((active - 1 + count) % count);
        break;
      case 'Enter': {
        const hit = hits[active];
        if (hit !== undefined) open(hit, event.ctrlKey || event.metaKey);
        break;
      }
      case 'Escape':
        onClose();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  let message: string;
  if (status.kind === 'dev')
    message = 'Search is available in the production build (npm run build, then npm run serve).';
  else if (status.kind === 'loading') message = 'Loading the search index…';
  else if (status.kind === 'failed') message = `Search is unavailable: ${status.message}`;
  else if (deferredQuery.trim().length < 2)
    message =
      'Type at least two characters: a word, a path, an operation, a field, a message or an error code.';
  else if (outcome.total === 0) message = `No results for “${deferredQuery.trim()}”.`;
  else if (outcome.total > hits.length)
    message = `${outcome.total} results, showing the first ${hits.length}.`;
  else message = outcome.total === 1 ? '1 result.' : `${outcome.total} results.`;

  return {
    dialogRef,
    listRef,
    inputRef,
    query,
    setQuery,
    status,
    scope,
    retry,
    hits,
    active,
    select,
    open,
    onKeyDown,
    message,
  };
}
