/**
 * The WebSocket guide's transcript recorder (docs/websockets.mdx, "Recording a session") runs
 * against the WebSocket mock, with only its host rewritten, and writes a transcript; the session
 * checker (the same code as `npm run session-check`) must find that transcript holds. The same
 * transcript with one frame broken on purpose must fail at that frame.
 */
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadAsyncApi} from '../../plugins/api-reference/load';
import {loadIdentity, resolveSpecPaths} from '../../plugins/api-reference/identity';
import type {Json} from '../../plugins/api-reference/document';
import {checkCapture, isFailingFrame} from '../../plugins/session-check/client/check';
import {readCapture} from '../../plugins/session-check/client/read';
import {failureLines} from '../../plugins/session-check/client/report';
import type {Describe} from '../../plugins/session-check/client/types';
import {describeErrors} from '../../src/components/ApiReference/Validator/messages';
import {fillHosts, TOKEN_VARIABLE} from '../../src/components/Guide/curl';
import {startWsMock, type WsMock} from '../../scripts/mock/ws';
import {nodeChecker} from '../../scripts/tools/session-check';
import {guideFiles, jsxElements} from '../unit/guides/mdx';
import {PYTHON} from '../../scripts/samples/toolchains';
import {ROOT, run, workDir} from './run';

const RECORDERS = [
  {
    language: 'javascript',
    title: 'Record a transcript (Node.js, package ws)',
    file: 'record.mjs',
    command: process.execPath,
  },
  {
    language: 'python',
    title: 'Record a transcript (Python, websocket-client)',
    file: 'record.py',
    command: PYTHON,
  },
] as const;

const doc = (await loadAsyncApi(path.join(ROOT, 'specs/asyncapi.yaml'))) as Json;
const wsServer = loadIdentity(resolveSpecPaths(ROOT)).wsServers.find((s) => s.isDefault);
const hostCode = guideFiles().flatMap((g) => jsxElements(g.source, ['HostCode']));
const pythonReady = spawnSync(PYTHON, ['-c', 'import websocket']).status === 0;

let mock: WsMock;
const dir = workDir('session-recorder');
beforeAll(async () => {
  mock = await startWsMock(doc);
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, {recursive: true, force: true});
});

describe('the guide’s transcript recorders', () => {
  it.each(RECORDERS)(
    '$title records a session the session checker finds holds; a broken frame fails',
    async (recorder) => {
      // npm run test:samples installs the toolchain first (scripts/setup/ensure-toolchains.ts).
      if (recorder.language === 'python')
        expect(pythonReady, 'python3-websocket is not installed (npm run test:samples installs it)').toBe(
          true,
        );
      const element = hostCode.find((e) => e.props.title === recorder.title);
      expect(element?.children, `a <HostCode title="${recorder.title}"> in the WebSocket guide`).toBeTypeOf(
        'string',
      );
      const shown = fillHosts(String(element?.children ?? '').trim(), {ws: wsServer?.url ?? ''});
      const origin = new URL(wsServer?.url ?? 'wss://x').origin.replace(/^https?/, 'wss');
      const code = shown.split(origin).join(mock.url);
      const script = path.join(dir, recorder.file);
      const transcript = path.join(dir, `${recorder.language}.jsonl`);
      const complaintsBefore = mock.complaints.length;
      writeFileSync(script, `${code}\n`);
      const outcome = await run(recorder.command, [script], {
        cwd: dir,
        env: {[TOKEN_VARIABLE]: 'sample-tier-token', TRANSCRIPT: transcript},
        timeoutMs: 30_000,
      });
      expect(outcome.timedOut).toBe(false);
      expect(outcome.code, outcome.stderr).toBe(0);
      expect(mock.complaints.slice(complaintsBefore)).toEqual([]);

      const checker = await nodeChecker({describe: describeErrors as Describe});
      const text = readFileSync(transcript, 'utf8');
      const report = checkCapture(await readCapture(text), checker);
      expect(failureLines(report)).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.frames.map((f) => f.message)).toEqual([
        'subscribe_order_channel',
        'channel_subscription_confirmation',
        'new_order',
        'order_execution',
      ]);

      // The order's amount written with a comma: the checker fails that frame, at that field.
      const lines = text.trimEnd().split('\n');
      const at = lines.findIndex((l) => l.includes('new_order'));
      lines[at] = (lines[at] ?? '').replace(
        /(leg_1_amount\\"\s*:\s*\\")0\.5/,
        (_all, key: string) => `${key}0,5`,
      );
      const broken = checkCapture(await readCapture(lines.join('\n')), checker);
      const failing = broken.frames.filter(isFailingFrame);
      expect(failing.map((f) => [f.source, f.message, f.problems[0]?.pointer])).toEqual([
        [`line ${at + 1}`, 'new_order', '/new_order/amount/leg_1_amount'],
      ]);
      expect(broken.ok).toBe(false);
    },
  );
});
