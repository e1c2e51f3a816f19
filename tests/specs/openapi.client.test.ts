/**
 * An integrator can build a correct client from specs/openapi.yaml:
 * - openapi-typescript generates types that a small typed client compiles against with
 *   `tsc --strict` (and that reject wrong values, see helpers/openapi-client-source.ts);
 * - a Prism mock server built from the document accepts every request example (2xx) and
 *   refuses invalid requests (4xx).
 */
import {execFile} from 'node:child_process';
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {promisify} from 'node:util';
import openapiTS, {astToString} from 'openapi-typescript';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLIENT_SOURCE} from './helpers/openapi-client-source';
import {OPENAPI_PATH, loadOpenApi} from './helpers/openapi-document';
import {startPrism, type MockServer} from './helpers/openapi-prism';
import {exampleRequests, listOperations, queryString, type ExampleRequest} from './helpers/openapi-requests';
import {TSC_PATH} from '../../scripts/shared/typescript';

const run = promisify(execFile);
const doc = loadOpenApi();
const TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhcGktdXNlciJ9.c2lnbmF0dXJl';
const REQUEST_TIMEOUT_MS = 10_000;

describe('generated TypeScript types', () => {
  let folder = '';

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'openapi-client-'));
  });

  afterAll(async () => {
    if (folder) await rm(folder, {recursive: true, force: true});
  });

  it('compile with a typed client under tsc --strict', async () => {
    const ast = await openapiTS(pathToFileURL(OPENAPI_PATH));
    const types = astToString(ast);
    expect(types).toContain('export interface paths');
    await writeFile(join(folder, 'schema.ts'), types);
    await writeFile(join(folder, 'client.ts'), CLIENT_SOURCE);

    const args = [
      '--strict',
      '--noEmit',
      '--noUncheckedIndexedAccess',
      '--target',
      'ES2022',
      '--module',
      'ESNext',
      '--moduleResolution',
      'Bundler',
      '--lib',
      'ES2022,DOM',
      '--skipLibCheck',
      'client.ts',
    ];
    const result = await run(process.execPath, [TSC_PATH, ...args], {cwd: folder, timeout: 60_000}).then(
      () => ({ok: true, output: ''}),
      (error: {stdout?: string; stderr?: string; message: string}) => ({
        ok: false,
        output: `${error.stdout ?? ''}${error.stderr ?? error.message}`,
      }),
    );
    expect(result.ok, `tsc reported:\n${result.output}`).toBe(true);
  }, 90_000);
});

describe('Prism mock server built from the document', () => {
  let server: MockServer | undefined;
  const requests = exampleRequests(doc);

  beforeAll(async () => {
    server = await startPrism(OPENAPI_PATH);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  async function send(
    request: Pick<ExampleRequest, 'method' | 'url' | 'body'>,
    authorised = true,
  ): Promise<{status: number; text: string}> {
    if (!server) throw new Error('Prism is not running');
    const headers: Record<string, string> = {Accept: 'application/json, text/plain'};
    if (authorised) headers.Authorization = `Bearer ${TOKEN}`;
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(server.baseUrl + request.url, {
      method: request.method.toUpperCase(),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return {status: response.status, text: await response.text()};
  }

  const failureDetails = (text: string): string =>
    `${text}\n--- Prism log (tail) ---\n${server?.log().slice(-3000) ?? ''}`;

  it('builds a request for each of the 14 operations, with every request-body example', () => {
    const operationIds = new Set(requests.map((r) => r.operationId));
    expect(operationIds.size).toBe(14);
    expect(operationIds).toEqual(new Set(listOperations(doc).map((o) => o.operationId)));
    expect(requests.filter((r) => r.body !== undefined).length).toBeGreaterThanOrEqual(3);
  });

  it.each(requests.map((r) => [r.label, r] as const))('answers 2xx to %s', async (_label, request) => {
    const {status, text} = await send(request);
    expect(
      status,
      failureDetails(`${request.method.toUpperCase()} ${request.url} -> ${status}: ${text}`),
    ).toBeGreaterThanOrEqual(200);
    expect(
      status,
      failureDetails(`${request.method.toUpperCase()} ${request.url} -> ${status}: ${text}`),
    ).toBeLessThan(300);
  });

  const range = [
    ['from_datetime', '2026-11-20T00:00:00.000000Z'],
    ['to_datetime', '2026-11-20T23:59:59.999999Z'],
  ] as const;
  const bulkOrder = (instrument: string, amount: Record<string, string>): ExampleRequest['body'] => ({
    new_bulk_order: {order_type: 'BULK_MARKET', orders: [{order_ref: 'r1', instrument, side: 'BUY', amount}]},
  });

  const invalid: [label: string, request: Pick<ExampleRequest, 'method' | 'url' | 'body'>][] = [
    [
      'a bad instrument in the query',
      {method: 'get', url: `/api/orders${queryString([...range, ['instrument', 'btc-eur']])}`},
    ],
    [
      'a bad instrument tenor in the body',
      {method: 'post', url: '/api/orders/bulk', body: bulkOrder('BTC-EUR/1M', {leg_1_amount: '1'})},
    ],
    [
      'an amount with both legs',
      {
        method: 'post',
        url: '/api/orders/bulk',
        body: bulkOrder('BTC-EUR', {leg_1_amount: '1', leg_2_amount: '2'}),
      },
    ],
    ['a missing required from_datetime', {method: 'get', url: `/api/orders${queryString([range[1]])}`}],
    ['a missing required seq_number', {method: 'get', url: '/api/orders/sequence?limit=100'}],
    ['a limit below 10', {method: 'get', url: `/api/transactions${queryString([...range, ['limit', 9]])}`}],
    [
      'a settlement request with duplicate trade ids',
      {
        method: 'post',
        url: '/api/settlement-request',
        body: {
          client_settlement_request_id: 'c1',
          trade_ids: ['t1', 't1'],
          request_amounts: [{currency: 'BTC', from_address: 'a', to_address: 'b', amount: '1'}],
        },
      },
    ],
  ];

  it.each(invalid)('answers 4xx to %s', async (_label, request) => {
    const {status, text} = await send(request);
    expect(
      [400, 422],
      failureDetails(`${request.method.toUpperCase()} ${request.url} -> ${status}: ${text}`),
    ).toContain(status);
  });

  it('answers 401 without a bearer token', async () => {
    const {status} = await send({method: 'get', url: '/api/instruments'}, false);
    expect(status).toBe(401);
  });
});
