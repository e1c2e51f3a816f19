/**
 * The function formats written into generated modules (runtime.ts) agree with
 * ajv-formats, which the build compiles against, on valid and invalid samples;
 * and the inlined helpers (code-point lengths, deep equality) behave.
 */
import {describe, expect, it, beforeAll} from 'vitest';
import {fullFormats} from 'ajv-formats/dist/formats';
import {FORMAT_SOURCES} from '../../../plugins/api-reference/validator/runtime';
import {validateText} from '../../../src/components/ApiReference/Validator/core';
import type {Compiled} from './helpers';
import {compileAll, openApiWith, validatorOf} from './helpers';

const SAMPLES: Record<string, unknown[]> = {
  date: [
    '2024-02-29',
    '2023-02-29',
    '1900-02-29',
    '2025-06-31',
    '2025-12-31',
    '2025-1-01',
    '2025-00-10',
    'x',
  ],
  time: [
    '08:00:00Z',
    '23:59:60Z',
    '08:00:60Z',
    '08:00:00.123+01:00',
    '24:00:00Z',
    '08:00:00',
    '08:61:00Z',
    '23:59:60+00:30',
  ],
  'iso-time': ['08:00:00', '08:00:00Z', '25:00:00'],
  'date-time': [
    '2025-06-02T08:00:00.000400Z',
    '2025-06-02t08:00:00z',
    '2025-06-02 08:00:00Z',
    '2025-06-02T08:00:00',
    '2025-02-30T08:00:00Z',
    '2025-06-02',
  ],
  'iso-date-time': ['2025-06-02T08:00:00', '2025-06-02T08:00:00+02:00', '2025-06-02'],
  uri: [
    'https://example.com/a?b=c#d',
    'urn:isbn:0451450523',
    'mailto:a@b.c',
    '/relative/path',
    'no scheme',
    'http://exa mple.com',
  ],
  regex: ['^[a-z]+$', '(unclosed', '\\Z'],
  byte: ['SGVsbG8=', 'SGVsbG8', 'SGVs*G8=', ''],
  int32: [0, 2147483647, 2147483648, -2147483648, -2147483649, 1.5],
  int64: [9007199254740991, 1.5, -3],
  float: [1.5, 0],
  double: [1e300],
};

describe('runtime formats', () => {
  let compiled: Map<string, Compiled>;

  beforeAll(async () => {
    compiled = await compileAll({
      openapi: openApiWith(
        Object.fromEntries(Object.keys(SAMPLES).map((format) => [format.replace(/-/g, '_'), {format}])),
      ),
      asyncapi: null,
    });
  });

  it('cover every function format of ajv-formats, in the same shape', () => {
    const functionFormats = Object.entries(fullFormats)
      .filter(
        ([, format]) =>
          typeof format === 'function' || (typeof format === 'object' && !(format instanceof RegExp)),
      )
      .map(([name]) => name)
      .sort();
    expect(Object.keys(FORMAT_SOURCES).sort()).toEqual(functionFormats);
    for (const [name, {shape}] of Object.entries(FORMAT_SOURCES)) {
      const original = fullFormats[name as keyof typeof fullFormats];
      expect(shape, name).toBe(typeof original === 'function' ? 'function' : 'object');
    }
  });

  for (const [format, samples] of Object.entries(SAMPLES)) {
    it(`${format} agrees with ajv-formats`, () => {
      const validate = validatorOf(compiled, `rest:${format.replace(/-/g, '_')}`);
      const reference = fullFormats[format as keyof typeof fullFormats] as
        ((value: unknown) => boolean) | {validate: (value: unknown) => boolean};
      const check = typeof reference === 'function' ? reference : reference.validate;
      for (const sample of samples) {
        const expected = check(sample);
        const outcome = validateText(JSON.stringify(sample), validate);
        expect(outcome.kind, `${format} ${JSON.stringify(sample)}`).toBe(expected ? 'valid' : 'invalid');
      }
    });
  }
});

describe('inlined helpers', () => {
  let compiled: Map<string, Compiled>;

  beforeAll(async () => {
    compiled = await compileAll({
      openapi: openApiWith({
        lengths: {type: 'string', minLength: 2, maxLength: 2},
        unique: {type: 'array', uniqueItems: true},
        constant: {const: {a: [1, {b: null}]}},
      }),
      asyncapi: null,
    });
  });

  it('count code points, not UTF-16 units', () => {
    const validate = validatorOf(compiled, 'rest:lengths');
    expect(validateText('"😀😀"', validate).kind).toBe('valid');
    expect(validateText('"😀"', validate).kind).toBe('invalid');
    expect(validateText('"\\ud83d"', validate).kind).toBe('invalid');
  });

  it('compare objects and arrays deeply', () => {
    const unique = validatorOf(compiled, 'rest:unique');
    expect(validateText('[{"a": 1, "b": 2}, {"b": 2, "a": 1}]', unique).kind).toBe('invalid');
    expect(validateText('[{"a": 1}, {"a": 2}, [1], [1, 2], 1, "1"]', unique).kind).toBe('valid');
    const constant = validatorOf(compiled, 'rest:constant');
    expect(validateText('{"a": [1, {"b": null}]}', constant).kind).toBe('valid');
    expect(validateText('{"a": [1, {"b": 0}]}', constant).kind).toBe('invalid');
    expect(validateText('{"a": [1, {"b": null, "c": 1}]}', constant).kind).toBe('invalid');
  });
});
