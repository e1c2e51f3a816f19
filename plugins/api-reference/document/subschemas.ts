/**
 * The schemas a JSON Schema holds directly, by the keywords that hold them (draft-04 to 2020-12,
 * and OpenAPI 3.0's subset): the one list the walkers that visit every schema reached from a root
 * read (the payload validator's preparation, the session checker's response side).
 */
import {isObject, type JsonObject} from './json';

/** Keywords whose value is one schema. */
const ONE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;
/** Keywords whose value is a list of schemas (`items` as a list: draft-04 tuples). */
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;
/** Keywords whose value maps names to schemas (draft-07 `dependencies`: to a schema or a list of names). */
const MAPS = [
  '$defs',
  'definitions',
  'dependentSchemas',
  'patternProperties',
  'properties',
  'dependencies',
] as const;

/**
 * The schemas `schema` holds directly, in keyword order (its `$ref` is not followed). draft-07
 * `dependencies` maps a name to a schema or to a list of names: only the schemas are given.
 */
export function subschemasOf(schema: JsonObject): JsonObject[] {
  const found: JsonObject[] = [];
  for (const keyword of ONE) {
    const value = schema[keyword];
    if (isObject(value)) found.push(value);
  }
  for (const keyword of LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) found.push(...list.filter(isObject));
  }
  for (const keyword of MAPS) {
    const map = schema[keyword];
    if (isObject(map)) found.push(...Object.values(map).filter(isObject));
  }
  return found;
}
