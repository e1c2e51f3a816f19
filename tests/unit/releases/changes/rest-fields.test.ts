/**
 * The REST part of the diff, field by field, on small OpenAPI 3.1 documents that differ in one
 * way each: the operation itself (operationId, deprecation and sunset, security, servers), its
 * parameters, request body, responses and their headers, shared responses, and webhooks. Each
 * change must be exactly one line, with the rule, the verdict for the reader's side, the place
 * and the sentence a reader sees.
 */
import {describe, expect, it} from 'vitest';
import {diffDocuments, reword, type Change} from '../../../../plugins/releases/diff';
import {schemeChanges} from '../../../../plugins/releases/changes/rest';

type Json = Record<string, unknown>;

const AS_OF = '2026-06-01';

/** A document whose only operation is `POST /api/orders` (createOrder), with `operation` laid over it. */
function rest(operation: Json = {}, extra: Json = {}): Json {
  return {
    openapi: '3.1.0',
    info: {title: 'Trading API', version: '1.0.0'},
    paths: {
      '/api/orders': {
        post: {operationId: 'createOrder', responses: {'200': {description: 'Created.'}}, ...operation},
      },
    },
    ...extra,
  };
}

function diff(base: Json, revision: Json): Change[] {
  return diffDocuments('rest', base, revision, {asOf: AS_OF});
}

/** What a reader reads of each line: the rule, the verdict and the sentence. */
const lines = (changes: Change[]): string[][] => changes.map((c) => [c.rule, c.verdict, c.text]);

/** The one line two documents differ by. */
function only(base: Json, revision: Json): Change {
  const changes = diff(base, revision);
  expect(lines(changes)).toHaveLength(1);
  return changes[0] as Change;
}

describe('REST diff: the operation itself', () => {
  it('an operationId changed is one behaviour line naming both identifiers, under the operation', () => {
    const change = only(rest(), rest({operationId: 'placeOrder'}));
    expect(change).toMatchObject({
      rule: 'operation-id-changed',
      verdict: 'behaviour',
      subject: {kind: 'operation', key: 'placeOrder', label: '`POST /api/orders`'},
      pointer: '/paths/~1api~1orders/post',
      text: 'The operationId changed from `createOrder` to `placeOrder`: the HTTP request is the same, but code generated from the document names it differently.',
    });
  });

  it('an operation without an operationId is known by its method and path', () => {
    const change = only(rest({operationId: ' '}), rest({operationId: ' ', summary: 'Place an order'}));
    expect(change).toMatchObject({
      rule: 'description-changed',
      verdict: 'docs',
      subject: {key: 'POST /api/orders', anchor: 'post-api-orders'},
      anchors: ['post-api-orders'],
      text: 'Operation: summary reworded.',
    });
  });

  it("a deprecation's sunset date set, moved and withdrawn, and the deprecation lifted, each read as such", () => {
    const deprecated = (sunset?: string): Json =>
      rest({deprecated: true, ...(sunset !== undefined ? {'x-sunset': sunset} : {})});
    expect(lines(diff(deprecated(), deprecated('2027-06-30')))).toEqual([
      ['sunset-changed', 'behaviour', 'Operation: sunset date set to 2027-06-30.'],
    ]);
    expect(lines(diff(deprecated('2027-06-30'), deprecated('2027-03-31')))).toEqual([
      ['sunset-changed', 'behaviour', 'Operation: sunset date moved from 2027-06-30 to 2027-03-31.'],
    ]);
    expect(lines(diff(deprecated('2027-06-30'), deprecated()))).toEqual([
      ['sunset-changed', 'behaviour', 'Operation: the sunset date `2027-06-30` is withdrawn.'],
    ]);
    expect(lines(diff(deprecated('2027-06-30'), rest()))).toEqual([
      ['undeprecated', 'compatible', 'Operation is no longer deprecated.'],
    ]);
  });

  it('an operation removed after its sunset is an announced removal, and the release that announced it can be named', () => {
    const base = rest({deprecated: true, 'x-sunset': '2026-01-31'});
    const removed = only(base, rest({}, {paths: {}}));
    expect(removed).toMatchObject({
      rule: 'removed-as-announced',
      verdict: 'announced',
      subjectChange: 'removed',
      sunset: '2026-01-31',
      text: 'Operation removed as announced (sunset 2026-01-31): calls to it now fail.',
    });
    expect(removed.item).toBeUndefined();
    expect(reword(removed, {announcedIn: '2.3.0'}).text).toBe(
      'Operation removed as announced in 2.3.0 (sunset 2026-01-31): calls to it now fail.',
    );
    const early = only(rest({deprecated: true, 'x-sunset': '2027-06-30'}), rest({}, {paths: {}}));
    expect([early.rule, early.verdict, early.text]).toEqual([
      'removed-before-sunset',
      'breaking',
      'Operation removed before its sunset date (2027-06-30) had passed: requests that use it fail.',
    ]);
  });
});

describe('REST diff: security', () => {
  const schemes = {
    ApiKey: {type: 'apiKey', in: 'header', name: 'X-Api-Key'},
    Bearer: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT'},
    OAuth: {
      type: 'oauth2',
      flows: {clientCredentials: {tokenUrl: 'https://id.example.com/token', scopes: {}}},
    },
    Oidc: {type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com/a'},
  };
  const withSecurity = (operation: Json, securitySchemes: Json = schemes): Json =>
    rest(operation, {security: [{ApiKey: []}], components: {securitySchemes}});

  it("an operation's own requirements replacing the document's: one breaking line naming the credentials in words", () => {
    const change = only(withSecurity({}), withSecurity({security: [{Bearer: []}]}));
    expect(change).toMatchObject({
      rule: 'security-changed',
      verdict: 'breaking',
      subject: {key: 'createOrder'},
    });
    expect(change.text).toBe(
      'Authentication changed: now asks for a bearer token (JWT) in the `Authorization` header; no longer asks for an API key in the `X-Api-Key` header. Clients must authenticate as the document now says.',
    );
  });

  it('new scopes, or authentication made optional, change the combination without naming a new credential', () => {
    const scopes = only(
      withSecurity({security: [{OAuth: ['read']}]}),
      withSecurity({security: [{OAuth: ['trade', 'read']}]}),
    );
    const optional = only(withSecurity({}), withSecurity({security: [{ApiKey: []}, {}]}));
    for (const change of [scopes, optional])
      expect([change.rule, change.text]).toEqual([
        'security-changed',
        'Authentication changed: the combination of credentials it asks for changed. Clients must authenticate as the document now says.',
      ]);
    // The same scopes written in another order are the same requirement.
    expect(
      diff(
        withSecurity({security: [{OAuth: ['read', 'trade']}]}),
        withSecurity({security: [{OAuth: ['trade', 'read']}]}),
      ),
    ).toEqual([]);
  });

  it("a scheme's name and location changed for both operations: one line under all REST operations, in words", () => {
    const twoOperations = (apiKey: Json): Json => ({
      ...withSecurity({}, {...schemes, ApiKey: apiKey}),
      paths: {
        '/api/orders': {
          get: {operationId: 'listOrders', responses: {'200': {description: 'The orders.'}}},
          post: {operationId: 'createOrder', responses: {'200': {description: 'Created.'}}},
        },
      },
    });
    const change = only(
      twoOperations(schemes.ApiKey),
      twoOperations({type: 'apiKey', in: 'query', name: 'api_key'}),
    );
    expect(change).toMatchObject({
      rule: 'security-scheme-changed',
      verdict: 'breaking',
      subject: {kind: 'document', key: 'document', label: 'All REST operations (2)'},
      origin: '/components/securitySchemes/ApiKey',
      anchors: [],
    });
    expect(change.text).toBe(
      'The credentials asked for changed from an API key in the `X-Api-Key` header to an API key in the query parameter `api_key`. Clients must authenticate as the document now says.',
    );
  });

  it('a scheme changed in a field its words do not show is named by that field', () => {
    const oidc = (url: string): Json =>
      withSecurity(
        {security: [{Oidc: []}]},
        {...schemes, Oidc: {type: 'openIdConnect', openIdConnectUrl: url}},
      );
    const change = only(oidc('https://id.example.com/a'), oidc('https://id.example.com/b'));
    expect(change.text).toBe(
      'The credentials asked for changed (`openIdConnectUrl` changed from `https://id.example.com/a` to `https://id.example.com/b`). Clients must authenticate as the document now says.',
    );
  });

  it("schemeChanges says what was set, removed or changed, and leaves a scheme's description aside", () => {
    const bearer = {type: 'http', scheme: 'bearer'};
    expect(schemeChanges(bearer, {...bearer, bearerFormat: 'JWT'})).toEqual(['`bearerFormat` set to `JWT`']);
    expect(schemeChanges({...bearer, bearerFormat: 'JWT'}, bearer)).toEqual(['`bearerFormat` `JWT` removed']);
    expect(schemeChanges(bearer, {...bearer, scheme: 'basic'})).toEqual([
      '`scheme` changed from `bearer` to `basic`',
    ]);
    expect(schemeChanges(bearer, {...bearer, description: 'Reworded.'})).toEqual([]);
  });
});

describe('REST diff: servers', () => {
  it("servers set on one path item replace the document's for that path's operations only", () => {
    const doc = (itemServers?: Json[]): Json => ({
      ...rest(),
      servers: [{url: 'https://api.example.com'}],
      paths: {
        '/api/orders': {
          ...(itemServers !== undefined ? {servers: itemServers} : {}),
          post: {operationId: 'createOrder', responses: {'200': {description: 'Created.'}}},
        },
        '/api/trades': {get: {operationId: 'listTrades', responses: {'200': {description: 'The trades.'}}}},
      },
    });
    const changes = diff(doc(), doc([{url: 'https://eu.example.com'}]));
    expect(changes.map((c) => [c.subject.key, c.rule, c.verdict, c.text])).toEqual([
      ['createOrder', 'server-added', 'addition', 'New server `https://eu.example.com`.'],
      [
        'createOrder',
        'server-removed',
        'breaking',
        'Server `https://api.example.com` removed: clients that use it must switch to another.',
      ],
    ]);
    expect(changes.every((c) => c.origin === '/servers' && c.item === undefined)).toBe(true);
  });
});

describe('REST diff: parameters', () => {
  const limit = (extra: Json = {}): Json => ({
    name: 'limit',
    in: 'query',
    schema: {type: 'integer'},
    ...extra,
  });
  const withParameters = (...parameters: Json[]): Json => rest({parameters});

  it('a query parameter made required is breaking where the reader sends it; made optional, compatible', () => {
    const required = only(withParameters(limit()), withParameters(limit({required: true})));
    expect(required).toMatchObject({
      rule: 'field-became-required',
      verdict: 'breaking',
      direction: 'send',
      item: 'query parameter `limit`',
      anchors: ['createOrder.query.limit', 'createOrder'],
      pointer: '/paths/~1api~1orders/post/parameters/query:limit',
      text: 'Query parameter `limit` is now required: requests without it are refused.',
    });
    const optional = only(withParameters(limit({required: true})), withParameters(limit()));
    expect([optional.rule, optional.verdict, optional.text]).toEqual([
      'field-became-optional',
      'compatible',
      'Query parameter `limit` is now optional: requests may leave it out.',
    ]);
  });

  it("a required parameter added at the path's level reaches the operation: breaking; an optional one, an addition", () => {
    const account = {name: 'account', in: 'query', required: true, schema: {type: 'string'}};
    const atPath = (parameters: Json[]): Json => {
      const doc = rest();
      const paths = doc.paths as Record<string, Json>;
      return {...doc, paths: {'/api/orders': {...paths['/api/orders'], parameters}}};
    };
    expect(lines(diff(atPath([]), atPath([account, limit()])))).toEqual([
      [
        'required-field-added',
        'breaking',
        'New required query parameter `account`: requests without it are refused.',
      ],
      ['optional-field-added', 'addition', 'New optional query parameter `limit`: requests may include it.'],
    ]);
  });

  it('how a parameter is written (style, explode, allowReserved) is one line listing every change', () => {
    const ids = (extra: Json): Json => ({
      name: 'ids',
      in: 'query',
      schema: {type: 'array', items: {type: 'string'}},
      ...extra,
    });
    const change = only(
      withParameters(ids({style: 'form', explode: true})),
      withParameters(ids({style: 'pipeDelimited', explode: false, allowReserved: true})),
    );
    expect([change.rule, change.verdict, change.text]).toEqual([
      'serialization-changed',
      'breaking',
      'Query parameter `ids`: `style` changed from `form` to `pipeDelimited`, `explode` changed from `true` to `false`, `allowReserved` changed from unset to `true`. Requests must write it as the document now says.',
    ]);
    expect(only(withParameters(ids({style: 'form'})), withParameters(ids({}))).text).toBe(
      'Query parameter `ids`: `style` changed from `form` to unset. Requests must write it as the document now says.',
    );
  });

  it('a header parameter deprecated is a deprecation of that parameter, not of the operation', () => {
    const trace = (extra: Json = {}): Json => ({
      name: 'X-Trace-Id',
      in: 'header',
      schema: {type: 'string'},
      ...extra,
    });
    const change = only(withParameters(trace()), withParameters(trace({deprecated: true})));
    expect([change.rule, change.verdict, change.item, change.text]).toEqual([
      'deprecated',
      'deprecation',
      'header parameter `X-Trace-Id`',
      'Header parameter `X-Trace-Id` deprecated: plan to stop using it.',
    ]);
  });

  it("a value added to an array parameter's items names each item of the parameter", () => {
    const sides = (values: string[]): Json => ({
      name: 'sides',
      in: 'query',
      schema: {type: 'array', items: {type: 'string', enum: values}},
    });
    const change = only(
      withParameters(sides(['BUY', 'SELL'])),
      withParameters(sides(['BUY', 'SELL', 'SELL_SHORT'])),
    );
    expect(change).toMatchObject({
      rule: 'enum-value-added',
      verdict: 'compatible',
      addedValues: ['SELL_SHORT'],
      text: 'Each item of query parameter `sides` now also accepts `SELL_SHORT`.',
    });
  });

  it('a parameter written as content is compared through its media type, down to its fields', () => {
    const filter = (side: Json): Json => ({
      name: 'filter',
      in: 'query',
      content: {'application/json': {schema: {type: 'object', properties: {side}}}},
    });
    const change = only(
      withParameters(filter({type: 'string'})),
      withParameters(filter({type: 'string', maxLength: 4})),
    );
    expect(change).toMatchObject({
      rule: 'constraint-narrowed',
      verdict: 'breaking',
      pointer:
        '/paths/~1api~1orders/post/parameters/query:filter/content/application~1json/schema/properties/side',
      text: 'Field `side` of query parameter `filter`: maximum length of 4 added. Requests that were valid before may now be refused.',
    });
  });
});

describe('REST diff: the request body', () => {
  const body = (extra: Json = {}): Json => ({
    content: {'application/json': {schema: {type: 'object'}}},
    ...extra,
  });

  it('a body added is required or optional as the document says; removed, a check', () => {
    expect(lines(diff(rest(), rest({requestBody: body({required: true})})))).toEqual([
      ['required-field-added', 'breaking', 'New required request body: requests without it are refused.'],
    ]);
    expect(lines(diff(rest(), rest({requestBody: body()})))).toEqual([
      ['optional-field-added', 'addition', 'New optional request body: requests may include it.'],
    ]);
    expect(lines(diff(rest({requestBody: body()}), rest()))).toEqual([
      [
        'field-removed',
        'check',
        'Request body removed: requests that still include it may be refused, or have it ignored.',
      ],
    ]);
  });

  it('a body made required or optional', () => {
    expect(lines(diff(rest({requestBody: body()}), rest({requestBody: body({required: true})})))).toEqual([
      ['field-became-required', 'breaking', 'Request body is now required: requests without it are refused.'],
    ]);
    expect(lines(diff(rest({requestBody: body({required: true})}), rest({requestBody: body()})))).toEqual([
      ['field-became-optional', 'compatible', 'Request body is now optional: requests may leave it out.'],
    ]);
  });

  it('a content type dropped, an example and a description edited: one line each', () => {
    const base = rest({
      requestBody: {
        description: 'The order.',
        content: {
          'application/json': {schema: {type: 'object'}, example: {side: 'BUY'}},
          'application/xml': {schema: {type: 'object'}},
        },
      },
    });
    const revision = rest({
      requestBody: {
        description: 'The order to place.',
        content: {'application/json': {schema: {type: 'object'}, example: {side: 'SELL'}}},
      },
    });
    expect(lines(diff(base, revision))).toEqual([
      ['description-changed', 'docs', 'Request body: description reworded.'],
      ['example-changed', 'docs', 'Request body: example changed.'],
      [
        'media-type-removed',
        'breaking',
        'Request body can no longer be sent as `application/xml`: such requests are refused.',
      ],
    ]);
  });
});

describe('REST diff: responses and their headers', () => {
  it('responses matched by status: a success removed is breaking, an error removed no longer documented, new ones to handle', () => {
    const responses = (r: Json): Json => rest({responses: r});
    const changes = diff(
      responses({'200': {description: 'Created.'}, '404': {description: 'Not found.'}}),
      responses({'201': {description: 'Created.'}, default: {description: 'An error.'}}),
    );
    expect(changes.map((c) => [c.rule, c.verdict, c.direction, c.text])).toEqual([
      [
        'response-removed',
        'breaking',
        'receive',
        'The 200 response removed: clients that expect it will get another response.',
      ],
      ['error-response-removed', 'compatible', 'receive', 'The 404 response is no longer documented.'],
      ['response-added', 'behaviour', 'receive', 'New 201 response: clients must be ready to handle it.'],
      [
        'error-response-added',
        'behaviour',
        'receive',
        'New default error response: clients should handle it.',
      ],
    ]);
    expect(changes[0]?.anchors[0]).toBe('createOrder.response-200');
  });

  it('headers of a response: each added, removed, made required or optional, deprecated or narrowed is one line, for what the reader receives', () => {
    const integer = (maximum: number): Json => ({type: 'integer', maximum});
    const base = rest({
      responses: {
        '200': {
          description: 'Created.',
          headers: {
            'X-Old': {schema: {type: 'string'}},
            'X-Limit': {required: true, schema: integer(100)},
            'X-Page': {schema: {type: 'integer'}},
          },
        },
      },
    });
    const revision = rest({
      responses: {
        '200': {
          description: 'Created.',
          headers: {
            'X-Limit': {schema: integer(1000)},
            'X-Page': {required: true, deprecated: true, schema: {type: 'integer'}},
            'X-New': {required: true, schema: {type: 'string'}},
            'X-Opt': {schema: {type: 'string'}},
          },
        },
      },
    });
    const changes = diff(base, revision);
    expect(changes.every((c) => c.direction === 'receive' && c.subject.key === 'createOrder')).toBe(true);
    expect(lines(changes)).toEqual([
      [
        'field-removed',
        'breaking',
        'Header `X-Old` of the 200 response removed: clients that read it will no longer find it.',
      ],
      [
        'field-became-optional',
        'breaking',
        'Header `X-Limit` of the 200 response is now optional: it may be absent, so clients must not rely on it.',
      ],
      [
        'constraint-widened',
        'breaking',
        'Header `X-Limit` of the 200 response: maximum raised from 100 to 1000. Clients must accept values outside the previous rules.',
      ],
      ['field-became-required', 'compatible', 'Header `X-Page` of the 200 response is now always present.'],
      ['deprecated', 'deprecation', 'Header `X-Page` of the 200 response deprecated: plan to stop using it.'],
      ['required-field-added', 'addition', 'New header `X-New` of the 200 response, always present.'],
      ['optional-field-added', 'addition', 'New optional header `X-Opt` of the 200 response.'],
    ]);
    expect(changes.find((c) => c.rule === 'constraint-widened')?.anchors).toEqual([
      'createOrder.response-200.header.X-Limit',
      'createOrder.response-200',
      'createOrder',
    ]);
  });

  it("a response that is a list names its items' fields from `[]`, and anchors them below the response", () => {
    const list = (sides: string[]): Json =>
      rest({
        responses: {
          '200': {
            description: 'The orders.',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {type: 'object', properties: {side: {type: 'string', enum: sides}}},
                },
              },
            },
          },
        },
      });
    const change = only(list(['BUY', 'SELL']), list(['BUY', 'SELL', 'SELL_SHORT']));
    expect([change.verdict, change.text, change.anchors[0]]).toEqual([
      'breaking',
      'Field `[].side` of the 200 response can now be `SELL_SHORT`: clients must be ready to receive it.',
      'createOrder.response-200[].side',
    ]);
  });

  it('a field inside a header written as an object is named inside that header', () => {
    const quota = (maximum: number): Json =>
      rest({
        responses: {
          '200': {
            description: 'Created.',
            headers: {
              'X-Quota': {schema: {type: 'object', properties: {remaining: {type: 'integer', maximum}}}},
            },
          },
        },
      });
    expect(only(quota(100), quota(50)).text).toBe(
      'Field `remaining` of header `X-Quota` of the 200 response: maximum lowered from 100 to 50. What you receive stays within the previous rules.',
    );
  });

  it('a shared response reworded is found under every operation that uses it; left alone, it adds nothing', () => {
    const doc = (notFound: string, created = 'Created.'): Json => ({
      ...rest(),
      paths: {
        '/api/orders': {
          get: {
            operationId: 'listOrders',
            responses: {
              '200': {description: 'The orders.'},
              '404': {$ref: '#/components/responses/NotFound'},
            },
          },
          post: {
            operationId: 'createOrder',
            responses: {'200': {description: created}, '404': {$ref: '#/components/responses/NotFound'}},
          },
        },
      },
      components: {responses: {NotFound: {description: notFound}}},
    });
    const reworded = diff(doc('Not found.'), doc('No such order.'));
    expect(reworded.map((c) => [c.subject.key, c.rule, c.text, c.origin, c.pointer])).toEqual([
      [
        'listOrders',
        'description-changed',
        'The 404 response: description reworded.',
        '/components/responses/NotFound',
        '/paths/~1api~1orders/get/responses/404',
      ],
      [
        'createOrder',
        'description-changed',
        'The 404 response: description reworded.',
        '/components/responses/NotFound',
        '/paths/~1api~1orders/post/responses/404',
      ],
    ]);
    const elsewhere = diff(doc('Not found.'), doc('Not found.', 'The order placed.'));
    expect(elsewhere.map((c) => [c.subject.key, c.text])).toEqual([
      ['createOrder', 'The 200 response: description reworded.'],
    ]);
  });
});

describe('REST diff: webhooks', () => {
  const hooks = (webhooks: Json): Json => ({
    openapi: '3.1.0',
    info: {title: 'Hooks', version: '1.0.0'},
    webhooks,
  });
  const filled = (headers: Json = {}): Json => ({
    post: {responses: {'200': {description: 'Received.', headers}}},
  });

  it('a webhook without an operationId is named by its key and method, added and removed', () => {
    const added = only(hooks({}), hooks({orderFilled: filled()}));
    expect(added).toMatchObject({
      rule: 'operation-added',
      subjectChange: 'added',
      subject: {
        kind: 'operation',
        key: 'webhook orderFilled POST',
        label: 'webhook `orderFilled` (POST)',
        anchor: 'webhook-orderfilled-post',
      },
      text: 'New operation.',
    });
    const removed = only(hooks({orderFilled: filled()}), hooks({}));
    expect([removed.rule, removed.subjectChange, removed.verdict, removed.subject.label]).toEqual([
      'operation-removed',
      'removed',
      'breaking',
      'webhook `orderFilled` (POST)',
    ]);
  });

  it('a webhook with an operationId is known and anchored by it', () => {
    const named = (description: string): Json =>
      hooks({
        orderFilled: {
          post: {operationId: 'onOrderFilled', description, responses: {'200': {description: 'OK'}}},
        },
      });
    const change = only(named('Sent when an order fills.'), named('Sent when an order is filled.'));
    expect(change.subject).toEqual({
      kind: 'operation',
      key: 'onOrderFilled',
      label: 'webhook `orderFilled` (POST)',
      anchor: 'onOrderFilled',
    });
    expect(change.text).toBe('Operation: description reworded.');
  });

  it("a required header added to a webhook's response is what the reader must now send: breaking, in the words of responses", () => {
    const change = only(
      hooks({orderFilled: filled()}),
      hooks({orderFilled: filled({'X-Ack': {required: true, schema: {type: 'string'}}})}),
    );
    expect([change.rule, change.direction, change.verdict, change.text]).toEqual([
      'required-field-added',
      'send',
      'breaking',
      'New required header `X-Ack` of the 200 response: responses without it are refused.',
    ]);
  });
});
