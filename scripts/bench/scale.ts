/**
 * Scale benchmark (figures, never pass/fail): builds the site against OpenAPI
 * documents of several sizes and reports, per size, the build's wall time and
 * peak memory, the largest reference page (HTML bytes), the largest JavaScript
 * file, the search index and llms-full.txt, what /docs/intro prefetches, and
 * the longest main-thread tasks while its heaviest reference pages load (below).
 *
 * The documents are generated from specs/openapi.yaml: each of its operations is
 * cloned under new paths, operationIds and tags (eight operations per tag), so
 * they have the product's own weight per operation and nobody else's licence.
 *
 * With `--nested` (or `--shapes plain,nested` for both), one tag in four has its
 * operations' success responses and request bodies replaced by a large, deeply
 * nested schema family shared by all of them (an "application specification" of
 * named component schemas, several hundred fields and nine levels deep, embedded
 * three times in the response, as public cloud APIs do). That is what makes pages
 * grow with the schemas rather than with the operations.
 *
 * Every reference page is weighed (HTML bytes, elements in the HTML); the pages
 * over the budget (1.5 MB, 20,000 elements) are listed with the field paths their
 * markup repeats most (a field anchor's path without its operation: what the same
 * schema written out under many operations looks like).
 *
 * With `--document <file>` (repeatable, or several files comma-separated), the site is built
 * against that OpenAPI document instead (its path is the build's OPENAPI_FILE, so a document split
 * into files with relative $refs works as the build takes it; nothing is copied). Each document gets
 * the same figures: whether it built, the document warnings the build printed (its summary line),
 * build time and peak memory, reference pages, pages over budget, the largest page's HTML bytes and
 * the most elements. Generated documents are then built only if `--sizes`, `--nested` or `--shapes`
 * is given too.
 *
 * Every build's heaviest reference pages are then loaded in Chromium. Heaviest means the most boxes
 * laid out (rendered elements and runs of text, counted in the browser with JavaScript off: the unit
 * the page planner weighs), among the eight pages whose HTML has the most elements and runs of text;
 * the three heaviest are measured. The heaviest is loaded once at normal speed (time until
 * hydrated, longest main-thread task, DOM size). Then, with the CPU slowed 4×, each of the three
 * and the product's own /rest (built once per run from specs/, the yardstick) is loaded `--runs`
 * times (default 5), interleaved with the order rotated each round: one load is noise on a shared
 * machine, so the report gives each page's median, its range and its median over the product
 * /rest's, with the load average before and after. A last, traced load of the heaviest page
 * breaks its longest task at 4× down (./longest-task.ts): HTML parsing, style, layout,
 * paint, script (hydration included), garbage collection, with the elements it styled and the
 * layout objects it laid out.
 *
 * Usage: npm run bench:scale -- [--sizes 250,659] [--nested | --shapes plain,nested]
 *          [--document path/to/openapi.yaml ...] [--runs 5] [--keep]
 * Writes .tmp/bench-scale.json. Needs /usr/bin/time (Debian package `time`) for peak memory.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {fileURLToPath} from 'node:url';
import {parse, stringify} from 'yaml';
import type {Browser} from '@playwright/test';
import {isObject, type Json, type JsonObject} from '../../plugins/api-reference/document';
import {pathItemOperations} from '../../plugins/api-reference/document/operations';
import {CHROME_PATH, CHROMIUM_ARGS, launchChromium} from '../shared/chromium';
import {runIfMain} from '../shared/main';
import {startStaticServer} from '../shared/static-server';
import {describeTask, traceLongestTask, type Task} from './longest-task';
import {median} from './median';
import {wholeNumbers} from './options';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TMP = path.join(ROOT, '.tmp', 'bench-scale');

export const USAGE = `Usage: npm run bench:scale -- [--sizes 250,659] [--nested | --shapes plain,nested]
         [--document path/to/openapi.yaml ...] [--runs 5] [--keep]`;

type Shape = 'plain' | 'nested';

export interface ScaleOptions {
  sizes: number[];
  keep: boolean;
  /** Interleaved loads of each measured page with the CPU slowed 4× (`--runs 9` for more). */
  runs: number;
  shapes: Shape[];
  /** OpenAPI documents given with `--document a.yaml --document b.yaml` or `--document a.yaml,b.yaml`. */
  documents: string[];
  /** Whether generated documents are built (always, unless only --document is given). */
  generated: boolean;
}

/**
 * The command line, or an Error that says what is wrong with it (an unknown option, a value that is
 * missing or not a number, a shape that is neither plain nor nested): a misspelt option never runs
 * the default builds of hundreds of operations instead.
 */
export function scaleOptions(args: readonly string[]): ScaleOptions {
  const {values} = parseArgs({
    args: [...args],
    options: {
      sizes: {type: 'string'},
      nested: {type: 'boolean', default: false},
      shapes: {type: 'string'},
      document: {type: 'string', multiple: true},
      runs: {type: 'string'},
      keep: {type: 'boolean', default: false},
      help: {type: 'boolean', default: false},
    },
    strict: true,
    allowPositionals: false,
  });
  const documents = (values.document ?? [])
    .flatMap((value) => value.split(','))
    .map((file) => file.trim())
    .filter((file) => file !== '')
    .map((file) => path.resolve(file));
  const shapes = (values.shapes ?? (values.nested ? 'nested' : 'plain')).split(',').map((s) => {
    const shape = s.trim();
    if (shape !== 'plain' && shape !== 'nested')
      throw new Error(`--shapes takes plain and nested, comma-separated; "${shape}" is neither`);
    return shape as Shape;
  });
  const [runs = 5] = values.runs === undefined ? [] : wholeNumbers('--runs', values.runs);
  return {
    sizes: wholeNumbers('--sizes', values.sizes ?? '250,659'),
    keep: values.keep,
    runs,
    shapes,
    documents,
    generated:
      documents.length === 0 || values.sizes !== undefined || values.shapes !== undefined || values.nested,
  };
}

/** The page budget of issue 21: HTML bytes and elements. */
const BUDGET = {bytes: 1.5 * 1024 * 1024, elements: 20_000};

/** `value` when it is a JSON object; otherwise the error names `what`. */
function object(value: Json | undefined, what: string): JsonObject {
  if (value === undefined || !isObject(value))
    throw new Error(`specs/openapi.yaml: ${what} is not an object`);
  return value;
}

/** A string field with a description, as real specifications write them. */
const field = (name: string, extra: JsonObject = {}): JsonObject => ({
  type: 'string',
  description: `The ${name.replace(/_/g, ' ')} of this component, as the platform records it; see the guide for the values it accepts.`,
  example: `${name}-example`,
  ...extra,
});

/** `count` described string fields named after `stem`. */
function fields(stem: string, count: number): Record<string, JsonObject> {
  return Object.fromEntries(
    Array.from({length: count}, (_, i) => [`${stem}_${i + 1}`, field(`${stem} ${i + 1}`)]),
  );
}

/**
 * A family of named schemas: App embeds AppSpec three times (the app, its active and its pending
 * deployment); AppSpec lists six kinds of component, each with a dozen fields and six nested
 * named parts (health check, autoscaling with its metrics, routes, environment variables, image
 * and git sources), nine levels deep in all.
 */
export function nestedSchemas(): Record<string, JsonObject> {
  const ref = (name: string): JsonObject => ({$ref: `#/components/schemas/${name}`});
  const schemas: Record<string, JsonObject> = {
    CpuMetric: {
      type: 'object',
      properties: {
        percent: {type: 'integer', minimum: 1, maximum: 100, description: 'Target CPU use, in percent.'},
        ...fields('cpu', 3),
      },
    },
    AutoscalingMetrics: {type: 'object', properties: {cpu: ref('CpuMetric'), ...fields('metric', 3)}},
    Autoscaling: {
      type: 'object',
      properties: {
        min_instances: {type: 'integer', minimum: 1},
        max_instances: {type: 'integer', minimum: 1},
        metrics: ref('AutoscalingMetrics'),
        ...fields('scaling', 4),
      },
    },
    HealthCheck: {
      type: 'object',
      properties: {...fields('check', 8), port: {type: 'integer', minimum: 1, maximum: 65535}},
    },
    RouteSpec: {
      type: 'object',
      properties: {path: field('path'), preserve_path_prefix: {type: 'boolean'}, ...fields('route', 4)},
    },
    EnvVar: {
      type: 'object',
      required: ['key'],
      properties: {
        key: field('key'),
        value: field('value'),
        scope: {type: 'string', enum: ['UNSET', 'RUN_TIME', 'BUILD_TIME', 'RUN_AND_BUILD_TIME']},
        type: {type: 'string', enum: ['GENERAL', 'SECRET']},
      },
    },
    ImageSource: {
      type: 'object',
      properties: {
        ...fields('image', 6),
        deploy_on_push: {type: 'object', properties: {enabled: {type: 'boolean'}}},
      },
    },
    GitSource: {type: 'object', properties: fields('git', 5)},
  };
  const component = {
    type: 'object',
    properties: {
      ...fields('setting', 12),
      health_check: ref('HealthCheck'),
      autoscaling: ref('Autoscaling'),
      routes: {type: 'array', items: ref('RouteSpec')},
      envs: {type: 'array', items: ref('EnvVar')},
      image: ref('ImageSource'),
      git: ref('GitSource'),
    },
  };
  const kinds = ['Service', 'Worker', 'Job', 'StaticSite', 'Function', 'Database'];
  for (const kind of kinds) schemas[`${kind}Spec`] = structuredClone(component);
  schemas.AppSpec = {
    type: 'object',
    description: 'The specification of an application: its components and their settings.',
    properties: {
      ...fields('app', 8),
      envs: {type: 'array', items: ref('EnvVar')},
      ...Object.fromEntries(
        kinds.map((k) => [`${k.toLowerCase()}s`, {type: 'array', items: ref(`${k}Spec`)}]),
      ),
    },
  };
  schemas.Deployment = {type: 'object', properties: {...fields('deployment', 6), spec: ref('AppSpec')}};
  schemas.App = {
    type: 'object',
    properties: {
      ...fields('app_state', 6),
      spec: ref('AppSpec'),
      active_deployment: ref('Deployment'),
      pending_deployment: ref('Deployment'),
    },
  };
  return schemas;
}

/** Gives one operation the nested family: its success responses return an App, its body is an AppSpec. */
function embedNested(operation: JsonObject): void {
  const json = (schema: JsonObject): JsonObject => ({'application/json': {schema}});
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2/.test(status) || !isObject(response) || response.$ref !== undefined) continue;
    responses[status] = {
      description: response.description ?? 'The application.',
      content: json({$ref: '#/components/schemas/App'}),
    };
  }
  if (operation.requestBody !== undefined)
    operation.requestBody = {
      required: true,
      content: json({
        type: 'object',
        required: ['spec'],
        properties: {spec: {$ref: '#/components/schemas/AppSpec'}},
      }),
    };
}

/** The product's document with its operations cloned to `count` in all. */
export function scaledDocument(count: number, {nested = false}: {nested?: boolean} = {}): JsonObject {
  const doc = object(
    parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8')) as Json,
    'the document',
  );
  const docPaths = object(doc.paths, 'paths');
  const originals = Object.entries(docPaths).flatMap(([route, item]) =>
    pathItemOperations(object(item, route)).map(({method, operation}) => ({route, method, operation})),
  );
  const paths: Record<string, JsonObject> = {};
  const tags: {name: string; description: string}[] = [];
  for (let i = 0; i < count; i++) {
    const original = originals[i % originals.length];
    if (original === undefined) throw new Error('specs/openapi.yaml has no operation');
    const {route, method, operation} = original;
    const tag = `Area ${String(Math.floor(i / 8) + 1).padStart(3, '0')}`;
    if (tags.at(-1)?.name !== tag) tags.push({name: tag, description: `Generated group ${tag}.`});
    const clone = structuredClone(operation);
    clone.operationId = `${typeof operation.operationId === 'string' ? operation.operationId : method}N${i}`;
    clone.tags = [tag];
    // One tag in four returns and takes the large shared schemas.
    if (nested && Math.floor(i / 8) % 4 === 0) embedNested(clone);
    const clonedRoute = `/scaled/${i}${route}`;
    const item = (paths[clonedRoute] ??= {});
    item[method] = clone;
    // Path-level parameters travel with the operation.
    const parameters = object(docPaths[route], route).parameters;
    if (parameters !== undefined) item.parameters = parameters;
  }
  doc.paths = paths;
  doc.tags = tags;
  if (nested)
    Object.assign(
      object(object(doc.components, 'components').schemas, 'components.schemas'),
      nestedSchemas(),
    );
  return doc;
}

interface TimedBuild {
  seconds: number;
  peakMiB: number | null;
  warnings: number;
}

/** A build that failed, with its output. */
class BuildFailed extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

function timedBuild(outDir: string, env: Record<string, string>): TimedBuild {
  const docusaurus = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const hasTime = existsSync('/usr/bin/time');
  const command = hasTime ? '/usr/bin/time' : process.execPath;
  const commandArgs = hasTime
    ? ['-f', 'BENCH_TIME %e %M', process.execPath, docusaurus, 'build', '--out-dir', outDir]
    : [docusaurus, 'build', '--out-dir', outDir];
  const started = Date.now();
  const result = spawnSync(command, commandArgs, {
    cwd: ROOT,
    env: {...process.env, ...env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (Date.now() - started) / 1000;
  const measured = /BENCH_TIME ([\d.]+) (\d+)/.exec(result.stderr ?? '');
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
  if (result.status !== 0) {
    console.error(output.slice(-4000));
    throw new BuildFailed(`build failed (${outDir})`, output);
  }
  // The api-reference plugin prints one summary line: "[WARNING] [api-reference] N document warnings (…)".
  const summary = /\[api-reference\] (\d+) document warnings? \(/.exec(output);
  return {
    seconds,
    peakMiB: measured ? Math.round(Number(measured[2]) / 1024) : null,
    warnings: summary ? Number(summary[1]) : 0,
  };
}

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function largest(list: string[]): {file: string; bytes: number} {
  return (
    list.map((file) => ({file, bytes: statSync(file).size})).sort((a, b) => b.bytes - a.bytes)[0] ?? {
      file: '(none)',
      bytes: 0,
    }
  );
}

/**
 * Loads `url` in a new page (with the CPU slowed `rate`×) and returns the time until the page has
 * hydrated, the longest main-thread task seen until `settleMs` later, and the elements in the DOM.
 */
/** What the page script collects: the longest task seen. */
declare global {
  interface Window {
    __longest: number;
  }
}

interface Load {
  hydratedMs: number;
  longestTaskMs: number;
  domNodes: number;
}

async function measureLoad(
  browser: Browser,
  url: string,
  {rate = 1, settleMs = 2000, timeout = 120_000}: {rate?: number; settleMs?: number; timeout?: number} = {},
): Promise<Load> {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({type: 'longtask', buffered: true});
  });
  if (rate !== 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate});
  }
  const started = Date.now();
  await page.goto(url, {timeout});
  await page.waitForSelector('html[data-has-hydrated="true"]', {timeout});
  const hydratedMs = Date.now() - started;
  await page.waitForTimeout(settleMs);
  const longestTaskMs = Math.round(await page.evaluate(() => window.__longest));
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  await page.close();
  return {hydratedMs, longestTaskMs, domNodes};
}

/**
 * What the browser lays out for a page as served: its rendered elements and its runs of text (the
 * unit the page planner weighs, `PAGE_WEIGHT_LIMIT`), counted in Chromium with JavaScript off.
 */
async function countBoxes(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    await page.goto(url, {timeout: 120_000});
    return await page.evaluate(() => {
      let boxes = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      const rendered = (element: Element | null): boolean =>
        element !== null && element.getClientRects().length > 0;
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if (node instanceof Text) {
          if (node.data.trim() !== '' && rendered(node.parentElement)) boxes++;
        } else if (node instanceof Element && rendered(node)) boxes++;
      }
      return boxes;
    });
  } finally {
    await context.close();
  }
}

/**
 * The `count` reference pages that lay out the most boxes. Boxes, not bytes or elements, are what
 * the first layout costs, so the pages are ranked by boxes counted in Chromium; only the
 * `shortlist` pages whose HTML has the most elements and runs of text are counted (a load each).
 */
interface Weighed {
  route: string;
  bytes: number;
  elements: number;
  textRuns: number;
  html: string;
}

interface Counted {
  route: string;
  bytes?: number;
  elements?: number;
  boxes: number;
  product?: boolean;
}

async function heaviestPages(
  browser: Browser,
  serverUrl: string,
  weighed: Weighed[],
  {count = 3, shortlist = 8} = {},
): Promise<Counted[]> {
  const candidates = [...weighed]
    .sort((a, b) => b.elements + b.textRuns - (a.elements + a.textRuns))
    .slice(0, shortlist);
  const counted: Counted[] = [];
  for (const p of candidates)
    counted.push({
      route: p.route,
      bytes: p.bytes,
      elements: p.elements,
      boxes: await countBoxes(browser, `${serverUrl}${p.route}`),
    });
  return counted.sort((a, b) => b.boxes - a.boxes).slice(0, count);
}

/**
 * The longest task of each target's load with the CPU slowed 4×, over `rounds` rounds that load
 * every target once, the order rotated each round, so a busy spell on the machine falls on all
 * of them alike. One load is noise on a shared machine (the same page has measured 0.6 s and 1.6 s
 * in a row); the median, the range and the ratio to the product's own /rest loaded in the same
 * rounds are the figures to read. The load average before and after says how busy the machine was.
 */
interface SlowPage extends Counted {
  samplesMs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
  loadMedianMs: number;
  ratioToProduct?: number | null;
}

interface SlowLoads {
  loadAverage: number[];
  pages: SlowPage[];
}

async function slowLoads(
  browser: Browser,
  targets: (Counted & {url: string})[],
  rounds: number,
): Promise<SlowLoads> {
  const samples: number[][] = targets.map(() => []);
  const loads: number[][] = targets.map(() => []);
  const loadBefore = os.loadavg()[0];
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < targets.length; k++) {
      const i = (k + round) % targets.length;
      const target = targets[i];
      if (target === undefined) continue;
      const {hydratedMs, longestTaskMs} = await measureLoad(browser, target.url, {
        rate: 4,
        settleMs: 4000,
        timeout: 300_000,
      });
      samples[i]?.push(longestTaskMs);
      loads[i]?.push(hydratedMs);
    }
  return {
    loadAverage: [loadBefore, os.loadavg()[0]].map((n) => Math.round((n ?? NaN) * 10) / 10),
    pages: targets.map((target, i): SlowPage => {
      const taken = samples[i] ?? [];
      return {
        route: target.route,
        ...(target.bytes !== undefined ? {bytes: target.bytes} : {}),
        ...(target.elements !== undefined ? {elements: target.elements} : {}),
        boxes: target.boxes,
        product: target.product === true,
        samplesMs: taken,
        medianMs: Math.round(median(taken)),
        minMs: Math.min(...taken),
        maxMs: Math.max(...taken),
        loadMedianMs: Math.round(median(loads[i] ?? [])),
      };
    }),
  };
}

let productBuild: string | undefined;
/**
 * The product's own site, built once per run from specs/: its /rest is the yardstick every page is
 * loaded beside (the page planner's limit is its weight).
 */
function productSite(): string {
  if (productBuild === undefined) {
    const outDir = path.join(TMP, 'build-product');
    rmSync(outDir, {recursive: true, force: true});
    console.log('\n[bench-scale] building the product site (the yardstick: its own /rest) …');
    timedBuild(outDir, {OPENAPI_FILE: '', ASYNCAPI_FILE: ''});
    productBuild = outDir;
  }
  return productBuild;
}

/**
 * A build's heaviest reference pages, measured: the heaviest at normal speed (load, longest task,
 * DOM), all of them in interleaved loads with the CPU slowed 4× beside the product's /rest, and
 * one traced load of the heaviest that breaks its longest task down. With `intro`, also the bytes
 * /docs/intro prefetches after load.
 */
interface Pages {
  introJsBytes?: number;
  referencePage: string;
  heaviestPage: Counted;
  loadMs: number;
  longestTaskMs: number;
  domNodes: number;
  loadSlowMs: number;
  longestTaskSlowMs: number;
  slowLoads: SlowLoads;
  slowTask: Task | null;
}

async function measurePages(
  outDir: string,
  weighed: Weighed[],
  {intro = false, runs}: {intro?: boolean; runs: number},
): Promise<Pages> {
  const productDir = productSite();
  const server = await startStaticServer(outDir);
  const product = await startStaticServer(productDir);
  const browser = await launchChromium({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  try {
    let introJsBytes = 0;
    if (intro) {
      const page = await browser.newPage();
      // Bytes /docs/intro prefetches after load (idle prefetching included).
      let prefetched = 0;
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'other' || response.url().endsWith('.js')) {
          prefetched += (await response.body().catch(() => Buffer.alloc(0))).length;
        }
      });
      await page.goto(`${server.url}/docs/intro`);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.waitForTimeout(4000);
      introJsBytes = prefetched;
      await page.close();
    }
    const heaviest = await heaviestPages(browser, server.url, weighed);
    const top = heaviest[0];
    if (top === undefined) throw new Error(`${outDir} has no reference page`);
    const productRest: Counted = {
      route: '/rest',
      product: true,
      boxes: await countBoxes(browser, `${product.url}/rest`),
    };
    const normal = await measureLoad(browser, `${server.url}${top.route}`);
    const slow = await slowLoads(
      browser,
      [
        {...productRest, url: `${product.url}/rest`},
        ...heaviest.map((p) => ({...p, url: `${server.url}${p.route}`})),
      ],
      runs,
    );
    const productMedian = slow.pages[0]?.medianMs ?? 0;
    for (const p of slow.pages) p.ratioToProduct = productMedian > 0 ? p.medianMs / productMedian : null;
    // A separate, traced load says what the heaviest page's longest task at 4× consists of.
    const slowTask = await traceLongestTask(browser, `${server.url}${top.route}`);
    return {
      ...(intro ? {introJsBytes} : {}),
      referencePage: top.route,
      heaviestPage: top,
      loadMs: normal.hydratedMs,
      longestTaskMs: normal.longestTaskMs,
      domNodes: normal.domNodes,
      loadSlowMs: slow.pages[1]?.loadMedianMs ?? NaN,
      longestTaskSlowMs: slow.pages[1]?.medianMs ?? NaN,
      slowLoads: slow,
      slowTask,
    };
  } finally {
    await browser.close();
    await server.close();
    await product.close();
  }
}

/** Runs of text in a page's body as served: a first guess at its boxes, before Chromium counts them. */
function textRuns(html: string): number {
  return (html.slice(html.indexOf('<body')).match(/>[^<]*[^<\s][^<]*</g) ?? []).length;
}

/** Elements in a page's HTML as served (before hydration): every opening tag. */
function elementCount(html: string): number {
  return (html.match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
}

/**
 * What a page's markup repeats: field anchors (`<operation>.<request|response.NNN>.<path>`) with the
 * operation part removed, counted; the most repeated paths are the schemas written out many times.
 */
function repeatedFields(html: string): string[] {
  const counts = new Map<string, number>();
  for (const m of html.matchAll(/ id="[^".]+\.(?:request|response\.[^".]+)\.([^"]+)"/g)) {
    const top = (m[1] ?? '').split('.').slice(0, 2).join('.');
    counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([p, n]) => `${p} ×${n}`);
}

function weighPages(outDir: string, pages: string[]): Weighed[] {
  return pages
    .map((file) => {
      const html = readFileSync(file, 'utf8');
      const route = `/${path
        .relative(outDir, file)
        .replace(/\\/g, '/')
        .replace(/(\/index)?\.html$/, '')}`;
      return {
        route,
        bytes: Buffer.byteLength(html),
        elements: elementCount(html),
        textRuns: textRuns(html),
        html,
      };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

const kib = (n: number): string => `${Math.round(n / 1024)} KiB`;
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MB`;
/** The reference pages of a build, weighed (largest first): the ones over budget, the most elements. */
interface OverBudget {
  route: string;
  bytes: number;
  elements: number;
  repeats: string[];
}

export function weighReference(outDir: string): {
  referencePages: string[];
  weighed: Weighed[];
  overBudget: OverBudget[];
  mostElements: number;
} {
  const html = files(outDir, (name) => name.endsWith('.html'));
  const referencePages = html.filter((file) => /[/\\]rest(\.html$|[/\\])/.test(file));
  const weighed = weighPages(outDir, referencePages);
  const overBudget = weighed
    .filter((p) => p.bytes > BUDGET.bytes || p.elements > BUDGET.elements)
    .map(({route, bytes, elements, html}) => ({route, bytes, elements, repeats: repeatedFields(html)}));
  const mostElements = Math.max(...weighed.map((p) => p.elements));
  return {referencePages, weighed, overBudget, mostElements};
}

interface SizeResult extends Pages {
  operations: number;
  shape: Shape;
  overBudget: OverBudget[];
  mostElements: number;
  buildSeconds: number;
  peakMiB: number | null;
  referencePages: number;
  largestReferencePage: {route: string; bytes: number};
  largestJs: {file: string; bytes: number};
  searchIndexBytes: number;
  llmsFullBytes: number;
}

type DocumentResult = {document: string; name: string} & (
  | {built: false; refusal: string}
  | (Pages & {
      built: true;
      warnings: number;
      buildSeconds: number;
      peakMiB: number | null;
      referencePages: number;
      overBudget: OverBudget[];
      largestReferencePage: {route: string; bytes: number};
      mostElements: number;
    })
);

async function generatedResults(options: ScaleOptions): Promise<SizeResult[]> {
  const results: SizeResult[] = [];
  for (const shape of options.generated ? options.shapes : [])
    for (const size of options.sizes) {
      const name = `${size}${shape === 'nested' ? '-nested' : ''}`;
      const docFile = path.join(TMP, `openapi-${name}.yaml`);
      writeFileSync(docFile, stringify(scaledDocument(size, {nested: shape === 'nested'})));
      const outDir = path.join(TMP, `build-${name}`);
      rmSync(outDir, {recursive: true, force: true});
      console.log(`\n[bench-scale] building with ${size} operations (${shape}) …`);
      const build = timedBuild(outDir, {OPENAPI_FILE: docFile});
      const {referencePages, weighed, overBudget, mostElements} = weighReference(outDir);
      const biggestJs = largest(files(path.join(outDir, 'assets/js'), (file) => file.endsWith('.js')));
      const browsing = await measurePages(outDir, weighed, {intro: true, runs: options.runs});
      const first = weighed[0] ?? {route: '(none)', bytes: 0};
      results.push({
        operations: size,
        shape,
        overBudget,
        mostElements,
        buildSeconds: Math.round(build.seconds),
        peakMiB: build.peakMiB,
        referencePages: referencePages.length,
        largestReferencePage: {route: first.route, bytes: first.bytes},
        largestJs: {file: path.basename(biggestJs.file), bytes: biggestJs.bytes},
        searchIndexBytes: statSync(path.join(outDir, 'search-index.json')).size,
        llmsFullBytes: statSync(path.join(outDir, 'llms-full.txt')).size,
        ...browsing,
      });
      if (!options.keep) rmSync(outDir, {recursive: true, force: true});
    }
  return results;
}

/** Why a document was refused: the loader's SpecError (or the build's first [ERROR]) and what follows it. */
export function refusal(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at ') && !line.startsWith('BENCH_TIME'));
  const spec = lines.findIndex((line) => line.includes('SpecError'));
  const at = spec >= 0 ? spec : lines.findIndex((line) => line.includes('[ERROR]'));
  return (at >= 0 ? lines.slice(at, at + 4) : lines.slice(-3)).join(' ').slice(0, 400);
}

async function documentResults(options: ScaleOptions): Promise<DocumentResult[]> {
  const results: DocumentResult[] = [];
  for (const [i, file] of options.documents.entries()) {
    const name = path.basename(file).replace(/\.(ya?ml|json)$/i, '');
    const outDir = path.join(TMP, `build-document-${i + 1}-${name.replace(/[^\w.-]+/g, '_')}`);
    rmSync(outDir, {recursive: true, force: true});
    console.log(`\n[bench-scale] building with ${path.relative(process.cwd(), file)} …`);
    let build: TimedBuild;
    try {
      build = timedBuild(outDir, {OPENAPI_FILE: file});
    } catch (error) {
      results.push({
        document: file,
        name,
        built: false,
        refusal: refusal(error instanceof BuildFailed ? error.output : String(error)),
      });
      rmSync(outDir, {recursive: true, force: true});
      continue;
    }
    const {referencePages, weighed, overBudget, mostElements} = weighReference(outDir);
    const first = weighed[0] ?? {route: '(none)', bytes: 0};
    results.push({
      document: file,
      name,
      built: true,
      warnings: build.warnings,
      buildSeconds: Math.round(build.seconds),
      peakMiB: build.peakMiB,
      referencePages: referencePages.length,
      overBudget,
      largestReferencePage: {route: first.route, bytes: first.bytes},
      mostElements,
      ...(await measurePages(outDir, weighed, {runs: options.runs})),
    });
    if (!options.keep) rmSync(outDir, {recursive: true, force: true});
  }
  return results;
}

export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  if (args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  let options: ScaleOptions;
  try {
    options = scaleOptions(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const runs = options.runs;
  mkdirSync(TMP, {recursive: true});
  const results = await generatedResults(options);
  const documents = await documentResults(options);
  const built = documents.filter((r): r is Extract<DocumentResult, {built: true}> => r.built);

  writeFileSync(
    path.join(ROOT, '.tmp', 'bench-scale.json'),
    `${JSON.stringify([...results, ...documents], null, 2)}\n`,
  );
  if (results.length > 0) {
    console.log(
      '\n| operations | build | peak memory | reference pages | over budget | largest page | most elements | largest JS | search index | llms-full | /docs/intro JS+prefetch | heaviest page | longest task | longest task, CPU 4× slower (median) | DOM |',
    );
    console.log(`|${'--:|'.repeat(15)}`);
  }
  for (const r of results) {
    console.log(
      `| ${r.operations}${r.shape === 'nested' ? ' nested' : ''} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${r.overBudget.length} | ${mb(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${r.mostElements} | ${kib(r.largestJs.bytes)} | ${kib(r.searchIndexBytes)} | ${kib(r.llmsFullBytes)} | ${kib(r.introJsBytes ?? 0)} | ${r.referencePage} (${r.heaviestPage.boxes} boxes) | ${r.longestTaskMs} ms | ${r.longestTaskSlowMs} ms | ${r.domNodes} |`,
    );
  }
  if (documents.length > 0) {
    console.log(
      '\n| document | warnings | build | peak memory | reference pages | over budget | largest page | most elements | heaviest page | load | longest task | load, CPU 4× slower (median) | longest task, CPU 4× slower (median) | DOM |',
    );
    console.log(`|---|${'--:|'.repeat(13)}`);
  }
  for (const r of documents) {
    if (!r.built) {
      console.log(`| ${r.name} | refused: ${r.refusal.replace(/\|/g, '\\|')} |${' |'.repeat(12)}`);
      continue;
    }
    const h = r.heaviestPage;
    console.log(
      `| ${r.name} | ${r.warnings} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${r.overBudget.length} | ${mb(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${r.mostElements} | ${h.route} (${mb(h.bytes ?? 0)}, ${h.boxes} boxes) | ${r.loadMs} ms | ${r.longestTaskMs} ms | ${r.loadSlowMs} ms | ${r.longestTaskSlowMs} ms | ${r.domNodes} |`,
    );
  }
  const traced: [string, string, Task | null][] = [
    ...results.map((r): [string, string, Task | null] => [
      `${r.operations} ${r.shape}`,
      r.referencePage,
      r.slowTask,
    ]),
    ...built.map((r): [string, string, Task | null] => [r.name, r.referencePage, r.slowTask]),
  ];
  const measured: [string, SlowLoads][] = [
    ...results.map((r): [string, SlowLoads] => [`${r.operations} ${r.shape}`, r.slowLoads]),
    ...built.map((r): [string, SlowLoads] => [r.name, r.slowLoads]),
  ];
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  for (const [label, slow] of measured) {
    console.log(
      `\nThe longest task with the CPU slowed 4×, ${label}: ${runs} interleaved loads of each page beside the product's own /rest (load average ${slow.loadAverage[0]} → ${slow.loadAverage[1]})`,
    );
    console.log('\n| page | boxes | elements | median | range | median ÷ product /rest |');
    console.log('|---|--:|--:|--:|--:|--:|');
    for (const p of slow.pages)
      console.log(
        `| ${p.product === true ? "the product's /rest" : p.route} | ${p.boxes} | ${p.elements ?? ''} | ${seconds(p.medianMs)} | ${seconds(p.minMs)}–${seconds(p.maxMs)} | ${p.ratioToProduct == null ? '' : p.ratioToProduct.toFixed(2)} |`,
      );
  }
  if (traced.length > 0)
    console.log(
      '\nThe longest task with the CPU slowed 4× (a separate, traced load of the same page), by self time:',
    );
  for (const [label, route, task] of traced) console.log(`- ${label}, ${route}: ${describeTask(task)}`);
  const overBudget: [string, OverBudget[]][] = [
    ...results.map((r): [string, OverBudget[]] => [`${r.operations} ${r.shape}`, r.overBudget]),
    ...built.map((r): [string, OverBudget[]] => [r.name, r.overBudget]),
  ];
  for (const [label, pages] of overBudget.filter(([, pages]) => pages.length > 0)) {
    console.log(`\nOver budget (${mb(BUDGET.bytes)}, ${BUDGET.elements} elements), ${label}:`);
    for (const p of pages)
      console.log(
        `- ${p.route}: ${mb(p.bytes)}, ${p.elements} elements; most repeated fields: ${p.repeats.join(', ')}`,
      );
  }
}

runIfMain(import.meta.url, () => main());
