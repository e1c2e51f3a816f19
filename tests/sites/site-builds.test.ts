/**
 * Builds of a throw-away copy of the site, to prove what the specification says
 * about the identity living in one place, that a build from a warm bundler cache
 * loads, and that a build is all or nothing. Documents nobody here wrote and the
 * described-once document build in site-documents.test.ts, and the configuration
 * errors in site-errors.test.ts: the other worker runs them meanwhile, since this
 * file's two builds, one after the other, are the longest chain of the tier.
 * One shared copy; node_modules is linked entry by entry, so the copy's Rspack
 * cache (node_modules/.cache) is its own and starts empty.
 *
 * The copy's builds share that cache, as a maintainer's builds do: the first full build (the
 * changed identity, minified) starts cold and writes it, and the warm-cache case's build reads
 * it (it was a file of its own that paid for a cold build of its own).
 */
import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {CHROMIUM_ARGS, launchChromium, testBrowserPath} from '../../scripts/shared/chromium';
import {startStaticServer} from '../../scripts/shared/static-server';
import {scriptArgs} from '../helpers/scripts';
import {copySite} from '../helpers/siteCopy';
import {buildCopy, runInCopy, type BuildResult} from './copyBuild';
import {parse, stringify} from 'yaml';

// Each case is a real build (20–110 s on two cores, many minutes on a busy machine): the bounds are
// generous, never the assertion.
vi.setConfig({testTimeout: 1_800_000, hookTimeout: 1_800_000});

const ROOT = path.resolve(__dirname, '../..');
let site = '';

/**
 * A build of the copy, with the copy's persistent cache. Both builds here are minified, as `npm run
 * build` is, so that the minifier's cached output is part of what the second one reuses; `--no-minify`
 * (which skips the minifier) is for a build checked only on its HTML.
 */
function build(
  args: string[],
  env: Record<string, string> = {},
  {minify = false}: {minify?: boolean} = {},
): BuildResult {
  return buildCopy(site, args, {env, minify});
}

/** `npm run build` (scripts/build/build.ts) in the copy, with `env` added. */
function buildScript(env: Record<string, string>): BuildResult {
  return runInCopy(site, process.execPath, scriptArgs('scripts/build/build.ts', [], site), env, 300_000);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

beforeAll(() => {
  site = copySite('site-copy-', {ownCache: true});
});

afterAll(() => {
  if (site) rmSync(site, {recursive: true, force: true});
});

describe('a build with other identity values and a broken link', () => {
  let result: BuildResult;
  let outDir = '';
  const original = parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8')) as {
    info: {title: string; contact: {email: string}; 'x-status-page': string; 'x-provider-name': string};
    servers: {url: string}[];
  };
  const changed = {
    title: 'Changed Identity Trading API',
    email: 'changed-contact@example.org',
    status: 'https://changed-status.example.org',
    host: 'https://changed-preprod.example.org',
  };

  beforeAll(() => {
    const doc = structuredClone(original);
    doc.info.title = changed.title;
    doc.info.contact.email = changed.email;
    doc.info['x-status-page'] = changed.status;
    const [first] = doc.servers;
    if (first === undefined) throw new Error('specs/openapi.yaml lists no server');
    first.url = changed.host;
    const file = path.join(site, 'changed-openapi.yaml');
    writeFileSync(file, stringify(doc));
    mkdirSync(path.join(site, 'docs'), {recursive: true});
    writeFileSync(
      path.join(site, 'docs/broken_link.md'),
      '---\ntitle: Broken link\n---\n\n# Broken link\n\nSee [nowhere](/this/route/does-not-exist).\n',
    );
    outDir = path.join(site, 'out-identity');
    // The copy's first full build: minified, from an empty cache, which it fills (see the warm-cache case below).
    result = build(['--out-dir', outDir], {OPENAPI_FILE: file}, {minify: true});
  });

  test('a broken link only warns: the build succeeds and names the link', () => {
    expect(result.status, result.output.slice(-3000)).toBe(0);
    expect(result.output).toMatch(/broken link/i);
    expect(result.output).toContain('/this/route/does-not-exist');
  });

  test('every page follows the changed identity and none keeps the old one', () => {
    // Redirect stubs (/docs → /docs/intro) are not pages: they carry no content.
    const pages = htmlFiles(outDir).filter(
      (file) => !readFileSync(file, 'utf8').includes('http-equiv="refresh"'),
    );
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      const name = path.relative(outDir, page);
      expect(html, name).toContain(changed.title);
      expect(html, name).toContain(`mailto:${changed.email}`);
      expect(html, name).toContain(changed.status);
      // The site's own identity places (document title, navbar, footer) follow the
      // change; the documents' descriptions may still name the API in prose.
      const docTitle = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      expect(docTitle, name).toContain(changed.title);
      const navbarTitle = /class="navbar__title[^"]*">([^<]*)</.exec(html)?.[1];
      expect(navbarTitle, name).toBe(changed.title);
      // The footer and navbar (the site's own places) carry only the new identity; the
      // documents' prose may still quote the old address until it is edited there too
      // (tests/specs/identity-consistency.test.ts keeps the documents consistent).
      const chrome = [
        /<nav[^>]*navbar[\s\S]*?<\/nav>/.exec(html)?.[0],
        /<footer[\s\S]*?<\/footer>/.exec(html)?.[0],
      ]
        .filter((part): part is string => part !== undefined)
        .join('\n');
      expect(chrome, name).toContain(`mailto:${changed.email}`);
      expect(chrome, name).not.toContain(original.info.contact.email);
      expect(chrome, name).not.toContain(original.info['x-status-page']);
    }
  });
});

describe('a build from a warm cache, of a changed document that splits the reference, loads without a crash', () => {
  // The document gets two more POST operations with a request body each: more validators, and the
  // reference over its one-page weight, so it splits into an index and per-tag pages. What once made
  // every page crash here ("Cannot read properties of undefined": a cached module naming an old
  // runtime chunk id) is checked on the product build itself, where it would show
  // (tests/build/site-output.test.ts, "no module is conditioned on a runtime chunk id"); this case
  // proves the whole path a maintainer takes: change the documents, build from the kept cache, load.
  // It made 150 more operations, a 164-operation build of 370 s of CPU time, for the ids to grow.
  const EXTRA_REQUEST_BODIES = 2;
  const cache = (): string => path.join(site, 'node_modules/.cache/rspack');
  let result: BuildResult;
  let outDir = '';

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
      doc.paths[`/api/cache-test/${i}`] = {
        post: {...structuredClone(withBody), operationId: `cacheTestOperation${i}`},
      };
    }
    const file = path.join(site, 'larger-openapi.yaml');
    writeFileSync(file, stringify(doc));
    return file;
  }

  beforeAll(() => {
    // The identity build above (minified, the product's document with other identity values) filled
    // the cache; run on its own, this case makes its first build itself.
    if (!existsSync(cache())) {
      const first = build(['--out-dir', path.join(site, 'out-first')], {}, {minify: true});
      if (first.status !== 0) throw new Error(`the first build failed:\n${first.output.slice(-3000)}`);
    }
    outDir = path.join(site, 'out-larger');
    // Should Rspack abort restoring the cache (its own fault, scripts/build/bundlerCache.ts), buildCopy
    // builds again without it and the output begins with "[copy build]": that run then shows a cold
    // build's pages only, and says so in the test's output.
    result = build(
      ['--out-dir', outDir],
      {OPENAPI_FILE: largerDocument(EXTRA_REQUEST_BODIES)},
      {minify: true},
    );
  });

  test('the second build succeeds from the kept cache, and its pages and old links work in Chromium', async () => {
    expect(result.status, result.output.slice(-3000)).toBe(0);
    expect(readdirSync(cache()).length, 'the cache was kept').toBeGreaterThan(0);
    const server = await startStaticServer(outDir);
    const browser = await launchChromium({executablePath: testBrowserPath(), args: CHROMIUM_ARGS});
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const route of ['/rest', '/docs/getting_started', '/docs/ws']) {
        await page.goto(`${server.url}${route}`);
        await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 30_000});
        expect(await page.getByText('This page crashed', {exact: false}).count(), route).toBe(0);
        await expect.poll(() => page.locator('h1').count(), {timeout: 10_000}).toBeGreaterThan(0);
      }
      // The reference is an index plus per-tag pages: an old /rest#<operation> link is forwarded to
      // the operation's own page, where its heading is.
      const last = `cacheTestOperation${EXTRA_REQUEST_BODIES - 1}`;
      await page.goto(`${server.url}/rest#${last}`);
      await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 30_000});
      await expect
        .poll(() => new URL(page.url()).pathname, {timeout: 10_000})
        .toMatch(/^\/rest\/[a-z0-9-]+$/);
      expect(new URL(page.url()).hash).toBe(`#${last}`);
      await expect.poll(() => page.locator(`h3[id="${last}"]`).count(), {timeout: 10_000}).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});

describe('npm run build publishes all or nothing', () => {
  test('a build that fails leaves build/ as it was and no staging folder', () => {
    const out = path.join(site, 'build');
    mkdirSync(out, {recursive: true});
    writeFileSync(path.join(out, 'marker.txt'), 'previous build');
    const {status, output} = buildScript({OPENAPI_FILE: 'no-such-openapi.yaml'});
    expect(status, output.slice(-2000)).not.toBe(0);
    expect(output).toContain('no-such-openapi.yaml');
    expect(output).toContain(
      'The build failed: nothing was published. build/ still holds the previous complete build.',
    );
    expect(readdirSync(out)).toEqual(['marker.txt']);
    expect(existsSync(path.join(site, '.build-staging'))).toBe(false);
  });

  test('npm run site builds first: a build that fails stops it before anything is served', () => {
    // The serving half is tests/build/site-command.test.ts; this is the command's build half.
    const {status, output} = runInCopy(
      site,
      'npm',
      ['run', '-s', 'site', '--', '--port', '9'],
      {OPENAPI_FILE: 'no-such-openapi.yaml'},
      300_000,
    );
    expect(status, output.slice(-2000)).not.toBe(0);
    expect(output).toContain('no-such-openapi.yaml');
    expect(output).toContain('The build failed: nothing was published.');
    expect(output).not.toContain('Serving');
  });

  test('STRICT_DOCUMENTS=1: a document with warnings fails within seconds, naming each one', () => {
    const out = path.join(site, 'build');
    mkdirSync(out, {recursive: true});
    writeFileSync(path.join(out, 'marker.txt'), 'previous build');
    // Redoc's OpenAPI 3.0 demo (tests/fixtures/README.md): builds with two warnings, unless strict.
    const demo = path.join(ROOT, 'tests/fixtures/openapi/redoc-demo/openapi.yaml');
    const {status, output} = buildScript({OPENAPI_FILE: demo, STRICT_DOCUMENTS: '1'});
    expect(status, output.slice(-2000)).not.toBe(0);
    expect(output).toContain(`${demo} has 2 problem(s), and STRICT_DOCUMENTS makes them errors:`);
    expect(output).toMatch(
      /at JSON pointer "\/components\/schemas\/User\/properties\/addresses" \(line 1155\): "additionalItems"/,
    );
    expect(output).toContain('The build failed: nothing was published.');
    expect(readdirSync(out)).toEqual(['marker.txt']);
  });
});
