/**
 * What the loader says about a document the OpenAPI or AsyncAPI schema refuses
 * (plugins/api-reference/load/explain.ts), keyword by keyword: every sentence names the place
 * (the field, or the item of a list) and says what is wrong in the specification's terms, never
 * Ajv's "must NOT be valid". Then which of Ajv's many errors are kept: the deepest, without the
 * summaries and failed alternatives around a precise one. Error objects as Ajv's `verbose` mode
 * reports them, written out by hand (explain.test.ts runs whole documents through the loader).
 */
import {describe, expect, it} from 'vitest';
import {
  explainAjvError,
  fieldName,
  pickAjvErrors,
  type AjvError,
} from '../../../plugins/api-reference/load/explain';

/** An Ajv error at `instancePath`, with the fields a case needs. */
function error(keyword: string, instancePath: string, more: Partial<AjvError> = {}): AjvError {
  return {keyword, instancePath, schemaPath: `#/rule/${keyword}`, ...more};
}

const say = (keyword: string, instancePath: string, more: Partial<AjvError> = {}): string =>
  explainAjvError(error(keyword, instancePath, more));

describe('the place a sentence names', () => {
  it('is the field, the item of a list, or the whole document', () => {
    expect(fieldName('')).toBe('the document');
    expect(fieldName('/paths/~1orders~1{id}')).toBe('"/orders/{id}"');
    expect(fieldName('/servers/2')).toBe('item 3 of "servers"');
    expect(fieldName('/0')).toBe('item 1 of the list');
  });
});

describe('one sentence per rule broken', () => {
  it('a value of the wrong type says what it is instead', () => {
    const type = (data: unknown, expected = 'object'): string =>
      say('type', '/info', {params: {type: expected}, data});
    expect(type(null)).toBe('"info" must be object, but it is null');
    expect(type('T')).toBe('"info" must be object, but it is the string "T"');
    expect(type(3, 'string,array')).toBe('"info" must be string or array, but it is number 3');
    expect(type(true, 'string')).toBe('"info" must be string, but it is boolean true');
    expect(type({}, 'array')).toBe('"info" must be array, but it is an object');
  });

  it('a fixed value, a pattern, a format and a key name give the value found', () => {
    expect(say('const', '/openapi', {params: {allowedValue: '3.1.0'}, data: '3.1'})).toBe(
      '"openapi" must be "3.1.0", not "3.1"',
    );
    expect(say('pattern', '/responses/20x', {params: {pattern: '^[1-5]\\d\\d$'}, data: {}})).toBe(
      '"20x" is {}, which does not have the required form (pattern ^[1-5]\\d\\d$)',
    );
    expect(say('format', '/info/contact/email', {params: {format: 'email'}, data: 'me@'})).toBe(
      '"email" is "me@", which is not a valid email',
    );
    expect(say('propertyNames', '/components/schemas', {params: {propertyName: 'a b'}})).toBe(
      '"schemas" has a key "a b" that is not allowed here',
    );
  });

  it('fields that exclude or require each other name both', () => {
    expect(
      say('dependentRequired', '/flows', {params: {property: 'tokenUrl', missingProperty: 'scopes'}}),
    ).toBe('"flows" has "tokenUrl", which requires "scopes": add it');
    expect(say('not', '/paths/~1a/get/parameters/0', {schema: {required: ['example']}})).toBe(
      'item 1 of "parameters" must not have "example" here: remove it',
    );
    expect(say('not', '/x', {schema: {required: ['a', 'b']}})).toBe(
      '"x" must not have "a" or "b" here: remove them',
    );
    expect(say('not', '/x', {schema: {type: 'string'}, schemaPath: '#/$defs/x/not'})).toBe(
      '"x" has a shape the specification forbids here (rule at #/$defs/x/not)',
    );
  });

  it('alternatives: exactly one of two fields, several forms at once, or none of them', () => {
    const fields = [{required: ['value']}, {required: ['externalValue']}];
    expect(say('oneOf', '/examples/a', {schema: fields, params: {passingSchemas: [0, 1]}})).toBe(
      '"a" must have exactly one of "value" or "externalValue", not several',
    );
    const forms = [{type: 'string'}, {type: 'object'}, {type: 'array'}];
    expect(say('oneOf', '/items', {schema: forms, params: {passingSchemas: [0, 2]}})).toBe(
      '"items" fits 2 of the forms the specification allows here at once, so its meaning is ambiguous: remove the fields that belong to the other forms',
    );
    expect(say('anyOf', '/items', {schema: forms, params: {}})).toMatch(
      /^"items" fits none of the 3 forms the specification allows here: see the problems listed beside this one/,
    );
    expect(say('oneOf', '/items', {params: {}})).toMatch(/^"items" fits none of the forms the specification/);
  });

  it('a conditional rule says the condition in words when it is a simple one', () => {
    const byFields = {if: {required: ['flows']}, then: {required: ['type']}};
    expect(say('if', '/scheme', {parentSchema: byFields, params: {failingKeyword: 'then'}})).toBe(
      '"scheme" breaks the rule that applies when the object has "flows": see the problems listed beside this one for what it lacks',
    );
    // The `else` branch: the rule for objects that do not meet the condition.
    expect(say('if', '/scheme', {parentSchema: byFields, params: {failingKeyword: 'else'}})).toBe(
      '"scheme" breaks the rule that applies unless the object has "flows": see the problems listed beside this one for what it lacks',
    );
    const byValues = {if: {properties: {type: {const: 'oauth2'}, in: {enum: ['query', 'header']}, x: {}}}};
    expect(say('if', '/scheme', {parentSchema: byValues, params: {failingKeyword: 'then'}})).toBe(
      '"scheme" breaks the rule that applies when "type" is "oauth2" and "in" is "query" or "header": see the problems listed beside this one for what it lacks',
    );
    expect(say('if', '/scheme', {parentSchema: {if: {minProperties: 2}}, schemaPath: '#/$defs/s/if'})).toBe(
      '"scheme" breaks a conditional rule of the specification (rule at #/$defs/s/if): see the problems listed beside this one',
    );
  });

  it('empty lists, duplicates, forbidden values and unknown keywords', () => {
    expect(say('minItems', '/tags', {message: 'must NOT have fewer than 1 items'})).toBe(
      '"tags" must not be empty (must NOT have fewer than 1 items)',
    );
    expect(say('minLength', '/info/title')).toBe('"title" must not be empty (minLength)');
    expect(say('uniqueItems', '/required', {params: {i: 2, j: 0}})).toBe(
      '"required" lists the same item twice (items 0 and 2): remove the duplicate',
    );
    expect(say('false schema', '/paths/~1a/get/x')).toBe('"x" is not allowed here');
    expect(say('contains', '/list')).toBe('"list" breaks the rule "contains"');
  });
});

describe('which errors are kept', () => {
  it('none for none; each sentence once; at most the limit', () => {
    expect(pickAjvErrors([])).toEqual([]);
    const twice = error('required', '/info', {params: {missingProperty: 'version'}});
    expect(pickAjvErrors([twice, {...twice}])).toEqual([
      {pointer: '/info', message: '"info" lacks the required field "version": add it'},
    ]);
    const many = ['a', 'b', 'c'].map((f) => error('required', '/info', {params: {missingProperty: f}}));
    expect(pickAjvErrors(many, 2).map((p) => p.message)).toEqual([
      '"info" lacks the required field "a": add it',
      '"info" lacks the required field "b": add it',
    ]);
  });

  it('drops a conditional summary and a failed Reference Object beside the precise mistake', () => {
    const picked = pickAjvErrors([
      error('required', '/paths/~1a/get/responses/200', {params: {missingProperty: '$ref'}}),
      error('type', '/paths/~1a/get/responses/200/description', {params: {type: 'string'}, data: null}),
      error('if', '/paths/~1a/get/responses/200', {parentSchema: {if: {required: ['x']}}}),
    ]);
    expect(picked).toEqual([
      {
        pointer: '/paths/~1a/get/responses/200/description',
        message: '"description" must be string, but it is null',
      },
    ]);
  });

  it('keeps a summary that has nothing more precise beside it', () => {
    const alone = error('anyOf', '/servers/0', {schema: [{type: 'string'}, {type: 'object'}], params: {}});
    expect(pickAjvErrors([alone]).map((p) => p.pointer)).toEqual(['/servers/0']);
  });
});
