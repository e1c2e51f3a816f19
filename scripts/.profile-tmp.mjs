import {chromium} from '@playwright/test';
import {startStaticServer} from '/work/main/scripts/static-server.mjs';
import {CHROME_PATH, CHROMIUM_ARGS} from '/work/main/scripts/chromium.mjs';
const root = process.argv[2] ?? '/work/main/build';
const pages = process.argv.slice(3).length ? process.argv.slice(3) : ['/docs/intro', '/rest', '/docs/ws'];
const server = await startStaticServer(root, 0);
const base = server.url ?? `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
for (const p of pages) {
  const ctx = await browser.newContext({viewport: {width: 412, height: 823}});
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', {interval: 200});
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({type: 'longtask', buffered: true});
  });
  await cdp.send('Profiler.start');
  await page.goto(base + p, {waitUntil: 'load'});
  await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 60000});
  await page.waitForTimeout(3000);
  const {profile} = await cdp.send('Profiler.stop');
  const long = await page.evaluate(() => window.__long);
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const tbt = long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
  console.log(`\n${p}: DOM ${nodes} elements; long tasks ${JSON.stringify(long)}; TBT-ish ${tbt}`);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  const top = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, v] of top) console.log(`  ${v.toFixed(1).padStart(8)} ms  ${k}`);
  const byUrl = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const f = byId.get(profile.samples[i]).callFrame;
    const key = f.url.split('/').pop() || f.functionName;
    byUrl.set(key, (byUrl.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  console.log('  by file:', [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(' '));
  await ctx.close();
}
await browser.close();
await server.close?.();
process.exit(0);
