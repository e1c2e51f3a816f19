/**
 * Payload-validator figures for the built site (a benchmark: it reports, it never
 * fails on a time). In headless Chromium against build/, served gzip-compressed:
 *   - compressed size of every validator chunk and of the validation worker;
 *   - time from opening a panel to its validator being ready (cold cache);
 *   - time to result for a normal payload (the operation's example), a 1 MB
 *     payload, 10 000 levels of nesting and a 5 MB string (the large ones pasted,
 *     as a reader would), with the time spent in the worker and the longest
 *     main-thread stall seen while waiting (garbage from building the payloads
 *     is collected before the clock starts).
 *
 * Usage: npx jiti scripts/bench/validator.ts [--runs 5] [--dir build] [--target rest:createSettlementRequest] [--json out.json]
 */
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import type {Page} from '@playwright/test';
import {startStaticServer} from '../shared/static-server';
import {CHROME_PATH, CHROMIUM_ARGS, launchChromium} from '../shared/chromium';
import {runIfMain} from '../shared/main';
import {median} from './median';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROME = CHROME_PATH;
const FLAGS = [
  ...CHROMIUM_ARGS,
  // gc() lets the page collect the payloads this script built before the clock starts.
  '--js-flags=--expose-gc',
];

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number): string => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

/** Payloads, built inside the page (no megabytes over the DevTools protocol). */
type Kind = 'example' | 'megabyte' | 'deep' | 'string';
const CASES: readonly {name: string; kind: Kind}[] = [
  {name: 'normal (example)', kind: 'example'},
  {name: '1 MB payload', kind: 'megabyte'},
  {name: '10 000-deep nesting', kind: 'deep'},
  {name: '5 MB string', kind: 'string'},
];

interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
}

function chunkSizes(buildDir: string): Chunk[] {
  const folder = path.join(buildDir, 'assets/js');
  return readdirSync(folder)
    .filter((file) => /^validator-/.test(file))
    .map((file) => {
      const raw = readFileSync(path.join(folder, file));
      return {file, bytes: raw.length, gzip: gzipSync(raw, {level: 9}).length};
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** Opens the panel in a fresh (cold) page and returns the ms until the validator is ready. */
async function openPanel(page: Page, baseUrl: string, pagePath: string, target: string): Promise<number> {
  await page.goto(baseUrl + pagePath);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  return page.evaluate(async (key) => {
    const panel = document.querySelector(`[data-validator-target="${key}"]`);
    if (panel === null) throw new Error(`no panel for ${key}`);
    const status = panel.querySelector('[role="status"]');
    const started = performance.now();
    (panel.querySelector('summary') as HTMLElement).click();
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (!/Loading the validator/.test(status?.textContent ?? '')) resolve();
        else setTimeout(check, 5);
      };
      setTimeout(check, 5);
    });
    return performance.now() - started;
  }, target);
}

/** Validates one case; returns time to result, worker time, longest stall and outcome. */
interface CaseResult {
  size: number;
  shown: number;
  elapsed: number;
  worker: number;
  where: string | null;
  outcome: string | null;
  stall: number;
}

async function runCase(page: Page, target: string, kind: Kind): Promise<CaseResult> {
  return page.evaluate(
    async ({key, kind: caseKind}) => {
      const panel = document.querySelector(`[data-validator-target="${key}"]`);
      if (panel === null) throw new Error(`no panel for ${key}`);
      const textarea = panel.querySelector('textarea') as HTMLTextAreaElement;
      const buttons = [...panel.querySelectorAll('button')];
      const status = panel.querySelector('[role="status"]') as HTMLElement;
      // A reader pastes: the panel keeps large pastes out of the text box.
      const paste = (text: string): number => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        textarea.dispatchEvent(
          new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}),
        );
        return text.length;
      };
      let size: number;
      if (caseKind === 'example') {
        buttons.find((button) => button.textContent?.trim() === 'Load example')?.click();
        size = textarea.value.length;
      } else if (caseKind === 'megabyte') {
        const ids = Array.from({length: 70_000}, (_, index) => `trade-${String(index).padStart(8, '0')}`);
        size = paste(
          JSON.stringify({client_settlement_request_id: 's', trade_ids: ids, request_amounts: []}),
        );
      } else if (caseKind === 'deep') {
        // 20 KB: small enough that a real paste lands in the text box, as here.
        textarea.value = '['.repeat(10_000) + ']'.repeat(10_000);
        textarea.dispatchEvent(new Event('input', {bubbles: true}));
        size = textarea.value.length;
      } else {
        size = paste(
          JSON.stringify({
            client_settlement_request_id: 'x'.repeat(5 * 1024 * 1024),
            trade_ids: ['t'],
            request_amounts: [],
          }),
        );
      }
      // Time until the pasted text is on screen (the browser lays out what the text box shows).
      const pasted = performance.now();
      await new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
      const shown = performance.now() - pasted;
      // Chromium started with --js-flags=--expose-gc gives the page gc().
      const gc = (globalThis as {gc?: () => void}).gc;
      if (typeof gc === 'function') gc();
      let longestStall = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestStall = Math.max(longestStall, now - last - 10);
        last = now;
      }, 10);
      const started = performance.now();
      buttons.find((button) => button.textContent?.trim() === 'Validate')?.click();
      // React shows "running" first (a microtask after the click), then the outcome.
      await new Promise<void>((resolve) => {
        let seenRunning = false;
        const observer = new MutationObserver(() => {
          const state = status.getAttribute('data-state');
          if (state === 'running') seenRunning = true;
          else if (seenRunning && state !== 'idle') {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(status, {attributes: true, attributeFilter: ['data-state']});
      });
      const elapsed = performance.now() - started;
      clearInterval(ticker);
      return {
        size,
        shown,
        elapsed,
        worker: Number(status.getAttribute('data-elapsed-ms')),
        where: status.getAttribute('data-where'),
        outcome: status.getAttribute('data-state'),
        stall: Math.max(0, longestStall),
      };
    },
    {key: target, kind},
  );
}

export const USAGE =
  'Usage: npx jiti scripts/bench/validator.ts [--runs 5] [--dir build] [--target rest:createSettlementRequest] [--json out.json]';

export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  if (args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const option = (name: string): string | undefined =>
    args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
  const runs = Math.max(1, Number(option('--runs') ?? '5') || 5);
  const buildDir = path.resolve(ROOT, option('--dir') ?? 'build');
  const target = option('--target') ?? 'rest:createSettlementRequest';
  const jsonOut = option('--json');
  if (!existsSync(path.join(buildDir, 'index.html')))
    throw new Error(`No build in ${buildDir}: run \`npm run build\` first.`);
  const pagePath = target.startsWith('ws:') ? '/docs/ws' : '/rest';
  const chunks = chunkSizes(buildDir);
  console.log('\n## Payload validator chunks (loaded only when a panel opens)');
  console.log('| chunk | raw | gzip |');
  console.log('|---|---|---|');
  for (const chunk of chunks) console.log(`| ${chunk.file} | ${kib(chunk.bytes)} | ${kib(chunk.gzip)} |`);

  const server = await startStaticServer(buildDir);
  const browser = await launchChromium({executablePath: CHROME, args: FLAGS});
  const figures = {
    target,
    runs,
    chunks,
    open: [] as number[],
    cases: Object.fromEntries(CASES.map((item) => [item.name, [] as CaseResult[]])),
  };
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      figures.open.push(await openPanel(page, server.url, pagePath, target));
      for (const item of CASES) figures.cases[item.name]?.push(await runCase(page, target, item.kind));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }

  console.log(
    `\n## Validator time to result, ${target} on ${pagePath} (median of ${runs}, headless Chromium)`,
  );
  console.log(`Opening the panel until the validator is ready (cold cache): ${ms(median(figures.open))}`);
  console.log(
    '| payload | size | paste shown | outcome | time to result | in worker | where | longest main-thread stall |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const item of CASES) {
    const results = figures.cases[item.name] ?? [];
    const first = results[0];
    if (first === undefined) continue;
    console.log(
      `| ${item.name} | ${kib(first.size)} | ${ms(median(results.map((r) => r.shown)))} | ${first.outcome} | ${ms(median(results.map((r) => r.elapsed)))} | ${ms(median(results.map((r) => r.worker)))} | ${first.where} | ${ms(median(results.map((r) => r.stall)))} |`,
    );
  }
  if (jsonOut !== undefined) writeFileSync(path.resolve(jsonOut), `${JSON.stringify(figures, null, 2)}\n`);
}

runIfMain(import.meta.url, () => main());
