/**
 * The state of the "Validate a payload" panel (index.tsx): the validator session (loaded
 * when the panel first opens, disposed when the target changes), the example the panel puts in
 * the box, a large paste kept out of the box, and the run of a validation.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import type {ClipboardEvent, KeyboardEvent, RefObject, SyntheticEvent} from 'react';
import type {ValidationRun, ValidatorSession} from './session';
import {validatorFileName} from '@site/plugins/api-reference/client/validators';

/**
 * Pasted text longer than this is kept out of the text box: laying out megabytes
 * in a textarea takes the browser seconds on the main thread, validating them in
 * the worker takes milliseconds.
 */
export const LARGE_PASTE = 100_000;

export type LoadState =
  {kind: 'idle'} | {kind: 'loading'} | {kind: 'ready'} | {kind: 'unavailable'; reason: string};
export type RunState = {kind: 'idle'} | {kind: 'running'} | {kind: 'done'; run: ValidationRun};

export interface PayloadValidatorState {
  readonly details: RefObject<HTMLDetailsElement | null>;
  readonly input: RefObject<HTMLTextAreaElement | null>;
  readonly load: LoadState;
  readonly run: RunState;
  /** A pasted payload too large for the box, validated as pasted. */
  readonly pasted: string | null;
  readonly onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => void;
  readonly onSummaryClick: () => void;
  readonly validate: () => void;
  readonly onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  readonly discardPasted: () => void;
  readonly loadExample: () => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

export function usePayloadValidator({
  target,
  example,
  prefill,
}: {
  readonly target: string;
  readonly example: string | undefined;
  readonly prefill: boolean;
}): PayloadValidatorState {
  const details = useRef<HTMLDetailsElement>(null);
  /** The text the validator put in the box itself; anything else is the reader's and is kept. */
  const filled = useRef<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const session = useRef<Promise<ValidatorSession> | null>(null);
  const [load, setLoad] = useState<LoadState>({kind: 'idle'});
  const [run, setRun] = useState<RunState>({kind: 'idle'});
  const [pasted, setPasted] = useState<string | null>(null);

  const getSession = useCallback((): Promise<ValidatorSession> => {
    session.current ??= import('./session').then(
      ({ValidatorSession}) => new ValidatorSession(validatorFileName(target)),
    );
    return session.current;
  }, [target]);

  useEffect(
    () => () => {
      void session.current?.then((current) => current.dispose());
      session.current = null;
    },
    [target],
  );

  const prepare = useCallback(() => {
    if (load.kind !== 'idle') return;
    setLoad({kind: 'loading'});
    getSession()
      .then((current) => current.load())
      .then(
        (status) => setLoad(status.ok ? {kind: 'ready'} : {kind: 'unavailable', reason: status.reason}),
        (error: unknown) =>
          setLoad({kind: 'unavailable', reason: `its code could not be loaded (${String(error)})`}),
      );
  }, [getSession, load.kind]);

  const fill = useCallback(() => {
    const box = input.current;
    if (!prefill || example === undefined || box === null) return;
    if (box.value !== '' && box.value !== filled.current) return;
    if (box.value === example) return;
    box.value = example;
    filled.current = example;
    setPasted(null);
    setRun({kind: 'idle'});
  }, [example, prefill]);

  // A new example picked while the panel is open replaces the one the validator put there.
  useEffect(() => {
    if (details.current?.open === true) fill();
  }, [fill]);

  // The reader opening the panel (a click, or Enter or Space on the summary, which click it): the
  // box is filled before the panel opens, in the same task. The toggle event comes a task later,
  // after the browser may have painted the open panel with an empty box.
  const onSummaryClick = useCallback(() => {
    if (details.current?.open === false) fill();
  }, [fill]);

  const onToggle = useCallback(
    (event: SyntheticEvent<HTMLDetailsElement>) => {
      if (event.currentTarget.open) {
        fill();
        prepare();
      }
    },
    [fill, prepare],
  );

  const validate = useCallback(() => {
    const text = pasted ?? input.current?.value ?? '';
    prepare();
    setRun({kind: 'running'});
    getSession()
      .then((current) => current.validate(text))
      .then(
        (result) => setRun({kind: 'done', run: result}),
        (error: unknown) =>
          setRun({
            kind: 'done',
            run: {
              outcome: {kind: 'failed', reason: `The validator stopped: ${String(error)}`},
              elapsedMs: 0,
              where: 'page',
            },
          }),
      );
  }, [getSession, prepare, pasted]);

  const onPaste = useCallback((event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (text.length < LARGE_PASTE) {
      setPasted(null);
      return;
    }
    event.preventDefault();
    event.currentTarget.value = '';
    setPasted(text);
    setRun({kind: 'idle'});
  }, []);

  const discardPasted = useCallback(() => {
    setPasted(null);
    input.current?.focus();
  }, []);

  const loadExample = useCallback(() => {
    if (input.current === null || example === undefined) return;
    setPasted(null);
    input.current.value = example;
    filled.current = example;
    input.current.focus();
    setRun({kind: 'idle'});
  }, [example]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        validate();
      }
    },
    [validate],
  );

  return {
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
  };
}
