/**
 * One prepared document for the build's example check and the reader's validators
 * (plugins/api-reference/validator/prepared.ts): both read OpenAPI 3.0 and AsyncAPI payload
 * schemas the same way, so the build accepts the examples the reader's validator accepts.
 */
import {describe, expect, it} from 'vitest';
import type {JsonObject} from '../../../plugins/api-reference/document';
import {validatorFor} from '../../../plugins/api-reference/exampleCheck';
import {compileValidators} from '../../../plugins/api-reference/validator';
import {DOCUMENT_IDS, PreparedDocument} from '../../../plugins/api-reference/validator/prepared';
import {payloadSchemaAt} from '../../../plugins/api-reference/validator/targets';
import {importGenerated} from './helpers';

const openapi30: JsonObject = {
  openapi: '3.0.3',
  info: {title: 'T', version: '1'},
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Order'}}}},
        responses: {'200': {description: 'OK'}},
      },
    },
  },
  components: {
    schemas: {
      Order: {
        type: 'object',
        required: ['id', 'note'],
        properties: {
          id: {type: 'string', readOnly: true},
          note: {type: 'string', nullable: true},
          price: {type: 'number', minimum: 0, exclusiveMinimum: true},
        },
      },
    },
  },
};

const asyncapi: JsonObject = {
  asyncapi: '3.0.0',
  info: {title: 'T', version: '1'},
  components: {
    messages: {
      Tick: {
        payload: {
          schemaFormat: 'application/schema+json;version=draft-07',
          schema: {type: 'object', required: ['seq'], properties: {seq: {type: 'integer'}}},
        },
      },
      Raw: {payload: {schemaFormat: 'application/vnd.apache.avro;version=1.9.0', schema: {type: 'record'}}},
    },
  },
};

const ORDER = '/components/schemas/Order';

describe('the build’s example check reads schemas as the reader’s validator does', () => {
  const check = validatorFor({openapi: openapi30, asyncapi});

  it('accepts null on an OpenAPI 3.0 `nullable` field (it was refused before)', () => {
    expect(check('openapi', ORDER, {id: 'o1', note: null})).toEqual([]);
    expect(check('openapi', ORDER, {id: 'o1', note: 7})).not.toEqual([]);
  });

  it('reads 3.0 boolean exclusive bounds', () => {
    expect(check('openapi', ORDER, {id: 'o1', note: 'a', price: 0})).not.toEqual([]);
    expect(check('openapi', ORDER, {id: 'o1', note: 'a', price: 0.5})).toEqual([]);
  });

  it('keeps read-only fields required: an example of a response must have them', () => {
    expect(check('openapi', ORDER, {note: 'a'}).join(' ')).toMatch(/id/);
  });

  it('checks the schema of a multi-format payload, not the wrapper around it (nothing was checked before)', () => {
    const payload = payloadSchemaAt(asyncapi, '/components/messages/Tick/payload');
    expect(payload).toEqual({pointer: '/components/messages/Tick/payload/schema', dialect: 'draft-07'});
    expect(check('asyncapi', payload.pointer ?? '', {seq: 'one'}, payload.dialect)).not.toEqual([]);
    expect(check('asyncapi', payload.pointer ?? '', {seq: 1}, payload.dialect)).toEqual([]);
    expect(payloadSchemaAt(asyncapi, '/components/messages/Raw/payload')).toMatchObject({
      pointer: null,
      unavailable:
        'the payload schema is written in application/vnd.apache.avro;version=1.9.0, not JSON Schema',
    });
  });
});

describe('the reader’s validator', () => {
  it('agrees on `nullable`, and does not ask a reader for read-only fields', async () => {
    const [compiled] = compileValidators({openapi: openapi30, asyncapi: null});
    const module = await importGenerated(compiled?.source ?? '');
    if (module.validate === undefined) throw new Error(module.unavailable);
    expect(module.validate({note: null})).toBe(true);
    expect(module.validate({note: 7})).toBe(false);
  });
});

describe('PreparedDocument', () => {
  it('prepares a copy, never the document it is given', () => {
    const prepared = new PreparedDocument('openapi', openapi30, 'request');
    prepared.prepare([ORDER], 'openapi-3.0');
    const order = (openapi30.components as {schemas: {Order: {properties: {note: JsonObject}}}}).schemas
      .Order;
    expect(order.properties.note).toEqual({type: 'string', nullable: true});
    expect(prepared.document).not.toBe(openapi30);
    expect(prepared.ref('/paths/~1orders')).toBe(`${DOCUMENT_IDS.openapi}#/paths/~1orders`);
  });

  it('registers the copy once per dialect', () => {
    const prepared = new PreparedDocument('asyncapi', asyncapi, 'any');
    const options = {strict: false, validateSchema: false};
    expect(prepared.ajv('draft-07', options)).toBe(prepared.ajv('draft-07', options));
    expect(prepared.ajv('2020-12', options)).not.toBe(prepared.ajv('draft-07', options));
  });
});
