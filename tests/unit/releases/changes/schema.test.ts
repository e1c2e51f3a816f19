/**
 * The schema part of the diff on small documents: every field path a changed pair of schemas is
 * reached by (a loop walked once), keywords beside a `$ref`, and a type change that explains its
 * keywords.
 */
import {describe, expect, it} from 'vitest';
import {diffDocuments} from '../../../../plugins/releases/diff';

type Schemas = Record<string, Record<string, unknown>>;

function doc(schemas: Schemas, root: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {title: 'T', version: '1.0.0'},
    paths: {
      '/things': {
        get: {
          operationId: 'getThings',
          responses: {'200': {description: 'OK', content: {'application/json': {schema: root}}}},
        },
      },
    },
    components: {schemas},
  };
}

const ref = (name: string): Record<string, unknown> => ({$ref: `#/components/schemas/${name}`});

describe('schema diff', () => {
  it('a shared type at three fields, one of them inside a loop, is one line naming each field once', () => {
    const schemas = (values: string[]): Schemas => ({
      Status: {type: 'string', enum: values},
      Node: {
        type: 'object',
        properties: {a: ref('Status'), b: ref('Status'), child: ref('Node')},
      },
    });
    const changes = diffDocuments(
      'rest',
      doc(schemas(['OK']), ref('Node')),
      doc(schemas(['OK', 'FAILED']), ref('Node')),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]?.text).toBe(
      'Fields `a` and `b` of the 200 response can now be `FAILED`: clients must be ready to receive it.',
    );
    expect(changes[0]?.places?.map((p) => p.pointer)).toEqual([
      '/paths/~1things/get/responses/200/content/application~1json/schema/properties/a',
      '/paths/~1things/get/responses/200/content/application~1json/schema/properties/b',
    ]);
  });

  it('a keyword beside a `$ref` is read with its target; the same target elsewhere is not touched', () => {
    const root = (limit?: number): Record<string, unknown> => ({
      type: 'object',
      properties: {
        narrowed: {...ref('Text'), ...(limit !== undefined ? {maxLength: limit} : {})},
        plain: ref('Text'),
      },
    });
    const schemas = {Text: {type: 'string', maxLength: 100}};
    const changes = diffDocuments('rest', doc(schemas, root()), doc(schemas, root(20)));
    expect(changes.map((c) => c.text)).toEqual([
      'Field `narrowed` of the 200 response: maximum length lowered from 100 to 20. What you receive stays within the previous rules.',
    ]);
  });

  it('a type change is one line; an object made a string does not also list its fields', () => {
    const before = {
      Amount: {title: 'Amount', type: 'object', properties: {value: {type: 'string'}}, required: ['value']},
    };
    const after = {Amount: {title: 'Amount', type: 'string', pattern: '^[0-9]+$'}};
    const changes = diffDocuments('rest', doc(before, ref('Amount')), doc(after, ref('Amount')));
    expect(changes.map((c) => [c.rule, c.text])).toEqual([
      [
        'constraint-changed',
        'The 200 response: type changed from Amount (`object`) to `string`. Clients must accept the new values.',
      ],
    ]);
  });
});
