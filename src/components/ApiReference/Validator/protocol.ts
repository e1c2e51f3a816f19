/**
 * What the page and the validation worker say to each other, and the outcome of
 * one validation. Plain data only: everything crosses postMessage.
 */
import type {WordedError} from './messages';

export type ValidationOutcome =
  | {kind: 'empty'}
  | {kind: 'syntax'; message: string; line: number; column: number}
  | {kind: 'refused'; reason: string}
  | {kind: 'valid'}
  | {kind: 'invalid'; errors: WordedError[]; total: number}
  | {kind: 'unavailable'; reason: string}
  | {kind: 'failed'; reason: string};

export type ToWorker = {type: 'load'; file: string} | {type: 'validate'; id: number; text: string};

export type FromWorker =
  | {type: 'loaded'; status: LoadStatus}
  | {type: 'result'; id: number; outcome: ValidationOutcome; elapsedMs: number};

export type LoadStatus = {ok: true} | {ok: false; reason: string};
