/**
 * Every older and upcoming release offers the current reference's downloads, made from its own
 * documents, beside its reference (/releases/<id>/openapi.yaml, /releases/<id>/postman-collection.json,
 * …): one list (client/downloads.ts) gives both bars their buttons, and the machine-readable
 * plugin writes each release's files from the documents the api-reference plugin loaded.
 */
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext, LoadedPlugin} from '@docusaurus/types';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {afterAll, describe, expect, it} from 'vitest';
import {
  downloadPath,
  pageDownloads,
  releaseDownloadsFolder,
} from '../../../plugins/api-reference/client/downloads';
import {API_REFERENCE_PLUGIN} from '../../../plugins/api-reference/content';
import {readAsyncApi, readOpenApi} from '../../../plugins/api-reference/load';
import type {ReferenceRelease} from '../../../plugins/api-reference/types';
import machineReadablePlugin from '../../../plugins/machine-readable';
import {collectionRequests} from '../../../plugins/machine-readable/postman';
import type {JsonObject} from '../../../plugins/api-reference/document';
import {releaseRoutes} from '../../../plugins/releases/client/routes';
import Downloads from '../../../src/components/ApiReference/Downloads';

const ROOT = path.resolve(__dirname, '../../..');

describe("a release's downloads folder", () => {
  it('is the folder its documents are published in, so /releases/<v>/openapi.yaml stays', () => {
    const routes = releaseRoutes('2.0.0');
    expect(releaseDownloadsFolder(routes.openapi)).toBe('/releases/2.0.0');
    expect(releaseDownloadsFolder(routes.asyncapi)).toBe('/releases/2.0.0');
    expect(releaseDownloadsFolder(releaseRoutes('next').openapi)).toBe('/releases/next');
    expect(pageDownloads('openapi', releaseDownloadsFolder(routes.openapi))[0]?.path).toBe(routes.openapi);
    expect(pageDownloads('asyncapi', releaseDownloadsFolder(routes.asyncapi))[0]?.path).toBe(routes.asyncapi);
  });

  it("gives a release's bar the current bar's buttons, in order, each under the release's folder", () => {
    for (const name of ['openapi', 'asyncapi'] as const) {
      const current = pageDownloads(name);
      const release = pageDownloads(name, '/releases/2.0.0');
      expect(release.map(({path: _path, ...button}) => button)).toEqual(
        current.map(({path: _path, ...button}) => button),
      );
      expect(release.map((d) => d.path)).toEqual(
        current.map((d) => d.path.replace(downloadPath(), '/releases/2.0.0')),
      );
    }
    expect(pageDownloads('openapi', '/releases/next').map((d) => d.path)).toEqual([
      '/releases/next/openapi.yaml',
      '/releases/next/openapi.json',
      '/releases/next/types/rest.d.ts',
      '/releases/next/postman-collection.json',
    ]);
  });

  it("the Downloads bar of a release's page names the release and links only to its files", () => {
    const routes = releaseRoutes('2.0.0');
    const release = {
      id: '2.0.0',
      version: '2.0.0',
      kind: 'release',
      date: null,
      current: {version: '4.0.0', rest: '/rest', ws: '/docs/ws'},
      choices: [],
      documents: {openapi: routes.openapi, asyncapi: routes.asyncapi},
    } satisfies ReferenceRelease;
    const html = renderToStaticMarkup(
      createElement(Downloads, {name: 'asyncapi', label: 'AsyncAPI document', release}),
    );
    expect(html).toContain('aria-label="Download the AsyncAPI document of 2.0.0"');
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(pageDownloads('asyncapi', '/releases/2.0.0').map((d) => d.path));
    const labels = [...html.matchAll(/<a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(labels).toEqual(pageDownloads('asyncapi').map((d) => d.label));
    expect(html).not.toContain(downloadPath());
  });
});

describe('the machine-readable plugin writes every release its files, from its documents', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'release-downloads-'));
  afterAll(() => rmSync(outDir, {recursive: true, force: true}));

  it("writes a release's Postman collection, JSON Schemas and types beside its reference; llms.txt lists the current ones", async () => {
    const files = {
      openapi: path.join(ROOT, 'specs/openapi.yaml'),
      asyncapi: path.join(ROOT, 'specs/asyncapi.yaml'),
    };
    const [openapi, asyncapi] = [
      (await readOpenApi(files.openapi)).doc,
      (await readAsyncApi(files.asyncapi)).doc,
    ];
    // The release: the same documents with one more operation, one server and a version of its own.
    const older = structuredClone(openapi) as typeof openapi & {
      paths: Record<string, unknown>;
      info: {version: string};
    };
    older.info.version = '0.9.0';
    older.servers = [{url: 'https://old.example.com', description: 'Old host'}];
    older.paths['/api/ping'] = {
      get: {
        operationId: 'ping',
        summary: 'Ping',
        tags: ['Instruments'],
        responses: {'204': {description: 'Alive.'}},
      },
    };
    const routes = releaseRoutes('0.9.0');
    const reference = {
      option: {id: '0.9.0', version: '0.9.0', kind: 'release', date: null, specPaths: files, routes},
      documents: {openapi: older, asyncapi},
      files,
    };
    const plugins = [
      {
        name: API_REFERENCE_PLUGIN,
        options: {},
        content: {documents: {openapi, asyncapi}, references: [reference]},
      },
    ] as unknown as LoadedPlugin[];
    const machine = machineReadablePlugin({siteDir: ROOT} as LoadContext);
    const props = {
      outDir,
      routesPaths: [],
      siteConfig: {baseUrl: '/', url: 'https://docs.example.com', title: 'T', tagline: ''},
      plugins,
    } as unknown as Parameters<NonNullable<typeof machine.postBuild>>[0];
    await machine.postBuild?.(props);

    const read = (sitePath: string): string => readFileSync(path.join(outDir, sitePath), 'utf8');
    // Each request of a collection, as `METHOD /path`.
    const requests = (sitePath: string): string[] =>
      collectionRequests(JSON.parse(read(sitePath)) as JsonObject).map((r) => {
        const request = r.request as {method?: string; url?: {path?: string[]}};
        return `${request.method ?? ''} /${(request.url?.path ?? []).join('/')}`;
      });
    // Its servers are the release's: the base URL and the environments offered.
    const variables = (sitePath: string): string =>
      JSON.stringify((JSON.parse(read(sitePath)) as {variable?: unknown}).variable);
    expect(variables(`${routes.base}/postman-collection.json`)).toContain('https://old.example.com');
    expect(variables(`${routes.base}/postman-collection.json`)).not.toContain('https://api.example.com');
    expect(variables('downloads/postman-collection.json')).not.toContain('https://old.example.com');
    expect(requests(`${routes.base}/postman-collection.json`)).toContain('GET /api/ping');
    expect(requests('downloads/postman-collection.json')).not.toContain('GET /api/ping');
    expect(read(`${routes.base}/types/rest.d.ts`)).toMatch(/\bping: \{/);
    expect(read('downloads/types/rest.d.ts')).not.toMatch(/\bping: \{/);
    expect(existsSync(path.join(outDir, `${routes.base}/types/ws-messages.d.ts`))).toBe(true);
    const index = JSON.parse(read(`${routes.base}/ws-schemas/index.json`)) as unknown;
    expect(JSON.stringify(index)).toContain('https://docs.example.com/releases/0.9.0/ws-schemas/');
    // Every file of the release's bar was written, except the documents (the api-reference plugin's).
    for (const name of ['openapi', 'asyncapi'] as const)
      for (const d of pageDownloads(name, routes.base).filter((d) => d.primary !== true))
        expect(existsSync(path.join(outDir, d.path)), d.path).toBe(true);
    expect(read('llms.txt')).not.toContain('/releases/');
  }, 120_000);
});
