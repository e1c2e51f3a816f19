/**
 * Builds of a throw-away copy of the site from documents other than the product's: documents
 * nobody here wrote (a split OpenAPI document, an AsyncAPI 2.6 document) build, and a schema
 * several operations share is described once. Apart from site-builds.test.ts, whose two builds
 * (identity, then the warm-cache case) are the longest chain of the tier: the other worker runs
 * these meanwhile. One copy with its own persistent cache (node_modules linked entry by entry): the
 * first build fills it, the second reads it.
 */
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {stringify} from 'yaml';
import {CHROMIUM_ARGS, launchChromium, testBrowserPath} from '../../scripts/shared/chromium';
import {startStaticServer} from '../../scripts/shared/static-server';
import {copySite} from '../helpers/siteCopy';
import {buildCopy, type BuildResult} from './copyBuild';

// Each case is a real build (20–70 s on two cores, minutes on a busy machine): the bounds are generous, never the assertion.
vi.setConfig({testTimeout: 1_800_000, hookTimeout: 1_800_000});

const ROOT = path.resolve(__dirname, '../..');
let site = '';

/**
 * A build of the copy, with the copy's persistent cache. Checked on its HTML, downloads and
 * messages, never on the size or form of the JavaScript: not minified.
 */
function build(args: string[], env: Record<string, string> = {}): BuildResult {
  return buildCopy(site, args, {env});
}

beforeAll(() => {
  site = copySite('site-documents-', {ownCache: true});
});

afterAll(() => {
  if (site) rmSync(site, {recursive: true, force: true});
});

describe('documents nobody here wrote: a split OpenAPI document and an AsyncAPI 2.6 document', () => {
  // tests/fixtures (see its README for sources and licences): Redocly's cafe API over 40 files,
  // and the AsyncAPI streetlights example in version 2.6 (MQTT), converted at build time.
  const openapiFile = path.join(ROOT, 'tests/fixtures/openapi/redocly-cafe/openapi/openapi.yaml');
  const asyncapiFile = path.join(ROOT, 'tests/fixtures/asyncapi/v2/streetlights-mqtt-2.6.0.yml');
  let result: BuildResult;
  let outDir = '';

  beforeAll(() => {
    outDir = path.join(site, 'out-foreign');
    result = build(['--out-dir', outDir], {OPENAPI_FILE: openapiFile, ASYNCAPI_FILE: asyncapiFile});
  });

  test('build the references and the site shell; guides say what does not apply', () => {
    expect(result.status, result.output.slice(-3000)).toBe(0);
    // One warning (printed by the plugin's loadContent, before the bundler starts) lists every page that does not fit.
    expect(
      result.output.split('[api-reference] The guides were written for other API documents').length - 1,
    ).toBe(1);

    // React separates adjacent text nodes with empty comments in server HTML.
    const page = (route: string): string =>
      readFileSync(path.join(outDir, `${route}.html`), 'utf8').replaceAll('<!-- -->', '');
    const rest = page('rest');
    for (const operationId of ['listMenuItems', 'createOrder', 'getOrderById', 'deleteOrder', 'getRevenue'])
      expect(rest).toContain(`id="${operationId}"`);
    const ws = page('docs/ws');
    expect(ws).toMatch(/<h1[^>]*>MQTT API reference<\/h1>/);
    expect(ws).toMatch(/<title[^>]*>MQTT API reference \| [^<]+<\/title>/);
    expect(ws).toContain('converted at build time from AsyncAPI 2.6.0');
    expect(ws).toContain('lightMeasured');
    // The download of a split document is the bundled one: it stands on its own.
    const download = readFileSync(path.join(outDir, 'downloads/openapi.json'), 'utf8');
    expect(download).not.toMatch(/"\$ref": "(?!#)/);
    // The guides adapt: a notice instead of a made-up host, and the list of what does not apply.
    const environments = page('docs/environments');
    expect(environments).toContain('This guide was written for other API documents');
    expect(environments).toMatch(/the production (REST|WebSocket) host is not given by the API documents/);
    expect(page('docs/getting_started')).toContain('which the OpenAPI document does not have');
    expect(page('version-history')).toContain(
      'No releases are recorded for the API documents this site was built from',
    );
  });
});

describe('a schema several operations share is described once, and old links to its fields still land on them', () => {
  // Three operations return the same 45-field App (above MIN_SHARED_NODES): the page describes it
  // once under "Schemas" (schema/describedOnce.ts). A bookmark made when each response listed
  // the fields (#getApp.response-200.field_07) must still open on that field, in view.
  const fields = Object.fromEntries(
    Array.from({length: 45}, (_, i) => [
      `field_${String(i + 1).padStart(2, '0')}`,
      {type: 'string', description: `Field ${i + 1} of an app.`},
    ]),
  );
  const respond = (operationId: string) => ({
    operationId,
    tags: ['Apps'],
    responses: {
      '200': {
        description: 'The app.',
        content: {'application/json': {schema: {$ref: '#/components/schemas/App'}}},
      },
    },
  });
  const document = {
    openapi: '3.1.0',
    info: {title: 'Apps', version: '1.0.0'},
    servers: [{url: 'https://api.example.com'}],
    paths: {
      '/apps': {get: respond('listApps'), post: respond('createApp')},
      '/apps/{id}': {
        parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
        get: respond('getApp'),
      },
    },
    components: {schemas: {App: {type: 'object', properties: fields}}},
  };
  let result: BuildResult;
  let outDir = '';

  beforeAll(() => {
    outDir = path.join(site, 'out-described');
    const file = path.join(site, 'described-openapi.yaml');
    writeFileSync(file, stringify(document));
    result = build(['--out-dir', outDir], {OPENAPI_FILE: file});
  });

  test('the page has one description; an old field anchor moves to it, in view and highlighted', async () => {
    expect(result.status, result.output.slice(-3000)).toBe(0);
    const html = readFileSync(path.join(outDir, 'rest.html'), 'utf8');
    expect(html).toContain('id="schema-App.field_07"');
    expect(html).not.toContain('id="getApp.response-200.field_07"');
    expect(html.match(/Its structure is described once on this page/g)).toHaveLength(3);

    const server = await startStaticServer(outDir);
    const browser = await launchChromium({executablePath: testBrowserPath(), args: CHROMIUM_ARGS});
    try {
      const page = await browser.newPage({viewport: {width: 1280, height: 900}});
      await page.goto(`${server.url}/rest#getApp.response-200.field_07`);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.waitForFunction(() => window.location.hash === '#schema-App.field_07');
      const field = page.locator('[id="schema-App.field_07"]');
      await expect.poll(() => field.evaluate((el) => el.matches(':target'))).toBe(true);
      await expect
        .poll(() =>
          field.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      // A link inside the page to an old anchor is moved too.
      await page.evaluate(() => {
        window.location.hash = '#listApps.response-200.field_45';
      });
      await page.waitForFunction(() => window.location.hash === '#schema-App.field_45');
      await page.close();
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
