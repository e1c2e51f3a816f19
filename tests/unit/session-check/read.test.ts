/**
 * Reading captures: formats, refusals that name the place, and credentials taken out on load so
 * that no output (report, lines, Markdown) can show one.
 */
import {describe, expect, it} from 'vitest';
import {CaptureRefused, readCapture, REDACTED} from '@site/plugins/session-check/client/read';
import {checkCapture} from '@site/plugins/session-check/client/check';
import {failureLines, reportMarkdown, summaryLines} from '@site/plugins/session-check/client/report';
import {fixture, sessionChecker} from './helpers';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJpbnRlZ3JhdG9yLTQyIn0.c2VjcmV0LXNpZ25hdHVyZS1kby1ub3Qtc2hvdw';

async function refusal(input: Uint8Array | string): Promise<string> {
  try {
    await readCapture(input);
  } catch (error) {
    expect(error).toBeInstanceOf(CaptureRefused);
    return (error as Error).message;
  }
  throw new Error('the input was read');
}

describe('reading captures', () => {
  it('the fixture really holds the token, in a header, a cookie, a query parameter and an error entry', () => {
    const text = new TextDecoder().decode(fixture('authorization.har'));
    expect(text.split(TOKEN).length - 1).toBeGreaterThanOrEqual(4);
    expect(text).toContain('cookie-value-9f8e7d6c');
  });

  it('a HAR with an Authorization header: the token and the cookie appear in no output', async () => {
    const capture = await readCapture(fixture('authorization.har'));
    expect(capture.redacted).toBeGreaterThan(0);
    const report = checkCapture(capture, await sessionChecker());
    const outputs = [
      JSON.stringify(capture),
      JSON.stringify(report),
      failureLines(report).join('\n'),
      summaryLines(report).join('\n'),
      reportMarkdown(report),
    ];
    for (const output of outputs) {
      expect(output).not.toContain(TOKEN);
      expect(output).not.toContain(TOKEN.split('.')[2]);
      expect(output).not.toContain('cookie-value-9f8e7d6c');
    }
    expect(report.connections[0]?.url).toBe(`wss://api.preprod.example.com/ws/orders?token=${REDACTED}`);
    // The error entry is shown as an error, its text cleaned.
    const error = report.frames.find((f) => f.status === 'error');
    expect(error?.preview).toBe(`handshake for ${REDACTED} failed`);
    expect(report.calls[0]?.url).toBe(
      `https://api.preprod.example.com/api/instruments?access_token=${REDACTED}`,
    );
    expect(report.ok).toBe(true);
  });

  it('HAR messages are taken in array order even when their times tie or run backwards', async () => {
    const har = {
      log: {
        entries: [
          {
            _resourceType: 'websocket',
            request: {url: 'wss://api.example.com/ws/orders'},
            _webSocketMessages: [
              {type: 'send', time: 5, opcode: 1, data: 'b'},
              {type: 'receive', time: 5, opcode: 1, data: 'a'},
              {type: 'send', time: 4, opcode: 1, data: 'c'},
            ],
          },
        ],
      },
    };
    const capture = await readCapture(JSON.stringify(har));
    expect(capture.connections[0]?.frames.map((f) => [f.data, f.from])).toEqual([
      ['b', 'client'],
      ['a', 'server'],
      ['c', 'client'],
    ]);
  });

  it('a WebSocket entry is found by its ws: URL when it has no _resourceType', async () => {
    const har = {
      log: {entries: [{request: {url: 'wss://api.example.com/ws/prices'}, response: {status: 101}}]},
    };
    const capture = await readCapture(JSON.stringify(har));
    expect(capture.connections).toHaveLength(1);
    expect(capture.calls).toHaveLength(0);
  });

  it('refuses malformed input of each kind, naming the place and listing the accepted formats', async () => {
    expect(await refusal(fixture('malformed-line.jsonl'))).toMatch(
      /^Line 2 of the transcript is not a JSON object\. Accepted: a HAR file/,
    );
    expect(await refusal(fixture('malformed-field.jsonl'))).toMatch(/^Line 2 of the transcript has a "dir"/);
    expect(await refusal(fixture('truncated.har'))).toMatch(
      /^This looks like a HAR file, but it is not complete JSON/,
    );
    expect(await refusal(fixture('broken.zhar'))).toMatch(
      /^The file looks compressed but could not be decompressed/,
    );
    expect(await refusal(fixture('bad-message.har'))).toMatch(
      /^In the HAR file, entry 1, message 1 has a type/,
    );
    expect(await refusal(fixture('not-a-capture.json'))).toMatch(/^This JSON is neither a HAR file/);
    expect(await refusal('')).toMatch(/^The capture is empty/);
    expect(await refusal('hello')).toMatch(/^The capture is not JSON/);
    expect(await refusal(new Uint8Array([0xff, 0xfe, 0x00, 0x41]))).toMatch(/^The file is not text/);
    for (const message of [await refusal('hello')]) expect(message).toContain('mitmproxy’s compressed .zhar');
  });
});
