import {chromium} from '@playwright/test';
import {startStaticServer} from './static-server.mjs';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
const [dir, pagePath] = process.argv.slice(2);
const server = await startStaticServer(dir);
const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
const page = await browser.newPage({viewport: {width: 412, height: 823}});
await page.goto(server.url + pagePath, {waitUntil: 'load'});
await page.waitForSelector('html[data-has-hydrated="true"]');
console.log(await page.evaluate(() => {
  const visible = (root) => {
    let els = 0, texts = 0;
    const walk = (n) => {
      if (n.nodeType === 1) {
        if (getComputedStyle(n).display === 'none') return;
        els++;
      } else if (n.nodeType === 3) { if (n.textContent.trim()) texts++; return; }
      for (const c of n.childNodes) walk(c);
    };
    walk(root);
    return els + texts;
  };
  const sum = (sel) => [...document.querySelectorAll(sel)].reduce((s, e) => s + visible(e), 0);
  return {
    total: visible(document.body),
    panes: sum('article [role=group][aria-label^="Samples"], article [role=group][aria-label^="Example"]'),
    schemas: sum('[role=group][aria-label*="body"], [role=group][aria-label^="Payload"], [role=group][aria-label^="Headers"]'),
    errorResponses: sum('details[id*="response-4"], details[id*="response-5"], details[id*="response-default"]'),
    okResponses: sum('details[id*="response-2"]'),
    paramTables: sum('table'),
    toc: sum('nav[aria-label=Operations], .theme-doc-toc-desktop, [class*=tocCollapsible]'),
    fields: document.querySelectorAll('li[id]').length,
    rules: document.querySelectorAll('ul[class*=facts] > li').length,
    details: document.querySelectorAll('details').length,
  };
}));
await browser.close(); await server.close();
