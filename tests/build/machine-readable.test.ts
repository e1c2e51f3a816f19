/**
 * The machine-readable files of the production build (build/), each opened
 * with a real tool: Markdown copies next to every page, llms.txt and
 * llms-full.txt, the WebSocket message JSON Schemas (Ajv 2020) and the Postman
 * collection (Postman's SDK). build/ is made once for the build tests by
 * productBuild() (`npm test` builds just before).
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {Collection, type Item} from 'postman-collection';
import {describe, expect, test} from 'vitest';
import {readDocument, resolveSpecPaths} from '../../plugins/api-reference/identity';
import {deref, isObject, type Json, type JsonObject} from '../../plugins/api-reference/document';
import {markdownPathFor} from '../../plugins/api-reference/client/downloads';
import {productBuild} from '../helpers/productBuild';
import {compileAsConsumer} from '../helpers/consumerAjv';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = productBuild();
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const specPaths = resolveSpecPaths(ROOT);
const openapi = readDocument(specPaths.openapi) as JsonObject;
const asyncapi = readDocument(specPaths.asyncapi) as JsonObject;

function read(sitePath: string): string {
  return readFileSync(path.join(BUILD, ...sitePath.split('/').filter(Boolean)), 'utf8');
}

/** Built pages: every .html but the 404 page, assets and redirect stubs, with their route. */
function builtPages(): {file: string; route: string}[] {
  return readdirSync(BUILD, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(BUILD, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((file) => file !== '404.html' && !file.startsWith('assets/'))
    .filter(
      (file) => !/<meta[^>]+http-equiv=["']?refresh/i.test(readFileSync(path.join(BUILD, file), 'utf8')),
    )
    .map((file) => ({
      file,
      route: file === 'index.html' ? '/' : `/${file.replace(/(\/index)?\.html$/, '')}`,
    }));
}

function operationIds(): string[] {
  const paths = isObject(openapi.paths) ? openapi.paths : {};
  return Object.values(paths).flatMap((raw) => {
    const item = deref(openapi, raw).node;
    if (!isObject(item)) return [];
    return METHODS.flatMap((m) => {
      const op = item[m];
      return isObject(op) && typeof op.operationId === 'string' ? [op.operationId] : [];
    });
  });
}

function operationKeys(): string[] {
  const paths = isObject(openapi.paths) ? openapi.paths : {};
  return Object.entries(paths).flatMap(([route, raw]) => {
    const item = deref(openapi, raw).node;
    return isObject(item)
      ? METHODS.filter((m) => isObject(item[m])).map((m) => `${m.toUpperCase()} ${route}`)
      : [];
  });
}

function asyncMessages(): [string, JsonObject][] {
  const components =
    isObject(asyncapi.components) && isObject(asyncapi.components.messages)
      ? asyncapi.components.messages
      : {};
  return Object.entries(components).flatMap(([name, raw]) => {
    const message = deref(asyncapi, raw).node;
    return isObject(message) ? [[name, message] as [string, JsonObject]] : [];
  });
}

describe('Markdown copies', () => {
  test('every HTML page has a Markdown copy that starts with its title', () => {
    const pages = builtPages();
    expect(pages.map((p) => p.route)).toEqual(
      expect.arrayContaining(['/', '/docs/intro', '/docs/ws', '/rest', '/version-history']),
    );
    for (const {file, route} of pages) {
      const md = markdownPathFor(route);
      expect(existsSync(path.join(BUILD, md)), `${md} for ${file}`).toBe(true);
      expect(read(md), md).toMatch(/^# \S/);
    }
  });
});

describe('llms.txt and llms-full.txt', () => {
  test('llms.txt follows the convention and lists every page (its Markdown copy)', () => {
    const text = read('/llms.txt');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[2]).toMatch(/^> \S/);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)(: \S.*)?$/gm)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    for (const {route} of builtPages()) expect(links, route).toContain(markdownPathFor(route));
    // Every link is a file the build serves.
    for (const link of links) expect(existsSync(path.join(BUILD, link)), link).toBe(true);
  });

  test('llms-full.txt holds the guides and both references: every operationId and message name', () => {
    const text = read('/llms-full.txt');
    expect(text).toContain('# REST API reference');
    expect(text).toContain('# WebSocket API reference');
    expect(text).toContain('# Getting started');
    for (const id of operationIds()) expect(text, id).toContain(id);
    for (const [name] of asyncMessages()) expect(text, name).toContain(name);
  });
});

describe('WebSocket message JSON Schemas', () => {
  const index = (): JsonObject => JSON.parse(read('/downloads/ws-schemas/index.json')) as JsonObject;

  test('the index lists one schema per message of the AsyncAPI document', () => {
    const listed = Array.isArray(index().messages) ? (index().messages as Json[]).filter(isObject) : [];
    expect(listed.map((m) => m.name).sort()).toEqual(
      asyncMessages()
        .map(([name]) => name)
        .sort(),
    );
  });

  for (const [name, message] of asyncMessages()) {
    test(`${name}: compiles with Ajv 2020 and validates the message's examples from the AsyncAPI document`, () => {
      const file = `/downloads/ws-schemas/${name}.schema.json`;
      const schema = JSON.parse(read(file)) as JsonObject;
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(String(schema.$id)).toMatch(new RegExp(`${file.replace(/\./g, '\\.')}$`));
      const validate = compileAsConsumer(schema);
      const examples = (Array.isArray(message.examples) ? message.examples : []).flatMap((raw) => {
        const example = deref(asyncapi, raw).node;
        return isObject(example) && example.payload !== undefined ? [example.payload] : [];
      });
      expect(examples.length, `${name} has examples`).toBeGreaterThan(0);
      for (const example of examples) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({})).toBe(false);
    });
  }
});

describe('Postman collection', () => {
  test('loads with the Postman SDK, one request per OpenAPI operation, bearer token and pre-production base URL', () => {
    const json = JSON.parse(read('/downloads/postman-collection.json')) as JsonObject;
    expect(Collection.isCollection(new Collection(json))).toBe(true);
    const collection = new Collection(json);
    const keys: string[] = [];
    collection.forEachItem((item: Item) => {
      const route = (item.request.url.path ?? [])
        .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s))
        .join('/');
      keys.push(`${item.request.method} /${route}`);
    });
    expect(keys.sort()).toEqual(operationKeys().sort());
    expect(collection.auth?.type).toBe('bearer');
    expect(JSON.stringify(json.auth)).toContain('{{bearerToken}}');
    const servers = Array.isArray(openapi.servers) ? openapi.servers.filter(isObject) : [];
    expect(collection.variables.get('baseUrl')).toBe(servers[0]?.url);
    expect(String(servers[0]?.description)).toMatch(/pre-?production/i);
  });
});

describe('TypeScript types', () => {
  test('rest.d.ts and ws-messages.d.ts are published, linked from llms.txt and from both references', () => {
    const rest = read('/downloads/types/rest.d.ts');
    const ws = read('/downloads/types/ws-messages.d.ts');
    for (const id of operationIds()) expect(rest, id).toMatch(new RegExp(`^ {4}${id}: \\{$`, 'm'));
    for (const [name] of asyncMessages())
      expect(ws, name).toContain(`    ${JSON.stringify(name)}: components["schemas"]`);
    const llms = read('/llms.txt');
    expect(llms).toMatch(
      /^- \[TypeScript types of the REST API\]\(https?:\/\/[^)]+\/downloads\/types\/rest\.d\.ts\): \S/m,
    );
    expect(llms).toMatch(
      /^- \[TypeScript types of the WebSocket messages\]\(https?:\/\/[^)]+\/downloads\/types\/ws-messages\.d\.ts\): \S/m,
    );
    // The download line of each reference links its file, to be saved rather than opened.
    expect(read('/rest.html')).toMatch(
      /<a [^>]*href="\/downloads\/types\/rest\.d\.ts"[^>]*download="rest\.d\.ts"|<a [^>]*download="rest\.d\.ts"[^>]*href="\/downloads\/types\/rest\.d\.ts"/,
    );
    expect(read('/docs/ws.html')).toMatch(
      /<a [^>]*href="\/downloads\/types\/ws-messages\.d\.ts"[^>]*download="ws-messages\.d\.ts"|<a [^>]*download="ws-messages\.d\.ts"[^>]*href="\/downloads\/types\/ws-messages\.d\.ts"/,
    );
  });
});
