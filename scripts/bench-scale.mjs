#!/usr/bin/env node
/**
 * Scale benchmark (figures, never pass/fail): builds the site against OpenAPI
 * documents of several sizes and reports, per size, the build's wall time and
 * peak memory, the largest reference page (HTML bytes), the largest JavaScript
 * file, the search index and llms-full.txt, what /docs/intro prefetches, and
 * the longest main-thread task while the largest reference page loads.
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
 * build time and peak memory, reference pages, pages over budget, the largest page's HTML bytes, the
 * most elements, and for the heaviest page (by elements) its load time (until hydrated) and longest
 * main-thread task, at normal speed and with the CPU slowed 4×. Generated documents are then built
 * only if `--sizes`, `--nested` or `--shapes` is given too.
 *
 * For the page measured, a third load with the CPU slowed 4× is traced (scripts/longest-task.mjs) and
 * its longest task is broken down: HTML parsing, style, layout, paint, script (hydration included),
 * garbage collection, with the elements it styled and the layout objects it laid out.
 *
 * Usage: node scripts/bench-scale.mjs [--sizes 250,659] [--nested | --shapes plain,nested]
 *          [--document path/to/openapi.yaml ...] [--keep]
 * Writes .tmp/bench-scale.json. Needs /usr/bin/time (Debian package `time`) for peak memory.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse, stringify} from 'yaml';
import {chromium} from '@playwright/test';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
import {describeTask, traceLongestTask} from './longest-task.mjs';
import {startStaticServer} from './static-server.mjs';

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
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

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
    for (const method of METHODS) if (item[method]) originals.push({route, method, operation: item[method]});
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

async function browse(outDir, referencePage) {
  const server = await startStaticServer(outDir);
  const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  try {
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
    const introBytes = prefetched;

    const {hydratedMs, longestTaskMs, domNodes} = await measureLoad(browser, `${server.url}${referencePage}`);
    // Again with the CPU slowed 4× (a mid-range phone): the issue's budget is a longest task under 1 s.
    const slow = await measureLoad(browser, `${server.url}${referencePage}`, {
      rate: 4,
      settleMs: 4000,
      timeout: 300_000,
    });
    // A third load, traced, says what the longest task at 4× consists of (the trace costs a little time).
    const slowTask = await traceLongestTask(browser, `${server.url}${referencePage}`);
    return {
      introJsBytes: introBytes,
      referencePage,
      hydratedMs,
      longestTaskMs,
      longestTaskSlowMs: slow.longestTaskMs,
      domNodes,
      slowTask,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The heaviest page of a given document, at normal speed and with the CPU slowed 4×. */
async function browseHeaviest(outDir, route) {
  const server = await startStaticServer(outDir);
  const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  try {
    const normal = await measureLoad(browser, `${server.url}${route}`);
    const slow = await measureLoad(browser, `${server.url}${route}`, {
      rate: 4,
      settleMs: 4000,
      timeout: 300_000,
    });
    const slowTask = await traceLongestTask(browser, `${server.url}${route}`);
    return {
      route,
      slowTask,
      loadMs: normal.hydratedMs,
      longestTaskMs: normal.longestTaskMs,
      loadSlowMs: slow.hydratedMs,
      longestTaskSlowMs: slow.longestTaskMs,
      domNodes: normal.domNodes,
    };
  } finally {
    await browser.close();
    await server.close();
  }
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
      return {route, bytes: Buffer.byteLength(html), elements: elementCount(html), html};
    })
    .sort((a, b) => b.bytes - a.bytes);
}

const kib = (n) => `${Math.round(n / 1024)} KiB`;
const mb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;
/** The reference pages of a build, weighed: the ones over budget, the most elements, the heaviest page. */
function weighReference(outDir) {
  const html = files(outDir, (name) => name.endsWith('.html'));
  const referencePages = html.filter((file) => /[/\\]rest(\.html$|[/\\])/.test(file));
  const weighed = weighPages(outDir, referencePages);
  const overBudget = weighed
    .filter((p) => p.bytes > BUDGET.bytes || p.elements > BUDGET.elements)
    .map(({route, bytes, elements, html}) => ({route, bytes, elements, repeats: repeatedFields(html)}));
  const mostElements = Math.max(...weighed.map((p) => p.elements));
  const heaviest = weighed.find((p) => p.elements === mostElements);
  return {referencePages, weighed, overBudget, mostElements, heaviest};
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
    const {referencePages, overBudget, mostElements} = weighReference(outDir);
    const biggestPage = largest(referencePages);
    const biggestJs = largest(files(path.join(outDir, 'assets/js'), (name) => name.endsWith('.js')));
    const route = `/${path
      .relative(outDir, biggestPage.file)
      .replace(/\\/g, '/')
      .replace(/\.html$/, '')}`;
    const browsing = await browse(outDir, route);
    const result = {
      operations: size,
      shape,
      overBudget,
      mostElements,
      buildSeconds: Math.round(build.seconds),
      peakMiB: build.peakMiB,
      referencePages: referencePages.length,
      largestReferencePage: {route, bytes: biggestPage.bytes},
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
  const {referencePages, weighed, overBudget, mostElements, heaviest} = weighReference(outDir);
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
    heaviestPage: {
      elements: heaviest.elements,
      bytes: heaviest.bytes,
      ...(await browseHeaviest(outDir, heaviest.route)),
    },
  });
  if (!keep) rmSync(outDir, {recursive: true, force: true});
}

writeFileSync(
  path.join(ROOT, '.tmp', 'bench-scale.json'),
  `${JSON.stringify([...results, ...documentResults], null, 2)}\n`,
);
if (results.length > 0) {
  console.log(
    '\n| operations | build | peak memory | reference pages | over budget | largest page | most elements | largest JS | search index | llms-full | /docs/intro JS+prefetch | longest task | longest task, CPU 4× slower | DOM |',
  );
  console.log(`|${'--:|'.repeat(14)}`);
}
for (const r of results) {
  console.log(
    `| ${r.operations}${r.shape === 'nested' ? ' nested' : ''} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${r.overBudget.length} | ${mb(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${r.mostElements} | ${kib(r.largestJs.bytes)} | ${kib(r.searchIndexBytes)} | ${kib(r.llmsFullBytes)} | ${kib(r.introJsBytes)} | ${r.longestTaskMs} ms | ${r.longestTaskSlowMs} ms | ${r.domNodes} |`,
  );
}
if (documentResults.length > 0) {
  console.log(
    '\n| document | warnings | build | peak memory | reference pages | over budget | largest page | most elements | heaviest page | load | longest task | load, CPU 4× slower | longest task, CPU 4× slower | DOM |',
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
    `| ${r.name} | ${r.warnings} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${r.overBudget.length} | ${mb(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${r.mostElements} | ${h.route} (${mb(h.bytes)}) | ${h.loadMs} ms | ${h.longestTaskMs} ms | ${h.loadSlowMs} ms | ${h.longestTaskSlowMs} ms | ${h.domNodes} |`,
  );
}
const traced = [
  ...results.map((r) => [`${r.operations} ${r.shape}`, r.referencePage, r.slowTask]),
  ...documentResults
    .filter((r) => r.built)
    .map((r) => [r.name, r.heaviestPage.route, r.heaviestPage.slowTask]),
];
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
