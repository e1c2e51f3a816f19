/** Messages between the session check page and its worker. */
import type {ReportView} from '@site/plugins/session-check/client/report';
import type {SessionCheckData} from '@site/plugins/session-check/client/types';

/** Frames the page shows at once (the downloads hold every one). */
export const SHOWN_FRAMES = 200;

export type ToWorker =
  | {type: 'check'; input: Blob | string; data: SessionCheckData}
  | {type: 'download'; format: 'json' | 'markdown'; title: string};

export type FromWorker =
  | {type: 'progress'; stage: 'reading' | 'loading' | 'checking'; done: number; total: number}
  | {type: 'report'; view: ReportView}
  | {type: 'download'; format: 'json' | 'markdown'; text: string}
  | {type: 'refused'; message: string}
  | {type: 'failed'; message: string};
