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
 * Usage: node scripts/bench-scale.mjs [--sizes 250,659] [--nested | --shapes plain,nested] [--keep]
 * Writes .tmp/bench-scale.json. Needs /usr/bin/time (Debian package `time`) for peak memory.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse, stringify} from 'yaml';
import {chromium} from '@playwright/test';
import {CHROME_PATH, CHROMIUM_ARGS} from './chromium.mjs';
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
  if (result.status !== 0) {
    console.error(`${result.stdout}\n${result.stderr}`.slice(-4000));
    throw new Error(`build failed (${outDir})`);
  }
  return {seconds, peakMiB: measured ? Math.round(Number(measured[2]) / 1024) : null};
}

function files(dir, test) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function largest(list) {
  return list.map((file) => ({file, bytes: statSync(file).size})).sort((a, b) => b.bytes - a.bytes)[0];
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

    const longPage = await browser.newPage();
    await longPage.addInitScript(() => {
      window.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({type: 'longtask', buffered: true});
    });
    const started = Date.now();
    await longPage.goto(`${server.url}${referencePage}`, {timeout: 120_000});
    await longPage.waitForSelector('html[data-has-hydrated="true"]', {timeout: 120_000});
    const hydratedMs = Date.now() - started;
    await longPage.waitForTimeout(2000);
    const longestTaskMs = Math.round(await longPage.evaluate(() => window.__longest));
    const domNodes = await longPage.evaluate(() => document.getElementsByTagName('*').length);
    // Again with the CPU slowed 4× (a mid-range phone): the budget is a longest task under 1 s.
    const slowPage = await browser.newPage();
    await slowPage.addInitScript(() => {
      window.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({type: 'longtask', buffered: true});
    });
    const cdp = await slowPage.context().newCDPSession(slowPage);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    await slowPage.goto(`${server.url}${referencePage}`, {timeout: 300_000});
    await slowPage.waitForSelector('html[data-has-hydrated="true"]', {timeout: 300_000});
    await slowPage.waitForTimeout(4000);
    const longestTaskSlowMs = Math.round(await slowPage.evaluate(() => window.__longest));
    return {introJsBytes: introBytes, referencePage, hydratedMs, longestTaskMs, longestTaskSlowMs, domNodes};
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
mkdirSync(TMP, {recursive: true});
const results = [];
for (const shape of shapes)
  for (const size of sizes) {
    const name = `${size}${shape === 'nested' ? '-nested' : ''}`;
    const docFile = path.join(TMP, `openapi-${name}.yaml`);
    writeFileSync(docFile, stringify(scaledDocument(size, {nested: shape === 'nested'})));
    const outDir = path.join(TMP, `build-${name}`);
    rmSync(outDir, {recursive: true, force: true});
    console.log(`\n[bench-scale] building with ${size} operations (${shape}) …`);
    const build = timedBuild(outDir, {OPENAPI_FILE: docFile});
    const html = files(outDir, (name) => name.endsWith('.html'));
    const referencePages = html.filter((file) => /[/\\]rest(\.html$|[/\\])/.test(file));
    const weighed = weighPages(outDir, referencePages);
    const overBudget = weighed
      .filter((p) => p.bytes > BUDGET.bytes || p.elements > BUDGET.elements)
      .map(({route, bytes, elements, html}) => ({route, bytes, elements, repeats: repeatedFields(html)}));
    const mostElements = Math.max(...weighed.map((p) => p.elements));
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

writeFileSync(path.join(ROOT, '.tmp', 'bench-scale.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  '\n| operations | build | peak memory | reference pages | over budget | largest page | most elements | largest JS | search index | llms-full | /docs/intro JS+prefetch | longest task | longest task, CPU 4× slower | DOM |',
);
console.log(`|${'--:|'.repeat(14)}`);
for (const r of results) {
  console.log(
    `| ${r.operations}${r.shape === 'nested' ? ' nested' : ''} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${r.overBudget.length} | ${mb(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${r.mostElements} | ${kib(r.largestJs.bytes)} | ${kib(r.searchIndexBytes)} | ${kib(r.llmsFullBytes)} | ${kib(r.introJsBytes)} | ${r.longestTaskMs} ms | ${r.longestTaskSlowMs} ms | ${r.domNodes} |`,
  );
}
for (const r of results.filter((x) => x.overBudget.length > 0)) {
  console.log(
    `\nOver budget (${mb(BUDGET.bytes)}, ${BUDGET.elements} elements), ${r.operations} ${r.shape}:`,
  );
  for (const p of r.overBudget)
    console.log(
      `- ${p.route}: ${mb(p.bytes)}, ${p.elements} elements; most repeated fields: ${p.repeats.join(', ')}`,
    );
}
