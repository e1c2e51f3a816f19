/**
 * The session checker's command figure (never pass/fail): a transcript of 100,000 frames
 * (`--frames N`, about 50 MB), price updates of one to three levels whose prices and quantities
 * change from frame to frame, with heartbeats every 25 s, written to
 * `.tmp/session-check-bench.jsonl` (the browser figure, session-check-browser-bench.ts, reads it
 * too). Then:
 *   - the command as a reader runs it (`jiti scripts/tools/session-check.ts <file>`, a process of
 *     its own), with the prepared checker kept from an earlier run: wall time of each run and
 *     their median (`--runs N`, default 3); a first run prepares the checker if it is not kept;
 *   - in this process, where the time goes: reading the capture, then checking it.
 * `npm run bench` runs it after its other reports.
 *
 *   npx jiti scripts/tools/session-check-bench.ts [--frames 100000] [--runs 3]
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {checkCapture} from '../../plugins/session-check/client/check';
import {readCapture} from '../../plugins/session-check/client/read';
import {median} from '../bench/median';
import {runIfMain} from '../shared/main';
import {nodeChecker} from './session-check';

const ROOT = path.resolve(__dirname, '../..');
const URL_PRICES = 'wss://api.preprod.example.com/ws/prices';

/** Where the bench transcript is written (the browser figure reads it). */
export const BENCH_TRANSCRIPT = path.join(ROOT, '.tmp/session-check-bench.jsonl');

export const USAGE = `Usage: npx jiti scripts/tools/session-check-bench.ts [--frames N] [--runs N]

--frames N   frames in the transcript (default 100000, about 50 MB)
--runs N     runs of the command (default 3)
--help       prints this and measures nothing`;

/** A transcript of `frames` frames on the price channel that holds every rule. */
export function benchTranscript(frames: number): string {
  const lines: string[] = [];
  const line = (t: number, dir: 'send' | 'receive', value: unknown): void => {
    lines.push(JSON.stringify({t, dir, url: URL_PRICES, data: JSON.stringify(value)}));
  };
  const header = {channel: 'prices', timestamp: '2025-06-02T08:00:02.654321Z'};
  const decimal = (whole: number, cents: number): string =>
    `${whole}.${String(cents % 100).padStart(2, '0')}`;
  const update = (i: number): unknown => ({
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
          // One to three levels, prices moving with the frame.
          levels: Array.from({length: 1 + (i % 2) + (i % 5 === 0 ? 1 : 0)}, (_l, level) => ({
            quantity: decimal(level * 2 + 1, i),
            buy_price: decimal(61250 + ((i * 7) % 500) + level * 10, i + level),
            sell_price: decimal(61200 - ((i * 3) % 500) - level * 10, i * 3 + level),
          })),
        },
      ],
    },
  });
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
    else line(t, 'receive', update(i));
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the bench transcript of `frames` frames; returns its size in bytes. */
export function writeBenchTranscript(frames: number): number {
  const text = benchTranscript(frames);
  mkdirSync(path.dirname(BENCH_TRANSCRIPT), {recursive: true});
  writeFileSync(BENCH_TRANSCRIPT, text);
  return Buffer.byteLength(text);
}

export interface CommandFigures {
  frames: number;
  megabytes: number;
  /** Wall seconds of each run of the command, the checker kept from an earlier run. */
  runs: number[];
  median: number;
  /** CPU seconds (user and system) of each run, where the system tells them (Linux). */
  cpu: number[];
  /** Wall seconds of the first run, which prepares the checker when none is kept. */
  first: number;
  readSeconds: number;
  checkSeconds: number;
  ok: boolean;
}

/**
 * CPU seconds the finished child processes of this one have used (Linux's /proc/self/stat,
 * cutime and cstime in its fixed 100 ticks a second), or undefined elsewhere. On a shared machine
 * wall time swings with the others' load; CPU time much less.
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // After "pid (comm) ", field 3 (state) is index 0: cutime and cstime are fields 16 and 17.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** Wall and CPU seconds of one run of the command on the bench transcript. */
function runCommand(): {wall: number; cpu?: number} {
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/jiti/lib/jiti-cli.mjs'),
      path.join(ROOT, 'scripts/tools/session-check.ts'),
      BENCH_TRANSCRIPT,
    ],
    {cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024},
  );
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`npm run session-check exited ${result.status}: ${result.stderr}`);
  const cpuAfter = childrenCpuSeconds();
  return {wall, ...(cpuBefore !== undefined && cpuAfter !== undefined ? {cpu: cpuAfter - cpuBefore} : {})};
}

export async function measure(frames: number, runs: number): Promise<CommandFigures> {
  const bytes = writeBenchTranscript(frames);
  // The first run prepares the checker when it is not kept yet; it is timed apart.
  const first = runCommand();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const {wall, cpu: used} = runCommand();
    times.push(wall);
    if (used !== undefined) cpu.push(used);
  }
  const checker = await nodeChecker();
  const data = new Uint8Array(readFileSync(BENCH_TRANSCRIPT));
  let started = performance.now();
  const capture = await readCapture(data);
  const readSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const report = checkCapture(capture, checker);
  const checkSeconds = (performance.now() - started) / 1000;
  return {
    frames,
    megabytes: bytes / 1e6,
    runs: times,
    median: median(times),
    cpu,
    first: first.wall,
    readSeconds,
    checkSeconds,
    ok: report.ok,
  };
}

const s = (value: number): string => `${value.toFixed(1)} s`;

export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  if (args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const {values} = parseArgs({
    args,
    options: {frames: {type: 'string', default: '100000'}, runs: {type: 'string', default: '3'}},
  });
  const figures = await measure(Number(values.frames), Math.max(1, Number(values.runs)));
  console.log(
    `session-check command: ${figures.frames} frames (${figures.megabytes.toFixed(1)} MB), ${s(figures.median)} median of ${figures.runs.length} (${figures.runs.map(s).join(', ')}), checker kept from an earlier run; the first run (which prepares it when none is kept) ${s(figures.first)}`,
  );
  if (figures.cpu.length > 0)
    console.log(`  CPU time of those runs (user + system): ${figures.cpu.map(s).join(', ')}`);
  console.log(
    `  in one process: read ${s(figures.readSeconds)}, check ${s(figures.checkSeconds)}; report ok: ${figures.ok}; load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
}

runIfMain(import.meta.url, () => main());
