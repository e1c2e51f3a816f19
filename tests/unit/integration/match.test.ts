/**
 * The integration filter's readers and matcher on the product's documents: a pasted list, Postman
 * collections v2.0 and v2.1 ({{baseUrl}}, `:param`, a collection variable in the path), a HAR with
 * REST calls and WebSocket sessions; unmatched and ambiguous requests listed; a concrete path
 * winning over a templated one; no credential in anything shown.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {matchPath, requestSegments} from '../../../plugins/api-reference/client/pathMatch';
import {buildCatalogue, type Catalogue} from '../../../src/components/VersionHistory/Integration/catalogue';
import {
  InputRefused,
  readFile,
  readList,
  readPostman,
  type ReadInput,
} from '../../../src/components/VersionHistory/Integration/inputs';
import {matchAll, selectionOf, type Outcome} from '../../../src/components/VersionHistory/Integration/match';
import {fixture, fixtureText, sessionModel, threeReleases} from './helpers';

let catalogue: Catalogue;

beforeAll(async () => {
  catalogue = buildCatalogue(await sessionModel(), await threeReleases());
}, 60_000);

function shown(outcome: Outcome): string {
  return outcome.request.kind === 'name' ? outcome.request.name : outcome.request.shown;
}

function byShown(outcomes: Outcome[], text: string): Outcome {
  const found = outcomes.find((o) => shown(o).includes(text));
  if (found === undefined) throw new Error(`no request shows ${text}: ${outcomes.map(shown).join(' | ')}`);
  return found;
}

/** Everything a reader sees of an input's outcomes, as one string. */
function visible(input: ReadInput, outcomes: Outcome[]): string {
  return JSON.stringify({
    requests: input.requests.map((r) => ('shown' in r ? r.shown : r.name)),
    outcomes: outcomes.map((o) => [shown(o), o.request.source, o.matched, o.why]),
  });
}

describe('the shared path matcher (OpenAPI rules)', () => {
  const ops = [
    {method: 'GET', path: '/api/orders/sequence'},
    {method: 'GET', path: '/api/orders/{order_id}'},
    {method: 'GET', path: '/api/{collection}/bulk'},
    {method: 'POST', path: '/api/orders/bulk'},
    {method: 'GET', path: '/files/{name}.json'},
  ];

  it('a concrete path wins over a templated one', () => {
    const found = matchPath(ops, 'GET', '/api/orders/sequence');
    expect(found.status).toBe('matched');
    expect(found.best.map((m) => m.operation.path)).toEqual(['/api/orders/sequence']);
    expect(found.paths.map((m) => m.operation.path)).toContain('/api/orders/{order_id}');
  });

  it('equally concrete templates are ambiguous, every candidate given', () => {
    const found = matchPath(ops, 'GET', '/api/orders/bulk');
    expect(found.status).toBe('ambiguous');
    expect(found.best.map((m) => m.operation.path).sort()).toEqual([
      '/api/orders/{order_id}',
      '/api/{collection}/bulk',
    ]);
  });

  it('`:param`, `{{var}}` and `{param}` are placeholders: they fill a template, never a literal segment', () => {
    for (const placeholder of [':id', '{{orderId}}', '{order_id}']) {
      const found = matchPath(ops, 'GET', `/api/orders/${placeholder}`);
      expect(found.status, placeholder).toBe('matched');
      expect(found.best[0]?.operation.path).toBe('/api/orders/{order_id}');
    }
    expect(requestSegments('/api/:id/{{x}}/{y}/z/')).toEqual([
      {kind: 'value', text: 'api'},
      {kind: 'variable', name: 'id'},
      {kind: 'variable', name: 'x'},
      {kind: 'variable', name: 'y'},
      {kind: 'value', text: 'z'},
    ]);
  });

  it('sets a server prefix aside, reads values decoded, and a segment that mixes text and a parameter', () => {
    const found = matchPath(ops, 'GET', '/v1/api/orders/a%2Fb', ['/v1']);
    expect(found.best[0]).toMatchObject({prefix: '/v1', params: {order_id: 'a/b'}});
    expect(matchPath(ops, 'GET', '/files/report.json').best[0]?.params).toEqual({name: 'report'});
  });

  it('a documented path with another method is said to be, an unknown path is unmatched', () => {
    expect(matchPath(ops, 'DELETE', '/api/orders/sequence').status).toBe('method');
    expect(matchPath(ops, 'GET', '/nothing/here').status).toBe('unmatched');
  });
});

describe('a pasted list', () => {
  it('matches operationIds, message names (on every channel that carries them), channel/message and METHOD /path; lists what matches nothing', () => {
    const input = readList(fixtureText('list.txt'));
    const outcomes = matchAll(input.requests, catalogue);
    expect(outcomes.map((o) => [shown(o), o.status])).toEqual([
      ['createBulkOrder', 'matched'],
      ['listOrders', 'matched'],
      ['getSettlementRequest', 'matched'],
      ['orders/new_order', 'matched'],
      ['trade', 'matched'],
      ['GET /api/transactions', 'matched'],
      ['noSuchOperation', 'unmatched'],
    ]);
    expect(byShown(outcomes, 'trade').uses).toEqual(['ws:trades/trade']);
    expect(byShown(outcomes, 'GET /api/transactions').uses).toEqual(['rest:listTransactions']);
    expect(byShown(outcomes, 'noSuchOperation').why[0]).toMatch(
      /no operation .* and no message is named `noSuchOperation`/,
    );
    const everywhere = matchAll(readList('channel_subscription_confirmation').requests, catalogue)[0];
    expect(everywhere?.uses).toEqual([
      'ws:prices/channel_subscription_confirmation',
      'ws:orders/channel_subscription_confirmation',
      'ws:trades/channel_subscription_confirmation',
    ]);
    expect(everywhere?.why.join()).toMatch(/carried on 3 channels/);
  });

  it('an operation the current documents lack is matched from the history, and said to be', () => {
    const [positions] = matchAll(readList('GET /api/positions').requests, catalogue);
    expect(positions).toMatchObject({status: 'matched', uses: ['rest:getPositions']});
    expect(positions?.matched[0]).toMatch(/no longer in the current documents/);
  });

  it('a name that differs only in case is matched and the difference said', () => {
    const [o] = matchAll(readList('LISTORDERS').requests, catalogue);
    expect(o).toMatchObject({status: 'matched', uses: ['rest:listOrders']});
    expect(o?.why[0]).toMatch(/only in case/);
  });
});

describe('Postman collections', () => {
  it('v2.1: {{baseUrl}} set aside, `:bulk_order_id` fills its template, a concrete path wins, unmatched and wrong-method requests listed', async () => {
    const input = await readFile(fixture('postman-v2.1.json'));
    expect(input.format).toBe('postman-2.1');
    const outcomes = matchAll(input.requests, catalogue);
    const bulk = byShown(outcomes, '/api/orders/bulk/:bulk_order_id');
    expect(bulk).toMatchObject({status: 'matched', uses: ['rest:getBulkOrder']});
    expect(bulk.request.source).toBe('Orders › Get a bulk order');
    expect(bulk.why.join('; ')).toContain('host `{{baseUrl}}` set aside (a variable)');
    expect(bulk.why.join('; ')).toContain('`:bulk_order_id` is the placeholder for `{bulk_order_id}`');
    expect(byShown(outcomes, '/status').uses).toEqual(['rest:getBulkOrderStatus']);
    expect(byShown(outcomes, '/api/orders/sequence').uses).toEqual(['rest:listOrdersBySequence']);
    expect(byShown(outcomes, '/api/portfolio')).toMatchObject({status: 'unmatched', uses: []});
    const wrong = byShown(outcomes, 'DELETE');
    expect(wrong.status).toBe('unmatched');
    expect(wrong.why.join()).toMatch(/`\/api\/instruments` is documented for GET, not DELETE/);
  });

  it('v2.0: a raw string URL, a {{variable}} host and segment, and a bare string request', async () => {
    const input = await readFile(fixture('postman-v2.0.json'));
    expect(input.format).toBe('postman-2.0');
    const outcomes = matchAll(input.requests, catalogue);
    expect(outcomes.map((o) => [o.request.source, o.status, o.uses])).toEqual([
      ['Settlement request detail', 'matched', ['rest:getSettlementRequest']],
      ['Map a transaction', 'matched', ['rest:mapTransaction']],
      ['Instruments', 'matched', ['rest:listInstruments']],
    ]);
    expect(byShown(outcomes, '/api/transaction/').why.join()).toContain(
      'host `api.example.com` set aside (a documented server)',
    );
  });

  it('shows no token: auth blocks, Authorization and Cookie headers, token query parameters and credential variables', async () => {
    for (const name of ['postman-v2.1.json', 'postman-v2.0.json']) {
      const input = await readFile(fixture(name));
      const text = visible(input, matchAll(input.requests, catalogue));
      expect(input.redacted, name).toBeGreaterThan(0);
      for (const secret of [
        'collection-secret',
        'header-secret-token',
        'query-secret-token',
        'variable-secret-value',
        'v2-0-secret-token',
        'cookie-secret-value',
      ])
        expect(text, `${name} shows ${secret}`).not.toContain(secret);
    }
    const input = await readFile(fixture('postman-v2.1.json'));
    expect(visible(input, [])).toContain('access_token=[redacted]');
  });

  it('a collection variable that is a path segment is read as its value, without showing it', () => {
    const input = readPostman({
      info: {schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
      variable: [{key: 'prefix', value: 'api'}],
      item: [{name: 'x', request: {method: 'GET', url: '{{baseUrl}}/{{prefix}}/instruments'}}],
    });
    const [o] = matchAll(input.requests, catalogue);
    expect(o).toMatchObject({status: 'matched', uses: ['rest:listInstruments']});
    expect(o?.why.join()).toContain('`{{prefix}}` read as the collection’s value');
  });

  it('a v1 collection and a file that is neither are refused with what to do', async () => {
    expect(() => readPostman({info: {name: 'old'}, requests: [], order: []})).toThrow(
      /v1 format.*Collection v2\.1/,
    );
    await expect(readFile(new TextEncoder().encode('{"hello": 1}'))).rejects.toThrow(InputRefused);
    await expect(readFile(new TextEncoder().encode('{"hello": 1}'))).rejects.toThrow(
      /Postman collection .* or a HAR file/,
    );
  });
});

describe('a HAR file', () => {
  it('REST calls by method and path; WebSocket sessions by address (or their subscription) and by the names of their frames', async () => {
    const input = await readFile(fixture('session.har'));
    expect(input.format).toBe('har');
    const outcomes = matchAll(input.requests, catalogue);
    expect(outcomes.map((o) => [o.status, o.uses])).toEqual([
      ['matched', ['rest:listOrders']],
      ['matched', ['rest:listOrdersBySequence']],
      ['matched', ['rest:getSettlementRequestStatus']],
      ['unmatched', []],
      [
        'matched',
        [
          'ws:orders/subscribe_order_channel',
          'ws:orders/channel_subscription_confirmation',
          'ws:orders/new_order',
          'ws:orders/order_status',
        ],
      ],
      ['matched', ['ws:trades/subscribe_trade_channel', 'ws:trades/trade']],
    ]);
    const orders = byShown(outcomes, '/ws/orders');
    expect(orders.why.join('; ')).toContain('address `/ws/orders` is channel `orders`’s');
    expect(orders.why.join('; ')).toMatch(
      /1 frame named no message: frame 5 \(members `unexpected_member`\)/,
    );
    expect(orders.why.join('; ')).toMatch(/not in this capture, so not selected: .*`order_execution`/);
    const trades = byShown(outcomes, '/ws/trades-feed');
    expect(trades.why.join('; ')).toMatch(/is not published; its first frame subscribes channel `trades`/);
    expect(byShown(outcomes, 'unknown-endpoint').why.join()).toMatch(/no path template fits/);
    expect(selectionOf(outcomes)).toContain('ws:trades/trade');
  });

  it('shows no token: the Authorization header, cookies and token query parameters are gone', async () => {
    const input = await readFile(fixture('session.har'));
    const text = visible(input, matchAll(input.requests, catalogue));
    expect(input.redacted).toBeGreaterThan(0);
    for (const secret of [
      'har-rest-secret-token',
      'har-ws-secret-token',
      'har-cookie-secret',
      'har-query-secret',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('token=[redacted]');
  });
});
