/**
 * JSON Schemas of the WebSocket messages (plugins/machine-readable/ws-schemas.ts):
 * each is self-contained, compiles with Ajv's 2020-12 class and accepts the
 * message's examples from the AsyncAPI document the build uses.
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {compileAsConsumer} from '../../helpers/consumerAjv';
import {describe, expect, test} from 'vitest';
import {readDocument, resolveSpecPaths} from '../../../plugins/api-reference/identity';
import {isObject, type Json, type JsonObject} from '../../../plugins/api-reference/document';
import {
  JSON_SCHEMA_DIALECT,
  buildMessageSchemas,
  examplePayloads,
  schemaIndex,
} from '../../../plugins/machine-readable/ws-schemas';

const ROOT = path.resolve(__dirname, '../../..');
const BASE = 'https://docs.example.com/downloads/ws-schemas/';
const CORPUS = path.resolve(ROOT, '../shared/corpus/asyncapi');

/** Every `$ref` of a schema, with where it sits. */
function refs(node: Json, at = ''): {at: string; ref: string}[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => refs(item, `${at}/${i}`));
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === '$ref' && typeof value === 'string' ? [{at, ref: value}] : []),
    ...(key === 'examples' || key === 'const' || key === 'enum' || key === 'default'
      ? []
      : refs(value, `${at}/${key}`)),
  ]);
}

function resolvesInside(schema: JsonObject, ref: string): boolean {
  if (ref === '#') return true;
  if (!ref.startsWith('#/')) return false;
  let node: Json | undefined = schema;
  for (const token of ref.slice(2).split('/')) {
    node = isObject(node) ? node[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return node !== undefined;
}

describe('the AsyncAPI document of the build', () => {
  const specPaths = resolveSpecPaths(ROOT);
  const doc = readDocument(specPaths.asyncapi) as JsonObject;
  const result = buildMessageSchemas(doc, {baseUrl: BASE});
  const components =
    isObject(doc.components) && isObject(doc.components.messages) ? doc.components.messages : {};

  test('one schema per message, nothing skipped, no warnings', () => {
    expect(result.messages.map((m) => m.name).sort()).toEqual(Object.keys(components).sort());
    expect(result.messages.length).toBeGreaterThan(0);
    expect(result.skipped).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  for (const message of result.messages) {
    describe(message.name, () => {
      const {schema} = message;
      const raw = components[message.name];
      const examples = isObject(raw) ? examplePayloads(doc, raw) : [];

      test('names its dialect, id, title and description', () => {
        expect(schema.$schema).toBe(JSON_SCHEMA_DIALECT);
        expect(schema.$id).toBe(`${BASE}${message.name}.schema.json`);
        expect(typeof schema.title).toBe('string');
        expect(String(schema.description ?? '')).not.toBe('');
      });

      test('is self-contained: every $ref points into the schema itself', () => {
        for (const {at, ref} of refs(schema))
          expect(resolvesInside(schema, ref), `${ref} at ${at}`).toBe(true);
        expect(JSON.stringify(schema)).not.toContain('#/components/');
      });

      test('compiles with Ajv 2020 and accepts every example of the message in the AsyncAPI document', () => {
        const validate = compileAsConsumer(schema);
        expect(examples.length).toBeGreaterThan(0);
        for (const example of examples) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      });

      test('rejects what is not the message', () => {
        const validate = compileAsConsumer(schema);
        expect(validate({})).toBe(false);
        expect(validate({[message.name]: {}, unexpected: true})).toBe(false);
      });
    });
  }

  test('who sends what: client requests and server answers', () => {
    const sentBy = Object.fromEntries(result.messages.map((m) => [m.name, m.sentBy]));
    expect(sentBy.new_order).toBe('client');
    expect(sentBy.subscribe_price_channel).toBe('client');
    expect(sentBy.order_execution).toBe('server');
    expect(sentBy.price_update).toBe('server');
  });

  test('the index lists every schema file with its URL', () => {
    const index = schemaIndex(doc, result, {baseUrl: BASE});
    const listed = Array.isArray(index.messages) ? index.messages.filter(isObject) : [];
    expect(listed.map((m) => m.file)).toEqual(result.messages.map((m) => m.file));
    expect(listed.every((m) => m.url === `${BASE}${String(m.file)}`)).toBe(true);
  });

  test('the index states no envelope as fact: the document marks it as its reading, and the index lists the readings (issue 31)', () => {
    const index = schemaIndex(doc, result, {baseUrl: BASE});
    expect(String(index.description)).not.toMatch(/Messages are JSON objects with one member/);
    const readings = Array.isArray(index.readings) ? index.readings.filter(isObject) : [];
    const envelope = readings.find((r) => r.id === 'message-envelope');
    expect(String(envelope?.text)).toMatch(/one member, named after the message/);
    expect(readings.map((r) => r.id)).toContain('websocket-version');
  });
});

describe('draft-07 and AsyncAPI keywords become JSON Schema 2020-12', () => {
  const doc: JsonObject = {
    asyncapi: '3.0.0',
    info: {title: 'T', version: '1'},
    components: {
      messages: {
        tuple: {
          payload: {
            type: 'object',
            'x-internal': true,
            discriminator: 'kind',
            externalDocs: {url: 'https://example.org'},
            properties: {
              pair: {
                type: 'array',
                items: [{type: 'string'}, {$ref: '#/components/schemas/Num'}],
                additionalItems: false,
              },
              kind: {type: 'string', example: 'a'},
              node: {$ref: '#/components/schemas/Node'},
            },
            dependencies: {a: ['b'], c: {required: ['d']}},
          },
        },
        avro: {
          payload: {schemaFormat: 'application/vnd.apache.avro;version=1.9.0', schema: {type: 'record'}},
        },
        empty: {title: 'No payload'},
        external: {payload: {$ref: 'other.yaml#/Thing'}},
        multi: {
          payload: {schemaFormat: 'application/schema+json;version=draft-07', schema: {type: 'string'}},
        },
      },
      schemas: {
        Num: {$id: 'urn:num', type: 'number'},
        Node: {type: 'object', properties: {next: {$ref: '#/components/schemas/Node'}}},
      },
    },
  };
  const result = buildMessageSchemas(doc, {baseUrl: BASE});
  const byName = Object.fromEntries(result.messages.map((m) => [m.name, m.schema]));

  test('tuple items, additionalItems, dependencies and example are rewritten', () => {
    const properties = byName.tuple?.properties as JsonObject;
    expect(properties.pair).toEqual({
      type: 'array',
      prefixItems: [{type: 'string'}, {$ref: '#/$defs/Num'}],
      items: false,
    });
    expect(properties.kind).toEqual({type: 'string', examples: ['a']});
    expect(byName.tuple?.dependentRequired).toEqual({a: ['b']});
    expect(byName.tuple?.dependentSchemas).toEqual({c: {required: ['d']}});
  });

  test('AsyncAPI annotations and nested $id are dropped; recursion stays inside $defs', () => {
    const text = JSON.stringify(byName.tuple);
    for (const gone of ['x-internal', 'discriminator', 'externalDocs', 'urn:num'])
      expect(text).not.toContain(gone);
    expect((byName.tuple?.$defs as JsonObject).Node).toEqual({
      type: 'object',
      properties: {next: {$ref: '#/$defs/Node'}},
    });
    const validate = compileAsConsumer(byName.tuple as JsonObject);
    expect(validate({pair: ['x', 1], node: {next: {next: {}}}})).toBe(true);
    expect(validate({pair: ['x', 1, 2]})).toBe(false);
    expect(validate({a: 1})).toBe(false);
  });

  test('non-JSON-Schema payloads and messages without payload are skipped with a reason', () => {
    expect(result.skipped).toEqual([
      {
        name: 'avro',
        reason: 'its payload is written in application/vnd.apache.avro;version=1.9.0, not JSON Schema',
      },
      {name: 'empty', reason: 'the message has no payload'},
    ]);
    expect(byName.multi).toMatchObject({type: 'string'});
  });

  test('an external $ref is left alone with a warning', () => {
    expect(result.warnings).toEqual([
      'message external: external $ref "other.yaml#/Thing" is left as it is (only references inside the AsyncAPI document are bundled)',
    ]);
  });

  test('a $ref that leads nowhere fails, naming the message', () => {
    const broken: JsonObject = {
      components: {messages: {m: {payload: {properties: {a: {$ref: '#/components/schemas/Missing'}}}}}},
    };
    expect(() => buildMessageSchemas(broken, {baseUrl: BASE})).toThrow(
      'message m: $ref "#/components/schemas/Missing" does not resolve',
    );
  });

  test('AsyncAPI 2: publish is sent by the client, subscribe by the server', () => {
    const v2: JsonObject = {
      asyncapi: '2.6.0',
      channels: {
        a: {publish: {message: {name: 'ping', payload: {type: 'object'}}}},
        b: {
          subscribe: {
            message: {
              oneOf: [{name: 'pong', payload: {type: 'object'}}, {$ref: '#/components/messages/tick'}],
            },
          },
        },
      },
      components: {messages: {tick: {payload: {type: 'integer'}}}},
    };
    const r = buildMessageSchemas(v2, {baseUrl: BASE});
    expect(r.messages.map((m) => [m.name, m.sentBy, m.channels])).toEqual([
      ['tick', 'server', ['b']],
      ['ping', 'client', ['a']],
      ['pong', 'server', ['b']],
    ]);
  });
});

describe('robustness: public AsyncAPI documents (../shared/corpus)', () => {
  const files = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => /\.ya?ml$/.test(f)) : [];
  if (files.length === 0) {
    test.skip(`no corpus at ${CORPUS}: robustness checks skipped`, () => undefined);
    return;
  }
  for (const file of files) {
    test(`${file}: every message gets a schema or a reason, and every schema compiles`, () => {
      const doc = readDocument(path.join(CORPUS, file)) as JsonObject;
      const result = buildMessageSchemas(doc, {baseUrl: BASE});
      const components =
        isObject(doc.components) && isObject(doc.components.messages)
          ? Object.keys(doc.components.messages)
          : [];
      const names = [...result.messages.map((m) => m.name), ...result.skipped.map((s) => s.name)];
      for (const name of components) expect(names).toContain(name);
      expect(result.messages.length + result.skipped.length).toBeGreaterThan(0);
      for (const message of result.messages) {
        for (const {ref} of refs(message.schema))
          expect(resolvesInside(message.schema, ref), `${message.name}: ${ref}`).toBe(true);
        expect(() => compileAsConsumer(message.schema), message.name).not.toThrow();
      }
    });
  }
});
