/** OpenAPI → RestModel: operations, anchors, parameters, bodies, responses, samples, TOC. */
import {describe, expect, it} from 'vitest';
import type {Json} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import type {OperationView, RestModel} from '../../../plugins/api-reference/types';
import {findField} from './helpers';

const doc: Json = {
  openapi: '3.1.0',
  info: {title: 'Fixture API', version: '1.0.0', description: '## Intro\n\nHello'},
  servers: [
    {url: 'https://pre.example.com', description: 'Pre-production'},
    {url: 'https://prod.example.com'},
  ],
  security: [{bearer: []}],
  tags: [{name: 'Orders & trades', description: 'Order things'}, {name: 'Unused'}],
  paths: {
    '/orders/{order_id}': {
      parameters: [
        {name: 'order_id', in: 'path', required: true, schema: {type: 'string'}, example: 'ORD-1'},
      ],
      get: {
        operationId: 'getOrder',
        tags: ['Orders & trades'],
        summary: 'Read an order',
        parameters: [
          {name: 'limit', in: 'query', schema: {type: 'integer', minimum: 10, maximum: 9999, default: 100}},
          {
            name: 'from',
            in: 'query',
            required: true,
            schema: {type: 'string', format: 'date-time'},
            example: '2025-01-01T00:00:00Z',
          },
          {name: 'X-Trace', in: 'header', schema: {type: 'string'}},
        ],
        responses: {
          '200': {
            description: 'The order',
            content: {
              'application/json': {
                schema: {type: 'object', properties: {id: {type: 'string'}}},
                example: {id: 'ORD-1'},
              },
            },
          },
          '404': {
            description: 'Not found',
            content: {'application/json': {schema: {$ref: '#/components/schemas/Error'}}},
          },
          default: {
            description: 'Text',
            content: {'text/plain': {schema: {type: 'string', maxLength: 1000}}},
          },
        },
      },
    },
    '/orders': {
      post: {
        tags: ['Orders & trades'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['side'],
                properties: {side: {enum: ['BUY', 'SELL']}, id: {type: 'string', readOnly: true}},
              },
              example: {side: 'BUY'},
            },
            'application/x-www-form-urlencoded': {
              schema: {type: 'object', properties: {side: {type: 'string'}}},
            },
          },
        },
        responses: {'202': {description: 'Accepted', headers: {'X-Rate': {schema: {type: 'integer'}}}}},
        callbacks: {
          onDone: {
            '{$request.body#/url}': {
              post: {
                requestBody: {content: {'application/json': {schema: {type: 'object'}}}},
                responses: {'200': {description: 'ok'}},
              },
            },
          },
        },
      },
    },
    '/health': {
      get: {
        security: [],
        responses: {
          '200': {
            description: 'ok',
            links: {order: {operationId: 'getOrder', parameters: {order_id: '$response.body#/id'}}},
          },
        },
      },
    },
  },
  webhooks: {orderDone: {post: {operationId: 'orderDone', responses: {'200': {description: 'ok'}}}}},
  components: {
    securitySchemes: {bearer: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT'}},
    schemas: {Error: {type: 'object', properties: {error: {type: 'string'}, timestamp: {type: 'string'}}}},
  },
};

function ops(model: RestModel): OperationView[] {
  return model.tags.flatMap((t) => t.operations);
}

function op(model: RestModel, id: string): OperationView {
  const found = ops(model).find((o) => o.id === id);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
}

describe('buildRestModel', () => {
  const model = buildRestModel(doc);

  it('groups operations by tag, in the document tag order, with untagged ones last', () => {
    expect(model.tags.map((t) => [t.name, t.id, t.operations.map((o) => o.id)])).toEqual([
      ['Orders & trades', 'tag-orders-trades', ['getOrder', 'post-orders']],
      ['Other operations', 'tag-untagged', ['get-health']],
    ]);
  });

  it('keeps the description, servers (first is the default) and the security scheme', () => {
    expect(model.description).toContain('<h3>Intro</h3>');
    expect(model.servers.map((s) => [s.url, s.isDefault])).toEqual([
      ['https://pre.example.com', true],
      ['https://prod.example.com', false],
    ]);
    expect(model.securitySchemes[0]?.summary).toMatch(/bearer token \(JWT\) in the Authorization header/);
    expect(model.security).toEqual([{schemes: [{key: 'bearer', scopes: []}]}]);
  });

  it('derives an anchor for operations without operationId', () => {
    expect(op(model, 'post-orders').method).toBe('POST');
  });

  it('merges path-level parameters and shows in, required, schema, constraints, default and example', () => {
    const params = op(model, 'getOrder').parameters;
    expect(params.map((p) => [p.id, p.in, p.required])).toEqual([
      ['getOrder.path.order_id', 'path', true],
      ['getOrder.query.limit', 'query', false],
      ['getOrder.query.from', 'query', true],
      ['getOrder.header.X-Trace', 'header', false],
    ]);
    const limit = params[1];
    expect(limit?.schema.constraints).toEqual(['from 10 to 9999']);
    expect(limit?.schema.default).toBe('100');
    expect(params[0]?.example).toBe('ORD-1');
  });

  it('lists every response code with its kind, schema and example; error bodies too', () => {
    const responses = op(model, 'getOrder').responses;
    expect(responses.map((r) => [r.code, r.kind, r.id])).toEqual([
      ['200', 'success', 'getOrder.response-200'],
      ['404', 'client-error', 'getOrder.response-404'],
      ['default', 'default', 'getOrder.response-default'],
    ]);
    expect(responses[0]?.contents[0]?.examples[0]?.value).toBe('{\n  "id": "ORD-1"\n}');
    expect(findField(responses[1]?.contents[0]?.schema, 'getOrder.response-404.error')?.type).toBe('string');
    // No example in the document: one is made from the schema and says so.
    expect(responses[1]?.contents[0]?.examples[0]?.summary).toMatch(/Made from the schema/);
  });

  it('shows every media type of a body (not only the first), request fields without read-only ones', () => {
    const body = op(model, 'post-orders').requestBody;
    expect(body?.required).toBe(true);
    expect(body?.contents.map((c) => [c.mediaType, c.idPrefix])).toEqual([
      ['application/json', 'post-orders.request'],
      ['application/x-www-form-urlencoded', 'post-orders.request~application-x-www-form-urlencoded'],
    ]);
    expect(body?.contents[0]?.schema?.fields?.map((f) => f.id)).toEqual(['post-orders.request.side']);
    expect(op(model, 'post-orders').validatorExample).toBe('{\n  "side": "BUY"\n}');
  });

  it('shows response headers, links, callbacks, webhooks and an operation without authentication', () => {
    const post = op(model, 'post-orders');
    expect(post.responses[0]?.headers.map((h) => h.id)).toEqual(['post-orders.response-202.header.X-Rate']);
    expect(post.callbacks[0]?.name).toBe('onDone');
    expect(post.callbacks[0]?.operations.map((o) => o.id)).toEqual(['post-orders.callback-ondone-post']);
    expect(post.callbacks[0]?.operations[0]?.samples).toEqual([]);
    const health = op(model, 'get-health');
    expect(health.security).toEqual([]);
    expect(health.responses[0]?.links[0]).toMatchObject({
      name: 'order',
      target: 'getOrder',
      targetIsAnchor: true,
    });
    expect(model.webhooks.map((w) => w.id)).toEqual(['orderDone']);
  });

  it('generates samples in six languages against the first server with the bearer header, required parameters and body', () => {
    const samples = op(model, 'getOrder').samples;
    expect(samples.map((s) => s.language)).toEqual(['curl', 'python', 'javascript', 'go', 'java', 'csharp']);
    for (const s of samples) {
      expect(s.code).toContain('https://pre.example.com/orders/ORD-1');
      expect(s.code).toContain('Bearer <token>');
      expect(s.code).toContain('from=2025-01-01');
      expect(s.code).not.toContain('limit=');
    }
    const post = op(model, 'post-orders').samples.find((s) => s.language === 'curl');
    expect(post?.code).toContain(`--data '{"side":"BUY"}'`);
    expect(op(model, 'get-health').samples[0]?.code).not.toContain('Authorization');
  });

  it('builds the TOC from tags (level 2) and operations (level 3), HTML-escaped', () => {
    expect(model.toc).toEqual([
      {value: 'Servers', id: 'servers', level: 2},
      {value: 'Authentication', id: 'authentication', level: 2},
      {value: 'Orders &amp; trades', id: 'tag-orders-trades', level: 2},
      {value: 'Read an order', id: 'getOrder', level: 3},
      {value: 'POST /orders', id: 'post-orders', level: 3},
      {value: 'Other operations', id: 'tag-untagged', level: 2},
      {value: 'GET /health', id: 'get-health', level: 3},
      {value: 'Webhooks', id: 'webhooks', level: 2},
      {value: 'POST orderDone', id: 'orderDone', level: 3},
    ]);
  });

  it('keeps anchors when an unrelated part of the document changes', () => {
    const changed = structuredClone(doc) as {paths: Record<string, unknown>};
    changed.paths = {
      '/aaa': {
        get: {
          operationId: 'aaa',
          requestBody: {
            content: {'application/json': {schema: {type: 'object', properties: {side: {type: 'string'}}}}},
          },
          responses: {},
        },
      },
      ...changed.paths,
    };
    const before = JSON.stringify(op(model, 'getOrder'));
    const after = JSON.stringify(op(buildRestModel(changed as Json), 'getOrder'));
    expect(after).toBe(before);
  });
});
