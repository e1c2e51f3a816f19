/**
 * Bad input never throws and never takes long: empty text, JSON syntax errors
 * (with line and column), megabytes, 10 000 levels of nesting, huge strings,
 * tens of thousands of errors and a validator that throws.
 */
import {describe, expect, it} from 'vitest';
import {DEFAULT_LIMITS, validateText} from '../../../src/components/ApiReference/Validator/core';
import type {CompiledValidator} from '../../../src/components/ApiReference/Validator/core';
import {
  findExcessiveNesting,
  findSyntaxError,
  positionOf,
  previewValue,
} from '../../../src/components/ApiReference/Validator/json';
import {importGenerated, openApiWith} from './helpers';
import {compileValidators} from '../../../plugins/api-reference/validator';

async function validatorFor(schema: unknown): Promise<CompiledValidator> {
  const [compiled] = compileValidators({openapi: openApiWith({op: schema}), asyncapi: null});
  const module = await importGenerated(compiled?.source ?? '');
  if (module.validate === undefined) throw new Error(module.unavailable);
  return module.validate;
}

const acceptAll: CompiledValidator = () => true;

/**
 * The work's result and the CPU time it took, in ms. CPU time, not wall time: a busy machine
 * stretches the wall clock, not the work, so the bound still catches a blow-up (a quadratic walk)
 * without failing because other processes ran.
 */
function timed<T>(work: () => T): {result: T; ms: number} {
  const started = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(started);
  return {result, ms: (used.user + used.system) / 1000};
}

describe('JSON syntax errors are located', () => {
  const cases: Array<[string, number, number, RegExp]> = [
    ['{"a": 1,}', 1, 9, /trailing commas/],
    ['[1, 2,]', 1, 7, /trailing commas/],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, /expected "," or "}"/],
    ["{'a': 1}", 1, 2, /property name in double quotes/],
    ['{"a": \'x\'}', 1, 7, /double quotes/],
    ['{"a": "line\nbreak"}', 1, 12, /control character/],
    ['{"a": "\\x"}', 1, 8, /not a valid escape/],
    ['{"a": [1, 2}', 1, 12, /expected "," or "]"/],
    ['{"a": 1', 1, 8, /ends before this object is closed/],
    ['{"a": 01}', 1, 8, /in a number/],
    ['{"a": tru}', 1, 7, /where a value was expected/],
    ['{} {}', 1, 4, /after the end of the JSON value/],
    ['"unterminated', 1, 1, /never closed/],
  ];
  for (const [text, line, column, message] of cases) {
    it(JSON.stringify(text), () => {
      expect(() => JSON.parse(text)).toThrow();
      const outcome = validateText(text, acceptAll);
      expect(outcome).toMatchObject({kind: 'syntax', line, column});
      expect(outcome.kind === 'syntax' ? outcome.message : '').toMatch(message);
    });
  }

  it('finds nothing wrong in valid JSON of every shape', () => {
    for (const text of [
      '{}',
      '[]',
      '0',
      '-1.5e+10',
      '"\\u00e9\\n"',
      'null',
      ' {"a": [true, false, null, {"b": []}]} ',
    ]) {
      expect(findSyntaxError(text), text).toBeNull();
    }
  });

  it('reports positions on later lines', () => {
    expect(positionOf('ab\ncd\nef', 7)).toEqual({offset: 7, line: 3, column: 2});
  });
});

describe('empty, huge and deep input', () => {
  it('says so when there is nothing to validate', () => {
    expect(validateText('', acceptAll)).toEqual({kind: 'empty'});
    expect(validateText(' \n\t ', acceptAll)).toEqual({kind: 'empty'});
  });

  it('refuses a payload above the size limit before parsing it', () => {
    const outcome = validateText(`"${'x'.repeat(DEFAULT_LIMITS.maxChars)}"`, () => {
      throw new Error('must not be called');
    });
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' ? outcome.reason : '').toMatch(/up to 8\.0 MB/);
  });

  it('refuses 10 000 levels of nesting with the position where the limit is crossed', () => {
    const text = '['.repeat(10_000) + ']'.repeat(10_000);
    const {result, ms} = timed(() => validateText(text, acceptAll));
    expect(result).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(
        /more than 1000 levels deep \(line 1, column 1001\)/,
      ) as unknown as string,
    });
    expect(ms).toBeLessThan(1000);
    // Brackets inside strings do not count.
    expect(findExcessiveNesting(`{"a": "${'['.repeat(5000)}"}`, 10)).toBeNull();
  });

  it('validates a 1 MB payload quickly and lists only the first errors', async () => {
    const validate = await validatorFor({
      type: 'array',
      items: {type: 'object', required: ['id'], properties: {id: {type: 'string', maxLength: 8}}},
    });
    const items = Array.from({length: 40_000}, (_, index) => ({
      id: index % 2 === 0 ? `id-${index}` : index,
      note: 'padding-'.repeat(2),
    }));
    const text = JSON.stringify(items);
    expect(text.length).toBeGreaterThan(1_000_000);
    const {result, ms} = timed(() => validateText(text, validate));
    expect(result.kind).toBe('invalid');
    if (result.kind !== 'invalid') return;
    expect(result.total).toBe(20_000);
    expect(result.errors).toHaveLength(DEFAULT_LIMITS.maxErrors);
    expect(result.errors[0]).toMatchObject({
      pointer: '/1/id',
      message: 'must be a string (it is an integer)',
    });
    expect(ms).toBeLessThan(3000);
  });

  it('validates a 5 MB string and previews only its start', async () => {
    const validate = await validatorFor({
      type: 'object',
      properties: {instrument: {type: 'string', maxLength: 15}},
    });
    const text = JSON.stringify({instrument: 'A'.repeat(5 * 1024 * 1024)});
    const {result, ms} = timed(() => validateText(text, validate));
    expect(result.kind).toBe('invalid');
    if (result.kind !== 'invalid') return;
    expect(result.errors[0]?.message).toBe(
      `must be at most 15 characters long (it has ${5 * 1024 * 1024} characters)`,
    );
    expect(result.errors[0]?.value?.length).toBeLessThanOrEqual(120);
    expect(ms).toBeLessThan(3000);
  });

  it('turns a validator that throws (e.g. a stack overflow) into a message', () => {
    const throwing: CompiledValidator = () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    expect(validateText('{}', throwing)).toEqual({
      kind: 'failed',
      reason: 'The validator stopped: Maximum call stack size exceeded',
    });
  });

  it('previews deep and wide values without recursion and within the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const preview = previewValue(deep, 50);
    expect(preview.length).toBeLessThanOrEqual(50);
    expect(preview.startsWith('[[[[')).toBe(true);
    const wide = Object.fromEntries(Array.from({length: 100_000}, (_, index) => [`k${index}`, index]));
    expect(previewValue(wide, 30)).toBe('{"k0":0,"k1":1,"k2":2,"k3":3,…');
    expect(previewValue({a: 'é', b: [null, true]})).toBe('{"a":"é","b":[null,true]}');
  });
});

describe('no quadratic work on large arrays of referenced scalars', () => {
  it('checks uniqueItems over 200 000 $ref-typed ids in linear time', async () => {
    const doc = {
      ...openApiWith({
        settle: {
          type: 'object',
          properties: {
            trade_ids: {
              type: 'array',
              maxItems: 9999,
              uniqueItems: true,
              items: {$ref: '#/components/schemas/Id'},
            },
          },
        },
      }),
      components: {schemas: {Id: {type: 'string', maxLength: 36}}},
    };
    const [compiled] = compileValidators({openapi: doc, asyncapi: null});
    const module = await importGenerated(compiled?.source ?? '');
    const ids = Array.from({length: 200_000}, (_, index) => `trade-${index}`);
    ids.push('trade-7');
    const {result, ms} = timed(() =>
      validateText(JSON.stringify({trade_ids: ids}), module.validate as CompiledValidator),
    );
    expect(result).toMatchObject({
      kind: 'invalid',
      errors: [
        {message: 'must have at most 9999 items (it has 200001 items)'},
        {message: 'must not contain duplicates (items 7 and 200000 are equal)'},
      ],
    });
    expect(ms).toBeLessThan(3000);
  });
});
