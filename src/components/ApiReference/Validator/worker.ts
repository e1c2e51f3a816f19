/**
 * The validation worker: parses and validates off the page's main thread, so a
 * huge or hostile payload can never freeze the page; the page stops (terminates)
 * it when it takes too long. One worker serves one panel and one validator.
 */
import {validateText} from './core';
import type {CompiledValidator} from './core';
import {loadValidator} from './load';
import type {FromWorker, ToWorker} from './protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}

const scope = self as unknown as WorkerScope;
let validator: Promise<{ok: true; validate: CompiledValidator} | {ok: false; reason: string}> | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'load') {
    validator ??= loadValidator(message.file);
    void validator.then((loaded) =>
      scope.postMessage({
        type: 'loaded',
        status: loaded.ok ? {ok: true} : {ok: false, reason: loaded.reason},
      }),
    );
    return;
  }
  const started = performance.now();
  const pending = validator ?? Promise.resolve({ok: false as const, reason: 'the validator was not loaded'});
  void pending.then((loaded) => {
    const outcome = loaded.ok
      ? validateText(message.text, loaded.validate)
      : {kind: 'unavailable' as const, reason: loaded.reason};
    scope.postMessage({type: 'result', id: message.id, outcome, elapsedMs: performance.now() - started});
  });
};
