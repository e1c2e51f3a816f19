/**
 * The Node.js script that sends one WebSocket message: the template of the
 * build-time "Send it" sample (plugins/api-reference/asyncapi/samples.ts calls
 * this very function) and of the request builder's output, so the two cannot
 * drift. The builder also subscribes the channel first when the message is not
 * the subscription itself. Pure and dependency-free (runs in the browser too).
 */

export interface NodeScriptInput {
  url: string;
  /** The handshake header carrying credentials, when the server asks for them. */
  auth?: {header: string; value: string};
  payload: unknown;
  /** A message sent before `payload`: the channel's subscription. */
  subscribe?: {message: string; payload: unknown};
}

function indentLines(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : `${pad}${line}`))
    .join('\n');
}

export function nodeScript({url, auth, payload, subscribe}: NodeScriptInput): string {
  const json = (value: unknown): string => indentLines(JSON.stringify(value, null, 2), 2);
  const options =
    auth !== undefined
      ? `, {\n  headers: {${JSON.stringify(auth.header)}: ${JSON.stringify(auth.value)}},\n}`
      : '';
  const first =
    subscribe !== undefined
      ? [
          `  // First subscribe the channel (${subscribe.message}), then send the message.`,
          `  ws.send(JSON.stringify(${json(subscribe.payload)}));`,
        ]
      : [];
  return [
    `// Node.js with the ws package (npm install ws); browsers cannot send an Authorization header.`,
    `import WebSocket from 'ws';`,
    ``,
    `const ws = new WebSocket(${JSON.stringify(url)}${options});`,
    ``,
    `ws.on('open', () => {`,
    ...first,
    `  ws.send(JSON.stringify(${json(payload)}));`,
    `});`,
    ``,
    `ws.on('message', (data) => {`,
    `  console.log(JSON.parse(data.toString()));`,
    `});`,
  ].join('\n');
}
