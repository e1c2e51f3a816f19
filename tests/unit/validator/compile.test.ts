/**
 * The build step against the real documents: every request body and every message
 * a reader sends gets a self-contained validator without eval, and the validators
 * answer good and bad payloads with the right pointer and words.
 */
import {describe, expect, it, beforeAll} from 'vitest';
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';
import {findTargets} from '../../../plugins/api-reference/validator/targets';
import {makeSelfContained, unsafeCodeReason} from '../../../plugins/api-reference/validator/compile';
import {validateText} from '../../../src/components/ApiReference/Validator/core';
import type {ValidationOutcome} from '../../../src/components/ApiReference/Validator/protocol';
import type {Compiled} from './helpers';
import {HAVE_SPECS, SPECS, compileAll, realDocuments, validatorOf} from './helpers';

function invalid(outcome: ValidationOutcome): Extract<ValidationOutcome, {kind: 'invalid'}> {
  if (outcome.kind !== 'invalid') throw new Error(`expected invalid, got ${JSON.stringify(outcome)}`);
  return outcome;
}

/** The example of a request body / message, as the panels' "Load example" gives it. */
function example(document: 'openapi' | 'asyncapi', pointer: string): string {
  let node: unknown = parse(readFileSync(SPECS[document], 'utf8'));
  for (const key of pointer.split('/').slice(1)) node = (node as Record<string, unknown>)[key];
  return JSON.stringify(node, null, 2);
}

describe.skipIf(!HAVE_SPECS)('validators of specs/openapi.yaml and specs/asyncapi.yaml', () => {
  let compiled: Map<string, Compiled>;

  beforeAll(async () => {
    compiled = await compileAll(realDocuments());
  });

  it('has one validator per request body and per message the reader sends, all compiled', () => {
    expect([...compiled.keys()].filter((key) => key.startsWith('rest:')).sort()).toEqual([
      'rest:createBulkOrder',
      'rest:createSettlementRequest',
      'rest:mapTransaction',
    ]);
    expect([...compiled.keys()].filter((key) => key.startsWith('ws:')).sort()).toEqual([
      'ws:new_order',
      'ws:subscribe_instruments',
      'ws:subscribe_order_channel',
      'ws:subscribe_price_channel',
      'ws:subscribe_trade_channel',
      'ws:unsubscribe_channel',
      'ws:unsubscribe_instruments',
    ]);
    for (const {entry} of compiled.values()) {
      expect(entry.status, `${entry.target}: ${entry.reason ?? ''}`).toBe('ready');
    }
  });

  it('never ships code that can evaluate, require or import anything', () => {
    for (const {entry, source} of compiled.values()) {
      expect(source, entry.target).not.toMatch(/new\s+Function|\beval\s*\(|\bFunction\s*\(/);
      expect(source, entry.target).not.toMatch(/\brequire\s*\(|^\s*import\b|\bimport\s*\(/m);
      expect(unsafeCodeReason(source), entry.target).toBeNull();
      expect(entry.gzipBytes, entry.target).toBeLessThan(20_000);
    }
  });

  it('accepts every example of the documents', () => {
    const examples: Array<[string, string]> = [
      ['rest:createBulkOrder', example('openapi', '/components/examples/NewBulkOrderRequest/value')],
      ['rest:createSettlementRequest', example('openapi', '/components/examples/SettlementRequest/value')],
      ['rest:mapTransaction', example('openapi', '/components/examples/TransactionMappingRequest/value')],
      ['ws:new_order', example('asyncapi', '/components/messages/new_order/examples/0/payload')],
      ['ws:new_order', example('asyncapi', '/components/messages/new_order/examples/1/payload')],
      [
        'ws:subscribe_instruments',
        example('asyncapi', '/components/messages/subscribe_instruments/examples/0/payload'),
      ],
      [
        'ws:subscribe_trade_channel',
        example('asyncapi', '/components/messages/subscribe_trade_channel/examples/1/payload'),
      ],
    ];
    for (const [target, text] of examples) {
      expect(validateText(text, validatorOf(compiled, target)), target).toEqual({kind: 'valid'});
    }
  });

  it('createBulkOrder: too many orders, a bad instrument and both amounts', () => {
    const order = {order_ref: 'a', instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}};
    const orders = Array.from({length: 1000}, () => order);
    orders[3] = {
      ...order,
      instrument: 'btc-eur',
      amount: {leg_1_amount: '1', leg_2_amount: '2'},
    } as typeof order;
    const text = JSON.stringify({new_bulk_order: {order_type: 'BULK_MARKET', orders}});
    const outcome = invalid(validateText(text, validatorOf(compiled, 'rest:createBulkOrder')));
    const byPointer = new Map(outcome.errors.map((error) => [`${error.pointer} ${error.keyword}`, error]));
    expect(byPointer.get('/new_bulk_order/orders maxItems')?.message).toBe(
      'must have at most 999 items (it has 1000 items)',
    );
    const pattern = byPointer.get('/new_bulk_order/orders/3/instrument pattern');
    expect(pattern?.message).toMatch(/^must match \^\[A-Z\]/);
    expect(pattern?.message).toMatch(/BASE-QUOTE/);
    expect(pattern?.value).toBe('"btc-eur"');
    expect(byPointer.get('/new_bulk_order/orders/3/amount oneOf')?.message).toBe(
      'must have exactly one of leg_1_amount / leg_2_amount (it has both)',
    );
  });

  it('createSettlementRequest: duplicate trade ids, missing amounts, an unknown field', () => {
    const text = JSON.stringify({
      client_settlement_request_id: 's-1',
      trade_ids: ['t1', 't1'],
      colour: 'red',
    });
    const outcome = invalid(validateText(text, validatorOf(compiled, 'rest:createSettlementRequest')));
    const messages = outcome.errors.map((error) => `${error.pointer}: ${error.message}`);
    expect(messages).toContain('/trade_ids: must not contain duplicates (items 0 and 1 are equal)');
    expect(messages).toContain(': must have the required property "request_amounts"');
    expect(
      messages.find((message) => message.startsWith('/colour: is not an allowed property here')),
    ).toBeDefined();
    expect(outcome.errors.find((error) => error.pointer === '/colour')?.value).toBe('"red"');
  });

  it('mapTransaction: a number where a decimal string is expected', () => {
    const outcome = invalid(
      validateText(
        '{"settlement_request_amount_id": "sra_1", "amount": 12.5}',
        validatorOf(compiled, 'rest:mapTransaction'),
      ),
    );
    expect(outcome.errors).toContainEqual(
      expect.objectContaining({
        pointer: '/amount',
        keyword: 'type',
        message: 'must be a string (it is a number with a fraction)',
        value: '12.5',
      }),
    );
  });

  it('new_order: a market order without amount, with a wrong type and a bad counter-leg precision', () => {
    const text = JSON.stringify({
      new_order: {
        order_ref: 'x',
        order_type: 'LIMIT',
        instrument: 'BTC-EUR',
        side: 'BUY',
        counter_leg_precision: 120,
      },
    });
    const outcome = invalid(validateText(text, validatorOf(compiled, 'ws:new_order')));
    const messages = outcome.errors.map((error) => `${error.pointer}: ${error.message}`);
    expect(messages).toContain('/new_order: must have the required property "amount"');
    expect(messages).toContain('/new_order/order_type: must be "MARKET"');
    expect(messages).toContain('/new_order/counter_leg_precision: must be at most 99');
  });

  it('subscribe_instruments: the if/then rule on mergeable and max_frequency, in words', () => {
    const text = JSON.stringify({
      subscribe_instruments: {
        channel: 'prices',
        subscriptions: [{subscription_id: 's', instrument: 'BTC-EUR', mergeable: false, max_frequency: 500}],
      },
    });
    const outcome = invalid(validateText(text, validatorOf(compiled, 'ws:subscribe_instruments')));
    const rule = outcome.errors.find((error) => error.keyword === 'if');
    expect(rule?.pointer).toBe('/subscribe_instruments/subscriptions/0');
    expect(rule?.message).toMatch(/^breaks a conditional rule: mergeable is false/);
    expect(rule?.details).toEqual([
      expect.objectContaining({
        pointer: '/subscribe_instruments/subscriptions/0/max_frequency',
        message: 'must be 0',
        value: '500',
      }),
    ]);
  });

  it('subscribe_trade_channel: formats are checked in the generated code', () => {
    const text = JSON.stringify({
      subscribe_trade_channel: {channel: 'trades', execution_time: '2025-02-30T08:00:00.000000Z'},
    });
    const outcome = invalid(validateText(text, validatorOf(compiled, 'ws:subscribe_trade_channel')));
    expect(outcome.errors).toContainEqual(
      expect.objectContaining({pointer: '/subscribe_trade_channel/execution_time', keyword: 'format'}),
    );
  });

  it('finds the same targets from the documents alone', () => {
    const targets = findTargets(realDocuments());
    expect(targets.map((target) => target.target)).toEqual([...compiled.keys()]);
    expect(targets.find((target) => target.target === 'rest:createBulkOrder')?.pointer).toBe(
      '/paths/~1api~1orders~1bulk/post/requestBody/content/application~1json/schema',
    );
    expect(targets.find((target) => target.target === 'ws:new_order')?.pointer).toBe(
      '/components/schemas/NewOrderMessage',
    );
  });
});

describe('the safety check of generated code', () => {
  it('refuses code that could load or evaluate code', () => {
    const unsafe: Array<[string, RegExp]> = [
      ['const f = new Function("return 1");', /Function/],
      ['export const v = eval("1");', /eval/],
      ['const x = require("fs");', /require/],
      ['import fs from "fs";', /ImportDeclaration/],
      ['const m = import("./x.js");', /ImportExpression/],
      ['export * from "./x.js";', /re-exports/],
      ['export {a} from "./x.js";', /re-exports/],
      ['const u = import.meta.url;', /MetaProperty/],
      ['const g = globalThis["ev" + "al"];', /globalThis/],
      ['const broken = ;', /does not parse/],
    ];
    for (const [code, reason] of unsafe) expect(unsafeCodeReason(code), code).toMatch(reason);
  });

  it('accepts property names that merely look like those identifiers', () => {
    expect(
      unsafeCodeReason(
        'export const v = (d) => d.require === 1 && d.eval === 2 && ({window: 1, self: 2}).self;',
      ),
    ).toBeNull();
  });

  it('inlines the helpers and formats Ajv would require at run time, and refuses unknown ones', () => {
    const code = makeSelfContained(
      '"use strict";const a = require("ajv/dist/runtime/ucs2length").default;const f = __apiRefFormats["date-time"];export const validate = () => a("x") && f.validate("y");',
    );
    expect(code).not.toContain('require(');
    expect(code).toContain('function __apiRefUcs2length');
    expect(code).toContain('"date-time": {validate:');
    expect(unsafeCodeReason(code)).toBeNull();
    expect(() => makeSelfContained('const u = require("ajv/dist/runtime/uri").default;')).toThrow(
      /ajv\/dist\/runtime\/uri/,
    );
    expect(() => makeSelfContained('const f = __apiRefFormats.fancy;')).toThrow(/format "fancy"/);
  });
});
