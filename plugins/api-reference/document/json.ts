/**
 * JSON values, the one type every walker of the documents uses, and small helpers
 * for reading them without `any`: the documents are untrusted shapes until
 * validated, so every read is checked. Pure, no Node imports.
 */

import {isObject, type Json, type JsonObject} from '../client/json';

// Defined in client/ (the browser needs them too), read through here by the build.
export {isObject, type Json, type JsonObject};

export function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

export function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

/**
 * Every object inside `value` (arrays walked through, `value` itself included), depth first. A
 * view model is walked this way to find what carries an `id`: the children of an object are read
 * after the caller has seen it, so what the caller adds to it is walked too.
 */
export function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...(item as unknown[]));
    else if (typeof item === 'object' && item !== null) {
      const record = item as Record<string, unknown>;
      yield record;
      for (const child of Object.values(record))
        if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
}

/** A non-blank string or undefined: documents often carry empty summaries. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Compact JSON for constraint values and examples in prose. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}

/** A parsed document as the loaders and the tests hand it over (typed loosely: values unknown). */
export type ParsedDocument = Readonly<Record<string, unknown>>;
