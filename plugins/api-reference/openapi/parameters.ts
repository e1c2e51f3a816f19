/**
 * Parameters of one operation: path-level ones merged with the operation's own
 * (the operation wins for the same name and location), in document order.
 * `operationParameters` reads them from the document (`$ref`s followed); the merge
 * itself is the toolkit's `mergeParameters` (document/operations.ts).
 */
import type {IdRegistry} from '../client/anchors';
import {mergeParameters, parameterKey} from '../document/operations';
import {asArray, asObject, deref, isObject, prettyJson, type Json, type JsonObject} from '../document';
import {buildSchema} from '../schema/build';
import type {ParameterView} from '../types';
import {describe} from '../readings';

/** The parameters an operation takes: its path's and its own, each `$ref` followed, merged by name and location. */
export function operationParameters(
  doc: Json,
  pathLevel: Json | undefined,
  operationLevel: Json | undefined,
): JsonObject[] {
  const params = [...asArray(pathLevel), ...asArray(operationLevel)].map((raw) => deref(doc, raw).node);
  return mergeParameters(params.filter(isObject), parameterKey);
}

/** The parameter's example: its own, then its named examples, then its schema's. */
export function parameterExample(doc: Json, param: JsonObject): Json | undefined {
  if (param.example !== undefined) return param.example;
  const named = Object.values(asObject(param.examples))[0];
  const example = asObject(deref(doc, named).node);
  if (example.value !== undefined) return example.value;
  const schema = asObject(deref(doc, param.schema ?? firstContentSchema(param)).node);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return undefined;
}

function firstContentSchema(param: JsonObject): Json | undefined {
  const first = Object.values(asObject(param.content))[0];
  return asObject(first).schema;
}

function serialization(param: JsonObject): string | undefined {
  const parts: string[] = [];
  if (typeof param.style === 'string') parts.push(`style ${param.style}`);
  if (typeof param.explode === 'boolean') parts.push(param.explode ? 'exploded' : 'not exploded');
  if (param.allowReserved === true) parts.push('reserved characters allowed');
  if (param.allowEmptyValue === true) parts.push('may be empty');
  const mediaTypes = Object.keys(asObject(param.content));
  if (mediaTypes.length > 0) parts.push(`sent as ${mediaTypes.join(' or ')}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** One parameter view; `owner` is the anchor prefix (operationId or `<op>.response-<code>` for headers). */
export function buildParameter(
  doc: Json,
  ids: IdRegistry,
  owner: string,
  param: JsonObject,
  location = String(param.in ?? 'query'),
): ParameterView {
  const name = String(param.name ?? '');
  const id = ids.claim(`${owner}.${location}.${name}`);
  const schema = buildSchema(param.schema ?? firstContentSchema(param), {doc, ids, mode: 'request'}, id);
  const view: ParameterView = {
    id,
    name,
    in: location,
    required: param.required === true || location === 'path',
    schema,
  };
  if (param.deprecated === true) view.deprecated = true;
  const description = describe(param, 5);
  if (description !== undefined) view.description = description;
  const s = serialization(param);
  if (s !== undefined) view.serialization = s;
  const example = parameterExample(doc, param);
  if (example !== undefined) view.example = typeof example === 'string' ? example : prettyJson(example);
  return view;
}
