/**
 * The schema view builder on small fixtures: one test per family of JSON
 * Schema keywords, checking what a reader is shown (words, values, structure).
 */
import {describe, expect, it} from 'vitest';
import {IdRegistry} from '../../../plugins/api-reference/client/anchors';
import type {Json} from '../../../plugins/api-reference/document';
import {buildSchema} from '../../../plugins/api-reference/schema/build';
import {countWords, rangeWords} from '../../../plugins/api-reference/schema/words';
import {sampleFromSchema} from '../../../plugins/api-reference/schema/sample';
import type {SchemaNode} from '../../../plugins/api-reference/types';
import {findField} from './helpers';

function view(
  schema: Json,
  mode: 'request' | 'response' | 'message' = 'message',
  doc: Json = {},
): SchemaNode {
  return buildSchema(schema, {doc, ids: new IdRegistry(), mode}, 'op.request');
}

const field = (schema: Json, mode: 'request' | 'response' | 'message' = 'message'): SchemaNode => {
  const node = view({type: 'object', properties: {f: schema}}, mode);
  const f = node.fields?.[0];
  if (f === undefined) throw new Error('no field');
  return f;
};

describe('constraints in words', () => {
  it('writes lengths, counts and ranges as a person reads them', () => {
    expect(countWords(1, 999, 'item')).toBe('1 to 999 items');
    expect(countWords(undefined, 70, 'character')).toBe('at most 70 characters');
    expect(countWords(5, 5, 'character')).toBe('exactly 5 characters');
    expect(countWords(1, undefined, 'property')).toBe('at least 1 property');
    expect(countWords(2, 3, 'property')).toBe('2 to 3 properties');
    expect(countWords(0, undefined, 'item')).toBeUndefined();
    expect(countWords(0, 100, 'character')).toBe('0 to 100 characters');
  });

  it('reads 2020-12 numeric and OpenAPI 3.0 boolean exclusive bounds', () => {
    expect(rangeWords({minimum: 0, maximum: 999})).toBe('from 0 to 999');
    expect(rangeWords({exclusiveMinimum: 0})).toBe('greater than 0');
    expect(rangeWords({minimum: 0, exclusiveMinimum: true, maximum: 10})).toBe(
      'greater than 0 and at most 10',
    );
    expect(rangeWords({exclusiveMaximum: 100})).toBe('less than 100');
    expect(rangeWords({maximum: 5, exclusiveMaximum: true})).toBe('less than 5');
    expect(rangeWords({minimum: 3})).toBe('at least 3');
  });

  it('lists string, number, array and object constraints on the field', () => {
    expect(field({type: 'string', minLength: 1, maxLength: 36, pattern: '^[A-Z]+$'}).constraints).toEqual([
      '1 to 36 characters',
      'matches the pattern `^[A-Z]+$`',
    ]);
    expect(field({type: 'number', minimum: 0, maximum: 999, multipleOf: 0.001}).constraints).toEqual([
      'from 0 to 999',
      'multiple of 0.001',
    ]);
    expect(
      field({type: 'array', minItems: 1, maxItems: 999, uniqueItems: true, items: {type: 'string'}})
        .constraints,
    ).toEqual(['1 to 999 items', 'items must be unique']);
    const map = field({
      type: 'object',
      minProperties: 1,
      maxProperties: 100,
      propertyNames: {pattern: '^[a-z]{1,16}$'},
      additionalProperties: {type: 'string', maxLength: 100},
    });
    expect(map.constraints).toEqual([
      '1 to 100 properties',
      'property names: matches the pattern `^[a-z]{1,16}$`',
    ]);
    expect(map.fields?.[0]?.name).toBe('(any other name)');
    expect(map.fields?.[0]?.constraints).toEqual(['at most 100 characters']);
  });

  it('says when no other property is allowed', () => {
    expect(
      field({type: 'object', properties: {a: {type: 'string'}}, additionalProperties: false}).closed,
    ).toBe(true);
    expect(field({type: 'object', properties: {a: {type: 'string'}}}).closed).toBeUndefined();
  });
});

describe('types and values', () => {
  it('shows type arrays, null and OpenAPI 3.0 nullable', () => {
    expect(field({type: ['string', 'null']}).type).toBe('string | null');
    expect(field({type: 'integer', nullable: true}).type).toBe('integer | null');
    expect(field({type: 'string', format: 'date-time'}).type).toBe('string (date-time)');
  });

  it('keeps const values that are falsy: false, 0 and ""', () => {
    expect(field({const: false}).const).toBe('false');
    expect(field({const: 0}).const).toBe('0');
    expect(field({const: ''}).const).toBe('""');
    expect(field({const: false}).type).toBe('boolean');
  });

  it('shows enum, default, examples and the 3.0 example', () => {
    const f = field({type: 'string', enum: ['BUY', 'SELL'], default: 'BUY', examples: ['SELL']});
    expect(f.enum).toEqual(['"BUY"', '"SELL"']);
    expect(f.default).toBe('"BUY"');
    expect(f.examples).toEqual(['"SELL"']);
    expect(field({type: 'integer', example: 0}).examples).toEqual(['0']);
    expect(field({type: 'integer', default: 0}).default).toBe('0');
  });

  it('marks required fields and lists required names without a property', () => {
    const node = view({
      type: 'object',
      required: ['a', 'b'],
      properties: {a: {type: 'string'}, c: {type: 'string'}},
    });
    expect(node.fields?.map((f) => [f.name, f.required === true])).toEqual([
      ['a', true],
      ['c', false],
    ]);
    expect(node.constraints).toEqual(['must also contain `b`']);
  });
});

describe('read-only and write-only are split between request and response', () => {
  const schema: Json = {
    type: 'object',
    properties: {
      id: {type: 'string', readOnly: true},
      secret: {type: 'string', writeOnly: true},
      name: {type: 'string'},
    },
  };
  it('leaves read-only fields out of requests and write-only fields out of responses', () => {
    expect(view(schema, 'request').fields?.map((f) => f.name)).toEqual(['secret', 'name']);
    expect(view(schema, 'response').fields?.map((f) => f.name)).toEqual(['id', 'name']);
  });
  it('shows both, with badges, for messages', () => {
    const fields = view(schema, 'message').fields ?? [];
    expect(fields.map((f) => f.badges ?? [])).toEqual([['read-only'], ['write-only'], []]);
  });
  it('follows $ref to find readOnly', () => {
    const doc: Json = {components: {schemas: {Id: {type: 'string', readOnly: true}}}};
    const node = view(
      {type: 'object', properties: {id: {$ref: '#/components/schemas/Id'}, x: {type: 'string'}}},
      'request',
      doc,
    );
    expect(node.fields?.map((f) => f.name)).toEqual(['x']);
  });
});

describe('structure', () => {
  it('nests objects and array items with path anchors ([] for items)', () => {
    const node = view({
      type: 'object',
      properties: {
        orders: {
          type: 'array',
          items: {
            type: 'object',
            properties: {amount: {type: 'object', properties: {leg_1_amount: {type: 'string'}}}},
          },
        },
      },
    });
    expect(findField(node, 'op.request.orders')?.type).toBe('array');
    expect(findField(node, 'op.request.orders[]')?.name).toBe('orders[]');
    expect(findField(node, 'op.request.orders[].amount.leg_1_amount')?.type).toBe('string');
  });

  it('shows prefixItems by position', () => {
    const node = field({type: 'array', prefixItems: [{type: 'string'}, {type: 'number'}], items: false});
    expect(node.prefixItems?.map((p) => [p.name, p.type])).toEqual([
      ['f[0]', 'string'],
      ['f[1]', 'number'],
    ]);
    expect(node.items?.type).toBe('never');
  });

  it('labels oneOf, anyOf and allOf differently and titles each branch', () => {
    const doc: Json = {
      components: {schemas: {Cat: {type: 'object', title: 'A cat', properties: {meow: {type: 'boolean'}}}}},
    };
    const node = view(
      {
        oneOf: [
          {$ref: '#/components/schemas/Cat'},
          {type: 'object', required: ['bark'], properties: {bark: {type: 'boolean'}}},
        ],
        anyOf: [{type: 'string'}, {type: 'integer'}],
        allOf: [{title: 'Base', type: 'object'}],
      },
      'message',
      doc,
    );
    expect(node.groups?.map((g) => [g.kind, g.label])).toEqual([
      ['oneOf', 'Exactly one of'],
      ['anyOf', 'At least one of'],
      ['allOf', 'All of'],
    ]);
    expect(node.groups?.[0]?.branches.map((b) => b.title)).toEqual(['A cat', 'with bark']);
    expect(node.groups?.[1]?.branches.map((b) => b.title)).toEqual(['option 1: string', 'option 2: integer']);
    expect(findField(node, 'op.request.meow')?.type).toBe('boolean');
  });

  it('shows the discriminator, with an explicit or an implicit mapping', () => {
    const doc: Json = {components: {schemas: {Cat: {type: 'object'}, Dog: {type: 'object'}}}};
    const explicit = view(
      {
        oneOf: [{$ref: '#/components/schemas/Cat'}],
        discriminator: {propertyName: 'kind', mapping: {cat: '#/components/schemas/Cat'}},
      },
      'message',
      doc,
    );
    expect(explicit.discriminator).toEqual({property: 'kind', mapping: [{value: 'cat', target: 'Cat'}]});
    const implicit = view(
      {
        oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}],
        discriminator: {propertyName: 'kind'},
      },
      'message',
      doc,
    );
    expect(implicit.discriminator?.mapping.map((m) => m.value)).toEqual(['Cat', 'Dog']);
  });

  it('shows not and if/then/else', () => {
    const node = view({
      type: 'object',
      not: {required: ['a', 'b']},
      if: {required: ['a']},
      then: {required: ['c']},
      else: {required: ['d']},
    });
    expect(node.groups?.map((g) => g.label)).toEqual([
      'Must not match',
      'If the value matches',
      'then it must also match',
      'otherwise it must match',
    ]);
    expect(node.groups?.[0]?.branches[0]?.node.constraints).toEqual(['must contain `a`, `b`']);
  });

  it('stops at a recursive reference and points back to the ancestor', () => {
    const doc: Json = {
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: {children: {type: 'array', items: {$ref: '#/components/schemas/Node'}}},
          },
        },
      },
    };
    const node = view(
      {type: 'object', properties: {tree: {$ref: '#/components/schemas/Node'}}},
      'message',
      doc,
    );
    const item = findField(node, 'op.request.tree.children[]');
    expect(item?.recursive).toEqual({name: 'Node', id: 'op.request.tree'});
    expect(item?.fields).toBeUndefined();
  });

  it('keeps 3.1 sibling keywords next to $ref (they override)', () => {
    const doc: Json = {components: {schemas: {S: {type: 'string', description: 'base'}}}};
    const f = field({$ref: '#/components/schemas/S', description: 'override'});
    expect(f.type).toBe('unresolved');
    const g = view(
      {type: 'object', properties: {f: {$ref: '#/components/schemas/S', description: 'override'}}},
      'message',
      doc,
    ).fields?.[0];
    expect(g?.description).toBe('<p>override</p>');
    expect(g?.title).toBe('S');
  });

  it('says a chain of references that loops never reaches a schema (it showed an empty type before)', () => {
    const doc: Json = {
      components: {schemas: {A: {$ref: '#/components/schemas/B'}, B: {$ref: '#/components/schemas/A'}}},
    };
    const f = view({type: 'object', properties: {f: {$ref: '#/components/schemas/A'}}}, 'message', doc)
      .fields?.[0];
    expect(f?.type).toBe('unresolved');
    expect(f?.constraints).toEqual([
      'refers to `#/components/schemas/A`, whose references lead back to it without reaching a schema',
    ]);
  });

  it('samples a field whose chain of references ends read-only as read-only (one hop was seen before)', () => {
    const doc: Json = {
      components: {
        schemas: {
          Id: {$ref: '#/components/schemas/ServerId'},
          ServerId: {type: 'string', readOnly: true, example: 'srv-1'},
        },
      },
    };
    const schema: Json = {
      type: 'object',
      properties: {id: {$ref: '#/components/schemas/Id'}, name: {type: 'string', example: 'n'}},
    };
    expect(sampleFromSchema(doc, schema, 'request')).toEqual({name: 'n'});
    expect(sampleFromSchema(doc, schema, 'response')).toEqual({id: 'srv-1', name: 'n'});
  });

  it('gives a duplicate path (two branches declaring one field) a distinct id', () => {
    const node = view({
      oneOf: [
        {type: 'object', properties: {a: {type: 'string'}}},
        {type: 'object', properties: {a: {type: 'integer'}}},
      ],
    });
    expect(node.groups?.[0]?.branches.map((b) => b.node.fields?.[0]?.id)).toEqual([
      'op.request.a',
      'op.request.a~2',
    ]);
  });
});

describe('examples made from schemas', () => {
  it('prefers explicit values and leaves read-only fields out of requests', () => {
    const schema: Json = {
      type: 'object',
      properties: {
        id: {type: 'string', readOnly: true},
        n: {type: 'integer', minimum: 3},
        s: {type: 'string', examples: ['x']},
        b: {const: false},
      },
    };
    expect(sampleFromSchema({}, schema, 'request')).toEqual({n: 3, s: 'x', b: false});
  });
});

describe('examples inherited through $ref under a narrower sibling (issue 13)', () => {
  const doc: Json = {
    components: {
      schemas: {OrderType: {type: 'string', enum: ['MARKET', 'BULK_MARKET'], examples: ['MARKET']}},
    },
  };
  const narrowed = (sibling: Record<string, Json>): SchemaNode => {
    const node = view(
      {type: 'object', properties: {order_type: {$ref: '#/components/schemas/OrderType', ...sibling}}},
      'request',
      doc,
    );
    const f = node.fields?.[0];
    if (f === undefined) throw new Error('no field');
    return f;
  };

  it('drops an inherited example that a sibling const refuses', () => {
    const f = narrowed({const: 'BULK_MARKET'});
    expect(f.const).toBe('"BULK_MARKET"');
    expect(f.examples).toBeUndefined();
  });

  it('keeps inherited examples the sibling accepts, and the sibling’s own examples win', () => {
    expect(narrowed({enum: ['MARKET']}).examples).toEqual(['"MARKET"']);
    expect(narrowed({const: 'BULK_MARKET', examples: ['BULK_MARKET']}).examples).toEqual(['"BULK_MARKET"']);
    expect(narrowed({description: 'no narrowing'}).examples).toEqual(['"MARKET"']);
  });
});
