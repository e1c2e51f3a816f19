import {chromium} from '@playwright/test';
import {startStaticServer} from './static-server.mjs';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
const server = await startStaticServer('build');
const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
for (const width of [1280, 412]) for (const p of ['/rest', '/docs/ws']) {
  const page = await browser.newPage({viewport: {width, height: 900}});
  await page.goto(server.url + p);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  const r = await page.evaluate(() => {
    const arts = [...document.querySelectorAll('article[aria-labelledby]')].filter((a) => a.parentElement.closest('article[aria-labelledby]') === null || true);
    for (const a of arts) a.style.contentVisibility = 'visible';
    return {doc: document.documentElement.scrollHeight, h: arts.map((a) => Math.round(a.getBoundingClientRect().height))};
  });
  console.log(width, p, r.doc, r.h.join(' '));
  await page.close();
}
await browser.close(); await server.close();
