/**
 * The request builder's form model (built at build time from the documents)
 * and the form logic: fields with kinds, enums, required marks, rules, defaults
 * and examples; servers and credentials; the request a form gives; and the
 * parameter validators compiled like the body validators (standalone, no eval),
 * which accept the API's date-time format and name the rule a value breaks.
 */
import {describe, expect, it} from 'vitest';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {buildRestBuilders, buildWsBuilders, ruleOf} from '../../../plugins/api-reference/builder/model';
import {withParameterSchemas} from '../../../plugins/api-reference/builder/parameters';
import type {RestBuilderModel} from '../../../plugins/api-reference/builder/types';
import type {Json} from '../../../plugins/api-reference/document';
import {describeErrors} from '../../../src/components/ApiReference/Validator/messages';
import {
  fieldKey,
  initialForm,
  parameterObject,
  restRequest,
  wsScriptInput,
} from '../../../src/components/ApiReference/RequestBuilder/request';
import {compileParameterValidators} from '../../../plugins/api-reference/builder';
import type {CompiledValidator} from '../../../src/components/ApiReference/Validator/core';
import {specRest, specWs} from '../../helpers/specModels';
import {importGenerated, realDocuments} from '../validator/helpers';

describe('form model', async () => {
  const {openapi: doc, rest} = await specRest();
  const builders = buildRestBuilders(doc, rest);
  const listTrades = builders.find((b) => b.target === 'rest:listTrades') as RestBuilderModel;
  const byName = (model: RestBuilderModel, name: string) => model.fields.find((f) => f.name === name);

  it('lists the parameters in document order, with kinds, required marks and rules', () => {
    expect(listTrades.fields.map((f) => f.name)).toEqual([
      'from_datetime',
      'to_datetime',
      'instrument',
      'side',
      'trade_id',
      'order_id',
      'leg_1_status',
      'leg_2_status',
      'price_from',
      'price_to',
      'leg_1_from',
      'leg_1_to',
      'leg_2_from',
      'leg_2_to',
      'limit',
      'skip',
    ]);
    expect(byName(listTrades, 'from_datetime')).toMatchObject({
      in: 'query',
      required: true,
      kind: 'string',
      format: 'date-time',
      value: '2026-11-20T00:00:00.000000Z',
    });
    expect(byName(listTrades, 'limit')).toMatchObject({
      required: false,
      kind: 'integer',
      rule: 'integer, 10–9999',
      default: '100',
      value: '100',
    });
    expect(byName(listTrades, 'side')?.enum).toEqual(['BUY', 'SELL']);
    expect(byName(listTrades, 'instrument')?.value).toBe('BTC-EUR');
  });

  it('arrays are lists, exploded as the document says; booleans are a choice', () => {
    const tx = builders.find((b) => b.target === 'rest:listTransactions') as RestBuilderModel;
    expect(byName(tx, 'settlement_request_ids')).toMatchObject({
      kind: 'array',
      itemKind: 'string',
      explode: true,
      value: 'stl_9c4e2d71b3',
    });
    expect(byName(tx, 'sender_only')).toMatchObject({kind: 'boolean', enum: ['true', 'false']});
  });

  it('servers: pre-production first (the documentation default), production selectable; bearer credentials', () => {
    expect(listTrades.servers).toEqual([
      {label: 'Pre-production', url: 'https://api.preprod.example.com'},
      {label: 'Production', url: 'https://api.example.com'},
    ]);
    expect(listTrades.credentials).toEqual([
      {in: 'header', name: 'Authorization', value: 'Bearer <token>', placeholder: '<token>'},
    ]);
  });

  it('bodies open at the example the samples send, with every example to pick', () => {
    const map = builders.find((b) => b.target === 'rest:mapTransaction') as RestBuilderModel;
    expect(map.body?.json).toBe(true);
    expect(map.body?.examples.length).toBe(2);
    expect(map.body?.validator).toBe('rest-mapTransaction.js');
    expect(byName(map, 'transaction_id')).toMatchObject({
      in: 'path',
      required: true,
      value: 'txn_0b7d5e3f92',
    });
  });

  it('the form: optional parameters are sent only when ticked, path parameters encoded, the token replaces <token>', () => {
    const form = initialForm(listTrades);
    expect(form[fieldKey({in: 'query', name: 'limit'})]).toEqual({text: '100', send: false});
    form[fieldKey({in: 'query', name: 'instrument'})] = {text: 'ETH-EUR/SP', send: true};
    form[fieldKey({in: 'query', name: 'limit'})] = {text: ' 250 ', send: true};
    const built = restRequest(listTrades, {server: 1, token: 'abc', form});
    expect(built.ok && built.request).toMatchObject({
      baseUrl: 'https://api.example.com',
      query: [
        {name: 'from_datetime', value: '2026-11-20T00:00:00.000000Z'},
        {name: 'to_datetime', value: '2026-11-20T23:59:59.999999Z'},
        {name: 'instrument', value: 'ETH-EUR/SP'},
        {name: 'limit', value: '250'},
      ],
      headers: [{name: 'Authorization', value: 'Bearer abc'}],
    });
    expect(parameterObject(listTrades, form)).toMatchObject({instrument: 'ETH-EUR/SP', limit: 250});
    const bad = restRequest(builders.find((b) => b.target === 'rest:mapTransaction') as RestBuilderModel, {
      server: 0,
      token: '',
      form: {},
      body: '{oops',
    });
    expect(bad).toEqual({ok: false, problem: 'The request body is not valid JSON.'});
  });

  it('rules in words', () => {
    expect(ruleOf({type: 'integer', minimum: 0}, 'integer')).toBe('integer, at least 0');
    expect(ruleOf({type: 'string', minLength: 1, maxLength: 36, pattern: '^a$'}, 'string')).toBe(
      '1–36 characters, pattern ^a$',
    );
    expect(ruleOf({type: 'array', minItems: 1, maxItems: 99, uniqueItems: true}, 'array')).toBe(
      '1–99 values separated by commas, no repeats',
    );
  });
});

describe('WebSocket form model', async () => {
  const {asyncapi: doc, ws} = await specWs();
  const builders = buildWsBuilders(doc, ws);
  it('one per message the reader sends, with the channel subscription to send first', () => {
    expect(builders.map((b) => b.message).sort()).toEqual(
      [
        'new_order',
        'subscribe_instruments',
        'subscribe_order_channel',
        'subscribe_price_channel',
        'subscribe_trade_channel',
        'unsubscribe_channel',
        'unsubscribe_instruments',
      ].sort(),
    );
    const order = builders.find((b) => b.message === 'new_order');
    expect(order).toMatchObject({address: '/ws/orders', subscribe: {message: 'subscribe_order_channel'}});
    expect(builders.find((b) => b.message === 'subscribe_instruments')?.subscribe?.message).toBe(
      'subscribe_price_channel',
    );
    expect(builders.find((b) => b.message === 'subscribe_order_channel')?.subscribe).toBeUndefined();
  });
  it('a channel whose address is not published gets no script, and says why', () => {
    const order = builders.find((b) => b.message === 'new_order');
    if (order === undefined) throw new Error('no new_order');
    const built = wsScriptInput({...order, address: null}, {server: 0, token: '', body: '{}'});
    expect(built).toEqual({
      ok: false,
      problem: expect.stringContaining('not published by the provider') as string,
    });
  });
});

describe('parameter validators, compiled at build time', async () => {
  const compiled = compileParameterValidators(realDocuments().openapi);
  const listTrades = compiled.find((c) => c.target === 'rest-params:listTrades');
  const validate = (await importGenerated(listTrades?.source ?? '')).validate as CompiledValidator;
  it('are standalone modules without eval, one per operation with parameters', () => {
    expect(listTrades).toMatchObject({file: 'restparams-listTrades.js', status: 'ready'});
    expect(compiled.every((c) => c.status === 'ready')).toBe(true);
    expect(listTrades?.source).not.toMatch(/\beval\b|new Function/);
    // Every operation but the four without parameters (listInstruments, getRiskFigures, createBulkOrder, createSettlementRequest).
    expect(withParameterSchemas(realDocuments().openapi).targets.length).toBe(10);
  });
  it('accept the API date-time format and refuse others, naming the field and the rule', () => {
    const base = {from_datetime: '2026-11-20T00:00:00.000000Z', to_datetime: '2026-11-20T23:59:59.999999Z'};
    expect(validate(base)).toBe(true);
    expect(validate({...base, limit: 5})).toBe(false);
    expect(describeErrors(validate.errors ?? [])).toMatchObject([
      {pointer: '/limit', message: 'must be at least 10'},
    ]);
    expect(validate({...base, from_datetime: '2026-11-20T00:00:00Z'})).toBe(false);
    expect(describeErrors(validate.errors ?? [])[0]?.pointer).toBe('/from_datetime');
    expect(validate({to_datetime: base.to_datetime})).toBe(false);
    expect(describeErrors(validate.errors ?? [])[0]?.message).toBe(
      'must have the required property "from_datetime"',
    );
    expect(validate({...base, instrument: 'btc-eur'})).toBe(false);
  });
});

describe('parameter validators of OpenAPI 3.2 methods', () => {
  // A `query` operation (3.2's fixed field) and an `additionalOperations` one, each with a parameter.
  const limit = {name: 'limit', in: 'query', required: true, schema: {type: 'integer', minimum: 1}};
  const doc = {
    openapi: '3.2.0',
    info: {title: 'Search', version: '1'},
    paths: {
      '/search': {
        query: {operationId: 'searchItems', parameters: [limit], responses: {'200': {description: 'Found'}}},
        additionalOperations: {
          COPY: {operationId: 'copyItems', parameters: [limit], responses: {'200': {description: 'Copied'}}},
        },
      },
    },
  };
  const builders = buildRestBuilders(doc as Json, buildRestModel(doc as Json));
  const compiled = compileParameterValidators(doc);

  it('get the validator file their form names', () => {
    const named = builders.flatMap((b) =>
      b.parametersValidator !== undefined ? [b.parametersValidator] : [],
    );
    const ready = compiled.filter((c) => c.status === 'ready').map((c) => c.file);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(ready).toContain(file);
  });

  it('give both operations a form with its parameter check', () => {
    expect(builders.map((b) => [b.target, b.parametersValidator]).sort()).toEqual([
      ['rest:copyItems', 'restparams-copyItems.js'],
      ['rest:searchItems', 'restparams-searchItems.js'],
    ]);
  });
});
