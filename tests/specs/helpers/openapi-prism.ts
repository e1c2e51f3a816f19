/**
 * Starts a Prism mock server (@stoplight/prism-cli) for an OpenAPI document on 127.0.0.1 and a
 * free port, with bounded waits, and stops it again.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {createRequire} from 'node:module';
import {createServer} from 'node:net';
import {dirname, join} from 'node:path';

export interface MockServer {
  baseUrl: string;
  /** The last lines Prism printed, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const LOG_LIMIT = 20_000;

function prismBin(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@stoplight/prism-cli/package.json');
  return join(dirname(packageJson), 'dist', 'index.js');
}

/** A port that was free a moment ago (the OS picks it; the listener is closed right away). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, 5_000)) return;
  child.kill('SIGKILL');
  await waitForExit(child, 5_000);
}

export async function startPrism(documentPath: string, startTimeoutMs = 30_000): Promise<MockServer> {
  const port = await freePort();
  const args = [prismBin(), 'mock', documentPath, '--host', HOST, '--port', String(port)];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {...process.env, NO_COLOR: '1'},
  });
  let output = '';
  const append = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-LOG_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  const server: MockServer = {
    baseUrl: `http://${HOST}:${port}`,
    log: () => output,
    stop: () => stopChild(child),
  };
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Prism did not start within ${startTimeoutMs} ms:\n${output}`)),
      startTimeoutMs,
    );
    const check = (): void => {
      if (output.includes('Prism is listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${String(code)} before listening:\n${output}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return server;
}
