/**
 * JSON Schema constraints as sentences a person reads ("1 to 999 items",
 * "at most 70 characters"), not keywords. Pure; each function handles one family.
 */
import {counted} from '../client/counted';
import {asNumber, inlineJson, isObject, type JsonObject} from '../document';

function plural(n: number, unit: string): string {
  return counted(n, unit, unit === 'property' ? 'properties' : undefined);
}

/** minLength/maxLength, minItems/maxItems, minProperties/maxProperties. */
export function countWords(
  min: number | undefined,
  max: number | undefined,
  unit: string,
): string | undefined {
  const lo = min !== undefined && min > 0 ? min : undefined;
  if (lo !== undefined && max !== undefined) {
    return lo === max ? `exactly ${plural(lo, unit)}` : `${lo} to ${plural(max, unit)}`;
  }
  if (min === 0 && max !== undefined) return `0 to ${plural(max, unit)}`;
  if (lo !== undefined) return `at least ${plural(lo, unit)}`;
  if (max !== undefined) return `at most ${plural(max, unit)}`;
  return undefined;
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/**
 * Lower and upper bound, reading both drafts: JSON Schema 2020-12 / OpenAPI 3.1
 * give exclusiveMinimum as a number, OpenAPI 3.0 as a boolean beside minimum.
 */
export function bounds(schema: JsonObject): {lower?: Bound; upper?: Bound} {
  const result: {lower?: Bound; upper?: Bound} = {};
  const min = asNumber(schema.minimum);
  const max = asNumber(schema.maximum);
  const exMin = schema.exclusiveMinimum;
  const exMax = schema.exclusiveMaximum;
  if (typeof exMin === 'number') result.lower = {value: exMin, exclusive: true};
  else if (min !== undefined) result.lower = {value: min, exclusive: exMin === true};
  if (typeof exMax === 'number') result.upper = {value: exMax, exclusive: true};
  else if (max !== undefined) result.upper = {value: max, exclusive: exMax === true};
  // Both forms present (2020-12 allows it): the stricter bound wins.
  if (typeof exMin === 'number' && min !== undefined && min > exMin)
    result.lower = {value: min, exclusive: false};
  if (typeof exMax === 'number' && max !== undefined && max < exMax)
    result.upper = {value: max, exclusive: false};
  return result;
}

export function rangeWords(schema: JsonObject): string | undefined {
  const {lower, upper} = bounds(schema);
  if (lower && upper) {
    if (!lower.exclusive && !upper.exclusive) {
      return lower.value === upper.value ? `exactly ${lower.value}` : `from ${lower.value} to ${upper.value}`;
    }
    const lo = lower.exclusive ? `greater than ${lower.value}` : `at least ${lower.value}`;
    const hi = upper.exclusive ? `less than ${upper.value}` : `at most ${upper.value}`;
    return `${lo} and ${hi}`;
  }
  if (lower) return lower.exclusive ? `greater than ${lower.value}` : `at least ${lower.value}`;
  if (upper) return upper.exclusive ? `less than ${upper.value}` : `at most ${upper.value}`;
  return undefined;
}

function code(value: string): string {
  return `\`${value.replace(/`/g, "'")}\``;
}

/** Constraints of the schema itself (not of its children), in reading order. */
export function constraintWords(schema: JsonObject): string[] {
  const out: string[] = [];
  const push = (value: string | undefined): void => {
    if (value !== undefined) out.push(value);
  };
  push(countWords(asNumber(schema.minLength), asNumber(schema.maxLength), 'character'));
  if (typeof schema.pattern === 'string') out.push(`matches the pattern ${code(schema.pattern)}`);
  push(rangeWords(schema));
  const multipleOf = asNumber(schema.multipleOf);
  if (multipleOf !== undefined) out.push(`multiple of ${multipleOf}`);
  push(countWords(asNumber(schema.minItems), asNumber(schema.maxItems), 'item'));
  if (schema.uniqueItems === true) out.push('items must be unique');
  if (schema.contains !== undefined) {
    const inner = isObject(schema.contains) ? summary(schema.contains) : 'any value';
    const times = countWords(asNumber(schema.minContains), asNumber(schema.maxContains), 'item');
    out.push(`${times ?? 'at least 1 item'} must be ${inner}`);
  }
  push(countWords(asNumber(schema.minProperties), asNumber(schema.maxProperties), 'property'));
  if (isObject(schema.propertyNames) || typeof schema.propertyNames === 'boolean') {
    out.push(
      `property names: ${isObject(schema.propertyNames) ? summary(schema.propertyNames) : 'none allowed'}`,
    );
  }
  // With listed properties this is shown as the node's `closed` flag instead.
  if (schema.additionalProperties === false && !isObject(schema.properties))
    out.push('no properties allowed');
  if (schema.unevaluatedProperties === false) out.push('no properties other than those described');
  if (schema.unevaluatedItems === false) out.push('no items other than those described');
  if (isObject(schema.dependentRequired)) {
    for (const [name, deps] of Object.entries(schema.dependentRequired)) {
      if (Array.isArray(deps) && deps.length > 0) {
        out.push(
          `when ${code(name)} is given, ${deps.map((d) => code(String(d))).join(', ')} ${deps.length === 1 ? 'is' : 'are'} required too`,
        );
      }
    }
  }
  if (typeof schema.contentEncoding === 'string') out.push(`encoded as ${schema.contentEncoding}`);
  if (typeof schema.contentMediaType === 'string') out.push(`content of type ${schema.contentMediaType}`);
  return out;
}

/**
 * One-line summary of a small schema, used where a nested table would be too
 * much (property names, `contains`): its type and constraints.
 */
export function summary(schema: JsonObject): string {
  const parts: string[] = [];
  if (typeof schema.type === 'string') parts.push(schema.type);
  if (Array.isArray(schema.enum))
    parts.push(`one of ${schema.enum.map((v) => code(inlineJson(v))).join(', ')}`);
  if (schema.const !== undefined) parts.push(`exactly ${code(inlineJson(schema.const))}`);
  parts.push(...constraintWords(schema));
  if (typeof schema.$ref === 'string') parts.push(`as ${schema.$ref.split('/').pop() ?? schema.$ref}`);
  return parts.length > 0 ? parts.join(', ') : 'any value';
}
