/**
 * The diff's classification, checked on fixture pairs made from the product's
 * own documents by one edit each in code: every common change once, with the
 * verdict a reader needs (breaking or not, in words, on the right operation or
 * message). The engine (redocly diff) really runs.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {diffDocuments, requiredBump, type Api, type Change} from '../../../plugins/releases/diff';
import type {JsonObject} from '../../../plugins/api-reference/document';

const ROOT = path.resolve(__dirname, '../../..');
// The fixtures' objects are edited freely in code; typed loosely on purpose (documents are untyped YAML).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
type Doc = any;

function load(file: 'openapi' | 'asyncapi'): Doc {
  return parse(readFileSync(path.join(ROOT, 'specs', `${file}.yaml`), 'utf8'));
}

async function diffAfter(api: Api, edit: (doc: Doc) => void): Promise<Change[]> {
  const base = load(api === 'rest' ? 'openapi' : 'asyncapi') as JsonObject;
  const revision = structuredClone(base) as Doc;
  edit(revision);
  return diffDocuments(api, base, revision as JsonObject);
}

const breaking = (changes: Change[]): Change[] => changes.filter((c) => c.breaking);

describe('diff classification (fixtures from the product documents)', () => {
  it('same documents: no changes', async () => {
    expect(await diffAfter('rest', () => undefined)).toEqual([]);
  });

  it('an added operation is added and not breaking', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.paths['/api/ping'] = {
        get: {operationId: 'ping', summary: 'Ping', responses: {'204': {description: 'Alive.'}}},
      };
    });
    const added = changes.filter((c) => c.subject.key === 'ping');
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((c) => c.subjectChange === 'added' && !c.breaking)).toBe(true);
    expect(breaking(changes)).toEqual([]);
    expect(requiredBump(changes)).toBe('minor');
  });

  it('a removed operation is removed and breaking', async () => {
    const changes = await diffAfter('rest', (doc) => {
      delete doc.paths['/api/orders'].get;
    });
    const removed = changes.find((c) => c.subject.key === 'listOrders' && c.subjectChange === 'removed');
    expect(removed?.breaking).toBe(true);
    expect(removed?.text).toMatch(/calls to it will fail/);
    expect(requiredBump(changes)).toBe('major');
  });

  it('an added required query parameter is breaking, in words', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.paths['/api/orders'].get.parameters.unshift({
        name: 'account_id',
        in: 'query',
        required: true,
        schema: {type: 'string'},
      });
    });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      breaking: true,
      item: 'query parameter `account_id`',
      anchors: ['listOrders.query.account_id', 'listOrders'],
      pointer: '/paths/~1api~1orders/get/parameters/query:account_id',
    });
    expect(changes[0]?.text).toBe(
      'A required query parameter `account_id` was added: requests without it are refused',
    );
  });

  it('an added optional query parameter is not breaking', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.paths['/api/orders'].get.parameters.push({name: 'note', in: 'query', schema: {type: 'string'}});
    });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      breaking: false,
      impact: 'minor',
      text: 'An optional query parameter `note` was added',
    });
  });

  it('a parameter removed from the middle of a list is one removal, not a rename of the next one', async () => {
    const changes = await diffAfter('rest', (doc) => {
      const params = doc.paths['/api/orders'].get.parameters as unknown[];
      params.splice(2, 1);
    });
    const base = load('openapi');
    const removedRef = String(base.paths['/api/orders'].get.parameters[2].$ref ?? '');
    const removedName = String(
      removedRef === ''
        ? base.paths['/api/orders'].get.parameters[2].name
        : base.components.parameters[removedRef.split('/').pop() ?? ''].name,
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]?.breaking).toBe(true);
    expect(changes[0]?.text).toContain(`parameter \`${removedName}\` was removed`);
    expect(changes.some((c) => /renamed/.test(c.text))).toBe(false);
  });

  it('an enum value removed from a request parameter is breaking', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.components.parameters.SideQuery.schema = {...doc.components.schemas.Side, enum: ['BUY']};
    });
    const inRequest = breaking(changes).find(
      (c) => c.subject.key === 'listOrders' && /parameter/.test(c.item ?? ''),
    );
    expect(inRequest?.text).toMatch(
      /Query parameter `side`: value `SELL` removed: requests that send a removed value are refused/,
    );
  });

  it('a narrowed maxLength of a request parameter is breaking', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.components.parameters.OrderRefQuery.schema = {...doc.components.schemas.OrderRef, maxLength: 50};
    });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      breaking: true,
      subject: {key: 'listOrders'},
      item: 'query parameter `order_ref`',
    });
    expect(changes[0]?.text).toBe(
      'Query parameter `order_ref`: `maxLength` changed from `100` to `50`: requests that were valid before may now be refused',
    );
  });

  it('a removed response field is breaking', async () => {
    const changes = await diffAfter('rest', (doc) => {
      const schema = doc.components.schemas.TransactionListResponse;
      delete schema.properties.pagination;
      schema.required = ['transaction_history'];
    });
    const removed = breaking(changes).find((c) => c.item === 'field `pagination` of the 200 response');
    expect(removed?.text).toMatch(/clients that read it will no longer find it/);
    expect(removed?.anchors[0]).toBe(`${removed?.subject.key}.response-200.pagination`);
  });

  it('an enum value added to a message the server sends is breaking', async () => {
    const changes = await diffAfter('ws', (doc) => {
      doc.components.schemas.PriceStatus.enum.push('STALE');
    });
    const found = breaking(changes).filter((c) => c.subject.kind === 'message');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.text).toMatch(/value `STALE` added: clients must be ready to receive the new values/);
    expect(found[0]?.subject.label).toMatch(/^message `price_update` on channel `prices`$/);
  });

  it('an added message is added and not breaking', async () => {
    const changes = await diffAfter('ws', (doc) => {
      doc.components.messages.price_notice = {
        name: 'price_notice',
        payload: {type: 'object', properties: {text: {type: 'string'}}},
      };
      doc.channels.prices.messages.price_notice = {$ref: '#/components/messages/price_notice'};
    });
    const added = changes.filter((c) => c.subject.key === 'prices/price_notice');
    expect(added.length).toBeGreaterThan(0);
    expect(added[0]?.subjectChange).toBe('added');
    expect(breaking(changes)).toEqual([]);
  });

  it('a changed channel address is breaking', async () => {
    const changes = await diffAfter('ws', (doc) => {
      doc.channels.trades.address = '/ws/v2/trades';
    });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({breaking: true, subject: {kind: 'channel', key: 'trades'}});
    expect(changes[0]?.text).toMatch(/clients must connect to the new address/);
  });
});
