/**
 * The integration filter, loaded on first use (index.tsx): the reader pastes names, or picks or
 * drops a Postman collection or a HAR file, and chooses a version; the page lists every request
 * with what it matched and why, then only the changes that reach what they use, breaking first,
 * with JSON and Atom downloads. The selection is kept in the URL fragment. Everything happens in
 * this browser: files are read here and nothing is sent.
 */
import {useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import sessionData from '@generated/session-check/default/session-model.json';
import {counted} from '@site/plugins/api-reference/client/counted';
import {useIdentity} from '@site/src/components/Identity';
import ChangeText from '../ChangeText';
import type {FilterProps} from './index';
import {buildCatalogue} from './catalogue';
import {byLabel, defaultSince, filterChanges, sincePoints} from './changes';
import {toAtom, toJson} from './exports';
import {formatHash, INTEGRATION_ID, parseHash} from './fragment';
import {InputRefused, readFile, readList, type ReadInput} from './inputs';
import {matchAll, selectionOf, type Outcome} from './match';
import styles from './styles.module.css';

const FORMAT_NAMES: Record<ReadInput['format'], string> = {
  list: 'pasted list',
  'postman-2.0': 'Postman collection v2.0',
  'postman-2.1': 'Postman collection v2.1',
  har: 'HAR file',
};

const STATUS_WORDS: Record<Outcome['status'], string> = {
  matched: 'Matched',
  ambiguous: 'Ambiguous',
  unmatched: 'Unmatched',
};

interface FileInput {
  name: string;
  input: ReadInput;
}

/** Saves `text` as a file: a blob URL, used once by a temporary link, then revoked (no request). */
function save(text: string, type: string, file: string): void {
  const url = URL.createObjectURL(new Blob([text], {type}));
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Identical requests (same request, same outcome) are shown once, with how many there were. */
function collapse(outcomes: readonly Outcome[]): Array<{outcome: Outcome; count: number}> {
  const seen = new Map<string, {outcome: Outcome; count: number}>();
  for (const outcome of outcomes) {
    const r = outcome.request;
    const key = `${r.kind === 'name' ? r.name : r.shown}|${outcome.status}|${outcome.matched.join()}|${outcome.why.join()}`;
    const found = seen.get(key);
    if (found !== undefined) found.count += 1;
    else seen.set(key, {outcome, count: 1});
  }
  return Array.from(seen.values());
}

function Requests({title, outcomes}: {title: string; outcomes: readonly Outcome[]}): ReactNode {
  const counts = {matched: 0, ambiguous: 0, unmatched: 0};
  for (const o of outcomes) counts[o.status] += 1;
  const rows = collapse(outcomes);
  return (
    <div className={styles.requests}>
      <Heading as="h4">
        {title}: {counted(outcomes.length, 'request')} ({counts.matched} matched, {counts.ambiguous}{' '}
        ambiguous, {counts.unmatched} unmatched)
      </Heading>
      <ul>
        {rows.map(({outcome, count}, i) => (
          <li key={i} className={styles[outcome.status]}>
            <strong>{STATUS_WORDS[outcome.status]}</strong>{' '}
            <code className={styles.request}>
              {outcome.request.kind === 'name' ? outcome.request.name : outcome.request.shown}
            </code>
            {count > 1 ? ` (×${count})` : ''}{' '}
            <span className={styles.source}>({outcome.request.source})</span>
            {outcome.matched.length > 0 ? (
              <>
                {' → '}
                <ChangeText text={outcome.matched.join('; ')} />
              </>
            ) : null}
            {outcome.why.length > 0 ? (
              <div className={styles.why}>
                Why: <ChangeText text={`${outcome.why.join('; ')}.`} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Filter({history, focus}: FilterProps): ReactNode {
  const {title} = useIdentity();
  const catalogue = useMemo(() => buildCatalogue(sessionData.model, history), [history]);
  const points = useMemo(() => sincePoints(history), [history]);
  const initial = useMemo(() => (typeof window === 'undefined' ? null : parseHash(window.location.hash)), []);
  const [since, setSince] = useState(
    () => points.find((p) => p.id === initial?.since)?.id ?? defaultSince(history)?.id ?? '',
  );
  const [text, setText] = useState(() => (initial?.uses ?? []).join('\n'));
  const [list, setList] = useState<ReadInput>(() => readList(text));
  const [files, setFiles] = useState<FileInput[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (focus) textarea.current?.focus();
    else if (initial !== null) document.getElementById(INTEGRATION_ID)?.scrollIntoView();
  }, [focus, initial]);

  const listOutcomes = useMemo(() => matchAll(list.requests, catalogue), [list, catalogue]);
  const fileOutcomes = useMemo(
    () => files.map((f) => ({file: f, outcomes: matchAll(f.input.requests, catalogue)})),
    [files, catalogue],
  );
  const outcomes = useMemo(
    () => [...listOutcomes, ...fileOutcomes.flatMap((f) => f.outcomes)],
    [listOutcomes, fileOutcomes],
  );
  const selection = useMemo(() => selectionOf(outcomes), [outcomes]);
  const point = points.find((p) => p.id === since);
  const filtered = useMemo(
    () => (point === undefined ? undefined : filterChanges(history, point, new Set(selection))),
    [history, point, selection],
  );

  // The selection lives in the fragment (replaced, not pushed: Back leaves the page as before).
  const hash = formatHash({...(point !== undefined ? {since: point.id} : {}), uses: selection});
  useEffect(() => {
    if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
  }, [hash]);

  const read = (file: File | undefined): void => {
    if (file === undefined) return;
    setProblem(null);
    file
      .arrayBuffer()
      .then((buffer) => readFile(new Uint8Array(buffer)))
      .then((input) =>
        setFiles((before) => [...before.filter((f) => f.name !== file.name), {name: file.name, input}]),
      )
      .catch((error: unknown) =>
        setProblem(
          `${file.name}: ${error instanceof InputRefused ? error.message : `could not be read (${String(error)})`}`,
        ),
      );
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    for (const file of Array.from(event.dataTransfer.files)) read(file);
  };

  const unmatched = outcomes.filter((o) => o.status === 'unmatched').length;
  const ambiguous = outcomes.filter((o) => o.status === 'ambiguous').length;
  const summary =
    outcomes.length === 0
      ? 'Nothing selected yet: paste names or choose a file.'
      : filtered === undefined
        ? 'No earlier version is recorded: there are no changes to filter.'
        : `${counted(filtered.lines.length, 'change')} since ${filtered.since.label} reach what you use (${counted(selection.length, 'operation or message', 'operations and messages')}), ${filtered.breaking} breaking.${
            unmatched + ambiguous > 0
              ? ` ${unmatched} unmatched and ${ambiguous} ambiguous requests are listed below.`
              : ''
          }`;
  const link =
    typeof window === 'undefined' ? hash : `${window.location.origin}${window.location.pathname}${hash}`;
  const context = {link, title, selection, outcomes};
  const base = `changes-since-${point?.label.replace(/[^\w.-]+/g, '-').replace(/-+$/, '') ?? 'none'}`;

  return (
    <section
      className={`${styles.filter} ${dragging ? styles.dragging : ''}`}
      aria-labelledby={INTEGRATION_ID}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="integration-filter"
    >
      <Heading as="h2" id={INTEGRATION_ID}>
        Changes for your integration
      </Heading>
      <p className={styles.private}>
        <strong>
          Nothing is sent: what you paste or drop is read in this browser and stays on this computer.
        </strong>{' '}
        Tokens in a file (Authorization headers, cookies, token parameters) are taken out when it is read and
        never shown.
      </p>
      <form
        className={styles.controls}
        onSubmit={(event) => {
          event.preventDefault();
          setList(readList(text));
        }}
      >
        <div className={styles.control}>
          <label htmlFor="integration-list">
            Operations and messages you use: operationIds, message names (or <code>channel/message</code>), or{' '}
            <code>METHOD /path</code>, one per line
          </label>
          <textarea
            id="integration-list"
            ref={textarea}
            rows={5}
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            Apply the list
          </button>
        </div>
        <div className={styles.control}>
          <label htmlFor="integration-file">
            A Postman collection (v2.0 or v2.1) or a HAR file: choose it, or drop it anywhere on this section
          </label>
          <input
            id="integration-file"
            type="file"
            multiple
            accept=".json,.har,.zhar,.txt,.jsonl,.ndjson"
            onChange={(event) => {
              for (const file of Array.from(event.target.files ?? [])) read(file);
              event.target.value = '';
            }}
          />
          {files.length > 0 ? (
            <ul className={styles.files}>
              {files.map((f) => (
                <li key={f.name}>
                  {f.name} ({FORMAT_NAMES[f.input.format]}
                  {f.input.redacted > 0 ? `, ${counted(f.input.redacted, 'credential')} taken out` : ''}){' '}
                  <button
                    type="button"
                    className="button button--sm button--link"
                    onClick={() => setFiles((before) => before.filter((g) => g !== f))}
                  >
                    Remove {f.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className={styles.control}>
          <label htmlFor="integration-since">Your version: changes since</label>
          <select id="integration-since" value={since} onChange={(event) => setSince(event.target.value)}>
            {points.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      </form>
      {problem !== null ? (
        <p role="alert" className="alert alert--danger">
          {problem}
        </p>
      ) : null}
      <p aria-live="polite" role="status" className={styles.summary}>
        {summary}
      </p>
      {outcomes.length > 0 ? (
        <>
          <Heading as="h3" id="integration-requests">
            What you use, matched
          </Heading>
          {listOutcomes.length > 0 ? <Requests title="Pasted list" outcomes={listOutcomes} /> : null}
          {fileOutcomes.map(({file, outcomes: own}) => (
            <Requests
              key={file.name}
              title={`${file.name} (${FORMAT_NAMES[file.input.format]})`}
              outcomes={own}
            />
          ))}
        </>
      ) : null}
      {filtered !== undefined && outcomes.length > 0 ? (
        <>
          <Heading as="h3" id="integration-changes">
            Changes since {filtered.since.label} that reach it
          </Heading>
          <p className={styles.downloads}>
            <button
              type="button"
              className="button button--sm button--secondary"
              onClick={() => save(toJson(filtered, context), 'application/json', `${base}.json`)}
            >
              Download as JSON
            </button>{' '}
            <button
              type="button"
              className="button button--sm button--secondary"
              onClick={() =>
                save(toAtom(filtered, history, context), 'application/atom+xml', `${base}.atom.xml`)
              }
            >
              Download as an Atom feed
            </button>
          </p>
          {filtered.lines.length === 0 ? (
            <p>
              None of the {filtered.unfiltered} changes since {filtered.since.label} reaches what you use.
            </p>
          ) : (
            byLabel(filtered.lines).map(({label, lines}) => (
              <div key={label}>
                <Heading as="h4">
                  {label} ({lines.length})
                </Heading>
                <ul className={styles.lines}>
                  {lines.map((line, i) => (
                    <li key={`${line.item.id}|${i}`}>
                      {line.subjectHref !== undefined ? (
                        <Link to={line.subjectHref}>
                          <ChangeText text={line.subject} />
                        </Link>
                      ) : (
                        <ChangeText text={line.subject} />
                      )}
                      : <ChangeText text={line.item.text} />{' '}
                      <span className={styles.source}>
                        (in{' '}
                        {line.entryId !== undefined ? (
                          <Link to={`#${line.entryId}`}>{line.in}</Link>
                        ) : (
                          line.in
                        )}
                        )
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </>
      ) : null}
    </section>
  );
}
