/**
 * The API documents as the guide tests see them: parsed once, with an Ajv
 * (JSON Schema 2020-12, formats on) that validates against schemas inside the
 * real documents by JSON pointer, and the vocabulary of names they define.
 */
import {fileURLToPath} from 'node:url';
import type {ValidateFunction} from 'ajv/dist/2020.js';
import {createAjv} from '../../../plugins/api-reference/document/ajv';
import {readDocument, resolveSpecPaths} from '../../../plugins/api-reference/identity';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const specPaths = resolveSpecPaths(ROOT);

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const openapi = readDocument(specPaths.openapi);
export const asyncapi = readDocument(specPaths.asyncapi);

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Escapes a JSON pointer token (RFC 6901). */
export function token(value: string): string {
  return value.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function at(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let node: unknown = doc;
  for (const raw of pointer.replace(/^#/, '').slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  }
  return node;
}

/** Follows `$ref`s to a node; returns the node and the pointer it lives at. */
export function follow(doc: JsonObject, pointer: string): {node: unknown; pointer: string} {
  let current = pointer;
  let node = at(doc, current);
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string'; hops += 1) {
    if (hops > 20 || !node.$ref.startsWith('#')) throw new Error(`cannot follow $ref ${String(node.$ref)}`);
    current = decodeURIComponent(node.$ref.slice(1));
    node = at(doc, current);
  }
  if (node === undefined) throw new Error(`nothing at #${current}`);
  return {node, pointer: current};
}

const ajv = createAjv('2020-12', {strict: false, allErrors: true, validateSchema: false});
ajv.addSchema(openapi, 'openapi');
ajv.addSchema(asyncapi, 'asyncapi');
const compiled = new Map<string, ValidateFunction>();

/** Validates `value` against the schema at `pointer` inside a document; returns readable errors. */
export function validate(doc: 'openapi' | 'asyncapi', pointer: string, value: unknown): string[] {
  const ref = `${doc}#${pointer}`;
  let fn = compiled.get(ref);
  if (fn === undefined) {
    fn = ajv.compile({$ref: ref});
    compiled.set(ref, fn);
  }
  if (fn(value)) return [];
  return (fn.errors ?? []).map(
    (e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  );
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  pointer: string;
  node: JsonObject;
}

export const operations: Operation[] = Object.entries(isObject(openapi.paths) ? openapi.paths : {}).flatMap(
  ([p, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const node = isObject(item) ? item[method] : undefined;
      if (!isObject(node) || typeof node.operationId !== 'string') return [];
      return [
        {
          method: method.toUpperCase(),
          path: p,
          operationId: node.operationId,
          pointer: `/paths/${token(p)}/${method}`,
          node,
        },
      ];
    }),
);

export function operationById(id: string): Operation {
  const op = operations.find((o) => o.operationId === id);
  if (op === undefined) throw new Error(`no operation "${id}" in the OpenAPI document`);
  return op;
}

/** The operation a concrete request path belongs to (templates match any non-empty segment). */
export function operationFor(
  method: string,
  concretePath: string,
): {operation: Operation; pathParams: Record<string, string>} | null {
  for (const op of operations) {
    if (op.method !== method.toUpperCase()) continue;
    const names: string[] = [];
    const source = op.path
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    const match = new RegExp(`^${source}$`).exec(concretePath);
    if (match !== null) {
      return {
        operation: op,
        pathParams: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')])),
      };
    }
  }
  return null;
}

/** Parameters of an operation (path-item and operation level), with `$ref`s followed. */
export function parametersOf(op: Operation): {name: string; in: string; schemaPointer: string}[] {
  const lists = [`/paths/${token(op.path)}/parameters`, `${op.pointer}/parameters`];
  return lists.flatMap((listPointer) => {
    const list = at(openapi, listPointer);
    if (!Array.isArray(list)) return [];
    return list.map((_, i) => {
      const {node, pointer} = follow(openapi, `${listPointer}/${i}`);
      const p = node as JsonObject;
      return {name: String(p.name), in: String(p.in), schemaPointer: `${pointer}/schema`};
    });
  });
}

/**
 * Resolves an example's schema name to a schema pointer:
 * `rest:<operationId>:request`, `rest:<operationId>:<status>` (JSON content) or `ws:<message name>`.
 */
export function schemaFor(name: string): {doc: 'openapi' | 'asyncapi'; pointer: string} {
  const [kind, first, second] = name.split(':');
  if (kind === 'rest' && first !== undefined && second !== undefined) {
    const op = operationById(first);
    const container =
      second === 'request'
        ? follow(openapi, `${op.pointer}/requestBody`)
        : (() => {
            if (!isObject(at(openapi, `${op.pointer}/responses/${second}`))) {
              throw new Error(`${first} has no ${second} response in the OpenAPI document`);
            }
            return follow(openapi, `${op.pointer}/responses/${second}`);
          })();
    const pointer = `${container.pointer}/content/${token('application/json')}/schema`;
    if (at(openapi, pointer) === undefined)
      throw new Error(`${name}: no application/json schema at #${pointer}`);
    return {doc: 'openapi', pointer};
  }
  if (kind === 'ws' && first !== undefined && second === undefined) {
    const pointer = `/components/messages/${token(first)}/payload`;
    if (at(asyncapi, pointer) === undefined)
      throw new Error(`${name}: no message "${first}" in the AsyncAPI document`);
    return {doc: 'asyncapi', pointer};
  }
  throw new Error(`"${name}" is not a schema name (rest:<operationId>:request|<status>, or ws:<message>)`);
}

/* ----------------------------------------------------------------- vocabulary */

function walk(
  node: unknown,
  visit: (key: string | null, value: unknown, parentKey: string | null) => void,
  parentKey: string | null = null,
): void {
  if (Array.isArray(node)) {
    for (const item of node) {
      visit(null, item, parentKey);
      walk(item, visit, parentKey);
    }
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      visit(key, value, parentKey);
      walk(value, visit, key);
    }
  }
}

const EXAMPLE_KEYS = new Set(['example', 'examples', 'value', 'payload']);

/** Every name the documents define, by kind. */
export function vocabulary(): {
  names: Set<string>;
  paths: Set<string>;
  statuses: Set<string>;
  operationIds: Set<string>;
  messages: Set<string>;
  channels: Map<string, string>;
  tags: Set<string>;
} {
  const names = new Set<string>();
  const statuses = new Set<string>();
  const paths = new Set(operations.map((o) => o.path));
  const operationIds = new Set(operations.map((o) => o.operationId));
  const tags = new Set(
    (Array.isArray(openapi.tags) ? openapi.tags : []).filter(isObject).map((t) => String(t.name)),
  );
  const messages = new Set(
    Object.keys(
      isObject(at(asyncapi, '/components/messages'))
        ? (at(asyncapi, '/components/messages') as JsonObject)
        : {},
    ),
  );
  const channelNode = isObject(asyncapi.channels) ? asyncapi.channels : {};
  const channels = new Map(
    // A null address (not published by the provider) is no address: '' never matches a path.
    Object.entries(channelNode).map(([key, ch]) => [
      key,
      isObject(ch) && typeof ch.address === 'string' ? ch.address : '',
    ]),
  );

  for (const doc of [openapi, asyncapi]) {
    const visitExamples = (node: unknown): void => {
      walk(node, (key, value) => {
        if (key !== null) names.add(key);
        if (typeof value === 'string') names.add(value);
      });
    };
    walk(doc, (key, value, parentKey) => {
      if (parentKey === 'properties' && key !== null) names.add(key);
      if (parentKey === 'responses' && key !== null) statuses.add(key);
      if (
        (parentKey === 'schemas' ||
          parentKey === 'securitySchemes' ||
          parentKey === 'messages' ||
          parentKey === 'operations' ||
          parentKey === 'parameters' ||
          parentKey === 'content') &&
        key !== null
      )
        names.add(key);
      if (key === 'enum' && Array.isArray(value)) for (const v of value) names.add(String(v));
      if (
        key === 'const' &&
        (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      )
        names.add(String(value));
      if (key === 'required' && Array.isArray(value)) for (const v of value) names.add(String(v));
      if (
        (key === 'name' ||
          key === 'operationId' ||
          key === 'scheme' ||
          key === 'bearerFormat' ||
          key === 'protocol' ||
          key === 'address') &&
        typeof value === 'string'
      )
        names.add(value);
      if (key !== null && EXAMPLE_KEYS.has(key)) visitExamples(value);
      // Code the documents themselves format as code in their prose.
      if ((key === 'description' || key === 'summary') && typeof value === 'string') {
        for (const m of value.matchAll(/`([^`]+)`/g)) if (m[1] !== undefined) names.add(m[1]);
      }
    });
  }
  for (const p of paths) names.add(p);
  for (const [key, address] of channels) {
    names.add(key);
    if (address !== '') names.add(address);
  }
  for (const server of Array.isArray(openapi.servers) ? openapi.servers : []) {
    if (isObject(server) && typeof server.url === 'string')
      names.add(new URL(server.url).protocol.replace(':', ''));
  }
  return {names, paths, statuses, operationIds, messages, channels, tags};
}
