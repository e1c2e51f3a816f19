/**
 * The operations of a Path Item (plugins/api-reference/document/operations.ts): the one HTTP
 * method list every walker uses, OpenAPI 3.2's `query` and `additionalOperations` included, and
 * the parameter merge.
 */
import {describe, expect, it} from 'vitest';
import {
  HTTP_METHODS,
  mergeParameters,
  parameterKey,
  pathItemOperations,
  type JsonObject,
} from '../../../plugins/api-reference/document';
import {createAjv} from '../../../plugins/api-reference/document/ajv';
import {checkOpenApiStructure} from '../../../plugins/api-reference/load/structure';

describe('pathItemOperations', () => {
  it('lists the fixed methods in the specification’s order, with where each one is', () => {
    const item: JsonObject = {
      summary: 'Orders',
      parameters: [],
      post: {operationId: 'create'},
      get: {operationId: 'list'},
      servers: [],
    };
    expect(pathItemOperations(item).map((op) => [op.method, op.at, op.operation.operationId])).toEqual([
      ['get', '/get', 'list'],
      ['post', '/post', 'create'],
    ]);
  });

  it("keeps OpenAPI 3.2's `query` and `additionalOperations`, escaping their keys in pointers", () => {
    const item: JsonObject = {
      query: {operationId: 'search'},
      additionalOperations: {COPY: {operationId: 'copy'}, 'LOCK/X': {operationId: 'lock'}},
    };
    expect(pathItemOperations(item).map((op) => [op.method, op.at])).toEqual([
      ['query', '/query'],
      ['COPY', '/additionalOperations/COPY'],
      ['LOCK/X', '/additionalOperations/LOCK~1X'],
    ]);
  });

  it('takes no fixed method from `additionalOperations` (3.2 forbids it), and nothing that is not an object', () => {
    const item: JsonObject = {
      get: 'not an operation',
      additionalOperations: {GET: {operationId: 'shadow'}, Post: {operationId: 'shadow2'}, PURGE: []},
    };
    expect(pathItemOperations(item)).toEqual([]);
  });

  it('the list is the nine fixed fields of OpenAPI 3.0 to 3.2', () => {
    expect([...HTTP_METHODS]).toEqual([
      'get',
      'put',
      'post',
      'delete',
      'options',
      'head',
      'patch',
      'trace',
      'query',
    ]);
  });

  it("the structure check walks the same methods: a 3.2 `query` operation's shape is checked", () => {
    const problems = checkOpenApiStructure({
      openapi: '3.2.0',
      info: {title: 'T', version: '1'},
      paths: {'/search': {query: {responses: 'none'}}},
    });
    expect(problems.map((p) => p.pointer)).toContain('/paths/~1search/query/responses');
  });
});

describe('parameters', () => {
  it('keys a parameter by its location and name', () => {
    expect(parameterKey({name: 'id', in: 'path'})).toBe('path:id');
    expect(parameterKey({name: 'id', in: 'query'})).not.toBe(parameterKey({name: 'id', in: 'path'}));
  });

  it('lets an operation parameter replace a path-level one in its place, and drops what has no key', () => {
    const pathLevel = [
      {name: 'id', in: 'path', description: 'path level'},
      {name: 'page', in: 'query'},
    ];
    const operationLevel = [
      {name: 'id', in: 'path', description: 'operation level'},
      {name: 'sort', in: 'query'},
    ];
    const merged = mergeParameters([...pathLevel, ...operationLevel, {in: 'header'}], (p) =>
      'name' in p ? parameterKey(p) : undefined,
    );
    expect(merged.map((p) => ('name' in p ? `${p.name}` : '?'))).toEqual(['id', 'page', 'sort']);
    expect(merged[0]).toMatchObject({description: 'operation level'});
  });
});

describe('createAjv', () => {
  it('makes the dialect asked for, with the standard formats', () => {
    const modern = createAjv('2020-12', {strict: false});
    expect(modern.validate({prefixItems: [{type: 'string'}]}, [1])).toBe(false);
    const draft7 = createAjv('draft-07', {strict: false});
    // draft-07 knows no prefixItems: the keyword is ignored.
    expect(draft7.validate({prefixItems: [{type: 'string'}]}, [1])).toBe(true);
    expect(draft7.validate({type: 'string', format: 'date-time'}, 'yesterday')).toBe(false);
    expect(modern.validate({type: 'string', format: 'email'}, 'desk@example.com')).toBe(true);
  });
});
