/**
 * The REST side of `npm run mock` without Prism: the command line's ports (scripts/mock/index.ts),
 * the lines of Prism's log that are complaints, and the recording proxy the sample tier puts in
 * front of Prism (scripts/mock/rest.ts). The proxy is started here in front of a small HTTP server
 * that plays Prism's part (it answers with what it received, and Prism's `sl-violations` header
 * when asked), so what the proxy forwards, answers and records can be compared byte for byte.
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parsePort, USAGE} from '../../../scripts/mock/index';
import {freePort, startRecorder, violationsInLog, type Recorder} from '../../../scripts/mock/rest';
import {bounded} from './client';

describe('the command line', () => {
  it('takes a port from 1 to 65535, written as digits', () => {
    expect(parsePort('--rest-port', '4010')).toBe(4010);
    expect(parsePort('--ws-port', '1')).toBe(1);
    expect(parsePort('--ws-port', '65535')).toBe(65535);
  });

  it('refuses anything else, naming the option and the value', () => {
    for (const value of ['0', '65536', '', '80a', '8.5', '-1', ' 80', '0x50'])
      expect(() => parsePort('--rest-port', value), value).toThrow(
        `--rest-port needs a port from 1 to 65535, not "${value}"`,
      );
  });

  it('prints both options with their defaults in its usage', () => {
    expect(USAGE).toMatch(/^Usage: npm run mock/);
    expect(USAGE).toContain(
      '--rest-port N  the REST mock (Prism, validation on) on 127.0.0.1:N (default 4010)',
    );
    expect(USAGE).toContain('--ws-port N    the WebSocket mock on 127.0.0.1:N (default 4011)');
  });
});

describe("Prism's log", () => {
  it('gives the lines that report a violation, and no other', () => {
    const log = [
      '[10:00:00] › [CLI] …  awaiting  Starting Prism…',
      '[10:00:01] › [CLI] ✔  success   Prism is listening on http://127.0.0.1:4010',
      '[10:00:02] › [VALIDATOR] ✖  error     Request terminated with error: https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
      "[10:00:02] › [VALIDATOR] ✖  error     Violation: request.body Request body must have required property 'amount'",
      '[10:00:03] › [NEGOTIATOR] ✖  error     Request did not pass the validation rules',
    ].join('\n');
    expect(violationsInLog(log)).toEqual([
      "[10:00:02] › [VALIDATOR] ✖  error     Violation: request.body Request body must have required property 'amount'",
      '[10:00:03] › [NEGOTIATOR] ✖  error     Request did not pass the validation rules',
    ]);
    expect(violationsInLog('')).toEqual([]);
  });
});

/** A stand-in for Prism: answers with the request it got, as JSON, and a violation on /bad. */
function startUpstream(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const bad = req.url?.startsWith('/bad') === true;
      res.writeHead(bad ? 422 : 200, {
        'content-type': 'application/json',
        'x-upstream': 'prism',
        ...(bad ? {'sl-violations': '[{"message":"must have required property amount"}]'} : {}),
      });
      res.end(JSON.stringify({method: req.method, url: req.url, host: req.headers.host, body}));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: http.Server): number => (server.address() as AddressInfo).port;

describe('the recording proxy in front of Prism', () => {
  let upstream: http.Server;
  let recorder: Recorder;
  const extra: Recorder[] = [];
  beforeAll(async () => {
    upstream = await startUpstream();
    recorder = await startRecorder(portOf(upstream), 0);
  });
  afterAll(async () => {
    await Promise.all([recorder, ...extra].map((r) => r.close()));
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('forwards the request as it came (method, path and query, headers, body) to Prism under its own host', async () => {
    const response = await fetch(`${recorder.url}/api/orders?limit=2`, {
      method: 'POST',
      headers: {Authorization: 'Bearer test', 'Content-Type': 'application/json'},
      body: '{"amount":"1"}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upstream')).toBe('prism');
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/api/orders?limit=2',
      host: `127.0.0.1:${portOf(upstream)}`,
      body: '{"amount":"1"}',
    });
  });

  it("records each exchange: what arrived (with the caller's own Host) and what Prism answered", async () => {
    const from = recorder.exchanges.length;
    await (await fetch(`${recorder.url}/api/instruments`, {headers: {Authorization: 'Bearer t'}})).text();
    const [exchange] = recorder.exchanges.slice(from);
    expect(exchange).toMatchObject({method: 'GET', url: '/api/instruments', body: '', status: 200});
    expect(exchange?.headers).toMatchObject({authorization: 'Bearer t', host: new URL(recorder.url).host});
    expect(JSON.parse(exchange?.responseBody ?? '')).toMatchObject({url: '/api/instruments'});
    expect(exchange).not.toHaveProperty('violations');
  });

  it("passes Prism's refusal on, and records the violations it reported", async () => {
    const from = recorder.exchanges.length;
    const response = await fetch(`${recorder.url}/bad/orders`, {method: 'PUT', body: '{}'});
    expect(response.status).toBe(422);
    expect(response.headers.get('sl-violations')).toContain('required property amount');
    await response.text();
    expect(recorder.exchanges.slice(from)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/bad/orders',
        body: '{}',
        status: 422,
        violations: '[{"message":"must have required property amount"}]',
      }),
    ]);
  });

  it('answers 502 with the reason when Prism is not there, and records nothing', async () => {
    const gone = await startRecorder(await freePort(), 0);
    extra.push(gone);
    const response = await fetch(`${gone.url}/api/instruments`);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/ECONNREFUSED/);
    expect(gone.exchanges).toEqual([]);
  });

  it('refuses to start on a port that is taken', async () => {
    await expect(startRecorder(portOf(upstream), Number(new URL(recorder.url).port))).rejects.toThrow(
      /EADDRINUSE/,
    );
  });

  it('closes at once, open keep-alive connections and all, and the port is free again', async () => {
    const own = await startRecorder(portOf(upstream), 0);
    const agent = new http.Agent({keepAlive: true});
    await new Promise<void>((resolve, reject) =>
      http
        .get(`${own.url}/api/ping`, {agent}, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject),
    );
    await bounded(own.close(), 'close of the proxy');
    agent.destroy();
    await expect(fetch(`${own.url}/api/ping`)).rejects.toThrow();
    expect(own.exchanges.map((e) => e.url)).toEqual(['/api/ping']);
  });
});

describe('a free port', () => {
  it('is one of 127.0.0.1 that can be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    expect(portOf(server)).toBe(port);
    await new Promise((resolve) => server.close(resolve));
  });
});
