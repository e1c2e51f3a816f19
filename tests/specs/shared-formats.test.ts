/**
 * The REST (specs/openapi.yaml) and WebSocket (specs/asyncapi.yaml) documents must use
 * the same shared formats: the constraint keywords of each shared schema (in
 * components/schemas of both documents, references resolved) are deep-equal once
 * annotations (title, description, examples, ...) are ignored.
 */
import {existsSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {
  ASYNCAPI_PATH,
  OPENAPI_PATH,
  dereference,
  getAtPointer,
  isObject,
  loadYamlDocument,
  type Json,
  type JsonObject,
} from './helpers/asyncapi-schemas';

/** Shared formats of specification section 3, by their components/schemas name. */
const SHARED_SCHEMAS = [
  'Decimal',
  'Timestamp',
  'Id',
  'OrderRef',
  'ReqId',
  'UserData',
  'ReqHeader',
  'Instrument',
  'Amount',
  'Side',
  'OrderType',
  'SeqNumber',
] as const;

/** Keywords that describe a schema without constraining it. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  '$comment',
  'deprecated',
  'externalDocs',
  'xml',
  'readOnly',
  'writeOnly',
]);

/** Keywords whose array value is a set: its order carries no meaning. */
const SET_KEYWORDS = new Set(['required', 'enum', 'type']);

/**
 * Keeps only the constraint keywords: drops annotations and `x-*` extensions, sorts
 * set-like arrays, turns `type: [t]` into `type: t`, and replaces an `allOf` holding
 * a single schema with nothing beside it by that schema (a `$ref` with annotations).
 */
function constraintsOf(node: Json): Json {
  if (Array.isArray(node)) return node.map(constraintsOf);
  if (!isObject(node)) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') {
      // Members of these are property names mapped to schemas; a property may be
      // called "title" or "description", so do not filter its name.
      const members: JsonObject = {};
      if (isObject(value)) {
        for (const [name, schema] of Object.entries(value)) members[name] = constraintsOf(schema);
      }
      result[key] = members;
    } else if (SET_KEYWORDS.has(key) && Array.isArray(value)) {
      const items = [...value].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      result[key] = key === 'type' && items.length === 1 && items[0] !== undefined ? items[0] : items;
    } else {
      result[key] = constraintsOf(value);
    }
  }
  const keys = Object.keys(result);
  const allOf = result.allOf;
  if (keys.length === 1 && Array.isArray(allOf) && allOf.length === 1 && allOf[0] !== undefined) {
    return allOf[0];
  }
  return result;
}

interface Loaded {
  doc: JsonObject | null;
  problem: string | null;
}

function load(path: string, label: string): Loaded {
  if (!existsSync(path)) return {doc: null, problem: `${label} is missing`};
  try {
    return {doc: loadYamlDocument(path), problem: null};
  } catch (error) {
    return {doc: null, problem: `${label} cannot be read: ${String(error)}`};
  }
}

const asyncapi = load(ASYNCAPI_PATH, 'specs/asyncapi.yaml');
const openapi = load(OPENAPI_PATH, 'specs/openapi.yaml');

function sharedSchema(loaded: Loaded, label: string, name: string): Json {
  if (!loaded.doc) throw new Error(loaded.problem ?? `${label} is not loaded`);
  const pointer = `#/components/schemas/${name}`;
  let schema: Json;
  try {
    schema = getAtPointer(loaded.doc, pointer);
  } catch {
    throw new Error(`${label} has no ${pointer}`);
  }
  return constraintsOf(dereference(loaded.doc, schema));
}

describe('shared formats of specs/openapi.yaml and specs/asyncapi.yaml', () => {
  it.each(SHARED_SCHEMAS)('%s has the same constraints in both documents', (name) => {
    const inAsyncApi = sharedSchema(asyncapi, 'specs/asyncapi.yaml', name);
    const inOpenApi = sharedSchema(openapi, 'specs/openapi.yaml', name);
    expect(inOpenApi, `components/schemas/${name}: OpenAPI (received) vs AsyncAPI (expected)`).toEqual(
      inAsyncApi,
    );
  });

  it('uses the same host names for the REST servers and the WebSocket servers', () => {
    if (!openapi.doc) throw new Error(openapi.problem ?? 'specs/openapi.yaml is not loaded');
    if (!asyncapi.doc) throw new Error(asyncapi.problem ?? 'specs/asyncapi.yaml is not loaded');
    const restServers = openapi.doc.servers;
    const restHosts = (Array.isArray(restServers) ? restServers : []).map((server) =>
      isObject(server) && typeof server.url === 'string' ? new URL(server.url).host : '',
    );
    const wsServers = asyncapi.doc.servers;
    const wsHosts = isObject(wsServers)
      ? Object.values(wsServers).map((server) => (isObject(server) ? server.host : null))
      : [];
    expect([...restHosts].sort()).toEqual([...wsHosts].sort());
  });
});

describe('the comparison itself', () => {
  it('ignores annotations, extensions, set order and a $ref wrapped for its description', () => {
    const doc: JsonObject = {
      components: {
        schemas: {
          A: {type: 'string', enum: ['BUY', 'SELL'], title: 'A', description: 'a', examples: ['BUY']},
        },
      },
    };
    const plain = constraintsOf(dereference(doc, {$ref: '#/components/schemas/A'}));
    const decorated = constraintsOf(
      dereference(doc, {$ref: '#/components/schemas/A', description: 'other words', 'x-note': 1}),
    );
    expect(decorated).toEqual(plain);
    expect(constraintsOf({type: ['string'], enum: ['SELL', 'BUY']})).toEqual(plain);
  });

  it('keeps a property called "description" and reports different constraints', () => {
    const a = constraintsOf({type: 'object', properties: {description: {type: 'string', maxLength: 5}}});
    const b = constraintsOf({type: 'object', properties: {description: {type: 'string', maxLength: 6}}});
    expect(a).not.toEqual(b);
    expect(constraintsOf({type: 'string', pattern: '^[0-9]+$'})).not.toEqual(
      constraintsOf({type: 'string', pattern: '^[0-9]*$'}),
    );
  });
});
