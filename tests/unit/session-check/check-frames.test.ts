/**
 * How each frame is placed and named, on the edges the fixtures do not reach: a connection whose
 * URL cannot be read or names no channel, a frame that is no JSON object, a server frame that is
 * a client message, a frame carrying two messages' envelopes, field links that fall back to a
 * shorter anchor, and a message whose validator could not be made. Judged against the product's
 * documents, or a copy of their session model changed as a document could change it.
 */
import {describe, expect, it} from 'vitest';
import {checkCapture} from '@site/plugins/session-check/client/check';
import {readCapture} from '@site/plugins/session-check/client/read';
import {failureLines} from '@site/plugins/session-check/client/report';
import type {WordedProblem} from '@site/plugins/session-check/client/types';
import {sessionChecker} from './helpers';
import {
  header,
  heartbeat,
  judge,
  ORDERS,
  orderExecution,
  orderStatus,
  subscribeOrders,
  subscribeTrades,
  transcript,
} from './sessions';

const NEWS = 'wss://api.example.com/ws/news';
const UNPUBLISHED =
  'none of the documented channel addresses (/ws/prices, /ws/orders, trades: not published)';

describe('placing connections', () => {
  it('a URL that cannot be read, one on no channel, and ws: on a documented host are told apart', async () => {
    const report = await judge(
      transcript(
        [1, 'send', 'wss://api example.com/ws/orders', subscribeOrders()],
        // Only the server speaks: there is no first client frame to read the channel by.
        [2, 'receive', NEWS, heartbeat('news')],
        // The first client frame is not JSON: no channel is read from it.
        [3, 'send', 'wss://api.example.com/ws/other', 'hello'],
        [4, 'send', 'ws://api.example.com/ws/orders', subscribeOrders()],
      ),
    );
    expect(report.connections.map((c) => [c.channel, c.server, c.channelNote])).toEqual([
      [null, null, 'its URL cannot be read'],
      [null, 'production', `/ws/news is ${UNPUBLISHED}`],
      [null, 'production', `/ws/other is ${UNPUBLISHED}`],
      // The channel is found by its path; the server by host and protocol, and the documents say wss.
      ['orders', null, undefined],
    ]);
    expect(report.frames.map((f) => f.status)).toEqual(['unchecked', 'unchecked', 'unchecked', 'valid']);
    expect(failureLines(report)[0]).toBe(
      'connection 1 (transcript line 1) wss://api example.com/ws/orders: not checked, its URL cannot be read',
    );
    expect(report.ok).toBe(false);
  });

  it('an unpublished address is not guessed when the first frame subscribes more than one such channel', async () => {
    const checker = await sessionChecker();
    const model = structuredClone(checker.model);
    const trades = model.channels.find((c) => c.key === 'trades');
    if (trades === undefined) throw new Error('no trades channel');
    model.channels.push({...structuredClone(trades), key: 'trades-replay', anchor: 'channel-trades-replay'});
    const text = transcript([1, 'send', 'wss://api.example.com/ws/trades', subscribeTrades(0)]);
    const alone = await judge(text);
    expect(alone.connections[0]?.channel).toBe('trades');
    const twice = await judge(text, {...checker, model});
    expect(twice.connections[0]?.channel).toBeNull();
    expect(twice.connections[0]?.channelNote).toContain(
      'trades: not published, trades-replay: not published',
    );
  });

  it('a server of the model without a protocol is the server for ws: and wss: alike', async () => {
    const checker = await sessionChecker();
    const model = structuredClone(checker.model);
    model.wsServers.push({name: 'sandbox', host: 'sandbox.example.com', protocol: ''});
    const report = await judge(
      transcript(
        [1, 'send', 'ws://sandbox.example.com/ws/orders', subscribeOrders()],
        [2, 'send', 'wss://sandbox.example.com/ws/prices', {subscribe_price_channel: {channel: 'prices'}}],
      ),
      {...checker, model},
    );
    expect(report.connections.map((c) => [c.channel, c.server])).toEqual([
      ['orders', 'sandbox'],
      ['prices', 'sandbox'],
    ]);
  });
  it('a server host and a channel address with {variables} place a connection whatever the values', async () => {
    const checker = await sessionChecker();
    const model = structuredClone(checker.model);
    model.wsServers.push({name: 'regional', host: '{region}.example.com:{port}', protocol: 'wss'});
    const orders = model.channels.find((c) => c.key === 'orders');
    if (orders === undefined) throw new Error('no orders channel');
    orders.address = '/ws/{account}/orders';
    const report = await judge(
      transcript(
        [1, 'send', 'wss://eu.example.com:8443/ws/acc-1/orders', subscribeOrders()],
        // A parameter is one segment: two do not match it.
        [2, 'send', 'wss://eu.example.com:8443/ws/a/b/orders', subscribeOrders()],
        // The written-out addresses still match first.
        [3, 'send', 'wss://api.example.com/ws/prices', {subscribe_price_channel: {channel: 'prices'}}],
      ),
      {...checker, model},
    );
    expect(report.connections.map((c) => [c.channel, c.server])).toEqual([
      ['orders', 'regional'],
      [null, 'regional'],
      ['prices', 'production'],
    ]);
    expect(report.connections[1]?.channelNote).toContain(
      '/ws/a/b/orders is none of the documented channel addresses',
    );
  });
});

describe('naming frames', () => {
  it('JSON that is no object, a client message from the server and an unknown server frame fail with their reason', async () => {
    const report = await judge(
      transcript(
        [1, 'send', ORDERS, subscribeOrders()],
        [2, 'send', ORDERS, '[]'],
        [3, 'send', ORDERS, '42'],
        [4, 'receive', ORDERS, subscribeOrders()],
        [5, 'receive', ORDERS, {order_update: {}}],
        [6, 'receive', ORDERS, '{"heartbeat":'],
        // A body that is no object: judged as the message its envelope names, and failing.
        [7, 'receive', ORDERS, {heartbeat: 1}],
      ),
    );
    expect(
      report.frames.slice(0, 5).map((f) => [f.status, f.message ?? null, f.problems.map((p) => p.message)]),
    ).toEqual([
      ['valid', 'subscribe_order_channel', []],
      [
        'unknown',
        null,
        [
          'is none of the messages the client sends on orders (subscribe_order_channel, unsubscribe_channel, new_order)',
        ],
      ],
      [
        'unknown',
        null,
        [
          'is none of the messages the client sends on orders (subscribe_order_channel, unsubscribe_channel, new_order)',
        ],
      ],
      [
        'invalid',
        'subscribe_order_channel',
        ['subscribe_order_channel is a message the client sends, but this frame was sent by the server'],
      ],
      [
        'unknown',
        null,
        [
          'is none of the messages the server sends on orders (channel_subscription_confirmation, channel_subscription_error, heartbeat, order_execution, order_status)',
        ],
      ],
    ]);
    expect(report.frames.slice(5).map((f) => [f.status, f.message])).toEqual([
      ['not-json', undefined],
      ['invalid', 'heartbeat'],
    ]);
    expect(report.connections[0]).toMatchObject({sent: 3, received: 4, failingFrames: 6});
    // The command's lines: the channel's link for an unknown frame, none for text that is not JSON.
    const lines = failureLines(report);
    expect(lines[0]).toBe(
      'connection 1, line 2: is none of the messages the client sends on orders (subscribe_order_channel, unsubscribe_channel, new_order) [/docs/ws#channel-orders]',
    );
    expect(lines[4]).toMatch(/^connection 1, line 6: is not JSON \(.+\)$/);
    expect(lines[5]).toBe(
      'connection 1, line 7: heartbeat: /heartbeat must be an object (it is an integer) (value 1) [/docs/ws#heartbeat.heartbeat]',
    );
  });

  it('a frame with two messages’ envelopes is judged as the one it comes closest to, whichever is listed first', async () => {
    const report = await judge(
      transcript(
        [1, 'send', ORDERS, subscribeOrders()],
        [2, 'receive', ORDERS, {order_execution: {}, ...orderStatus('ORD-1', 'ref-1', 'DONE')}],
        [3, 'receive', ORDERS, {...orderExecution('ORD-2', 'ref-2'), order_status: {}}],
      ),
    );
    // Each one's single fault: the other envelope, which has no anchor of its own there.
    expect(report.frames.slice(1).map((f) => [f.status, f.message, f.link, f.problems])).toEqual([
      [
        'invalid',
        'order_status',
        '/docs/ws#order_status',
        [
          {
            pointer: '/order_execution',
            message: 'is not an allowed property here (allowed: order_status)',
            value: '{}',
            link: '/docs/ws#order_status',
          },
        ],
      ],
      [
        'invalid',
        'order_execution',
        '/docs/ws#order_execution',
        [
          {
            pointer: '/order_status',
            message: 'is not an allowed property here (allowed: order_execution)',
            value: '{}',
            link: '/docs/ws#order_execution',
          },
        ],
      ],
    ]);
  });

  it('a field with no anchor of its own links to the deepest one the page has, or to the message', async () => {
    const frames = transcript(
      [1, 'send', ORDERS, subscribeOrders()],
      [2, 'receive', ORDERS, {heartbeat: {header: header('orders'), extra: 1}}],
    );
    const linked = await judge(frames);
    expect(linked.frames[1]?.problems[0]).toMatchObject({
      pointer: '/heartbeat/extra',
      link: '/docs/ws#heartbeat.heartbeat',
    });
    const checker = await sessionChecker();
    const bare = await judge(frames, {...checker, model: {...checker.model, wsAnchors: []}});
    expect(bare.frames[1]?.problems[0]?.link).toBe('/docs/ws#heartbeat');
  });

  it('folded details are shown after the problem, three at most; a problem on the whole payload links to the message', async () => {
    const checker = await sessionChecker();
    const detail = (pointer: string, message: string): WordedProblem => ({
      pointer,
      message,
      value: null,
      details: [],
    });
    const describe = (): WordedProblem[] => [
      {
        pointer: '',
        message: 'must match one of its forms',
        value: null,
        details: [
          detail('', 'one'),
          detail('/heartbeat', 'two'),
          detail('/heartbeat/x', 'three'),
          detail('', 'four'),
        ],
      },
    ];
    const report = await judge(
      transcript([1, 'send', ORDERS, subscribeOrders()], [2, 'receive', ORDERS, {heartbeat: {extra: 1}}]),
      {...checker, describe},
    );
    expect(report.frames[1]?.problems).toEqual([
      {
        pointer: '',
        message: 'must match one of its forms (/ one; /heartbeat two; /heartbeat/x three)',
        value: null,
        link: '/docs/ws#heartbeat',
      },
    ]);
  });

  it('a message whose validator could not be made fails as such, never passes', async () => {
    const checker = await sessionChecker();
    const asked: string[] = [];
    const validator = (target: string): ReturnType<typeof checker.validator> => {
      asked.push(target);
      return target === 'ws:heartbeat' ? undefined : checker.validator(target);
    };
    const report = await judge(
      transcript(
        [1, 'send', ORDERS, subscribeOrders()],
        [2, 'receive', ORDERS, heartbeat('orders')],
        [3, 'receive', ORDERS, heartbeat('orders')],
      ),
      {...checker, validator},
    );
    expect(report.frames.slice(1).map((f) => [f.status, f.message, f.problems])).toEqual([
      [
        'invalid',
        'heartbeat',
        [{pointer: '', message: 'no validator could be made for heartbeat', value: null}],
      ],
      [
        'invalid',
        'heartbeat',
        [{pointer: '', message: 'no validator could be made for heartbeat', value: null}],
      ],
    ]);
    // Asked once, however many frames: a missing validator is remembered too.
    expect(asked.filter((t) => t === 'ws:heartbeat')).toEqual(['ws:heartbeat']);
    expect(failureLines(report)[0]).toBe(
      'connection 1, line 2: heartbeat: no validator could be made for heartbeat [/docs/ws#heartbeat]',
    );
  });
});

describe('progress', () => {
  it('is reported every 2,000 frames and once at the end', async () => {
    const lines = Array.from({length: 2001}, (_, i) =>
      JSON.stringify({t: i, dir: 'send', url: NEWS, data: '{}'}),
    );
    const calls: [number, number][] = [];
    const checker = await sessionChecker();
    checkCapture(await readCapture(lines.join('\n')), {
      ...checker,
      progress: (done, total) => calls.push([done, total]),
    });
    expect(calls).toEqual([
      [2000, 2001],
      [2001, 2001],
    ]);
  });
});
