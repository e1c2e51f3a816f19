/**
 * The page side of a check: starts the worker (its code and the validators load only now), hands
 * it the capture and the model, and follows its progress. The worker keeps the whole report and
 * answers the downloads; the page gets a view of it (plugins/session-check/client/report.ts), so
 * a capture of 100,000 frames never blocks the page. A new check stops the worker before.
 */
import {startTransition, useCallback, useEffect, useRef, useState} from 'react';
import type {ReportView} from '@site/plugins/session-check/client/report';
import type {SessionCheckData} from '@site/plugins/session-check/client/types';
import type {FromWorker, ToWorker} from './protocol';

export type CheckState =
  | {kind: 'idle'}
  | {kind: 'running'; name: string; stage: 'reading' | 'loading' | 'checking'; done: number; total: number}
  | {kind: 'done'; name: string; view: ReportView}
  | {kind: 'refused'; name: string; message: string}
  | {kind: 'failed'; name: string; message: string};

/** Saves `text` as a file: a blob URL, used once by a temporary link, then revoked. */
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

export function useSessionCheck(data: SessionCheckData): {
  state: CheckState;
  check: (name: string, input: Blob | string) => void;
  download: (format: 'json' | 'markdown', file: string, title: string) => void;
} {
  const [state, setState] = useState<CheckState>({kind: 'idle'});
  const worker = useRef<Worker | null>(null);
  const files = useRef(new Map<string, string>());
  useEffect(() => () => worker.current?.terminate(), []);
  const check = useCallback(
    (name: string, input: Blob | string) => {
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
        // A transition: React renders the report (a summary and up to 200 frames) in slices that
        // yield to the browser, instead of one task that held the page for 150 to 400 ms.
        else if (message.type === 'report')
          startTransition(() => setState({kind: 'done', name, view: message.view}));
        else if (message.type === 'download')
          save(
            message.text,
            message.format === 'json' ? 'application/json' : 'text/markdown',
            files.current.get(message.format) ?? `session-check.${message.format === 'json' ? 'json' : 'md'}`,
          );
        else {
          setState({kind: message.type, name, message: message.message});
          started.terminate();
          if (worker.current === started) worker.current = null;
        }
      };
      started.onerror = (event) => {
        event.preventDefault();
        setState({kind: 'failed', name, message: event.message || 'the checker stopped'});
      };
      const message: ToWorker = {type: 'check', input, data};
      started.postMessage(message);
    },
    [data],
  );
  const download = useCallback((format: 'json' | 'markdown', file: string, title: string) => {
    files.current.set(format, file);
    const message: ToWorker = {type: 'download', format, title};
    worker.current?.postMessage(message);
  }, []);
  return {state, check, download};
}
