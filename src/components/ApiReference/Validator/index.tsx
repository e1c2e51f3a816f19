import {useId} from 'react';
import type {ReactNode} from 'react';
import type {WordedError} from './messages';
import type {ValidationRun} from './session';
import {usePayloadValidator} from './usePayloadValidator';
import styles from './styles.module.css';

export interface PayloadValidatorProps {
  /** `rest:<operationId>` (JSON request body) or `ws:<messageName>` (AsyncAPI message payload). */
  readonly target: string;
  /** The operation's or message's example, as JSON text. */
  readonly example?: string;
  /**
   * Open with `example` already in the text box (where the reader picks an example beside the
   * validator, the one picked), and follow the picker while the text is the reader's untouched copy.
   */
  readonly prefill?: boolean;
}

function size(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(chars / 1024)} KB`;
}

function ErrorItem({error}: {readonly error: WordedError}): ReactNode {
  return (
    <li className={styles.error}>
      <code className={styles.pointer}>{error.pointer === '' ? '(whole payload)' : error.pointer}</code>{' '}
      <span className={styles.message}>{error.message}</span>
      {error.value !== null ? (
        <span className={styles.value}>
          {' '}
          — value: <code>{error.value}</code>
        </span>
      ) : null}
      {error.details.length > 0 ? (
        <ul className={styles.details} aria-label="Why">
          {error.details.map((detail, index) => (
            <ErrorItem key={index} error={detail} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Outcome({run}: {readonly run: ValidationRun}): ReactNode {
  const {outcome} = run;
  switch (outcome.kind) {
    case 'empty':
      return <p className={styles.notice}>There is nothing to validate: paste a JSON payload first.</p>;
    case 'syntax':
      return (
        <p className={styles.problem}>
          Not valid JSON: {outcome.message} (line {outcome.line}, column {outcome.column}).
        </p>
      );
    case 'refused':
    case 'failed':
      return <p className={styles.problem}>{outcome.reason}</p>;
    case 'unavailable':
      return (
        <p className={styles.notice}>The validator for this payload is unavailable: {outcome.reason}.</p>
      );
    case 'valid':
      return <p className={styles.valid}>Valid: the payload matches the schema.</p>;
    case 'invalid': {
      const shown = outcome.errors.length;
      return (
        <>
          <p className={styles.problem}>
            Invalid: {outcome.total} {outcome.total === 1 ? 'error' : 'errors'}
            {shown < outcome.total ? ` (the first ${shown} are listed)` : ''}.
          </p>
          <ol className={styles.errors}>
            {outcome.errors.map((error, index) => (
              <ErrorItem key={index} error={error} />
            ))}
          </ol>
        </>
      );
    }
    default:
      return null;
  }
}

/**
 * "Validate a payload": checks pasted JSON against the request body or message
 * schema, in the browser, with a validator compiled at build time. Nothing is
 * loaded until the panel is opened; nothing is sent anywhere.
 */
export function PayloadValidator({target, example, prefill = false}: PayloadValidatorProps): ReactNode {
  const inputId = useId();
  const hintId = useId();
  const pastedId = useId();
  const {
    details,
    input,
    load,
    run,
    pasted,
    onToggle,
    onSummaryClick,
    validate,
    onPaste,
    discardPasted,
    loadExample,
    onKeyDown,
  } = usePayloadValidator({target, example, prefill});

  return (
    <details ref={details} className={styles.panel} data-validator-target={target} onToggle={onToggle}>
      <summary className={styles.summary} onClick={onSummaryClick}>
        Validate a payload
      </summary>
      <div className={styles.body}>
        <label htmlFor={inputId} className={styles.label}>
          JSON payload
        </label>
        <p id={hintId} className={styles.hint}>
          Paste a payload and press Validate (or Ctrl+Enter). It is checked against the schema in your browser
          and sent nowhere.
        </p>
        <textarea
          id={inputId}
          ref={input}
          className={styles.input}
          aria-describedby={pasted === null ? hintId : `${hintId} ${pastedId}`}
          rows={10}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onInput={pasted === null ? undefined : discardPasted}
        />
        {pasted !== null ? (
          <p id={pastedId} className={styles.pasted}>
            A {size(pasted.length)} payload was pasted. It is kept out of the text box so the page stays fast:
            Validate checks it as pasted, and typing in the box replaces it.{' '}
            <button type="button" className="button button--link button--sm" onClick={discardPasted}>
              Discard it
            </button>
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className="button button--primary button--sm" onClick={validate}>
            Validate
          </button>
          {example !== undefined ? (
            <button type="button" className="button button--secondary button--sm" onClick={loadExample}>
              Load example
            </button>
          ) : null}
        </div>
        <div
          className={styles.result}
          role="status"
          aria-live="polite"
          aria-atomic="false"
          data-state={run.kind === 'done' ? run.run.outcome.kind : run.kind}
          data-elapsed-ms={run.kind === 'done' ? Math.round(run.run.elapsedMs) : undefined}
          data-where={run.kind === 'done' ? run.run.where : undefined}
        >
          {load.kind === 'loading' && run.kind === 'idle' ? (
            <p className={styles.notice}>Loading the validator…</p>
          ) : null}
          {load.kind === 'unavailable' && run.kind === 'idle' ? (
            <p className={styles.notice}>The validator for this payload is unavailable: {load.reason}.</p>
          ) : null}
          {run.kind === 'running' ? <p className={styles.notice}>Validating…</p> : null}
          {run.kind === 'done' ? <Outcome run={run.run} /> : null}
        </div>
      </div>
    </details>
  );
}

export default PayloadValidator;
