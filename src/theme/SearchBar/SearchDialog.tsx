/**
 * The search dialog: a modal <dialog> (focus stays inside, the page behind is
 * inert) with the ARIA 1.2 combobox pattern: focus stays in the input, arrow
 * keys move `aria-activedescendant` through the listbox, Enter opens the active
 * result, Escape closes. The result count is announced through a status region.
 * It renders at once when opened, so no keystroke is lost; the matcher
 * (MiniSearch) and the index load behind it, on first open only.
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {SEARCH_INDEX_FILE, type RecordKind} from '@site/plugins/api-reference/client/searchIndex';
import type {SearchEngine, SearchHit} from './engine';
import {highlight, snippet} from './text';
import styles from './dialog.module.css';

const KIND_LABEL: Record<RecordKind, string> = {
  page: 'Page',
  section: 'Section',
  operation: 'Operation',
  message: 'Message',
  channel: 'Channel',
  field: 'Field',
  parameter: 'Parameter',
  response: 'Response',
  error: 'Error code',
};

type Status =
  | {kind: 'loading'}
  | {kind: 'ready'; engine: SearchEngine}
  | {kind: 'dev'}
  | {kind: 'failed'; message: string};

function Highlighted({text, terms}: {readonly text: string; readonly terms: readonly string[]}): ReactNode {
  return highlight(text, terms).map((segment, i) =>
    segment.match ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
  );
}

function useSearchEngine(): [Status, () => void] {
  const url = useBaseUrl(`/${SEARCH_INDEX_FILE}`);
  const [status, setStatus] = useState<Status>(() =>
    // `docusaurus start` never writes the index: say so instead of requesting a missing file.
    process.env.NODE_ENV === 'development' ? {kind: 'dev'} : {kind: 'loading'},
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (process.env.NODE_ENV === 'development') return undefined;
    let live = true;
    import('./engine')
      .then(({loadSearchEngine}) => loadSearchEngine(url))
      .then(
        (engine) => live && setStatus({kind: 'ready', engine}),
        (error: unknown) =>
          live &&
          setStatus({kind: 'failed', message: error instanceof Error ? error.message : String(error)}),
      );
    return () => {
      live = false;
    };
  }, [url, attempt]);
  const retry = useCallback(() => {
    setStatus({kind: 'loading'});
    setAttempt((n) => n + 1);
  }, []);
  return [status, retry];
}

function targetOf(hit: SearchHit): string {
  return hit.record.a === '' ? hit.page.u : `${hit.page.u}#${hit.record.a}`;
}

export default function SearchDialog({onClose}: {readonly onClose: () => void}): ReactNode {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [status, retry] = useSearchEngine();
  const history = useHistory();
  const location = useLocation();
  const siteRoot = useBaseUrl('/');
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const statusId = `${ids}-status`;

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

  let message: ReactNode;
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

  const expanded = hits.length > 0;
  const activeHit = hits[active];
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={`${ids}-label`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside the panel) closes.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <label id={`${ids}-label`} htmlFor={inputId} className={styles.label}>
            Search the documentation
          </label>
          <button type="button" className={styles.close} onClick={onClose}>
            Close
          </button>
        </div>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeHit !== undefined ? `${listId}-${active}` : undefined}
          aria-describedby={statusId}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="e.g. /api/orders/bulk, counter_leg_precision, AmountTooAccurate"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={statusId} role="status" className={styles.status}>
          {message}
          {status.kind === 'failed' ? (
            <button type="button" className={styles.retry} onClick={retry}>
              Try again
            </button>
          ) : null}
        </p>
        <ul ref={listRef} id={listId} role="listbox" aria-label="Search results" className={styles.results}>
          {hits.map((hit, i) => (
            <li
              key={`${hit.record.p}#${hit.record.a}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={clsx(styles.result, i === active && styles.active)}
              data-target={targetOf(hit)}
              onMouseMove={() => select(i)}
              onClick={(event) => open(hit, event.ctrlKey || event.metaKey)}
            >
              <span className={styles.title}>
                <Highlighted text={hit.record.t} terms={hit.terms} />
              </span>
              <span className={styles.kind}>{KIND_LABEL[hit.record.k]}</span>
              <span className={styles.where}>
                {hit.page.t}
                {hit.record.c !== '' ? ` › ${hit.record.c}` : ''}
              </span>
              {hit.record.x !== '' ? (
                <span className={styles.snippet}>
                  <Highlighted text={snippet(hit.record.x, hit.terms)} terms={hit.terms} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <p className={styles.help} aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Ctrl</kbd>+<kbd>Enter</kbd> in a
          new tab, <kbd>Esc</kbd> to close
        </p>
      </div>
    </dialog>
  );
}
