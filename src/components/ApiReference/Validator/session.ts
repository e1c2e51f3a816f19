/**
 * The page side of one validator panel. Validation runs in a dedicated Web Worker,
 * so parsing and checking a huge or hostile payload never blocks the page; a run
 * that takes longer than `timeoutMs` is stopped by terminating the worker (a fresh
 * one starts on the next run). Where a worker cannot start (an old browser, a
 * Content-Security-Policy without worker-src 'self'), the same code runs on the
 * page, still protected by the size and depth limits checked before parsing.
 *
 * This module is imported only when a panel opens, so none of it (nor the
 * worker, nor any validator) is part of the page's initial JavaScript.
 */
import {validateText} from './core';
import {loadValidator} from './load';
import type {LoadedValidator} from './load';
import type {FromWorker, LoadStatus, ToWorker, ValidationOutcome} from './protocol';

export interface ValidationRun {
  outcome: ValidationOutcome;
  /** Time spent parsing and validating (where it ran), in milliseconds. */
  elapsedMs: number;
  where: 'worker' | 'page';
}

export const DEFAULT_TIMEOUT_MS = 5000;
const LOAD_TIMEOUT_MS = 30_000;

export class ValidatorSession {
  private worker: Worker | null = null;
  private workerLoad: Promise<LoadStatus> | null = null;
  private pageValidator: Promise<LoadedValidator> | null = null;
  private usePage = false;
  private nextId = 1;
  private disposed = false;

  constructor(
    private readonly file: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  /** Starts the worker and loads the validator; resolves when it is ready or known unavailable. */
  load(): Promise<LoadStatus> {
    if (this.usePage) return this.loadOnPage();
    this.workerLoad ??= this.startWorker();
    return this.workerLoad;
  }

  async validate(text: string): Promise<ValidationRun> {
    const status = await this.load();
    if (!status.ok)
      return {outcome: {kind: 'unavailable', reason: status.reason}, elapsedMs: 0, where: 'page'};
    if (this.usePage || this.worker === null) return this.validateOnPage(text);
    return this.validateInWorker(this.worker, text);
  }

  dispose(): void {
    this.disposed = true;
    this.worker?.terminate();
    this.worker = null;
  }

  private loadOnPage(): Promise<LoadStatus> {
    this.pageValidator ??= loadValidator(this.file);
    return this.pageValidator.then((loaded) => (loaded.ok ? {ok: true} : {ok: false, reason: loaded.reason}));
  }

  private async validateOnPage(text: string): Promise<ValidationRun> {
    this.pageValidator ??= loadValidator(this.file);
    const loaded = await this.pageValidator;
    const started = performance.now();
    const outcome: ValidationOutcome = loaded.ok
      ? validateText(text, loaded.validate)
      : {kind: 'unavailable', reason: loaded.reason};
    return {outcome, elapsedMs: performance.now() - started, where: 'page'};
  }

  private switchToPage(): Promise<LoadStatus> {
    this.usePage = true;
    this.worker?.terminate();
    this.worker = null;
    return this.loadOnPage();
  }

  private startWorker(): Promise<LoadStatus> {
    if (this.disposed) return Promise.resolve({ok: false, reason: 'the panel was closed'});
    let worker: Worker;
    try {
      worker = new Worker(
        /* webpackChunkName: "validator-worker" */ new URL('./worker.ts', import.meta.url),
        {
          name: 'payload-validator',
        },
      );
    } catch {
      return this.switchToPage();
    }
    this.worker = worker;
    return new Promise<LoadStatus>((resolve) => {
      const finish = (status: Promise<LoadStatus> | LoadStatus): void => {
        clearTimeout(timer);
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        resolve(status);
      };
      const onMessage = (event: MessageEvent<FromWorker>): void => {
        if (event.data.type === 'loaded') finish(event.data.status);
      };
      // The worker script itself failed (blocked by a policy, or a network error).
      const onError = (event: ErrorEvent): void => {
        event.preventDefault();
        finish(this.switchToPage());
      };
      const timer = setTimeout(() => finish(this.switchToPage()), LOAD_TIMEOUT_MS);
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      const message: ToWorker = {type: 'load', file: this.file};
      worker.postMessage(message);
    });
  }

  private validateInWorker(worker: Worker, text: string): Promise<ValidationRun> {
    const id = this.nextId++;
    return new Promise<ValidationRun>((resolve) => {
      const onMessage = (event: MessageEvent<FromWorker>): void => {
        const data = event.data;
        if (data.type !== 'result' || data.id !== id) return;
        clearTimeout(timer);
        worker.removeEventListener('message', onMessage);
        resolve({outcome: data.outcome, elapsedMs: data.elapsedMs, where: 'worker'});
      };
      const timer = setTimeout(() => {
        worker.removeEventListener('message', onMessage);
        // Stop the work for good; the next run starts a new worker.
        worker.terminate();
        if (this.worker === worker) {
          this.worker = null;
          this.workerLoad = null;
        }
        resolve({
          outcome: {
            kind: 'refused',
            reason: `Checking this payload took longer than ${this.timeoutMs / 1000} seconds, so it was stopped. Try a smaller payload.`,
          },
          elapsedMs: this.timeoutMs,
          where: 'worker',
        });
      }, this.timeoutMs);
      worker.addEventListener('message', onMessage);
      const message: ToWorker = {type: 'validate', id, text};
      worker.postMessage(message);
    });
  }
}
