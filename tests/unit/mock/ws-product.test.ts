/**
 * The WebSocket mock of `npm run mock` (scripts/mock/ws.ts), started in this process on the
 * product's AsyncAPI document and spoken to as a reader's client would: the handshake's address
 * and credentials, the documented replies (valid messages of the document), the complaint a frame
 * that breaks the document gets (naming the field), the documented order, and a clean stop. The
 * sample tier (tests/samples/ws-mock.test.ts) runs the samples against the same mock; this file
 * is where its refusals and its answers are pinned down one by one.
 */
import {once} from 'node:events';
import http from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {JsonObject} from '../../../plugins/api-reference/document';
import {startWsMock, wsRules, type WsMock} from '../../../scripts/mock/ws';
import {specWs} from '../../helpers/specModels';
import {replyChecker} from '../../helpers/wsReplies';
import {AUTH, bounded, connect, refused, type Session} from './client';

const {asyncapi} = await specWs();
/** What is wrong with a reply as the message it is named after (nothing when it is valid). */
const replyErrors = replyChecker(asyncapi);

const subscribeOrders = {subscribe_order_channel: {channel: 'orders', heartbeat_interval: 60}};
const subscribePrices = {subscribe_price_channel: {channel: 'prices'}};
const order = (fields: JsonObject = {}): JsonObject => ({
  new_order: {
    order_ref: 'ref-1',
    order_type: 'MARKET',
    instrument: 'BTC-EUR',
    side: 'BUY',
    amount: {leg_1_amount: '1.5'},
    ...fields,
  },
});

let mock: WsMock;
const sessions: Session[] = [];

/** A connection to `address` with the credentials, subscribed first when `subscribe` is given. */
async function open(address: string, subscribe?: JsonObject): Promise<Session> {
  const session = await connect(`${mock.url}${address}`);
  sessions.push(session);
  if (subscribe !== undefined) {
    session.send(subscribe);
    await session.next();
  }
  return session;
}

/** The texts of the notes recorded since `from` (an index into mock.frames). */
function notesSince(from: number): string[] {
  return mock.frames
    .slice(from)
    .filter((f) => f.direction === 'note')
    .map((f) => f.text);
}

beforeAll(async () => {
  mock = await startWsMock(asyncapi, 0);
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await mock.stop();
});

describe('the handshake', () => {
  it('serves the channels the document gives an address, and none at the unpublished one', () => {
    expect(wsRules(asyncapi).rules.map((r) => [r.address, r.subscription])).toEqual([
      ['/ws/prices', 'subscribe_price_channel'],
      ['/ws/orders', 'subscribe_order_channel'],
    ]);
    expect(mock.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
  });

  it('accepts a bearer token on a channel address (a query string aside) and numbers the connection', async () => {
    await open('/ws/prices?client=test');
    const last = mock.connections.at(-1);
    expect(last).toEqual({connection: mock.connections.length, address: '/ws/prices'});
  });

  it('refuses an address that is no channel with 404, saying which address', async () => {
    const answer = await refused(`${mock.url}/ws/trades`, AUTH);
    expect(answer).toEqual({status: 404, body: 'no channel at /ws/trades\n'});
    expect(mock.complaints.at(-1)).toEqual({
      connection: 0,
      address: '/ws/trades',
      complaint: 'no channel at /ws/trades',
    });
  });

  it('refuses a handshake without a bearer Authorization with 401, naming the header', async () => {
    const attempts: Record<string, string>[] = [
      {},
      {Authorization: 'Basic dXNlcjpwYXNz'},
      {Authorization: 'Bearer'},
      {'X-Authorization': 'Bearer test-token'},
    ];
    for (const headers of attempts) {
      const answer = await refused(`${mock.url}/ws/orders`, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body).toContain("lacks the authorization header the server's security asks for");
    }
  });

  it('answers a plain HTTP request with 426: it speaks WebSocket only', async () => {
    const request = http.get(`${mock.url.replace('ws:', 'http:')}/ws/orders`);
    const [response] = (await bounded(once(request, 'response'), 'HTTP answer')) as [http.IncomingMessage];
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect([response.statusCode, body]).toEqual([426, 'WebSocket only']);
  });
});

describe('a channel subscription', () => {
  it("is confirmed with the documented reply: this channel in its header, the request's heartbeat interval", async () => {
    const session = await open('/ws/orders');
    const before = mock.frames.length;
    session.send(subscribeOrders);
    const reply = await session.next();
    expect(reply).toMatchObject({
      channel_subscription_confirmation: {
        header: {channel: 'orders'},
        status: 'ACTIVE',
        heartbeat_interval: 60,
      },
    });
    expect(replyErrors(reply)).toEqual([]);
    expect(mock.frames.slice(before).map((f) => [f.direction, f.message])).toEqual([
      ['received', 'subscribe_order_channel'],
      ['sent', 'channel_subscription_confirmation'],
    ]);
  });

  it('left without a heartbeat interval, is confirmed with the default (0, off)', async () => {
    const session = await open('/ws/prices');
    session.send(subscribePrices);
    const reply = await session.next();
    expect(reply).toMatchObject({
      channel_subscription_confirmation: {header: {channel: 'prices'}, heartbeat_interval: 0},
    });
    expect(replyErrors(reply)).toEqual([]);
  });

  it('a second time on one connection is confirmed again, with a note that the documents leave it open', async () => {
    const session = await open('/ws/orders', subscribeOrders);
    const before = mock.frames.length;
    session.send(subscribeOrders);
    expect(await session.next()).toHaveProperty('channel_subscription_confirmation');
    expect(notesSince(before).join('\n')).toContain(
      'not published: what the server does with a second subscribe_order_channel on one connection',
    );
  });
});

describe('frames the mock refuses (close 1008, and a complaint)', () => {
  /** Sends `frame` on a fresh connection (subscribed first when asked); the close and the full complaint. */
  async function refusal(address: string, frame: unknown, subscribe?: JsonObject) {
    const session = await open(address, subscribe);
    session.send(frame);
    const closed = await session.closed();
    const complaint = mock.complaints.at(-1);
    expect(complaint?.connection).toBe(mock.connections.length);
    return {...closed, complaint: complaint?.complaint ?? '', text: complaint?.text};
  }

  it('a frame that is not JSON', async () => {
    const result = await refusal('/ws/orders', 'subscribe me');
    expect(result).toMatchObject({code: 1008, reason: 'the frame is not JSON', text: 'subscribe me'});
  });

  it('answers nothing after a refusal: frames already in flight are neither answered nor logged as sent', async () => {
    const session = await open('/ws/orders');
    const from = mock.frames.length;
    const complaints = mock.complaints.length;
    // Three frames in one go: the second and third reach the mock after it has refused the first.
    session.send('not json');
    session.send(subscribeOrders);
    session.send('not json either');
    expect((await session.closed()).code).toBe(1008);
    expect(mock.complaints.slice(complaints).map((c) => c.text)).toEqual(['not json']);
    expect(mock.frames.slice(from).filter((f) => f.direction !== 'note')).toEqual([]);
  });

  it('a subscription that breaks its schema: the complaint names the message, the field and what is wrong', async () => {
    const frame = {subscribe_order_channel: {channel: 'orders', heartbeat_interval: 'often'}};
    const result = await refusal('/ws/orders', frame);
    expect(result.code).toBe(1008);
    expect(result.reason).toMatch(/^the frame is none of the messages \/ws\/orders accepts/);
    expect(result.complaint).toContain(
      'subscribe_order_channel: /subscribe_order_channel/heartbeat_interval must be integer',
    );
    // Only the message the frame names is explained, not every message of the channel.
    expect(result.complaint).not.toContain('new_order:');
    expect(result.text).toBe(JSON.stringify(frame));
  });

  it('an order with a field the document does not have, and an order of a type it does not allow', async () => {
    const extra = await refusal('/ws/orders', order({price: '10'}), subscribeOrders);
    expect(extra.complaint).toContain('new_order: /new_order must NOT have additional properties');
    const limit = await refusal('/ws/orders', order({order_type: 'LIMIT'}), subscribeOrders);
    expect(limit.complaint).toContain('/new_order/order_type must be equal to constant');
  });

  it('a message the channel does not accept: the complaint explains it against each message it does', async () => {
    const result = await refusal('/ws/orders', {cancel_order: {order_ref: 'ref-1'}}, subscribeOrders);
    expect(result.reason).toMatch(/^the frame is none of the messages \/ws\/orders accepts/);
    for (const name of ['subscribe_order_channel', 'unsubscribe_channel', 'new_order'])
      expect(result.complaint).toContain(`${name}: `);
    // A message of another channel is no message of this one.
    const other = await refusal('/ws/orders', subscribePrices);
    expect(other.complaint).toMatch(
      /^the frame is none of the messages \/ws\/orders accepts \(subscribe_order_channel: /,
    );
  });

  it('an order before the channel subscription', async () => {
    const result = await refusal('/ws/orders', order());
    expect(result.reason).toBe(
      'new_order before the channel subscription (subscribe_order_channel) was made',
    );
  });

  it('an instrument subscription after the channel unsubscription, which itself gets no answer', async () => {
    const session = await open('/ws/prices', subscribePrices);
    const before = mock.frames.length;
    session.send({unsubscribe_channel: {channel: 'prices'}});
    session.send({
      subscribe_instruments: {
        channel: 'prices',
        subscriptions: [{subscription_id: 's1', instrument: 'BTC-EUR'}],
      },
    });
    const closed = await session.closed();
    expect(closed).toEqual({
      code: 1008,
      reason: 'subscribe_instruments before the channel subscription (subscribe_price_channel) was made',
    });
    expect(mock.frames.slice(before).map((f) => [f.direction, f.message])).toEqual([
      ['received', 'unsubscribe_channel'],
      ['note', 'unsubscribe_channel'],
      ['received', 'subscribe_instruments'],
    ]);
    expect(notesSince(before)).toEqual([
      'not published: an answer to unsubscribe_channel; the mock sends none',
    ]);
  });

  it('keeps the close reason within what a close frame holds, and the whole complaint in its record', async () => {
    const result = await refusal('/ws/orders', {new_order: {}}, subscribeOrders);
    expect(result.reason.length).toBeLessThanOrEqual(120);
    expect(result.complaint.startsWith(result.reason)).toBe(true);
    expect(result.complaint.length).toBeGreaterThan(120);
    expect(result.complaint).toContain("must have required property 'order_ref'");
  });
});

describe('the answers to orders and instrument subscriptions', () => {
  it("answers an order with an execution: its reference, its amount executed in full, the counter leg at the example's price", async () => {
    const session = await open('/ws/orders', subscribeOrders);
    const before = mock.frames.length;
    session.send(order());
    const reply = await session.next();
    expect(reply).toMatchObject({
      order_execution: {
        header: {channel: 'orders'},
        order_ref: 'ref-1',
        instrument: 'BTC-EUR',
        side: 'BUY',
        amount: {leg_1_amount: '1.5'},
        execution_price: '61250.24',
        leg_1_executed_amount: '1.5',
        // 1.5 × 61250.24, to the example's two decimals.
        leg_2_executed_amount: '91875.36',
      },
    });
    expect(replyErrors(reply)).toEqual([]);
    const notes = notesSince(before).join('\n');
    expect(notes).toContain('not published: which of order_execution or order_status answers this new_order');
    expect(notes).toContain('cuts the counter leg to 2 decimals');
    expect(notes).toContain("not published: the server's ids; the mock sends the example's");
  });

  it('cuts (does not round) the counter leg of an order in leg 2 units to the precision asked for', async () => {
    const session = await open('/ws/orders', subscribeOrders);
    // 100 ÷ 61250.24 = 0.0016326466…: six decimals cut give 0.001632 (rounded it would be 0.001633).
    session.send(order({side: 'SELL', amount: {leg_2_amount: '100'}, counter_leg_precision: 6}));
    const cut = (await session.next()) as {order_execution: JsonObject};
    expect(cut.order_execution).toMatchObject({
      leg_2_executed_amount: '100',
      leg_1_executed_amount: '0.001632',
    });
    expect(replyErrors(cut)).toEqual([]);
    // No decimals at all: 2 × 61250.24 = 122500.48 → 122500.
    session.send(order({order_ref: 'ref-2', amount: {leg_1_amount: '2'}, counter_leg_precision: 0}));
    const whole = (await session.next()) as {order_execution: JsonObject};
    expect(whole.order_execution).toMatchObject({order_ref: 'ref-2', leg_2_executed_amount: '122500'});
  });

  it('sends one price entry per instrument subscribed, at most the 100 a price update holds', async () => {
    const session = await open('/ws/prices', subscribePrices);
    const subscriptions = Array.from({length: 101}, (_, i) => ({
      subscription_id: `s${i}`,
      instrument: 'BTC-EUR',
    }));
    subscriptions[1] = {
      subscription_id: 's1',
      instrument: 'LTC-EUR',
      mergeable: false,
    } as (typeof subscriptions)[0];
    session.send({subscribe_instruments: {channel: 'prices', subscriptions}});
    const reply = (await session.next()) as {price_update: {update_list: JsonObject[]}};
    const entries = reply.price_update.update_list;
    expect(entries).toHaveLength(100);
    expect(entries.map((e) => e.subscription_id)).toEqual(
      subscriptions.slice(0, 100).map((s) => s.subscription_id),
    );
    expect(entries[0]).toMatchObject({instrument: 'BTC-EUR', merged: true, first_ts: expect.any(String)});
    expect(entries[1]).toMatchObject({instrument: 'LTC-EUR', merged: false});
    expect(entries[1]).not.toHaveProperty('first_ts');
    expect(replyErrors(reply)).toEqual([]);
  });

  it('sends nothing for an instrument unsubscription, and keeps the channel subscribed', async () => {
    const session = await open('/ws/prices', subscribePrices);
    const before = mock.frames.length;
    session.send({unsubscribe_instruments: {channel: 'prices', subscription_ids: ['s1']}});
    session.send({
      subscribe_instruments: {
        channel: 'prices',
        subscriptions: [{subscription_id: 's2', instrument: 'BTC-EUR'}],
      },
    });
    // The next message is the price update: nothing came for the unsubscription.
    expect(await session.next()).toHaveProperty('price_update');
    expect(notesSince(before)[0]).toBe(
      'not published: an answer to unsubscribe_instruments; the mock sends none',
    );
  });
});

describe('the mock as a server', () => {
  it('tells its listeners of every frame and complaint', async () => {
    let calls = 0;
    mock.onChange(() => (calls += 1));
    const session = await open('/ws/orders');
    session.send(subscribeOrders);
    await session.next();
    await refused(`${mock.url}/nowhere`, AUTH);
    // The accepted connection, the answered frame, the refused handshake.
    expect(calls).toBe(3);
  });

  it('refuses to start on a port that is taken', async () => {
    const port = Number(new URL(mock.url).port);
    await expect(startWsMock(asyncapi, port)).rejects.toThrow(/EADDRINUSE/);
  });

  it('stops cleanly: open connections are ended and the port is free again', async () => {
    const own = await startWsMock(asyncapi);
    const session = await connect(`${own.url}/ws/orders`);
    await own.stop();
    expect((await session.closed()).code).toBe(1006);
    await expect(connect(`${own.url}/ws/orders`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
