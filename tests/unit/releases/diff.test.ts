/**
 * The release diff on fixtures made from the product's own documents, with shared components
 * kept shared: each edit is made once, to a component, and every use must be listed, judged for
 * its direction, in words that do not contradict the change.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {diffDocuments, requiredBump, type Api, type Change} from '../../../plugins/releases/diff';

const ROOT = path.resolve(__dirname, '../../..');
// The fixtures' objects are edited freely in code; typed loosely on purpose (documents are untyped YAML).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
type Doc = any;

function load(file: 'openapi' | 'asyncapi'): Doc {
  return parse(readFileSync(path.join(ROOT, 'specs', `${file}.yaml`), 'utf8'));
}

async function diffAfter(
  api: Api,
  edit: (doc: Doc) => void,
  options: {asOf?: string; before?: (doc: Doc) => void} = {},
): Promise<Change[]> {
  const base = load(api === 'rest' ? 'openapi' : 'asyncapi');
  options.before?.(base);
  const revision = structuredClone(base);
  edit(revision);
  return diffDocuments(api, base, revision, options.asOf !== undefined ? {asOf: options.asOf} : {});
}

const keys = (changes: Change[]): string[] => [...new Set(changes.map((c) => c.subject.key))].sort();

/** Every text a reader sees must be words: no engine vocabulary, no raw JSON, no empty names. */
function readable(changes: Change[]): void {
  for (const c of changes) {
    expect(c.text).not.toMatch(/``|`key`|\[object|undefined|\["|\{"|Parameter at|document as a whole/);
    expect(c.text.charAt(0)).toBe(c.text.charAt(0).toUpperCase());
  }
}

describe('release diff: shared components, every use, each direction', () => {
  it('same documents: no changes', async () => {
    expect(await diffAfter('rest', () => undefined)).toEqual([]);
    expect(await diffAfter('ws', () => undefined)).toEqual([]);
  });

  it('a value added to the shared Side enum: compatible where the reader sends it, breaking where it is received, at every use', async () => {
    const rest = await diffAfter('rest', (doc) => doc.components.schemas.Side.enum.push('SELL_SHORT'));
    const ws = await diffAfter('ws', (doc) => doc.components.schemas.Side.enum.push('SELL_SHORT'));
    readable([...rest, ...ws]);
    expect(keys(rest.filter((c) => c.direction === 'receive' && c.breaking))).toEqual([
      'getBulkOrder',
      'listOrders',
      'listOrdersBySequence',
      'listTrades',
      'listTradesBySequence',
    ]);
    expect(keys(rest.filter((c) => c.direction === 'send'))).toEqual([
      'createBulkOrder',
      'listOrders',
      'listTrades',
    ]);
    expect(rest.filter((c) => c.direction === 'send').every((c) => c.verdict === 'compatible')).toBe(true);
    expect(keys(ws.filter((c) => c.breaking))).toEqual([
      'orders/order_execution',
      'orders/order_status',
      'trades/trade',
    ]);
    expect(ws.find((c) => c.subject.key === 'orders/new_order')).toMatchObject({
      verdict: 'compatible',
      text: 'Field `new_order.side` now also accepts `SELL_SHORT`.',
    });
    const received = rest.find((c) => c.subject.key === 'listTrades' && c.direction === 'receive');
    expect(received?.text).toBe(
      'Field `trades[].order[].side` of the 200 response can now be `SELL_SHORT`: clients must be ready to receive it.',
    );
    expect(received?.anchors[0]).toBe('listTrades.response-200.trades[].order[].side');
    expect(received?.origin).toBe('/components/schemas/Side');
    expect(received?.addedValues).toEqual(['SELL_SHORT']);
    expect(requiredBump([...rest, ...ws])).toBe('major');
  });

  it('the shared limit default changed: a behaviour change (minor) under each of the five list operations', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.components.schemas.PageLimit.default = 50;
    });
    readable(changes);
    const requests = changes.filter((c) => c.direction === 'send');
    expect(keys(requests)).toEqual([
      'listOrders',
      'listOrdersBySequence',
      'listTrades',
      'listTradesBySequence',
      'listTransactions',
    ]);
    for (const c of requests) {
      expect(c.verdict).toBe('behaviour');
      expect(c.text).toBe('Requests that leave out query parameter `limit` now get `50`, not `100`.');
    }
    expect(requiredBump(changes)).toBe('minor');
  });

  it("OrderRef's maxLength widened: compatible where sent, breaking where received", async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.components.schemas.OrderRef.maxLength = 200;
    });
    readable(changes);
    const sent = changes.filter((c) => c.direction === 'send');
    const received = changes.filter((c) => c.direction === 'receive');
    expect(sent.length).toBeGreaterThan(0);
    expect(received.length).toBeGreaterThan(0);
    expect(
      sent.every(
        (c) =>
          c.verdict === 'compatible' && /raised from 100 to 200\. More values are accepted\.$/.test(c.text),
      ),
    ).toBe(true);
    expect(
      received.every(
        (c) => c.breaking && /Clients must accept values outside the previous rules\.$/.test(c.text),
      ),
    ).toBe(true);
  });

  it('a field removed from a schema the order and trade responses share: breaking under each', async () => {
    const changes = await diffAfter('rest', (d) => {
      const execution = d.components.schemas.Execution;
      delete execution.properties.execution_price;
      execution.required = execution.required.filter((n: string) => n !== 'execution_price');
    });
    readable(changes);
    const removed = changes.filter((c) => c.rule === 'field-removed');
    expect(keys(removed)).toEqual([
      'listOrders',
      'listOrdersBySequence',
      'listTrades',
      'listTradesBySequence',
    ]);
    expect(removed.every((c) => c.direction === 'receive' && c.breaking)).toBe(true);
    expect(removed.find((c) => c.subject.key === 'listTrades')?.text).toBe(
      'Field `trades[].executions[].execution_price` of the 200 response removed: clients that read it will no longer find it.',
    );
  });

  it('the Amount schema a request and responses share loses a field: breaking where received, a check where sent', async () => {
    const changes = await diffAfter('rest', (d) => {
      delete d.components.schemas.Amount.properties.leg_2_amount;
    });
    readable(changes);
    const removed = changes.filter((c) => c.rule === 'field-removed');
    expect(removed.some((c) => c.direction === 'send' && c.verdict === 'check')).toBe(true);
    expect(removed.some((c) => c.direction === 'receive' && c.verdict === 'breaking')).toBe(true);
  });

  it('price_from deprecated with a sunset: a deprecation (minor) with its date; removed later: as announced after the sunset, breaking before', async () => {
    const deprecate = (d: Doc): void => {
      d.components.parameters.PriceFrom.deprecated = true;
      d.components.parameters.PriceFrom['x-sunset'] = '2027-06-30';
    };
    const changes = await diffAfter('rest', deprecate);
    readable(changes);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      rule: 'deprecated',
      verdict: 'deprecation',
      impact: 'minor',
      sunset: '2027-06-30',
      subject: {key: 'listTrades'},
      text: 'Query parameter `price_from` deprecated, sunset 2027-06-30: plan to stop using it by then.',
    });
    const remove = (d: Doc): void => {
      d.paths['/api/trades'].get.parameters = d.paths['/api/trades'].get.parameters.filter(
        (p: {$ref?: string}) => p.$ref !== '#/components/parameters/PriceFrom',
      );
    };
    const after = await diffAfter('rest', remove, {before: deprecate, asOf: '2027-07-01'});
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({rule: 'removed-as-announced', verdict: 'announced', impact: 'minor'});
    expect(after[0]?.text).toBe(
      'Query parameter `price_from` removed as announced (sunset 2027-06-30): requests that still use it may now be refused.',
    );
    const early = await diffAfter('rest', remove, {before: deprecate, asOf: '2027-01-01'});
    expect(early[0]).toMatchObject({rule: 'removed-before-sunset', breaking: true});
    expect(early[0]?.text).toMatch(/before its sunset date \(2027-06-30\) had passed/);
  });

  it("a WebSocket security scheme's field changed: breaking, listed once for every message", async () => {
    const base = load('asyncapi');
    const messages = Object.values(base.channels as Record<string, {messages?: object}>).reduce(
      (n, ch) => n + Object.keys(ch.messages ?? {}).length,
      0,
    );
    const changes = await diffAfter('ws', (d) => {
      d.components.securitySchemes.AuthenticationToken.scheme = 'basic';
    });
    readable(changes);
    expect(changes.every((c) => c.rule === 'security-scheme-changed' && c.breaking)).toBe(true);
    expect(changes.map((c) => [c.subject.kind, c.subject.label])).toEqual([
      ['document', `All messages (${messages})`],
    ]);
  });

  it('WebSocket security added to an operation, a required ws binding query property and a narrowed channel parameter enum are breaking', async () => {
    const security = await diffAfter('ws', (d) => {
      const key = Object.keys(d.operations)[0] as string;
      d.operations[key].security = [{$ref: '#/components/securitySchemes/AuthenticationToken'}];
    });
    expect(security.length).toBeGreaterThan(0);
    expect(security.every((c) => c.rule === 'security-changed' && c.breaking)).toBe(true);

    const binding = await diffAfter('ws', (d) => {
      d.channels.orders.bindings = {
        ws: {query: {type: 'object', properties: {account: {type: 'string'}}, required: ['account']}},
      };
    });
    expect(
      binding.some(
        (c) =>
          c.rule === 'required-field-added' &&
          c.breaking &&
          /connection query parameter `account`/.test(c.text),
      ),
    ).toBe(true);

    const withParameter = (d: Doc): void => {
      d.channels.orders.address = '/ws/{region}/orders';
      d.channels.orders.parameters = {region: {enum: ['eu', 'us'], description: 'Region.'}};
    };
    const narrowed = await diffAfter(
      'ws',
      (d) => {
        d.channels.orders.parameters.region.enum = ['eu'];
      },
      {before: withParameter},
    );
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((c) => c.rule === 'enum-value-removed' && c.breaking)).toBe(true);
    expect(narrowed[0]?.text).toBe(
      'Channel parameter `region` no longer accepts `us`: connection requests that use it are refused.',
    );
  });

  it('a new 429 error response is listed as a behaviour change to handle', async () => {
    const changes = await diffAfter('rest', (d) => {
      d.paths['/api/orders'].get.responses['429'] = {description: 'Too many requests.'};
    });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      rule: 'error-response-added',
      verdict: 'behaviour',
      subject: {key: 'listOrders'},
    });
    expect(changes[0]?.text).toBe('New 429 error response: clients should handle it.');
  });

  it('matched by identity: a parameter removed from the middle is one removal, a renamed property is a removal and an addition, a moved path is an operation removed and one added', async () => {
    const middle = await diffAfter('rest', (d) => {
      const list = d.paths['/api/orders'].get.parameters;
      list.splice(Math.floor(list.length / 2), 1);
    });
    expect(middle).toHaveLength(1);
    expect(middle[0]).toMatchObject({rule: 'field-removed', verdict: 'check', action: 'removed'});

    const renamed = await diffAfter('rest', (d) => {
      const props = d.components.schemas.Pagination.properties;
      props.total = props.total_count;
      delete props.total_count;
    });
    readable(renamed);
    expect(new Set(renamed.map((c) => c.rule))).toEqual(new Set(['field-removed', 'optional-field-added']));

    const moved = await diffAfter('rest', (d) => {
      d.paths['/api/v2/orders'] = d.paths['/api/orders'];
      delete d.paths['/api/orders'];
    });
    expect(moved.map((c) => `${c.subjectChange} ${c.subject.label}`).sort()).toEqual([
      'added `GET /api/v2/orders`',
      'removed `GET /api/orders`',
    ]);
  });

  it('required lists read as fields that became required or optional, for each direction', async () => {
    const changes = await diffAfter('rest', (d) => {
      const p = d.components.schemas.Pagination;
      p.required = (p.required ?? []).filter((n: string) => n !== 'limit');
    });
    readable(changes);
    expect(changes.length).toBeGreaterThan(0);
    expect(
      changes.every((c) => c.rule === 'field-became-optional' && c.direction === 'receive' && c.breaking),
    ).toBe(true);
    expect(changes[0]?.text).toBe(
      'Field `pagination.limit` of the 200 response is now optional: it may be absent, so clients must not rely on it.',
    );
  });

  it('example and description edits are documentation; tags and unused components are not API changes', async () => {
    const docs = await diffAfter('rest', (d) => {
      d.components.schemas.OrderRef.examples = ['another-ref'];
      d.components.schemas.OrderRef.description = 'Reworded.';
    });
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((c) => c.verdict === 'docs' && c.impact === 'patch')).toBe(true);
    const none = await diffAfter('rest', (d) => {
      d.tags = [...(d.tags ?? []), {name: 'New tag'}];
      d.components.parameters.Unused = {name: 'unused', in: 'query', schema: {type: 'string'}};
    });
    expect(none).toEqual([]);
  });

  it('a parameter component that only a new operation uses belongs to that operation', async () => {
    const changes = await diffAfter('rest', (d) => {
      d.components.parameters.Account = {name: 'account', in: 'query', schema: {type: 'string'}};
      d.paths['/api/accounts'] = {
        get: {
          operationId: 'listAccounts',
          parameters: [{$ref: '#/components/parameters/Account'}],
          responses: {'200': {description: 'The accounts.'}},
        },
      };
    });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      rule: 'operation-added',
      subjectChange: 'added',
      subject: {key: 'listAccounts'},
    });
  });
});

describe('release diff: what each side sees', () => {
  it('a read-only field added to a shared schema is new where it is received, and not offered where the reader sends', async () => {
    const changes = await diffAfter('rest', (d) => {
      d.components.schemas.Amount.properties.note = {type: 'string', readOnly: true};
    });
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.direction === 'receive' && c.rule === 'optional-field-added')).toBe(true);
    const writeOnly = await diffAfter('rest', (d) => {
      d.components.schemas.Amount.properties.note = {type: 'string', writeOnly: true};
    });
    expect(writeOnly.length).toBeGreaterThan(0);
    expect(writeOnly.every((c) => c.direction === 'send')).toBe(true);
  });
});

describe('release diff: allowed values', () => {
  it('an enum replaced by a const of one of its values is a value removed, not a rule lifted', async () => {
    const changes = await diffAfter(
      'rest',
      (d) => {
        d.components.schemas.BulkOrderItem.properties.order_type = {type: 'string', const: 'BULK_MARKET'};
      },
      {
        before: (d) => {
          d.components.schemas.BulkOrderItem.properties.order_type = {
            allOf: [{$ref: '#/components/schemas/OrderType'}],
          };
        },
      },
    );
    const values = changes.filter((c) => c.rule === 'enum-value-removed');
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((c) => c.words.values?.[0] === 'MARKET')).toBe(true);
    expect(changes.some((c) => /no longer limited|outside the previous rules/.test(c.text))).toBe(false);
    expect(values.find((c) => c.direction === 'send')?.text).toMatch(
      /no longer accepts `MARKET`: requests that use it are refused\.$/,
    );
  });
});

describe('release diff: webhooks and WebSocket words', () => {
  it('a webhook is called by the provider: its request is what the reader receives, its response what they send', async () => {
    // A webhook document as OpenAPI 3.1 writes one (the shape of the corpus's webhook-example.yaml).
    const base: Doc = {
      openapi: '3.1.0',
      info: {title: 'Webhooks', version: '1.0.0'},
      webhooks: {
        newPet: {
          post: {
            requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}}}},
            responses: {'200': {description: 'Received.'}},
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: 'object',
            required: ['id', 'name'],
            properties: {id: {type: 'integer'}, name: {type: 'string'}, tag: {type: 'string'}},
          },
        },
      },
    };
    const revision = structuredClone(base);
    delete revision.components.schemas.Pet.properties.tag;
    revision.webhooks.newPet.post.responses['200'].content = {
      'application/json': {
        schema: {type: 'object', required: ['received'], properties: {received: {type: 'boolean'}}},
      },
    };
    const changes = await diffDocuments('rest', base, revision, {asOf: '2026-11-26'});
    const removed = changes.find((c) => c.rule === 'field-removed');
    expect(removed).toMatchObject({
      direction: 'receive',
      verdict: 'breaking',
      subject: {label: 'webhook `newPet` (POST)', anchor: 'webhook-newpet-post'},
      text: 'Request body field `tag` removed: clients that read it will no longer find it.',
    });
    const answer = changes.find((c) => c.rule === 'media-type-added');
    expect(answer).toMatchObject({direction: 'send', verdict: 'addition'});
  });

  it('a message field the reader sends reads as messages, not requests', async () => {
    const changes = await diffAfter('ws', (d) => {
      d.components.schemas.NewOrder.required.push('counter_leg_precision');
    });
    expect(changes.map((c) => c.text)).toEqual([
      'Field `new_order.counter_leg_precision` is now required: messages without it are refused.',
    ]);
  });
});

describe('release diff: keywords beside a `$ref`, and every field a shared type sits at', () => {
  it('a maxLength written beside the `$ref` of a request field is a narrowing: breaking where it is sent, and the bump is major', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.components.schemas.BulkOrderItem.properties.order_ref.maxLength = 20;
    });
    readable(changes);
    const narrowed = changes.filter((c) => c.rule === 'constraint-narrowed');
    expect(keys(narrowed)).toEqual(['createBulkOrder']);
    expect(narrowed[0]).toMatchObject({
      direction: 'send',
      verdict: 'breaking',
      origin: '/components/schemas/BulkOrderItem/properties/order_ref',
    });
    expect(narrowed[0]?.text).toMatch(
      /^Request body field `[^`]*orders\[\]\.order_ref`: maximum length lowered from 100 to 20\./,
    );
    expect(requiredBump(changes)).toBe('major');
  });

  it('a deprecation written beside a `$ref` is announced with its sunset', async () => {
    const changes = await diffAfter('rest', (doc) => {
      Object.assign(doc.components.schemas.BulkOrderItem.properties.order_ref, {
        deprecated: true,
        'x-sunset': '2027-06-30',
      });
    });
    const deprecated = changes.filter((c) => c.rule === 'deprecated');
    expect(keys(deprecated)).toEqual(['createBulkOrder']);
    expect(deprecated[0]?.sunset).toBe('2027-06-30');
  });

  it('a value added to TradeLegStatus names leg_1_status and leg_2_status, in one line per use', async () => {
    const changes = await diffAfter('rest', (doc) =>
      doc.components.schemas.TradeLegStatus.enum.push('FAILED'),
    );
    readable(changes);
    const listTrades = changes.filter((c) => c.subject.key === 'listTrades' && c.direction === 'receive');
    expect(listTrades).toHaveLength(1);
    const [line] = listTrades;
    expect(line?.text).toMatch(
      /leg_1_status`.* and `[^`]*leg_2_status` of the 200 response can now be `FAILED`/,
    );
    expect(line?.places?.map((p) => p.anchors[0])).toEqual([
      expect.stringMatching(/leg_1_status$/),
      expect.stringMatching(/leg_2_status$/),
    ]);
    expect(requiredBump(changes)).toBe('major');
  });
});

describe('release diff: the same URL is the same operation', () => {
  it('renaming bulk_order_id in both bulk paths and their shared parameter is a patch: two compatible lines, no operation removed', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.paths = Object.fromEntries(
        Object.entries(doc.paths).map(([route, item]) => [route.replace('{bulk_order_id}', '{id}'), item]),
      );
      doc.components.parameters.BulkOrderIdPath.name = 'id';
    });
    expect(changes.map((c) => [c.subject.key, c.rule, c.verdict]).sort()).toEqual([
      ['getBulkOrder', 'parameter-renamed', 'compatible'],
      ['getBulkOrderStatus', 'parameter-renamed', 'compatible'],
    ]);
    expect(requiredBump(changes)).toBe('patch');
  });
});

describe('release diff: one change, one line', () => {
  it('a decimal string made a number is one line per use: the type change, not its pattern, length or new minimum apart', async () => {
    const changes = await diffAfter('rest', (doc) => {
      const decimal = doc.components.schemas.Decimal;
      delete decimal.pattern;
      delete decimal.maxLength;
      Object.assign(decimal, {type: 'number', minimum: 0});
    });
    readable(changes);
    const rules = new Set(
      changes.filter((c) => c.origin === '/components/schemas/Decimal').map((c) => c.rule),
    );
    expect([...rules]).toEqual(['constraint-changed']);
    for (const c of changes.filter((x) => x.rule === 'constraint-changed'))
      expect(c.text).toMatch(/: type changed from Decimal string \(`string`\) to `number`\./);
    expect(changes.some((c) => /pattern|maximum length|minimum/.test(c.text))).toBe(false);
    // One line per use: no two lines of one subject and one place say the same.
    const lines = changes.map((c) => `${c.subject.key}|${c.pointer}|${c.rule}`);
    expect(new Set(lines).size).toBe(lines.length);
  });
});

describe('release diff: a change to the whole document is listed once', () => {
  it('a REST server added is one line under all REST operations, with their count', async () => {
    const changes = await diffAfter('rest', (doc) =>
      doc.servers.push({url: 'https://eu.example.com', description: 'EU'}),
    );
    expect(changes.map((c) => [c.rule, c.subject.kind, c.subject.label])).toEqual([
      ['server-added', 'document', expect.stringMatching(/^All REST operations \(\d+\)$/)],
    ]);
    expect(changes[0]?.text).toBe('New server `https://eu.example.com`.');
  });

  it('a WebSocket server removed is one line under the messages it reached', async () => {
    const changes = await diffAfter('ws', (doc) => {
      const [first] = Object.keys(doc.servers);
      doc.servers = Object.fromEntries(Object.entries(doc.servers).filter(([key]) => key !== first));
    });
    const removed = changes.filter((c) => c.rule === 'server-removed');
    expect(removed).toHaveLength(1);
    expect(removed[0]?.subject.label).toMatch(/^All messages( on `wss:\/\/[^`]+`)? \(\d+\)$/);
    expect(removed[0]?.breaking).toBe(true);
  });

  it('a server that only some operations use stays under each of them', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.paths['/api/instruments'].get.servers = [{url: 'https://instruments.example.com'}];
    });
    expect(changes.every((c) => c.subject.kind === 'operation')).toBe(true);
  });
});

describe('release diff: documentation that was never reported', () => {
  it('an edit of a named example (components/examples) is a documentation change at the operation that shows it', async () => {
    const changes = await diffAfter('rest', (doc) => {
      doc.components.examples.RiskFigures.summary = 'Risk figures of a desk';
    });
    expect(changes.map((c) => [c.subject.key, c.rule, c.verdict])).toEqual([
      [expect.any(String), 'example-changed', 'docs'],
    ]);
    expect(requiredBump(changes)).toBe('patch');
  });

  it('an edit of info.description is a documentation change of the document', async () => {
    const rest = await diffAfter('rest', (doc) => {
      doc.info.description = `${String(doc.info.description)} Reworded.`;
    });
    const ws = await diffAfter('ws', (doc) => {
      doc.info.description = 'Reworded.';
    });
    for (const [changes, label] of [
      [rest, 'About the REST API'],
      [ws, 'About the WebSocket API'],
    ] as const) {
      expect(changes.map((c) => [c.subject.kind, c.subject.label, c.rule, c.verdict])).toEqual([
        ['document', label, 'description-changed', 'docs'],
      ]);
      expect(changes[0]?.text).toMatch(/^The (REST|WebSocket) API document: description reworded\.$/);
    }
  });
});
