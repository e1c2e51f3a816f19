/**
 * Two builds in a row with webpack's persistent cache kept, the second against a
 * document with many more request bodies (so many more validator chunks, and
 * webpack's deterministic chunk ids one digit longer). The second build must run
 * in a browser: a stale cached module once named the old runtime chunk id and
 * every page crashed with "Cannot read properties of undefined".
 *
 * The copy gets its own node_modules folder (entries linked one by one), so its
 * cache (`node_modules/.cache`) is its own and starts empty.
 */
import {spawn, spawnSync} from 'node:child_process';
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {afterAll, beforeAll, expect, test, vi} from 'vitest';
import {parse, stringify} from 'yaml';
import {CHROME_PATH, CHROMIUM_ARGS} from '../../scripts/shared/chromium';
import {copySite} from '../helpers/siteCopy';

vi.setConfig({testTimeout: 900_000, hookTimeout: 900_000});

const ROOT = path.resolve(__dirname, '../..');
/** Extra POST operations with a request body each: enough to lengthen webpack's chunk ids. */
const EXTRA_REQUEST_BODIES = 150;

let site = '';

function build(outDir: string, env: Record<string, string> = {}): void {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', outDir],
    {cwd: site, env: {...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1'}, encoding: 'utf8', timeout: 600_000},
  );
  expect(result.status, `${result.stdout}\n${result.stderr}`.slice(-3000)).toBe(0);
}

/** The product's document with `count` more operations that each take a request body. */
function largerDocument(count: number): string {
  const doc = parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, {operationId?: string; requestBody?: unknown}>>;
  };
  const withBody = Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .find((operation) => operation.requestBody !== undefined);
  if (withBody === undefined) throw new Error('specs/openapi.yaml has no operation with a request body');
  for (let i = 0; i < count; i++) {
    doc.paths[`/api/cache-test/${i}`] = {post: {...structuredClone(withBody), operationId: `cacheTestOperation${i}`}};
  }
  const file = path.join(site, 'larger-openapi.yaml');
  writeFileSync(file, stringify(doc));
  return file;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

beforeAll(() => {
  site = copySite('site-cache-', {ownCache: true});
});

afterAll(() => {
  if (site) rmSync(site, {recursive: true, force: true});
});

test('a second build with more request bodies, from a warm cache, loads without a crash', async () => {
  build('out-first');
  build('out-second', {OPENAPI_FILE: largerDocument(EXTRA_REQUEST_BODIES)});
  expect(readdirSync(path.join(site, 'node_modules/.cache/webpack')).length, 'the cache was kept').toBeGreaterThan(0);

  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'serve',
      '--dir',
      'out-second',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--no-open',
    ],
    {cwd: site, stdio: 'ignore'},
  );
  const browser = await chromium.launch({executablePath: CHROME_PATH, args: CHROMIUM_ARGS});
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const base = `http://127.0.0.1:${port}`;
    // Bounded wait for the server: 60 tries, 250 ms apart.
    for (let attempt = 0; ; attempt++) {
      const ok = await fetch(`${base}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (attempt >= 60) throw new Error('docusaurus serve did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (const route of ['/rest', '/docs/getting_started', '/docs/ws']) {
      await page.goto(`${base}${route}`);
      await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 30_000});
      expect(await page.getByText('This page crashed', {exact: false}).count(), route).toBe(0);
      await expect.poll(() => page.locator('h1').count(), {timeout: 10_000}).toBeGreaterThan(0);
    }
    // With 164 operations the reference is an index plus per-tag pages: an old /rest#<operation>
    // link is forwarded to the operation's own page, where its heading is.
    const last = `cacheTestOperation${EXTRA_REQUEST_BODIES - 1}`;
    await page.goto(`${base}/rest#${last}`);
    await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 30_000});
    await expect.poll(() => new URL(page.url()).pathname, {timeout: 10_000}).toMatch(/^\/rest\/[a-z0-9-]+$/);
    expect(new URL(page.url()).hash).toBe(`#${last}`);
    await expect.poll(() => page.locator(`h3[id="${last}"]`).count(), {timeout: 10_000}).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    server.kill();
  }
});
