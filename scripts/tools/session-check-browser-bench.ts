/**
 * The session checker's browser figure (never pass/fail): serves build/ on 127.0.0.1, opens
 * /docs/ws/session-check in Debian's Chromium, gives it the bench transcript
 * (`.tmp/session-check-bench.jsonl`, written by session-check-bench.ts, or now when it is
 * missing) and reports, per run (`--runs N`, default 3, a fresh page each), the time from the
 * file to the summary and the longest main-thread task meanwhile (PerformanceObserver
 * "longtask"). Run `npm run build` first; `npm run bench` runs it after its other reports.
 *
 *   npx jiti scripts/tools/session-check-browser-bench.ts [--runs 3] [--frames 100000]
 */
import {existsSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {median} from '../bench/median';
import {CHROME_PATH, CHROMIUM_ARGS, launchChromium} from '../shared/chromium';
import {runIfMain} from '../shared/main';
import {startStaticServer} from '../shared/static-server';
import {BENCH_TRANSCRIPT, writeBenchTranscript} from './session-check-bench';

const ROOT = path.resolve(__dirname, '../..');

export const USAGE = `Usage: npx jiti scripts/tools/session-check-browser-bench.ts [--runs N] [--frames N]

--runs N     fresh page loads, each checking the transcript (default 3)
--frames N   writes a transcript of N frames first (default: the one session-check-bench.ts wrote,
             or 100000 frames when there is none)
--help       prints this and measures nothing`;

export interface BrowserRun {
  seconds: number;
  longestTaskMs: number;
  status: string;
}

export async function measure(runs: number): Promise<BrowserRun[]> {
  const server = await startStaticServer(path.join(ROOT, 'build'));
  const browser = await launchChromium({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  const results: BrowserRun[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage();
      await page.goto(`${server.url}/docs/ws/session-check`);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.evaluate(() => {
        const w = window as unknown as {longest: number};
        w.longest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
        }).observe({type: 'longtask', buffered: false});
      });
      const started = Date.now();
      await page.getByLabel(/Choose a capture/).setInputFiles(BENCH_TRANSCRIPT);
      await page.locator('p[role="status"]').waitFor({timeout: 300_000});
      const seconds = (Date.now() - started) / 1000;
      const longestTaskMs = await page.evaluate(() => (window as unknown as {longest: number}).longest);
      const status = (await page.locator('p[role="status"]').textContent()) ?? '';
      results.push({seconds, longestTaskMs, status});
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  if (args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const {values} = parseArgs({
    args,
    options: {runs: {type: 'string', default: '3'}, frames: {type: 'string'}},
  });
  if (values.frames !== undefined || !existsSync(BENCH_TRANSCRIPT))
    writeBenchTranscript(Number(values.frames ?? '100000'));
  if (
    !['.html', '/index.html'].some((end) => existsSync(path.join(ROOT, `build/docs/ws/session-check${end}`)))
  )
    throw new Error('build/ has no /docs/ws/session-check: run npm run build first');
  const megabytes = statSync(BENCH_TRANSCRIPT).size / 1e6;
  const runs = await measure(Math.max(1, Number(values.runs)));
  const seconds = runs.map((r) => r.seconds);
  console.log(
    `session-check in Chromium: ${path.relative(ROOT, BENCH_TRANSCRIPT)} (${megabytes.toFixed(1)} MB), file to summary ${median(seconds).toFixed(1)} s median of ${runs.length} (${seconds.map((v) => `${v.toFixed(1)} s`).join(', ')}), longest main-thread task ${Math.round(Math.max(...runs.map((r) => r.longestTaskMs)))} ms; load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`  the page said: ${runs[runs.length - 1]?.status ?? ''}`);
}

runIfMain(import.meta.url, () => main());
