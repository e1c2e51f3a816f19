/**
 * The Postman collection (plugins/machine-readable/postman.ts): made by
 * openapi-to-postmanv2 from the OpenAPI document the build uses, loaded back
 * with Postman's own SDK (postman-collection), one request per operation, and
 * no network access while converting.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {Collection, type Item} from 'postman-collection';
import {afterEach, beforeEach, describe, expect, test, vi} from 'vitest';
import {identityFromDocuments, readDocument, resolveSpecPaths} from '../../../plugins/api-reference/identity';
import {deref, isObject, pathItemOperations, type JsonObject} from '../../../plugins/api-reference/document';
import {operationParameters, parameterExample} from '../../../plugins/api-reference/openapi/parameters';
import {sampleValue} from '../../../plugins/api-reference/openapi/operations';
import {
  POSTMAN_SCHEMA,
  collectionRequests,
  postmanCollection,
  seededRandom,
  stableId,
} from '../../../plugins/machine-readable/postman';

const ROOT = path.resolve(__dirname, '../../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus/openapi');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `METHOD /path/{param}` of every operation under `paths`. */
function operations(doc: JsonObject): string[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  return Object.entries(paths).flatMap(([route, raw]) => {
    const item = deref(doc, raw).node;
    return isObject(item)
      ? METHODS.filter((m) => isObject(item[m])).map((m) => `${m.toUpperCase()} ${route}`)
      : [];
  });
}

/** `METHOD /path/{param}` of a request of the collection, as the SDK reads it. */
function requestKey(item: Item): string {
  const route =
    item.request.url.path
      ?.map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment))
      .join('/') ?? '';
  return `${item.request.method} /${route}`;
}

/** Network access during a conversion is a failure: every way out of the process is stubbed. */
const attempts: string[] = [];
beforeEach(() => {
  attempts.length = 0;
  const refuse = (what: string) => (): never => {
    attempts.push(what);
    throw new Error(`network access attempted: ${what}`);
  };
  vi.spyOn(http, 'request').mockImplementation(refuse('http.request'));
  vi.spyOn(http, 'get').mockImplementation(refuse('http.get'));
  vi.spyOn(https, 'request').mockImplementation(refuse('https.request'));
  vi.spyOn(https, 'get').mockImplementation(refuse('https.get'));
  vi.spyOn(net, 'connect').mockImplementation(refuse('net.connect'));
  vi.spyOn(net, 'createConnection').mockImplementation(refuse('net.createConnection'));
  vi.spyOn(tls, 'connect').mockImplementation(refuse('tls.connect'));
  vi.stubGlobal('fetch', refuse('fetch'));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expect(attempts).toEqual([]);
});

test('the network guard is on: a request fails and is recorded', () => {
  expect(() => https.request('https://example.org')).toThrow('network access attempted: https.request');
  expect(attempts).toEqual(['https.request']);
  attempts.length = 0;
});

describe('the OpenAPI document of the build', () => {
  const specPaths = resolveSpecPaths(ROOT);
  const doc = readDocument(specPaths.openapi) as JsonObject;
  const identity = identityFromDocuments(doc, readDocument(specPaths.asyncapi), specPaths.openapi);
  const preproduction = identity.restServers.find((s) => s.isDefault);
  const options = {
    ...(preproduction !== undefined
      ? {defaultServer: {name: preproduction.name, url: preproduction.url}}
      : {}),
    servers: identity.restServers.map((s) => ({name: s.name, url: s.url})),
  };

  test("makes nothing up: every value is the document's (two seeds give the same file)", async () => {
    const first = JSON.stringify(await postmanCollection(doc, {...options, seed: 1}));
    expect(JSON.stringify(await postmanCollection(doc, {...options, seed: 2}))).toBe(first);
  });

  test('loads with the Postman SDK: one request per operation, each matching its method and path', async () => {
    const json = await postmanCollection(doc, options);
    expect(Collection.isCollection(new Collection(json))).toBe(true);
    const collection = new Collection(json);
    const keys: string[] = [];
    collection.forEachItem((item) => keys.push(requestKey(item)));
    expect(keys.sort()).toEqual(operations(doc).sort());
    expect(keys.length).toBe(collectionRequests(json).length);
    // What the SDK writes back is the same collection.
    expect(collectionRequests(collection.toJSON() as JsonObject).length).toBe(keys.length);
  });

  test('v2.1 schema, pre-production base URL, bearer token variable inherited by every request', async () => {
    const json = await postmanCollection(doc, options);
    expect(preproduction?.name).toMatch(/pre-?production/i);
    expect(json.info).toMatchObject({schema: POSTMAN_SCHEMA, name: identity.title});
    expect(json.variable).toEqual(
      expect.arrayContaining([
        expect.objectContaining({key: 'baseUrl', value: preproduction?.url}),
        expect.objectContaining({key: 'bearerToken', value: ''}),
      ]),
    );
    expect(json.auth).toEqual({
      type: 'bearer',
      bearer: [{key: 'token', value: '{{bearerToken}}', type: 'string'}],
    });
    for (const item of collectionRequests(json)) {
      const request = item.request as JsonObject;
      expect(isObject(request.auth) && request.auth.type === 'bearer', String(item.name)).toBe(false);
      expect(JSON.stringify(request.url)).toContain('{{baseUrl}}');
    }
    const sdk = new Collection(json);
    expect(sdk.auth?.type).toBe('bearer');
    expect(sdk.variables.get('baseUrl')).toBe(preproduction?.url);
  });

  test('the description says how to use it; every other environment is named', async () => {
    const json = await postmanCollection(doc, options);
    const description =
      isObject(json.info) && isObject(json.info.description) ? String(json.info.description.content) : '';
    expect(description).toContain('bearerToken');
    for (const server of identity.restServers) expect(description).toContain(server.url);
  });

  test('two conversions give the same file (ids come from names)', async () => {
    const [a, b] = [await postmanCollection(doc, options), await postmanCollection(doc, options)];
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(stableId('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableId('x')).not.toBe(stableId('y'));
  });

  test('query parameters keep their names even when the example is falsy (0, false)', async () => {
    const json = await postmanCollection(doc, options);
    const keys = collectionRequests(json).flatMap((item) => {
      const url = (item.request as JsonObject).url;
      return isObject(url) && Array.isArray(url.query)
        ? url.query.filter(isObject).map((q) => String(q.key))
        : [];
    });
    expect(keys).not.toContain('value');
    expect(keys).toEqual(expect.arrayContaining(['skip', 'limit']));
  });

  test("every parameter value is the one the reference shows for that parameter (no id of another parameter's kind)", async () => {
    const json = await postmanCollection(doc, options);
    const collection = new Collection(json);
    // What the reference (samples and request builder) writes for each parameter of each operation.
    const expected = new Map<string, Map<string, string>>();
    for (const [route, raw] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
      const pathItem = deref(doc, raw).node;
      if (!isObject(pathItem)) continue;
      for (const {method, operation} of pathItemOperations(pathItem)) {
        const values = new Map<string, string>();
        for (const p of operationParameters(doc, pathItem.parameters, operation.parameters)) {
          const name = String(p.name);
          values.set(`${String(p.in)}:${name}`, sampleValue(parameterExample(doc, p), name));
        }
        expected.set(`${method.toUpperCase()} ${route}`, values);
      }
    }
    let checked = 0;
    collection.forEachItem((item) => {
      const values = expected.get(requestKey(item));
      expect(values, requestKey(item)).toBeDefined();
      const sent: [string, string][] = [
        ...item.request.url.variables
          .all()
          .map((v): [string, string] => [`path:${String(v.key)}`, String(v.value)]),
        ...item.request.url.query
          .all()
          .map((q): [string, string] => [`query:${String(q.key)}`, String(q.value)]),
      ];
      for (const [key, value] of sent) {
        expect(values?.get(key), `${requestKey(item)} ${key}`).toBe(value);
        checked += 1;
      }
      const query = new Map(item.request.url.query.all().map((q) => [q.key, q.value]));
      if (query.has('from_datetime'))
        expect(query.get('from_datetime'), requestKey(item)).not.toBe(query.get('to_datetime'));
    });
    expect(checked).toBeGreaterThan(40);
    // The ids of different kinds stay apart: a bulk order, a settlement request and a transaction are
    // not addressed by an order's id.
    const pathIds = collectionRequests(json).flatMap((item) => {
      const url = (item.request as JsonObject).url;
      return isObject(url) && Array.isArray(url.variable) ? url.variable.filter(isObject) : [];
    });
    const byName = new Map<string, Set<string>>();
    for (const v of pathIds)
      byName.set(String(v.key), (byName.get(String(v.key)) ?? new Set()).add(String(v.value)));
    const all = [...byName.values()].flatMap((set) => [...set]);
    expect(new Set(all).size).toBe(byName.size);
  });

  test('a document the converter cannot read fails with its reason', async () => {
    await expect(postmanCollection({openapi: '3.1.0'})).rejects.toThrow(
      /openapi-to-postmanv2 could not convert the OpenAPI document/,
    );
  });
});

describe('robustness: public OpenAPI documents (../shared/corpus)', () => {
  const files = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => /\.ya?ml$/.test(f)) : [];
  if (files.length === 0) {
    test.skip(`no corpus at ${CORPUS}: robustness checks skipped`, () => undefined);
    return;
  }
  for (const file of files) {
    test(`${file}: one request per operation, loadable by the SDK`, async () => {
      const doc = readDocument(path.join(CORPUS, file)) as JsonObject;
      const json = await postmanCollection(doc);
      const collection = new Collection(json);
      const keys: string[] = [];
      collection.forEachItem((item) => keys.push(requestKey(item)));
      expect(keys.length).toBe(operations(doc).length);
    });
  }
});

describe('the same document gives the same file', () => {
  // No examples anywhere: the converter makes every value up (a number for `limit` and `id`, a
  // count of array items), which is where two builds used to differ.
  const doc: JsonObject = {
    openapi: '3.0.3',
    info: {title: 'No examples', version: '1.0.0'},
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [{name: 'limit', in: 'query', schema: {type: 'integer', format: 'int32'}}],
          responses: {
            '200': {
              description: 'Pets',
              content: {
                'application/json': {
                  schema: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {id: {type: 'integer', format: 'int64'}, name: {type: 'string'}},
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  };

  test('two conversions are byte for byte the same, and Math.random is given back', async () => {
    const random = Math.random;
    const first = JSON.stringify(await postmanCollection(doc));
    const second = JSON.stringify(await postmanCollection(structuredClone(doc)));
    expect(second).toBe(first);
    expect(Math.random).toBe(random);
    // The values are the converter's own stand-ins, drawn from the fixed seed.
    expect(first).toMatch(/"key":"limit","value":"-?\d+"/);
  });

  test('where the document gives no example, the made-up values follow the seed', async () => {
    const one = JSON.stringify(await postmanCollection(doc, {seed: 1}));
    expect(JSON.stringify(await postmanCollection(doc, {seed: 2}))).not.toBe(one);
  });

  test('the seeded generator repeats its draws and stays in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const draws = Array.from({length: 1000}, () => a());
    expect(Array.from({length: 1000}, () => b())).toEqual(draws);
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });
});
