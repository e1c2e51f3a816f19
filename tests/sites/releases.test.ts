/**
 * A copy of the site given three more releases by `npm run release` (the
 * command itself, in the copy), each carrying some of the common changes, then
 * built once: the history page lists them newest first with their changes,
 * flagged and linked into the current reference, and the Atom feed and the JSON
 * file list them.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseDocument, DomUtils} from 'htmlparser2';
import {chromium, type Browser, type BrowserContext} from '@playwright/test';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {CHROMIUM_ARGS, testBrowserPath} from '../../scripts/shared/chromium';
import {startStaticServer} from '../../scripts/shared/static-server';
import {scriptArgs} from '../helpers/scripts';
import {copySite} from '../helpers/siteCopy';
import {buildCopy} from './copyBuild';
import {axeViolationsIn} from '../helpers/axe';
import {untilSettled} from '../helpers/settle';
import {parse, stringify} from 'yaml';

vi.setConfig({testTimeout: 600_000, hookTimeout: 900_000});

const ROOT = path.resolve(__dirname, '../..');
let site = '';
let out = '';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
type Doc = any;

function editDocs(version: string, edit: (openapi: Doc, asyncapi: Doc) => void): void {
  const files = ['openapi', 'asyncapi'].map((name) => path.join(site, 'specs', `${name}.yaml`));
  const [openapi, asyncapi] = files.map((file) => parse(readFileSync(file, 'utf8')) as Doc);
  edit(openapi, asyncapi);
  openapi.info.version = version;
  asyncapi.info.version = version;
  writeFileSync(files[0] as string, stringify(openapi));
  writeFileSync(files[1] as string, stringify(asyncapi));
}

function release(): string {
  return execFileSync(process.execPath, scriptArgs('scripts/build/release.ts', [], site), {
    cwd: site,
    encoding: 'utf8',
  });
}

function page(route: string): string {
  // Text as read: React's separators and the line-break hints in code (<wbr>) set aside.
  return readFileSync(path.join(out, `${route}.html`), 'utf8')
    .replaceAll('<!-- -->', '')
    .replace(/<wbr\/?>/g, '');
}

/**
 * One Chromium and one static server of the build for the whole file, started by the first test
 * that needs them (closed in afterAll).
 */
let shared: Promise<{browser: Browser; url: string; close: () => Promise<void>}> | undefined;

/**
 * Runs a browser test on the build: `base` is the server's address, and each `newContext` a fresh
 * context (its own storage, as a fresh browser would give) at a width, closed when the test ends.
 */
async function inChromium(
  run: (on: {base: string; newContext: (width?: number) => Promise<BrowserContext>}) => Promise<void>,
): Promise<void> {
  shared ??= (async () => {
    const server = await startStaticServer(out);
    const browser = await chromium.launch({executablePath: testBrowserPath(), args: CHROMIUM_ARGS});
    return {
      browser,
      url: server.url,
      close: async () => {
        await browser.close();
        await server.close();
      },
    };
  })();
  const {browser, url} = await shared;
  const contexts: BrowserContext[] = [];
  try {
    await run({
      base: url,
      newContext: async (width = 1280) => {
        const context = await browser.newContext({viewport: {width, height: 900}});
        contexts.push(context);
        return context;
      },
    });
  } finally {
    for (const context of contexts) await context.close();
  }
}

beforeAll(() => {
  site = copySite('site-releases-');

  // 2.1.0: additions only.
  editDocs('2.1.0', (openapi, asyncapi) => {
    openapi.paths['/api/ping'] = {
      get: {
        operationId: 'ping',
        summary: 'Ping',
        tags: ['Instruments'],
        responses: {'204': {description: 'Alive.'}},
      },
    };
    openapi.paths['/api/orders'].get.parameters.push({name: 'note', in: 'query', schema: {type: 'string'}});
    asyncapi.components.messages.price_notice = {
      name: 'price_notice',
      title: 'Price notice',
      payload: {type: 'object', properties: {text: {type: 'string'}}},
    };
    asyncapi.channels.prices.messages.price_notice = {$ref: '#/components/messages/price_notice'};
    // Deprecations: one whose sunset has passed (removed in 4.0.0), one that stays.
    Object.assign(openapi.components.parameters.PriceFrom, {deprecated: true, 'x-sunset': '2026-01-31'});
    Object.assign(openapi.components.parameters.PriceTo, {deprecated: true, 'x-sunset': '2099-12-31'});
  });
  release();
  // 3.0.0: breaking request changes and a removed response field.
  editDocs('3.0.0', (openapi) => {
    openapi.paths['/api/orders'].get.parameters.unshift({
      name: 'account_id',
      in: 'query',
      required: true,
      schema: {type: 'string'},
    });
    openapi.components.parameters.SideQuery.schema = {...openapi.components.schemas.Side, enum: ['BUY']};
    openapi.components.parameters.OrderRefQuery.schema = {
      ...openapi.components.schemas.OrderRef,
      maxLength: 50,
    };
    const list = openapi.components.schemas.TransactionListResponse;
    delete list.properties.pagination;
    list.required = ['transaction_history'];
    // A shared component: every list operation's `limit` default.
    openapi.components.schemas.PageLimit.default = 50;
  });
  release();
  // A person's note on a computed change, keyed by what changed (every use of it).
  const notes = path.join(site, 'specs/releases/3.0.0/release.yaml');
  writeFileSync(
    notes,
    `${readFileSync(notes, 'utf8')}changes:\n  rest:/components/schemas/PageLimit: Send limit=100 to keep pages of 100.\n`,
  );
  // 4.0.0: a removed operation, an enum value added to a server message, a moved channel.
  editDocs('4.0.0', (openapi, asyncapi) => {
    delete openapi.paths['/api/ping'];
    openapi.paths['/api/trades'].get.parameters = openapi.paths['/api/trades'].get.parameters.filter(
      (p: {$ref?: string}) => p.$ref !== '#/components/parameters/PriceFrom',
    );
    asyncapi.components.schemas.PriceStatus.enum.push('STALE');
    asyncapi.channels.orders.address = '/ws/v4/orders';
  });
  release();
  // 4.1.0, not recorded: the upcoming release, previewed at /releases/next/. It adds an operation.
  editDocs('4.1.0', (openapi) => {
    openapi.paths['/api/quotes'] = {
      get: {
        operationId: 'listQuotes',
        summary: 'List quotes',
        tags: ['Instruments'],
        responses: {'204': {description: 'No quotes.'}},
      },
    };
  });
  writeFileSync(path.join(site, 'specs/releases/next.yaml'), 'date: 2099-03-01\n');

  out = path.join(site, 'build-releases');
  // Checked on its HTML, feed and JSON and in Chromium, never on the form of its JavaScript: not
  // minified, and no persistent cache written (nothing reads it again). Badges for the two newest
  // releases (the default is one).
  const result = buildCopy(site, ['--out-dir', out], {
    env: {RELEASE_BADGES: '2', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
    timeoutMs: 900_000,
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.output.slice(-3000)}`);
});

afterAll(async () => {
  await (await shared)?.close();
  // KEEP_SITE=1 keeps the copy and its build, to look at by hand.
  if (site && process.env.KEEP_SITE !== '1') rmSync(site, {recursive: true, force: true});
  else if (site) console.log(`kept: ${site}`);
});

describe('a site with four releases made by npm run release, and an upcoming one', () => {
  test('release:check passes in the copy: every change was recorded', () => {
    const checked = spawnSync(process.execPath, scriptArgs('scripts/build/release.ts', ['--check'], site), {
      cwd: site,
      encoding: 'utf8',
    });
    expect(checked.status, checked.stderr).toBe(0);
  });

  test('the history lists the releases newest first, with dates not published and changes flagged in words', () => {
    const html = page('version-history');
    const headings = [...html.matchAll(/<h2[^>]*id="(v[0-9-]+)"/g)].map((m) => m[1]);
    expect(headings).toEqual(['v4-0-0', 'v3-0-0', 'v2-1-0', 'v2-0-0']);
    // The working documents carry 4.1.0: the upcoming release, first, with its date and its preview.
    expect(html).not.toContain('Unreleased');
    expect(html).toMatch(/<h2[^>]*id="unreleased"[^>]*>4\.1\.0 \(upcoming\)/);
    expect(html).toContain('The upcoming release (planned for 2099-03-01)');
    expect(html.match(/Release date: not published/g)).toHaveLength(4);
    expect(html).toContain(
      'New required query parameter <code>account_id</code>: requests without it are refused.',
    );
    expect(html).toContain('New optional query parameter <code>note</code>: requests may include it.');
    expect(html).toContain(
      'Query parameter <code>side</code> no longer accepts <code>SELL</code>: requests that use it are refused.',
    );
    expect(html).toContain(
      'Field <code>price_update.update_list[].status</code> can now be <code>STALE</code>: clients must be ready to receive it.',
    );
    expect(html).toMatch(
      /address changed from <code>\/ws\/orders<\/code> to <code>\/ws\/v4\/orders<\/code>: clients must connect to the new address/,
    );
    expect(html).toContain('Query parameter <code>order_ref</code>: maximum length lowered from 100 to 50.');
    expect(html).toContain(
      'Field <code>pagination</code> of the 200 response removed: clients that read it will no longer find it.',
    );
    // A shared component's change under every operation that uses it, with the person's note beside it.
    const v3 = /<section[^>]*aria-labelledby="v3-0-0">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    const limit =
      'Requests that leave out query parameter <code>limit</code> now get <code>50</code>, not <code>100</code>.';
    expect(v3.split(limit).length - 1).toBe(5);
    // The note on every use of the shared schema: shown once, each line pointing to it.
    expect(v3.split('Send limit=100 to keep pages of 100.').length - 1).toBe(1);
    expect(v3).toContain('on every use of schema <code>PageLimit</code>');
    expect(v3.split('see note 1').length - 1).toBeGreaterThanOrEqual(5);
    // Deprecation, then removal after the sunset, as announced.
    expect(html).toContain(
      // 2.1.0 has no published date and was recorded after the sunset: the sentence says it had passed.
      'Query parameter <code>price_from</code> deprecated, sunset 2026-01-31, a date already passed: stop using it now',
    );
    expect(html).toContain(
      'Query parameter <code>price_from</code> removed as announced in 2.1.0 (sunset 2026-01-31): requests that still use it may now be refused.',
    );
    // The removed operation is said to be gone, not linked.
    const gone = [...html.matchAll(/<p class="[^"]*subject[^"]*">([\s\S]*?)<\/p>/g)]
      .map((m) => m[1] ?? '')
      .filter((p) => p.includes('GET /api/ping'));
    expect(gone.length).toBeGreaterThan(0);
    for (const p of gone) {
      expect(p).toContain('(no longer in the reference)');
      expect(p).not.toContain('<a');
    }
    // The "changes since" control is there with the recorded versions.
    expect(html).toMatch(/<select[^>]*>.*<option value="3\.0\.0"[^>]*>3\.0\.0<\/option>/s);
    expect(html).toContain('Changes since a version');
  });

  test('every link of the history resolves: released changes into the current reference, upcoming ones into the preview', () => {
    const html = page('version-history');
    const links = [
      ...html.matchAll(/href="\/(rest|docs\/ws|releases\/next\/rest|releases\/next\/ws)#([^"]+)"/g),
    ];
    expect(links.length).toBeGreaterThan(8);
    for (const [, where, anchor] of links)
      expect(page(where as string), `${where}#${anchor}`).toContain(`id="${anchor}"`);
    expect(html).toContain('href="/releases/next/rest#listQuotes"');
    expect(html).toContain('href="/rest#listOrders.query.account_id"');
    expect(html).toContain('href="/docs/ws#new_order"');
  });

  test('each operation and message has a History disclosure: the releases that changed it, newest first, no script', () => {
    const rest = page('rest');
    /** The HTML of one element of a reference, from its heading to the next article. */
    const element = (html: string, id: string): string => {
      const start = html.indexOf(`id="${id}"`);
      expect(start, id).toBeGreaterThan(0);
      const end = html.indexOf('<article', start);
      return html.slice(start, end < 0 ? undefined : end);
    };
    const orders = element(rest, 'listOrders');
    const details = /<details[^>]*>([\s\S]*?)<\/details>/.exec(orders)?.[1] ?? '';
    // The summary names the entries; 4.0.0 did not change listOrders.
    expect(details).toMatch(
      /<summary>History <span[^>]*>\(3\.0\.0; 2\.1\.0; 2\.0\.0, amendment 1\)<\/span><\/summary>/,
    );
    // Each entry links to its place in the history and lists its lines with their verdicts.
    const links = [...details.matchAll(/<a href="\/version-history#([^"]+)">([^<]+)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([
      ['v3-0-0', '3.0.0'],
      ['v2-1-0', '2.1.0'],
      ['v2-0-0-amendment-1', '2.0.0, amendment 1'],
    ]);
    expect(details).toContain(
      'Breaking: </strong>New required query parameter <code>account_id</code>: requests without it are refused.',
    );
    expect(details).toContain('New optional query parameter <code>note</code>: requests may include it.');
    expect(details).toContain('(a correction of the documents: the API did not change)');
    // An operation no release changed has none (its fields' disclosures are not a History).
    expect(element(rest, 'getRiskFigures')).not.toContain('<summary>History');
    // A server message whose enum 4.0.0 grew: its history on /docs/ws.
    const ws = page('docs/ws');
    const prices = element(ws, 'price_update');
    expect(prices).toMatch(/<summary>History <span[^>]*>\(4\.0\.0/);
    expect(prices).toContain('can now be <code>STALE</code>');
  });

  test('the deprecations list and the published rules', () => {
    const html = page('version-history');
    const deprecations =
      /<section aria-labelledby="deprecations">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(deprecations).toMatch(
      /<a href="\/rest#listTrades\.query\.price_to">.*price_to.*<\/a> · deprecated in <a href="\/version-history#v2-1-0">2\.1\.0<\/a> · sunset <time[^>]*>2099-12-31<\/time>/,
    );
    expect(deprecations).not.toContain('price_from');
    const rules =
      /<section aria-labelledby="how-changes-are-classified">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(rules.match(/<tr>/g)?.length).toBeGreaterThan(30);
    expect(rules).toContain('A value added to a list of allowed values');
    expect(html).toContain('href="#how-changes-are-classified"');
    // The reference marks the deprecated parameter with its release and sunset.
    const rest = page('rest');
    const row = new RegExp('<tr id="listTrades\\.query\\.price_to"[\\s\\S]*?</th>').exec(rest)?.[0] ?? '';
    expect(row).toMatch(
      /deprecated in <a[^>]*href="\/version-history#v2-1-0"[^>]*>2\.1\.0<\/a>, sunset <time[^>]*>2099-12-31<\/time>/,
    );
  });

  test('the Atom feed parses, is linked with rel="alternate" and lists the releases', () => {
    expect(page('version-history')).toMatch(
      /<link[^>]*rel="alternate"[^>]*type="application\/atom\+xml"[^>]*href="\/version-history\/feed.xml"/,
    );
    const feed = parseDocument(readFileSync(path.join(out, 'version-history/feed.xml'), 'utf8'), {
      xmlMode: true,
    });
    const root = DomUtils.findOne((e) => e.name === 'feed', feed.children);
    expect(root?.attribs.xmlns).toBe('http://www.w3.org/2005/Atom');
    const entries = DomUtils.findAll((e) => e.name === 'entry', feed.children);
    const titles = entries.map((e) =>
      DomUtils.textContent(DomUtils.findOne((x) => x.name === 'title', e.children) ?? e),
    );
    // The product's own amendments of 2.0.0 (specs/releases/2.0.0/release.yaml) are entries too, after the later releases.
    const amendments = titles.filter((t) => /^2\.0\.0, amendment \d+/.test(t));
    expect(titles.slice(5, 5 + amendments.length)).toEqual(amendments);
    expect(titles.filter((t) => !amendments.includes(t))).toEqual([
      'Deprecated today (1)',
      '4.1.0 (upcoming)',
      expect.stringMatching(/^4\.0\.0 \(\d+ breaking\)$/),
      expect.stringMatching(/^3\.0\.0 \(\d+ breaking\)$/),
      '2.1.0',
      '2.0.0',
    ]);
    // Stable dates: a release with no published date stands at the day it was recorded, never the build's time.
    const updated = entries.map((e) =>
      DomUtils.textContent(DomUtils.findOne((x) => x.name === 'updated', e.children) ?? e),
    );
    expect(updated.every((d) => /^\d{4}-\d{2}-\d{2}T00:00:00Z$/.test(d))).toBe(true);
    // The upcoming release links to its preview (noindex pages) and never stands at its planned date.
    const upcoming = entries[1];
    expect(DomUtils.findOne((x) => x.name === 'link', upcoming?.children ?? [])?.attribs.href).toMatch(
      /\/releases\/next\/rest$/,
    );
    expect(updated[1]).not.toContain('2099');
    expect(readFileSync(path.join(out, 'releases/next/rest.html'), 'utf8')).toContain(
      '<meta data-rh="true" name="robots" content="noindex">',
    );
    const json = JSON.parse(readFileSync(path.join(out, 'version-history/changes.json'), 'utf8')) as {
      releases: Array<{version: string; bump: string; kind: string; changes: Array<{note?: string}>}>;
      deprecations: Array<{item: string; sunset: string | null; deprecatedIn: string | null}>;
    };
    expect(json.deprecations).toEqual([
      expect.objectContaining({
        item: 'Query parameter `price_to`',
        sunset: '2099-12-31',
        deprecatedIn: '2.1.0',
      }),
    ]);
    expect(
      json.releases.find((r) => r.version === '3.0.0')?.changes.filter((c) => c.note !== undefined),
    ).toHaveLength(5);
    expect(json.releases.filter((r) => r.kind === 'release').map((r) => [r.version, r.bump])).toEqual([
      ['4.0.0', 'major'],
      ['3.0.0', 'major'],
      ['2.1.0', 'minor'],
      ['2.0.0', 'none'],
    ]);
  });

  test('the references carry "New in" / "Changed in" badges of the two newest releases, linking to their entries', () => {
    const rest = page('rest');
    const row = (id: string): string =>
      new RegExp(`<tr id="${id.replace(/\./g, '\\.')}"[\\s\\S]*?</th>`).exec(rest)?.[0] ?? '';
    expect(row('listOrders.query.account_id')).toMatch(
      /<a[^>]*href="\/version-history#v3-0-0"[^>]*>New in 3\.0\.0<\/a>/,
    );
    expect(row('listOrders.query.side')).toMatch(
      /<a[^>]*href="\/version-history#v3-0-0"[^>]*>Changed in 3\.0\.0<\/a>/,
    );
    expect(row('listOrders.query.note')).not.toContain('in 2.1.0'); // three releases back: no badge
    const ws = page('docs/ws');
    expect(ws).toMatch(/<a[^>]*href="\/version-history#v4-0-0"[^>]*>Changed in 4\.0\.0<\/a>/);
    // The enum value 4.0.0 added: "New in 4.0.0" right after that value, the field keeps "Changed in".
    const status =
      /<li[^>]*id="price_update\.price_update\.update_list\[\]\.status"[\s\S]*?<\/li>/.exec(ws)?.[0] ?? '';
    expect(status).toMatch(/<a[^>]*href="\/version-history#v4-0-0"[^>]*>Changed in 4\.0\.0<\/a>/);
    expect(status).toMatch(
      /&quot;STALE&quot;<\/code> <a[^>]*href="\/version-history#v4-0-0"[^>]*>New in 4\.0\.0<\/a>/,
    );
    expect(status.match(/New in 4\.0\.0/g)).toHaveLength(1);
  });

  test('each older release has its reference, the newest stays at /rest (built once), the upcoming one is previewed', () => {
    const text = (route: string): string =>
      page(route)
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
    // `ping` came in 2.1.0 and went in 4.0.0; `listQuotes` comes in the upcoming 4.1.0.
    expect(page('releases/2.0.0/rest')).not.toContain('id="ping"');
    expect(page('releases/2.1.0/rest')).toContain('id="ping"');
    expect(page('releases/3.0.0/rest')).toContain('id="ping"');
    expect(page('rest')).not.toContain('id="ping"');
    expect(page('rest')).not.toContain('id="listQuotes"');
    expect(page('releases/next/rest')).toContain('id="listQuotes"');
    expect(existsSync(path.join(out, 'releases/4.0.0'))).toBe(false);
    // Banners: the release read, the current one, the preview's date.
    expect(text('releases/2.0.0/rest')).toContain('You are reading 2.0.0 . The current version is 4.0.0.');
    expect(text('releases/next/ws')).toContain(
      'You are reading the upcoming release 4.1.0 (planned for 2099-03-01).',
    );
    expect(text('rest')).not.toContain('You are reading');
    // Older pages are not indexed and name the current page canonical; the current pages are indexed.
    for (const [route, canonical] of [
      ['releases/2.0.0/rest', '/rest'],
      ['releases/3.0.0/ws', '/docs/ws'],
      ['releases/next/rest', '/rest'],
    ] as const) {
      const html = page(route);
      expect(html, route).toContain('<meta data-rh="true" name="robots" content="noindex">');
      expect(html.match(/rel="canonical"/g), route).toHaveLength(1);
      expect(html, route).toMatch(
        new RegExp(`<link data-rh="true" rel="canonical" href="https?://[^"]+${canonical}">`),
      );
    }
    expect(page('rest')).not.toContain('noindex');
    // Badges as of the release: 3.0.0's page marks 3.0.0's and 2.1.0's changes, never 4.0.0's.
    const badges = (route: string): string[] =>
      [...new Set(page(route).match(/(?:New|Changed) in \d+\.\d+\.\d+/g) ?? [])].sort();
    expect(badges('releases/3.0.0/rest')).toEqual([
      'Changed in 2.1.0',
      'Changed in 3.0.0',
      'New in 2.1.0',
      'New in 3.0.0',
    ]);
    expect(badges('releases/2.0.0/rest')).toEqual([]);
    expect(badges('releases/next/rest')).toContain('New in 4.1.0');
    // The release's documents, as recorded (amendments applied), beside its reference.
    const recorded = parse(readFileSync(path.join(out, 'releases/2.0.0/openapi.yaml'), 'utf8')) as Doc;
    expect(recorded.info.version).toBe('2.0.0');
    expect(readFileSync(path.join(out, 'releases/2.0.0/openapi.yaml'), 'utf8')).toBe(
      readFileSync(path.join(site, 'specs/releases/2.0.0/openapi.yaml'), 'utf8'),
    );
    expect(JSON.parse(readFileSync(path.join(out, 'releases/next/asyncapi.json'), 'utf8')).info.version).toBe(
      '4.1.0',
    );
    expect(page('releases/2.0.0/rest')).toContain('href="/releases/2.0.0/openapi.yaml"');
    // llms.txt and llms-full.txt describe the current release only; each release page keeps its Markdown copy.
    expect(readFileSync(path.join(out, 'llms.txt'), 'utf8')).not.toContain('/releases/');
    // (llms-full.txt carries the version history, whose upcoming section names listQuotes: not a release page.)
    expect(readFileSync(path.join(out, 'llms-full.txt'), 'utf8')).not.toContain('You are reading');
    expect(existsSync(path.join(out, 'releases/2.0.0/rest.md'))).toBe(true);
    // Older pages leave out the validator and the request builder, compiled for the current documents only.
    expect(text('releases/2.0.0/rest')).toContain(
      'The payload validator and the request builder are on the current release',
    );
  });

  test('in Chromium: the switcher keeps the operation, a missing one gets a notice, no request leaves, axe is clean', async () => {
    await inChromium(async ({base, newContext}) => {
      const foreign: string[] = [];
      const context = await newContext();
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (!url.startsWith(base)) {
          foreign.push(url);
          return route.abort();
        }
        return route.continue();
      });
      const page = await context.newPage();
      const open = async (url: string): Promise<void> => {
        await page.goto(`${base}${url}`);
        await page.waitForSelector('html[data-has-hydrated="true"]');
      };
      const switchTo = async (label: string): Promise<void> => {
        await page.getByRole('form', {name: 'Release'}).getByLabel('Release').selectOption({label});
        await page.getByRole('button', {name: 'Open'}).press('Enter');
      };
      // Same operation in another release, announced.
      await open('/rest#listOrders');
      await switchTo('2.0.0');
      await page.waitForURL(/\/releases\/2\.0\.0\/rest#listOrders$/);
      await expect
        .poll(() => page.getByRole('status').filter({hasText: 'Now reading'}).textContent())
        .toBe('Now reading 2.0.0.');
      expect(await page.locator('[id="listOrders"]').isVisible()).toBe(true);
      // Missing in the target: a notice saying when it came or went, never a silent jump.
      await open('/releases/3.0.0/rest#ping');
      await switchTo('4.0.0 (current)');
      await page.waitForURL(/\/rest#ping$/);
      await expect
        .poll(() => page.getByRole('status').filter({hasText: 'is not in'}).textContent())
        .toBe('ping is not in 4.0.0: it was removed in 4.0.0.');
      await open('/releases/next/rest#listQuotes');
      await switchTo('4.0.0 (current)');
      await expect
        .poll(() => page.getByRole('status').filter({hasText: 'is not in'}).textContent())
        .toBe('listQuotes is not in 4.0.0: it was added in 4.1.0.');
      // The WebSocket reference switches the same way.
      await open('/docs/ws#new_order');
      await switchTo('4.1.0 (upcoming)');
      await page.waitForURL(/\/releases\/next\/ws#new_order$/);
      await expect.poll(() => page.locator('[id="new_order"]').count()).toBe(1);
      // axe on an older release's REST page and the upcoming WebSocket page: the whole page at
      // 1280 px; at 420 px what only a release's page has, its banner and switcher (the reference
      // below them is the current one's components, checked whole at 420 px on /rest?since=).
      const RELEASE_PARTS = '[role="note"][aria-label="Release shown"], form[aria-label="Release"]';
      // Each page is loaded once, at 1280 px, then narrowed to 420 px where it is.
      for (const url of ['/releases/2.0.0/rest', '/releases/next/ws']) {
        await page.setViewportSize({width: 1280, height: 900});
        await open(url);
        expect(await page.locator(RELEASE_PARTS).count(), url).toBe(2);
        for (const width of [1280, 420]) {
          if (width !== 1280) {
            await page.setViewportSize({width, height: 900});
            await untilSettled(page);
          }
          const violations = await axeViolationsIn(page, width === 1280 ? 'body' : RELEASE_PARTS);
          expect(violations, `${url} at ${width} px`).toEqual([]);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
            `${url} at ${width} px`,
          ).toBe(true);
        }
      }
      expect(foreign).toEqual([]);
    });
  });

  test('the integration filter on four releases: a pasted list and a Postman collection, since 2.0.0, breaking first; unmatched listed', async () => {
    await inChromium(async ({base, newContext}) => {
      const page = await (await newContext()).newPage();
      await page.goto(`${base}/version-history`);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.getByRole('button', {name: 'Filter by what I use'}).click();
      const filter = page.getByTestId('integration-filter');
      await page.getByLabel(/Operations and messages you use/).fill('listOrders\nnoSuchOperation');
      await page.getByRole('button', {name: 'Apply the list'}).click();
      await page.getByLabel('Your version: changes since').selectOption('v2-0-0');
      // account_id became required on listOrders in 3.0.0: breaking, listed first.
      await expect
        .poll(() => filter.getByRole('status').textContent())
        .toMatch(/\d+ changes? since 2\.0\.0 .*reach what you use .*[1-9]\d* breaking/);
      expect(await filter.locator('li').filter({hasText: 'noSuchOperation'}).textContent()).toContain(
        'Unmatched',
      );
      const lines = await filter.locator('ul[class*="lines"] > li').allTextContents();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.some((line) => line.includes('account_id'))).toBe(true);
      // A Postman collection ({{baseUrl}} and :param) is read the same way against these releases.
      await page
        .getByLabel(/A Postman collection/)
        .setInputFiles(path.join(ROOT, 'tests/fixtures/integration/postman-v2.1.json'));
      await filter
        .getByRole('heading', {
          name: /postman-v2\.1\.json \(Postman collection v2\.1\): 5 requests \(\d+ matched/,
        })
        .waitFor();
      const violations = await axeViolationsIn(page, '[data-testid="integration-filter"]');
      expect(violations).toEqual([]);
    });
  });

  test('the history page in Chromium: no axe violation at 1280 and 420 px; "changes since" lists every later change', async () => {
    await inChromium(async ({base, newContext}) => {
      for (const width of [1280, 420]) {
        const page = await (await newContext(width)).newPage();
        await page.goto(`${base}/version-history`);
        await page.waitForSelector('html[data-has-hydrated="true"]');
        if (process.env.SCREENSHOT_DIR !== undefined)
          await page.screenshot({
            path: path.join(process.env.SCREENSHOT_DIR, `history-${width}.png`),
            fullPage: true,
          });
        const violations = await axeViolationsIn(page, 'body');
        expect(violations, `${width} px`).toEqual([]);
        // No horizontal scrolling at this width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        if (width === 1280) {
          await page.getByLabel('Your version').selectOption('2.0.0');
          const since = page.locator('section[aria-labelledby="changes-since"]');
          await expect
            .poll(() => since.locator('p[aria-live]').textContent())
            .toMatch(
              /^\d+ changes? since 2\.0\.0 apply to 4\.0\.0, \d+ breaking, in \d+ operations? or messages?\.$/,
            );
          expect(await since.textContent()).toContain('account_id');
          expect(await since.textContent()).toContain('STALE');
        }
        await page.close();
      }
    });
  });
});

describe('search is scoped to the release being read', () => {
  /** What the search box finds from `route` for `query`: its scope line and every result's target. */
  interface Found {
    scope: string;
    /** The input's accessible description: the scope line and the status, by aria-describedby. */
    description: string;
    status: string;
    targets: string[];
  }

  test('in Chromium: a release finds its own reference and the guides; every other page the current reference', async () => {
    await inChromium(async ({base, newContext}) => {
      const page = await (await newContext()).newPage();
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('search-index.json')) requested.push(new URL(request.url()).pathname);
      });
      const search = async (route: string, query: string): Promise<Found> => {
        await page.goto(`${base}${route}`);
        await page.waitForSelector('html[data-has-hydrated="true"]');
        await page.locator('nav.navbar').getByRole('button', {name: 'Search', exact: true}).click();
        const box = page.getByRole('combobox', {name: 'Search the documentation'});
        await box.fill(query);
        const status = page.getByRole('dialog').getByRole('status');
        await expect.poll(() => status.textContent(), {timeout: 30_000}).toMatch(/\d+ results?|No results/);
        const targets = await page
          .getByRole('listbox', {name: 'Search results'})
          .getByRole('option')
          .evaluateAll((options) => options.map((o) => o.getAttribute('data-target') ?? ''));
        const description = await box.evaluate((input) =>
          (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
        const scope = (await page.getByRole('dialog').locator('p').first().textContent()) ?? '';
        return {scope, description, status: (await status.textContent()) ?? '', targets};
      };
      const releasePages = (targets: string[]): string[] => targets.filter((t) => t.startsWith('/releases/'));

      // `ping`: only in 2.1.0 and 3.0.0. From 3.0.0, its own operation first and no other release's page.
      const from3 = await search('/releases/3.0.0/rest', 'ping');
      expect(from3.scope).toBe("Searching release 3.0.0's reference and the guides.");
      expect(from3.description).toContain("Searching release 3.0.0's reference and the guides.");
      expect(from3.targets[0]).toBe('/releases/3.0.0/rest#ping');
      expect(from3.targets.filter((t) => t.endsWith('#ping'))).toEqual(['/releases/3.0.0/rest#ping']);
      expect(
        from3.targets.every((t) => !t.startsWith('/releases/') || t.startsWith('/releases/3.0.0/')),
      ).toBe(true);
      // Nor the current reference (4.0.0 removed ping; its pages are another release's).
      expect(from3.targets.filter((t) => /^\/(rest|docs\/ws)(#|$)/.test(t))).toEqual([]);
      // Enter opens it, on that release's page.
      await page.getByRole('combobox', {name: 'Search the documentation'}).press('Enter');
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).hash)
        .toBe('/releases/3.0.0/rest#ping');

      // From 2.0.0, which has no ping: not 2.1.0's nor 3.0.0's.
      const from2 = await search('/releases/2.0.0/rest', 'ping');
      expect(from2.scope).toBe("Searching release 2.0.0's reference and the guides.");
      expect(from2.targets.filter((t) => t.endsWith('#ping'))).toEqual([]);
      expect(releasePages(from2.targets).every((t) => t.startsWith('/releases/2.0.0/'))).toBe(true);

      // From the current reference: no /releases/ page, and no ping (the current release removed it).
      const fromCurrent = await search('/rest', 'ping');
      expect(fromCurrent.scope).toBe('Searching the current reference and the guides.');
      expect(releasePages(fromCurrent.targets)).toEqual([]);
      expect(fromCurrent.targets.filter((t) => t.endsWith('#ping'))).toEqual([]);

      // `listQuotes`: only in the upcoming release.
      const fromNext = await search('/releases/next/rest', 'listQuotes');
      expect(fromNext.scope).toBe("Searching the upcoming release's reference and the guides.");
      expect(fromNext.targets[0]).toBe('/releases/next/rest#listQuotes');
      expect(releasePages(fromNext.targets).every((t) => t.startsWith('/releases/next/'))).toBe(true);
      const nextFromCurrent = await search('/rest', 'listQuotes');
      expect(
        nextFromCurrent.targets.filter((t) => t.includes('listQuotes') || t.startsWith('/releases/')),
      ).toEqual([]);
      // A guide finds the current reference too, and a guide is found from a release.
      const fromGuide = await search('/docs/intro', 'listQuotes');
      expect(fromGuide.targets.filter((t) => t.startsWith('/releases/'))).toEqual([]);
      const guideFromRelease = await search('/releases/3.0.0/ws', 'authentication');
      expect(guideFromRelease.targets.some((t) => t.startsWith('/docs/authentication'))).toBe(true);

      // The current site's file never carries a release's pages; a release's file loads on its pages only.
      const root = JSON.parse(readFileSync(path.join(out, 'search-index.json'), 'utf8')) as {
        pages: {u: string}[];
      };
      expect(root.pages.filter((p) => p.u.startsWith('/releases/'))).toEqual([]);
      expect([...new Set(requested)].sort()).toEqual(
        [
          '/search-index.json',
          '/releases/3.0.0/search-index.json',
          '/releases/2.0.0/search-index.json',
          '/releases/next/search-index.json',
        ].sort(),
      );
      await page.close();
    });
  });
});

describe('?since= marks the current references with what changed after a release', () => {
  test('/rest?since=2.0.0 marks fields with their verdict and release, the mark follows to /docs/ws, stops on request; no request leaves the page; axe at 1280 and 420 px', async () => {
    await inChromium(async ({base, newContext}) => {
      const context = await newContext();
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      const open = async (route: string): Promise<void> => {
        await page.goto(`${base}${route}`);
        await page.waitForSelector('html[data-has-hydrated="true"]');
      };
      const panel = page.getByRole('region', {name: /^Marked:|not a recorded release|^Nothing changed/});
      /** The panel's element, for axe (which takes a CSS selector). */
      const SINCE_PANEL = 'section.alert--info[aria-labelledby]';
      /** What marking adds to a page: the panel and every mark. */
      const MARKING = `${SINCE_PANEL}, [data-since-mark]`;
      const markOf = (id: string) => page.locator(`[id="${id}"] [data-since-mark]`);
      const axe = async (label: string, selector = 'body'): Promise<void> => {
        const violations = await axeViolationsIn(page, selector);
        expect(violations, label).toEqual([]);
      };

      // Without `since`, nothing is marked and the marks' chunk is not loaded.
      await open('/rest');
      expect(await page.locator('[data-since-mark]').count()).toBe(0);
      expect(requests.filter((u) => u.includes('since-marks'))).toEqual([]);

      // The older release's banner links to the marks since it.
      await open('/releases/2.0.0/rest#listOrders');
      await page.getByRole('link', {name: 'What changed since 2.0.0'}).click();
      await expect.poll(() => panel.count()).toBe(1);
      expect(new URL(page.url()).search).toBe('?since=2.0.0');
      const summary = (await panel.locator('p').first().textContent()) ?? '';
      const [, total, breaking] =
        /^Marked: (\d+) changes since 2\.0\.0 \((\d+) breaking\), up to 4\.0\.0/.exec(summary) ?? [];
      expect(Number(total)).toBeGreaterThan(5);
      expect(Number(breaking)).toBeGreaterThan(1);
      // The required parameter 3.0.0 added: Breaking for the reader who sends requests, in words on its row.
      await expect
        .poll(() => markOf('listOrders.query.account_id').textContent())
        .toBe(' Changed since 2.0.0: Breaking (3.0.0)');
      expect(await markOf('listOrders.query.note').textContent()).toMatch(
        /^ Changed since 2\.0\.0: \w.* \(2\.1\.0\)$/,
      );
      expect(await markOf('listOrders.query.side').textContent()).toContain('Breaking (3.0.0)');
      // A field no release changed carries no mark.
      expect(await markOf('listOrders.query.from_datetime').count()).toBe(0);
      // The panel lists breaking lines first, each linked to its element.
      const items = panel.locator('ul').first().locator('li');
      expect(await items.count()).toBe(Number(total));
      const labels = await items.locator('strong').allTextContents();
      expect(labels.slice(0, Number(breaking)).every((l) => l === 'Breaking')).toBe(true);
      expect(labels.slice(Number(breaking)).includes('Breaking')).toBe(false);
      expect(await panel.locator('a[href="#listOrders.query.account_id"]').count()).toBe(1);
      // `ping`, added in 2.1.0 and removed in 4.0.0, is no change since 2.0.0.
      expect(await panel.textContent()).not.toContain('/api/ping');
      // At 1280 px what the marking adds, the panel and the marks (the page under them is /rest,
      // checked whole at 1280 px by the browser tests); at 420 px the whole page, marks included.
      await axe('/rest?since=2.0.0 at 1280 px, the panel and the marks', MARKING);
      await page.setViewportSize({width: 420, height: 900});
      await untilSettled(page);
      await axe('/rest?since=2.0.0 at 420 px');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({width: 1280, height: 900});

      // An in-page link keeps the marks.
      await panel.locator('a[href="#listOrders.query.account_id"]').click();
      await expect.poll(() => page.url()).toMatch(/#listOrders\.query\.account_id$/);
      await expect.poll(() => markOf('listOrders.query.account_id').count()).toBe(1);

      // The chosen version follows the reader to /docs/ws, with no `since` in its URL.
      await open('/docs/ws');
      await expect.poll(() => panel.count()).toBe(1);
      expect(await panel.locator('p').first().textContent()).toMatch(/^Marked: \d+ changes? since 2\.0\.0/);
      await expect
        .poll(() => markOf('price_update.price_update.update_list[].status').textContent())
        .toMatch(/^ Changed since 2\.0\.0: .*\(4\.0\.0\)/);
      await axe('/docs/ws marked, 1280 px, the panel and the marks', MARKING);

      // Stop marking: the marks and the panel go, and stay gone on the next page.
      await page.getByRole('button', {name: 'Stop marking'}).click();
      await expect.poll(() => page.locator('[data-since-mark]').count()).toBe(0);
      expect(await panel.count()).toBe(0);
      await open('/rest');
      expect(await page.locator('[data-since-mark]').count()).toBe(0);
      expect(await panel.count()).toBe(0);

      // An unknown version says so and lists the versions known; the newest has nothing since it.
      await open('/rest?since=9.9.9');
      await expect.poll(() => panel.count()).toBe(1);
      expect(await panel.textContent()).toContain('9.9.9 is not a recorded release');
      expect(await panel.textContent()).toContain('Known releases: 4.0.0, 3.0.0, 2.1.0, 2.0.0.');
      expect(await page.locator('[data-since-mark]').count()).toBe(0);
      // The page under the panel is /rest unmarked, checked whole in the browser tests: axe on the panel.
      expect(await page.locator(SINCE_PANEL).count()).toBe(1);
      await axe('/rest?since=9.9.9, its panel', SINCE_PANEL);
      await open('/docs/ws?since=4.0.0');
      await expect.poll(() => panel.textContent()).toContain('Nothing changed since 4.0.0');
      await page.getByRole('button', {name: 'Stop marking'}).click();

      // Nothing left the site.
      const origin = new URL(base).origin;
      expect(requests.filter((u) => new URL(u).origin !== origin)).toEqual([]);
      expect(requests.some((u) => u.includes('since-marks'))).toBe(true);
    });
  });
});

describe("each release's downloads, beside its reference, made from its documents", () => {
  /** The buttons of a page's Downloads bar: each link's label and target. */
  function downloadsBar(route: string): Array<{label: string; href: string}> {
    const bar =
      /<nav[^>]*aria-label="Download the [^"]*"[^>]*>([\s\S]*?)<\/nav>/.exec(page(route))?.[1] ?? '';
    return [...bar.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({
      href: m[1] ?? '',
      label: m[2] ?? '',
    }));
  }
  const json = (file: string): Doc => JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  /** The requests of a Postman collection, as `METHOD /path`. */
  function requests(file: string): string[] {
    const found: string[] = [];
    const walk = (items: Doc[]): void => {
      for (const item of items) {
        if (Array.isArray(item.item)) walk(item.item);
        else found.push(`${item.request.method} /${(item.request.url.path ?? []).join('/')}`);
      }
    };
    walk(json(file).item);
    return found;
  }

  test("a release's Postman collection has the operations of that release: ping in 3.0.0, not in the current one", () => {
    expect(requests('releases/3.0.0/postman-collection.json')).toContain('GET /api/ping');
    expect(requests('releases/2.1.0/postman-collection.json')).toContain('GET /api/ping');
    expect(requests('releases/2.0.0/postman-collection.json')).not.toContain('GET /api/ping');
    expect(requests('downloads/postman-collection.json')).not.toContain('GET /api/ping');
    expect(requests('releases/next/postman-collection.json')).toContain('GET /api/quotes');
  });

  test("the upcoming release's types name listQuotes; the current release's and older ones' do not", () => {
    const types = (folder: string): string => readFileSync(path.join(out, folder, 'types/rest.d.ts'), 'utf8');
    expect(types('releases/next')).toMatch(/\blistQuotes: \{/);
    for (const folder of ['downloads', 'releases/3.0.0', 'releases/2.0.0'])
      expect(types(folder)).not.toContain('listQuotes');
    expect(types('releases/3.0.0')).toMatch(/\bping: \{/);
    expect(readFileSync(path.join(out, 'releases/2.1.0/types/ws-messages.d.ts'), 'utf8')).toContain(
      'price_notice',
    );
    expect(readFileSync(path.join(out, 'releases/2.0.0/types/ws-messages.d.ts'), 'utf8')).not.toContain(
      'price_notice',
    );
  });

  test("a release's message JSON Schemas are its own, their ids under its folder", () => {
    const index = JSON.stringify(json('releases/2.1.0/ws-schemas/index.json'));
    expect(index).toContain('price_notice');
    expect(index).toContain('/releases/2.1.0/ws-schemas/');
    expect(JSON.stringify(json('releases/2.0.0/ws-schemas/index.json'))).not.toContain('price_notice');
  });

  test('the documents keep their URLs: /releases/<v>/openapi.yaml and asyncapi.yaml, as recorded', () => {
    for (const id of ['2.0.0', '2.1.0', '3.0.0']) {
      const recorded = (name: string) =>
        readFileSync(path.join(site, 'specs/releases', id, `${name}.yaml`), 'utf8');
      const published = (name: string) =>
        readFileSync(path.join(out, 'releases', id, `${name}.yaml`), 'utf8');
      expect(parse(published('openapi'))).toEqual(parse(recorded('openapi')));
      expect(parse(published('asyncapi'))).toEqual(parse(recorded('asyncapi')));
    }
    expect(json('releases/next/openapi.json').info.version).toBe('4.1.0');
  });

  test("a release's Downloads bars list its files as the current bars list theirs, and every link resolves to a file of the build", () => {
    for (const [release, current] of [
      ['releases/2.0.0/rest', 'rest'],
      ['releases/2.0.0/ws', 'docs/ws'],
      ['releases/next/rest', 'rest'],
      ['releases/next/ws', 'docs/ws'],
    ] as const) {
      const bar = downloadsBar(release);
      const own = downloadsBar(current);
      expect(bar.length, release).toBeGreaterThan(2);
      expect(
        bar.map((b) => b.label),
        release,
      ).toEqual(own.map((b) => b.label));
      const folder = `/${release.split('/').slice(0, 2).join('/')}/`;
      expect(
        bar.map((b) => b.href),
        release,
      ).toEqual(own.map((b) => b.href.replace('/downloads/', folder)));
      for (const {href} of bar) expect(existsSync(path.join(out, href)), href).toBe(true);
    }
  });

  test("llms.txt lists the current release's downloads only", () => {
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    expect(llms).toContain('/downloads/postman-collection.json');
    expect(llms).not.toContain('/releases/');
  });
});
