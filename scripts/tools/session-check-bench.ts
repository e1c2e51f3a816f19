/**
 * A figure for the session checker at scale (never pass/fail): a transcript of 100,000 frames
 * (`--frames N`), mostly price updates from the document's example with heartbeats every 30 s,
 * read and checked in this process as `npm run session-check` does. Prints the size, the time to
 * load the documents and validators, to read, and to check, and writes the transcript to
 * `.tmp/session-check-bench.jsonl` (`--keep`) for the browser figure.
 *
 *   npx jiti scripts/tools/session-check-bench.ts [--frames 100000] [--keep]
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {checkCapture} from '../../plugins/session-check/client/check';
import {readCapture} from '../../plugins/session-check/client/read';
import {nodeChecker} from './session-check';

const ROOT = path.resolve(__dirname, '../..');
const URL_PRICES = 'wss://api.preprod.example.com/ws/prices';

/** A transcript of `frames` frames on the price channel that holds every rule. */
export function benchTranscript(frames: number): string {
  const lines: string[] = [];
  const line = (t: number, dir: 'send' | 'receive', value: unknown): void => {
    lines.push(JSON.stringify({t, dir, url: URL_PRICES, data: JSON.stringify(value)}));
  };
  const header = {channel: 'prices', timestamp: '2025-06-02T08:00:02.654321Z'};
  const update = {
    price_update: {
      header,
      update_list: [
        {
          subscription_id: 'btc-eur-1',
          instrument: 'BTC-EUR',
          status: 'ACTUAL',
          update_ts: '2025-06-02T08:00:02.650000Z',
          merged: true,
          first_ts: '2025-06-02T08:00:02.150000Z',
          levels: [
            {quantity: '0.5', buy_price: '61250.25', sell_price: '61210.75'},
            {quantity: '2', buy_price: '61262.10', sell_price: '61198.40'},
            {quantity: '5', buy_price: '61270.00', sell_price: '61190.00'},
          ],
        },
      ],
    },
  };
  const t0 = 1780000000;
  line(t0, 'send', {subscribe_price_channel: {channel: 'prices', heartbeat_interval: 30}});
  line(t0 + 0.01, 'receive', {
    channel_subscription_confirmation: {header, status: 'ACTIVE', heartbeat_interval: 30},
  });
  line(t0 + 0.02, 'send', {
    subscribe_instruments: {
      channel: 'prices',
      subscriptions: [{subscription_id: 'btc-eur-1', instrument: 'BTC-EUR'}],
    },
  });
  for (let i = 3; i < frames; i++) {
    const t = t0 + i * 0.01;
    if (i % 2500 === 0) line(t, 'receive', {heartbeat: {header}});
    else line(t, 'receive', update);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {frames: {type: 'string', default: '100000'}, keep: {type: 'boolean', default: false}},
  });
  const frames = Number(values.frames);
  const text = benchTranscript(frames);
  if (values.keep) {
    mkdirSync(path.join(ROOT, '.tmp'), {recursive: true});
    writeFileSync(path.join(ROOT, '.tmp/session-check-bench.jsonl'), text);
  }
  const bytes = new TextEncoder().encode(text);
  let started = performance.now();
  const checker = await nodeChecker();
  const load = performance.now() - started;
  started = performance.now();
  const capture = await readCapture(bytes);
  const read = performance.now() - started;
  started = performance.now();
  const report = checkCapture(capture, checker);
  const check = performance.now() - started;
  const mb = (bytes.length / 1e6).toFixed(1);
  process.stdout.write(
    `session-check: ${frames} frames (${mb} MB): documents and validators ${Math.round(load)} ms, read ${Math.round(read)} ms, check ${Math.round(check)} ms, read+check ${Math.round(read + check)} ms; report ok: ${report.ok}\n`,
  );
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === __filename)
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  });
