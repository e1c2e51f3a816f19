/**
 * The session checker's browser figure (never pass/fail): serves build/ on 127.0.0.1, opens
 * /docs/ws/session-check in Debian's Chromium, gives it the transcript session-check-bench.ts
 * wrote (`.tmp/session-check-bench.jsonl`, made with `--keep`) and reports the time from the
 * file to the summary and the longest main-thread task meanwhile (PerformanceObserver
 * "longtask"). Run `npm run build` first.
 *
 *   npx jiti scripts/tools/session-check-bench.ts --keep && npx jiti scripts/tools/session-check-browser-bench.ts
 */
import path from 'node:path';
import {chromium} from '@playwright/test';
import {CHROME_PATH, CHROMIUM_ARGS} from '../shared/chromium';
import {runIfMain} from '../shared/main';
import {startStaticServer} from '../shared/static-server';

const ROOT = path.resolve(__dirname, '../..');

export async function main(): Promise<void> {
  const server = await startStaticServer(path.join(ROOT, 'build'));
  const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  try {
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
    await page
      .getByLabel(/Choose a capture/)
      .setInputFiles(path.join(ROOT, '.tmp/session-check-bench.jsonl'));
    await page.locator('p[role="status"]').waitFor({timeout: 300_000});
    const elapsed = Date.now() - started;
    const longest = await page.evaluate(() => (window as unknown as {longest: number}).longest);
    const status = await page.locator('p[role="status"]').textContent();
    process.stdout.write(
      `session-check in Chromium: file to summary ${elapsed} ms, longest main-thread task ${Math.round(longest)} ms (${status ?? ''})\n`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

runIfMain(import.meta.url, main);
