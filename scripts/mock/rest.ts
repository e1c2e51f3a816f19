/**
 * The REST mock of the sample tier and of `npm run mock`: Prism (validation on,
 * static answers from the document's examples) behind a small recording proxy.
 * Prism says whether a request passed validation (its `sl-violations` header
 * and log); the proxy records what actually arrived (method, URL, headers,
 * body) and what Prism answered, so a test can compare them with the request a
 * sample claims to make. Listens on 127.0.0.1 only; `stop()` ends both.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import http, {type IncomingHttpHeaders} from 'node:http';
import {createServer, type AddressInfo} from 'node:net';
import {createRequire} from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface Exchange {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  /** Prism's validation result for the request, when it found violations. */
  violations?: string;
  responseBody: string;
}

export interface Recorder {
  /** Base URL (scheme and host) to give a sample in place of the documented server. */
  url: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

export interface RestMock {
  /** Prism itself, for maintainers who call it directly. */
  prismUrl: string;
  /** A proxy in front of Prism that records every exchange; one per sample keeps them apart. */
  recorder(port?: number): Promise<Recorder>;
  /** Prism's log so far. */
  log(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function readBody(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startRecorder(prismPort: number, port: number): Promise<Recorder> {
  const exchanges: Exchange[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const headers = {...req.headers, host: `127.0.0.1:${prismPort}`};
      const upstream = http.request(
        {host: '127.0.0.1', port: prismPort, method: req.method, path: req.url, headers},
        (answer) => {
          void readBody(answer).then((response) => {
            const violations = answer.headers['sl-violations'];
            exchanges.push({
              method: req.method ?? '',
              url: req.url ?? '',
              headers: req.headers,
              body: body.toString('utf8'),
              status: answer.statusCode ?? 0,
              ...(typeof violations === 'string' ? {violations} : {}),
              responseBody: response.toString('utf8'),
            });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(response);
          });
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      upstream.end(body);
    })();
  });
  const bound = await listen(server, port);
  return {
    url: `http://127.0.0.1:${bound}`,
    exchanges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts Prism on a free port of 127.0.0.1 (or `port`) and waits until it
 * listens; `echo` prints its log. A free port can be taken by another process
 * before Prism binds it: without a fixed port, a failed start is tried again
 * on a new port (three times in all), and the last failure names Prism's log.
 */
export async function startRestMock(spec: string, port?: number, echo = false): Promise<RestMock> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startPrism(spec, port ?? (await freePort()), echo);
    } catch (error) {
      if (port !== undefined || attempt >= 3) throw error;
    }
  }
}

async function startPrism(spec: string, prismPort: number, echo: boolean): Promise<RestMock> {
  const bin = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist/index.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'mock', '--host', '127.0.0.1', '--port', String(prismPort), spec],
    {stdio: ['ignore', 'pipe', 'pipe']},
  );
  let log = '';
  const stopOnExit = (): void => {
    child.kill();
  };
  process.once('exit', stopOnExit);
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      log += chunk.toString('utf8');
      if (echo) process.stdout.write(chunk);
      if (log.includes('Prism is listening')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`Prism exited (${String(code)}) before listening:\n${log}`)),
    );
  });
  const recorders: Recorder[] = [];
  return {
    prismUrl: `http://127.0.0.1:${prismPort}`,
    recorder: async (recorderPort = 0) => {
      const r = await startRecorder(prismPort, recorderPort);
      recorders.push(r);
      return r;
    },
    log: () => log,
    stop: async () => {
      await Promise.all(recorders.map((r) => r.close()));
      process.removeListener('exit', stopOnExit);
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      });
    },
  };
}

/** Prism's complaints in its log: the lines that report a violation. */
export function violationsInLog(log: string): string[] {
  return log.split('\n').filter((line) => /Violation:|did not pass the validation/.test(line));
}
