/**
 * The command's prepared checker (scripts/tools/session-check.ts) is kept between runs and made
 * again when a document changes: a capture is never judged against documents it was not
 * prepared from. On two small documents named as a provider names theirs (OPENAPI_FILE,
 * ASYNCAPI_FILE): the cache's behaviour does not depend on the documents' size, and preparing
 * the product's documents three times took 33 s of this tier's longest file (2026-11-28);
 * the product's own documents are prepared in checker.test.ts and command.test.ts.
 */
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {checkCapture} from '@site/plugins/session-check/client/check';
import {readCapture} from '@site/plugins/session-check/client/read';
import {nodeChecker} from '@site/scripts/tools/session-check';
import {fixture} from './helpers';

/** The capture's first call is GET /api/instruments on the pre-production host (fixtures/session/rest.har). */
const OPENAPI = `openapi: 3.1.0
info: {title: Small, version: 1.0.0}
servers:
  - url: https://api.preprod.example.com
paths:
  /api/instruments:
    get:
      operationId: listInstruments
      responses:
        '200':
          description: The instruments.
          content:
            application/json:
              schema: {type: array, items: {type: object}}
`;

const ASYNCAPI = `asyncapi: 3.0.0
info: {title: Small, version: 1.0.0}
servers:
  preprod: {host: api.preprod.example.com, protocol: wss}
channels:
  prices:
    address: /ws/prices
    messages:
      price: {payload: {type: object, properties: {price: {type: string}}}}
operations:
  receivePrice:
    action: receive
    channel: {$ref: '#/channels/prices'}
`;

const dir = mkdtempSync(path.join(tmpdir(), 'session-check-cache-'));
const saved = {openapi: process.env.OPENAPI_FILE, asyncapi: process.env.ASYNCAPI_FILE};

afterAll(() => {
  if (saved.openapi === undefined) delete process.env.OPENAPI_FILE;
  else process.env.OPENAPI_FILE = saved.openapi;
  if (saved.asyncapi === undefined) delete process.env.ASYNCAPI_FILE;
  else process.env.ASYNCAPI_FILE = saved.asyncapi;
  rmSync(dir, {recursive: true, force: true});
});

describe('the command’s prepared checker', () => {
  it('is kept between runs, and prepared again when a document changes', async () => {
    const openapi = path.join(dir, 'openapi.yaml');
    const asyncapi = path.join(dir, 'asyncapi.yaml');
    writeFileSync(openapi, OPENAPI);
    writeFileSync(asyncapi, ASYNCAPI);
    process.env.OPENAPI_FILE = openapi;
    process.env.ASYNCAPI_FILE = asyncapi;
    const cache = path.join(dir, 'cache');
    const firstCall = async (): Promise<string | undefined> => {
      const report = checkCapture(await readCapture(fixture('rest.har')), await nodeChecker({cache}));
      return report.calls[0]?.operation;
    };

    expect(await firstCall()).toBe('listInstruments');
    const prepared = readdirSync(cache).sort();
    expect(prepared.filter((name) => /^[0-9a-f]{64}$/.test(name))).toHaveLength(1);
    const manifest = path.join(cache, prepared.find((name) => name.startsWith('manifest-')) ?? '');
    const written = statSync(manifest).mtimeMs;
    expect(await firstCall()).toBe('listInstruments');
    // Read, not written again.
    expect(statSync(manifest).mtimeMs).toBe(written);
    expect(readdirSync(cache).sort()).toEqual(prepared);

    // The instruments' path renamed: the capture's GET /api/instruments is no operation any more.
    writeFileSync(
      openapi,
      readFileSync(openapi, 'utf8').replace(/^ {2}\/api\/instruments:$/m, '  /api/instrument-list:'),
    );
    expect(await firstCall()).toBeUndefined();
    expect(readdirSync(cache).filter((name) => /^[0-9a-f]{64}$/.test(name))).toHaveLength(2);
  });
});
