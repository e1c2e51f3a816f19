/**
 * A WebSocket client for the mock tests, as a reader's program would be one: it opens a connection
 * with the handshake headers given, sends frames, and reads what comes back one message at a time.
 * Every wait is bounded (WAIT_MS), so a mock that stays silent fails the test instead of hanging it.
 */
import WebSocket from 'ws';

export const WAIT_MS = 2_000;
export const AUTH = {Authorization: 'Bearer test-token'};

/** `promise`, or a rejection naming `what` after WAIT_MS. */
export function bounded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${WAIT_MS} ms`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface Closed {
  code: number;
  reason: string;
}

export interface Session {
  /** Sends `frame` as JSON, or as it is when it is a string. */
  send(frame: unknown): void;
  /** The next message the mock sent, parsed. */
  next(): Promise<unknown>;
  /** How the connection closed (the mock's or ours), once it has. */
  closed(): Promise<Closed>;
  close(): Promise<Closed>;
}

/** Opens a connection to `url`; resolves once the handshake is accepted. */
export async function connect(url: string, headers: Record<string, string> = AUTH): Promise<Session> {
  const ws = new WebSocket(url, {headers});
  const inbox: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const value: unknown = JSON.parse(String(data));
    const reader = waiting.shift();
    if (reader === undefined) inbox.push(value);
    else reader(value);
  });
  const closed = new Promise<Closed>((resolve) =>
    ws.on('close', (code, reason) => resolve({code, reason: String(reason)})),
  );
  await bounded(
    new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    }),
    `handshake with ${url}`,
  );
  return {
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: () =>
      bounded(
        inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((resolve) => waiting.push(resolve)),
        'message from the mock',
      ),
    closed: () => bounded(closed, 'close'),
    close: () => {
      ws.close(1000);
      return bounded(closed, 'close');
    },
  };
}

/** A handshake the mock refuses: the HTTP status and the body it explains itself with. */
export function refused(
  url: string,
  headers: Record<string, string>,
): Promise<{status: number; body: string}> {
  const ws = new WebSocket(url, {headers});
  return bounded(
    new Promise((resolve, reject) => {
      ws.once('open', () => reject(new Error(`the handshake with ${url} was accepted`)));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({status: res.statusCode ?? 0, body}));
      });
      ws.once('error', () => undefined);
    }),
    `refusal from ${url}`,
  );
}
