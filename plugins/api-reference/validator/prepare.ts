/**
 * Turns the schemas a validator needs into plain JSON Schema before Ajv sees them,
 * on a copy of the document: OpenAPI 3.0's `nullable` and boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become their JSON Schema forms, read-only
 * properties stop being required (a reader never sends them), and annotations that
 * only make the compiled code bigger (examples, XML hints, long descriptions) go.
 * Only schema positions are touched: a property that happens to be called
 * "example" stays.
 */
import type {SchemaDialect} from './targets';
import {atPointer, deref, isObject, resolveRef, subschemasOf, type JsonObject} from '../document';

/** Annotations that do not change what is valid. */
const DROPPED = [
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  'deprecated',
  'default',
  '$comment',
];

const MAX_DESCRIPTION = 200;

/** The first sentence of a description, short enough to follow an error message. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // A sentence ends at ".", "!" or "?" before a space or the end, but not inside
  // an ellipsis or after an abbreviation such as "e.g.".
  const end = /(?<!\.|\b(?:e\.g|i\.e|etc|vs|cf))[.!?](?!\.)(?=\s|$)/.exec(flat);
  const sentence = end === null ? flat : flat.slice(0, end.index + 1);
  return sentence.length > MAX_DESCRIPTION
    ? `${sentence.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`
    : sentence;
}

function fromOpenApi30(schema: JsonObject): void {
  if (schema.nullable === true) {
    if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    else if (Array.isArray(schema.type) && !schema.type.includes('null'))
      schema.type = [...schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  }
  delete schema.nullable;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive] === true && typeof schema[bound] === 'number') {
      schema[exclusive] = schema[bound];
      Reflect.deleteProperty(schema, bound);
    } else {
      Reflect.deleteProperty(schema, exclusive);
    }
  }
}

function dropReadOnlyRequired(schema: JsonObject, doc: JsonObject): void {
  if (!Array.isArray(schema.required) || !isObject(schema.properties)) return;
  const properties = schema.properties;
  schema.required = schema.required.filter((name) => {
    if (typeof name !== 'string') return true;
    const property = deref(doc, properties[name]).node;
    return !(isObject(property) && property.readOnly === true);
  });
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * Ajv checks `uniqueItems` in linear time only when it can see that the items are
 * scalars; behind a `$ref` it cannot, and compares every pair (quadratic: a pasted
 * array of 100 000 ids would take minutes). Copying the referenced scalar `type`
 * next to the `$ref` changes nothing about what is valid and restores the fast path.
 */
function hintUniqueItemTypes(schema: JsonObject, doc: JsonObject): void {
  if (schema.uniqueItems !== true || !isObject(schema.items) || schema.items.type !== undefined) return;
  const target = deref(doc, schema.items).node;
  if (!isObject(target) || target.type === undefined) return;
  const types = Array.isArray(target.type) ? target.type : [target.type];
  if (types.length > 0 && types.every((type) => typeof type === 'string' && SCALAR_TYPES.has(type))) {
    schema.items = {...schema.items, type: target.type};
  }
}

/** What the prepared schemas check: a reader's request (read-only fields not required), or any value. */
export type SchemaUse = 'request' | 'any';

/**
 * Rewrites, in place, every schema reachable from `roots` (JSON pointers into
 * `doc`), following local `$ref`s. `doc` must be a copy the caller owns
 * (prepared.ts makes it).
 */
export function prepareSchemas(
  doc: JsonObject,
  roots: readonly string[],
  dialect: SchemaDialect,
  use: SchemaUse = 'request',
): void {
  const seen = new Set<unknown>();
  const queue: unknown[] = roots.map((pointer) => atPointer(doc, pointer));
  // Read-only fields are checked after the walk, when every schema has been seen once.
  const objects: JsonObject[] = [];
  while (queue.length > 0) {
    const schema = queue.pop();
    if (!isObject(schema) || seen.has(schema)) continue;
    seen.add(schema);
    objects.push(schema);
    if (typeof schema.$ref === 'string') queue.push(resolveRef(doc, schema.$ref));
    if (dialect === 'openapi-3.0') fromOpenApi30(schema);
    for (const key of Object.keys(schema)) {
      if (DROPPED.includes(key) || key.startsWith('x-')) Reflect.deleteProperty(schema, key);
    }
    if (typeof schema.description === 'string') schema.description = shortDescription(schema.description);
    else delete schema.description;
    queue.push(...subschemasOf(schema));
  }
  for (const schema of objects) {
    if (use === 'request') dropReadOnlyRequired(schema, doc);
    hintUniqueItemTypes(schema, doc);
  }
  if (use === 'request') for (const schema of objects) delete schema.readOnly;
}
