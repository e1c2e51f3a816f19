/**
 * Code samples for sending a WebSocket message. There is no maintained
 * snippet library for WebSocket, so these two small templates are ours: they
 * connect to the default server with the bearer token in the handshake (which
 * browsers cannot set, hence Node's `ws` and Python's `websockets`), send the
 * message's example and print what comes back.
 */
import type {Json} from '../document';
import type {CodeSample} from '../types';
import {nodeScript} from '../client/wsScript';

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

function indentLines(textValue: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return textValue
    .split('\n')
    .map((line, i) => (i === 0 ? line : `${pad}${line}`))
    .join('\n');
}

export interface WsSampleInput {
  url: string;
  /** The handshake header carrying credentials, when the server asks for them. */
  auth?: {header: string; value: string};
  payload: Json;
}

export function buildWsSamples({url, auth, payload}: WsSampleInput): CodeSample[] {
  const javascript = nodeScript({url, payload, ...(auth !== undefined ? {auth} : {})});
  const pyHeaders =
    auth !== undefined
      ? `\n        additional_headers={${pyString(auth.header)}: ${pyString(auth.value)}},`
      : '';
  const python = [
    `# Python 3.10+ with websockets 14+ (pip install websockets)`,
    `import asyncio`,
    `import json`,
    ``,
    `import websockets`,
    ``,
    ``,
    `async def main() -> None:`,
    `    async with websockets.connect(`,
    `        ${pyString(url)},${pyHeaders}`,
    `    ) as ws:`,
    `        message = ${indentLines(toPython(payload), 8)}`,
    `        await ws.send(json.dumps(message))`,
    `        async for reply in ws:`,
    `            print(json.loads(reply))`,
    ``,
    ``,
    `asyncio.run(main())`,
  ].join('\n');
  return [
    {language: 'javascript', label: 'JavaScript / TypeScript', prism: 'javascript', code: javascript},
    {language: 'python', label: 'Python', prism: 'python', code: python},
  ];
}
