/**
 * Code samples for sending a WebSocket message. There is no maintained
 * snippet library for WebSocket, so these two small templates are ours: they
 * connect to the default server with the bearer token in the handshake (which
 * browsers cannot set, hence Node's `ws` and Python's websocket-client), send
 * the message's example in the documented order and print what comes back.
 * A message that needs its channel's subscription (anything sent on a channel
 * other than the subscription itself) is sent after the subscription, once
 * the subscription's confirmation has arrived.
 *
 * Python uses websocket-client: its `create_connection(url, header=...)` is
 * the same in Debian's package (1.2) and in today's release, so the sample runs
 * as shown on both (websockets changed its header argument in version 14).
 */
import type {Json} from '../document';
import type {CodeSample} from '../types';
import {nodeScript} from '../client/wsScript';
import {sampleLanguage} from '../client/sampleLanguages';

function pyString(value: string): string {
  return JSON.stringify(value);
}

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
export function toPython(value: Json, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}${toPython(v, indent + 4)}`).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${pyString(k)}: ${toPython(v, indent + 4)}`).join(',\n')},\n${end}}`;
}

export function isChannelSubscription(name: string): boolean {
  return /(^|[^a-z])subscribe/i.test(name) && !/unsubscribe/i.test(name);
}

/** Of a subscription's replies, the one that confirms it: named so, else the first. */
export function confirmationOf(replies: readonly string[]): string | undefined {
  return replies.find((name) => /confirm/i.test(name)) ?? replies[0];
}

export interface WsSampleInput {
  url: string;
  /** The handshake header carrying credentials, when the server asks for them. */
  auth?: {header: string; value: string};
  payload: Json;
  /** The channel's subscription, sent first when `payload` is not the subscription itself. */
  subscribe?: {message: string; payload: Json; confirmation?: string};
}

function pythonScript({url, auth, payload, subscribe}: WsSampleInput): string {
  const headers =
    auth !== undefined ? `\n    header={${pyString(auth.header)}: ${pyString(auth.value)}},` : '';
  const head = [
    `# Python 3 with websocket-client (pip install websocket-client)`,
    `import json`,
    ``,
    `import websocket`,
    ``,
    `ws = websocket.create_connection(`,
    `    ${pyString(url)},${headers}`,
    `)`,
  ];
  const print = [`while True:`, `    print(json.loads(ws.recv()))`];
  if (subscribe === undefined)
    return [...head, `message = ${toPython(payload)}`, `ws.send(json.dumps(message))`, ...print].join('\n');
  const first = [`subscription = ${toPython(subscribe.payload)}`, `message = ${toPython(payload)}`, ``];
  if (subscribe.confirmation === undefined)
    return [
      ...head,
      ...first,
      `# First subscribe the channel (${subscribe.message}), then send the message.`,
      `ws.send(json.dumps(subscription))`,
      `ws.send(json.dumps(message))`,
      ...print,
    ].join('\n');
  return [
    ...head,
    ...first,
    `# First subscribe the channel (${subscribe.message}); the message follows its ${subscribe.confirmation}.`,
    `ws.send(json.dumps(subscription))`,
    `while True:`,
    `    reply = json.loads(ws.recv())`,
    `    print(reply)`,
    `    if ${pyString(subscribe.confirmation)} in reply:`,
    `        break`,
    `ws.send(json.dumps(message))`,
    ...print,
  ].join('\n');
}

export function buildWsSamples(input: WsSampleInput): CodeSample[] {
  const {url, auth, payload, subscribe} = input;
  const javascript = nodeScript({
    url,
    payload,
    ...(auth !== undefined ? {auth} : {}),
    ...(subscribe !== undefined ? {subscribe} : {}),
  });
  return [
    {...sampleLanguage('javascript'), code: javascript},
    {...sampleLanguage('python'), code: pythonScript(input)},
  ];
}
