/**
 * The guides' Node.js WebSocket code (<HostCode language="js">) runs against
 * the WebSocket mock, with the token set in API_TOKEN as the guides say and the
 * host rewritten: each connects with its Authorization header and sends only
 * frames the mock accepts, in the documented order. A script that ends by
 * itself (the order flow of Getting started) must exit 0 after printing the
 * mock's last answer; one that only connects or listens is ended once its
 * connection is accepted and its frames are answered.
 */
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadAsyncApi} from '../../plugins/api-reference/load';
import {loadIdentity, resolveSpecPaths} from '../../plugins/api-reference/identity';
import type {Json} from '../../plugins/api-reference/document';
import {fillHosts, TOKEN_VARIABLE} from '../../src/components/Guide/curl';
import {startWsMock, type WsMock} from '../../scripts/mock/ws';
import {guideFiles, jsxElements} from '../unit/guides/mdx';
import {ROOT, failure, run, workDir} from './run';

const doc = (await loadAsyncApi(path.join(ROOT, 'specs/asyncapi.yaml'))) as Json;
const identity = loadIdentity(resolveSpecPaths(ROOT));
const wsServer = identity.wsServers.find((s) => s.isDefault);

const scripts = guideFiles().flatMap((g) =>
  jsxElements(g.source, ['HostCode'])
    .filter(
      (e) => e.props.language === 'js' && typeof e.children === 'string' && e.children.includes('{{WS_URL}}'),
    )
    .map((e) => ({
      what: `guide ${g.id}.mdx:${e.line} "${String(e.props.title)}"`,
      code: (e.children ?? '').trim(),
    })),
);

let mock: WsMock;
const dir = workDir('guides-ws');
beforeAll(async () => {
  mock = await startWsMock(doc);
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, {recursive: true, force: true});
  console.log(`Guide WebSocket scripts run (Node.js): ${scripts.length}`);
});

describe("the guides' WebSocket scripts run against the mock", () => {
  it('finds them', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(wsServer).toBeDefined();
  });

  it.each(scripts.map((s) => [s.what, s] as const))('%s', async (_what, script) => {
    const shown = fillHosts(script.code, {ws: wsServer?.url ?? ''});
    const origin = new URL(wsServer?.url ?? 'wss://x').origin.replace(/^https?/, 'wss');
    expect(shown).toContain(origin);
    const code = shown.split(origin).join(mock.url);
    const file = path.join(dir, `guide-${scripts.indexOf(script)}.mjs`);
    writeFileSync(file, `${code}\n`);
    const before = {
      connections: mock.connections.length,
      frames: mock.frames.length,
      complaints: mock.complaints.length,
    };
    const mine = (): {received: number; answered: boolean} => {
      const frames = mock.frames.slice(before.frames);
      const received = frames.filter((f) => f.direction === 'received');
      const last = received.at(-1);
      // Answered: every message that has a documented answer got it (the last frame is not an unanswered request).
      return {received: received.length, answered: last === undefined || frames.at(-1)?.direction === 'sent'};
    };
    // A script that only connects (or listens) is done when the connection is accepted and nothing awaits an answer.
    const outcome = await run(process.execPath, [file], {
      env: {[TOKEN_VARIABLE]: 'sample-tier-token'},
      until: () =>
        mock.complaints.length > before.complaints ||
        (mock.connections.length > before.connections && mine().answered && !code.includes('socket.send(')),
      poll: (check) => mock.onChange(check),
      timeoutMs: 30_000,
    });
    const problems: string[] = [];
    const complaints = mock.complaints.slice(before.complaints);
    if (complaints.length > 0)
      problems.push(`the mock refused: ${complaints.map((c) => c.complaint).join('; ')}`);
    if (mock.connections.length === before.connections) problems.push('it never connected');
    if (outcome.timedOut) problems.push('it timed out');
    else if (outcome.code !== null && outcome.code !== 0)
      problems.push(`it exited with ${outcome.code}: ${outcome.stderr}`);
    if (outcome.code === 0) {
      const lastSent = mock.frames
        .slice(before.frames)
        .filter((f) => f.direction === 'sent')
        .at(-1);
      if (
        lastSent !== undefined &&
        !outcome.stdout.includes(JSON.stringify(JSON.parse(lastSent.text), null, 2))
      )
        problems.push(`it did not print the mock's ${String(lastSent.message)}: ${outcome.stdout}`);
    }
    expect(problems.length === 0 ? '' : failure('javascript', script.what, code, problems.join('; '))).toBe(
      '',
    );
  });
});
