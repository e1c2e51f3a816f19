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
 * Usage: node scripts/bench-scale.mjs [--sizes 250,659] [--keep]
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
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The product's document with its operations cloned to `count` in all. */
export function scaledDocument(count) {
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
    const clonedRoute = `/scaled/${i}${route}`;
    paths[clonedRoute] ??= {};
    paths[clonedRoute][method] = clone;
    // Path-level parameters travel with the operation.
    if (doc.paths[route].parameters) paths[clonedRoute].parameters = doc.paths[route].parameters;
  }
  doc.paths = paths;
  doc.tags = tags;
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
    return {introJsBytes: introBytes, referencePage, hydratedMs, longestTaskMs, domNodes};
  } finally {
    await browser.close();
    await server.close();
  }
}

const kib = (n) => `${Math.round(n / 1024)} KiB`;
mkdirSync(TMP, {recursive: true});
const results = [];
for (const size of sizes) {
  const docFile = path.join(TMP, `openapi-${size}.yaml`);
  writeFileSync(docFile, stringify(scaledDocument(size)));
  const outDir = path.join(TMP, `build-${size}`);
  rmSync(outDir, {recursive: true, force: true});
  console.log(`\n[bench-scale] building with ${size} operations …`);
  const build = timedBuild(outDir, {OPENAPI_FILE: docFile});
  const html = files(outDir, (name) => name.endsWith('.html'));
  const referencePages = html.filter((file) => /[/\\]rest(\.html$|[/\\])/.test(file));
  const biggestPage = largest(referencePages);
  const biggestJs = largest(files(path.join(outDir, 'assets/js'), (name) => name.endsWith('.js')));
  const route = `/${path
    .relative(outDir, biggestPage.file)
    .replace(/\\/g, '/')
    .replace(/\.html$/, '')}`;
  const browsing = await browse(outDir, route);
  const result = {
    operations: size,
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
  '\n| operations | build | peak memory | reference pages | largest page | largest JS | search index | llms-full | /docs/intro JS+prefetch | longest task | DOM |',
);
console.log('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const r of results) {
  console.log(
    `| ${r.operations} | ${r.buildSeconds} s | ${r.peakMiB ?? '?'} MiB | ${r.referencePages} | ${kib(r.largestReferencePage.bytes)} (${r.largestReferencePage.route}) | ${kib(r.largestJs.bytes)} | ${kib(r.searchIndexBytes)} | ${kib(r.llmsFullBytes)} | ${kib(r.introJsBytes)} | ${r.longestTaskMs} ms | ${r.domNodes} |`,
  );
}
