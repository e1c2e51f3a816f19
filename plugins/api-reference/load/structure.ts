/**
 * The one schema rule that refuses a document: its containers have the shape the
 * renderer walks. A map of operations that is a list, a response that is a
 * string, a `properties` that is a list: there is no faithful page to make of
 * them, so the build stops and names the place. Everything else the official
 * schemas check (a `description: null`, a keyword OpenAPI 3.0 does not allow)
 * is a warning (load.ts): the page shows what the document says.
 *
 * Only what the builders walk is checked here, and only its container type
 * (object, list, schema); a `$ref` object stands for its target, which is
 * checked where it is written.
 */
import {escapePointerToken, HTTP_METHODS, isObject, type Json, type JsonObject} from '../document';
import type {Problem} from './problem';

type Shape = 'object' | 'list' | 'schema';

const SHAPE_WORDS: Record<Shape, string> = {
  object: 'an object (a map of names to values)',
  list: 'a list',
  schema: 'a schema (an object, or true/false)',
};

function typeWords(value: unknown): string {
  if (value === null) return 'null (no value)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

class Checker {
  readonly problems: Problem[] = [];
  private readonly seen = new Set<object>();

  /** The value at `at` has `shape` (absent is fine); true when the walk may go on into it. */
  expect(value: Json | undefined, shape: Shape, at: string, what: string): boolean {
    if (value === undefined) return false;
    const fits =
      shape === 'list'
        ? Array.isArray(value)
        : shape === 'schema'
          ? isObject(value) || typeof value === 'boolean'
          : isObject(value);
    if (!fits) {
      this.problems.push({
        pointer: at,
        message: `${what} must be ${SHAPE_WORDS[shape]}, but it is ${typeWords(value)}: the reference cannot be built from it`,
        hint:
          value === null
            ? 'give it a value, or remove the key'
            : 'check the indentation and the "-" list markers at this line: the value may be written at the wrong level',
      });
      return false;
    }
    return typeof value === 'object' && value !== null && !this.once(value);
  }

  /** YAML aliases can share one node between places: it is checked once. */
  private once(node: object): boolean {
    if (this.seen.has(node)) return true;
    this.seen.add(node);
    return false;
  }

  /** Every value of a map has `shape`; `each` walks the ones that do. */
  map(
    value: Json | undefined,
    shape: Shape,
    at: string,
    what: string,
    each?: (entry: Json, at: string, key: string) => void,
  ): void {
    if (!this.expect(value, 'object', at, what) || !isObject(value)) return;
    for (const [key, entry] of Object.entries(value)) {
      if (key.startsWith('x-')) continue;
      const here = `${at}/${escapePointerToken(key)}`;
      if (this.expectEntry(entry, shape, here, `"${key}" in ${what}`)) each?.(entry, here, key);
    }
  }

  /** Every item of a list has `shape`. */
  list(
    value: Json | undefined,
    shape: Shape,
    at: string,
    what: string,
    each?: (item: Json, at: string) => void,
  ): void {
    if (!this.expect(value, 'list', at, what) || !Array.isArray(value)) return;
    value.forEach((item, i) => {
      if (this.expectEntry(item, shape, `${at}/${i}`, `item ${i + 1} of ${what}`)) each?.(item, `${at}/${i}`);
    });
  }

  private expectEntry(value: Json, shape: Shape, at: string, what: string): boolean {
    if (shape === 'schema' && typeof value === 'boolean') return false;
    return this.expect(value, shape, at, what);
  }

  /** A schema's subschemas, in every keyword of JSON Schema 2020-12 and OpenAPI 3.0 that holds them. */
  schema(value: Json, at: string): void {
    if (!isObject(value) || typeof value.$ref === 'string') return;
    for (const key of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
      this.map(value[key], 'schema', `${at}/${key}`, `"${key}"`, (s, p) => this.schema(s, p));
    for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems'])
      this.list(value[key], 'schema', `${at}/${key}`, `"${key}"`, (s, p) => this.schema(s, p));
    for (const key of [
      'not',
      'additionalProperties',
      'contains',
      'if',
      'then',
      'else',
      'propertyNames',
      'unevaluatedItems',
      'unevaluatedProperties',
    ]) {
      if (this.expect(value[key], 'schema', `${at}/${key}`, `"${key}"`))
        this.schema(value[key] ?? {}, `${at}/${key}`);
    }
    // `items` as a list is draft-04 tuple form: not OpenAPI, but a list of schemas can be walked.
    const items = value.items;
    if (Array.isArray(items))
      this.list(items, 'schema', `${at}/items`, '"items"', (s, p) => this.schema(s, p));
    else if (this.expect(items, 'schema', `${at}/items`, '"items"')) this.schema(items ?? {}, `${at}/items`);
  }
}

function mediaTypes(c: Checker, value: Json | undefined, at: string): void {
  c.map(value, 'object', at, '"content"', (media, p) => {
    if (!isObject(media)) return;
    if (c.expect(media.schema, 'schema', `${p}/schema`, '"schema"'))
      c.schema(media.schema ?? {}, `${p}/schema`);
    c.map(media.examples, 'object', `${p}/examples`, '"examples"');
    c.map(media.encoding, 'object', `${p}/encoding`, '"encoding"');
  });
}

function parameterLike(c: Checker, param: Json, at: string): void {
  if (!isObject(param) || typeof param.$ref === 'string') return;
  if (c.expect(param.schema, 'schema', `${at}/schema`, '"schema"'))
    c.schema(param.schema ?? {}, `${at}/schema`);
  mediaTypes(c, param.content, `${at}/content`);
  c.map(param.examples, 'object', `${at}/examples`, '"examples"');
}

function response(c: Checker, value: Json, at: string): void {
  if (!isObject(value) || typeof value.$ref === 'string') return;
  mediaTypes(c, value.content, `${at}/content`);
  c.map(value.headers, 'object', `${at}/headers`, '"headers"', (h, p) => parameterLike(c, h, p));
  c.map(value.links, 'object', `${at}/links`, '"links"');
}

function pathItem(c: Checker, item: Json, at: string): void {
  if (!isObject(item) || typeof item.$ref === 'string') return;
  c.list(item.parameters, 'object', `${at}/parameters`, '"parameters"', (p, here) =>
    parameterLike(c, p, here),
  );
  c.list(item.servers, 'object', `${at}/servers`, '"servers"');
  const operation = (op: Json, here: string): void => {
    if (!isObject(op)) return;
    c.list(op.parameters, 'object', `${here}/parameters`, '"parameters"', (p, h) => parameterLike(c, p, h));
    if (
      c.expect(op.requestBody, 'object', `${here}/requestBody`, '"requestBody"') &&
      isObject(op.requestBody)
    )
      mediaTypes(c, op.requestBody.content, `${here}/requestBody/content`);
    c.map(op.responses, 'object', `${here}/responses`, '"responses"', (r, h) => response(c, r, h));
    c.map(op.callbacks, 'object', `${here}/callbacks`, '"callbacks"', (cb, h) =>
      c.map(cb, 'object', h, 'a callback', (i, p) => pathItem(c, i, p)),
    );
    c.expect(op.tags, 'list', `${here}/tags`, '"tags"');
    c.list(op.security, 'object', `${here}/security`, '"security"');
    c.list(op.servers, 'object', `${here}/servers`, '"servers"');
  };
  for (const method of HTTP_METHODS) {
    if (c.expect(item[method], 'object', `${at}/${method}`, `the "${method}" operation`))
      operation(item[method] ?? {}, `${at}/${method}`);
  }
  c.map(
    item.additionalOperations,
    'object',
    `${at}/additionalOperations`,
    '"additionalOperations"',
    operation,
  );
}

/** The places of an OpenAPI document the reference walks, with the wrong container type. */
export function checkOpenApiStructure(doc: JsonObject): Problem[] {
  const c = new Checker();
  c.expect(doc.info, 'object', '/info', '"info"');
  c.list(doc.servers, 'object', '/servers', '"servers"');
  c.list(doc.tags, 'object', '/tags', '"tags"');
  c.list(doc.security, 'object', '/security', '"security"');
  c.map(doc.paths, 'object', '/paths', '"paths"', (item, at) => pathItem(c, item, at));
  c.map(doc.webhooks, 'object', '/webhooks', '"webhooks"', (item, at) => pathItem(c, item, at));
  if (c.expect(doc.components, 'object', '/components', '"components"') && isObject(doc.components)) {
    const components = doc.components;
    c.map(components.schemas, 'schema', '/components/schemas', '"schemas"', (s, at) => c.schema(s, at));
    c.map(components.parameters, 'object', '/components/parameters', '"parameters"', (p, at) =>
      parameterLike(c, p, at),
    );
    c.map(components.headers, 'object', '/components/headers', '"headers"', (h, at) =>
      parameterLike(c, h, at),
    );
    c.map(components.responses, 'object', '/components/responses', '"responses"', (r, at) =>
      response(c, r, at),
    );
    c.map(components.requestBodies, 'object', '/components/requestBodies', '"requestBodies"', (b, at) => {
      if (isObject(b) && typeof b.$ref !== 'string') mediaTypes(c, b.content, `${at}/content`);
    });
    c.map(components.pathItems, 'object', '/components/pathItems', '"pathItems"', (i, at) =>
      pathItem(c, i, at),
    );
    for (const key of ['securitySchemes', 'examples', 'links', 'callbacks', 'mediaTypes'])
      c.map(components[key], 'object', `/components/${key}`, `"${key}"`);
  }
  return c.problems;
}

/** The places of an AsyncAPI (2.x or 3.x) document the reference walks, with the wrong container type. */
export function checkAsyncApiStructure(doc: JsonObject): Problem[] {
  const c = new Checker();
  const v2 = typeof doc.asyncapi === 'string' && doc.asyncapi.startsWith('2.');
  c.expect(doc.info, 'object', '/info', '"info"');
  c.map(doc.servers, 'object', '/servers', '"servers"');
  c.list(doc.tags, 'object', '/tags', '"tags"');
  c.map(doc.channels, 'object', '/channels', '"channels"', (channel, at) => {
    if (!isObject(channel) || typeof channel.$ref === 'string') return;
    c.map(channel.parameters, 'object', `${at}/parameters`, '"parameters"');
    if (v2) {
      for (const action of ['publish', 'subscribe'])
        c.expect(channel[action], 'object', `${at}/${action}`, `"${action}"`);
    } else {
      c.map(channel.messages, 'object', `${at}/messages`, '"messages"');
      c.list(channel.servers, 'object', `${at}/servers`, '"servers"');
    }
  });
  if (!v2)
    c.map(doc.operations, 'object', '/operations', '"operations"', (op, at) => {
      if (!isObject(op)) return;
      // The direction is what the page is about (who sends what): it cannot be guessed.
      if (typeof op.$ref !== 'string' && op.action !== 'send' && op.action !== 'receive')
        c.problems.push({
          pointer: `${at}/action`,
          message: `"action" is ${op.action === undefined ? 'missing' : JSON.stringify(op.action)}: the reference cannot tell who sends the operation's messages`,
          hint: 'write "send" or "receive" (from the point of view of the application the document describes)',
        });
      c.expect(op.channel, 'object', `${at}/channel`, '"channel"');
      c.list(op.messages, 'object', `${at}/messages`, '"messages"');
      c.expect(op.reply, 'object', `${at}/reply`, '"reply"');
    });
  if (c.expect(doc.components, 'object', '/components', '"components"') && isObject(doc.components)) {
    for (const [key, value] of Object.entries(doc.components)) {
      if (key.startsWith('x-')) continue;
      c.map(
        value,
        key === 'schemas' ? 'schema' : 'object',
        `/components/${escapePointerToken(key)}`,
        `"${key}"`,
      );
    }
  }
  return c.problems;
}
