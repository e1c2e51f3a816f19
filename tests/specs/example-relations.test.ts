/**
 * Examples agree with each other (issue 31, item 5). Every example is valid against its schema
 * (the other tests here check that); this one checks what a schema cannot: ids that appear in
 * several examples, in both documents and in the guides, describe the same thing everywhere, and
 * the relations the specification states hold between them:
 *
 * - one trade, order, settlement request amount or transaction id has one currency, amount,
 *   direction and status wherever it appears;
 * - a mapped amount (mapTransaction, a transaction's `settlement_request_amounts`, an amount's
 *   `transactions[].used_amount`) is at most the transaction amount and the settlement request
 *   amount, in the same currency, and both ids exist as examples;
 * - in a transaction, and in a settlement request amount, the provider's side is its fixed code
 *   (never a real address), and the leg goes in the direction the trade's side says;
 * - every trade id a settlement example names (except the `unknown` group) exists as a trade.
 */
import {describe, expect, it} from 'vitest';
import {asyncapi, follow, isObject, openapi, type JsonObject} from '../unit/guides/documents';
import {fences, guideFiles, jsxElements, metaValue} from '../unit/guides/mdx';

interface Example {
  where: string;
  value: unknown;
}

function documentExamples(): Example[] {
  const out: Example[] = [];
  const components = isObject(openapi.components) ? openapi.components : {};
  for (const [name, example] of Object.entries(isObject(components.examples) ? components.examples : {}))
    if (isObject(example) && 'value' in example)
      out.push({where: `openapi examples/${name}`, value: example.value});
  const asyncComponents = isObject(asyncapi.components) ? asyncapi.components : {};
  for (const [name, message] of Object.entries(
    isObject(asyncComponents.messages) ? asyncComponents.messages : {},
  )) {
    const examples = isObject(message) && Array.isArray(message.examples) ? message.examples : [];
    examples.forEach((example: unknown, i) => {
      if (isObject(example)) out.push({where: `asyncapi ${name} example ${i + 1}`, value: example.payload});
    });
  }
  return out;
}

function guideExamples(): {
  values: Example[];
  requests: {where: string; method: string; path: string; body?: unknown}[];
} {
  const values: Example[] = [];
  const requests: {where: string; method: string; path: string; body?: unknown}[] = [];
  for (const guide of guideFiles()) {
    for (const fence of fences(guide.source)) {
      if (fence.lang !== 'json' || metaValue(fence.meta, 'schema') === undefined) continue;
      values.push({where: `docs/${guide.id}.mdx:${fence.line}`, value: JSON.parse(fence.code) as unknown});
    }
    for (const element of jsxElements(guide.source, ['RequestExample'])) {
      const {method, path, body} = element.props;
      if (typeof method !== 'string' || typeof path !== 'string') continue;
      const where = `docs/${guide.id}.mdx:${element.line}`;
      requests.push({where, method, path, ...(body !== undefined ? {body} : {})});
      if (body !== undefined) values.push({where, value: body});
    }
  }
  return {values, requests};
}

/** mapTransaction examples of the OpenAPI document: each path example with each body example. */
function documentMappings(): {where: string; transactionId: string; body: unknown}[] {
  const paths = isObject(openapi.paths) ? openapi.paths : {};
  const out: {where: string; transactionId: string; body: unknown}[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || operation.operationId !== 'mapTransaction') continue;
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map(
        (_p: unknown, i) =>
          follow(openapi, `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/parameters/${i}`)
            .node,
      );
      const ids = parameters.flatMap((p) =>
        isObject(p) && p.name === 'transaction_id' && isObject(p.examples)
          ? Object.values(p.examples).map((e) => (isObject(e) ? e.value : undefined))
          : [],
      );
      const body = follow(
        openapi,
        `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/requestBody`,
      ).node;
      const media = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
      const examples = isObject(media) && isObject(media.examples) ? Object.entries(media.examples) : [];
      for (const id of ids)
        for (const [name, raw] of examples) {
          const example =
            isObject(raw) && typeof raw.$ref === 'string' ? follow(openapi, raw.$ref.slice(1)).node : raw;
          if (typeof id === 'string' && isObject(example))
            out.push({where: `openapi mapTransaction (${name})`, transactionId: id, body: example.value});
        }
    }
  }
  return out;
}

/** The provider's fixed code, as the OpenAPI document's Address type names it. */
function providerCode(): string {
  const address = follow(openapi, '/components/schemas/Address').node;
  const description = isObject(address) && typeof address.description === 'string' ? address.description : '';
  return (
    /fixed code[^`]*`([^`]+)`/.exec(description)?.[1] ??
    '(no fixed code named in #/components/schemas/Address)'
  );
}

interface Fact {
  where: string;
  facts: Record<string, unknown>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Collected facts, keyed by kind and id. */
class Facts {
  readonly byId = new Map<string, Fact[]>();
  readonly mappings: {where: string; transactionId: string; amountId: string; amount?: string}[] = [];
  readonly settlementTrades: {where: string; tradeIds: string[]}[] = [];
  readonly transfers: {
    where: string;
    kind: string;
    currency: string;
    from: string;
    to: string;
    tradeIds: string[];
  }[] = [];

  add(kind: string, id: unknown, where: string, facts: Record<string, unknown>): void {
    if (typeof id !== 'string' || id === '') return;
    const key = `${kind} ${id}`;
    const defined = Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined));
    this.byId.set(key, [...(this.byId.get(key) ?? []), {where, facts: defined}]);
  }

  has(kind: string, id: string): boolean {
    return this.byId.has(`${kind} ${id}`);
  }

  one(kind: string, id: string, fact: string): unknown {
    return this.byId.get(`${kind} ${id}`)?.find((f) => f.facts[fact] !== undefined)?.facts[fact];
  }
}

/** What an object says about the order it belongs to (itself, or its one `order` entry). */
function orderOf(node: JsonObject): JsonObject | undefined {
  if (typeof node.instrument === 'string' && typeof node.side === 'string') return node;
  const order = Array.isArray(node.order) ? node.order[0] : node.order;
  return isObject(order) && typeof order.instrument === 'string' ? order : undefined;
}

function collect(
  facts: Facts,
  where: string,
  value: unknown,
  context: {
    order?: JsonObject;
    tradeIds?: string[];
    transactionId?: string;
    amountId?: string;
    currency?: string;
  } = {},
): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(facts, where, item, context);
    return;
  }
  if (!isObject(value)) return;
  const order = orderOf(value) ?? context.order;
  const next = {...context, ...(order !== undefined ? {order} : {})};

  if (order !== undefined && (typeof value.order_id === 'string' || typeof value.order_ref === 'string')) {
    const about = {
      instrument: order.instrument,
      side: order.side,
      amount: JSON.stringify(order.amount),
      ...(typeof order.order_status === 'string' ? {order_status: order.order_status} : {}),
    };
    facts.add('order', value.order_id, where, about);
    facts.add('order_ref', value.order_ref, where, {
      instrument: about.instrument,
      side: about.side,
      amount: about.amount,
    });
  }
  const execution = isObject(value.trade) ? value.trade : value;
  if (typeof value.trade_id === 'string') {
    facts.add('trade', value.trade_id, where, {
      instrument: order?.instrument,
      side: order?.side,
      leg_1_executed_amount: str(execution.leg_1_executed_amount),
      leg_2_executed_amount: str(execution.leg_2_executed_amount),
      execution_price: str(execution.execution_price),
    });
  }
  // A settlement request (its trade_ids list) or its detail (trade ids grouped; `unknown` is not a trade).
  if (Array.isArray(value.trade_ids)) {
    const ids = value.trade_ids.filter((t): t is string => typeof t === 'string');
    facts.settlementTrades.push({where, tradeIds: ids});
    next.tradeIds = ids;
  } else if (isObject(value.trade_ids)) {
    const ids = Object.entries(value.trade_ids)
      .filter(([group]) => group !== 'unknown')
      .flatMap(([, list]) =>
        Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [],
      );
    facts.settlementTrades.push({where, tradeIds: ids});
    next.tradeIds = ids;
  }
  if (typeof value.settlement_request_id === 'string')
    facts.add('settlement request', value.settlement_request_id, where, {
      client_settlement_request_id: str(value.client_settlement_request_id),
    });
  const address = (a: unknown): string | undefined => str(a) ?? (isObject(a) ? str(a.address) : undefined);
  if (typeof value.currency === 'string' && value.from_address !== undefined) {
    const from = address(value.from_address) ?? '';
    const to = address(value.to_address) ?? '';
    const kind = typeof value.transaction_id === 'string' ? 'transaction' : 'settlement amount';
    facts.transfers.push({where, kind, currency: value.currency, from, to, tradeIds: next.tradeIds ?? []});
    if (kind === 'transaction') {
      facts.add('transaction', value.transaction_id, where, {
        currency: value.currency,
        amount: str(value.amount),
        from,
        to,
      });
      next.transactionId = value.transaction_id as string;
    } else {
      facts.add('settlement amount', value.settlement_request_amount_id, where, {
        currency: value.currency,
        amount: str(value.amount),
        from,
        to,
      });
      if (typeof value.settlement_request_amount_id === 'string')
        next.amountId = value.settlement_request_amount_id;
    }
    next.currency = value.currency;
  }
  // A mapped amount inside a transaction, or a transaction used for an amount.
  if (
    typeof value.settlement_request_amount_id === 'string' &&
    typeof value.amount === 'string' &&
    context.transactionId !== undefined
  )
    facts.mappings.push({
      where,
      transactionId: context.transactionId,
      amountId: value.settlement_request_amount_id,
      amount: value.amount,
    });
  if (typeof value.id === 'string' && typeof value.used_amount === 'string' && context.amountId !== undefined)
    facts.mappings.push({
      where,
      transactionId: value.id,
      amountId: context.amountId,
      amount: value.used_amount,
    });

  for (const [key, child] of Object.entries(value)) {
    if (key === 'order' || key === 'trade') {
      collect(facts, where, child, {...next});
      continue;
    }
    collect(facts, where, child, next);
  }
}

function decimal(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(50, '0'));
}

function gather(): Facts {
  const facts = new Facts();
  const guides = guideExamples();
  for (const example of [...documentExamples(), ...guides.values])
    collect(facts, example.where, example.value);
  for (const m of documentMappings()) {
    const body = isObject(m.body) ? m.body : {};
    if (typeof body.settlement_request_amount_id === 'string')
      facts.mappings.push({
        where: m.where,
        transactionId: m.transactionId,
        amountId: body.settlement_request_amount_id,
        ...(typeof body.amount === 'string' ? {amount: body.amount} : {}),
      });
  }
  for (const r of guides.requests) {
    const match = /^\/api\/transaction\/([^/]+)$/.exec(r.path);
    const body = isObject(r.body) ? r.body : {};
    if (
      r.method === 'PATCH' &&
      match?.[1] !== undefined &&
      typeof body.settlement_request_amount_id === 'string'
    )
      facts.mappings.push({
        where: r.where,
        transactionId: match[1],
        amountId: body.settlement_request_amount_id,
        ...(typeof body.amount === 'string' ? {amount: body.amount} : {}),
      });
  }
  return facts;
}

describe('examples agree with each other (documents and guides)', () => {
  const facts = gather();

  it('finds the examples it reasons about', () => {
    expect(facts.byId.size).toBeGreaterThan(20);
    expect(facts.mappings.length).toBeGreaterThanOrEqual(4);
    expect(facts.transfers.length).toBeGreaterThanOrEqual(6);
    expect(facts.settlementTrades.length).toBeGreaterThanOrEqual(3);
  });

  it('one id describes one thing: the same currency, amounts, direction and status everywhere', () => {
    const problems: string[] = [];
    for (const [key, list] of facts.byId) {
      const names = new Set(list.flatMap((f) => Object.keys(f.facts)));
      for (const name of names) {
        const seen = list.filter((f) => f.facts[name] !== undefined);
        const values = new Set(seen.map((f) => JSON.stringify(f.facts[name])));
        if (values.size > 1)
          problems.push(
            `${key}: ${name} differs: ${seen.map((f) => `${JSON.stringify(f.facts[name])} in ${f.where}`).join('; ')}`,
          );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('a mapped amount is at most the transaction amount and the settlement request amount, in the same currency', () => {
    const problems: string[] = [];
    for (const m of facts.mappings) {
      const txCurrency = facts.one('transaction', m.transactionId, 'currency');
      const txAmount = facts.one('transaction', m.transactionId, 'amount');
      const amCurrency = facts.one('settlement amount', m.amountId, 'currency');
      const amAmount = facts.one('settlement amount', m.amountId, 'amount');
      const at = `${m.where}: ${m.transactionId} → ${m.amountId}`;
      if (!facts.has('transaction', m.transactionId))
        problems.push(`${at}: no example shows transaction ${m.transactionId}`);
      if (!facts.has('settlement amount', m.amountId))
        problems.push(`${at}: no example shows settlement request amount ${m.amountId}`);
      if (txCurrency !== undefined && amCurrency !== undefined && txCurrency !== amCurrency)
        problems.push(
          `${at}: a ${String(txCurrency)} transaction mapped onto a ${String(amCurrency)} amount`,
        );
      if (m.amount !== undefined && typeof txAmount === 'string' && decimal(m.amount) > decimal(txAmount))
        problems.push(`${at}: mapped ${m.amount} exceeds the transaction amount ${txAmount}`);
      if (m.amount !== undefined && typeof amAmount === 'string' && decimal(m.amount) > decimal(amAmount))
        problems.push(`${at}: mapped ${m.amount} exceeds the settlement request amount ${amAmount}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the provider is shown by its fixed code, on exactly one side, in the direction the trade says', () => {
    const code = providerCode();
    expect(code, 'the Address type names the fixed code').not.toMatch(/^\(/);
    const problems: string[] = [];
    for (const t of facts.transfers) {
      const sides = [t.from, t.to].filter((a) => a === code).length;
      if (sides !== 1)
        problems.push(
          `${t.where}: ${t.kind} ${t.currency} ${t.from} → ${t.to}: the provider's fixed code ${code} is on ${sides} sides, not one`,
        );
      // The direction: buying leg 1 means the provider delivers leg 1 and receives leg 2.
      for (const id of t.tradeIds) {
        const instrument = facts.one('trade', id, 'instrument');
        const side = facts.one('trade', id, 'side');
        if (typeof instrument !== 'string' || typeof side !== 'string') continue;
        const [base, quote] = instrument.replace(/\/SP$/, '').split('-');
        const providerDelivers = (t.currency === base) === (side === 'BUY');
        if (t.currency !== base && t.currency !== quote) continue;
        const expected = providerDelivers ? t.from : t.to;
        if (expected !== code)
          problems.push(
            `${t.where}: ${t.currency} of a ${side} ${instrument} trade goes ${providerDelivers ? 'from' : 'to'} the provider, but ${t.from} → ${t.to}`,
          );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('every trade id a settlement example names exists as a trade', () => {
    const problems = facts.settlementTrades.flatMap((s) =>
      s.tradeIds
        .filter((id) => !facts.has('trade', id))
        .map((id) => `${s.where}: trade ${id} appears in no trade example`),
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
