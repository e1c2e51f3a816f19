/**
 * Figures for the request builder ("Build request" in the reference panes), from
 * build/ (a benchmark: it reports, it never fails):
 *
 * - its chunks (the builder's code, and its data: form models and parameter
 *   validators), raw and gzip;
 * - the JavaScript /rest and /docs/ws load to run, and whether any builder chunk
 *   is among it (it should not be: the builder loads when a reader opens it);
 * - what opening one builder fetches.
 *
 * With `--base <folder>` (another build, e.g. of the branch before the builder),
 * also the difference in page-load JavaScript per page.
 *
 * Usage: npx jiti scripts/bench/request-builder.ts [--base ../other/build]
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import type {Browser, BrowserContext, Page} from '@playwright/test';
import {startStaticServer} from '../shared/static-server';
import {CHROME_PATH, CHROMIUM_ARGS, launchChromium} from '../shared/chromium';
import {runIfMain} from '../shared/main';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD = path.join(ROOT, 'build');
const BUILDER = /\/assets\/js\/request-builder/;
const PAGES = ['/rest', '/docs/ws', '/docs/intro'];

const gz = (file: string): number => gzipSync(readFileSync(file), {level: 9}).length;
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

/** The scripts a page loads to run (prefetches for other pages apart), gzip bytes each. */
type Sized = [file: string, gzipBytes: number];

async function pageScripts(
  browser: Browser,
  url: string,
  root: string,
): Promise<{page: Page; context: BrowserContext; sizes: Sized[]; files: Set<string>}> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set<string>();
  page.on('request', (request) => {
    const headers = request.headers();
    const prefetch = /prefetch/.test(`${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`);
    const pathname = new URL(request.url()).pathname;
    if (pathname.endsWith('.js') && !prefetch) files.add(pathname);
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const sizes = [...files].map((file): Sized => [file, gz(path.join(root, file))]);
  return {page, context, sizes, files};
}

interface Figures {
  pages: Record<string, {js: number; builder: string[]}>;
  /** What opening the listTrades builder fetched, when the page has one. */
  open?: Sized[];
}

async function figures(browser: Browser, root: string): Promise<Figures> {
  const server = await startStaticServer(root);
  const out: Figures = {pages: {}};
  try {
    for (const pagePath of PAGES) {
      const {context, sizes} = await pageScripts(browser, server.url + pagePath, root);
      out.pages[pagePath] = {
        js: sizes.reduce((sum, [, size]) => sum + size, 0),
        builder: sizes.filter(([file]) => BUILDER.test(file)).map(([file]) => file),
      };
      await context.close();
    }
    // What opening the listTrades builder fetches.
    const {page, context, files} = await pageScripts(browser, `${server.url}/rest#listTrades`, root);
    const before = new Set(files);
    const builder = page.locator('[data-request-builder="rest:listTrades"]');
    if ((await builder.count()) > 0) {
      await builder.locator('summary').click();
      await builder.locator('[data-builder-output]').waitFor({timeout: 30_000});
      await page.waitForLoadState('networkidle');
      out.open = [...files]
        .filter((file) => !before.has(file))
        .map((file): Sized => [file, gz(path.join(root, file))]);
    }
    await context.close();
  } finally {
    await server.close();
  }
  return out;
}

export const USAGE = 'Usage: npx jiti scripts/bench/request-builder.ts [--base ../other/build]';

export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  if (args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const base = args.includes('--base') ? path.resolve(args[args.indexOf('--base') + 1] ?? '') : null;
  const chunks = readdirSync(path.join(BUILD, 'assets/js')).filter((file) =>
    file.startsWith('request-builder'),
  );
  console.log('| builder chunk | raw | gzip |');
  console.log('|---|---|---|');
  for (const file of chunks) {
    const full = path.join(BUILD, 'assets/js', file);
    console.log(`| ${file} | ${kib(readFileSync(full).length)} | ${kib(gz(full))} |`);
  }
  const browser = await launchChromium({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  try {
    const now = await figures(browser, BUILD);
    const before = base === null ? null : await figures(browser, base);
    console.log(`\n| page | JS on load (gzip) | builder chunks on load |${before ? ' vs base |' : ''}`);
    console.log(`|---|---|---|${before ? '---|' : ''}`);
    for (const p of PAGES) {
      const page = now.pages[p];
      if (page === undefined) continue;
      const difference = page.js - (before?.pages[p]?.js ?? 0);
      const delta = before ? ` ${difference >= 0 ? '+' : ''}${difference} B |` : '';
      console.log(
        `| ${p} | ${kib(page.js)} | ${page.builder.length === 0 ? 'none' : page.builder.join(', ')} |${delta}`,
      );
    }
    if (now.open !== undefined) {
      const total = now.open.reduce((sum, [, size]) => sum + size, 0);
      console.log(
        `\nOpening "Build request" on listTrades fetched ${now.open.length} scripts, ${kib(total)} gzip:`,
      );
      for (const [file, size] of now.open) console.log(`- ${file} (${kib(size)})`);
    }
  } finally {
    await browser.close();
  }
}

runIfMain(import.meta.url, () => main());
