/**
 * The machine-readable plugin's postBuild on a small build under a base URL (/site/): which built
 * pages get a Markdown copy beside their HTML (not the 404 page, not redirect stubs, not routes
 * without a file), which of them llms.txt lists (not a release's noindex reference), how it
 * groups them by the docs sidebar, what it says of the API and its hosts, and the downloads
 * written from two small documents. The route → HTML file rule is checked on its own first.
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext, LoadedPlugin} from '@docusaurus/types';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {API_REFERENCE_PLUGIN} from '../../../plugins/api-reference/content';
import machineReadablePlugin, {htmlFileCandidates} from '../../../plugins/machine-readable';
import {DOC_PAGE, REFERENCE_PAGE} from './fixtures';

const OPENAPI = {
  openapi: '3.1.0',
  info: {title: 'Example Provider API', version: 2},
  servers: [
    {url: 'https://api.example.com', description: 'Production'},
    {url: 'https://sandbox.example.com', description: 'Sandbox'},
  ],
  paths: {'/ping': {get: {operationId: 'ping', responses: {'204': {description: 'Alive.'}}}}},
};

const ASYNCAPI = {
  asyncapi: '3.0.0',
  info: {title: 'Example Provider API', version: '2.0.0'},
  servers: {live: {host: 'ws.example.com', protocol: 'wss'}},
  channels: {
    c: {address: '/c', messages: {tick: {payload: {type: 'object', properties: {n: {type: 'integer'}}}}}},
  },
  operations: {op: {action: 'receive', channel: {$ref: '#/channels/c'}}},
};

const REDIRECT = '<html><head><meta http-equiv="refresh" content="0; url=/site/docs/fixture"></head></html>';
const NOINDEX_REFERENCE = REFERENCE_PAGE.replace(
  '<head>',
  '<head><meta name="robots" content="noindex, nofollow">',
);

describe('the HTML file of a route', () => {
  it('is <route>.html or <route>/index.html under the base URL; index.html for the root', () => {
    expect(htmlFileCandidates('/site/', '/site/')).toEqual(['index.html']);
    expect(htmlFileCandidates('/site/docs/intro', '/site/')).toEqual([
      'docs/intro.html',
      'docs/intro/index.html',
    ]);
    expect(htmlFileCandidates('/site/docs/', '/site/')).toEqual(['docs/index.html']);
    expect(htmlFileCandidates('/elsewhere/x', '/site/')).toEqual([
      'elsewhere/x.html',
      'elsewhere/x/index.html',
    ]);
  });
});

describe('postBuild on a small build', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'machine-hooks-'));
  const read = (file: string): string => readFileSync(path.join(outDir, file), 'utf8');
  const write = (file: string, html: string): void => {
    mkdirSync(path.dirname(path.join(outDir, file)), {recursive: true});
    writeFileSync(path.join(outDir, file), html);
  };

  beforeAll(async () => {
    write('docs/fixture/index.html', DOC_PAGE);
    write('version-history.html', DOC_PAGE.replaceAll('Fixture guide', 'Version history'));
    write('docs/index.html', REDIRECT);
    write('404.html', DOC_PAGE);
    write('rest.html', REFERENCE_PAGE);
    write('releases/1.0.0/rest.html', NOINDEX_REFERENCE);
    const docs = {
      loadedVersions: [
        {
          docs: [{id: 'fixture', permalink: '/site/docs/fixture'}],
          sidebars: {
            main: [
              {type: 'doc', id: 'fixture'},
              {type: 'link', href: '/site/rest#listInstruments'},
            ],
          },
        },
      ],
    };
    const plugins = [
      {
        name: API_REFERENCE_PLUGIN,
        options: {id: 'default'},
        content: {documents: {openapi: OPENAPI, asyncapi: ASYNCAPI}},
      },
      {name: 'docusaurus-plugin-content-docs', options: {}, content: docs},
    ] as unknown as LoadedPlugin[];
    const plugin = machineReadablePlugin({siteDir: outDir} as LoadContext, {
      specPaths: {openapi: 'specs/openapi.yaml', asyncapi: 'specs/asyncapi.yaml'},
      guidesTitle: 'Start here',
    });
    type Props = Parameters<NonNullable<typeof plugin.postBuild>>[0];
    await plugin.postBuild?.({
      outDir,
      routesPaths: [
        '/site/docs/fixture',
        '/site/version-history',
        '/site/docs/',
        '/site/404',
        '/site/rest',
        '/site/releases/1.0.0/rest',
        '/site/missing',
        '/site/rest',
      ],
      siteConfig: {
        baseUrl: '/site/',
        url: 'https://docs.example.com',
        title: 'Example docs',
        tagline: 'Trade by API.',
      },
      plugins,
    } as unknown as Props);
  }, 60_000);

  afterAll(() => rmSync(outDir, {recursive: true, force: true}));

  it('writes a Markdown copy of each page beside its HTML, but not of the 404 page, a redirect or a missing file', () => {
    expect(read('docs/fixture.md')).toMatch(/^# Fixture guide/m);
    expect(read('rest.md')).toContain('List tradeable instruments');
    expect(existsSync(path.join(outDir, 'releases/1.0.0/rest.md'))).toBe(true);
    for (const absent of ['docs/index.md', '404.md', 'missing.md'])
      expect(existsSync(path.join(outDir, absent)), absent).toBe(false);
  });

  it('lists in llms.txt the sidebar pages under its title, and not the noindex release reference', () => {
    const llms = read('llms.txt');
    expect(llms).toMatch(/^# Example docs\n\n> Trade by API\.\n/);
    expect(llms).toContain('## Start here');
    expect(llms).toContain('https://docs.example.com/site/docs/fixture.md');
    expect(llms).toContain('https://docs.example.com/site/rest.md');
    expect(llms).not.toContain('/releases/');
    // The version history has its section, under the site's base URL as every page is.
    expect(llms).toContain(
      '## Version history\n\n- [Version history](https://docs.example.com/site/version-history.md)',
    );
  });

  it('says which versions of the API and which hosts the site documents (a numeric version too)', () => {
    const llms = read('llms.txt');
    expect(llms).toContain('a REST part (version 2) and a WebSocket part (version 2.0.0)');
    expect(llms).toContain(
      'REST hosts: Production `https://api.example.com` (the documentation default), Sandbox `https://sandbox.example.com`. WebSocket hosts: live `wss://ws.example.com`.',
    );
  });

  it('puts the guides and the current reference in llms-full.txt, each under its source URL', () => {
    const full = read('llms-full.txt');
    expect(full).toContain('Source: https://docs.example.com/site/docs/fixture\n\n# Fixture guide');
    expect(full).toContain('Source: https://docs.example.com/site/rest\n\n# REST API reference');
    expect(full).not.toContain('/releases/1.0.0');
  });

  it('writes the downloads of the current documents under /site/downloads/', () => {
    const collection = JSON.parse(read('downloads/postman-collection.json')) as {item?: unknown};
    expect(JSON.stringify(collection.item)).toContain('"ping"');
    expect(read('downloads/types/rest.d.ts')).toMatch(/\bping: \{/);
    expect(read('downloads/ws-schemas/index.json')).toContain(
      'https://docs.example.com/site/downloads/ws-schemas/',
    );
    expect(existsSync(path.join(outDir, 'downloads/types/ws-messages.d.ts'))).toBe(true);
    expect(read('llms.txt')).toContain(
      '[Postman collection](https://docs.example.com/site/downloads/postman-collection.json): The 1 REST operations',
    );
  });
});
