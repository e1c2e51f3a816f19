import {describe, expect, it} from 'vitest';
import {
  classify,
  extractPage,
  isContentId,
  readableSegment,
  type PageRecord,
} from '../../../plugins/search-index/extract';
import {GUIDE, NO_INDEX, REDIRECT, REST, WS} from './fixtures';

function byAnchor(records: PageRecord[], anchor: string): PageRecord {
  const record = records.find((r) => r.a === anchor);
  if (record === undefined)
    throw new Error(`no record for #${anchor}: ${records.map((r) => r.a).join(', ')}`);
  return record;
}

describe('extractPage: guide headings', () => {
  const extracted = extractPage(GUIDE);
  const records = extracted?.records ?? [];

  it('takes the page title from the h1 and the text before the first heading as the page record', () => {
    expect(extracted?.title).toBe('Authentication');
    expect(records[0]).toEqual({
      k: 'page',
      a: '',
      t: 'Authentication',
      c: '',
      n: [],
      x: 'Both APIs use a bearer token.',
    });
  });

  it('makes one section per heading with an id, text running to the next heading with an id', () => {
    expect(records.filter((r) => r.k === 'section').map((r) => r.a)).toEqual([
      'getting-a-token',
      'token-lifetime',
      'error-handling',
    ]);
    const token = byAnchor(records, 'getting-a-token');
    expect(token.t).toBe('Getting a token');
    expect(token.x).toBe('Write to api@example.com ; a 401 means the token must be replaced.');
  });

  it('keeps a heading without id (and its text) inside the section above it', () => {
    const lifetime = byAnchor(records, 'token-lifetime');
    expect(lifetime.c).toBe('Getting a token');
    expect(lifetime.x).toContain('No id here');
    expect(lifetime.x).toContain('Text under a heading without id stays in the section above.');
  });

  it('skips hash links, code blocks, breadcrumbs, tables of contents, pagination, navbar and footer', () => {
    const all = JSON.stringify(records);
    expect(all).not.toContain('\u200b');
    expect(all).not.toContain('Direct link');
    expect(all).not.toContain('SECRET_IN_CODE_BLOCK');
    expect(all).not.toContain('On this page');
    expect(all).not.toContain('Previous Introduction');
    expect(all).not.toContain('Copyright');
    expect(all).not.toContain('Skip to main content');
    expect(all).not.toContain('Home');
  });

  it('makes an error-catalogue row an error record named by its code, in its section', () => {
    const row = byAnchor(records, 'error-AmountTooAccurate');
    expect(row).toMatchObject({
      k: 'error',
      t: 'AmountTooAccurate',
      n: ['AmountTooAccurate'],
      c: 'Error handling',
    });
    expect(row.x).toBe('HTTP 422 The amount has more decimals than accepted. getBulkOrder');
    // The row's text is its own, not the section's.
    expect(byAnchor(records, 'error-handling').x).toBe('');
  });
});

describe('extractPage: reference anchors', () => {
  const records = extractPage(REST)?.records ?? [];

  it('recognises an operation by its endpoint line and names it by operationId, path and method + path', () => {
    const op = byAnchor(records, 'createBulkOrder');
    expect(op).toMatchObject({
      k: 'operation',
      t: 'Place a bulk market order',
      c: 'POST /api/orders/bulk',
      n: ['createBulkOrder', '/api/orders/bulk', 'POST /api/orders/bulk'],
    });
    expect(op.x).toMatch(/^POST \/api\/orders\/bulk deprecated Places 1–999 orders at once\./);
    expect(byAnchor(records, 'getBulkOrder').n).toContain('/api/orders/bulk/{bulk_order_id}');
  });

  it('makes every field its own record, without the text of the fields nested in it', () => {
    const outer = byAnchor(records, 'createBulkOrder.request.new_bulk_order');
    expect(outer).toMatchObject({k: 'field', t: 'new_bulk_order', n: ['new_bulk_order']});
    expect(outer.x).not.toContain('counter leg');
    const field = byAnchor(records, 'createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision');
    expect(field).toMatchObject({
      k: 'field',
      t: 'counter_leg_precision',
      n: ['counter_leg_precision'],
      c: 'Place a bulk market order › request body › new_bulk_order › orders[]',
      x: 'integer Optional number of decimals of the counter leg. From 0 to 99',
    });
  });

  it('classifies parameter rows and responses, titling a response by its summary', () => {
    expect(byAnchor(records, 'createBulkOrder.header.X-Trace')).toMatchObject({k: 'parameter', t: 'X-Trace'});
    const response = byAnchor(records, 'createBulkOrder.response-202');
    expect(response).toMatchObject({
      k: 'response',
      t: '202 Accepted for execution.',
      c: 'Place a bulk market order',
    });
    expect(byAnchor(records, 'createBulkOrder.response-202.bulk_order_id').c).toBe(
      'Place a bulk market order › 202 response',
    );
  });

  it('leaves forms, code blocks and React-generated ids out', () => {
    const all = JSON.stringify(records);
    expect(all).not.toContain('Validate a payload');
    expect(all).not.toContain('"counter_leg_precision": 2');
    expect(records.some((r) => r.a === ':r1:')).toBe(false);
  });

  it('puts the operation text (description, "Parameters", "Responses") in the operation, not in the tag', () => {
    expect(byAnchor(records, 'tag-orders')).toMatchObject({k: 'section', x: 'Bulk orders and history.'});
  });
});

describe('extractPage: WebSocket anchors', () => {
  const records = extractPage(WS)?.records ?? [];

  it('recognises channels and messages (a heading with fields below it)', () => {
    expect(byAnchor(records, 'channel-prices')).toMatchObject({k: 'channel', n: ['prices', 'Prices']});
    expect(byAnchor(records, 'price_subscription_error')).toMatchObject({
      k: 'message',
      n: ['price_subscription_error'],
      c: 'Prices',
    });
    expect(byAnchor(records, 'price_subscription_error.rejection_list')).toMatchObject({
      k: 'field',
      c: 'price_subscription_error',
    });
  });

  it('drops a message repeated under a second channel when the page has it on its own', () => {
    expect(records.some((r) => r.a === 'channel-orders.price_subscription_error')).toBe(false);
  });
});

describe('extractPage: pages that are not indexed', () => {
  it('skips redirect stubs and noindex pages', () => {
    expect(extractPage(REDIRECT)).toBeUndefined();
    expect(extractPage(NO_INDEX)).toBeUndefined();
  });

  it('caps long texts at a word boundary', () => {
    const long = `<main><h1>Long</h1><p>${'word '.repeat(100)}</p></main>`;
    const [top] = extractPage(long, {maxSectionText: 50, maxElementText: 10})?.records ?? [];
    expect(top?.x.length).toBeLessThanOrEqual(51);
    expect(top?.x).toMatch(/^(word )+word…$/);
  });
});

describe('classify', () => {
  it('follows the anchor scheme', () => {
    const base = {level: 0, signature: false, hasFields: false};
    expect(classify({...base, id: 'error-AmountTooLow'})).toBe('error');
    expect(classify({...base, id: 'error-bodies', level: 2})).toBe('section');
    expect(classify({...base, id: 'error-body-error', level: 3, hasFields: true})).toBe('section');
    expect(classify({...base, id: 'error-body-error.timestamp'})).toBe('field');
    expect(classify({...base, id: 'channel-prices', level: 2})).toBe('channel');
    expect(classify({...base, id: 'channel-prices.price_update', level: 3})).toBe('message');
    expect(classify({...base, id: 'tag-orders', level: 2})).toBe('section');
    expect(classify({...base, id: 'op.response-404'})).toBe('response');
    expect(classify({...base, id: 'op.request'})).toBe('response');
    expect(classify({...base, id: 'op.query.limit'})).toBe('parameter');
    expect(classify({...base, id: 'op.request.query'})).toBe('field');
    expect(classify({...base, id: 'op.response-200.orders[].order_id'})).toBe('field');
    expect(classify({...base, id: 'listOrders', level: 3, signature: true})).toBe('operation');
    expect(classify({...base, id: 'price_update', level: 3, hasFields: true})).toBe('message');
    expect(classify({...base, id: 'servers', level: 2, hasFields: true})).toBe('section');
    expect(classify({...base, id: 'why-encrypt', level: 2})).toBe('section');
  });

  it('reads path segments as words and tells content ids from generated ones', () => {
    expect(readableSegment('response-422')).toBe('422 response');
    expect(readableSegment('request')).toBe('request body');
    expect(readableSegment('query')).toBe('query parameters');
    expect(readableSegment('orders[]')).toBe('orders[]');
    expect(isContentId('createBulkOrder')).toBe(true);
    expect(isContentId('__docusaurus_skipToContent_fallback')).toBe(false);
    expect(isContentId(':r5:')).toBe(false);
    expect(isContentId('«r5»')).toBe(false);
  });
});
