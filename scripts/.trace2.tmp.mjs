import {chromium} from '@playwright/test';
import {startStaticServer} from './static-server.mjs';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
const [dir, pagePath] = process.argv.slice(2);
const server = await startStaticServer(dir);
const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
const page = await browser.newPage({viewport: {width: 412, height: 823}});
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
await browser.startTracing(page, {categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking']});
await page.goto(server.url + pagePath, {waitUntil: 'load'});
await page.waitForSelector('html[data-has-hydrated="true"]');
await page.waitForTimeout(3000);
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
const t0 = mine.find((e) => e.name === 'ParseHTML')?.ts ?? mine[0].ts;
for (const e of mine) {
  if (e.ph !== 'X') continue;
  if (['Layout', 'UpdateLayoutTree', 'PrePaint'].includes(e.name) && e.dur > 20000)
    console.log(Math.round((e.ts - t0) / 1000), e.name, Math.round(e.dur / 1000), JSON.stringify(e.args?.beginData ?? e.args?.elementCount ?? '').slice(0, 200));
}
const inv = mine.filter((e) => /Invalidation|StyleRecalcInvalidation|LayoutInvalidation/.test(e.name));
const counts = {};
for (const e of inv) { const k = e.name + ' ' + (e.args?.data?.reason ?? '') + ' ' + (e.args?.data?.nodeName ?? ''); counts[k] = (counts[k] ?? 0) + 1; }
console.log(Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 25));
await browser.close(); await server.close();
