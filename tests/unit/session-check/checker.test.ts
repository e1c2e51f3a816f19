/**
 * Each fixture (tests/fixtures/session/README.md) judged as the command and the page judge it:
 * what fails, where, in which words, and which rule.
 */
import {describe, expect, it} from 'vitest';
import {checkCapture, isFailingFrame} from '@site/plugins/session-check/client/check';
import {readCapture} from '@site/plugins/session-check/client/read';
import {failureLines, reportMarkdown, reportView} from '@site/plugins/session-check/client/report';
import {checkFixture, fixture, sessionChecker} from './helpers';

const brokenRules = (report: Awaited<ReturnType<typeof checkFixture>>): string[] =>
  report.findings.map((f) => f.rule);

describe('session checker on the fixtures', () => {
  it('a clean session from the documents’ examples holds: every frame identified and valid, every rule kept', async () => {
    const report = await checkFixture('clean.jsonl');
    expect(report.ok).toBe(true);
    expect(report.findings).toEqual([]);
    expect(report.frames.map((f) => [f.status, f.message])).toEqual([
      ['valid', 'subscribe_price_channel'],
      ['valid', 'channel_subscription_confirmation'],
      ['valid', 'subscribe_instruments'],
      ['valid', 'price_update'],
      ['valid', 'heartbeat'],
      ['valid', 'unsubscribe_instruments'],
      ['valid', 'heartbeat'],
      ['valid', 'unsubscribe_channel'],
      ['valid', 'subscribe_order_channel'],
      ['valid', 'channel_subscription_confirmation'],
      ['valid', 'new_order'],
      ['valid', 'order_execution'],
      ['valid', 'new_order'],
      ['valid', 'order_status'],
      ['valid', 'heartbeat'],
      ['valid', 'unsubscribe_channel'],
    ]);
    expect(
      report.connections.map((c) => [c.channel, c.server, c.sent, c.received, c.heartbeatInterval]),
    ).toEqual([
      ['prices', 'preproduction', 4, 4, 30],
      ['orders', 'preproduction', 4, 4, 60],
    ]);
    expect(failureLines(report)).toEqual([]);
  });

  it('a price written with a comma fails at its JSON pointer, with the reference’s rule and a link to the field', async () => {
    const report = await checkFixture('wrong-decimal.jsonl');
    expect(report.ok).toBe(false);
    const failing = report.frames.filter(isFailingFrame);
    expect(failing).toHaveLength(1);
    const frame = failing[0];
    expect(frame).toMatchObject({
      connection: 1,
      index: 4,
      source: 'line 4',
      message: 'price_update',
      status: 'invalid',
    });
    expect(frame?.problems).toHaveLength(1);
    expect(frame?.problems[0]).toMatchObject({
      pointer: '/price_update/update_list/0/levels/1/buy_price',
      value: '"61262,10"',
      link: '/docs/ws#price_update.price_update.update_list[].levels[].buy_price',
    });
    // The Decimal schema's own description: the words the reference shows for this field.
    expect(frame?.problems[0]?.message).toContain('decimal string: up to 19 integer digits');
  });

  it('an order sent before the channel subscription breaks the subscribe-first rule, named where the documents state it', async () => {
    const report = await checkFixture('order-before-subscription.jsonl');
    expect(brokenRules(report)).toEqual(['subscribe-first']);
    expect(report.findings[0]).toMatchObject({connection: 1, frame: 1, source: 'line 1'});
    expect(report.findings[0]?.message).toBe(
      'new_order before the channel subscription (subscribe_order_channel) was made',
    );
    expect(report.rules.find((r) => r.id === 'subscribe-first')?.where.link).toBe(
      '/docs/websockets#the-subscription-flow',
    );
    // The frame itself is a valid new_order: the fault is its place in the session.
    expect(report.frames.filter(isFailingFrame)).toEqual([]);
  });

  it('an order without an answer is found by its correlation field, the answered one is not', async () => {
    const report = await checkFixture('missing-reply.jsonl');
    expect(brokenRules(report)).toEqual(['reply-for-request']);
    expect(report.findings[0]).toMatchObject({frame: 5, source: 'line 5'});
    expect(report.findings[0]?.message).toContain('order_ref my-order-0002');
  });

  it('a sequence gap is reported; the documented wrap from 999999999999999 to 0 is not a gap', async () => {
    const gap = await checkFixture('sequence-gap.jsonl');
    expect(brokenRules(gap)).toEqual(['seq-continuity']);
    expect(gap.findings[0]?.message).toBe('seq_number 1027 follows 1025; the next number is 1026');
    expect(gap.connections[0]?.sequenceGaps).toBe(1);
    const wrap = await checkFixture('sequence-wrap.jsonl');
    expect(wrap.ok).toBe(true);
    expect(wrap.connections[0]?.sequenceGaps).toBe(0);
    // The trades channel's address is not published: the connection is read by its subscription, and says so.
    expect(wrap.connections[0]?.channel).toBe('trades');
    expect(wrap.connections[0]?.channelNote).toContain('does not publish the trades channel’s address');
  });

  it('a heartbeat 45 s after the last one, when 30 s were asked, is late; the longest gap is in the summary', async () => {
    const report = await checkFixture('late-heartbeat.jsonl');
    expect(brokenRules(report)).toEqual(['heartbeat-interval']);
    expect(report.findings[0]).toMatchObject({frame: 4});
    expect(report.connections[0]).toMatchObject({heartbeatInterval: 30, longestHeartbeatGap: 45});
  });

  it('a mitmproxy .zhar is decompressed; its binary frame is reported as binary, not judged as JSON', async () => {
    const report = await checkFixture('mitmproxy-binary.zhar');
    expect(report.format).toBe('zhar');
    const binary = report.frames.find((f) => f.status === 'binary');
    expect(binary).toMatchObject({index: 3, from: 'server', preview: 'binary frame of 5 bytes'});
    expect(report.connections[0]?.binary).toBe(1);
    expect(report.ok).toBe(true);
  });

  it('REST calls: method and path as the reference matches them, query, status and response body against their operation', async () => {
    const report = await checkFixture('rest.har');
    const verdicts = report.calls.map((c) => [c.operation ?? null, c.verdict, c.problems.map((p) => p.part)]);
    expect(verdicts).toEqual([
      ['listInstruments', 'valid', []],
      ['listOrders', 'invalid', ['query', 'query']],
      ['getRiskFigures', 'invalid', ['response']],
      // 418 is not listed, but the operation documents a default response.
      ['getBulkOrderStatus', 'valid', []],
      [null, 'invalid', ['path']],
      [null, 'unmatched', []],
    ]);
    expect(report.calls[1]?.problems[0]?.message).toContain('from_datetime');
    expect(report.calls[2]?.problems[0]).toMatchObject({
      pointer: '/exposure_in_eur',
      link: '/rest#getRiskFigures',
    });
  });

  it('a message of the wrong direction, a frame that is no message and one that is not JSON fail with their reason', async () => {
    const url = 'wss://api.example.com/ws/orders';
    const line = (t: number, dir: string, data: string): string => JSON.stringify({t, dir, url, data});
    const text = [
      line(1, 'send', '{"subscribe_order_channel":{"channel":"orders"}}'),
      line(
        2,
        'send',
        '{"heartbeat":{"header":{"channel":"orders","timestamp":"2025-06-02T08:00:30.000000Z"}}}',
      ),
      line(3, 'send', '{"cancel_order":{"order_id":"x"}}'),
      line(4, 'send', '{"new_order":'),
    ].join('\n');
    const report = checkCapture(await readCapture(text), await sessionChecker());
    expect(report.connections[0]?.server).toBe('production');
    expect(report.frames.map((f) => f.status)).toEqual(['valid', 'invalid', 'unknown', 'not-json']);
    expect(report.frames[1]?.problems[0]?.message).toBe(
      'heartbeat is a message the server sends, but this frame was sent by the client',
    );
    expect(report.frames[2]?.problems[0]?.message).toContain(
      'is none of the messages the client sends on orders',
    );
  });

  it('a frame that more than one message of its channel fits is reported as ambiguous, with every candidate', async () => {
    const checker = await sessionChecker();
    const model = structuredClone(checker.model);
    const orders = model.channels.find((c) => c.key === 'orders');
    const status = orders?.messages.find((m) => m.name === 'order_status');
    if (orders === undefined || status === undefined) throw new Error('no order_status on orders');
    // A second message with the same payload, as a document could declare.
    orders.messages.push({...status, name: 'order_status_again', anchor: 'order_status'});
    const report = checkCapture(await readCapture(fixture('clean.jsonl')), {...checker, model});
    const frame = report.frames.find((f) => f.message === 'order_status');
    expect(frame?.ambiguous).toEqual(['order_status', 'order_status_again']);
    expect(frame?.status).toBe('valid');
  });

  it('a URL on no documented channel is not checked and makes the report fail', async () => {
    const text = JSON.stringify({t: 1, dir: 'send', url: 'wss://api.example.com/ws/news', data: '{}'});
    const report = checkCapture(await readCapture(text), await sessionChecker());
    expect(report.connections[0]?.channel).toBeNull();
    expect(report.ok).toBe(false);
    expect(failureLines(report)[0]).toContain('/ws/news is none of the documented channel addresses');
  });

  it('the page’s view keeps the summary and the first frames and failing frames, with their counts', async () => {
    const report = await checkFixture('wrong-decimal.jsonl');
    const view = reportView(report, 2);
    expect(view.frames.map((f) => f.index)).toEqual([1, 2]);
    expect(view.failing.map((f) => f.index)).toEqual([4]);
    expect([view.frameCount, view.failingCount]).toEqual([8, 1]);
    expect(view.connections).toEqual(report.connections);
    expect(view).not.toHaveProperty('frames', report.frames);
  });

  it('the Markdown report lists connections, failures and every rule, unpublished ones as not checked', async () => {
    const markdown = reportMarkdown(await checkFixture('missing-reply.jsonl'));
    expect(markdown).toContain('| 1 | wss://api.preprod.example.com/ws/orders | orders | 4 | 2 | 0 | 1 |');
    expect(markdown).toContain('new_order got no reply');
    expect(markdown).toContain(
      '**What the server does with a second subscription**: not published; not checked.',
    );
  });
});
