/**
 * The search dialog: a modal <dialog> (focus stays inside, the page behind is
 * inert) with the ARIA 1.2 combobox pattern: focus stays in the input, arrow
 * keys move `aria-activedescendant` through the listbox, Enter opens the active
 * result, Escape closes. The result count is announced through a status region.
 * It renders at once when opened, so no keystroke is lost; the matcher
 * (MiniSearch) and the index load behind it, on first open only.
 */
import {useId, type ReactNode} from 'react';
import clsx from 'clsx';
import type {RecordKind} from '@site/plugins/search-index/client/indexFile';
import {targetOf, useSearchDialog} from './useSearchDialog';
import {scopes} from './scopes';
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

function Highlighted({text, terms}: {readonly text: string; readonly terms: readonly string[]}): ReactNode {
  return highlight(text, terms).map((segment, i) =>
    segment.match ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
  );
}

export default function SearchDialog({onClose}: {readonly onClose: () => void}): ReactNode {
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-list`;
  const statusId = `${ids}-status`;
  const scopeId = `${ids}-scope`;
  const {
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
  } = useSearchDialog(onClose);

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
        <p id={scopeId} className={styles.scope}>
          {scopes.scopeLabel(scope)}
        </p>
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
          aria-describedby={`${scopeId} ${statusId}`}
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
