/**
 * The operations of an OpenAPI Path Item, for every walker of the document (view
 * models, validator targets, request builder parameters): one method list.
 */
import {isObject, type JsonObject} from './json';
import {escapePointerToken} from './pointer';

/** The fixed operation fields of a Path Item: OpenAPI 3.0/3.1's eight, and 3.2's `query`. */
export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'query',
] as const;

export interface PathItemOperation {
  /** As the document writes it: a fixed field (`get`) or a key of `additionalOperations` (`COPY`). */
  method: string;
  /** Where the operation is, relative to its Path Item (`/get`, `/additionalOperations/COPY`). */
  at: string;
  operation: JsonObject;
}

/**
 * A Path Item's operations: the fixed methods, then 3.2's `additionalOperations`
 * (any other method, e.g. COPY; a fixed method written there is not one, 3.2
 * forbids it), so no operation of a 3.2 document is dropped.
 */
export function pathItemOperations(pathItem: JsonObject): PathItemOperation[] {
  const fixed = HTTP_METHODS.flatMap((method): PathItemOperation[] => {
    const operation = pathItem[method];
    return isObject(operation) ? [{method, at: `/${method}`, operation}] : [];
  });
  const additional = isObject(pathItem.additionalOperations) ? pathItem.additionalOperations : {};
  const more = Object.entries(additional).flatMap(([method, operation]): PathItemOperation[] =>
    isObject(operation) && !(HTTP_METHODS as readonly string[]).includes(method.toLowerCase())
      ? [{method, at: `/additionalOperations/${escapePointerToken(method)}`, operation}]
      : [],
  );
  return [...fixed, ...more];
}

/** The key that makes two parameters the same one: OpenAPI keys them by name and location. */
export function parameterKey(param: {name?: unknown; in?: unknown}): string {
  return `${String(param.in)}:${String(param.name)}`;
}

/**
 * Path-level parameters, then the operation's: an operation parameter replaces a
 * path-level one with the same name and location, in the place of the first.
 */
export function mergeParameters<T>(items: Iterable<T>, keyOf: (item: T) => string | undefined): T[] {
  const merged = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) merged.set(key, item);
  }
  return [...merged.values()];
}
