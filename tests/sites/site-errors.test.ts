/**
 * Configuration errors are developer errors (the specification's section 5): a build of a
 * throw-away copy of the site with a configuration that is wrong in one place fails with
 * Docusaurus's message. Apart from site-builds.test.ts so that the two files' builds run side by
 * side, one per worker. node_modules is linked, not copied. The copy is built from small documents:
 * the errors are the configuration's, whatever the documents.
 */
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {copySite} from '../helpers/siteCopy';
import {buildCopy, type BuildResult} from './copyBuild';

// The version dropdown's error comes from rendering, after a whole bundling (minutes when the machine is busy).
vi.setConfig({testTimeout: 900_000, hookTimeout: 900_000});

const ROOT = path.resolve(__dirname, '../..');
let site = '';

/**
 * A one-operation OpenAPI document: what these builds check is the configuration (the navbar, the
 * sidebars), which is the same whatever documents the site is built from; the version dropdown's
 * error comes after a whole bundling, which costs less without the product's reference pages and
 * their validators.
 */
const SMALL_OPENAPI = {
  openapi: '3.1.0',
  info: {title: 'Configuration errors', version: '1.0.0'},
  servers: [{url: 'https://api.example.com'}],
  paths: {'/ping': {get: {operationId: 'ping', responses: {'204': {description: 'Alive.'}}}}},
};
/** A small AsyncAPI document nobody here wrote (tests/fixtures/README.md). */
const SMALL_ASYNCAPI = path.join(ROOT, 'tests/fixtures/asyncapi/v2/streetlights-mqtt-2.6.0.yml');

/**
 * A build of the copy, checked on its error message only: `--no-minify` skips the minifier, and
 * DOCUSAURUS_NO_PERSISTENT_CACHE keeps these builds from writing the bundler's cache into the project's
 * node_modules/.cache (node_modules is linked), which nothing would read again. The documents are
 * small ones (SMALL_OPENAPI, SMALL_ASYNCAPI).
 */
function build(args: string[]): BuildResult {
  return buildCopy(site, args, {
    env: {
      OPENAPI_FILE: path.join(site, 'small-openapi.json'),
      ASYNCAPI_FILE: SMALL_ASYNCAPI,
      DOCUSAURUS_NO_PERSISTENT_CACHE: '1',
    },
    timeoutMs: 900_000,
  });
}

/** A config that imports the real one and changes one thing. */
function writeConfig(name: string, body: string): string {
  const file = path.join(site, name);
  writeFileSync(
    file,
    `import base from './docusaurus.config';\nconst config = structuredClone(base);\n${body}\nexport default config;\n`,
  );
  return file;
}

beforeAll(() => {
  site = copySite('site-errors-');
  writeFileSync(path.join(site, 'small-openapi.json'), JSON.stringify(SMALL_OPENAPI));
});

afterAll(() => {
  if (site) rmSync(site, {recursive: true, force: true});
});

describe("configuration errors are developer errors (the build fails with Docusaurus's message)", () => {
  test('an unknown navbar item type', () => {
    const config = writeConfig(
      'bad-navbar.config.ts',
      `(config.themeConfig as {navbar: {items: unknown[]}}).navbar.items.push({type: 'notAType', label: 'X', position: 'left'});`,
    );
    const result = build(['--config', config, '--out-dir', 'out-bad-navbar']);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('Bad navbar item type notAType');
  });

  test('an unknown docs version in the version dropdown', () => {
    const config = writeConfig(
      'bad-version.config.ts',
      `(config.themeConfig as {navbar: {items: unknown[]}}).navbar.items.push({type: 'docsVersionDropdown', versions: ['9.9.9'], position: 'right'});`,
    );
    const result = build(['--config', config, '--out-dir', 'out-bad-version']);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("No docs version exist for name '9.9.9'");
  });

  test('a sidebar category with nothing to link to', () => {
    writeFileSync(
      path.join(site, 'bad-sidebars.ts'),
      `export default {guides: ['intro', {type: 'category', label: 'Empty', items: []}]};\n`,
    );
    const config = writeConfig(
      'bad-sidebar.config.ts',
      // The docs plugin's entry in config.plugins: ['@docusaurus/plugin-content-docs', options].
      `const docs = (config.plugins as unknown[]).find((p) => Array.isArray(p) && p[0] === '@docusaurus/plugin-content-docs') as [string, {sidebarPath: string}] | undefined;\n` +
        `if (docs === undefined) throw new Error('no docs plugin in docusaurus.config.ts');\n` +
        `docs[1].sidebarPath = './bad-sidebars.ts';`,
    );
    const result = build(['--config', config, '--out-dir', 'out-bad-sidebar']);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('Sidebar category Empty has neither any subitem nor a link');
  });
});
