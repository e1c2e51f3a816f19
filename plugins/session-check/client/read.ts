/**
 * Reads a capture: a HAR in Chrome's shape (also as mitmproxy writes it), mitmproxy's
 * compressed `.zhar`, or the site's transcript (one JSON object per line). Anything else is
 * refused with the list of accepted formats, and a transcript with a malformed line is refused
 * naming the line: nothing is half-read in silence.
 *
 * Credentials are taken out here, on load: headers are not kept at all, token query parameters
 * are replaced in every URL, and every credential value found (the Authorization header and its
 * token, cookies, token parameters) is replaced wherever else it occurs (frames, bodies). So
 * nothing after this point, the report included, can show one.
 */
import {isObject} from '../../api-reference/client/json';
import type {Side} from './types';

export const REDACTED = '[redacted]';

export const ACCEPTED_FORMATS =
  'a HAR file in Chrome’s shape (with _webSocketMessages), mitmproxy’s compressed .zhar, or a transcript with one JSON object per line ({"t": <seconds>, "dir": "send" | "receive", "url": "wss://…", "data": "<text>"})';

export interface CapturedFrame {
  /** Position in its connection, from 1. */
  index: number;
  /** Seconds (the capture's clock); null when the capture gives none. */
  time: number | null;
  from: Side;
  kind: 'text' | 'binary' | 'error';
  /** The text (text frames, error entries); for binary frames, their size in words. */
  data: string;
  /** The transcript line, or the HAR entry and message, it was read from. */
  source: string;
}

export interface CapturedConnection {
  id: number;
  url: string;
  frames: CapturedFrame[];
  source: string;
}

export interface CapturedCall {
  /** Position among the capture's HTTP calls, from 1. */
  index: number;
  method: string;
  url: string;
  time: number | null;
  requestBody?: {mimeType: string; text: string};
  /** 0 when there was no response. */
  status: number;
  responseBody?: {mimeType: string; text: string; binary: boolean};
  source: string;
}

export interface Capture {
  format: 'har' | 'zhar' | 'transcript';
  connections: CapturedConnection[];
  calls: CapturedCall[];
  /** How many credential values were found and taken out. */
  redacted: number;
}

/** An input the checker cannot read (the command exits 2). */
export class CaptureRefused extends Error {
  override readonly name = 'CaptureRefused';
}

function refuse(why: string): never {
  throw new CaptureRefused(`${why}. Accepted: ${ACCEPTED_FORMATS}.`);
}

/** Query parameters (and other named values) that hold a credential. */
export const TOKEN_PARAMETER =
  /^(access_?token|token|auth|authorization|jwt|api_?key|key|secret|signature|password|session)$/i;
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);

/**
 * Collects credential values, then takes them out of every string the capture keeps. Exported for
 * the version history's integration filter, which reads Postman collections with the same rules.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  addHeader(name: string, value: string): void {
    const lower = name.toLowerCase();
    if (!CREDENTIAL_HEADERS.has(lower)) return;
    this.add(value);
    // "Bearer <token>": the token alone may appear elsewhere.
    const scheme = /^\s*[A-Za-z-]+\s+(\S+)\s*$/.exec(value);
    if (scheme?.[1] !== undefined) this.add(scheme[1]);
    // Cookie: every pair is a cookie. Set-Cookie: the first pair is the cookie, the rest are its
    // attributes (Path, Domain, Max-Age…), which are not secret and would blank hosts and paths.
    const pairs = value.split(/;\s*/);
    const cookies = lower === 'cookie' ? pairs : lower === 'set-cookie' ? pairs.slice(0, 1) : [];
    for (const part of cookies) {
      const eq = part.indexOf('=');
      if (eq > 0) this.add(part.slice(eq + 1));
    }
  }

  add(value: string): void {
    const trimmed = value.trim();
    // Very short values ("1", "no") would blank unrelated text and protect nothing.
    if (trimmed.length >= 4) this.secrets.add(trimmed);
  }

  /** A URL with its token parameters replaced, their values remembered. */
  url(url: string): string {
    const query = url.indexOf('?');
    if (query < 0) return url;
    const hash = url.indexOf('#', query);
    const end = hash < 0 ? url.length : hash;
    const params = url
      .slice(query + 1, end)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const name = eq < 0 ? pair : pair.slice(0, eq);
        if (eq < 0 || !TOKEN_PARAMETER.test(safeDecode(name))) return pair;
        const value = pair.slice(eq + 1);
        this.add(value);
        this.add(safeDecode(value));
        return `${name}=${REDACTED}`;
      });
    return `${url.slice(0, query)}?${params.join('&')}${url.slice(end)}`;
  }

  get count(): number {
    return this.secrets.size;
  }

  /** Every remembered value replaced, longest first (a token inside a longer header value). */
  clean(text: string): string {
    if (this.secrets.size === 0) return text;
    let out = text;
    for (const secret of Array.from(this.secrets).sort((a, b) => b.length - a.length))
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function isWebSocketUrl(url: string): boolean {
  return /^wss?:/i.test(url);
}

/** zlib (RFC 1950) stream header, as Python's zlib.compress writes it (mitmproxy's .zhar). */
function isZlib(bytes: Uint8Array): boolean {
  const [a, b] = [bytes[0], bytes[1]];
  return a !== undefined && b !== undefined && (a & 0x0f) === 8 && (a * 256 + b) % 31 === 0;
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

async function inflate(bytes: Uint8Array, format: 'deflate' | 'gzip'): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Reads a capture from its bytes (a file) or text (pasted). */
export async function readCapture(input: Uint8Array | string): Promise<Capture> {
  let text: string;
  let compressed = false;
  if (typeof input === 'string') text = input;
  else {
    let bytes = input;
    if (isZlib(bytes) || isGzip(bytes)) {
      try {
        bytes = await inflate(bytes, isGzip(bytes) ? 'gzip' : 'deflate');
      } catch {
        refuse('The file looks compressed but could not be decompressed');
      }
      compressed = true;
    }
    try {
      text = new TextDecoder('utf-8', {fatal: true}).decode(bytes);
    } catch {
      refuse('The file is not text (UTF-8)');
    }
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') refuse('The capture is empty');
  const whole = parseWhole(text);
  if (whole !== undefined) {
    if (isObject(whole) && isObject(whole.log) && Array.isArray(whole.log.entries))
      return readHar(whole.log.entries, compressed ? 'zhar' : 'har');
    if (!(isObject(whole) && 'dir' in whole))
      refuse(
        isObject(whole) && isObject(whole.log)
          ? 'This JSON has a "log" but no "log.entries" list, so it is not a HAR file'
          : 'This JSON is neither a HAR file (no "log.entries") nor a transcript line',
      );
  }
  if (compressed) refuse('The decompressed file is not a HAR file');
  return readTranscript(text);
}

function parseWhole(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') refuse('The capture is not JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readTranscript(text: string): Capture {
  const redactor = new Redactor();
  const byUrl = new Map<string, CapturedConnection>();
  const connections: CapturedConnection[] = [];
  // Line by line without splitting the text first: a 50 MB capture is not copied into a list.
  let number = 0;
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    number += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      if (number === 1 && /"log"\s*:/.test(text.slice(0, 4096)))
        refuse('This looks like a HAR file, but it is not complete JSON (was it cut short?)');
      refuse(`Line ${number} of the transcript is not a JSON object`);
    }
    if (!isObject(value)) refuse(`Line ${number} of the transcript is not a JSON object`);
    const {t, dir, url, data} = value;
    if (typeof t !== 'number' || !Number.isFinite(t))
      refuse(`Line ${number} of the transcript has no number "t" (seconds)`);
    if (dir !== 'send' && dir !== 'receive')
      refuse(`Line ${number} of the transcript has a "dir" that is neither "send" nor "receive"`);
    if (typeof url !== 'string' || !isWebSocketUrl(url))
      refuse(`Line ${number} of the transcript has no ws:// or wss:// "url"`);
    if (typeof data !== 'string') refuse(`Line ${number} of the transcript has no text "data"`);
    const clean = redactor.url(url);
    let connection = byUrl.get(clean);
    if (connection === undefined) {
      connection = {id: connections.length + 1, url: clean, frames: [], source: `transcript line ${number}`};
      byUrl.set(clean, connection);
      connections.push(connection);
    }
    connection.frames.push({
      index: connection.frames.length + 1,
      time: t,
      from: dir === 'send' ? 'client' : 'server',
      kind: 'text',
      data,
      source: `line ${number}`,
    });
  }
  if (connections.length === 0) refuse('The transcript has no lines');
  return finish('transcript', connections, [], redactor);
}

function headerList(value: unknown): {name: string; value: string}[] {
  return Array.isArray(value)
    ? value.flatMap((h) =>
        isObject(h) && typeof h.name === 'string' && typeof h.value === 'string'
          ? [{name: h.name, value: h.value}]
          : [],
      )
    : [];
}

function harTime(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function startedAt(entry: Record<string, unknown>): number | null {
  const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : NaN;
  return Number.isNaN(started) ? null : started / 1000;
}

function base64Size(data: string): number {
  const clean = data.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

function readHar(entries: unknown[], format: 'har' | 'zhar'): Capture {
  const redactor = new Redactor();
  const connections: CapturedConnection[] = [];
  const calls: CapturedCall[] = [];
  // Credentials first, so that every string kept afterwards can be cleaned.
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    for (const part of [entry.request, entry.response]) {
      if (!isObject(part)) continue;
      for (const header of headerList(part.headers)) redactor.addHeader(header.name, header.value);
      for (const cookie of headerList(part.cookies)) redactor.add(cookie.value);
      if (Array.isArray(part.queryString))
        for (const q of headerList(part.queryString)) if (TOKEN_PARAMETER.test(q.name)) redactor.add(q.value);
    }
  }
  entries.forEach((entry, at) => {
    const number = at + 1;
    if (!isObject(entry) || !isObject(entry.request) || typeof entry.request.url !== 'string')
      refuse(`Entry ${number} of the HAR file has no request URL`);
    const request = entry.request as Record<string, unknown>;
    const url = redactor.url(request.url as string);
    const messages = entry._webSocketMessages;
    if (entry._resourceType === 'websocket' || isWebSocketUrl(url) || Array.isArray(messages)) {
      if (messages !== undefined && !Array.isArray(messages))
        refuse(`Entry ${number} of the HAR file has _webSocketMessages that is not a list`);
      const frames: CapturedFrame[] = [];
      (messages ?? []).forEach((message: unknown, m: number) => {
        const where = `entry ${number}, message ${m + 1}`;
        if (!isObject(message)) refuse(`In the HAR file, ${where} is not an object`);
        const {type, opcode, data} = message;
        if (type !== 'send' && type !== 'receive' && type !== 'error')
          refuse(`In the HAR file, ${where} has a type that is not send, receive or error`);
        if (typeof data !== 'string') refuse(`In the HAR file, ${where} has no text "data"`);
        const binary = opcode === 2;
        frames.push({
          index: frames.length + 1,
          time: harTime(message.time),
          from: type === 'send' ? 'client' : 'server',
          kind: type === 'error' ? 'error' : binary ? 'binary' : 'text',
          data: binary ? `binary frame of ${base64Size(data)} bytes` : data,
          source: where,
        });
      });
      connections.push({id: connections.length + 1, url, frames, source: `HAR entry ${number}`});
      return;
    }
    const response = isObject(entry.response) ? entry.response : {};
    const postData = isObject(request.postData) ? request.postData : undefined;
    const content = isObject(response.content) ? response.content : undefined;
    calls.push({
      index: calls.length + 1,
      method: typeof request.method === 'string' ? request.method.toUpperCase() : 'GET',
      url,
      time: startedAt(entry),
      ...(postData !== undefined && typeof postData.text === 'string'
        ? {requestBody: {mimeType: String(postData.mimeType ?? ''), text: postData.text}}
        : {}),
      status: typeof response.status === 'number' ? response.status : 0,
      ...(content !== undefined && typeof content.text === 'string'
        ? {
            responseBody: {
              mimeType: String(content.mimeType ?? ''),
              text: content.text,
              binary: content.encoding === 'base64',
            },
          }
        : {}),
      source: `HAR entry ${number}`,
    });
  });
  if (connections.length === 0 && calls.length === 0) refuse('The HAR file has no entries');
  return finish(format, connections, calls, redactor);
}

function finish(
  format: Capture['format'],
  connections: CapturedConnection[],
  calls: CapturedCall[],
  redactor: Redactor,
): Capture {
  if (redactor.count > 0) {
    for (const connection of connections) {
      connection.url = redactor.clean(connection.url);
      for (const frame of connection.frames) frame.data = redactor.clean(frame.data);
    }
    for (const call of calls) {
      call.url = redactor.clean(call.url);
      if (call.requestBody !== undefined) call.requestBody.text = redactor.clean(call.requestBody.text);
      if (call.responseBody !== undefined) call.responseBody.text = redactor.clean(call.responseBody.text);
    }
  }
  return {format, connections, calls, redacted: redactor.count};
}
