/**
 * Code samples for one operation, generated at build time with httpsnippet
 * (a maintained snippet library; it never runs in the browser). Each sample
 * calls the default (first) server with the operation's required parameters,
 * its example body and the credentials its security scheme asks for.
 */
import {HTTPSnippet, type HarRequest} from '@readme/httpsnippet';
import {asObject, type Json, type JsonObject} from '../document';
import {findScheme} from '../security';
import type {CodeSample, SecurityRequirementView} from '../types';
import {isJsonMedia} from './media';
import {withNeeds} from '../client/sampleNeeds';
import {SAMPLE_LANGUAGES, type SampleLanguage} from '../client/sampleLanguages';

/** The httpsnippet target and client that write each sample language. */
const HTTPSNIPPET_CLIENTS = {
  curl: {target: 'shell', client: 'curl'},
  python: {target: 'python', client: 'requests'},
  javascript: {target: 'javascript', client: 'fetch'},
  go: {target: 'go', client: 'native'},
  java: {target: 'java', client: 'nethttp'},
  csharp: {target: 'csharp', client: 'httpclient'},
} as const satisfies Record<SampleLanguage, {target: string; client: string}>;

/** The site's sample languages (client/sampleLanguages.ts), each with the httpsnippet client that writes it. */
export const SAMPLE_TARGETS = SAMPLE_LANGUAGES.map((l) => ({...l, ...HTTPSNIPPET_CLIENTS[l.language]}));

export interface SampleRequest {
  method: string;
  /** Absolute URL of the server. */
  baseUrl: string;
  path: string;
  pathParams: Record<string, string>;
  query: {name: string; value: string}[];
  headers: {name: string; value: string}[];
  cookies: {name: string; value: string}[];
  body?: {mediaType: string; value: Json};
}

/** Headers, query parameters or cookies that carry the credentials of the first security alternative. */
export function credentials(
  doc: Json,
  security: SecurityRequirementView[] | undefined,
): Pick<SampleRequest, 'headers' | 'query' | 'cookies'> {
  const out: Pick<SampleRequest, 'headers' | 'query' | 'cookies'> = {headers: [], query: [], cookies: []};
  const first = security?.[0];
  for (const {key} of first?.schemes ?? []) {
    const scheme: JsonObject = findScheme(doc, key) ?? {};
    const type = scheme.type;
    if (type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      out.headers.push({name: 'Authorization', value: 'Basic <base64 of user:password>'});
    } else if (type === 'http' || type === 'oauth2' || type === 'openIdConnect') {
      out.headers.push({name: 'Authorization', value: 'Bearer <token>'});
    } else if (type === 'apiKey') {
      const name = String(scheme.name ?? 'api_key');
      const entry = {name, value: '<api key>'};
      if (scheme.in === 'query') out.query.push(entry);
      else if (scheme.in === 'cookie') out.cookies.push(entry);
      else out.headers.push(entry);
    }
  }
  return out;
}

function toHar(request: SampleRequest): HarRequest {
  let path = request.path;
  for (const [name, value] of Object.entries(request.pathParams))
    path = path.split(`{${name}}`).join(encodeURIComponent(value));
  const url = `${request.baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
  const headers = [...request.headers];
  // HarRequest's typing demands postData, but httpsnippet only reads it when a body exists.
  const har = {
    method: request.method.toUpperCase(),
    url,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: request.query,
    cookies: request.cookies,
    headersSize: -1,
    bodySize: -1,
  } as unknown as HarRequest;
  if (request.body !== undefined) {
    const {mediaType, value} = request.body;
    headers.push({name: 'Content-Type', value: mediaType});
    if (
      mediaType === 'application/x-www-form-urlencoded' &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value)
    ) {
      har.postData = {
        mimeType: mediaType,
        params: Object.entries(asObject(value)).map(([name, v]) => ({
          name,
          value: typeof v === 'string' ? v : JSON.stringify(v),
        })),
      };
    } else {
      har.postData = {
        mimeType: mediaType,
        text: isJsonMedia(mediaType) || typeof value !== 'string' ? JSON.stringify(value) : value,
      };
    }
  }
  return har;
}

export function buildSamples(request: SampleRequest): CodeSample[] {
  const snippet = new HTTPSnippet(toHar(request));
  return SAMPLE_TARGETS.flatMap(({language, label, prism, target, client}) => {
    const result = snippet.convert(target, client, {indent: '  '});
    const code = Array.isArray(result) ? result[0] : result;
    return typeof code === 'string' ? [{language, label, prism, code: withNeeds(language, code)}] : [];
  });
}
