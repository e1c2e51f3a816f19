/**
 * Which payloads get a validator, and what happens with documents nobody on the
 * project wrote (the shared corpus) and with schemas that cannot be compiled:
 * the build never fails, the module says why.
 */
import {describe, expect, it} from 'vitest';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {readDocument} from '../../../plugins/api-reference/identity';
import {findTargets} from '../../../plugins/api-reference/validator/targets';
import {unsafeCodeReason} from '../../../plugins/api-reference/validator/compile';
import {validatorFileName} from '../../../plugins/api-reference/client/validators';
import {validateText} from '../../../src/components/ApiReference/Validator/core';
import {CORPUS, HAVE_CORPUS, compileAll, openApiWith, validatorOf} from './helpers';

const EMPTY_OPENAPI = {openapi: '3.1.0', info: {title: 'x', version: '1'}, paths: {}};

function asyncApi(extra: Record<string, unknown>): Record<string, unknown> {
  return {asyncapi: '3.0.0', info: {title: 'x', version: '1'}, ...extra};
}

describe('targets', () => {
  it('takes the JSON request body of every operation, resolving $refs, and no webhook', () => {
    const doc = {
      openapi: '3.1.0',
      info: {title: 'x', version: '1'},
      paths: {
        '/a': {
          post: {operationId: 'createA', requestBody: {$ref: '#/components/requestBodies/A'}},
          get: {operationId: 'listA'},
        },
        '/b/{id}': {
          put: {
            requestBody: {content: {'application/vnd.api+json; charset=utf-8': {schema: {type: 'object'}}}},
          },
        },
        '/c': {
          post: {
            operationId: 'upload',
            requestBody: {content: {'multipart/form-data': {schema: {type: 'object'}}}},
          },
        },
      },
      webhooks: {
        hook: {post: {operationId: 'hook', requestBody: {content: {'application/json': {schema: {}}}}}},
      },
      components: {
        requestBodies: {A: {content: {'text/plain': {}, 'application/json': {schema: {type: 'object'}}}}},
      },
    };
    expect(findTargets({openapi: doc, asyncapi: null})).toEqual([
      {
        target: 'rest:createA',
        label: 'POST /a',
        document: 'openapi',
        dialect: '2020-12',
        pointer: '/components/requestBodies/A/content/application~1json/schema',
      },
      {
        target: 'rest:put-b-id',
        label: 'PUT /b/{id}',
        document: 'openapi',
        dialect: '2020-12',
        pointer: '/paths/~1b~1{id}/put/requestBody/content/application~1vnd.api+json; charset=utf-8/schema',
      },
      {
        target: 'rest:upload',
        label: 'POST /c',
        document: 'openapi',
        dialect: '2020-12',
        pointer: null,
        unavailable: 'the request body is multipart/form-data, not JSON',
      },
    ]);
  });

  it('takes the messages of receive operations and the replies of send operations', () => {
    const doc = asyncApi({
      channels: {
        room: {
          messages: {
            say: {$ref: '#/components/messages/say'},
            heard: {$ref: '#/components/messages/heard'},
            ping: {name: 'ping', payload: {type: 'object'}},
          },
        },
        other: {messages: {inline: {payload: {type: 'string'}}}},
      },
      operations: {
        speak: {
          action: 'receive',
          channel: {$ref: '#/channels/room'},
          messages: [{$ref: '#/channels/room/messages/say'}],
        },
        listen: {
          action: 'send',
          channel: {$ref: '#/channels/room'},
          messages: [{$ref: '#/channels/room/messages/heard'}],
        },
        ask: {
          action: 'send',
          channel: {$ref: '#/channels/room'},
          messages: [{$ref: '#/channels/room/messages/heard'}],
          reply: {channel: {$ref: '#/channels/room'}, messages: [{$ref: '#/channels/room/messages/ping'}]},
        },
        everything: {action: 'receive', channel: {$ref: '#/channels/other'}},
      },
      components: {
        messages: {
          say: {payload: {$ref: '#/components/schemas/Say'}},
          heard: {payload: {type: 'string'}},
        },
        schemas: {Say: {type: 'object'}},
      },
    });
    expect(
      findTargets({openapi: EMPTY_OPENAPI, asyncapi: doc}).map(({target, pointer}) => [target, pointer]),
    ).toEqual([
      ['ws:say', '/components/schemas/Say'],
      ['ws:ping', '/channels/room/messages/ping/payload'],
      ['ws:inline', '/channels/other/messages/inline/payload'],
    ]);
  });

  it('names files injectively', () => {
    expect(validatorFileName('rest:createBulkOrder')).toBe('rest-createBulkOrder.js');
    expect(validatorFileName('ws:new_order')).toBe('ws-new_order.js');
    expect(validatorFileName('rest:PUT /b/{id}')).toBe('rest-PUT~20.~2f.b~2f.~7b.id~7d..js');
    const names = ['a.b', 'a~2e.b', 'a/b', 'a_b', 'a-b', 'aé'].map((name) =>
      validatorFileName(`rest:${name}`),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('compiling unusual schemas', () => {
  it('reads OpenAPI 3.0 nullable and boolean exclusive bounds, and ignores OpenAPI-only keywords', async () => {
    const doc = openApiWith(
      {
        nullable: {
          type: 'object',
          properties: {
            note: {type: 'string', nullable: true, example: 'x', xml: {name: 'n'}},
            price: {type: 'number', minimum: 0, exclusiveMinimum: true},
          },
          discriminator: {propertyName: 'kind'},
          externalDocs: {url: 'https://example.com'},
        },
      },
      '3.0.3',
    );
    const compiled = await compileAll({openapi: doc, asyncapi: null});
    const validate = validatorOf(compiled, 'rest:nullable');
    expect(validateText('{"note": null, "price": 1}', validate)).toEqual({kind: 'valid'});
    expect(validateText('{"price": 0}', validate)).toMatchObject({
      kind: 'invalid',
      errors: [{pointer: '/price', message: 'must be greater than 0'}],
    });
  });

  it('does not require read-only properties in a request', async () => {
    const compiled = await compileAll({
      openapi: openApiWith({
        create: {$ref: '#/components/schemas/Thing'},
      }),
      asyncapi: null,
    });
    expect(compiled.get('rest:create')?.entry.status).toBe('unavailable');
    const doc = {
      ...openApiWith({create: {$ref: '#/components/schemas/Thing'}}),
      components: {
        schemas: {
          Thing: {
            type: 'object',
            required: ['id', 'name'],
            properties: {id: {$ref: '#/components/schemas/Id'}, name: {type: 'string'}},
          },
          Id: {type: 'string', readOnly: true},
        },
      },
    };
    const withSchemas = await compileAll({openapi: doc, asyncapi: null});
    expect(validateText('{"name": "x"}', validatorOf(withSchemas, 'rest:create'))).toEqual({kind: 'valid'});
  });

  it('ships an "unavailable" module, never a build failure, for schemas it cannot compile', async () => {
    const compiled = await compileAll({
      openapi: openApiWith({
        remote: {$ref: 'https://example.com/schemas/order.json'},
        badPattern: {type: 'string', pattern: '(unclosed'},
        broken: {$ref: '#/components/schemas/Missing'},
      }),
      asyncapi: asyncApi({
        operations: {
          a: {
            action: 'receive',
            messages: [{$ref: '#/components/messages/avro'}, {$ref: '#/components/messages/empty'}],
          },
        },
        components: {
          messages: {
            avro: {
              payload: {
                schemaFormat: 'application/vnd.apache.avro;version=1.9.0',
                schema: {type: 'record', name: 'x', fields: []},
              },
            },
            empty: {},
          },
        },
      }),
    });
    const reasons = Object.fromEntries(
      [...compiled].map(([target, item]) => [target, item.module.unavailable]),
    );
    expect(reasons).toEqual({
      'rest:remote': expect.stringMatching(/cannot be compiled: .*order\.json/) as unknown as string,
      'rest:badPattern': expect.stringMatching(
        /cannot be compiled: .*unclosed|Invalid regular expression/,
      ) as unknown as string,
      'rest:broken': expect.stringMatching(/cannot be compiled/) as unknown as string,
      'ws:avro':
        'the payload schema is written in application/vnd.apache.avro;version=1.9.0, not JSON Schema',
      'ws:empty': 'the message has no payload schema',
    });
    for (const item of compiled.values()) expect(item.module.validate).toBeUndefined();
  });

  it('compiles JSON Schema 2020-12 payloads of AsyncAPI multi-format schemas', async () => {
    const compiled = await compileAll({
      openapi: EMPTY_OPENAPI,
      asyncapi: asyncApi({
        operations: {a: {action: 'receive', messages: [{$ref: '#/components/messages/pair'}]}},
        components: {
          messages: {
            pair: {
              payload: {
                schemaFormat: 'application/schema+json;version=2020-12',
                schema: {type: 'array', prefixItems: [{type: 'string'}, {type: 'integer'}], items: false},
              },
            },
          },
        },
      }),
    });
    const validate = validatorOf(compiled, 'ws:pair');
    expect(validateText('["a", 1]', validate)).toEqual({kind: 'valid'});
    expect(validateText('["a", 1, 2]', validate)).toMatchObject({
      kind: 'invalid',
      errors: [{message: 'must have at most 2 items (it has 3 items)'}],
    });
  });
});

describe.skipIf(!HAVE_CORPUS)('the shared corpus', () => {
  const files = (folder: string): string[] =>
    HAVE_CORPUS ? readdirSync(path.join(CORPUS, folder)).filter((file) => /\.ya?ml$/.test(file)) : [];

  for (const file of files('openapi')) {
    it(`openapi/${file}: every request body gets a module, and ready ones are safe`, async () => {
      const doc = readDocument(path.join(CORPUS, 'openapi', file));
      const compiled = await compileAll({openapi: doc, asyncapi: null});
      for (const [target, item] of compiled) {
        expect(item.module.target).toBe(target);
        if (item.entry.status === 'ready') {
          expect(unsafeCodeReason(item.source)).toBeNull();
          // Any JSON gives an outcome, never an exception.
          const validate = validatorOf(compiled, target);
          expect(['valid', 'invalid']).toContain(validateText('{"x": [1, "two", null]}', validate).kind);
        } else {
          expect(item.entry.reason).toMatch(/\w/);
        }
      }
    });
  }

  for (const file of files('asyncapi')) {
    it(`asyncapi/${file}: every message the client sends gets a module`, async () => {
      const doc = readDocument(path.join(CORPUS, 'asyncapi', file));
      const compiled = await compileAll({openapi: EMPTY_OPENAPI, asyncapi: doc});
      for (const [, item] of compiled) {
        if (item.entry.status === 'ready') expect(unsafeCodeReason(item.source)).toBeNull();
        else expect(item.entry.reason).toMatch(/\w/);
      }
    });
  }

  it('museum.yaml: createSpecialEvent checks dates and required fields', async () => {
    const compiled = await compileAll({
      openapi: readDocument(path.join(CORPUS, 'openapi/museum.yaml')),
      asyncapi: null,
    });
    const outcome = validateText(
      '{"name": "Pirate Coding Workshop", "location": "Seattle", "eventDescription": "x", "dates": ["2023-02-30"]}',
      validatorOf(compiled, 'rest:createSpecialEvent'),
    );
    expect(outcome).toMatchObject({
      kind: 'invalid',
      errors: [
        {pointer: '', message: 'must have the required property "price"'},
        {pointer: '/dates/0', message: 'must be a date (YYYY-MM-DD)', value: '"2023-02-30"'},
      ],
    });
  });
});
