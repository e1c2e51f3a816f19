/**
 * The session rules the fixtures do not break, each broken (or kept) by a short session against
 * the product's documents: what the reader is told, on which frame, under which rule, and how
 * many times. The fixtures' rules (subscribe-first, a missing reply, a gap, a late heartbeat)
 * are in checker.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {ruleById, type Report} from '@site/plugins/session-check/client/check';
import {failureLines} from '@site/plugins/session-check/client/report';
import type {RuleId} from '@site/plugins/session-check/client/rules';
import {sessionChecker} from './helpers';
import {
  confirmation,
  heartbeat,
  judge,
  newOrder,
  ORDERS,
  orderStatus,
  PRICES,
  priceUpdate,
  subscribeInstruments,
  subscribeOrders,
  subscribePrices,
  subscribeTrades,
  trade,
  TRADES,
  transcript,
  unsubscribeChannel,
  unsubscribeInstruments,
  update,
} from './sessions';

const findings = (report: Report): [string, number | undefined, string][] =>
  report.findings.map((f) => [f.rule, f.frame, f.message]);

describe('session rules over a connection', () => {
  it('an update for an instrument subscription after it was ended is reported, one finding per entry', async () => {
    const report = await judge(
      transcript(
        [1, 'send', PRICES, subscribePrices()],
        [2, 'receive', PRICES, confirmation('prices')],
        [3, 'send', PRICES, subscribeInstruments(['btc-eur-1', 'BTC-EUR'], ['eth-eur-spot', 'ETH-EUR/SP'])],
        [
          4,
          'receive',
          PRICES,
          priceUpdate(update('btc-eur-1', 'BTC-EUR'), update('eth-eur-spot', 'ETH-EUR/SP')),
        ],
        [5, 'send', PRICES, unsubscribeInstruments('btc-eur-1')],
        [
          6,
          'receive',
          PRICES,
          priceUpdate(update('btc-eur-1', 'BTC-EUR'), update('eth-eur-spot', 'ETH-EUR/SP')),
        ],
        // Subscribed again: its updates are welcome again.
        [7, 'send', PRICES, subscribeInstruments(['btc-eur-1', 'BTC-EUR'])],
        [8, 'receive', PRICES, priceUpdate(update('btc-eur-1', 'BTC-EUR'))],
        // The channel's unsubscription ends every instrument subscription with it.
        [9, 'send', PRICES, unsubscribeChannel('prices')],
        [10, 'receive', PRICES, priceUpdate(update('eth-eur-spot'), update('btc-eur-1', 'BTC-EUR'))],
      ),
    );
    expect(findings(report)).toEqual([
      [
        'no-updates-after-unsubscription',
        6,
        'price_update carries subscription btc-eur-1 (BTC-EUR) after it was ended',
      ],
      // An entry without its instrument is named by its subscription alone.
      [
        'no-updates-after-unsubscription',
        10,
        'price_update carries subscription eth-eur-spot after it was ended',
      ],
      [
        'no-updates-after-unsubscription',
        10,
        'price_update carries subscription btc-eur-1 (BTC-EUR) after it was ended',
      ],
    ]);
    expect(report.rules.find((r) => r.id === 'no-updates-after-unsubscription')?.broken).toBe(3);
    // The entry without an instrument also fails as a frame, at the missing field.
    expect(report.frames[9]).toMatchObject({status: 'invalid', message: 'price_update'});
    expect(report.frames[9]?.problems[0]?.pointer).toBe('/price_update/update_list/0');
    expect(report.connections[0]).toMatchObject({brokenRules: 3, failingFrames: 1, heartbeatInterval: 0});
    expect(report.ok).toBe(false);
  });

  it('a status after an order’s terminal status breaks terminal-status; a heartbeat while an order waits answers nothing', async () => {
    const report = await judge(
      transcript(
        [1, 'send', ORDERS, subscribeOrders()],
        [2, 'receive', ORDERS, confirmation('orders')],
        [3, 'send', ORDERS, newOrder('ref-1')],
        [4, 'receive', ORDERS, heartbeat('orders')],
        [5, 'receive', ORDERS, orderStatus('ORD-1', 'ref-1', 'DONE')],
        [6, 'receive', ORDERS, orderStatus('ORD-1', 'ref-1', 'OPEN')],
        [7, 'receive', ORDERS, orderStatus('ORD-1', 'ref-1', 'CANCELLED')],
        // Another order's statuses are its own.
        [8, 'send', ORDERS, newOrder('ref-2')],
        [9, 'receive', ORDERS, orderStatus('ORD-2', 'ref-2', 'OPEN')],
        [10, 'receive', ORDERS, orderStatus('ORD-2', 'ref-2', 'DONE')],
      ),
    );
    expect(report.frames.every((f) => f.status === 'valid')).toBe(true);
    expect(findings(report)).toEqual([
      ['terminal-status', 6, 'order ORD-1 is OPEN after the terminal status DONE'],
      ['terminal-status', 7, 'order ORD-1 is CANCELLED after the terminal status DONE'],
    ]);
  });

  it('a request without its correlation value fails as a frame, and waits for a reply by name, never for its value', async () => {
    const report = await judge(
      transcript(
        [1, 'send', ORDERS, subscribeOrders()],
        [2, 'receive', ORDERS, confirmation('orders')],
        [3, 'send', ORDERS, {new_order: 5}],
      ),
    );
    expect(report.frames.map((f) => f.status)).toEqual(['valid', 'valid', 'invalid']);
    const noReply = report.findings.filter((f) => f.rule === 'reply-for-request');
    expect(noReply.map((f) => [f.frame, f.message])).toEqual([
      [3, expect.stringMatching(/^new_order got no reply \(.+\) before the capture ended$/)],
    ]);
    expect(noReply[0]?.message).not.toContain('undefined');
  });

  it('a number after the last one before the wrap must be 0: any other is a gap, named as the documented wrap', async () => {
    const report = await judge(
      transcript(
        [1, 'send', TRADES, subscribeTrades(999999999999999)],
        [2, 'receive', TRADES, confirmation('trades')],
        [3, 'receive', TRADES, trade(999999999999999)],
        [4, 'receive', TRADES, trade(1)],
      ),
    );
    expect(findings(report)).toEqual([
      [
        'seq-continuity',
        4,
        'seq_number 1 follows 999999999999999; the next number is 0 (the documented wrap)',
      ],
    ]);
    expect(report.connections[0]?.sequenceGaps).toBe(1);
  });

  it('heartbeats are timed from the subscription’s confirmation, and a silence up to the unsubscription counts', async () => {
    const report = await judge(
      transcript(
        [100, 'send', PRICES, subscribePrices(10)],
        // Confirmed 5 s later: the first heartbeat is due 10 s (and a second's allowance) after this.
        [105, 'receive', PRICES, confirmation('prices', 10)],
        [116, 'receive', PRICES, heartbeat('prices')],
        [126, 'receive', PRICES, heartbeat('prices')],
        [150, 'send', PRICES, unsubscribeChannel('prices')],
        // After the unsubscription no heartbeat is owed: the end of the capture is no late one.
        [400, 'receive', PRICES, priceUpdate()],
      ),
    );
    expect(findings(report)).toEqual([
      [
        'heartbeat-interval',
        5,
        'the unsubscription came 24 s after the last heartbeat (or the confirmation); the subscription asked for one every 10 s',
      ],
    ]);
    expect(report.connections[0]).toMatchObject({
      heartbeatInterval: 10,
      longestHeartbeatGap: 24,
      longestSilence: 274,
    });
  });

  it('frames without times (a HAR that gives none) are not timed: no heartbeat is late, no gap is measured', async () => {
    const frames = [
      subscribePrices(1),
      confirmation('prices', 1),
      heartbeat('prices'),
      heartbeat('prices'),
      unsubscribeChannel('prices'),
    ];
    const har = {
      log: {
        entries: [
          {
            _resourceType: 'websocket',
            request: {url: PRICES},
            _webSocketMessages: frames.map((data, i) => ({
              type: i === 0 || i === 4 ? 'send' : 'receive',
              opcode: 1,
              data: JSON.stringify(data),
            })),
          },
        ],
      },
    };
    const report = await judge(JSON.stringify(har));
    expect(report.ok).toBe(true);
    expect(report.frames.map((f) => f.time)).toEqual([null, null, null, null, null]);
    expect(report.connections[0]).toMatchObject({
      heartbeatInterval: 1,
      longestHeartbeatGap: null,
      longestSilence: null,
    });
  });

  it('a silence from the last heartbeat to the end of the capture is late too, reported on no frame', async () => {
    const report = await judge(
      transcript(
        [0, 'send', PRICES, subscribePrices(10)],
        [1, 'receive', PRICES, confirmation('prices', 10)],
        [10, 'receive', PRICES, heartbeat('prices')],
        // The client's own frames do not stand in for heartbeats.
        [40, 'send', PRICES, subscribeInstruments(['btc-eur-1', 'BTC-EUR'])],
        [41, 'receive', PRICES, priceUpdate(update('btc-eur-1', 'BTC-EUR'))],
      ),
    );
    expect(report.findings).toEqual([
      {
        rule: 'heartbeat-interval',
        connection: 1,
        message:
          'the capture ended 31 s after the last heartbeat (or the confirmation); the subscription asked for one every 10 s',
      },
    ]);
    expect(failureLines(report)).toEqual([
      'connection 1: rule "Heartbeats every heartbeat_interval seconds, when the subscription asked for them" broken: the capture ended 31 s after the last heartbeat (or the confirmation); the subscription asked for one every 10 s [/docs/websockets#heartbeats]',
    ]);
  });

  it('a frame that fails is still read as the message its envelope names: its place in the session counts', async () => {
    const report = await judge(
      transcript(
        [1, 'send', PRICES, {subscribe_price_channel: 1}],
        [2, 'receive', PRICES, confirmation('prices')],
        [
          3,
          'send',
          PRICES,
          {
            subscribe_instruments: {
              channel: 'prices',
              subscriptions: [
                {subscription_id: 'btc-eur-1', instrument: 'BTC-EUR', mergeable: false},
                {instrument: 'ETH-EUR/SP'},
              ],
            },
          },
        ],
        [4, 'receive', PRICES, priceUpdate(update('btc-eur-1', 'BTC-EUR'))],
        // An id that is no text ends nothing.
        [5, 'send', PRICES, {unsubscribe_instruments: {channel: 'prices', subscription_ids: [7]}}],
        [6, 'receive', PRICES, priceUpdate(update('btc-eur-1', 'BTC-EUR'))],
        [7, 'send', PRICES, {unsubscribe_channel: 'prices'}],
        [8, 'receive', PRICES, priceUpdate(update('btc-eur-1', 'BTC-EUR'))],
        [9, 'send', PRICES, subscribeInstruments(['eth-eur-spot', 'ETH-EUR/SP'])],
      ),
    );
    expect(report.frames.filter((f) => f.status === 'invalid').map((f) => [f.index, f.message])).toEqual([
      [1, 'subscribe_price_channel'],
      [3, 'subscribe_instruments'],
      [5, 'unsubscribe_instruments'],
      [7, 'unsubscribe_channel'],
    ]);
    expect(findings(report)).toEqual([
      [
        'no-updates-after-unsubscription',
        8,
        'price_update carries subscription btc-eur-1 (BTC-EUR) after it was ended',
      ],
      [
        'subscribe-first',
        9,
        'subscribe_instruments before the channel subscription (subscribe_price_channel) was made',
      ],
    ]);
    // The subscription's body is no object: it asked for no heartbeats.
    expect(report.connections[0]?.heartbeatInterval).toBe(0);
  });

  it('a reply is matched by a correlation field inside a list, read by its index', async () => {
    const checker = await sessionChecker();
    const model = structuredClone(checker.model);
    const prices = model.channels.find((c) => c.key === 'prices');
    const request = prices?.messages.find((m) => m.name === 'subscribe_instruments');
    const reply = prices?.messages.find((m) => m.name === 'price_update');
    if (request === undefined || reply === undefined) throw new Error('no subscribe_instruments on prices');
    // As a document could declare: the first subscription's id, repeated in the first update entry.
    request.correlation = ['subscribe_instruments', 'subscriptions', '0', 'subscription_id'];
    reply.correlation = ['price_update', 'update_list', '0', 'subscription_id'];
    const report = await judge(
      transcript(
        [1, 'send', PRICES, subscribePrices()],
        [2, 'receive', PRICES, confirmation('prices')],
        [3, 'send', PRICES, subscribeInstruments(['btc-eur-1', 'BTC-EUR'])],
        [4, 'send', PRICES, subscribeInstruments(['eth-eur-spot', 'ETH-EUR/SP'])],
        [5, 'receive', PRICES, priceUpdate(update('eth-eur-spot', 'ETH-EUR/SP'))],
      ),
      {...checker, model},
    );
    expect(findings(report)).toEqual([
      [
        'reply-for-request',
        3,
        'subscribe_instruments got no reply (price_update or price_subscription_error) with its subscription_id btc-eur-1 before the capture ended',
      ],
    ]);
  });

  it('ruleById gives a rule with the place the documents state it, and refuses an id no rule has', () => {
    expect(ruleById('terminal-status').where).toMatchObject({
      file: 'specs/asyncapi.yaml',
      link: '/docs/websockets#order-status',
    });
    expect(ruleById('seq-start').checked).toBe(false);
    expect(() => ruleById('reply-in-time' as RuleId)).toThrow('no session rule reply-in-time');
  });
});
