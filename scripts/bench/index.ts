/**
 * Performance figures for the built site (a benchmark: it reports, it never fails
 * on a time). For /, /docs/intro, /rest and /docs/ws: compressed JS and total bytes,
 * HTML bytes, request count, and Lighthouse mobile and desktop figures
 * (performance, FCP, LCP, TBT, CLS) in Debian's Chromium, median of several runs
 * taken interleaved (the page order rotates each run), with ratios to /docs/intro
 * of the same build; .tmp/bench.json keeps every run's TBT. Also the layout shifts of
 * the references scrolled through and with a stored language (CLS). Then the search index,
 * the payload validators, the request builder, and the session checker on a 100,000-frame
 * capture: the command (scripts/tools/session-check-bench.ts) and the page in Chromium
 * (scripts/tools/session-check-browser-bench.ts).
 *
 * Usage: npm run bench [-- --runs 9 --no-build]   (5 runs by default: TBT swings run to run)
 * `npm run bench -- --help` prints the options and measures nothing.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import type {Request} from '@playwright/test';
import {startStaticServer, type StaticServer} from '../shared/static-server';
import {CHROME_PATH, CHROMIUM_ARGS, launchChromium} from '../shared/chromium';
import {runIfMain} from '../shared/main';
import {main as ensureBrowser} from '../setup/ensure-browser';
import {loadLighthouse} from './lighthouse';
import {median} from './median';
import {withOptions} from '../shared/commandLine';
import {wholeNumber} from './options';
import {main as searchIndexSize} from './search-index-size';
import {main as benchValidator} from './validator';
import {main as benchRequestBuilder} from './request-builder';
import {main as benchSessionCheck} from '../tools/session-check-bench';
import {main as benchSessionCheckBrowser} from '../tools/session-check-browser-bench';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = ['/', '/docs/intro', '/rest', '/docs/ws'];
const BASELINE = '/docs/intro';

export const USAGE = `Usage: npm run bench [-- --runs N] [-- --no-build]

--runs N     Lighthouse runs per page and form factor (default 5)
--no-build   measure the existing build/ instead of building first
--help       prints this and measures nothing`;

export interface BenchOptions {
  help: boolean;
  /** Lighthouse runs per page and form factor. */
  runs: number;
  /** Whether the site is built first (`--no-build` measures the existing build/). */
  build: boolean;
}

/** The command line, or an Error that says what is wrong with it (options.ts). */
export function benchOptions(args: readonly string[]): BenchOptions {
  const {values} = parseArgs({
    args: [...args],
    options: {
      runs: {type: 'string'},
      'no-build': {type: 'boolean', default: false},
      help: {type: 'boolean', default: false},
    },
    strict: true,
    allowPositionals: false,
  });
  return {help: values.help, runs: wholeNumber('--runs', values.runs, 5), build: !values['no-build']};
}
const CHROME = CHROME_PATH;
const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number): string => `${Math.round(value)} ms`;
const ratio = (value: number, base: number): string => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');

/**
 * What each page costs on a first visit with an empty cache. "JS" is the page's own
 * JavaScript: every script it loads to run, compressed, each URL once. Docusaurus also
 * prefetches the chunks of pages linked from the viewport (the navbar links /rest and
 * /docs/ws from every page); those are reported apart, since they are fetched at low
 * priority for the next page, not to show this one. "Total" is every byte the server sent.
 */
interface Transfer {
  js: number;
  prefetchedJs: number;
  total: number;
  html: number;
  requests: number;
}

async function transferFigures(baseUrl: string, server: StaticServer): Promise<Record<string, Transfer>> {
  const browser = await launchChromium({executablePath: CHROME, args: FLAGS.slice(1)});
  const figures: Record<string, Transfer> = {};
  try {
    for (const pagePath of PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requests: Request[] = [];
      page.on('requestfinished', (request) => requests.push(request));
      server.sent.clear();
      await page.goto(baseUrl + pagePath, {waitUntil: 'networkidle'});
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.waitForTimeout(1000); // idle-time prefetches
      const own = new Map<string, number>();
      const prefetched = new Map<string, number>();
      let html = 0;
      for (const request of requests) {
        const url = new URL(request.url());
        if (url.origin !== baseUrl) continue;
        const response = await request.response();
        const headers = await request.allHeaders();
        const size = Number((await response?.allHeaders())?.['content-length'] ?? 0);
        const prefetch = /prefetch/.test(`${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`);
        if (request.resourceType() === 'document') html = size;
        (prefetch ? prefetched : own).set(url.pathname, size);
      }
      const jsOf = (map: Map<string, number>): number =>
        [...map].filter(([p]) => p.endsWith('.js')).reduce((sum, [, size]) => sum + size, 0);
      const total = [...server.sent.values()].reduce((sum, size) => sum + size, 0);
      figures[pagePath] = {js: jsOf(own), prefetchedJs: jsOf(prefetched), total, html, requests: own.size};
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/**
 * Layout shifts the reader could see on the references, beyond the page load Lighthouse
 * measures: the page scrolled through from top to bottom (panes becoming sticky and handing
 * over), with and without a language stored from an earlier visit (the samples switch to it
 * after hydration), then a language picked by click. CLS as browsers define it (largest
 * session window of shifts without recent input), at a phone's and a desktop's width.
 */
interface ShiftRow {
  pagePath: string;
  width: number;
  stored: string;
  cls: number;
}

/** What the page script collects: each layout shift without recent input. */
declare global {
  interface Window {
    __shifts: {t: number; v: number}[];
  }
}

/** The Layout Instability API's entry (not in TypeScript's DOM library). */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

async function layoutShiftFigures(baseUrl: string): Promise<ShiftRow[]> {
  const browser = await launchChromium({executablePath: CHROME, args: FLAGS.slice(1)});
  const rows: ShiftRow[] = [];
  try {
    for (const pagePath of ['/rest', '/docs/ws']) {
      for (const width of [412, 1280]) {
        for (const stored of [null, 'python'] as const) {
          const context = await browser.newContext({viewport: {width, height: 860}});
          const page = await context.newPage();
          await page.addInitScript((language) => {
            if (language !== null) localStorage.setItem('docusaurus.tab.code-language', language);
            window.__shifts = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as LayoutShift[])
                if (!entry.hadRecentInput) window.__shifts.push({t: entry.startTime, v: entry.value});
            }).observe({type: 'layout-shift', buffered: true});
          }, stored);
          await page.goto(baseUrl + pagePath, {waitUntil: 'networkidle'});
          await page.waitForSelector('html[data-has-hydrated="true"]');
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0; y < height; y += 600) {
            await page.evaluate((top) => window.scrollTo({top, behavior: 'instant'}), y);
            await page.waitForTimeout(30);
          }
          const tab = page
            .getByRole('tablist', {name: 'Language'})
            .nth(2)
            .getByRole('tab', {selected: false})
            .first();
          await tab.scrollIntoViewIfNeeded();
          await tab.click();
          await page.waitForTimeout(600);
          const cls = await page.evaluate(() => {
            let best = 0;
            let current = 0;
            let start = -Infinity;
            let last = -Infinity;
            for (const {t, v} of window.__shifts) {
              if (t - last > 1000 || t - start > 5000) {
                current = 0;
                start = t;
              }
              current += v;
              last = t;
              best = Math.max(best, current);
            }
            return best;
          });
          rows.push({pagePath, width, stored: stored ?? '(none)', cls});
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

type Form = 'mobile' | 'desktop';
const FORMS: readonly Form[] = ['mobile', 'desktop'];
const KEYS = ['score', 'fcp', 'lcp', 'tbt', 'cls'] as const;
type Run = Record<(typeof KEYS)[number], number>;
type Medians = Run & {tbtMin: number; tbtMax: number; tbtRuns: number[]};

async function lighthouseRuns(baseUrl: string, runs: number): Promise<Record<string, Record<Form, Medians>>> {
  const results: Record<string, Record<Form, Run[]>> = {};
  for (const pagePath of PAGES) results[pagePath] = {mobile: [], desktop: []};
  const {lighthouse, desktopConfig, launchChrome} = await loadLighthouse();
  const chrome = await launchChrome({chromePath: CHROME, chromeFlags: FLAGS});
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const form of FORMS) {
        // Each run starts the rotation one page later, so no page always follows the same one
        // (a long page's teardown can overlap the next measurement).
        for (const pagePath of PAGES.map((_, i) => PAGES[(i + run) % PAGES.length] ?? '/')) {
          const options = {
            port: chrome.port,
            output: 'json' as const,
            logLevel: 'error' as const,
            onlyCategories: ['performance'],
          };
          const result = await lighthouse(
            baseUrl + pagePath,
            options,
            form === 'desktop' ? desktopConfig : undefined,
          );
          if (result === undefined) throw new Error(`Lighthouse gave no result for ${pagePath}`);
          const audits = result.lhr.audits;
          const value = (id: string): number => audits[id]?.numericValue ?? NaN;
          results[pagePath]?.[form].push({
            score: (result.lhr.categories.performance?.score ?? NaN) * 100,
            fcp: value('first-contentful-paint'),
            lcp: value('largest-contentful-paint'),
            tbt: value('total-blocking-time'),
            cls: value('cumulative-layout-shift'),
          });
        }
      }
      process.stdout.write(`  lighthouse run ${run + 1}/${runs} done\n`);
    }
  } finally {
    await chrome.kill();
  }
  const summary = (list: Run[]): Medians => ({
    ...(Object.fromEntries(KEYS.map((key) => [key, median(list.map((r) => r[key]))])) as Run),
    // TBT swings run to run on a busy machine: the spread shows how far a ratio can be trusted.
    tbtMin: Math.min(...list.map((r) => r.tbt)),
    tbtMax: Math.max(...list.map((r) => r.tbt)),
    // Every run's TBT, in run order, for anyone who wants another statistic than the median.
    tbtRuns: list.map((r) => Math.round(r.tbt)),
  });
  return Object.fromEntries(
    Object.entries(results).map(([pagePath, forms]) => [
      pagePath,
      {mobile: summary(forms.mobile), desktop: summary(forms.desktop)},
    ]),
  );
}

/** A further report that needs only build/ (it prints its own section). */
async function further(name: string, report: (args: string[]) => Promise<void> | void): Promise<void> {
  console.log(`\n## ${name}`);
  try {
    await report([]);
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
  }
}

export function main(args: string[] = process.argv.slice(2)): Promise<void> {
  return withOptions(() => benchOptions(args), USAGE, measure);
}

async function measure({runs, build}: BenchOptions): Promise<void> {
  if (build) {
    console.log('Building the site …');
    execFileSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'inherit'});
  }
  ensureBrowser();
  const server = await startStaticServer(path.join(ROOT, 'build'));
  try {
    console.log(
      `\nServing build/ gzip-compressed at ${server.url}; ${runs} Lighthouse runs per page and form factor.`,
    );
    const transfer = await transferFigures(server.url, server);
    const shifts = await layoutShiftFigures(server.url);
    const lh = await lighthouseRuns(server.url, runs);
    const base = transfer[BASELINE];
    const baseline = lh[BASELINE];
    if (base === undefined || baseline === undefined) throw new Error(`${BASELINE} was not measured`);
    console.log('\n## Transfer (gzip, first load, no cache)');
    console.log(
      '| page | JS (own) | vs intro | JS − intro | prefetched JS (next pages) | total sent | HTML | requests (own) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const p of PAGES) {
      const t = transfer[p];
      if (t === undefined) continue;
      console.log(
        `| ${p} | ${kib(t.js)} | ${ratio(t.js, base.js)} | ${kib(t.js - base.js)} | ${kib(t.prefetchedJs)} | ${kib(t.total)} | ${kib(t.html)} | ${t.requests} |`,
      );
    }
    for (const form of FORMS) {
      const b = baseline[form];
      console.log(`\n## Lighthouse ${form} (median of ${runs})`);
      console.log('| page | score | FCP | LCP | LCP vs intro | TBT | TBT vs intro | TBT range | CLS |');
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const p of PAGES) {
        const m = lh[p]?.[form];
        if (m === undefined) continue;
        console.log(
          `| ${p} | ${Math.round(m.score)} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ratio(m.lcp, b.lcp)} | ${ms(m.tbt)} | ${
            b.tbt > 0 ? ratio(m.tbt, b.tbt) : `+${ms(m.tbt - b.tbt)}`
          } | ${Math.round(m.tbtMin)}–${ms(m.tbtMax)} | ${m.cls.toFixed(3)} |`,
        );
      }
    }
    console.log('\n## Layout shifts: scrolled through, then a language picked (CLS, no input)');
    console.log('| page | width | stored language | CLS |');
    console.log('|---|---|---|---|');
    for (const r of shifts)
      console.log(`| ${r.pagePath} | ${r.width} px | ${r.stored} | ${r.cls.toFixed(3)} |`);
    mkdirSync(path.join(ROOT, '.tmp'), {recursive: true});
    writeFileSync(
      path.join(ROOT, '.tmp/bench.json'),
      JSON.stringify({runs, transfer, shifts, lighthouse: lh}, null, 2),
    );
    console.log('\nRaw figures: .tmp/bench.json');
  } finally {
    await server.close();
  }
  await further('search index size', searchIndexSize);
  await further('payload validators', benchValidator);
  await further('request builder', benchRequestBuilder);
  // The command first: it writes the capture the page is then given.
  await further('session checker: the command (100,000 frames)', benchSessionCheck);
  await further('session checker: the page in Chromium (the same capture)', benchSessionCheckBrowser);
}

runIfMain(import.meta.url, () => main());
