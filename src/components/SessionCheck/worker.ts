/**
 * The session check worker: reads the capture (decompressing a .zhar), loads the validators (one
 * lazy chunk, same origin) and runs the checker, off the page's main thread, reporting progress.
 * Nothing here makes a request other than fetching the validators chunk from the site itself.
 */
import {checkCapture, type Report} from '@site/plugins/session-check/client/check';
import {reportMarkdown, reportView} from '@site/plugins/session-check/client/report';
import {CaptureRefused, readCapture} from '@site/plugins/session-check/client/read';
import type {CompiledValidator, Describe} from '@site/plugins/session-check/client/types';
import {describeErrors} from '../ApiReference/Validator/messages';
import {SHOWN_FRAMES, type FromWorker, type ToWorker} from './protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}

const scope = self as unknown as WorkerScope;

interface LazyContext {
  keys(): string[];
  (key: string): Promise<unknown>;
}

function validatorModules(): LazyContext {
  // One chunk for all of them ('lazy-once'): a session needs most of them at once.
  return import.meta.webpackContext('@generated/session-check/default/validators', {
    recursive: false,
    regExp: /\.js$/,
    mode: 'lazy-once',
    chunkName: 'session-check-validators',
  }) as unknown as LazyContext;
}

async function loadValidators(files: Record<string, string>): Promise<Map<string, CompiledValidator>> {
  const context = validatorModules();
  const keys = new Set(context.keys());
  const validators = new Map<string, CompiledValidator>();
  for (const [target, file] of Object.entries(files)) {
    const key = `./${file}`;
    if (!keys.has(key)) continue;
    const module = (await context(key)) as {validate?: unknown};
    if (typeof module.validate === 'function') validators.set(target, module.validate as CompiledValidator);
  }
  return validators;
}

/** The last report, kept here for the downloads (the page gets a view of it). */
let last: Report | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'download') {
    if (last === null) return;
    const text =
      message.format === 'json' ? JSON.stringify(last, null, 2) : reportMarkdown(last, message.title);
    scope.postMessage({type: 'download', format: message.format, text});
    return;
  }
  const {input, data} = message;
  void (async () => {
    try {
      scope.postMessage({type: 'progress', stage: 'reading', done: 0, total: 0});
      // The file is read here, not on the page: a 50 MB copy would block the page for a while.
      const capture = await readCapture(
        typeof input === 'string' ? input : new Uint8Array(await input.arrayBuffer()),
      );
      scope.postMessage({type: 'progress', stage: 'loading', done: 0, total: 0});
      const validators = await loadValidators(data.files);
      let lastProgress = 0;
      const report = checkCapture(capture, {
        model: data.model,
        validator: (target) => validators.get(target),
        describe: describeErrors as Describe,
        progress: (done, total) => {
          const now = Date.now();
          if (now - lastProgress < 100 && done < total) return;
          lastProgress = now;
          scope.postMessage({type: 'progress', stage: 'checking', done, total});
        },
      });
      last = report;
      scope.postMessage({type: 'report', view: reportView(report, SHOWN_FRAMES)});
    } catch (error) {
      if (error instanceof CaptureRefused) scope.postMessage({type: 'refused', message: error.message});
      else scope.postMessage({type: 'failed', message: (error as Error).message});
    }
  })();
};
