/**
 * The request builder's code generator: the same six snippets the build writes
 * with httpsnippet (plugins/api-reference/openapi/samples.ts), produced in the
 * browser from the reader's values. httpsnippet itself is not shipped (with qs,
 * stringify-object and a `url` polyfill it is about 35 KB compressed); this is
 * our own small re-implementation of the output of the six clients the site
 * uses, quirks included, so that the same request gives the same text.
 * tests/unit/builder/snippet.test.ts proves it against httpsnippet for every
 * operation, every language, the documents' examples and awkward values.
 *
 * Pure and dependency-free: it runs in the browser, in Node and in tests.
 */

import type {SampleRequest} from '@site/plugins/api-reference/openapi/samples';
import {withNeeds} from '@site/plugins/api-reference/client/sampleNeeds';
import {shellQuote} from '@site/plugins/api-reference/client/shell';
import {isObject} from '@site/plugins/api-reference/client/json';
import type {SampleLanguage} from '@site/plugins/api-reference/client/sampleLanguages';

/** The request to write out: SampleRequest of openapi/samples.ts, with any body value the reader typed. */
export type SnippetRequest = Omit<SampleRequest, 'body'> & {body?: {mediaType: string; value: unknown}};

type Headers = Record<string, string>;

interface Prepared {
  method: string;
  fullUrl: string;
  /** Headers in first-seen order, a repeated name keeping its last value. */
  headersObj: Headers;
  /** The cookie header (when there are cookies) first, then headersObj. */
  allHeaders: Headers;
  mimeType: string;
  text?: string;
  json?: unknown;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/** Percent-encodes UTF-8 bytes, keeping only A–Z a–z 0–9 - . _ ~ (RFC 3986 unreserved). */
export function encodeQueryComponent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    let c = value.charCodeAt(i);
    if (
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c === 0x2d ||
      c === 0x2e ||
      c === 0x5f ||
      c === 0x7e
    ) {
      out += value[i];
      continue;
    }
    const bytes: number[] = [];
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0xd800 || c >= 0xe000)
      bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else {
      // A surrogate pair (a lone surrogate is combined with whatever follows, as qs does).
      i += 1;
      c = 0x10000 + (((c & 0x3ff) << 10) | (value.charCodeAt(i) & 0x3ff));
      bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
    for (const byte of bytes) out += `%${(byte < 16 ? '0' : '') + byte.toString(16).toUpperCase()}`;
  }
  return out;
}

/** Characters Node's URL parser escapes in a path (encodeURIComponent leaves `'` alone). */
const AUTO_ESCAPED = /['{}|\\^`<>" \r\n\t]/g;

/** The request URL: path parameters encoded, query parameters grouped by name, RFC 3986-encoded. */
export function requestUrl(
  request: Pick<SnippetRequest, 'baseUrl' | 'path' | 'pathParams' | 'query'>,
): string {
  let path = request.path;
  for (const [name, value] of Object.entries(request.pathParams))
    path = path.split(`{${name}}`).join(encodeURIComponent(value));
  path = path.replace(AUTO_ESCAPED, (c) => encodeURIComponent(c).replace(/'/g, '%27'));
  const base = request.baseUrl.replace(/\/$/, '');
  const grouped = new Map<string, string[]>();
  for (const {name, value} of request.query) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  // Array.from, not a spread: the client build's Babel (loose mode) turns `[...map]` into `[map]`.
  const search = Array.from(grouped)
    .flatMap(([name, values]) =>
      values.map((v) => `${encodeQueryComponent(name)}=${encodeQueryComponent(v)}`),
    )
    .join('&');
  return `${base}${path.startsWith('/') ? '' : '/'}${path}${search === '' ? '' : `?${search}`}`;
}

function prepare(request: SnippetRequest): Prepared {
  const headersObj: Headers = {};
  for (const {name, value} of request.headers) headersObj[name] = value;
  const allHeaders: Headers = {};
  if (request.cookies.length > 0)
    allHeaders.cookie = request.cookies
      .map(({name, value}) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('; ');
  const prepared: Prepared = {
    method: request.method.toUpperCase(),
    fullUrl: requestUrl(request),
    headersObj,
    allHeaders,
    mimeType: 'application/octet-stream',
  };
  if (request.body !== undefined) {
    const {mediaType, value} = request.body;
    headersObj['Content-Type'] = mediaType;
    prepared.mimeType = mediaType;
    prepared.text = JSON_MEDIA.test(mediaType) || typeof value !== 'string' ? JSON.stringify(value) : value;
    if (['text/json', 'text/x-json', 'application/json', 'application/x-json'].includes(mediaType)) {
      prepared.mimeType = 'application/json';
      if (prepared.text !== '') {
        try {
          prepared.json = JSON.parse(prepared.text) as unknown;
        } catch {
          prepared.mimeType = 'text/plain';
        }
      }
    }
  }
  Object.assign(allHeaders, headersObj);
  return prepared;
}

/** A string's characters escaped for a double- or single-quoted literal (C-like languages). */
function escapeString(value: string, delimiter: string): string {
  let out = '';
  for (const c of value) {
    if (c === '\b') out += '\\b';
    else if (c === '\t') out += '\\t';
    else if (c === '\n') out += '\\n';
    else if (c === '\f') out += '\\f';
    else if (c === '\r') out += '\\r';
    else if (c === '\\') out += '\\\\';
    else if (c === delimiter) out += `\\${delimiter}`;
    else if (c < ' ' || c > '~') out += JSON.stringify(c).slice(1, -1);
    else out += c;
  }
  return out;
}

const quoted = (value: string): string => escapeString(value, '"');

function isJsonMime(mimeType: string): boolean {
  return ['application/json', 'application/x-json', 'text/json', 'text/x-json', '+json'].some((type) =>
    mimeType.includes(type),
  );
}

/** httpsnippet's curl quoting: a safe word stays bare. */
const quoteWord = (value: string): string => shellQuote(value, {onlyWhenNeeded: true});

function curl(p: Prepared): string {
  const lines = [`curl --request ${p.method}`, `--url ${quoteWord(p.fullUrl)}`];
  const encoding = Object.keys(p.allHeaders).find((name) => name.toLowerCase() === 'accept-encoding');
  if (encoding !== undefined && p.allHeaders[encoding] !== '') lines.push('--compressed');
  for (const key of Object.keys(p.headersObj).sort())
    lines.push(`--header ${quoteWord(`${key}: ${p.headersObj[key]}`)}`);
  if (p.allHeaders.cookie !== undefined) lines.push(`--cookie ${quoteWord(p.allHeaders.cookie)}`);
  if (p.text !== undefined && p.text !== '') {
    let built = false;
    if (isJsonMime(p.mimeType) && p.text.length > 20) {
      try {
        const pretty = JSON.stringify(JSON.parse(p.text), null, '  ');
        built = true;
        lines.push(p.text.indexOf("'") > 0 ? `--data @- <<EOF\n${pretty}\nEOF` : `--data '\n${pretty}\n'`);
      } catch {
        // Not JSON after all: sent as it is, below.
      }
    }
    if (!built) lines.push(`--data ${quoteWord(p.text)}`);
  }
  return lines.join(' \\\n  ');
}

function pythonLiteral(value: unknown, indent: string, level = 1): string {
  const block = (open: string, close: string, items: string[], pretty: boolean, spaced: boolean): string => {
    if (pretty)
      return `${open}\n${indent.repeat(level)}${items.join(`,\n${indent.repeat(level)}`)}\n${indent.repeat(level - 1)}${close}`;
    if (spaced && items.length > 0) return `${open} ${items.join(', ')} ${close}`;
    return `${open}${items.join(', ')}${close}`;
  };
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    let pretty = false;
    const items = value.map((item) => {
      if (isObject(item)) pretty = Object.keys(item).length > 1;
      return pythonLiteral(item, indent, level + 1);
    });
    return block('[', ']', items, pretty, false);
  }
  if (isObject(value)) {
    const items = Object.keys(value).map(
      (key) => `"${key}": ${pythonLiteral(value[key], indent, level + 1)}`,
    );
    return block('{', '}', items, items.length > 1, true);
  }
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === undefined) return '';
  return `"${String(value).replace(/"/g, '\\"')}"`;
}

const PYTHON_METHODS = ['HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function python(p: Prepared, indent: string): string {
  const lines = ['import requests', '', `url = "${p.fullUrl}"`, ''];
  let payload: 'json' | 'data' | null = null;
  if (p.mimeType === 'application/json') {
    if (p.json !== undefined && p.json !== null && p.json !== false && p.json !== 0 && p.json !== '') {
      lines.push(`payload = ${pythonLiteral(p.json, indent)}`);
      payload = 'json';
    }
  } else {
    const text = p.text === undefined ? undefined : JSON.stringify(p.text);
    if (text !== undefined) {
      lines.push(`payload = ${text}`);
      payload = 'data';
    }
  }
  const names = Object.keys(p.allHeaders);
  if (names.length === 0 && payload !== null) lines.push('');
  else if (names.length === 1)
    lines.push(`headers = {"${names[0]}": "${quoted(p.allHeaders[names[0] ?? ''] ?? '')}"}`, '');
  else if (names.length > 1) {
    lines.push('headers = {');
    names.forEach((name, i) =>
      lines.push(
        `${indent}"${name}": "${quoted(p.allHeaders[name] ?? '')}"${i < names.length - 1 ? ',' : ''}`,
      ),
    );
    lines.push('}', '');
  }
  let call = PYTHON_METHODS.includes(p.method)
    ? `response = requests.${p.method.toLowerCase()}(url`
    : `response = requests.request("${p.method}", url`;
  if (payload !== null) call += payload === 'json' ? ', json=payload' : ', data=payload';
  if (names.length > 0) call += ', headers=headers';
  lines.push(`${call})`, '', 'print(response.text)');
  return lines.join('\n');
}

/* JavaScript object literals as the fetch snippet writes them: inline up to 80 characters, else one entry a line. */
const NEW_LINE = '@@__STRINGIFY_OBJECT_NEW_LINE__@@';
const NEW_LINE_OR_SPACE = '@@__STRINGIFY_OBJECT_NEW_LINE_OR_SPACE__@@';
const PAD = '@@__STRINGIFY_OBJECT_PAD__@@';
const INDENT = '@@__STRINGIFY_OBJECT_INDENT__@@';

function fit(block: string, pad: string, indent: string): string {
  const one = block
    .split(NEW_LINE)
    .join('')
    .split(NEW_LINE_OR_SPACE)
    .join(' ')
    .split(PAD)
    .join('')
    .split(INDENT)
    .join('');
  if (one.length <= 80) return one;
  return block
    .split(NEW_LINE)
    .join('\n')
    .split(NEW_LINE_OR_SPACE)
    .join('\n')
    .split(PAD)
    .join(pad)
    .split(INDENT)
    .join(pad + indent);
}

function jsString(value: string): string {
  return `'${value.replace(/[\r\n]/g, (c) => (c === '\n' ? '\\n' : '\\r')).replace(/\\?'/g, "\\'")}'`;
}

function jsLiteral(
  value: unknown,
  indent: string,
  pad: string,
  wrap: (key: string | number, text: string) => string,
): string {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const body = value
      .map((item, i) => {
        const eol = i === value.length - 1 ? NEW_LINE : `,${NEW_LINE_OR_SPACE}`;
        return INDENT + wrap(i, jsLiteral(item, indent, pad + indent, wrap)) + eol;
      })
      .join('');
    return fit(`[${NEW_LINE}${body}${PAD}]`, pad, indent);
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    const body = keys
      .map((key, i) => {
        const eol = i === keys.length - 1 ? NEW_LINE : `,${NEW_LINE_OR_SPACE}`;
        const name = /^[a-z$_][a-z$_0-9]*$/i.test(key) ? key : jsString(key);
        return `${INDENT}${name}: ${wrap(key, jsLiteral(value[key], indent, pad + indent, wrap))}${eol}`;
      })
      .join('');
    return fit(`{${NEW_LINE}${body}${PAD}}`, pad, indent);
  }
  return jsString(String(value));
}

function javascript(p: Prepared, indent: string): string {
  const options: Record<string, unknown> = {method: p.method};
  if (Object.keys(p.allHeaders).length > 0) options.headers = p.allHeaders;
  if (p.mimeType === 'application/json') {
    if (p.json !== undefined && p.json !== null && p.json !== false && p.json !== 0 && p.json !== '')
      options.body = p.json;
  } else if (p.text !== undefined && p.text !== '') options.body = p.text;
  // The body is kept readable as a literal and wrapped in JSON.stringify (at any depth, as httpsnippet does).
  const wrap = (key: string | number, text: string): string =>
    key === 'body' && p.mimeType === 'application/json' ? `JSON.stringify(${text})` : text;
  return [
    `const options = ${jsLiteral(options, indent, '', wrap)};`,
    '',
    `fetch('${p.fullUrl}', options)`,
    `${indent}.then(response => response.json())`,
    `${indent}.then(response => console.log(response))`,
    `${indent}.catch(err => console.error(err));`,
  ].join('\n');
}

function go(p: Prepared): string {
  const hasBody = p.text !== undefined && p.text !== '';
  const lines = ['package main', '', 'import (', '\t"fmt"'];
  if (hasBody) lines.push('\t"strings"');
  lines.push('\t"net/http"', '\t"io"', ')', '', 'func main() {', '', `\turl := "${p.fullUrl}"`, '');
  if (hasBody) {
    lines.push(`\tpayload := strings.NewReader(${JSON.stringify(p.text)})`, '');
    lines.push(`\treq, _ := http.NewRequest("${p.method}", url, payload)`, '');
  } else lines.push(`\treq, _ := http.NewRequest("${p.method}", url, nil)`, '');
  const names = Object.keys(p.allHeaders);
  if (names.length > 0) {
    for (const name of names)
      lines.push(`\treq.Header.Add("${name}", "${quoted(p.allHeaders[name] ?? '')}")`);
    lines.push('');
  }
  lines.push(
    '\tres, _ := http.DefaultClient.Do(req)',
    '',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '',
    '\tfmt.Println(string(body))',
    '',
    '}',
  );
  return lines.join('\n');
}

function java(p: Prepared, indent: string): string {
  const i2 = indent.repeat(2);
  const lines = ['HttpRequest request = HttpRequest.newBuilder()', `${i2}.uri(URI.create("${p.fullUrl}"))`];
  for (const name of Object.keys(p.allHeaders))
    lines.push(`${i2}.header("${name}", "${quoted(p.allHeaders[name] ?? '')}")`);
  lines.push(
    p.text !== undefined && p.text !== ''
      ? `${i2}.method("${p.method}", HttpRequest.BodyPublishers.ofString(${JSON.stringify(p.text)}))`
      : `${i2}.method("${p.method}", HttpRequest.BodyPublishers.noBody())`,
    `${i2}.build();`,
    'HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.body());',
  );
  return lines.join('\n');
}

const CSHARP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'];

function csharp(p: Prepared, indent: string): string {
  const at = (level: number, line: string): string => indent.repeat(level) + line;
  const lines = ['using System.Net.Http.Headers;'];
  const names = Object.keys(p.allHeaders);
  const encodings = names
    .filter((name) => name.toLowerCase() === 'accept-encoding')
    .slice(0, 1)
    .flatMap((name) => (p.allHeaders[name] ?? '').split(','))
    .flatMap((encoding) => {
      const match = /\s*([^;\s]+)/.exec(encoding)?.[1];
      return match === 'gzip'
        ? ['DecompressionMethods.GZip']
        : match === 'deflate'
          ? ['DecompressionMethods.Deflate']
          : [];
    });
  const cookies = p.allHeaders.cookie !== undefined && p.allHeaders.cookie !== '';
  let handler = '';
  if (cookies || encodings.length > 0) {
    handler = 'clientHandler';
    lines.push('var clientHandler = new HttpClientHandler', '{');
    if (cookies) lines.push(at(1, 'UseCookies = false,'));
    if (encodings.length > 0) lines.push(at(1, `AutomaticDecompression = ${encodings.join(' | ')},`));
    lines.push('};');
  }
  const method = CSHARP_METHODS.includes(p.method)
    ? `HttpMethod.${p.method[0] ?? ''}${p.method.substring(1).toLowerCase()}`
    : `new HttpMethod("${p.method}")`;
  lines.push(
    `var client = new HttpClient(${handler});`,
    'var request = new HttpRequestMessage',
    '{',
    at(1, `Method = ${method},`),
    at(1, `RequestUri = new Uri("${p.fullUrl}"),`),
  );
  const sent = names.filter(
    (name) => !['content-type', 'content-length', 'accept-encoding'].includes(name.toLowerCase()),
  );
  if (sent.length > 0) {
    lines.push(at(1, 'Headers ='), at(1, '{'));
    for (const name of sent) lines.push(at(2, `{ "${name}", "${quoted(p.allHeaders[name] ?? '')}" },`));
    lines.push(at(1, '},'));
  }
  if (p.text !== undefined && p.text !== '') {
    lines.push(
      at(1, `Content = new StringContent(${JSON.stringify(p.text)})`),
      at(1, '{'),
      at(2, 'Headers ='),
      at(2, '{'),
      at(3, `ContentType = new MediaTypeHeaderValue("${p.mimeType}")`),
      at(2, '}'),
      at(1, '}'),
    );
  }
  lines.push(
    '};',
    'using (var response = await client.SendAsync(request))',
    '{',
    at(1, 'response.EnsureSuccessStatusCode();'),
    at(1, 'var body = await response.Content.ReadAsStringAsync();'),
    at(1, 'Console.WriteLine(body);'),
    '}',
  );
  return lines.join('\n');
}

/**
 * The request as code in one language, with the options the build uses
 * (two-space indentation). Form-encoded and multipart bodies are not written
 * (the site's documents have none): callers get null and say so.
 */
export function requestSnippet(
  request: SnippetRequest,
  language: SampleLanguage,
  indent = '  ',
): string | null {
  const media = request.body?.mediaType ?? '';
  if (media === 'application/x-www-form-urlencoded' || media.startsWith('multipart/')) return null;
  const p = prepare(request);
  switch (language) {
    case 'curl':
      return curl(p);
    case 'python':
      return python(p, indent);
    case 'javascript':
      return javascript(p, indent);
    case 'go':
      return go(p);
    case 'java':
      return withNeeds('java', java(p, indent));
    case 'csharp':
      return withNeeds('csharp', csharp(p, indent));
    default:
      return null;
  }
}
