/**
 * The REST part of the diff on small documents: operations are matched by method and by path with
 * parameter names set aside, so a renamed path parameter is one compatible line, never an operation
 * removed and another added.
 */
import {describe, expect, it} from 'vitest';
import {diffDocuments, requiredBump} from '../../../../plugins/releases/diff';

const param = (name: string): Record<string, unknown> => ({
  name,
  in: 'path',
  required: true,
  schema: {type: 'string', maxLength: 36},
});

const docWith = (route: string, name: string): Record<string, unknown> => ({
  openapi: '3.1.0',
  info: {title: 'T', version: '1.0.0'},
  paths: {
    [route]: {
      get: {
        operationId: 'getOrder',
        parameters: [param(name)],
        responses: {'200': {description: 'OK'}},
      },
    },
    '/orders': {get: {operationId: 'listOrders', responses: {'200': {description: 'OK'}}}},
  },
});

describe('REST diff: a renamed path parameter', () => {
  it('is one compatible line naming both names, and needs only a patch', async () => {
    const changes = await diffDocuments(
      'rest',
      docWith('/orders/{id}', 'id'),
      docWith('/orders/{order_id}', 'order_id'),
    );
    expect(changes.map((c) => [c.rule, c.verdict, c.subject.key])).toEqual([
      ['parameter-renamed', 'compatible', 'getOrder'],
    ]);
    expect(changes[0]?.text).toBe(
      'Path parameter `id` renamed to `order_id`: the address a client uses is the same; code generated from the document names it differently.',
    );
    expect(requiredBump(changes)).toBe('patch');
  });

  it('a change to the renamed parameter is still found, under its new name', async () => {
    const after = docWith('/orders/{order_id}', 'order_id');
    const op = (after.paths as Record<string, {get: {parameters: Array<{schema: {maxLength: number}}>}}>)[
      '/orders/{order_id}'
    ];
    if (op?.get.parameters[0] !== undefined) op.get.parameters[0].schema.maxLength = 20;
    const changes = await diffDocuments('rest', docWith('/orders/{id}', 'id'), after);
    expect(changes.map((c) => c.rule).sort()).toEqual(['constraint-narrowed', 'parameter-renamed']);
    expect(changes.find((c) => c.rule === 'constraint-narrowed')?.text).toMatch(
      /^Path parameter `order_id`: maximum length lowered from 36 to 20\./,
    );
  });

  it('a path that really changed is still an operation removed and one added', async () => {
    const changes = await diffDocuments('rest', docWith('/orders/{id}', 'id'), docWith('/order/{id}', 'id'));
    expect(changes.map((c) => c.rule).sort()).toEqual(['operation-added', 'operation-removed']);
  });

  it('two paths of one template in a version are matched by their own names only', async () => {
    const base = docWith('/orders/{id}', 'id');
    const both = docWith('/orders/{id}', 'id');
    (both.paths as Record<string, unknown>)['/orders/{ref}'] = {
      get: {operationId: 'getByRef', parameters: [param('ref')], responses: {'200': {description: 'OK'}}},
    };
    const changes = await diffDocuments('rest', base, both);
    expect(changes.map((c) => [c.rule, c.subject.key])).toEqual([['operation-added', 'getByRef']]);
  });
});
