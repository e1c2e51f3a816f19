import {chromium} from '@playwright/test';
import {startStaticServer} from './static-server.mjs';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
const server = await startStaticServer(process.argv[2] ?? 'build');
const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
for (const p of process.argv.slice(3)) {
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 200)));
  await page.goto(server.url + p);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.waitForTimeout(1000);
  const r = await page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    const managed = all.filter((e) => Object.keys(e).some((k) => k.startsWith('__reactFiber')));
    const byTag = {};
    for (const e of managed) { const c = (e.className && typeof e.className === 'string' ? e.className.split(' ')[0] : ''); const k = e.tagName + '.' + c.replace(/_[a-zA-Z0-9-]+$/, ''); byTag[k] = (byTag[k] ?? 0) + 1; }
    return {total: all.length, managed: managed.length, top: Object.entries(byTag).sort((a, b) => b[1] - a[1]).slice(0, 25)};
  });
  console.log(p, r.total, r.managed, JSON.stringify(r.top));
}
await browser.close(); await server.close();
