/**
 * What a reader says they use, read into one list of requests: lines pasted (operationIds,
 * message names, `METHOD /path`), a Postman collection (v2.0 or v2.1) or a HAR file (its REST calls
 * and its WebSocket sessions). Everything is read here, in the browser; nothing is sent.
 *
 * Credentials never reach what is shown: a HAR is read by the session checker's reader, which
 * drops headers and redacts tokens on load; a collection's headers, auth and variables are fed to
 * the same redactor, and every URL kept is cleaned by it. Headers are never kept.
 */
import {isObject} from '@site/plugins/api-reference/client/json';
import {readCapture, Redactor, TOKEN_PARAMETER, type Capture} from '@site/plugins/session-check/client/read';
import type {RequestSegment} from '@site/plugins/api-reference/client/pathMatch';
import {requestSegments} from '@site/plugins/api-reference/client/pathMatch';

/** A name pasted: an operationId, a message name, or `channel/message`. */
export interface NameRequest {
  kind: 'name';
  source: string;
  name: string;
}

/** A REST call: from a collection, a HAR, or a pasted `METHOD /path`. */
export interface CallRequest {
  kind: 'call';
  source: string;
  method: string;
  /** As shown to the reader: credentials redacted, variables as written. */
  shown: string;
  /** The host, or null when it is a variable (`{{baseUrl}}`) or not given. */
  host: string | null;
  /** What stood for the host when it is a variable (`{{baseUrl}}`). */
  hostVariable?: string;
  segments: RequestSegment[];
  /** Collection variables read as their values in the path (names only: values are never shown). */
  resolved?: string[];
}

/** A frame of a WebSocket session: who sent it and the names of its top-level members. */
export interface SessionFrame {
  index: number;
  from: 'client' | 'server';
  /** Top-level member names of a JSON object frame; null when the frame is not a JSON object. */
  members: string[] | null;
}

export interface SessionRequest {
  kind: 'session';
  source: string;
  /** As shown: token parameters redacted. */
  shown: string;
  host: string | null;
  path: string;
  frames: SessionFrame[];
}

export type IntegrationRequest = NameRequest | CallRequest | SessionRequest;

export interface ReadInput {
  format: 'list' | 'postman-2.0' | 'postman-2.1' | 'har';
  requests: IntegrationRequest[];
  /** How many credential values were found and taken out. */
  redacted: number;
}

/** Input the filter cannot read: said to the reader as it is. */
export class InputRefused extends Error {
  override readonly name = 'InputRefused';
}

export const ACCEPTED_FILES =
  'a Postman collection (v2.0 or v2.1, exported as JSON) or a HAR file (also mitmproxy’s .zhar or the session checker’s transcript)';

const METHODS = /^(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE|QUERY)$/i;

/** Splits a URL (or a Postman raw URL, which may start with `{{baseUrl}}`) into host and path. */
function splitUrl(raw: string): {host: string | null; hostVariable?: string; path: string} {
  const noQuery = raw.replace(/[?#].*$/, '').trim();
  const variable = /^(\{\{[^{}]+\}\})(.*)$/.exec(noQuery);
  if (variable?.[1] !== undefined) return {host: null, hostVariable: variable[1], path: variable[2] ?? ''};
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/([^/]*)(.*)$/i.exec(noQuery);
  if (absolute !== null) return {host: absolute[1] ?? '', path: absolute[2] ?? ''};
  if (noQuery.startsWith('/')) return {host: null, path: noQuery};
  // `api.example.com/api/orders` (a collection may leave the scheme out).
  const slash = noQuery.indexOf('/');
  return slash < 0 ? {host: noQuery, path: ''} : {host: noQuery.slice(0, slash), path: noQuery.slice(slash)};
}

// ------------------------------------------------------------------- pasted

/** Lines pasted: one name or `METHOD /path` each; commas, semicolons and spaces also separate names. */
export function readList(text: string): ReadInput {
  const requests: IntegrationRequest[] = [];
  const redactor = new Redactor();
  text.split(/\r?\n/).forEach((rawLine, i) => {
    const line = rawLine.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') return;
    const source = `line ${i + 1}`;
    const call = /^([A-Za-z]+)\s+(\S+)$/.exec(line);
    if (call?.[1] !== undefined && call[2] !== undefined && METHODS.test(call[1])) {
      const shown = redactor.url(call[2]);
      const {host, hostVariable, path} = splitUrl(shown);
      requests.push({
        kind: 'call',
        source,
        method: call[1].toUpperCase(),
        shown: `${call[1].toUpperCase()} ${shown}`,
        host,
        ...(hostVariable !== undefined ? {hostVariable} : {}),
        segments: requestSegments(path),
      });
      return;
    }
    for (const name of line.split(/[\s,;]+/)) if (name !== '') requests.push({kind: 'name', source, name});
  });
  return {format: 'list', requests, redacted: redactor.count};
}

// ------------------------------------------------------------------- Postman

type Obj = Record<string, unknown>;

function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (isObject(value)) for (const v of Object.values(value)) strings(v, into);
  return into;
}

/** The values of a Postman auth block (v2.0: `{bearer: {token}}`; v2.1: `{bearer: [{key, value}]}`). */
function authValues(auth: unknown): string[] {
  if (!isObject(auth)) return [];
  return Object.entries(auth)
    .filter(([key]) => key !== 'type')
    .flatMap(([, block]) =>
      Array.isArray(block)
        ? block.flatMap((entry) => (isObject(entry) ? strings(entry.value) : strings(entry)))
        : strings(block),
    );
}

function keyValues(list: unknown): Array<{key: string; value: string}> {
  return Array.isArray(list)
    ? list.flatMap((entry) =>
        isObject(entry) && typeof entry.key === 'string'
          ? [
              {
                key: entry.key,
                value: typeof entry.value === 'string' ? entry.value : String(entry.value ?? ''),
              },
            ]
          : [],
      )
    : [];
}

function pathPart(part: unknown): string {
  if (typeof part === 'string') return part;
  // v2.0 and v2.1 allow `{type, value}` objects in a path.
  if (isObject(part) && typeof part.value === 'string') return part.value;
  return '';
}

interface PostmanUrl {
  raw: string;
  host: string | null;
  hostVariable?: string;
  path: string;
}

function postmanUrl(url: unknown): PostmanUrl | null {
  if (typeof url === 'string') return {raw: url, ...splitUrl(url)};
  if (!isObject(url)) return null;
  const raw = typeof url.raw === 'string' ? url.raw : '';
  if (url.path === undefined && url.host === undefined) return raw === '' ? null : {raw, ...splitUrl(raw)};
  const hostText = Array.isArray(url.host) ? url.host.map(pathPart).join('.') : pathPart(url.host);
  const pathText = Array.isArray(url.path) ? `/${url.path.map(pathPart).join('/')}` : pathPart(url.path);
  const path = pathText === '' || pathText.startsWith('/') ? pathText : `/${pathText}`;
  const variable = /^\{\{[^{}]+\}\}$/.test(hostText);
  return {
    raw: raw !== '' ? raw : `${hostText}${path}`,
    host: variable || hostText === '' ? null : hostText.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''),
    ...(variable ? {hostVariable: hostText} : {}),
    path,
  };
}

/** Reads a Postman collection, v2.0 or v2.1; a v1 collection is refused with what to do. */
export function readPostman(collection: Obj): ReadInput {
  const info = isObject(collection.info) ? collection.info : {};
  const schema = typeof info.schema === 'string' ? info.schema : '';
  if (Array.isArray(collection.requests) && !Array.isArray(collection.item))
    throw new InputRefused(
      'This is a Postman collection in the v1 format. Export it from Postman as Collection v2.1 and drop that file.',
    );
  if (!Array.isArray(collection.item))
    throw new InputRefused(`The collection has no "item" list. Accepted: ${ACCEPTED_FILES}.`);
  const format = /v2\.0/.test(schema) ? 'postman-2.0' : 'postman-2.1';
  const redactor = new Redactor();
  const variables = keyValues(collection.variable);
  // Credentials first, so that every string kept afterwards can be cleaned.
  for (const value of authValues(collection.auth)) redactor.add(value);
  for (const v of variables)
    if (TOKEN_PARAMETER.test(v.key) || /token|secret|password/i.test(v.key)) redactor.add(v.value);
  const visit = (
    items: unknown[],
    visitor: (item: Obj, folders: string[]) => void,
    folders: string[],
  ): void => {
    for (const item of items) {
      if (!isObject(item)) continue;
      if (Array.isArray(item.item))
        visit(item.item, visitor, [...folders, typeof item.name === 'string' ? item.name : '(folder)']);
      else visitor(item, folders);
    }
  };
  visit(
    collection.item,
    (item) => {
      for (const value of authValues(item.auth)) redactor.add(value);
      const request = isObject(item.request) ? item.request : {};
      for (const value of authValues(request.auth)) redactor.add(value);
      for (const header of keyValues(request.header)) redactor.addHeader(header.key, header.value);
      if (isObject(request.url))
        for (const q of keyValues(request.url.query)) if (TOKEN_PARAMETER.test(q.key)) redactor.add(q.value);
    },
    [],
  );
  const usable = new Map(
    variables
      .filter((v) => v.value !== '' && !v.value.includes('/') && !TOKEN_PARAMETER.test(v.key))
      .map((v) => [v.key, v.value]),
  );
  const requests: IntegrationRequest[] = [];
  visit(
    collection.item,
    (item, folders) => {
      const name = redactor.clean(typeof item.name === 'string' ? item.name : '(unnamed request)');
      const source = [...folders.map((f) => redactor.clean(f)), name].join(' › ');
      const request = item.request;
      const url = postmanUrl(isObject(request) ? request.url : request);
      if (url === null) {
        requests.push({kind: 'call', source, method: '', shown: '(no URL)', host: null, segments: []});
        return;
      }
      const method =
        isObject(request) && typeof request.method === 'string' ? request.method.toUpperCase() : 'GET';
      const resolved: string[] = [];
      const segments = requestSegments(url.path).map((segment): RequestSegment => {
        if (segment.kind !== 'variable') return segment;
        // `{{apiVersion}}` with a collection value is that value; `:id` stays a placeholder.
        const value = usable.get(segment.name);
        const written = `{{${segment.name}}}`;
        if (value === undefined || !url.path.includes(written)) return segment;
        resolved.push(written);
        return {kind: 'value', text: value};
      });
      requests.push({
        kind: 'call',
        source,
        method,
        shown: `${method} ${redactor.clean(redactor.url(url.raw))}`,
        host: url.host,
        ...(url.hostVariable !== undefined ? {hostVariable: url.hostVariable} : {}),
        segments,
        ...(resolved.length > 0 ? {resolved} : {}),
      });
    },
    [],
  );
  if (requests.length === 0) throw new InputRefused('The collection has no requests.');
  return {format, requests, redacted: redactor.count};
}

// ------------------------------------------------------------------- HAR

function members(data: string): string[] | null {
  try {
    const value: unknown = JSON.parse(data);
    return isObject(value) ? Object.keys(value) : null;
  } catch {
    return null;
  }
}

/** A capture read by the session checker's reader (credentials already taken out) as requests. */
export function fromCapture(capture: Capture): ReadInput {
  const requests: IntegrationRequest[] = [];
  for (const call of capture.calls) {
    const {host, path} = splitUrl(call.url);
    requests.push({
      kind: 'call',
      source: call.source,
      method: call.method,
      shown: `${call.method} ${call.url}`,
      host,
      segments: requestSegments(path),
    });
  }
  for (const connection of capture.connections) {
    const {host, path} = splitUrl(connection.url);
    requests.push({
      kind: 'session',
      source: connection.source,
      shown: connection.url,
      host,
      path,
      frames: connection.frames
        .filter((f) => f.kind === 'text')
        .map((f) => ({index: f.index, from: f.from, members: members(f.data)})),
    });
  }
  return {format: 'har', requests, redacted: capture.redacted};
}

/** A dropped or picked file: a Postman collection, else whatever the session checker's reader takes. */
export async function readFile(bytes: Uint8Array): Promise<ReadInput> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    parsed = undefined;
  }
  if (isObject(parsed) && !isObject(parsed.log) && (isObject(parsed.info) || Array.isArray(parsed.requests)))
    return readPostman(parsed);
  try {
    return fromCapture(await readCapture(bytes));
  } catch (error) {
    throw new InputRefused(
      `This file cannot be read: ${(error as Error).message.replace(/\. Accepted: .*$/s, '')}. Accepted: ${ACCEPTED_FILES}.`,
    );
  }
}
