/**
 * Turns the schema-validation errors of an API document (Ajv, run over the
 * official OpenAPI JSON Schemas) into sentences a person can act on. Ajv says
 * *which* keyword failed ("must NOT be valid", "must match exactly one schema
 * in oneOf"); the reader needs the rule and the field: "`identifier` and `url`
 * exclude each other: give one of them". Needs Ajv's `verbose` option, which
 * puts the failing (sub)schema and the value on every error.
 */
import {inlineJson, isObject, unescapePointerToken, type JsonObject} from '../document';
import type {Problem} from './problem';

/** The subset of an Ajv error this module reads (kept structural: no Ajv import at build time). */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params?: unknown;
  /** With `verbose`: the value of the failing keyword, e.g. the `not` subschema or the `enum` list. */
  schema?: unknown;
  /** With `verbose`: the schema holding the failing keyword. */
  parentSchema?: unknown;
  /** With `verbose`: the value that failed. */
  data?: unknown;
}

function tokens(pointer: string): string[] {
  return pointer.split('/').slice(1).map(unescapePointerToken);
}

/** How the value at a pointer is called in a sentence: `"in"`, `item 2 of "parameters"`, `the document`. */
export function fieldName(pointer: string): string {
  const path = tokens(pointer);
  const last = path[path.length - 1];
  if (last === undefined) return 'the document';
  if (/^\d+$/.test(last)) {
    const parent = path[path.length - 2];
    return `item ${Number(last) + 1} of ${parent !== undefined ? `"${parent}"` : 'the list'}`;
  }
  return `"${last}"`;
}

function quoteList(items: readonly unknown[], joiner = 'or'): string {
  const quoted = items.map((i) => (typeof i === 'string' ? `"${i}"` : inlineJson(i)));
  if (quoted.length < 2) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${joiner} ${quoted[quoted.length - 1] ?? ''}`;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${inlineJson(value)}`;
  return `${typeof value} ${inlineJson(value)}`;
}

/** A `{required: [...]}`-only schema: the common way the specifications write "has these fields". */
function requiredOnly(schema: unknown): string[] | undefined {
  if (!isObject(schema)) return undefined;
  const keys = Object.keys(schema).filter((k) => k !== '$comment' && k !== 'description');
  if (keys.length !== 1 || !Array.isArray(schema.required)) return undefined;
  return schema.required.filter((r): r is string => typeof r === 'string');
}

/** A short phrase for the condition of an `if`, when it is one of the simple shapes the specifications use. */
function describeCondition(schema: unknown): string | undefined {
  const required = requiredOnly(schema);
  if (required !== undefined) return `it has ${quoteList(required, 'and')}`;
  if (isObject(schema) && isObject(schema.properties)) {
    const parts = Object.entries(schema.properties).flatMap(([name, sub]) => {
      if (isObject(sub) && sub.const !== undefined) return [`"${name}" is ${inlineJson(sub.const)}`];
      if (isObject(sub) && Array.isArray(sub.enum)) return [`"${name}" is ${quoteList(sub.enum)}`];
      return [];
    });
    if (parts.length > 0) return parts.join(' and ');
  }
  return undefined;
}

/** The one sentence for one Ajv error. */
export function explainAjvError(error: AjvError): string {
  const field = fieldName(error.instancePath);
  const params = isObject(error.params) ? (error.params as JsonObject) : {};
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty ?? '');
      return `${field} lacks the required field "${missing}": add it`;
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const extra = String(params.additionalProperty ?? params.unevaluatedProperty ?? '');
      return `"${extra}" is not a field the specification allows in ${field}: check its spelling and its indentation (is it at the right level?); your own fields must start with "x-"`;
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return `${field} is ${inlineJson(error.data)}, which is not allowed: use ${quoteList(allowed)}`;
    }
    case 'const':
      return `${field} must be ${inlineJson(params.allowedValue)}, not ${inlineJson(error.data)}`;
    case 'type':
      return `${field} must be ${String(params.type ?? 'of another type').replace(/,/g, ' or ')}, but it is ${typeOf(error.data)}`;
    case 'not': {
      const forbidden = requiredOnly(error.schema);
      // `dependentSchemas: {a: {not: {required: [b]}}}`: the specification's way to say a and b exclude each other.
      const dependent = /\/dependentSchemas\/([^/]+)\/not$/.exec(error.schemaPath);
      if (forbidden !== undefined && dependent?.[1] !== undefined) {
        const owner = unescapePointerToken(decodeURIComponent(dependent[1]));
        return `${field} has both "${owner}" and ${quoteList(forbidden, 'and')}, which exclude each other: keep only one of them`;
      }
      if (forbidden !== undefined)
        return `${field} must not have ${quoteList(forbidden, 'or')} here: remove ${forbidden.length > 1 ? 'them' : 'it'}`;
      return `${field} has a shape the specification forbids here (rule at ${error.schemaPath})`;
    }
    case 'oneOf':
    case 'anyOf': {
      const branches = Array.isArray(error.schema) ? error.schema : [];
      const fieldSets = branches.map(requiredOnly);
      const passing = Array.isArray(params.passingSchemas) ? params.passingSchemas : null;
      if (fieldSets.length > 0 && fieldSets.every((s) => s !== undefined && s.length === 1)) {
        const names = fieldSets.map((s) => s?.[0] ?? '');
        return error.keyword === 'oneOf'
          ? `${field} must have exactly one of ${quoteList(names)}${passing !== null ? ', not several' : ''}`
          : `${field} must have at least one of ${quoteList(names)}`;
      }
      if (error.keyword === 'oneOf' && passing !== null)
        return `${field} fits ${passing.length} of the forms the specification allows here at once, so its meaning is ambiguous: remove the fields that belong to the other forms`;
      return `${field} fits none of the ${branches.length > 0 ? `${branches.length} ` : ''}forms the specification allows here: see the problems listed beside this one for what each form lacks`;
    }
    case 'if': {
      const parent = isObject(error.parentSchema) ? error.parentSchema : {};
      const condition = describeCondition(parent.if);
      const branch = String(params.failingKeyword ?? 'then');
      if (condition !== undefined)
        return `${field} breaks the rule that applies ${branch === 'then' ? 'when' : 'unless'} ${condition.replace(/^it has/, 'the object has')}: see the problems listed beside this one for what it lacks`;
      return `${field} breaks a conditional rule of the specification (rule at ${error.schemaPath}): see the problems listed beside this one`;
    }
    case 'dependentRequired': {
      return `${field} has "${String(params.property ?? '')}", which requires "${String(params.missingProperty ?? '')}": add it`;
    }
    case 'pattern':
      return `${field} is ${inlineJson(error.data)}, which does not have the required form (pattern ${String(params.pattern ?? '')})`;
    case 'propertyNames':
      return `${field} has a key "${String(params.propertyName ?? '')}" that is not allowed here`;
    case 'format':
      return `${field} is ${inlineJson(error.data)}, which is not a valid ${String(params.format ?? 'value')}`;
    case 'false schema':
      return `${field} is not allowed here`;
    case 'minItems':
    case 'minProperties':
    case 'minLength':
      return `${field} must not be empty (${error.message ?? error.keyword})`;
    case 'uniqueItems':
      return `${field} lists the same item twice (items ${String(params.j ?? '?')} and ${String(params.i ?? '?')}): remove the duplicate`;
    default:
      return `${field} ${error.message ?? `breaks the rule "${error.keyword}"`}`;
  }
}

/** Keywords that only summarise other errors at the same place; dropped when those are shown. */
const SUMMARIES = new Set(['if', 'oneOf', 'anyOf']);

/**
 * Ajv reports every failed branch of a oneOf; the deepest few name the real
 * mistake. Errors whose rule another error already states (the `required`
 * errors of a oneOf between two fields, an `if` whose branch is reported) are
 * folded into one sentence.
 */
export function pickAjvErrors(errors: AjvError[], limit = 8): Problem[] {
  if (errors.length === 0) return [];
  // Per part of the document (the first four pointer tokens, e.g. one operation's parameters), only
  // the deepest errors: the shallower ones are the failed alternatives around them.
  const depth = (e: AjvError): number => e.instancePath.split('/').length;
  const area = (e: AjvError): string => e.instancePath.split('/').slice(0, 5).join('/');
  const deepest = new Map<string, number>();
  for (const e of errors) deepest.set(area(e), Math.max(deepest.get(area(e)) ?? 0, depth(e)));
  let chosen = errors.filter((e) => depth(e) >= (deepest.get(area(e)) ?? 0) - 1);
  // A oneOf/anyOf between `{required: [a]}` and `{required: [b]}` says it all in one sentence.
  const folded = chosen.filter(
    (e) =>
      (e.keyword === 'oneOf' || e.keyword === 'anyOf') &&
      Array.isArray(e.schema) &&
      e.schema.every((b) => requiredOnly(b) !== undefined),
  );
  chosen = chosen.filter(
    (e) =>
      !folded.some(
        (f) => f !== e && f.instancePath === e.instancePath && e.schemaPath.startsWith(`${f.schemaPath}/`),
      ),
  );
  // A summary keyword is noise next to a more precise error about the same value or one inside it.
  chosen = chosen.filter(
    (e) =>
      !SUMMARIES.has(e.keyword) ||
      folded.includes(e) ||
      !chosen.some(
        (other) =>
          other !== e &&
          !SUMMARIES.has(other.keyword) &&
          (other.instancePath === e.instancePath || other.instancePath.startsWith(`${e.instancePath}/`)),
      ),
  );
  // "lacks $ref" is the failed Reference Object alternative of a value whose own form has the real
  // mistake (a `description: null` inside a response): noise beside that mistake.
  const isRefAlternative = (e: AjvError): boolean =>
    e.keyword === 'required' && isObject(e.params) && e.params.missingProperty === '$ref';
  chosen = chosen.filter(
    (e) =>
      !isRefAlternative(e) ||
      !errors.some(
        (other) =>
          other !== e &&
          !isRefAlternative(other) &&
          !SUMMARIES.has(other.keyword) &&
          (other.instancePath === e.instancePath || other.instancePath.startsWith(`${e.instancePath}/`)),
      ),
  );
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const e of chosen) {
    const message = explainAjvError(e);
    const key = `${e.instancePath} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({pointer: e.instancePath, message});
    if (out.length >= limit) break;
  }
  return out;
}
