/**
 * The page side of a check: starts the worker (its code and the validators load only now), hands
 * it the capture and the model, and follows its progress. One worker per check; a new check
 * stops the one before.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import type {Report} from '@site/plugins/session-check/client/check';
import type {SessionCheckData} from '@site/plugins/session-check/client/types';
import type {FromWorker, ToWorker} from './protocol';

export type CheckState =
  | {kind: 'idle'}
  | {kind: 'running'; name: string; stage: 'reading' | 'loading' | 'checking'; done: number; total: number}
  | {kind: 'done'; name: string; report: Report}
  | {kind: 'refused'; name: string; message: string}
  | {kind: 'failed'; name: string; message: string};

export function useSessionCheck(data: SessionCheckData): {
  state: CheckState;
  check: (name: string, input: ArrayBuffer | string) => void;
} {
  const [state, setState] = useState<CheckState>({kind: 'idle'});
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);
  const check = useCallback(
    (name: string, input: ArrayBuffer | string) => {
      worker.current?.terminate();
      let started: Worker;
      try {
        started = new Worker(
          /* webpackChunkName: "session-check-worker" */ new URL('./worker.ts', import.meta.url),
          {name: 'session-check'},
        );
      } catch (error) {
        setState({
          kind: 'failed',
          name,
          message: `the checker could not start (${(error as Error).message})`,
        });
        return;
      }
      worker.current = started;
      setState({kind: 'running', name, stage: 'reading', done: 0, total: 0});
      started.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        if (message.type === 'progress') setState({kind: 'running', name, ...message});
        else {
          if (message.type === 'report') setState({kind: 'done', name, report: message.report});
          else setState({kind: message.type, name, message: message.message});
          started.terminate();
          if (worker.current === started) worker.current = null;
        }
      };
      started.onerror = (event) => {
        event.preventDefault();
        setState({kind: 'failed', name, message: event.message || 'the checker stopped'});
      };
      const message: ToWorker = {type: 'check', input, data};
      started.postMessage(message, typeof input === 'string' ? [] : [input]);
    },
    [data],
  );
  return {state, check};
}
