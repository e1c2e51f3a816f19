/**
 * `subschemasOf` (plugins/api-reference/document/subschemas.ts): the schemas a JSON Schema holds
 * directly, by every keyword that holds one, a list or a map of them, whatever the draft.
 */
import {describe, expect, it} from 'vitest';
import {subschemasOf, type JsonObject} from '../../../plugins/api-reference/document';

const s = (name: string): JsonObject => ({title: name});

describe('subschemasOf', () => {
  it('gives the schema of each keyword that holds one', () => {
    const keywords = [
      'additionalItems',
      'additionalProperties',
      'contains',
      'contentSchema',
      'else',
      'if',
      'items',
      'not',
      'propertyNames',
      'then',
      'unevaluatedItems',
      'unevaluatedProperties',
    ];
    const schema = Object.fromEntries(keywords.map((k) => [k, s(k)]));
    expect(subschemasOf(schema).map((x) => x.title)).toEqual(keywords);
  });

  it('gives each schema of a list (allOf, anyOf, oneOf, prefixItems, draft-04 tuple items) and of a map', () => {
    const schema: JsonObject = {
      allOf: [s('all')],
      anyOf: [s('any1'), s('any2')],
      oneOf: [s('one')],
      prefixItems: [s('prefix')],
      items: [s('tuple')],
      $defs: {a: s('defs')},
      definitions: {b: s('definitions')},
      dependentSchemas: {c: s('dependent')},
      patternProperties: {'^x': s('pattern')},
      properties: {d: s('property')},
    };
    expect(subschemasOf(schema).map((x) => x.title)).toEqual([
      'all',
      'any1',
      'any2',
      'one',
      'prefix',
      'tuple',
      'defs',
      'definitions',
      'dependent',
      'pattern',
      'property',
    ]);
  });

  it("gives draft-07 dependencies' schemas, not their lists of names; booleans, $ref targets and annotations are not schemas it gives", () => {
    const schema: JsonObject = {
      $ref: '#/$defs/elsewhere',
      dependencies: {a: ['b', 'c'], d: s('dependency')},
      additionalProperties: false,
      items: true,
      examples: [{title: 'not a schema'}],
      default: {title: 'not a schema'},
      const: {title: 'not a schema'},
    };
    expect(subschemasOf(schema).map((x) => x.title)).toEqual(['dependency']);
    expect(subschemasOf({})).toEqual([]);
  });
});
