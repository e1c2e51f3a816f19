/**
 * Builds the shell commands shown in guide examples. Pure (no React, no
 * Docusaurus) so the exact text is unit-tested; the host is always passed in,
 * never written here.
 */
import {shellQuote} from '@site/plugins/api-reference/client/shell';

export {shellQuote};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query parameter value; an array repeats the parameter (form style, exploded). */
export type QueryValue = string | number | boolean | readonly (string | number)[];

export interface RequestSpec {
  method: HttpMethod;
  /** Concrete path, e.g. `/api/settlement-requests/stl_9c4e2d71b3`. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  /** JSON request body. */
  body?: unknown;
}

/** Environment variable the examples read the bearer token from. */
export const TOKEN_VARIABLE = 'API_TOKEN';

/**
 * Percent-encodes a query component but leaves `:` and `/` readable (both are
 * allowed in a query by RFC 3986), so timestamps stay legible in a guide. (The
 * request builder's `encodeQueryComponent`, RequestBuilder/snippet.ts, encodes
 * every byte but the unreserved ones, as httpsnippet's samples do.)
 */
export function readableQueryComponent(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2F/gi, '/');
}

export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (query === undefined) return '';
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value as string | number | boolean];
    for (const v of values)
      pairs.push(`${readableQueryComponent(name)}=${readableQueryComponent(String(v))}`);
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The curl command for a request against `baseUrl`, authenticated with the bearer token. */
export function curlCommand(baseUrl: string, spec: RequestSpec): string {
  const url = joinUrl(baseUrl, spec.path) + queryString(spec.query);
  const lines = [
    `curl -sS -X ${spec.method} ${shellQuote(url)}`,
    `  -H "Authorization: Bearer $${TOKEN_VARIABLE}"`,
    `  -H 'Accept: application/json'`,
  ];
  if (spec.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  --data-raw ${shellQuote(JSON.stringify(spec.body, null, 2))}`);
  }
  return lines.join(' \\\n');
}

/** Replaces `{{REST_URL}}` and `{{WS_URL}}` placeholders in a snippet. */
export function fillHosts(code: string, hosts: {rest?: string; ws?: string}): string {
  return code.replace(/\{\{(REST|WS)_URL\}\}/g, (match, which: string) => {
    const value = which === 'REST' ? hosts.rest : hosts.ws;
    if (value === undefined) throw new Error(`No ${which} host is available for the placeholder ${match}.`);
    return value.replace(/\/+$/, '');
  });
}
