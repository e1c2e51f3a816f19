/**
 * Helpers shared by the AsyncAPI document tests: load the YAML specs, resolve local
 * JSON references, strip annotations, and compile JSON Schemas with Ajv.
 *
 * AsyncAPI 3.0's default schema format is the AsyncAPI Schema Object, a superset of
 * JSON Schema Draft 07, so schemas are compiled with Ajv's draft-07 class.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import type {Ajv, ErrorObject, ValidateFunction} from 'ajv';
import {createAjv as createProjectAjv} from '../../../plugins/api-reference/document/ajv';
import {parse as parseYaml} from 'yaml';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));
export const ASYNCAPI_PATH = `${ROOT_DIR}specs/asyncapi.yaml`;
export const OPENAPI_PATH = `${ROOT_DIR}specs/openapi.yaml`;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and parses a YAML document whose root must be an object. */
export function loadYamlDocument(filePath: string): JsonObject {
  const parsed: unknown = parseYaml(readFileSync(filePath, 'utf8'));
  if (!isObject(parsed)) {
    throw new Error(`${filePath} does not hold a YAML mapping at its root`);
  }
  return parsed;
}

/** Resolves a local JSON pointer such as `#/components/schemas/Decimal`. */
export function getAtPointer(doc: JsonObject, pointer: string): Json {
  if (!pointer.startsWith('#')) {
    throw new Error(`Only local references are supported, got ${pointer}`);
  }
  const tokens = pointer
    .slice(1)
    .split('/')
    .filter((token, index) => !(index === 0 && token === ''))
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: Json = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      const next: Json | undefined = node[Number(token)];
      if (next === undefined) throw new Error(`${pointer}: no item ${token}`);
      node = next;
    } else if (isObject(node)) {
      const next: Json | undefined = node[token];
      if (next === undefined) throw new Error(`${pointer}: no member ${token}`);
      node = next;
    } else {
      throw new Error(`${pointer}: cannot descend into a scalar at ${token}`);
    }
  }
  return node;
}

/**
 * Returns a copy of `node` with every local `$ref` replaced by the referenced content.
 * A `$ref` with sibling keywords becomes `{...siblings, allOf: [target]}` so that the
 * siblings keep applying (as they do in JSON Schema 2020-12 and OpenAPI 3.1).
 */
export function dereference(doc: JsonObject, node: Json, stack: readonly string[] = []): Json {
  if (Array.isArray(node)) {
    return node.map((item) => dereference(doc, item, stack));
  }
  if (!isObject(node)) {
    return node;
  }
  const ref = node.$ref;
  if (typeof ref === 'string') {
    if (stack.includes(ref)) {
      throw new Error(`Circular reference: ${[...stack, ref].join(' -> ')}`);
    }
    const target = dereference(doc, getAtPointer(doc, ref), [...stack, ref]);
    const siblings = Object.entries(node).filter(([key]) => key !== '$ref');
    if (siblings.length === 0) {
      return target;
    }
    const result: JsonObject = {};
    for (const [key, value] of siblings) {
      result[key] = dereference(doc, value, stack);
    }
    result.allOf = [target, ...(Array.isArray(result.allOf) ? result.allOf : [])];
    return result;
  }
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    result[key] = dereference(doc, value, stack);
  }
  return result;
}

/** Removes specification extensions (`x-*`, including the parser's `x-parser-*`). */
export function withoutExtensions(node: unknown): Json {
  if (Array.isArray(node)) {
    return node.map((item) => withoutExtensions(item));
  }
  if (typeof node === 'object' && node !== null) {
    const result: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('x-')) {
        result[key] = withoutExtensions(value);
      }
    }
    return result;
  }
  if (node === undefined) {
    throw new Error('undefined is not JSON');
  }
  return node as Json; // the remaining cases are JSON scalars
}

/**
 * A draft-07 Ajv instance in strict mode, with the `date-time` and other formats.
 * strictRequired is off: `oneOf: [{required: [a]}, {required: [b]}]` (used by Amount)
 * names properties declared by the parent schema, which is valid JSON Schema.
 */
export function createAjv(): Ajv {
  return createProjectAjv('draft-07', {
    strict: true,
    strictTypes: true,
    strictTuples: true,
    strictRequired: false,
    allErrors: true,
  });
}

export function formatErrors(errors: readonly ErrorObject[] | null | undefined): string {
  if (!errors || errors.length === 0) return '(no errors)';
  return errors
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

/** Compiles schemas found at JSON pointers of one YAML document, with a cache. */
export class SchemaSet {
  readonly doc: JsonObject;
  private readonly ajv = createAjv();
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(filePath: string) {
    this.doc = loadYamlDocument(filePath);
  }

  resolved(pointer: string): Json {
    return dereference(this.doc, getAtPointer(this.doc, pointer));
  }

  validator(pointer: string): ValidateFunction {
    let validate = this.cache.get(pointer);
    if (!validate) {
      const schema = this.resolved(pointer);
      if (!isObject(schema) && typeof schema !== 'boolean') {
        throw new Error(`${pointer} is not a schema`);
      }
      validate = this.ajv.compile(schema);
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  /** Validates `data` against the schema at `pointer`; returns the error listing or null. */
  check(pointer: string, data: unknown): string | null {
    const validate = this.validator(pointer);
    return validate(data) ? null : formatErrors(validate.errors);
  }
}
