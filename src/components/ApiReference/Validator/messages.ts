/**
 * Ajv errors in words. Pure: an error list (as the compiled validators report it,
 * with `verbose` data and schemas) in, a list of sentences with JSON pointers and
 * value previews out. Errors a combinator produced while trying its branches are
 * folded under that combinator's own error, so `{}` against "exactly one of
 * leg_1_amount / leg_2_amount" reads as one error, not three.
 */
import {escapePointerToken, isObject, type JsonObject} from '../../../../plugins/api-reference/client/json';
import type {ValidationError as AjvErrorLike} from '../../../../plugins/session-check/client/types';
import {counted} from '../../../../plugins/api-reference/client/counted';
import {previewValue} from './json';

/**
 * The fields of an Ajv error object this module reads. One declaration, the compiled validators'
 * (plugins/ may not import src/, so it lives with the session checker's shared shapes, which the
 * browser and the command both pass to this module).
 */
export type {AjvErrorLike};

export interface WordedError {
  /** JSON pointer (RFC 6901) of the offending value; "" is the whole payload. */
  pointer: string;
  /** The constraint in words, e.g. "must have at most 999 items (it has 1000)". */
  message: string;
  /** A short preview of the offending value, or null when there is none to show. */
  value: string | null;
  keyword: string;
  /** Errors met while trying a combinator's branches (oneOf, anyOf, if/then, propertyNames). */
  details: WordedError[];
}

function quote(name: unknown): string {
  return `"${String(name)}"`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** The JSON type of a parsed value, in words. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number with a fraction';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return TYPE_NAMES[typeof value] ?? typeof value;
}

function listWords(items: string[], conjunction: 'or' | 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** "(Instrument as BASE-QUOTE …)" from the schema's description or title, or "". */
function schemaHint(schema: unknown): string {
  if (!isObject(schema)) return '';
  const text =
    typeof schema.description === 'string' && schema.description.trim() !== ''
      ? schema.description
      : typeof schema.title === 'string'
        ? schema.title
        : '';
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '';
  return ` (${flat.length > 160 ? `${flat.slice(0, 159)}…` : flat})`;
}

function shortText(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A branch of oneOf/anyOf, named for a reader. */
function branchLabel(branch: unknown, index: number): string {
  if (!isObject(branch)) return branch === false ? 'nothing' : `option ${index + 1}`;
  const required = Array.isArray(branch.required) ? branch.required.map(String) : [];
  if (typeof branch.title === 'string' && branch.title.trim() !== '') {
    return required.length > 0 ? `${branch.title} (${required.join(', ')})` : branch.title;
  }
  if (typeof branch.$ref === 'string')
    return decodeURIComponent(branch.$ref.slice(branch.$ref.lastIndexOf('/') + 1));
  if (required.length > 0) return `an object with ${required.join(', ')}`;
  if ('const' in branch) return previewValue(branch.const, 40);
  if (typeof branch.type === 'string') return TYPE_NAMES[branch.type] ?? branch.type;
  return `option ${index + 1}`;
}

/** Branches that only demand one property each: "exactly one of a / b" reads better. */
function requiredOnlyNames(branches: unknown[]): string[] | null {
  const names: string[] = [];
  for (const branch of branches) {
    if (!isObject(branch) || !Array.isArray(branch.required) || branch.required.length !== 1) return null;
    const extra = Object.keys(branch).filter(
      (key) => !['required', 'title', 'description', 'type'].includes(key),
    );
    if (extra.length > 0) return null;
    names.push(String(branch.required[0]));
  }
  return names.length > 1 ? names : null;
}

function oneOfMessage(error: AjvErrorLike): string {
  const branches = Array.isArray(error.schema) ? error.schema : [];
  const passing = Array.isArray(error.params.passingSchemas)
    ? error.params.passingSchemas.filter((index): index is number => typeof index === 'number')
    : [];
  const names = requiredOnlyNames(branches);
  if (names !== null) {
    const present = isObject(error.data) ? names.filter((name) => name in (error.data as JsonObject)) : [];
    const has =
      present.length === 0
        ? names.length === 2
          ? 'it has neither'
          : 'it has none of them'
        : present.length === names.length && names.length === 2
          ? 'it has both'
          : `it has ${listWords(present, 'and')}`;
    return `must have exactly one of ${names.join(' / ')} (${has})`;
  }
  const labels = branches.map(branchLabel);
  const matched =
    passing.length > 0
      ? `it matches ${listWords(
          passing.map((index) => labels[index] ?? `option ${index + 1}`),
          'and',
        )}`
      : 'it matches none';
  return labels.length > 0
    ? `must match exactly one of: ${labels.join(' / ')} (${matched})`
    : `must match exactly one of the allowed forms (${matched})`;
}

function anyOfMessage(error: AjvErrorLike): string {
  const branches = Array.isArray(error.schema) ? error.schema : [];
  const names = requiredOnlyNames(branches);
  if (names !== null) return `must have at least one of ${names.join(' / ')}`;
  const labels = branches.map(branchLabel);
  return labels.length > 0
    ? `must match at least one of: ${labels.join(' / ')} (it matches none)`
    : 'must match at least one of the allowed forms (it matches none)';
}

function notMessage(error: AjvErrorLike): string {
  const schema = error.schema;
  if (isObject(schema) && Array.isArray(schema.required) && Object.keys(schema).length === 1) {
    return `must not have ${listWords(schema.required.map(quote), 'and')}`;
  }
  if (isObject(schema) && 'const' in schema) return `must not be ${previewValue(schema.const, 60)}`;
  if (isObject(schema) && Array.isArray(schema.enum)) {
    return `must not be any of ${schema.enum.map((value) => previewValue(value, 40)).join(', ')}`;
  }
  const hint = schemaHint(schema);
  return hint === '' ? 'must not match the excluded form' : `must not match the excluded form${hint}`;
}

function ifMessage(error: AjvErrorLike): string {
  const parent = isObject(error.parentSchema) ? error.parentSchema : {};
  const failing = error.params.failingKeyword === 'else' ? 'else' : 'then';
  const condition =
    isObject(parent.if) && typeof parent.if.description === 'string' ? parent.if.description.trim() : '';
  const rule =
    isObject(parent[failing]) && typeof (parent[failing] as JsonObject).description === 'string'
      ? String((parent[failing] as JsonObject).description).trim()
      : '';
  if (condition !== '' && rule !== '') {
    // Schema authors often split one sentence across if/then ("a is x ..." / "... so b is y").
    const start = condition.replace(/\s*(\.\.\.|…)$/, '').replace(/[.;:]$/, '');
    const end = rule.replace(/^(\.\.\.|…)\s*/, '');
    return failing === 'then'
      ? `breaks a conditional rule: ${start}, ${end}`
      : `breaks a conditional rule: unless ${start}, ${end}`;
  }
  return failing === 'then'
    ? 'breaks a conditional rule: its "if" condition holds, so its "then" rule applies'
    : 'breaks a conditional rule: its "if" condition does not hold, so its "else" rule applies';
}

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'a date and time (RFC 3339, e.g. 2025-06-02T08:00:00.000000Z)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time with a zone (e.g. 08:00:00Z)',
  'iso-date-time': 'an ISO 8601 date and time',
  'iso-time': 'an ISO 8601 time',
  duration: 'an ISO 8601 duration (e.g. P1D)',
  email: 'an email address',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  uri: 'an absolute URI',
  'uri-reference': 'a URI reference',
  'uri-template': 'a URI template',
  url: 'a URL',
  uuid: 'a UUID',
  regex: 'a regular expression',
  'json-pointer': 'a JSON pointer',
  'relative-json-pointer': 'a relative JSON pointer',
  byte: 'base64-encoded bytes',
  int32: 'a 32-bit integer',
  int64: 'a 64-bit integer',
};

function lengthOf(value: unknown): number | null {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return null;
}

function count(value: unknown, unit: string, units = `${unit}s`): string {
  const length = lengthOf(value);
  return length === null ? '' : ` (it has ${counted(length, unit, units)})`;
}

/** The sentence for one error, without the folded details. */
export function describeError(error: AjvErrorLike): {pointer: string; message: string; value: string | null} {
  const {params, keyword} = error;
  const limit = params.limit;
  let pointer = error.instancePath;
  let value: string | null = error.data === undefined ? null : previewValue(error.data);
  let message: string;
  switch (keyword) {
    case 'minLength':
      message = `must be at least ${counted(Number(limit), 'character')} long${count(error.data, 'character')}`;
      break;
    case 'maxLength':
      message = `must be at most ${counted(Number(limit), 'character')} long${count(error.data, 'character')}`;
      break;
    case 'pattern':
      message = `must match ${shortText(String(params.pattern))}${schemaHint(error.parentSchema)}`;
      break;
    case 'minimum':
      message = `must be at least ${String(limit)}`;
      break;
    case 'maximum':
      message = `must be at most ${String(limit)}`;
      break;
    case 'exclusiveMinimum':
      message = `must be greater than ${String(limit)}`;
      break;
    case 'exclusiveMaximum':
      message = `must be less than ${String(limit)}`;
      break;
    case 'multipleOf':
      message = `must be a multiple of ${String(params.multipleOf)}`;
      break;
    case 'minItems':
      message = `must have at least ${counted(Number(limit), 'item')}${count(error.data, 'item')}`;
      break;
    case 'maxItems':
    case 'additionalItems':
    case 'items':
    case 'unevaluatedItems':
      message = `must have at most ${counted(Number(limit), 'item')}${count(error.data, 'item')}`;
      break;
    case 'uniqueItems': {
      // Ajv's fast and slow paths report the two indexes in opposite roles.
      const [first, second] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      message = `must not contain duplicates (items ${String(first)} and ${String(second)} are equal)`;
      break;
    }
    case 'minContains':
    case 'contains': {
      const min = typeof params.minContains === 'number' ? params.minContains : 1;
      message = `must contain at least ${counted(min, 'item')} of the required form${schemaHint(error.schema)}`;
      break;
    }
    case 'maxContains':
      message = `must contain at most ${counted(Number(params.maxContains ?? limit), 'item')} of the given form`;
      break;
    case 'minProperties':
      message = `must have at least ${counted(Number(limit), 'property', 'properties')}${count(error.data, 'property', 'properties')}`;
      break;
    case 'maxProperties':
      message = `must have at most ${counted(Number(limit), 'property', 'properties')}${count(error.data, 'property', 'properties')}`;
      break;
    case 'required':
      message = `must have the required property ${quote(params.missingProperty)}`;
      break;
    case 'dependentRequired':
    case 'dependencies':
      message = `must have ${quote(params.missingProperty)} when it has ${quote(params.property)}`;
      break;
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      const parent = isObject(error.parentSchema) ? error.parentSchema : {};
      const allowed = isObject(parent.properties) ? Object.keys(parent.properties) : [];
      pointer = `${error.instancePath}/${escapePointerToken(name)}`;
      value = isObject(error.data) ? previewValue(error.data[name]) : null;
      message =
        allowed.length > 0 && allowed.length <= 12
          ? `is not an allowed property here (allowed: ${allowed.join(', ')})`
          : 'is not an allowed property here';
      break;
    }
    case 'propertyNames':
      message = `has a property name that is not allowed: ${quote(params.propertyName)}`;
      break;
    case 'const':
      message = `must be ${previewValue(params.allowedValue, 60)}`;
      break;
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      const shown = allowed.slice(0, 20).map((item) => previewValue(item, 40));
      message = `must be one of ${shown.join(', ')}${allowed.length > 20 ? `, … (${allowed.length} values)` : ''}`;
      break;
    }
    case 'type': {
      const types = String(params.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type);
      message = `must be ${listWords(types, 'or')} (it is ${jsonTypeOf(error.data)})`;
      break;
    }
    case 'oneOf':
      message = oneOfMessage(error);
      break;
    case 'anyOf':
      message = anyOfMessage(error);
      break;
    case 'not':
      message = notMessage(error);
      break;
    case 'if':
      message = ifMessage(error);
      break;
    case 'format': {
      const format = String(params.format);
      message = `must be ${FORMAT_WORDS[format] ?? `in the format "${format}"`}${schemaHint(error.parentSchema)}`;
      break;
    }
    case 'false schema':
      message = 'is not allowed here';
      break;
    case 'discriminator':
      message = `has a missing or unknown discriminator ${quote(params.tag)}`;
      break;
    default:
      message = `breaks the "${keyword}" rule of the schema`;
  }
  if (error.propertyName !== undefined && keyword !== 'propertyNames') {
    // The check ran on a property name, not on a value.
    message = `property name ${quote(error.propertyName)} ${message}`;
    value = previewValue(error.propertyName);
  }
  return {pointer, message, value};
}

/** Where, in the same compiled function, a combinator's branch errors live. */
function branchPrefix(error: AjvErrorLike): string | null {
  switch (error.keyword) {
    case 'oneOf':
    case 'anyOf':
    case 'propertyNames':
    case 'not':
    case 'contains':
      return `${error.schemaPath}/`;
    case 'if': {
      const failing = error.params.failingKeyword === 'else' ? 'else' : 'then';
      return `${error.schemaPath.replace(/\/if$/, '')}/${failing}/`;
    }
    default:
      return null;
  }
}

function isWithin(pointer: string, parent: string): boolean {
  return pointer === parent || pointer.startsWith(`${parent}/`);
}

/**
 * All errors in words, in the validator's order, branch errors folded under the
 * error of their combinator. Ajv reports a combinator's branch errors just before
 * the combinator's own error, so each combinator adopts the preceding errors that
 * lie under its schema path and under its instance path.
 */
export function describeErrors(errors: readonly AjvErrorLike[]): WordedError[] {
  const result: Array<{error: AjvErrorLike; worded: WordedError}> = [];
  for (const error of errors) {
    const worded: WordedError = {...describeError(error), keyword: error.keyword, details: []};
    const prefix = branchPrefix(error);
    if (prefix !== null) {
      const adopted: Array<{error: AjvErrorLike; worded: WordedError}> = [];
      while (result.length > 0) {
        const last = result[result.length - 1] as {error: AjvErrorLike; worded: WordedError};
        if (
          !last.error.schemaPath.startsWith(prefix) ||
          !isWithin(last.error.instancePath, error.instancePath)
        )
          break;
        adopted.unshift(last);
        result.pop();
      }
      worded.details = adopted.map((item) => item.worded);
      // Nothing to add when the sentence already names every missing property.
      if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
        const branches = Array.isArray(error.schema) ? error.schema : [];
        if (requiredOnlyNames(branches) !== null) worded.details = [];
      }
    }
    result.push({error, worded});
  }
  return result.map((item) => item.worded);
}
