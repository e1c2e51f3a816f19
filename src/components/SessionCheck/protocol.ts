/** Messages between the session check page and its worker. */
import type {Report} from '@site/plugins/session-check/client/check';
import type {SessionCheckData} from '@site/plugins/session-check/client/types';

export type ToWorker = {type: 'check'; input: ArrayBuffer | string; data: SessionCheckData};

export type FromWorker =
  | {type: 'progress'; stage: 'reading' | 'loading' | 'checking'; done: number; total: number}
  | {type: 'report'; report: Report}
  | {type: 'refused'; message: string}
  | {type: 'failed'; message: string};
