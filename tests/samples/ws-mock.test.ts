/**
 * The WebSocket mock itself refuses what the documents refuse: a handshake
 * without credentials, an unknown address, a frame that is no message of the
 * channel, a message before the channel's subscription and a second
 * subscription. Without this, a sample test could pass against a mock that
 * accepts anything.
 */
import path from 'node:path';
import WebSocket from 'ws';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadAsyncApi} from '../../plugins/api-reference/load';
import type {Json} from '../../plugins/api-reference/document';
import {startWsMock, type WsMock} from '../../scripts/mock/ws';
import {ROOT} from './run';

const doc = (await loadAsyncApi(path.join(ROOT, 'specs/asyncapi.yaml'))) as Json;
const AUTH = {headers: {Authorization: 'Bearer test'}};
let mock: WsMock;

beforeAll(async () => {
  mock = await startWsMock(doc);
});
afterAll(async () => {
  await mock.stop();
});

/**
 * Sends frames in order, each after the answer to the previous one (an array
 * is sent at once: for messages with no published answer); resolves with what
 * came back and how the connection closed.
 */
function exchange(
  address: string,
  frames: unknown[],
  options: WebSocket.ClientOptions = AUTH,
): Promise<{replies: unknown[]; close?: {code: number; reason: string}; error?: string}> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${mock.url}${address}`, options);
    const replies: unknown[] = [];
    const queue = [...frames];
    const sendNext = (): void => {
      const next = queue.shift();
      if (next === undefined) ws.close(1000);
      else for (const frame of Array.isArray(next) ? next : [next]) ws.send(JSON.stringify(frame));
    };
    ws.on('open', sendNext);
    ws.on('message', (data) => {
      replies.push(JSON.parse(String(data)));
      sendNext();
    });
    ws.on('unexpected-response', (_req, res) => resolve({replies, error: String(res.statusCode)}));
    ws.on('close', (code, reason) => resolve({replies, close: {code, reason: String(reason)}}));
    ws.on('error', () => undefined);
  });
}

const subscribeOrders = {subscribe_order_channel: {channel: 'orders', heartbeat_interval: 60}};

describe('the WebSocket mock', () => {
  it('confirms a channel subscription with the documented reply', async () => {
    const {replies} = await exchange('/ws/orders', [subscribeOrders]);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      channel_subscription_confirmation: {header: {channel: 'orders'}, status: 'ACTIVE'},
    });
  });

  it('refuses a handshake without the Authorization header, and an unknown address', async () => {
    expect((await exchange('/ws/orders', [subscribeOrders], {})).error).toBe('401');
    expect((await exchange('/ws/nowhere', [subscribeOrders])).error).toBe('404');
  });

  it('refuses a frame that is none of the channel messages', async () => {
    const {close} = await exchange('/ws/orders', [{subscribe_order_channel: {channel: 'orders', bogus: 1}}]);
    expect(close?.code).toBe(1008);
    expect(close?.reason).toMatch(/none of the messages/);
  });

  it('refuses an order before the channel subscription, and a second subscription', async () => {
    const order = {
      new_order: {
        order_ref: 'r1',
        order_type: 'MARKET',
        instrument: 'BTC-EUR',
        side: 'BUY',
        amount: {leg_1_amount: '1'},
      },
    };
    const early = await exchange('/ws/orders', [order]);
    expect(early.close?.code).toBe(1008);
    expect(early.close?.reason).toMatch(/new_order before the channel subscription/);
    const twice = await exchange('/ws/orders', [subscribeOrders, subscribeOrders]);
    expect(twice.close?.reason).toMatch(/one subscription per channel per connection/);
    const after = await exchange('/ws/orders', [subscribeOrders, order]);
    // The order's correlation id (order_ref) comes back in the answer.
    expect(after.replies[1]).toMatchObject({order_execution: {order_ref: 'r1'}});
  });

  it('ends the subscription with unsubscribe_channel', async () => {
    const {close} = await exchange('/ws/prices', [
      {subscribe_price_channel: {channel: 'prices'}},
      [
        {unsubscribe_channel: {channel: 'prices'}},
        {
          subscribe_instruments: {
            channel: 'prices',
            subscriptions: [{subscription_id: 's1', instrument: 'BTC-EUR'}],
          },
        },
      ],
    ]);
    expect(close?.reason).toMatch(/subscribe_instruments before the channel subscription/);
  });
});
