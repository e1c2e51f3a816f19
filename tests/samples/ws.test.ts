/**
 * Every "Send it" sample of /docs/ws (Node.js and Python) runs against the
 * WebSocket mock made from specs/asyncapi.yaml (scripts/mock/ws.ts), with the
 * host rewritten and nothing else. The mock validates every frame and enforces
 * the documented order; the test asserts that it received exactly the frames
 * the sample claims to send (the channel's subscription first, where needed,
 * then the message), refused nothing, and that the sample printed its replies.
 */
import {rmSync} from 'node:fs';
import {formatWithOptions} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {connectUrl} from '../../plugins/api-reference/asyncapi/servers';
import {listChannels} from '../../plugins/api-reference/asyncapi/model';
import {examplesFor, messageExamples} from '../../plugins/api-reference/asyncapi/examples';
import {isChannelSubscription} from '../../plugins/api-reference/asyncapi/samples';
import type {Json} from '../../plugins/api-reference/document';
import {startWsMock, type WsMock} from '../../scripts/mock/ws';
import {TOOLCHAINS, available} from '../../scripts/samples/toolchains';
import {failure, prepare, run, workDir, type Language} from './run';
import {specWs} from '../helpers/specModels';

const {asyncapi: doc, ws: model} = await specWs();
const raw = listChannels(doc);
const server = model.servers[0];

/** The payload a message's sample sends on a channel: its first example for that channel. */
function examplePayload(channel: string, name: string): Json {
  const message = raw.find((c) => c.key === channel)?.messages.find((m) => m.name === name)?.message;
  const payload =
    message === undefined ? undefined : examplesFor(messageExamples(doc, message), channel)[0]?.payload;
  if (payload === undefined) throw new Error(`no example of ${name} on ${channel}`);
  return payload;
}

interface Case {
  language: Language;
  what: string;
  key: string;
  code: string;
  /** The frames the sample claims to send, in order. */
  sends: {message: string; payload: Json}[];
}

const cases: Case[] = model.channels.flatMap((channel) => {
  const subscription = channel.messages.find((m) => m.youSend && isChannelSubscription(m.name))?.name;
  return channel.messages.flatMap((m) =>
    m.samples.map((s) => ({
      language: s.language as Language,
      what: `message ${m.name} on ${channel.address ?? channel.key}`,
      key: `${channel.key}_${m.name}`,
      code: s.code,
      sends: [
        ...(subscription !== undefined && subscription !== m.name
          ? [{message: subscription, payload: examplePayload(channel.key, subscription)}]
          : []),
        {message: m.name, payload: examplePayload(channel.key, m.name)},
      ],
    })),
  );
});

/**
 * Python's repr of a parsed JSON value: what `print(json.loads(...))` shows for
 * the mock's frames (JSON.stringify's numbers: ints, and floats whose shortest
 * form Python writes the same way; exponents are not needed here).
 */
function pythonRepr(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const body = [...value]
      .map((ch) => {
        if (ch === '\\') return '\\\\';
        if (ch === quote) return `\\${quote}`;
        if (ch === '\n') return '\\n';
        if (ch === '\r') return '\\r';
        if (ch === '\t') return '\\t';
        const code = ch.codePointAt(0) ?? 0;
        return code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : ch;
      })
      .join('');
    return `${quote}${body}${quote}`;
  }
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v)}`)
    .join(', ')}}`;
}

function printed(language: Language, value: unknown): string {
  return language === 'python' ? `${pythonRepr(value)}\n` : `${formatWithOptions({}, value)}\n`;
}

let mock: WsMock;
const dir = workDir('ws');
const ran = new Map<Language, number>();
const skipped: string[] = TOOLCHAINS.filter((t) => t.name === 'python' && !available(t)).map((t) => t.name);

beforeAll(async () => {
  mock = await startWsMock(doc);
});

afterAll(async () => {
  await mock.stop();
  rmSync(dir, {recursive: true, force: true});
  console.log(
    `WebSocket samples run per language: ${[...ran].map(([l, n]) => `${l} ${n}`).join(', ')}` +
      (skipped.length > 0 ? `; skipped (toolchain missing): ${skipped.join(', ')}` : ''),
  );
});

async function runCase(c: Case, command: string, args: string[], code: string): Promise<string | undefined> {
  const framesBefore = mock.frames.length;
  const complaintsBefore = mock.complaints.length;
  const mine = () => mock.frames.slice(framesBefore);
  const last = c.sends[c.sends.length - 1]?.message;
  // Done when the last message has arrived and every reply the mock sent has been printed.
  const done = (stdout: string): boolean => {
    if (mock.complaints.length > complaintsBefore) return true;
    const frames = mine();
    if (!frames.some((f) => f.direction === 'received' && f.message === last)) return false;
    return frames
      .filter((f) => f.direction === 'sent')
      .every((f) => stdout.includes(printed(c.language, JSON.parse(f.text))));
  };
  const outcome = await run(command, args, {
    env: {PYTHONUNBUFFERED: '1'},
    until: done,
    poll: (check) => mock.onChange(check),
    timeoutMs: 30_000,
  });
  const problems: string[] = [];
  const complaints = mock.complaints.slice(complaintsBefore);
  if (complaints.length > 0)
    problems.push(
      `the mock refused: ${complaints.map((x) => `${x.complaint}${x.text !== undefined ? ` (frame ${x.text})` : ''}`).join('; ')}`,
    );
  if (outcome.timedOut)
    problems.push('it timed out before the mock had its message and the sample printed the replies');
  else if (outcome.code !== null)
    problems.push(`it exited (${outcome.code}) before its message was sent and answered: ${outcome.stderr}`);
  const frames = mine();
  const received = frames.filter((f) => f.direction === 'received');
  const claimed = c.sends.map((s) => s.message);
  if (JSON.stringify(received.map((f) => f.message)) !== JSON.stringify(claimed))
    problems.push(
      `the mock received ${JSON.stringify(received.map((f) => f.message))}, the sample claims ${JSON.stringify(claimed)}`,
    );
  c.sends.forEach((s, i) => {
    const got = received[i];
    if (got !== undefined && JSON.stringify(JSON.parse(got.text)) !== JSON.stringify(s.payload))
      problems.push(`${s.message} sent as ${got.text}, the example is ${JSON.stringify(s.payload)}`);
  });
  if (new Set(frames.map((f) => f.connection)).size > 1) problems.push('it opened more than one connection');
  for (const reply of frames.filter((f) => f.direction === 'sent'))
    if (!outcome.stdout.includes(printed(c.language, JSON.parse(reply.text))))
      problems.push(
        `it did not print the mock's ${String(reply.message)}: printed ${JSON.stringify(outcome.stdout)}`,
      );
  return problems.length === 0 ? undefined : failure(c.language, c.what, code, problems.join('; '));
}

describe('WebSocket send samples run against the mock', () => {
  it('covers every message the reader sends on a published address, in Node.js and Python', () => {
    expect(new Set(cases.map((c) => c.language))).toEqual(new Set(['javascript', 'python']));
    expect(cases.length).toBeGreaterThanOrEqual(14);
  });

  for (const language of ['javascript', 'python'] as const) {
    it.skipIf(skipped.includes(language))(
      `${language === 'python' ? 'Python' : 'Node.js'}: every send sample`,
      async () => {
        const mine = cases.filter((c) => c.language === language);
        const origin = server === undefined ? '' : connectUrl(server);
        const runnable = mine.map((c) => {
          if (!c.code.includes(origin)) throw new Error(`${c.what}: the sample does not contain ${origin}`);
          return c.code.split(origin).join(mock.url);
        });
        const prepared = await prepare(
          language,
          mine.map((c, i) => ({key: c.key, code: runnable[i] ?? ''})),
          dir,
        );
        const failures: string[] = [];
        // One at a time: the mock tells the connections apart by order.
        for (const [i, c] of mine.entries()) {
          const how = prepared.get(c.key);
          const code = runnable[i] ?? '';
          if (how === undefined || !how.ok)
            failures.push(
              failure(language, c.what, code, how?.ok === false ? how.complaint : 'not prepared'),
            );
          else {
            const problem = await runCase(c, how.command, how.args, code);
            if (problem !== undefined) failures.push(problem);
          }
        }
        ran.set(language, mine.length);
        expect(failures.join('\n\n')).toBe('');
      },
    );
  }
});
