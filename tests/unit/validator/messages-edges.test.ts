/**
 * The payload validator's sentences for the cases messages.test.ts leaves out: how a branch of
 * oneOf/anyOf is named for a reader (its title, its $ref, its constant, its type), what `not`
 * and `if` say when the schema explains itself, the contains and property-count rules, a
 * property name checked against a format, long lists cut short, and which errors an `if` or a
 * `not` folds under itself. Error objects as the compiled validators report them (`verbose`).
 */
import {describe, expect, it} from 'vitest';
import {
  describeError,
  describeErrors,
  jsonTypeOf,
  type AjvErrorLike,
} from '../../../src/components/ApiReference/Validator/messages';

/** An error at the payload's root with the fields a case needs. */
function error(keyword: string, more: Partial<AjvErrorLike> = {}): AjvErrorLike {
  return {instancePath: '', schemaPath: `#/${keyword}`, keyword, params: {}, ...more};
}

const say = (keyword: string, more: Partial<AjvErrorLike> = {}): string =>
  describeError(error(keyword, more)).message;

describe('what a value is, in words', () => {
  it('names booleans by their value, numbers by whether they are whole', () => {
    expect([true, false, 1.5, 2, 'x', null, [], {}].map(jsonTypeOf)).toEqual([
      'true',
      'false',
      'a number with a fraction',
      'an integer',
      'a string',
      'null',
      'an array',
      'an object',
    ]);
    expect(say('type', {params: {type: 'boolean'}, data: 'yes'})).toBe(
      'must be true or false (it is a string)',
    );
    expect(say('type', {params: {type: 'integer'}, data: 0.5})).toBe(
      'must be an integer (it is a number with a fraction)',
    );
  });
});

describe('the branches of a choice, named for a reader', () => {
  const branches = [
    {title: 'Limit order', required: ['price']},
    {$ref: '#/components/schemas/Market%20order'},
    {const: 'CANCEL'},
    {type: 'integer'},
    {required: ['id', 'qty']},
    {minimum: 3},
    false,
    {type: 'x-custom'},
  ];

  it('by title (with what it requires), $ref name, constant, type or position', () => {
    expect(say('oneOf', {schema: branches, params: {passingSchemas: [1, 4]}})).toBe(
      'must match exactly one of: Limit order (price) / Market order / "CANCEL" / an integer / ' +
        'an object with id, qty / option 6 / nothing / x-custom (it matches Market order and an object with id, qty)',
    );
    expect(say('anyOf', {schema: branches.slice(2, 4)})).toBe(
      'must match at least one of: "CANCEL" / an integer (it matches none)',
    );
  });

  it('without branches to name, speaks of the allowed forms', () => {
    expect(say('oneOf', {params: {passingSchemas: null}})).toBe(
      'must match exactly one of the allowed forms (it matches none)',
    );
    expect(say('anyOf')).toBe('must match at least one of the allowed forms (it matches none)');
  });

  it('"exactly one of" three fields says which the payload has', () => {
    const three = [{required: ['a']}, {required: ['b']}, {required: ['c'], title: 'C'}];
    expect(say('oneOf', {schema: three, data: {}})).toBe(
      'must have exactly one of a / b / c (it has none of them)',
    );
    expect(say('oneOf', {schema: three, data: {a: 1, c: 2}})).toBe(
      'must have exactly one of a / b / c (it has a and c)',
    );
    expect(say('oneOf', {schema: three.slice(0, 2), data: {a: 1, b: 2}})).toBe(
      'must have exactly one of a / b (it has both)',
    );
    // One field alone, or a branch with more rules than a field, is a form like any other.
    expect(say('oneOf', {schema: [{required: ['a']}], data: {}})).toBe(
      'must match exactly one of: an object with a (it matches none)',
    );
    expect(say('anyOf', {schema: [{required: ['a'], minProperties: 2}, {required: ['b']}]})).toBe(
      'must match at least one of: an object with a / an object with b (it matches none)',
    );
  });
});

describe('rules that explain themselves', () => {
  it('`not`: the forbidden value, values, or the schema’s own description', () => {
    expect(say('not', {schema: {const: 'MARKET'}})).toBe('must not be "MARKET"');
    expect(say('not', {schema: {enum: [0, null]}})).toBe('must not be any of 0, null');
    expect(say('not', {schema: {description: 'A  negative\namount.', maximum: 0}})).toBe(
      'must not match the excluded form (A negative amount.)',
    );
    expect(say('not', {schema: {title: 'Zero', const: 0, type: 'number'}})).toBe('must not be 0');
    expect(say('not', {schema: {type: 'string'}})).toBe('must not match the excluded form');
  });

  it('`if`/`else`: "unless" the condition, or the rule in general terms', () => {
    const parent = {
      if: {description: 'The order is a limit order;'},
      else: {description: '… price must be absent.'},
    };
    expect(say('if', {parentSchema: parent, params: {failingKeyword: 'else'}})).toBe(
      'breaks a conditional rule: unless The order is a limit order, price must be absent.',
    );
    expect(say('if', {parentSchema: {if: {}}, params: {failingKeyword: 'else'}})).toBe(
      'breaks a conditional rule: its "if" condition does not hold, so its "else" rule applies',
    );
  });

  it('contains, property counts, formats without words, discriminators', () => {
    expect(say('contains', {params: {minContains: 2}, schema: {title: 'A buy leg'}})).toBe(
      'must contain at least 2 items of the required form (A buy leg)',
    );
    expect(say('contains', {schema: {}})).toBe('must contain at least 1 item of the required form');
    expect(say('maxContains', {params: {maxContains: 1}})).toBe(
      'must contain at most 1 item of the given form',
    );
    expect(say('minProperties', {params: {limit: 2}, data: {a: 1}})).toBe(
      'must have at least 2 properties (it has 1 property)',
    );
    expect(say('maxProperties', {params: {limit: 1}, data: 5})).toBe('must have at most 1 property');
    expect(say('format', {params: {format: 'x-isin'}, parentSchema: {title: 'ISIN'}})).toBe(
      'must be in the format "x-isin" (ISIN)',
    );
    expect(say('discriminator', {params: {tag: 'kind'}})).toBe(
      'has a missing or unknown discriminator "kind"',
    );
  });

  it('cuts a long description and a long list of allowed values', () => {
    const hint = say('pattern', {params: {pattern: '^x$'}, parentSchema: {description: 'd'.repeat(200)}});
    expect(hint).toBe(`must match ^x$ (${'d'.repeat(159)}…)`);
    const allowed = Array.from({length: 25}, (_, i) => i);
    expect(say('enum', {params: {allowedValues: allowed}})).toBe(
      `must be one of ${allowed.slice(0, 20).join(', ')}, … (25 values)`,
    );
  });

  it('a property name checked against a rule is named as the value', () => {
    const worded = describeError(
      error('format', {propertyName: 'not-a-uuid', params: {format: 'uuid'}, instancePath: '/legs'}),
    );
    expect(worded).toEqual({
      pointer: '/legs',
      message: 'property name "not-a-uuid" must be a UUID',
      value: '"not-a-uuid"',
    });
  });
});

describe('folding under `if` and `not`', () => {
  it('an `else` rule adopts the errors of its else branch, not those of then or elsewhere', () => {
    const worded = describeErrors([
      error('required', {schemaPath: '#/required', params: {missingProperty: 'id'}}),
      error('const', {
        instancePath: '/price',
        schemaPath: '#/else/properties/price/const',
        params: {allowedValue: null},
      }),
      error('if', {schemaPath: '#/if', params: {failingKeyword: 'else'}, parentSchema: {}}),
      error('minimum', {
        instancePath: '/qty',
        schemaPath: '#/properties/qty/not/minimum',
        params: {limit: 0},
      }),
      error('not', {instancePath: '/qty', schemaPath: '#/properties/qty/not', schema: {minimum: 0}}),
    ]);
    expect(worded.map((w) => [w.keyword, w.pointer, w.details.map((d) => d.message)])).toEqual([
      ['required', '', []],
      ['if', '', ['must be null']],
      ['not', '/qty', ['must be at least 0']],
    ]);
  });
});
