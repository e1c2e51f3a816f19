/**
 * An example value made from a schema, for operations and messages whose
 * document gives no example: code samples and the reference still show a
 * plausible body. Explicit examples always win; this only fills gaps.
 */
import {asArray, deref, isObject, type Json, type JsonObject} from '../document';

const MAX_DEPTH = 8;

function pickExample(schema: JsonObject): Json | undefined {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return undefined;
}

function scalar(type: string, schema: JsonObject): Json {
  switch (type) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 0;
      return type === 'integer' ? Math.ceil(min) : min;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      switch (schema.format) {
        case 'date-time':
          return '2025-01-01T00:00:00.000000Z';
        case 'date':
          return '2025-01-01';
        case 'uuid':
          return '00000000-0000-4000-8000-000000000000';
        case 'email':
          return 'user@example.com';
        case 'uri':
        case 'url':
          return 'https://example.com';
        default:
          return 'string';
      }
    default:
      return null;
  }
}

export function sampleFromSchema(
  doc: Json,
  schema: Json | undefined,
  mode: 'request' | 'response' | 'message' = 'message',
): Json | undefined {
  return sample(doc, schema, mode, [], 0);
}

function sample(
  doc: Json,
  raw: Json | undefined,
  mode: string,
  refs: string[],
  depth: number,
): Json | undefined {
  if (!isObject(raw) || depth > MAX_DEPTH) return undefined;
  const {node: schema, refs: chain} = deref(doc, raw);
  // A schema already being sampled further up (a recursive type) gives no value here.
  if (!isObject(schema) || chain.some((ref) => refs.includes(ref))) return undefined;
  const seen = [...refs, ...chain];
  const explicit = pickExample(schema);
  if (explicit !== undefined) return explicit;
  const allOf = asArray(schema.allOf);
  if (allOf.length > 0) {
    const merged: JsonObject = {};
    for (const part of allOf) {
      const value = sample(doc, part, mode, seen, depth + 1);
      if (isObject(value)) Object.assign(merged, value);
    }
    const own = objectSample(doc, schema, mode, seen, depth);
    return {...merged, ...(own ?? {})};
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const first = asArray(schema[key])[0];
    if (first !== undefined) {
      const value = sample(doc, first, mode, seen, depth + 1);
      const own = objectSample(doc, schema, mode, seen, depth);
      return isObject(value) && own !== undefined ? {...own, ...value} : value;
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || (type === undefined && isObject(schema.properties)))
    return objectSample(doc, schema, mode, seen, depth) ?? {};
  if (type === 'array' || (type === undefined && schema.items !== undefined)) {
    const item = sample(
      doc,
      Array.isArray(schema.prefixItems) ? schema.prefixItems[0] : schema.items,
      mode,
      seen,
      depth + 1,
    );
    return item === undefined ? [] : [item];
  }
  return typeof type === 'string' ? scalar(type, schema) : undefined;
}

function objectSample(
  doc: Json,
  schema: JsonObject,
  mode: string,
  refs: string[],
  depth: number,
): JsonObject | undefined {
  if (!isObject(schema.properties)) return undefined;
  const out: JsonObject = {};
  for (const [key, sub] of Object.entries(schema.properties)) {
    const target = deref(doc, sub).node;
    if (
      isObject(target) &&
      ((mode === 'request' && target.readOnly === true) || (mode === 'response' && target.writeOnly === true))
    )
      continue;
    const value = sample(doc, sub, mode, refs, depth + 1);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
