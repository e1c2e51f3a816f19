/**
 * The static server the benchmark serves build/ with (scripts/shared/static-server.ts), on a small
 * site in a temporary folder: it must answer as the real host does (a page for `/path`, the right
 * content types, gzip where the client takes it, immutable hashed assets, 404.html with status
 * 404), never hand out a file outside its folder, and count the bytes it sends per path, which the
 * benchmark reports as transfer sizes.
 */
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStaticServer, type StaticServer} from '../../../scripts/shared/static-server';
import {bounded} from './client';

const PAGE = `<!doctype html><title>Home</title>${'<p>trading API</p>'.repeat(50)}`;
/** The site's files (relative path → content). */
const SITE: Record<string, string | Buffer> = {
  'index.html': PAGE,
  'about.html': '<title>About</title>',
  'guide/index.html': '<title>Guide</title>',
  'assets/js/main.3f2a.js': 'console.log("site");'.repeat(20),
  'assets/css/styles.9c1e.css': 'body{margin:0}',
  'img/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'search-index.json': '{"docs":[]}',
  'llms.txt': '# Trading API',
  'docs/intro.md': '# Intro',
  'specs/openapi.yaml': 'openapi: 3.1.0',
  'fonts/inter.woff2': Buffer.from('wOF2'),
  'downloads/archive.bin': Buffer.from([0, 1, 2, 3]),
  'my notes.txt': 'spaces in the name',
  '404.html': '<title>Page not found</title>',
};

let base: string;
let root: string;
let server: StaticServer;
let plain: StaticServer;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request sent as it is written (no URL normalisation on the way), and the whole answer. */
function request(
  to: StaticServer,
  rawPath: string,
  {method = 'GET', headers = {}}: {method?: string; headers?: Record<string, string>} = {},
): Promise<Answer> {
  return bounded(
    new Promise((resolve, reject) => {
      const req = http.request(`${to.url}${rawPath}`, {method, headers, agent: false}, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}),
        );
      });
      req.on('error', reject);
      req.end();
    }),
    `answer to ${method} ${rawPath}`,
  );
}
const text = (answer: Answer): string => answer.body.toString('utf8');

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'static-server-'));
  root = path.join(base, 'site');
  for (const [file, content] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(root, file)), {recursive: true});
    await writeFile(path.join(root, file), content);
  }
  // Beside the site, never to be served; and a folder whose name starts with the site's.
  await writeFile(path.join(base, 'secret.txt'), 'not for the web');
  await mkdir(path.join(base, 'site-private'));
  await writeFile(path.join(base, 'site-private', 'key.txt'), 'a private key');
  server = await startStaticServer(root);
  plain = await startStaticServer(root, {gzip: false});
});
afterAll(async () => {
  await Promise.all([server.close(), plain.close()]);
  await rm(base, {recursive: true, force: true});
});

describe('which file a path serves', () => {
  it('serves index.html at the root, `/path` as path.html, and a folder as its index.html', async () => {
    for (const [at, title] of [
      ['/', 'Home'],
      ['/about', 'About'],
      ['/about.html', 'About'],
      ['/about/', 'About'],
      ['/guide', 'Guide'],
      ['/guide/', 'Guide'],
      ['/about?tab=team#top', 'About'],
    ] as const) {
      const answer = await request(plain, at);
      expect(answer.status, at).toBe(200);
      expect(text(answer), at).toContain(`<title>${title}</title>`);
    }
  });

  it('decodes the path: a name with a space is found', async () => {
    const answer = await request(plain, '/my%20notes.txt');
    expect([answer.status, text(answer)]).toEqual([200, 'spaces in the name']);
  });

  it('answers a path with no file with 404.html and status 404', async () => {
    for (const at of ['/nowhere', '/assets/js/missing.js', '/guide/deeper/']) {
      const answer = await request(plain, at);
      expect(answer.status, at).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(text(answer)).toBe('<title>Page not found</title>');
    }
  });

  it('never serves a file outside its folder, however the path climbs', async () => {
    for (const at of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/guide/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const answer = await request(plain, at);
      expect(answer.status, at).toBe(404);
      expect(text(answer), at).not.toContain('not for the web');
    }
  });

  it("never serves a folder beside it whose name starts with the folder's", async () => {
    for (const at of ['/..%2fsite-private%2fkey.txt', '/../site-private/key.txt']) {
      const answer = await request(plain, at);
      expect(answer.status, at).toBe(404);
      expect(text(answer), at).not.toContain('a private key');
    }
  });

  it('answers a path that cannot be decoded with 404, and keeps serving', async () => {
    const answer = await request(plain, '/%E0%A4%A');
    expect([answer.status, text(answer)]).toEqual([404, '<title>Page not found</title>']);
    expect((await request(plain, '/about')).status).toBe(200);
  });

  it('answers 500, never hangs, when a site has no 404.html', async () => {
    const bare = path.join(base, 'bare');
    await mkdir(bare);
    await writeFile(path.join(bare, 'index.html'), '<title>Bare</title>');
    const bareServer = await startStaticServer(bare, {gzip: false});
    try {
      const answer = await request(bareServer, '/nowhere');
      expect(answer.status).toBe(500);
      expect(text(answer)).toMatch(/^Cannot serve \/nowhere: .*404\.html/);
      expect((await request(bareServer, '/')).status).toBe(200);
    } finally {
      await bareServer.close();
    }
  });
});

describe('what the answer says about the file', () => {
  it('gives each kind of file its content type, and unknown kinds application/octet-stream', async () => {
    const types: Record<string, string> = {
      '/': 'text/html; charset=utf-8',
      '/assets/js/main.3f2a.js': 'text/javascript; charset=utf-8',
      '/assets/css/styles.9c1e.css': 'text/css; charset=utf-8',
      '/search-index.json': 'application/json',
      '/img/logo.svg': 'image/svg+xml',
      '/img/logo.png': 'image/png',
      '/llms.txt': 'text/plain; charset=utf-8',
      '/docs/intro.md': 'text/markdown; charset=utf-8',
      '/specs/openapi.yaml': 'application/yaml',
      '/fonts/inter.woff2': 'font/woff2',
      '/downloads/archive.bin': 'application/octet-stream',
    };
    for (const [at, type] of Object.entries(types))
      expect((await request(plain, at)).headers['content-type'], at).toBe(type);
  });

  it('lets hashed assets be cached for a year, and has pages revalidated', async () => {
    expect((await request(plain, '/assets/js/main.3f2a.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const at of ['/', '/about', '/img/logo.png', '/nowhere'])
      expect((await request(plain, at)).headers['cache-control'], at).toBe('no-cache');
  });

  it('sends the file as it is, with its length, to a client that does not take gzip', async () => {
    const answer = await request(server, '/');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
    expect(text(answer)).toBe(PAGE);
  });
});

describe('compression', () => {
  const gzip = {headers: {'Accept-Encoding': 'br, gzip;q=0.9'}};

  it('gzips what a client that takes gzip asks for, smaller than the file and the same once unzipped', async () => {
    const answer = await request(server, '/', gzip);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(PAGE));
    expect(gunzipSync(answer.body).toString('utf8')).toBe(PAGE);
    const missing = await request(server, '/nowhere', gzip);
    expect([missing.status, gunzipSync(missing.body).toString('utf8')]).toEqual([
      404,
      '<title>Page not found</title>',
    ]);
  });

  it('never gzips a PNG, nor anything when started without gzip', async () => {
    const png = await request(server, '/img/logo.png', gzip);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body).toEqual(SITE['img/logo.png']);
    const off = await request(plain, '/', gzip);
    expect(off.headers['content-encoding']).toBeUndefined();
    expect(text(off)).toBe(PAGE);
  });
});

describe('HEAD, the byte count and closing', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await request(plain, '/about');
    const head = await request(plain, '/about', {method: 'HEAD'});
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect((await request(plain, '/nowhere', {method: 'HEAD'})).status).toBe(404);
  });

  it('counts the bytes sent per path, compressed when they were, adding up repeated requests', async () => {
    const own = await startStaticServer(root);
    try {
      const first = await request(own, '/llms.txt', {headers: {'Accept-Encoding': 'gzip'}});
      const second = await request(own, '/llms.txt');
      await request(own, '/about');
      expect(first.body.length).not.toBe(second.body.length);
      expect(Object.fromEntries(own.sent)).toEqual({
        '/llms.txt': first.body.length + second.body.length,
        '/about': Buffer.byteLength(SITE['about.html'] as string),
      });
    } finally {
      await own.close();
    }
  });

  it('listens on 127.0.0.1 only, and no more once closed', async () => {
    const own = await startStaticServer(root);
    expect(own.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await own.close();
    await expect(request(own, '/')).rejects.toThrow(/ECONNREFUSED/);
  });
});
