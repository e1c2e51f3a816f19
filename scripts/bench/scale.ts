#!/usr/bin/env node
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
 * breaks its longest task at 4× down (scripts/longest-task.mjs): HTML parsing, style, layout,
 * paint, script (hydration included), garbage collection, with the elements it styled and the
 * layout objects it laid out.
 *
 * Usage: node scripts/bench-scale.mjs [--sizes 250,659] [--nested | --shapes plain,nested]
 *          [--document path/to/openapi.yaml ...] [--runs 5] [--keep]
 * Writes .tmp/bench-scale.json. Needs /usr/bin/time (Debian package `time`) for peak memory.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createJiti} from 'jiti';
import {parse, stringify} from 'yaml';
import {chromium} from '@playwright/test';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
import {describeTask, traceLongestTask} from './longest-task.mjs';
import {startStaticServer} from './static-server.mjs';
import {median} from './median.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TMP = path.join(ROOT, '.tmp', 'bench-scale');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const sizes = option('--sizes', '250,659')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => n > 0);
const keep = args.includes('--keep');
/** Interleaved loads of each measured page with the CPU slowed 4× (`--runs 9` for more). */
const runs = Math.max(1, Number(option('--runs', '5')) || 5);
const shapes = option('--shapes', args.includes('--nested') ? 'nested' : 'plain')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s === 'plain' || s === 'nested');
/** OpenAPI documents given with `--document a.yaml --document b.yaml` or `--document a.yaml,b.yaml`. */
const documents = args
  .flatMap((arg, i) => (arg === '--document' && args[i + 1] !== undefined ? args[i + 1].split(',') : []))
  .map((file) => file.trim())
  .filter((file) => file !== '')
  .map((file) => path.resolve(file));
const generated =
  documents.length === 0 || ['--sizes', '--nested', '--shapes'].some((name) => args.includes(name));
/** The page budget of issue 21: HTML bytes and elements. */
const BUDGET = {bytes: 1.5 * 1024 * 1024, elements: 20_000};
const {pathItemOperations} = await createJiti(import.meta.url).import(
  '../plugins/api-reference/document/operations.ts',
);

/** A string field with a description, as real specifications write them. */
const field = (name, extra = {}) => ({
  type: 'string',
  description: `The ${name.replace(/_/g, ' ')} of this component, as the platform records it; see the guide for the values it accepts.`,
  example: `${name}-example`,
  ...extra,
});

/** `count` described string fields named after `stem`. */
function fields(stem, count) {
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
export function nestedSchemas() {
  const ref = (name) => ({$ref: `#/components/schemas/${name}`});
  const schemas = {
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
function embedNested(operation) {
  const json = (schema) => ({'application/json': {schema}});
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!/^2/.test(status) || response.$ref !== undefined) continue;
    operation.responses[status] = {
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
export function scaledDocument(count, {nested = false} = {}) {
  const doc = parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8'));
  const originals = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const {method, operation} of pathItemOperations(item)) originals.push({route, method, operation});
  }
  const paths = {};
  const tags = [];
  for (let i = 0; i < count; i++) {
    const {route, method, operation} = originals[i % originals.length];
    const tag = `Area ${String(Math.floor(i / 8) + 1).padStart(3, '0')}`;
    if (tags.at(-1)?.name !== tag) tags.push({name: tag, description: `Generated group ${tag}.`});
    const clone = structuredClone(operation);
    clone.operationId = `${operation.operationId ?? method}N${i}`;
    clone.tags = [tag];
    // One tag in four returns and takes the large shared schemas.
    if (nested && Math.floor(i / 8) % 4 === 0) embedNested(clone);
    const clonedRoute = `/scaled/${i}${route}`;
    paths[clonedRoute] ??= {};
    paths[clonedRoute][method] = clone;
    // Path-level parameters travel with the operation.
    if (doc.paths[route].parameters) paths[clonedRoute].parameters = doc.paths[route].parameters;
  }
  doc.paths = paths;
  doc.tags = tags;
  if (nested) Object.assign(doc.components.schemas, nestedSchemas());
  return doc;
}

function timedBuild(outDir, env) {
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
    throw Object.assign(new Error(`build failed (${outDir})`), {output});
  }
  // The api-reference plugin prints one summary line: "[WARNING] [api-reference] N document warnings (…)".
  const summary = /\[api-reference\] (\d+) document warnings? \(/.exec(output);
  return {
    seconds,
    peakMiB: measured ? Math.round(Number(measured[2]) / 1024) : null,
    warnings: summary ? Number(summary[1]) : 0,
  };
}

function files(dir, test) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function largest(list) {
  return list.map((file) => ({file, bytes: statSync(file).size})).sort((a, b) => b.bytes - a.bytes)[0];
}

/**
 * Loads `url` in a new page (with the CPU slowed `rate`×) and returns the time until the page has
 * hydrated, the longest main-thread task seen until `settleMs` later, and the elements in the DOM.
 */
async function measureLoad(browser, url, {rate = 1, settleMs = 2000, timeout = 120_000} = {}) {
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
async function countBoxes(browser, url) {
  const context = await browser.newContext({javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    await page.goto(url, {timeout: 120_000});
    return await page.evaluate(() => {
      let boxes = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      const rendered = (element) => element !== null && element.getClientRects().length > 0;
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          if (node.data.trim() !== '' && rendered(node.parentElement)) boxes++;
        } else if (rendered(node)) boxes++;
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
async function heaviestPages(browser, serverUrl, weighed, {count = 3, shortlist = 8} = {}) {
  const candidates = [...weighed]
    .sort((a, b) => b.elements + b.textRuns - (a.elements + a.textRuns))
    .slice(0, shortlist);
  const counted = [];
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
async function slowLoads(browser, targets, rounds) {
  const samples = targets.map(() => []);
  const loads = targets.map(() => []);
  const loadBefore = os.loadavg()[0];
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < targets.length; k++) {
      const i = (k + round) % targets.length;
      const {hydratedMs, longestTaskMs} = await measureLoad(browser, targets[i].url, {
        rate: 4,
        settleMs: 4000,
        timeout: 300_000,
      });
      samples[i].push(longestTaskMs);
      loads[i].push(hydratedMs);
    }
  return {
    loadAverage: [loadBefore, os.loadavg()[0]].map((n) => Math.round(n * 10) / 10),
    pages: targets.map((target, i) => ({
      route: target.route,
      bytes: target.bytes,
      elements: target.elements,
      boxes: target.boxes,
      product: target.product === true,
      samplesMs: samples[i],
      medianMs: Math.round(median(samples[i])),
      minMs: Math.min(...samples[i]),
      maxMs: Math.max(...samples[i]),
      loadMedianMs: Math.round(median(loads[i])),
    })),
  };
}

let productBuild;
/**
 * The product's own site, built once per run from specs/: its /rest is the yardstick every page is
 * loaded beside (the page planner's limit is its weight).
 */
function productSite() {
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
async function measurePages(outDir, weighed, {intro = false} = {}) {
  const productDir = productSite();
  const server = await startStaticServer(outDir);
  const product = await startStaticServer(productDir);
  const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  try {
    let introJsBytes;
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
    const productRest = {
      route: '/rest',
      product: true,
      boxes: await countBoxes(browser, `${product.url}/rest`),
    };
    const normal = await measureLoad(browser, `${server.url}${heaviest[0].route}`);
    const slow = await slowLoads(
      browser,
      [
        {...productRest, url: `${product.url}/rest`},
        ...heaviest.map((p) => ({...p, url: `${server.url}${p.route}`})),
      ],
      runs,
    );
    const productMedian = slow.pages[0].medianMs;
    for (const p of slow.pages) p.ratioToProduct = productMedian > 0 ? p.medianMs / productMedian : null;
    // A separate, traced load says what the heaviest page's longest task at 4× consists of.
    const slowTask = await traceLongestTask(browser, `${server.url}${heaviest[0].route}`);
    return {
      ...(intro ? {introJsBytes} : {}),
      referencePage: heaviest[0].route,
      heaviestPage: heaviest[0],
      loadMs: normal.hydratedMs,
      longestTaskMs: normal.longestTaskMs,
      domNodes: normal.domNodes,
      loadSlowMs: slow.pages[1].loadMedianMs,
      longestTaskSlowMs: slow.pages[1].medianMs,
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
function textRuns(html) {
  return (html.slice(html.indexOf('<body')).match(/>[^<]*[^<\s][^<]*</g) ?? []).length;
}

/** Elements in a page's HTML as served (before hydration): every opening tag. */
function elementCount(html) {
  return (html.match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
}

/**
 * What a page's markup repeats: field anchors (`<operation>.<request|response.NNN>.<path>`) with the
 * operation part removed, counted; the most repeated paths are the schemas written out many times.
 */
function repeatedFields(html) {
  const counts = new Map();
  for (const m of html.matchAll(/ id="[^".]+\.(?:request|response\.[^".]+)\.([^"]+)"/g)) {
    const top = m[1].split('.').slice(0, 2).join('.');
    counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([p, n]) => `${p} ×${n}`);
}

function weighPages(outDir, pages) {
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

const kib = (n) => `${Math.round(n / 1024)} KiB`;
const mb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;
/** The reference pages of a build, weighed (largest first): the ones over budget, the most elements. */
function weighReference(outDir) {
  const html = files(outDir, (name) => name.endsWith('.html'));
  const referencePages = html.filter((file) => /[/\\]rest(\.html$|[/\\])/.test(file));
  const weighed = weighPages(outDir, referencePages);
  const overBudget = weighed
    .filter((p) => p.bytes > BUDGET.bytes || p.elements > BUDGET.elements)
    .map(({route, bytes, elements, html}) => ({route, bytes, elements, repeats: repeatedFields(html)}));
  const mostElements = Math.max(...weighed.map((p) => p.elements));
  return {referencePages, weighed, overBudget, mostElements};
}

mkdirSync(TMP, {recursive: true});
const results = [];
for (const shape of generated ? shapes : [])
  for (const size of sizes) {
    const name = `${size}${shape === 'nested' ? '-nested' : ''}`;
    const docFile = path.join(TMP, `openapi-${name}.yaml`);
    writeFileSync(docFile, stringify(scaledDocument(size, {nested: shape === 'nested'})));
    const outDir = path.join(TMP, `build-${name}`);
    rmSync(outDir, {recursive: true, force: true});
    console.log(`\n[bench-scale] building with ${size} operations (${shape}) …`);
    const build = timedBuild(outDir, {OPENAPI_FILE: docFile});
    const {referencePages, weighed, overBudget, mostElements} = weighReference(outDir);
    const biggestJs = largest(files(path.join(outDir, 'assets/js'), (name) => name.endsWith('.js')));
    const browsing = await measurePages(outDir, weighed, {intro: true});
    const result = {
      operations: size,
      shape,
      overBudget,
      mostElements,
      buildSeconds: Math.round(build.seconds),
      peakMiB: build.peakMiB,
      referencePages: referencePages.length,
      largestReferencePage: {route: weighed[0].route, bytes: weighed[0].bytes},
      largestJs: {file: path.basename(biggestJs.file), bytes: biggestJs.bytes},
      searchIndexBytes: statSync(path.join(outDir, 'search-index.json')).size,
      llmsFullBytes: statSync(path.join(outDir, 'llms-full.txt')).size,
      ...browsing,
    };
    results.push(result);
    if (!keep) rmSync(outDir, {recursive: true, force: true});
  }

/** Why a document was refused: the loader's SpecError (or the build's first [ERROR]) and what follows it. */
function refusal(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at ') && !line.startsWith('BENCH_TIME'));
  const spec = lines.findIndex((line) => line.includes('SpecError'));
  const at = spec >= 0 ? spec : lines.findIndex((line) => line.includes('[ERROR]'));
  return (at >= 0 ? lines.slice(at, at + 4) : lines.slice(-3)).join(' ').slice(0, 400);
}

const documentResults = [];
for (const [i, file] of documents.entries()) {
  const name = path.basename(file).replace(/\.(ya?ml|json)$/i, '');
  const outDir = path.join(TMP, `build-document-${i + 1}-${name.replace(/[^\w.-]+/g, '_')}`);
  rmSync(outDir, {recursive: true, force: true});
  console.log(`\n[bench-scale] building with ${path.relative(process.cwd(), file)} …`);
  let build;
  try {
    build = timedBuild(outDir, {OPENAPI_FILE: file});
  } catch (error) {
    documentResults.push({
      document: file,
      name,
      built: false,
      refusal: refusal(error.output ?? String(error)),
    });
    rmSync(outDir, {recursive: true, force: true});
    continue;
  }
  const {referencePages, weighed, overBudget, mostElements} = weighReference(outDir);
  documentResults.push({
    document: file,
    name,
    built: true,
    warnings: build.warnings,
    buildSeconds: Math.round(build.seconds),
    peakMiB: build.peakMiB,
    referencePages: referencePages.length,
    overBudget,
    largestReferencePage: {route: weighed[0].route, bytes: weighed[0].bytes},
    mostElements,
    ...(await measurePages(outDir, weighed)),
  });
  if (!keep) rmSync(outDir, {recursive: true, force: true});
}

writeFileSync(
  path.join(ROOT, '.tmp', 'bench-scale.json'),
  `${JSON.stringify([...results, ...documentResults], null, 2)}\n`,
);
if (results.length > 0) {
  console.log(
    '\n| operations | build | peak memory | reference pages | over budget | largest page | most elements | largest JS | search index | llms-full | /docs/intro JS+prefetch | heaviest page | longest task | longest task, CPU 4× slower (median) | DOM |',
  );
  console.log(`|${'--:|'.repeat(15)}`);
}
for (const r of results) {
  console.log(
    `| ${r.operations}${r.shape === 'nested' ? ' nested' : ''} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${r.overBudget.length} | ${mb(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${r.mostElements} | ${kib(r.largestJs.bytes)} | ${kib(r.searchIndexBytes)} | ${kib(r.llmsFullBytes)} | ${kib(r.introJsBytes)} | ${r.referencePage} (${r.heaviestPage.boxes} boxes) | ${r.longestTaskMs} ms | ${r.longestTaskSlowMs} ms | ${r.domNodes} |`,
  );
}
if (documentResults.length > 0) {
  console.log(
    '\n| document | warnings | build | peak memory | reference pages | over budget | largest page | most elements | heaviest page | load | longest task | load, CPU 4× slower (median) | longest task, CPU 4× slower (median) | DOM |',
  );
  console.log(`|---|${'--:|'.repeat(13)}`);
}
for (const r of documentResults) {
  if (!r.built) {
    console.log(`| ${r.name} | refused: ${r.refusal.replace(/\|/g, '\\|')} |${' |'.repeat(12)}`);
    continue;
  }
  const h = r.heaviestPage;
  console.log(
    `| ${r.name} | ${r.warnings} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${r.overBudget.length} | ${mb(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${r.mostElements} | ${h.route} (${mb(h.bytes)}, ${h.boxes} boxes) | ${r.loadMs} ms | ${r.longestTaskMs} ms | ${r.loadSlowMs} ms | ${r.longestTaskSlowMs} ms | ${r.domNodes} |`,
  );
}
const traced = [
  ...results.map((r) => [`${r.operations} ${r.shape}`, r.referencePage, r.slowTask]),
  ...documentResults.filter((r) => r.built).map((r) => [r.name, r.referencePage, r.slowTask]),
];
const measured = [
  ...results.map((r) => [`${r.operations} ${r.shape}`, r.slowLoads]),
  ...documentResults.filter((r) => r.built).map((r) => [r.name, r.slowLoads]),
];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
for (const [label, slow] of measured) {
  console.log(
    `\nThe longest task with the CPU slowed 4×, ${label}: ${runs} interleaved loads of each page beside the product's own /rest (load average ${slow.loadAverage[0]} → ${slow.loadAverage[1]})`,
  );
  console.log('\n| page | boxes | elements | median | range | median ÷ product /rest |');
  console.log('|---|--:|--:|--:|--:|--:|');
  for (const p of slow.pages)
    console.log(
      `| ${p.product ? "the product's /rest" : p.route} | ${p.boxes} | ${p.elements ?? ''} | ${seconds(p.medianMs)} | ${seconds(p.minMs)}–${seconds(p.maxMs)} | ${p.ratioToProduct === null ? '' : p.ratioToProduct.toFixed(2)} |`,
    );
}
if (traced.length > 0)
  console.log(
    '\nThe longest task with the CPU slowed 4× (a separate, traced load of the same page), by self time:',
  );
for (const [label, route, task] of traced) console.log(`- ${label}, ${route}: ${describeTask(task)}`);
for (const r of [...results, ...documentResults].filter((x) => x.overBudget?.length > 0)) {
  console.log(
    `\nOver budget (${mb(BUDGET.bytes)}, ${BUDGET.elements} elements), ${r.name ?? `${r.operations} ${r.shape}`}:`,
  );
  for (const p of r.overBudget)
    console.log(
      `- ${p.route}: ${mb(p.bytes)}, ${p.elements} elements; most repeated fields: ${p.repeats.join(', ')}`,
    );
}
