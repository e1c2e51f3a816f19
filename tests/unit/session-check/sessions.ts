/**
 * Small recorded sessions for the checker's tests, written as a reader's client would record
 * them: transcript lines (one JSON object a line) and HAR entries, with payloads shaped like the
 * documents' own examples (specs/asyncapi.yaml, tests/fixtures/session/clean.jsonl).
 */
import {checkCapture, type Report} from '@site/plugins/session-check/client/check';
import {readCapture} from '@site/plugins/session-check/client/read';
import type {CheckEnvironment} from '@site/plugins/session-check/client/types';
import {sessionChecker} from './helpers';

export const PRICES = 'wss://api.example.com/ws/prices';
export const ORDERS = 'wss://api.example.com/ws/orders';
/** The trades channel's address is not published: a connection to it is read by its subscription. */
export const TRADES = 'wss://api.example.com/ws/trades';

/** One transcript line: seconds, direction, URL and the frame (an object is written as JSON). */
export type Line = [t: number, dir: 'send' | 'receive', url: string, data: unknown];

export function transcript(...lines: Line[]): string {
  return lines
    .map(([t, dir, url, data]) =>
      JSON.stringify({t, dir, url, data: typeof data === 'string' ? data : JSON.stringify(data)}),
    )
    .join('\n');
}

/** A capture (transcript or HAR text) judged against the product's documents, or against `env`. */
export async function judge(text: string, env?: CheckEnvironment): Promise<Report> {
  return checkCapture(await readCapture(text), env ?? (await sessionChecker()));
}

export const header = (channel: string): {channel: string; timestamp: string} => ({
  channel,
  timestamp: '2025-06-02T08:00:00.123456Z',
});

export const subscribePrices = (heartbeat?: number): object => ({
  subscribe_price_channel: {
    channel: 'prices',
    ...(heartbeat !== undefined ? {heartbeat_interval: heartbeat} : {}),
  },
});

export const subscribeOrders = (heartbeat?: number): object => ({
  subscribe_order_channel: {
    channel: 'orders',
    ...(heartbeat !== undefined ? {heartbeat_interval: heartbeat} : {}),
  },
});

export const confirmation = (channel: string, heartbeat = 0): object => ({
  channel_subscription_confirmation: {
    header: header(channel),
    status: 'ACTIVE',
    heartbeat_interval: heartbeat,
  },
});

export const heartbeat = (channel: string): object => ({heartbeat: {header: header(channel)}});

export const unsubscribeChannel = (channel: string): object => ({unsubscribe_channel: {channel}});

export const subscribeInstruments = (...subscriptions: [id: string, instrument: string][]): object => ({
  subscribe_instruments: {
    channel: 'prices',
    subscriptions: subscriptions.map(([subscription_id, instrument]) => ({
      subscription_id,
      instrument,
      mergeable: false,
    })),
  },
});

export const unsubscribeInstruments = (...ids: string[]): object => ({
  unsubscribe_instruments: {channel: 'prices', subscription_ids: ids},
});

/** A price update entry as the documents' example gives one for an unavailable instrument. */
export const update = (subscription: string, instrument?: string): object => ({
  subscription_id: subscription,
  ...(instrument !== undefined ? {instrument} : {}),
  status: 'UNAVAILABLE',
  update_ts: '2025-06-02T08:00:02.651000Z',
  merged: false,
  levels: [],
});

export const priceUpdate = (...entries: object[]): object => ({
  price_update: {header: header('prices'), update_list: entries},
});

export const newOrder = (ref: string): object => ({
  new_order: {
    order_ref: ref,
    order_type: 'MARKET',
    instrument: 'BTC-EUR',
    side: 'BUY',
    amount: {leg_1_amount: '0.5'},
  },
});

export const orderStatus = (id: string, ref: string, status: string): object => ({
  order_status: {
    header: header('orders'),
    order_id: id,
    order_ref: ref,
    order_type: 'MARKET',
    instrument: 'BTC-EUR',
    side: 'BUY',
    amount: {leg_1_amount: '0.5'},
    order_status: status,
  },
});

export const orderExecution = (id: string, ref: string): object => ({
  order_execution: {
    header: header('orders'),
    order_id: id,
    trade_id: 'TRD-19b4e0',
    order_ref: ref,
    order_type: 'MARKET',
    instrument: 'BTC-EUR',
    side: 'BUY',
    amount: {leg_1_amount: '0.5'},
    order_status: 'DONE',
    leg_1_executed_amount: '0.5',
    leg_2_executed_amount: '30625.12',
    execution_price: '61250.24',
  },
});

export const subscribeTrades = (seq: number): object => ({
  subscribe_trade_channel: {channel: 'trades', seq_number: seq},
});

/** A trade as specs/asyncapi.yaml's example gives it, with its sequence number. */
export const trade = (seq: number): object => ({
  trade: {
    trade_id: 'TRD-19b4e0',
    seq_number: seq,
    order_id: 'ORD-7f3a2c',
    order_ref: 'my-order-0001',
    req_header: {req_id: 'req-0001'},
    order: {
      instrument: 'BTC-EUR',
      order_type: 'MARKET',
      side: 'BUY',
      amount: {leg_1_amount: '0.5'},
      order_status: 'DONE',
      arrived_at: '2025-06-02T08:00:59.998000Z',
    },
    trade: {
      leg_1_executed_amount: '0.5',
      leg_2_executed_amount: '30625.12',
      execution_price: '61250.24',
      executed_at: '2025-06-02T08:01:00.000400Z',
      leg_1_status: 'SETTLED',
      leg_2_status: 'PENDING',
    },
    history_done: true,
  },
});
