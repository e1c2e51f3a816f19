import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {startStaticServer} from './static-server.mjs';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
const server = await startStaticServer(process.argv[2] ?? 'build');
const chrome = await chromeLauncher.launch({chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS]});
for (const p of process.argv.slice(3)) {
  const r = await lighthouse(server.url + p, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance']});
  const a = r.lhr.audits;
  console.log(`\n${p}: TBT ${Math.round(a['total-blocking-time'].numericValue)} LCP ${Math.round(a['largest-contentful-paint'].numericValue)} TTI? `);
  console.log(' breakdown:', a['mainthread-work-breakdown'].details.items.map((i) => `${i.groupLabel}=${Math.round(i.duration)}`).join(', '));
  console.log(' long tasks:', (a['long-tasks'].details?.items ?? []).map((i) => `${i.url.split('/').pop()}@${Math.round(i.startTime)}:${Math.round(i.duration)}`).join(' '));
  console.log(' bootup:', a['bootup-time'].details.items.map((i) => `${i.url.split('/').pop()} total=${Math.round(i.total)} script=${Math.round(i.scripting)} parse=${Math.round(i.scriptParseCompile)}`).join(' | '));
}
await chrome.kill();
await server.close();
