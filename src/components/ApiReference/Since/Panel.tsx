/**
 * The lazy part of `?since=`: the panel at the top of the reference and the words on each element
 * that changed. The marks are real text (a screen reader reads them), added after mount to the
 * elements the server rendered and taken off again when the reader stops marking.
 */
import {useEffect, useId, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import data from '@generated/releases/default/since-marks.json';
import {ROUTES} from '@site/plugins/api-reference/client/routes';
import {
  markedSummary,
  markWords,
  panelLines,
  sinceState,
  type SinceLine,
} from '@site/plugins/releases/client/since';
import styles from './styles.module.css';

export interface SincePanelProps {
  version: string;
  api: 'rest' | 'ws';
  onStop: () => void;
}

/** A change's sentence, its `code` spans as code. */
function Sentence({text}: {readonly text: string}): ReactNode {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** Where the words go in a marked element: after a field's name, or inside a heading before its link. */
function placeMark(element: HTMLElement, mark: HTMLElement): void {
  if (element instanceof HTMLTableRowElement && element.cells[0] !== undefined) {
    element.cells[0].append(mark);
    return;
  }
  if (/^H[1-6]$/.test(element.tagName)) {
    element.insertBefore(mark, element.querySelector(':scope > .hash-link'));
    return;
  }
  const name = element.querySelector(':scope > a');
  if (name !== null) name.after(mark);
  else element.prepend(mark);
}

function useMarks(version: string, marks: Record<string, SinceLine[]> | undefined): void {
  useEffect(() => {
    if (marks === undefined) return undefined;
    const placed: HTMLElement[] = [];
    for (const [anchor, lines] of Object.entries(marks)) {
      const element = document.getElementById(anchor);
      if (element === null) continue;
      const mark = document.createElement('span');
      mark.dataset.sinceMark = '';
      const words = document.createElement('span');
      words.className =
        `${styles.mark ?? ''} ${lines.some((l) => l.breaking) ? (styles.breaking ?? '') : ''}`.trim();
      words.textContent = markWords(version, lines);
      // A space before the words, so that they are not read as one with the field's name.
      mark.append(' ', words);
      placeMark(element, mark);
      placed.push(mark);
    }
    return () => {
      for (const mark of placed) mark.remove();
    };
  }, [version, marks]);
}

function StopButton({onStop}: {readonly onStop: () => void}): ReactNode {
  return (
    <button type="button" className="button button--sm button--secondary" onClick={onStop}>
      Stop marking
    </button>
  );
}

export default function SincePanel({version, api, onStop}: SincePanelProps): ReactNode {
  const id = useId();
  const state = sinceState(data, version);
  useMarks(version, state.kind === 'marks' ? state.marks[api] : undefined);
  const other = api === 'rest' ? 'ws' : 'rest';
  const otherRoute = other === 'rest' ? ROUTES.rest : ROUTES.ws;
  const otherName = other === 'rest' ? 'REST reference' : 'WebSocket reference';

  if (state.kind !== 'marks') {
    return (
      <section className={`alert alert--info ${styles.panel}`} aria-labelledby={id}>
        {state.kind === 'newest' ? (
          <p id={id}>
            <strong>Nothing changed since {version}</strong>: it is the release this reference shows.
          </p>
        ) : (
          <>
            <p id={id}>
              <strong>{version} is not a recorded release</strong>: nothing is marked.
            </p>
            <p>
              Known releases: {state.versions.join(', ')}. Mark the changes since one of them:{' '}
              {state.versions.slice(1).map((v, i) => (
                <span key={v}>
                  {i > 0 ? ', ' : null}
                  <Link to={`?since=${encodeURIComponent(v)}`}>since {v}</Link>
                </span>
              ))}
              .
            </p>
          </>
        )}
        <StopButton onStop={onStop} />
      </section>
    );
  }

  const {marks} = state;
  const lines = panelLines(marks[api]);
  const elsewhere = Object.values(marks[other]).flat().length;
  const gone = marks.gone.filter((g) => g.api === api);
  return (
    <section className={`alert alert--info ${styles.panel}`} aria-labelledby={id}>
      <p id={id}>
        <strong>{markedSummary(version, lines)}</strong>, up to {marks.to}, with the verdict for your side.
      </p>
      {lines.length > 0 ? (
        <ul className={styles.lines}>
          {lines.map((line, i) => (
            <li key={i}>
              <Link to={`#${line.anchor}`}>
                <code>{line.anchor}</code>
              </Link>{' '}
              <strong>{line.label}</strong> ({line.in}): <Sentence text={line.text} />
            </li>
          ))}
        </ul>
      ) : null}
      {gone.length > 0 ? (
        <>
          <p>No longer in the reference:</p>
          <ul className={styles.lines}>
            {gone.map((line, i) => (
              <li key={i}>
                <Sentence text={line.subject} /> <strong>{line.label}</strong> ({line.in}):{' '}
                <Sentence text={line.text} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {elsewhere > 0 ? (
        <p>
          And {elsewhere} on the{' '}
          <Link to={`${otherRoute}?since=${encodeURIComponent(version)}`}>{otherName}</Link>.
        </p>
      ) : null}
      <StopButton onStop={onStop} />
    </section>
  );
}
