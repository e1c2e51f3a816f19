/**
 * Ajv errors in words, keyword by keyword. Each case is compiled by the real
 * build step (so the error objects are the ones the browser sees), then checked
 * for its JSON pointer, sentence and value; a few pure cases cover folding and
 * truncation directly.
 */
import {describe, expect, it, beforeAll} from 'vitest';
import {describeError, describeErrors} from '../../../src/components/ApiReference/Validator/messages';
import type {AjvErrorLike} from '../../../src/components/ApiReference/Validator/messages';
import {validateText} from '../../../src/components/ApiReference/Validator/core';
import type {Compiled} from './helpers';
import {compileAll, openApiWith, validatorOf} from './helpers';

interface Case {
  schema: unknown;
  payload: unknown;
  pointer: string;
  message: string | RegExp;
  value?: string | null;
}

/** One case per keyword the brief lists (and a few more). */
const CASES: Record<string, Case> = {
  minLength: {
    schema: {type: 'string', minLength: 3},
    payload: 'ab',
    pointer: '',
    message: 'must be at least 3 characters long (it has 2 characters)',
    value: '"ab"',
  },
  maxLength: {
    schema: {type: 'string', maxLength: 2},
    payload: '😀😀😀',
    pointer: '',
    message: 'must be at most 2 characters long (it has 3 characters)',
  },
  pattern: {
    schema: {
      type: 'object',
      properties: {
        instrument: {
          description: 'Instrument as BASE-QUOTE[/SP].',
          type: 'string',
          pattern: '^[A-Z]{1,5}-[A-Z]{1,5}(/SP)?$',
        },
      },
    },
    payload: {instrument: 'btc'},
    pointer: '/instrument',
    message: 'must match ^[A-Z]{1,5}-[A-Z]{1,5}(/SP)?$ (Instrument as BASE-QUOTE[/SP].)',
    value: '"btc"',
  },
  minimum: {
    schema: {type: 'integer', minimum: 0},
    payload: -1,
    pointer: '',
    message: 'must be at least 0',
    value: '-1',
  },
  maximum: {
    schema: {type: 'integer', maximum: 600},
    payload: 601,
    pointer: '',
    message: 'must be at most 600',
  },
  exclusiveMinimum: {
    schema: {type: 'number', exclusiveMinimum: 0},
    payload: 0,
    pointer: '',
    message: 'must be greater than 0',
  },
  exclusiveMaximum: {
    schema: {type: 'number', exclusiveMaximum: 1},
    payload: 1,
    pointer: '',
    message: 'must be less than 1',
  },
  multipleOf: {
    schema: {type: 'number', multipleOf: 0.001},
    payload: 0.0015,
    pointer: '',
    message: 'must be a multiple of 0.001',
  },
  minItems: {
    schema: {type: 'array', minItems: 1},
    payload: [],
    pointer: '',
    message: 'must have at least 1 item (it has 0 items)',
    value: '[]',
  },
  maxItems: {
    schema: {type: 'array', maxItems: 2},
    payload: [1, 2, 3],
    pointer: '',
    message: 'must have at most 2 items (it has 3 items)',
  },
  uniqueItems: {
    schema: {type: 'array', uniqueItems: true},
    payload: [{a: 1}, {b: 2}, {a: 1}],
    pointer: '',
    message: 'must not contain duplicates (items 0 and 2 are equal)',
  },
  minProperties: {
    schema: {type: 'object', minProperties: 1},
    payload: {},
    pointer: '',
    message: 'must have at least 1 property (it has 0 properties)',
  },
  maxProperties: {
    schema: {type: 'object', maxProperties: 1},
    payload: {a: 1, b: 2},
    pointer: '',
    message: 'must have at most 1 property (it has 2 properties)',
  },
  required: {
    schema: {type: 'object', required: ['req_id']},
    payload: {},
    pointer: '',
    message: 'must have the required property "req_id"',
    value: '{}',
  },
  additionalProperties: {
    schema: {type: 'object', properties: {a: {}}, additionalProperties: false},
    payload: {a: 1, 'b/c': [true]},
    pointer: '/b~1c',
    message: 'is not an allowed property here (allowed: a)',
    value: '[true]',
  },
  propertyNames: {
    schema: {type: 'object', propertyNames: {pattern: '^[a-z]+$'}},
    payload: {ok: 1, 'NOT OK': 2},
    pointer: '',
    message: 'has a property name that is not allowed: "NOT OK"',
  },
  const: {
    schema: {const: 'BULK_MARKET'},
    payload: 'MARKET',
    pointer: '',
    message: 'must be "BULK_MARKET"',
    value: '"MARKET"',
  },
  enum: {
    schema: {enum: ['BUY', 'SELL']},
    payload: 'HOLD',
    pointer: '',
    message: 'must be one of "BUY", "SELL"',
  },
  type: {
    schema: {type: ['string', 'null']},
    payload: 3,
    pointer: '',
    message: 'must be a string or null (it is an integer)',
    value: '3',
  },
  oneOf: {
    schema: {type: 'object', oneOf: [{required: ['leg_1_amount']}, {required: ['leg_2_amount']}]},
    payload: {},
    pointer: '',
    message: 'must have exactly one of leg_1_amount / leg_2_amount (it has neither)',
  },
  oneOfGeneral: {
    schema: {
      oneOf: [
        {title: 'Text', type: 'string'},
        {title: 'Small number', type: 'number', maximum: 10},
        {title: 'Whole number', type: 'integer'},
      ],
    },
    payload: 5,
    pointer: '',
    message:
      'must match exactly one of: Text / Small number / Whole number (it matches Small number and Whole number)',
  },
  anyOf: {
    schema: {type: 'object', anyOf: [{required: ['seq_number']}, {required: ['execution_time']}]},
    payload: {},
    pointer: '',
    message: 'must have at least one of seq_number / execution_time',
  },
  not: {
    schema: {type: 'object', not: {required: ['seq_number', 'execution_time']}},
    payload: {seq_number: 1, execution_time: 'x'},
    pointer: '',
    message: 'must not have "seq_number" and "execution_time"',
  },
  if: {
    schema: {
      type: 'object',
      if: {
        description: 'mergeable is false ...',
        properties: {mergeable: {const: false}},
        required: ['mergeable'],
      },
      then: {description: '... so max_frequency is 0.', properties: {max_frequency: {const: 0}}},
    },
    payload: {mergeable: false, max_frequency: 5},
    pointer: '',
    message: 'breaks a conditional rule: mergeable is false, so max_frequency is 0.',
  },
  format: {
    schema: {type: 'string', format: 'date-time'},
    payload: '2025-13-01T00:00:00Z',
    pointer: '',
    message: /^must be a date and time \(RFC 3339/,
  },
  dependentRequired: {
    schema: {type: 'object', dependentRequired: {from_address: ['to_address']}},
    payload: {from_address: 'x'},
    pointer: '',
    message: 'must have "to_address" when it has "from_address"',
  },
  falseSchema: {
    schema: {type: 'object', properties: {legacy: false}},
    payload: {legacy: 1},
    pointer: '/legacy',
    message: 'is not allowed here',
  },
};

describe('each keyword in words, through compiled validators', () => {
  let compiled: Map<string, Compiled>;

  beforeAll(async () => {
    compiled = await compileAll({
      openapi: openApiWith(
        Object.fromEntries(Object.entries(CASES).map(([name, item]) => [name, item.schema])),
      ),
      asyncapi: null,
    });
  });

  for (const [name, item] of Object.entries(CASES)) {
    it(name, () => {
      const outcome = validateText(JSON.stringify(item.payload), validatorOf(compiled, `rest:${name}`));
      if (outcome.kind !== 'invalid') throw new Error(`expected invalid, got ${JSON.stringify(outcome)}`);
      const [first] = outcome.errors;
      expect(outcome.errors, JSON.stringify(outcome.errors)).toHaveLength(1);
      expect(first?.pointer).toBe(item.pointer);
      if (typeof item.message === 'string') expect(first?.message).toBe(item.message);
      else expect(first?.message).toMatch(item.message);
      if (item.value !== undefined) expect(first?.value).toBe(item.value);
    });
  }

  it('a valid payload gives no error for any case', () => {
    const good: Record<string, unknown> = {
      minLength: 'abc',
      oneOf: {leg_1_amount: '1'},
      if: {mergeable: false, max_frequency: 0},
    };
    for (const [name, payload] of Object.entries(good)) {
      expect(validateText(JSON.stringify(payload), validatorOf(compiled, `rest:${name}`)), name).toEqual({
        kind: 'valid',
      });
    }
  });

  it('folds the property-name check under propertyNames', () => {
    const outcome = validateText('{"NOT OK": 1}', validatorOf(compiled, 'rest:propertyNames'));
    if (outcome.kind !== 'invalid') throw new Error('expected invalid');
    expect(outcome.errors[0]?.details).toEqual([
      expect.objectContaining({
        pointer: '',
        message: 'property name "NOT OK" must match ^[a-z]+$',
        value: '"NOT OK"',
      }),
    ]);
  });
});

describe('describeError and describeErrors (pure)', () => {
  const base = {instancePath: '/a', schemaPath: '#/x', params: {}} satisfies Partial<AjvErrorLike>;

  it('words an unknown keyword instead of failing', () => {
    expect(describeError({...base, keyword: 'x-custom'}).message).toBe(
      'breaks the "x-custom" rule of the schema',
    );
  });

  it('truncates long values and long patterns', () => {
    const long = 'x'.repeat(10_000);
    const worded = describeError({
      ...base,
      keyword: 'pattern',
      params: {pattern: `^${'a'.repeat(200)}$`},
      data: long,
    });
    expect(worded.value?.length).toBeLessThanOrEqual(120);
    expect(worded.value?.endsWith('…')).toBe(true);
    expect(worded.message.length).toBeLessThan(100);
  });

  it('folds branch errors under the combinator that produced them, keeps siblings apart', () => {
    const errors: AjvErrorLike[] = [
      {
        instancePath: '/b',
        schemaPath: '#/properties/b/type',
        keyword: 'type',
        params: {type: 'string'},
        data: 1,
      },
      {
        instancePath: '/a',
        schemaPath: '#/properties/a/oneOf/0/type',
        keyword: 'type',
        params: {type: 'string'},
        data: 1,
      },
      {
        instancePath: '/a',
        schemaPath: '#/properties/a/oneOf/1/minimum',
        keyword: 'minimum',
        params: {limit: 5, comparison: '>='},
        data: 1,
      },
      {
        instancePath: '/a',
        schemaPath: '#/properties/a/oneOf',
        keyword: 'oneOf',
        params: {passingSchemas: null},
        schema: [{type: 'string'}, {title: 'Big', minimum: 5}],
        data: 1,
      },
    ];
    const worded = describeErrors(errors);
    expect(worded.map((error) => error.pointer)).toEqual(['/b', '/a']);
    expect(worded[1]?.message).toBe('must match exactly one of: a string / Big (it matches none)');
    expect(worded[1]?.details.map((detail) => detail.message)).toEqual([
      'must be a string (it is an integer)',
      'must be at least 5',
    ]);
  });
});
