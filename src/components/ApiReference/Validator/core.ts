/**
 * One validation, from pasted text to outcome. Pure apart from the compiled
 * validator it is given; runs in the validation worker, or on the page when
 * workers are unavailable. Never throws: every input gets an outcome.
 */
import type {AjvErrorLike} from './messages';
import {describeErrors} from './messages';
import {findExcessiveNesting, findSyntaxError} from './json';
import type {ValidationOutcome} from './protocol';

/** A compiled standalone validator (the default export of a generated module). */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: AjvErrorLike[] | null;
}

export interface Limits {
  /** Longest text checked, in UTF-16 code units. */
  maxChars: number;
  /** Deepest nesting of objects and arrays checked. */
  maxDepth: number;
  /** Errors listed (the total is always given). */
  maxErrors: number;
}

/**
 * The API's payloads are a few kilobytes and nest a handful of levels; these
 * limits leave room for pasting large test data while keeping every step
 * (parse, validate, describe) fast and far from any engine's stack limit.
 */
export const DEFAULT_LIMITS: Limits = {maxChars: 8 * 1024 * 1024, maxDepth: 1000, maxErrors: 100};

function megabytes(chars: number): string {
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}

export function validateText(
  text: string,
  validate: CompiledValidator,
  limits: Limits = DEFAULT_LIMITS,
): ValidationOutcome {
  if (text.trim() === '') return {kind: 'empty'};
  if (text.length > limits.maxChars) {
    return {
      kind: 'refused',
      reason: `The payload is ${megabytes(text.length)}; the validator checks payloads up to ${megabytes(limits.maxChars)}.`,
    };
  }
  const deep = findExcessiveNesting(text, limits.maxDepth);
  if (deep !== null) {
    return {
      kind: 'refused',
      reason: `The payload nests objects or arrays more than ${limits.maxDepth} levels deep (line ${deep.line}, column ${deep.column}); no payload of this API comes close, so it is not checked.`,
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const problem = findSyntaxError(text);
    if (problem !== null) {
      return {kind: 'syntax', message: problem.message, line: problem.line, column: problem.column};
    }
    // The engine refused what the scanner accepts (should not happen): say what it said.
    return {kind: 'syntax', message: (error as Error).message, line: 1, column: 1};
  }
  let valid: boolean;
  try {
    valid = validate(data);
  } catch (error) {
    return {kind: 'failed', reason: `The validator stopped: ${(error as Error).message}`};
  }
  if (valid) return {kind: 'valid'};
  // Each description is bounded (values are previewed, not serialised), so even
  // tens of thousands of errors are described quickly; only the first few are sent.
  const errors = describeErrors(validate.errors ?? []);
  return {kind: 'invalid', errors: errors.slice(0, limits.maxErrors), total: errors.length};
}
