/**
 * Builds HTTP requests from the examples of an OpenAPI document: for every operation, its path
 * parameters and required query parameters from their first example, and one request per
 * request-body example (or one request without a body).
 */
import {
  HTTP_METHODS,
  childPointer,
  followRef,
  isObject,
  type HttpMethod,
  type Json,
  type JsonObject,
} from './openapi-document';

export interface ParameterInfo {
  name: string;
  in: string;
  required: boolean;
  examples: Json[];
}

export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  path: string;
  parameters: ParameterInfo[];
  /** Request-body examples by name (empty when the operation takes no body). */
  bodyExamples: Map<string, Json>;
}

export interface ExampleRequest {
  label: string;
  operationId: string;
  method: HttpMethod;
  /** Path and query string, e.g. '/api/orders?from_datetime=...'. */
  url: string;
  body?: Json;
}

/** Values of `example` and of every Example Object in `examples` (references followed). */
function exampleValues(doc: JsonObject, holder: JsonObject, pointer: string): Json[] {
  const values: Json[] = [];
  if (holder.example !== undefined) values.push(holder.example);
  if (isObject(holder.examples)) {
    for (const [name, example] of Object.entries(holder.examples)) {
      const {node} = followRef(doc, example, childPointer(childPointer(pointer, 'examples'), name));
      if (isObject(node) && node.value !== undefined) values.push(node.value);
    }
  }
  return values;
}

function parameterInfo(doc: JsonObject, parameter: Json, pointer: string): ParameterInfo {
  const {node, pointer: at} = followRef(doc, parameter, pointer);
  if (!isObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') {
    throw new Error(`not a parameter at #${pointer}`);
  }
  return {
    name: node.name,
    in: node.in,
    required: node.required === true,
    examples: exampleValues(doc, node, at),
  };
}

function bodyExamples(doc: JsonObject, operation: JsonObject, pointer: string): Map<string, Json> {
  const result = new Map<string, Json>();
  if (operation.requestBody === undefined) return result;
  const {node: body, pointer: at} = followRef(
    doc,
    operation.requestBody,
    childPointer(pointer, 'requestBody'),
  );
  const media = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
  if (!isObject(media)) return result;
  const mediaAt = childPointer(childPointer(at, 'content'), 'application/json');
  if (media.example !== undefined) result.set('example', media.example);
  if (isObject(media.examples)) {
    for (const [name, example] of Object.entries(media.examples)) {
      const {node} = followRef(doc, example, childPointer(childPointer(mediaAt, 'examples'), name));
      if (isObject(node) && node.value !== undefined) result.set(name, node.value);
    }
  }
  return result;
}

export function listOperations(doc: JsonObject): OperationInfo[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const result: OperationInfo[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const itemAt = childPointer('/paths', path);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const at = childPointer(itemAt, method);
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const parameters = [
        ...shared.map((p, i) => parameterInfo(doc, p, childPointer(childPointer(itemAt, 'parameters'), i))),
        ...own.map((p, i) => parameterInfo(doc, p, childPointer(childPointer(at, 'parameters'), i))),
      ];
      result.push({
        operationId: String(operation.operationId),
        method,
        path,
        parameters,
        bodyExamples: bodyExamples(doc, operation, at),
      });
    }
  }
  return result;
}

function firstExample(parameter: ParameterInfo, operation: OperationInfo): Json {
  const [value] = parameter.examples;
  if (value === undefined)
    throw new Error(`${operation.operationId}: parameter ${parameter.name} has no example`);
  return value;
}

/** Serialises query parameters in the OpenAPI default style (form, exploded arrays). */
export function queryString(values: ReadonlyArray<readonly [string, Json]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of values) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isObject(item) || Array.isArray(item)) throw new Error(`cannot serialise query parameter ${name}`);
      search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The request URL of an operation: path parameters from their examples; query parameters that
 * are required, or all of them when `allQuery` is set, from their first example.
 */
export function exampleUrl(operation: OperationInfo, allQuery = false): string {
  let path = operation.path;
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    path = path.replace(
      `{${parameter.name}}`,
      encodeURIComponent(String(firstExample(parameter, operation))),
    );
  }
  const query = operation.parameters
    .filter((p) => p.in === 'query' && (p.required || allQuery))
    .map((p) => [p.name, firstExample(p, operation)] as const);
  return path + queryString(query);
}

export function exampleRequests(doc: JsonObject): ExampleRequest[] {
  return listOperations(doc).flatMap((operation) => {
    const base = {operationId: operation.operationId, method: operation.method};
    const variants = [
      {label: 'required parameters', url: exampleUrl(operation)},
      {label: 'all parameters', url: exampleUrl(operation, true)},
    ].filter((v, i, all) => i === 0 || v.url !== all[0]?.url);
    if (operation.bodyExamples.size === 0) {
      return variants.map((v) => ({...base, label: `${operation.operationId} (${v.label})`, url: v.url}));
    }
    return [...operation.bodyExamples].flatMap(([name, body]) =>
      variants.map((v) => ({
        ...base,
        label: `${operation.operationId} body "${name}" (${v.label})`,
        url: v.url,
        body,
      })),
    );
  });
}
