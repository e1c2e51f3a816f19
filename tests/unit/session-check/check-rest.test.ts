/**
 * REST calls in a HAR, on the edges rest.har does not reach: query values read as the types the
 * documents give them (numbers, booleans, repeated lists), request and response bodies that are
 * not JSON or not checked, a URL that cannot be read, and (on a copy of the session model) a
 * status an operation does not list, a status range, and the servers' path prefixes (variables, relative URLs).
 */
import {describe, expect, it} from 'vitest';
import {serverPrefixes, type CallVerdict} from '@site/plugins/session-check/client/check';
import {failureLines} from '@site/plugins/session-check/client/report';
import type {CheckEnvironment} from '@site/plugins/session-check/client/types';
import {sessionChecker} from './helpers';
import {judge} from './sessions';

const API = 'https://api.example.com';
const RANGE = 'from_datetime=2025-06-01T00:00:00.000000Z&to_datetime=2025-06-02T00:00:00.000000Z';

interface Call {
  method?: string;
  url: string;
  body?: string;
  status?: number;
  response?: string;
  base64?: boolean;
}

function har(...calls: Call[]): string {
  const entries = calls.map((c) => ({
    request: {
      method: c.method ?? 'GET',
      url: c.url,
      ...(c.body !== undefined ? {postData: {mimeType: 'application/json', text: c.body}} : {}),
    },
    ...(c.status !== undefined
      ? {
          response: {
            status: c.status,
            content: {
              mimeType: 'application/json',
              ...(c.response !== undefined ? {text: c.response} : {}),
              ...(c.base64 === true ? {encoding: 'base64'} : {}),
            },
          },
        }
      : {}),
  }));
  return JSON.stringify({log: {entries}});
}

const verdicts = (calls: CallVerdict[]): [string | null, string, string[]][] =>
  calls.map((c) => [
    c.operation ?? null,
    c.verdict,
    c.problems.map((p) => `${p.part}${p.pointer === '' ? '' : ` ${p.pointer}`}: ${p.message}`),
  ]);

const ORDERS_PAGE = '{"orders":[],"more":false}';

describe('REST calls: query parameters read as their types', () => {
  it('numbers: an empty or a non-numeric value stays text and fails as not an integer; a fraction is no integer', async () => {
    const report = await judge(
      har(
        {url: `${API}/api/orders?${RANGE}&limit=10&skip=0`, status: 200, response: ORDERS_PAGE},
        {url: `${API}/api/orders?${RANGE}&limit=&skip=ten`, status: 200, response: ORDERS_PAGE},
        {url: `${API}/api/orders/sequence?seq_number=1.5&limit=10`, status: 200, response: ORDERS_PAGE},
      ),
    );
    expect(verdicts(report.calls)).toEqual([
      ['listOrders', 'valid', []],
      [
        'listOrders',
        'invalid',
        [
          'query /limit: must be an integer (it is a string)',
          'query /skip: must be an integer (it is a string)',
        ],
      ],
      [
        'listOrdersBySequence',
        'invalid',
        ['query /seq_number: must be an integer (it is a number with a fraction)'],
      ],
    ]);
    expect(report.calls[1]?.problems.map((p) => p.value)).toEqual(['""', '"ten"']);
  });

  it('booleans are true or false only; a repeated list parameter is one list, its items checked together', async () => {
    const report = await judge(
      har(
        {
          url: `${API}/api/transactions?${RANGE}&sender_only=true&receiver_only=false&settlement_request_ids=SR-1&settlement_request_ids=SR-2`,
        },
        {
          url: `${API}/api/transactions?${RANGE}&sender_only=yes&settlement_request_ids=SR-1&settlement_request_ids=SR-1`,
        },
      ),
    );
    expect(verdicts(report.calls)).toEqual([
      ['listTransactions', 'valid', []],
      [
        'listTransactions',
        'invalid',
        [
          'query /settlement_request_ids: must not contain duplicates (items 0 and 1 are equal)',
          'query /sender_only: must be true or false (it is a string)',
        ],
      ],
    ]);
    // No response recorded: the calls have status 0, and no status is judged.
    expect(report.calls.map((c) => c.status)).toEqual([0, 0]);
  });
});

describe('REST calls: bodies', () => {
  it('a request body that is not JSON fails as such; an empty one is not checked; a JSON one is validated', async () => {
    const report = await judge(
      har(
        {method: 'POST', url: `${API}/api/orders/bulk`, body: 'new_bulk_order=1'},
        {method: 'POST', url: `${API}/api/orders/bulk`, body: '  \n'},
        {method: 'POST', url: `${API}/api/orders/bulk`, body: '{}'},
      ),
    );
    expect(report.calls.map((c) => [c.verdict, c.problems.map((p) => [p.part, p.link])])).toEqual([
      ['invalid', [['body', '/rest#createBulkOrder']]],
      ['valid', []],
      ['invalid', [['body', '/rest#createBulkOrder']]],
    ]);
    expect(report.calls[0]?.problems[0]?.message).toMatch(/^is not JSON \(/);
    expect(report.calls[2]?.problems[0]?.message).toBe('must have the required property "new_bulk_order"');
  });

  it('a response body that is not JSON fails; an empty or base64 (binary) one is not checked', async () => {
    const report = await judge(
      har(
        {url: `${API}/api/instruments`, status: 200, response: '<html>Bad gateway</html>'},
        {url: `${API}/api/instruments`, status: 200, response: ''},
        {url: `${API}/api/instruments`, status: 200, response: 'eyJ4IjoxfQ==', base64: true},
      ),
    );
    expect(report.calls.map((c) => [c.verdict, c.problems.map((p) => p.part)])).toEqual([
      ['invalid', ['response']],
      ['valid', []],
      ['valid', []],
    ]);
    expect(report.calls[0]?.problems[0]?.message).toMatch(/^the response body is not JSON \(/);
    expect(failureLines(report)).toEqual([
      expect.stringMatching(
        /^call 1 \(HAR entry 1\) GET https:\/\/api\.example\.com\/api\/instruments → 200: response: the response body is not JSON \(.*\) \[\/rest#listInstruments\]$/,
      ),
    ]);
  });

  it('a call whose URL cannot be read is left unmatched, not failed', async () => {
    const report = await judge(har({url: 'https://api example.com/api/instruments', status: 200}));
    expect(verdicts(report.calls)).toEqual([[null, 'unmatched', []]]);
    expect(report.ok).toBe(true);
  });
});

describe('REST calls on a changed session model', () => {
  async function changed(edit: (env: CheckEnvironment) => void): Promise<CheckEnvironment> {
    const checker = await sessionChecker();
    const env = {...checker, model: structuredClone(checker.model)};
    edit(env);
    return env;
  }

  it('a status an operation does not list, when it has no default, fails with the listed ones', async () => {
    const env = await changed(({model}) => {
      const op = model.operations.find((o) => o.id === 'getBulkOrder');
      if (op !== undefined) op.responses = op.responses.filter((r) => r.status !== 'default');
    });
    const report = await judge(har({url: `${API}/api/orders/bulk/BULK-1`, status: 500, response: '{}'}), env);
    expect(verdicts(report.calls)).toEqual([
      ['getBulkOrder', 'invalid', ['status: status 500 is not among the listed responses (200, 404, 422)']],
    ]);
  });

  it('a range such as 2XX answers for every status it covers, and its body is checked', async () => {
    const env = await changed(({model}) => {
      const op = model.operations.find((o) => o.id === 'listInstruments');
      const ok = op?.responses.find((r) => r.status === '200');
      if (op !== undefined && ok !== undefined) op.responses = [{...ok, status: '2XX'}];
    });
    const report = await judge(
      har(
        {url: `${API}/api/instruments`, status: 203, response: '{"instrument_list":[]}'},
        {url: `${API}/api/instruments`, status: 203, response: '{"instruments":[]}'},
        {url: `${API}/api/instruments`, status: 304},
      ),
      env,
    );
    expect(report.calls.map((c) => [c.verdict, c.problems.map((p) => p.part)])).toEqual([
      ['valid', []],
      ['invalid', ['response']],
      ['invalid', ['status']],
    ]);
    expect(report.calls[1]?.problems[0]?.message).toBe('must have the required property "instrument_list"');
    expect(report.calls[2]?.problems[0]?.message).toBe('status 304 is not among the listed responses (2XX)');
  });

  it("a server's path prefix is set aside on its own host, variables matching any value; a relative server's on any host", async () => {
    const url = `${API}/trading/api/instruments`;
    const verdictWith = async (servers: string[], at = url): Promise<unknown> => {
      const env = await changed(({model}) => {
        model.restServers = servers;
      });
      return verdicts((await judge(har({url: at}), env)).calls);
    };
    const valid = [['listInstruments', 'valid', []]];
    const unmatched = [[null, 'unmatched', []]];
    expect(await verdictWith(['https://api.example.com/trading'])).toEqual(valid);
    expect(await verdictWith(['https://{region}.example.com/trading'])).toEqual(valid);
    expect(await verdictWith(['https://api.example.com/{basePath}'])).toEqual(valid);
    expect(await verdictWith(['/trading'])).toEqual(valid);
    expect(await verdictWith(['/trading'], 'https://other.example.com/trading/api/instruments')).toEqual(
      valid,
    );
    // Another host, a port the call did not use, another prefix: the path is matched whole.
    expect(
      await verdictWith(
        ['https://api.example.com/trading'],
        'https://other.example.com/trading/api/instruments',
      ),
    ).toEqual(unmatched);
    expect(await verdictWith(['https://api.example.com:{port}/trading'])).toEqual(unmatched);
    expect(await verdictWith(['/v2'])).toEqual(unmatched);
  });

  it('serverPrefixes: each server the URL is on, with the prefix as the call wrote it', () => {
    const url = new URL('https://eu.example.com:8443/v1/eu/orders');
    expect(
      serverPrefixes(
        [
          'https://{region}.example.com:{port}/v1/{area}',
          'https://eu.example.com/v1',
          'https://eu.example.com:8443/v1/',
          '/v1',
          '/v10',
          'https://us.example.com/v1',
          'not a url',
          '',
        ],
        url,
      ),
    ).toEqual(['/v1/eu', '/v1', '/v1']);
    // A dot in a server URL is a dot, not any character.
    expect(
      serverPrefixes(['https://eu.example.com/v1.2'], new URL('https://eu.example.com/v1x2/orders')),
    ).toEqual([]);
  });

  it('a path parameter the operation does not declare is read as text', async () => {
    const env = await changed(({model}) => {
      const op = model.operations.find((o) => o.id === 'getBulkOrderStatus');
      if (op !== undefined) op.parameters = [];
    });
    const report = await judge(har({url: `${API}/api/orders/bulk/12345/status`}), env);
    expect(verdicts(report.calls)).toEqual([['getBulkOrderStatus', 'valid', []]]);
  });
});
