/**
 * The report in words (plugins/session-check/client/report.ts): the command's failure and summary
 * lines and the Markdown download, for the fixtures' reports (failing REST calls, binary frames,
 * error entries, heartbeats on and off) and for what the table cells must survive (a `|` in a
 * URL). No credential can reach them: the capture's token is checked for in every output.
 */
import {describe, expect, it} from 'vitest';
import type {Report} from '@site/plugins/session-check/client/check';
import {failureLines, reportMarkdown, summaryLines} from '@site/plugins/session-check/client/report';
import {checkFixture} from './helpers';
import {confirmation, heartbeat, judge, newOrder, PRICES, subscribePrices} from './sessions';

describe('failure lines', () => {
  it('a failing call is one line: method, URL, status, each part’s problems and the operation’s link', async () => {
    const lines = failureLines(await checkFixture('rest.har'));
    expect(lines).toEqual([
      'call 2 (HAR entry 2) GET https://api.preprod.example.com/api/orders?limit=10 → 200: query: must have the required property "from_datetime" (value {"limit":10}); query: must have the required property "to_datetime" (value {"limit":10}) [/rest#listOrders]',
      'call 3 (HAR entry 3) GET https://api.preprod.example.com/api/v1/riskfigures/report → 200: response /exposure_in_eur: must be a number (it is a string) (value "1250000.5") [/rest#getRiskFigures]',
      // No operation has this method: no link.
      'call 5 (HAR entry 5) DELETE https://api.preprod.example.com/api/instruments → 200: path: the documents have no DELETE /api/instruments (they have GET)',
    ]);
  });

  it('a finding is placed by what it has, and a rule the report does not list is named by its id', async () => {
    const report = await checkFixture('missing-reply.jsonl');
    const edited: Report = {
      ...report,
      findings: [{rule: 'seq-start', source: 'line 3', message: 'delivery started after 1024'}],
      rules: report.rules.filter((r) => r.id !== 'seq-start'),
    };
    expect(failureLines(edited).at(-1)).toBe('line 3: rule "seq-start" broken: delivery started after 1024');
  });
});

describe('summary lines', () => {
  it('count binary frames and error entries, and say when no heartbeats were asked', async () => {
    expect(summaryLines(await checkFixture('mitmproxy-binary.zhar'))).toEqual([
      'connection 1 wss://api.preprod.example.com/ws/orders (orders): 2 sent, 3 received, 1 binary, 0 failing, 0 broken rules, 0 sequence gaps, longest silence 0.6 s, no heartbeats asked',
    ]);
    const withError = summaryLines(await checkFixture('authorization.har'));
    expect(withError[0]).toMatch(/\(orders\): 2 sent, 2 received, 1 error, 0 failing,/);
    expect(withError.join('\n')).not.toContain('eyJhbGciOiJIUzI1NiJ9');
  });

  it('give the longest gap between heartbeats against the interval, and how a channel was found', async () => {
    expect(summaryLines(await checkFixture('sequence-wrap.jsonl'))).toEqual([
      'connection 1 wss://api.preprod.example.com/ws/trades (trades): 1 sent, 6 received, 0 failing, 0 broken rules, 0 sequence gaps, longest silence 16 s, longest gap between heartbeats 19.9 s against 30 s (the provider does not publish the trades channel’s address; the connection is read as trades because its first frame is subscribe_trade_channel)',
    ]);
  });

  it('say “none measured” when heartbeats were asked but no two frames had times', async () => {
    const frames = [subscribePrices(5), confirmation('prices', 5), heartbeat('prices')];
    const har = {
      log: {
        entries: [
          {
            request: {url: PRICES},
            _webSocketMessages: frames.map((f, i) => ({
              type: i === 0 ? 'send' : 'receive',
              data: JSON.stringify(f),
            })),
          },
        ],
      },
    };
    expect(summaryLines(await judge(JSON.stringify(har)))).toEqual([
      `connection 1 ${PRICES} (prices): 1 sent, 2 received, 0 failing, 0 broken rules, 0 sequence gaps, longest gap between heartbeats none measured against 5 s`,
    ]);
  });
});

describe('the Markdown report', () => {
  it('a session that holds: the verdict, “None.” under failures, every checked rule “holds”, readings quoted', async () => {
    const markdown = reportMarkdown(await checkFixture('sequence-wrap.jsonl'), 'Trades replay');
    expect(markdown.split('\n').slice(0, 5)).toEqual([
      '# Trades replay',
      '',
      'Every frame, call and checked rule holds.',
      '',
      'Format: transcript. Credentials redacted on load: 0.',
    ]);
    expect(markdown).toContain(
      '| 1 | wss://api.preprod.example.com/ws/trades | trades | 1 | 6 | 0 | 0 | 0 | 16 s | 30 s | 19.9 s |',
    );
    expect(markdown).toContain('## Failures\n\nNone.\n');
    expect(markdown).toContain(
      '- **seq_number continues from one trade to the next, wrapping to 0 after 999999999999999**: holds. specs/asyncapi.yaml, /channels/trades/description: “Sequence numbers run from 0 to 999999999999999 and then wrap to 0.” Reading: That each trade',
    );
  });

  it('a failing session: counts of broken rules, heartbeats off, no times as dashes, a | in a cell escaped', async () => {
    const url = 'wss://api.example.com/ws/orders?desk=a|b';
    const line = (data: object): string =>
      JSON.stringify({t: 1, dir: 'send', url, data: JSON.stringify(data)});
    const report = await judge(
      [
        line(newOrder('r-1')),
        line({subscribe_order_channel: {channel: 'orders'}}),
        line({subscribe_order_channel: {channel: 'orders'}}),
        line({subscribe_order_channel: {channel: 'orders'}}),
      ].join('\n'),
    );
    const markdown = reportMarkdown(report);
    expect(markdown).toContain('Some frames, calls or rules fail.');
    expect(markdown).toContain(
      '| 1 | wss://api.example.com/ws/orders?desk=a\\|b | orders | 4 | 0 | 0 | 4 | 0 | – | off | – |',
    );
    expect(markdown).toContain('- **One subscription per channel per connection**: broken 2 times.');
    expect(markdown).toContain(
      '- connection 1, line 3: rule "One subscription per channel per connection" broken: a second subscribe_order_channel: one subscription per channel per connection [/docs/websockets#one-subscription-per-channel-per-connection]',
    );
  });

  it('a rule broken once says once', async () => {
    const url = 'wss://api.example.com/ws/orders';
    const line = (data: object): string =>
      JSON.stringify({t: 1, dir: 'send', url, data: JSON.stringify(data)});
    const report = await judge(
      [
        line({subscribe_order_channel: {channel: 'orders'}}),
        line({subscribe_order_channel: {channel: 'orders'}}),
      ].join('\n'),
    );
    expect(reportMarkdown(report)).toContain(
      '- **One subscription per channel per connection**: broken once.',
    );
  });

  it('a connection on no channel shows why in its row', async () => {
    const report = await judge(
      JSON.stringify({t: 1, dir: 'send', url: 'wss://api.example.com/ws/news', data: '{}'}),
    );
    const why =
      '/ws/news is none of the documented channel addresses (/ws/prices, /ws/orders, trades: not published)';
    expect(summaryLines(report)).toEqual([
      `connection 1 wss://api.example.com/ws/news (no channel): 1 sent, 0 received, 0 failing, 0 broken rules, 0 sequence gaps (${why})`,
    ]);
    expect(reportMarkdown(report)).toContain(
      '| 1 | wss://api.example.com/ws/news | none: /ws/news is none of the documented channel addresses (/ws/prices, /ws/orders, trades: not published) | 1 | 0 | 0 | 0 | 0 | – | – | – |',
    );
  });
});
