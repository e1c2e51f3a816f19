/**
 * A small static server for build/ used by the benchmark: gzip and cache headers like a real host,
 * `/path` → `/path.html`, 404.html with status 404. Listens on 127.0.0.1 only and
 * records the bytes it sends per request path so the benchmark can report
 * compressed transfer sizes.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml',
  '.woff2': 'font/woff2',
};

/** The file a request path names under `root`, if any: never a file outside it, nor a path that cannot be decoded. */
async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const clean = decoded.replace(/\/+$/, '');
  const candidates =
    clean === ''
      ? ['index.html']
      : [clean.slice(1), `${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`];
  for (const candidate of candidates) {
    const file = path.join(root, candidate);
    // Inside root, not beside it: `/tmp/site-private` starts with `/tmp/site` too.
    const inside = path.relative(root, file);
    if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
    try {
      if ((await stat(file)).isFile()) return file;
    } catch {
      // try the next form
    }
  }
  return undefined;
}

export interface StaticServer {
  url: string;
  /** Compressed (or raw) bytes sent per request path. */
  sent: Map<string, number>;
  close: () => Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startStaticServer(
  root: string,
  {gzip = true}: {gzip?: boolean} = {},
): Promise<StaticServer> {
  const sent = new Map<string, number>();
  const cache = new Map<string, {raw: Buffer; gz: Buffer}>();
  const server = createServer((req, res) => {
    // Every request is answered, an unreadable one with 500: a rejection here would hang the
    // client and end the benchmark's process.
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, {'content-type': 'text/plain; charset=utf-8'});
      res.end(`Cannot serve ${req.url ?? '/'}: ${(error as Error).message}\n`);
    });
  });
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let file = await resolveFile(root, url.pathname);
    let status = 200;
    if (file === undefined) {
      file = path.join(root, '404.html');
      status = 404;
    }
    let body = cache.get(file);
    if (body === undefined) {
      const raw = await readFile(file);
      body = {raw, gz: gzipSync(raw, {level: 9})};
      cache.set(file, body);
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const useGzip =
      gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && !type.startsWith('image/png');
    const payload = useGzip ? body.gz : body.raw;
    res.writeHead(status, {
      'content-type': type,
      'content-length': payload.length,
      ...(useGzip ? {'content-encoding': 'gzip'} : {}),
      // As a real host serves a Docusaurus build: hashed assets are immutable, pages revalidate.
      'cache-control': url.pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    res.end(payload);
    sent.set(url.pathname, (sent.get(url.pathname) ?? 0) + payload.length);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const timer = setTimeout(() => server.close(), 30 * 60 * 1000); // never outlive a run
  timer.unref();
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
