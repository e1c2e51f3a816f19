import {chromium} from '@playwright/test';
import {startStaticServer} from './static-server.mjs';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
const [dir, pagePath] = process.argv.slice(2);
const server = await startStaticServer(dir);
const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
const tot = {};
const longs = [];
for (let run = 0; run < 3; run++) {
  const page = await browser.newPage({viewport: {width: 412, height: 823}});
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  await browser.startTracing(page, {categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline']});
  await page.goto(server.url + pagePath, {waitUntil: 'load'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForTimeout(3000);
  const buf = await browser.stopTracing();
  const events = JSON.parse(buf.toString()).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  for (const e of mine) {
    if (['Layout', 'UpdateLayoutTree', 'ParseHTML', 'Paint', 'PrePaint', 'FunctionCall', 'EvaluateScript', 'v8.compile', 'HitTest', 'IntersectionObserverController::computeIntersections', 'Layerize', 'RunTask', 'TimerFire', 'FireIdleCallback', 'EventDispatch', 'ParseAuthorStyleSheet', 'UpdateLayerTree'].includes(e.name)) tot[e.name] = (tot[e.name] ?? 0) + e.dur / 1000 / 3;
    if (e.name === 'RunTask' && e.dur > 50000) longs.push(Math.round(e.dur / 1000));
  }
  await page.close();
}
console.log(pagePath, dir, Object.fromEntries(Object.entries(tot).map(([k, v]) => [k, Math.round(v)])));
console.log('long tasks', longs.join(' '));
await browser.close(); await server.close();
