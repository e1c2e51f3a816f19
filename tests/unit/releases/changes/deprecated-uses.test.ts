/**
 * What a document deprecates today (changes/deprecations.ts), and the edges of the walk it shares
 * with the diff (changes/walk.ts, rules.ts): a deprecation met through several messages is listed
 * once, `deprecated: true` inside an example or as a field's name is no deprecation, a reference
 * to another file is not followed, and an unknown rule is refused by name.
 */
import {describe, expect, it} from 'vitest';
import {deprecatedUses} from '../../../../plugins/releases/changes/deprecations';
import {judge, rule, type RuleId} from '../../../../plugins/releases/changes/rules';
import {diffDocuments} from '../../../../plugins/releases/diff';

type Json = Record<string, unknown>;

describe('deprecatedUses', () => {
  it('a deprecated connection query parameter is listed once, not once per message of its channel, with its sunset', () => {
    const doc: Json = {
      asyncapi: '3.0.0',
      info: {title: 'Trading stream', version: '1.0.0'},
      channels: {
        orders: {
          address: '/ws/orders',
          bindings: {
            ws: {
              query: {
                type: 'object',
                properties: {token: {type: 'string', deprecated: true, 'x-sunset': '2027-06-30'}},
              },
            },
          },
          messages: {order_status: {payload: {type: 'object'}}, order_fill: {payload: {type: 'object'}}},
        },
      },
      operations: {streamOrders: {action: 'send', channel: {$ref: '#/channels/orders'}}},
    };
    const uses = deprecatedUses('ws', doc);
    expect(uses.map((f) => [f.rule, f.item, f.words.sunset, f.pointer])).toEqual([
      [
        'deprecated',
        'connection query parameter `token`',
        '2027-06-30',
        '/channels/orders/bindings/ws/query/properties/token',
      ],
    ]);
  });

  it('`deprecated: true` inside an example, or a field named `deprecated`, is not a deprecation', () => {
    const doc: Json = {
      openapi: '3.1.0',
      info: {title: 'Trading API', version: '1.0.0'},
      paths: {
        '/api/instruments': {
          get: {
            operationId: 'listInstruments',
            responses: {
              '200': {
                description: 'The instruments.',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {symbol: {type: 'string'}, deprecated: true},
                    },
                    example: {symbol: 'EURUSD', deprecated: true},
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(deprecatedUses('rest', doc)).toEqual([]);
  });

  it('a deprecated operation and its deprecated parameter are two uses, each at its own place', () => {
    const doc: Json = {
      openapi: '3.1.0',
      info: {title: 'Trading API', version: '1.0.0'},
      paths: {
        '/api/trades': {
          get: {
            operationId: 'listTrades',
            deprecated: true,
            parameters: [{name: 'price_from', in: 'query', deprecated: true, schema: {type: 'string'}}],
            responses: {'200': {description: 'The trades.'}},
          },
        },
      },
    };
    expect(deprecatedUses('rest', doc).map((f) => [f.subject.key, f.item, f.pointer])).toEqual([
      ['listTrades', undefined, '/paths/~1api~1trades/get'],
      ['listTrades', 'query parameter `price_from`', '/paths/~1api~1trades/get/parameters/query:price_from'],
    ]);
  });
});

describe('the walk: references to other files', () => {
  it('a field that points into another file is not followed: written the same in both versions, it is no change', () => {
    const doc = (description: string): Json => ({
      openapi: '3.1.0',
      info: {title: 'Trading API', version: '1.0.0'},
      paths: {
        '/api/balances': {
          get: {
            operationId: 'listBalances',
            description,
            responses: {
              '200': {
                description: 'The balances.',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {amount: {$ref: 'common.yaml#/components/schemas/Money'}},
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    const changes = diffDocuments('rest', doc('Balances.'), doc('The balances of an account.'), {
      asOf: '2026-06-01',
    });
    expect(changes.map((c) => [c.rule, c.text])).toEqual([
      ['description-changed', 'Operation: description reworded.'],
    ]);
  });
});

describe('the rules table', () => {
  it('a rule that is not in the table is refused by name', () => {
    expect(() => rule('field-renamed' as RuleId)).toThrow('No classification rule field-renamed');
    expect(() => judge('field-renamed' as RuleId, 'send', {item: 'x'})).toThrow(/No classification rule/);
  });
});
