import {describe, expect, it} from 'vitest';
import {
  curlCommand,
  readableQueryComponent,
  fillHosts,
  joinUrl,
  queryString,
  shellQuote,
} from '../../../src/components/Guide/curl';

const BASE = 'https://rest.host.test';

describe('curl examples', () => {
  it('builds a GET with the bearer token from the environment', () => {
    expect(curlCommand(BASE, {method: 'GET', path: '/api/instruments'})).toBe(
      [
        `curl -sS -X GET 'https://rest.host.test/api/instruments'`,
        `  -H "Authorization: Bearer $API_TOKEN"`,
        `  -H 'Accept: application/json'`,
      ].join(' \\\n'),
    );
  });

  it('adds a JSON body, quoted for the shell', () => {
    const cmd = curlCommand(BASE, {method: 'PATCH', path: '/api/transaction/t1', body: {note: "it's"}});
    expect(cmd).toContain(`-H 'Content-Type: application/json'`);
    expect(cmd).toContain(`--data-raw '{\n  "note": "it'\\''s"\n}'`);
  });

  it('encodes query values but keeps timestamps readable, repeating array parameters', () => {
    expect(queryString({from_datetime: '2026-11-20T00:00:00.000000Z', skip: 2})).toBe(
      '?from_datetime=2026-11-20T00:00:00.000000Z&skip=2',
    );
    expect(queryString({settlement_request_ids: ['a', 'b']})).toBe(
      '?settlement_request_ids=a&settlement_request_ids=b',
    );
    expect(queryString({reference: 'a b&c'})).toBe('?reference=a%20b%26c');
    expect(queryString(undefined)).toBe('');
    expect(readableQueryComponent('x/y:z')).toBe('x/y:z');
  });

  it('joins base URLs and paths with exactly one slash', () => {
    expect(joinUrl('https://h/', '/api')).toBe('https://h/api');
    expect(joinUrl('https://h', 'api')).toBe('https://h/api');
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });

  it('fills host placeholders and refuses a missing host', () => {
    expect(fillHosts("new WebSocket('{{WS_URL}}/ws/orders')", {ws: 'wss://w.test/'})).toBe(
      "new WebSocket('wss://w.test/ws/orders')",
    );
    expect(() => fillHosts('{{REST_URL}}/x', {ws: 'wss://w'})).toThrow(/REST/);
  });
});
