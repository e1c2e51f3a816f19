/**
 * The WebSocket mock itself refuses what the documents refuse: a handshake
 * without credentials, an unknown address, a frame that is no message of the
 * channel, a message before the channel's subscription. Without this, a sample
 * test could pass against a mock that accepts anything. Where the documents
 * publish no behaviour (a second subscription on one connection, which reply
 * comes, prices) it refuses nothing, says so in its log (`note` frames), and
 * answers from the request.
 */
import path from 'node:path';
import WebSocket from 'ws';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadAsyncApi} from '../../plugins/api-reference/load';
import {asObject, type Json, type ParsedDocument} from '../../plugins/api-reference/document';
import {startWsMock, wsRules, type WsMock} from '../../scripts/mock/ws';
import {replyChecker} from '../helpers/wsReplies';
import {ROOT} from './run';

const doc = (await loadAsyncApi(path.join(ROOT, 'specs/asyncapi.yaml'))) as Json;
const messages = asObject(asObject(doc).components).messages;
const replyErrors = replyChecker(doc as ParsedDocument);
/** Errors of a reply against the payload of the message it is named after (none when valid). */
function validReply(reply: unknown): string[] {
  const name = Object.keys(asObject(reply as Json))[0] ?? '';
  if (asObject(messages)[name] === undefined) return [`no message ${name}`];
  return replyErrors(reply);
}
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

  it('refuses an order before the channel subscription; notes a second subscription, which the documents leave open, and confirms it', async () => {
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
    const before = mock.frames.length;
    const twice = await exchange('/ws/orders', [subscribeOrders, subscribeOrders]);
    expect(twice.close?.code).toBe(1000);
    expect(twice.replies).toHaveLength(2);
    expect(twice.replies[1]).toMatchObject({channel_subscription_confirmation: {status: 'ACTIVE'}});
    const notes = mock.frames.slice(before).filter((f) => f.direction === 'note');
    expect(notes.map((n) => n.text).join('\n')).toMatch(
      /not published: what the server does with a second subscribe_order_channel/,
    );
  });

  it('answers an order from the order: its reference, instrument, side and amount, executed in full', async () => {
    const order = (fields: Record<string, unknown>) => ({
      new_order: {order_ref: 'r2', order_type: 'MARKET', instrument: 'ETH-EUR/SP', side: 'SELL', ...fields},
    });
    const before = mock.frames.length;
    const leg1 = await exchange('/ws/orders', [subscribeOrders, order({amount: {leg_1_amount: '2'}})]);
    expect(leg1.replies[1]).toMatchObject({
      order_execution: {
        order_ref: 'r2',
        order_type: 'MARKET',
        instrument: 'ETH-EUR/SP',
        side: 'SELL',
        amount: {leg_1_amount: '2'},
        leg_1_executed_amount: '2',
      },
    });
    // The counter leg is the amount at the reply's own price, to the counter leg precision asked for.
    const leg2 = await exchange('/ws/orders', [
      subscribeOrders,
      order({amount: {leg_2_amount: '10000.00'}, counter_leg_precision: 8}),
    ]);
    const execution = (leg2.replies[1] as {order_execution: Record<string, string>}).order_execution;
    expect(execution).toMatchObject({amount: {leg_2_amount: '10000.00'}, leg_2_executed_amount: '10000.00'});
    expect(execution.leg_1_executed_amount).toMatch(/^\d+\.\d{8}$/);
    const implied = Number(execution.leg_1_executed_amount) * Number(execution.execution_price);
    expect(Math.abs(implied - 10000)).toBeLessThan(0.01);
    const notes = mock.frames
      .slice(before)
      .filter((f) => f.direction === 'note')
      .map((f) => f.text)
      .join('\n');
    expect(notes).toMatch(/not published: which of order_execution or order_status answers this new_order/);
    expect(notes).toMatch(/not published: the price/);
    // Every reply is a valid message of the channel.
    for (const reply of [...leg1.replies, ...leg2.replies])
      expect(validReply(reply), JSON.stringify(reply)).toEqual([]);
  });

  it('confirms a subscription with its own heartbeat interval, or the default when it was left out', async () => {
    const given = await exchange('/ws/orders', [
      {subscribe_order_channel: {channel: 'orders', heartbeat_interval: 7}},
    ]);
    expect(given.replies[0]).toMatchObject({channel_subscription_confirmation: {heartbeat_interval: 7}});
    const left = await exchange('/ws/orders', [{subscribe_order_channel: {channel: 'orders'}}]);
    expect(left.replies[0]).toMatchObject({channel_subscription_confirmation: {heartbeat_interval: 0}});
  });

  it('sends prices for the instruments subscribed, under their subscription ids', async () => {
    const {replies} = await exchange('/ws/prices', [
      {subscribe_price_channel: {channel: 'prices'}},
      {
        subscribe_instruments: {
          channel: 'prices',
          subscriptions: [
            {subscription_id: 'a', instrument: 'LTC-EUR'},
            {subscription_id: 'b', instrument: 'BTC-EUR', mergeable: false},
          ],
        },
      },
    ]);
    const update = (replies[1] as {price_update: {update_list: Record<string, unknown>[]}}).price_update;
    expect(update.update_list.map((e) => [e.subscription_id, e.instrument])).toEqual([
      ['a', 'LTC-EUR'],
      ['b', 'BTC-EUR'],
    ]);
    expect(update.update_list[1]).toMatchObject({merged: false});
    expect(update.update_list[1]).not.toHaveProperty('first_ts');
    for (const reply of replies) expect(validReply(reply), JSON.stringify(reply)).toEqual([]);
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

describe("the WebSocket mock's validators", () => {
  /** A payload in OpenAPI 3.0's dialect (a multi-format schema), with a nullable and a read-only field. */
  const small = {
    asyncapi: '3.0.0',
    info: {title: 'Things', version: '1.0.0'},
    channels: {
      things: {
        address: '/ws/things',
        messages: {
          put_thing: {
            payload: {
              schemaFormat: 'application/vnd.oai.openapi;version=3.0.0',
              schema: {
                type: 'object',
                required: ['id', 'name'],
                properties: {id: {type: 'string', readOnly: true}, name: {type: 'string', nullable: true}},
              },
            },
          },
        },
      },
    },
    operations: {
      putThing: {
        action: 'receive',
        channel: {$ref: '#/channels/things'},
        messages: [{$ref: '#/channels/things/messages/put_thing'}],
      },
    },
  } as unknown as Json;

  it("read a payload as the reader's validators and the build's example check do (its dialect; read-only not asked of the sender)", () => {
    const [channel] = wsRules(small).rules;
    const accepted = channel?.accepted.find((a) => a.name === 'put_thing');
    expect(accepted).toBeDefined();
    // OpenAPI 3.0's `nullable` holds, and the read-only `id` is the server's to send.
    expect(accepted?.validate({name: null})).toBe(true);
    expect(accepted?.validate({name: 'lamp'})).toBe(true);
    expect(accepted?.validate({name: 1})).toBe(false);
    expect(accepted?.validate({})).toBe(false);
  });
});
