/**
 * Reading captures, beyond the fixtures (read.test.ts): gzip and zlib files, a byte-order mark,
 * Windows line ends and blank lines, a one-line transcript, what a HAR entry may leave out, the
 * refusals that name the entry, message or line at fault, and credentials in the places a HAR
 * keeps them (cookies, API keys, request and response bodies, encoded or cut-short values).
 */
import {deflateSync, gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {CaptureRefused, readCapture, REDACTED, Redactor} from '@site/plugins/session-check/client/read';

const URL_ORDERS = 'wss://api.example.com/ws/orders';
const line = (t: number, data: string, dir = 'send', url = URL_ORDERS): string =>
  JSON.stringify({t, dir, url, data});
const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));
const harOf = (entries: unknown[]): string => JSON.stringify({log: {entries}});

async function refusal(input: Uint8Array | string): Promise<string> {
  const error: unknown = await readCapture(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CaptureRefused);
  return (error as CaptureRefused).message.split('. Accepted: ')[0] ?? '';
}

describe('formats', () => {
  it('a gzip-compressed HAR is read as a compressed capture; a compressed transcript is refused', async () => {
    const har = harOf([
      {request: {url: URL_ORDERS}, _webSocketMessages: [{type: 'send', time: 1, data: '{}'}]},
    ]);
    const capture = await readCapture(new Uint8Array(gzipSync(har)));
    expect(capture.format).toBe('zhar');
    expect(capture.connections[0]?.frames.map((f) => f.data)).toEqual(['{}']);
    expect(await refusal(new Uint8Array(deflateSync(line(1, '{}'))))).toBe(
      'The decompressed file is not a HAR file',
    );
  });

  it('a byte-order mark, Windows line ends and blank lines are read; frames keep their line numbers', async () => {
    const text = `\uFEFF${line(1, 'a')}\r\n\r\n   \n${line(2, 'b', 'receive')}\r\n`;
    const capture = await readCapture(bytes(text));
    expect(capture.format).toBe('transcript');
    expect(capture.connections[0]?.frames.map((f) => [f.source, f.from, f.data])).toEqual([
      ['line 1', 'client', 'a'],
      ['line 4', 'server', 'b'],
    ]);
  });

  it('a transcript of one line is one JSON object: it is read as a transcript, not refused as JSON', async () => {
    const capture = await readCapture(line(7.5, '{"x":1}'));
    expect(capture.connections).toEqual([
      {
        id: 1,
        url: URL_ORDERS,
        source: 'transcript line 1',
        frames: [{index: 1, time: 7.5, from: 'client', kind: 'text', data: '{"x":1}', source: 'line 1'}],
      },
    ]);
  });

  it('a HAR entry may leave out method, times, response and bodies; what it leaves out reads as nothing', async () => {
    const capture = await readCapture(
      harOf([
        {request: {url: 'https://api.example.com/api/instruments'}},
        {
          startedDateTime: 'yesterday',
          request: {method: 'post', url: 'https://api.example.com/api/orders/bulk', postData: {text: '{}'}},
          response: {status: 202, content: {text: '{"ok":true}'}},
        },
        {
          startedDateTime: '2026-05-28T08:00:05.500Z',
          request: {method: 42, url: 'https://api.example.com/api/orders', postData: {mimeType: 'x'}},
          response: 'gone',
        },
      ]),
    );
    expect(capture.calls.map((c) => [c.method, c.time, c.status, c.requestBody, c.responseBody])).toEqual([
      ['GET', null, 0, undefined, undefined],
      ['POST', null, 202, {mimeType: '', text: '{}'}, {mimeType: '', text: '{"ok":true}', binary: false}],
      ['GET', 1779955205.5, 0, undefined, undefined],
    ]);
  });

  it('WebSocket messages: binary frames by their decoded size, error entries, times that are no numbers', async () => {
    const capture = await readCapture(
      harOf([
        {
          _resourceType: 'websocket',
          request: {url: 'https://api.example.com/ws/orders'},
          _webSocketMessages: [
            {type: 'receive', opcode: 2, time: 1, data: 'AAECAw=='},
            {type: 'receive', opcode: 2, time: 2, data: 'AAECAwQ='},
            {type: 'receive', opcode: 2, time: 3, data: 'AAEC\nAwQF'},
            {type: 'error', time: 'later', data: 'connection reset'},
          ],
        },
        {request: {url: URL_ORDERS}},
      ]),
    );
    expect(capture.connections.map((c) => c.frames.map((f) => [f.kind, f.time, f.data]))).toEqual([
      [
        ['binary', 1, 'binary frame of 4 bytes'],
        ['binary', 2, 'binary frame of 5 bytes'],
        ['binary', 3, 'binary frame of 6 bytes'],
        ['error', null, 'connection reset'],
      ],
      // A WebSocket entry without messages is a connection with no frames.
      [],
    ]);
  });
});

describe('refusals name the place at fault', () => {
  it('transcript lines', async () => {
    const first = line(1, '{}');
    const cases: [string, string][] = [
      [`${first}\n[1]`, 'Line 2 of the transcript is not a JSON object'],
      [
        `${first}\n{"t":"1","dir":"send","url":"${URL_ORDERS}","data":""}`,
        'Line 2 of the transcript has no number "t" (seconds)',
      ],
      [
        `${first}\n${line(2, '{}', 'send', 'https://api.example.com/ws')}`,
        'Line 2 of the transcript has no ws:// or wss:// "url"',
      ],
      [
        `${first}\n{"t":2,"dir":"send","url":"${URL_ORDERS}","data":{"x":1}}`,
        'Line 2 of the transcript has no text "data"',
      ],
    ];
    for (const [text, message] of cases) expect(await refusal(text)).toBe(message);
  });

  it('HAR files, entries and messages', async () => {
    const ws = (messages: unknown): unknown => ({request: {url: URL_ORDERS}, _webSocketMessages: messages});
    const cases: [string, string][] = [
      [
        '{"log":{"version":"1.2"}}',
        'This JSON has a "log" but no "log.entries" list, so it is not a HAR file',
      ],
      [
        '[{"log":{"entries":[]}}]',
        'This JSON is neither a HAR file (no "log.entries") nor a transcript line',
      ],
      [harOf([]), 'The HAR file has no entries'],
      [harOf([ws([]), 'entry']), 'Entry 2 of the HAR file has no request URL'],
      [harOf([{request: {method: 'GET'}}]), 'Entry 1 of the HAR file has no request URL'],
      [harOf([ws({0: 'send'})]), 'Entry 1 of the HAR file has _webSocketMessages that is not a list'],
      [harOf([ws([{type: 'send', data: ''}, null])]), 'In the HAR file, entry 1, message 2 is not an object'],
      [harOf([ws([{type: 'receive', data: 7}])]), 'In the HAR file, entry 1, message 1 has no text "data"'],
    ];
    for (const [text, message] of cases) expect(await refusal(text)).toBe(message);
  });

  it('every refusal lists the accepted formats', async () => {
    await expect(readCapture(harOf([]))).rejects.toThrow(/Accepted: a HAR file in Chrome’s shape/);
  });
});

describe('credentials taken out on load', () => {
  const TOKEN = 'tok-5f2a9c81e7';

  it('cookies, API keys and token parameters are found in headers and query lists, and cleaned from bodies', async () => {
    const capture = await readCapture(
      harOf([
        {
          request: {
            method: 'POST',
            url: `https://api.example.com/api/orders/bulk?api_key=key-77aa01#frag`,
            headers: [
              {name: 'Cookie', value: 'session=sess-0c0ffee1; lang=en'},
              {name: 'X-API-Key', value: 'key-77aa01'},
              {name: 'Accept', value: 'application/json'},
              // An entry without a value has nothing to take out.
              {name: 'Authorization'},
            ],
            queryString: [
              {name: 'signature', value: 'sig-d00dfeed'},
              {name: 'page', value: 'page-2'},
            ],
            postData: {mimeType: 'application/json', text: `{"note":"sess-0c0ffee1 sig-d00dfeed page-2"}`},
          },
          response: {
            status: 202,
            headers: [{name: 'Set-Cookie', value: 'refresh=ref-1234abcd; Path=/; HttpOnly'}],
            content: {mimeType: 'application/json', text: '{"refresh":"ref-1234abcd","lang":"en"}'},
          },
        },
        // A call without a response: its URL is cleaned all the same.
        {request: {url: 'https://api.example.com/api/orders?note=sess-0c0ffee1'}},
      ]),
    );
    const call = capture.calls[0];
    // The fragment stays; the key's value is replaced.
    expect(call?.url).toBe(`https://api.example.com/api/orders/bulk?api_key=${REDACTED}#frag`);
    expect(call?.requestBody?.text).toBe(`{"note":"${REDACTED} ${REDACTED} page-2"}`);
    // "en" is too short to be a secret worth blanking elsewhere.
    expect(call?.responseBody?.text).toBe(`{"refresh":"${REDACTED}","lang":"en"}`);
    expect(capture.calls[1]).toMatchObject({
      url: `https://api.example.com/api/orders?note=${REDACTED}`,
      status: 0,
    });
    expect(JSON.stringify(capture)).not.toMatch(/sess-0c0ffee1|key-77aa01|sig-d00dfeed|ref-1234abcd/);
  });

  it("a Set-Cookie's attributes are not secrets: hosts, paths and numbers elsewhere stay readable", async () => {
    const capture = await readCapture(
      harOf([
        {
          request: {method: 'GET', url: 'https://api.example.com/api/instruments'},
          response: {
            status: 200,
            headers: [
              {
                name: 'Set-Cookie',
                value: 'sid=sid-9e1b77c2; Path=/api; Domain=api.example.com; Max-Age=3600; Secure; HttpOnly',
              },
            ],
            content: {mimeType: 'application/json', text: '{"ttl":3600,"sid":"sid-9e1b77c2"}'},
          },
        },
      ]),
    );
    const call = capture.calls[0];
    expect(call?.url).toBe('https://api.example.com/api/instruments');
    expect(call?.responseBody?.text).toBe(`{"ttl":3600,"sid":"${REDACTED}"}`);
    expect(JSON.stringify(capture)).not.toContain('sid-9e1b77c2');
  });

  it('a token parameter is replaced in every URL, encoded or cut short, and its value cleaned from the frames', async () => {
    const capture = await readCapture(
      [
        line(
          1,
          `{"auth":"${TOKEN}/x"}`,
          'send',
          `${URL_ORDERS}?flag&token=${encodeURIComponent(`${TOKEN}/x`)}&n=1`,
        ),
        line(2, 'bad %E0%A4%A', 'send', `wss://api.example.com/ws/prices?jwt=%E0%A4%A`),
      ].join('\n'),
    );
    expect(capture.connections.map((c) => c.url)).toEqual([
      `${URL_ORDERS}?flag&token=${REDACTED}&n=1`,
      `wss://api.example.com/ws/prices?jwt=${REDACTED}`,
    ]);
    // Remembered as written (tok-…%2Fx) and decoded (tok-…/x), so the frame's copy goes too; a value
    // that cannot be decoded is remembered as written.
    expect(capture.connections[0]?.frames[0]?.data).toBe(`{"auth":"${REDACTED}"}`);
    expect(capture.connections[1]?.frames[0]?.data).toBe(`bad ${REDACTED}`);
    expect(capture.redacted).toBe(3);
  });

  it('the Redactor keeps values under four characters and cleans the longest secret first', () => {
    const redactor = new Redactor();
    redactor.addHeader('Authorization', 'Bearer abc');
    redactor.add(' no ');
    redactor.add('secret-1');
    redactor.add('secret-12');
    expect(redactor.count).toBe(3);
    expect(redactor.clean('Bearer abc, abc, no, secret-12, secret-1')).toBe(
      `${REDACTED}, abc, no, ${REDACTED}, ${REDACTED}`,
    );
    expect(new Redactor().clean('unchanged')).toBe('unchanged');
  });
});
