/**
 * The Node.js script that sends one WebSocket message: the template of the
 * build-time "Send it" sample (plugins/api-reference/asyncapi/samples.ts calls
 * this very function) and of the request builder's output, so the two cannot
 * drift. A message that needs the channel's subscription is sent in the
 * documented order: the subscription first, the message once the subscription's
 * confirmation has arrived. Pure and dependency-free (runs in the browser too).
 */

export interface NodeScriptInput {
  url: string;
  /** The handshake header carrying credentials, when the server asks for them. */
  auth?: {header: string; value: string};
  payload: unknown;
  /**
   * The channel's subscription, sent before `payload` (absent when `payload` is
   * the subscription). `confirmation` names the reply that confirms it: the
   * message waits for it. Without one, the message follows the subscription at once.
   */
  subscribe?: {message: string; payload: unknown; confirmation?: string};
}

function indentLines(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : `${pad}${line}`))
    .join('\n');
}

export function nodeScript({url, auth, payload, subscribe}: NodeScriptInput): string {
  const json = (value: unknown, spaces: number): string =>
    indentLines(JSON.stringify(value, null, 2), spaces);
  const options =
    auth !== undefined
      ? `, {\n  headers: {${JSON.stringify(auth.header)}: ${JSON.stringify(auth.value)}},\n}`
      : '';
  const head = [
    `// Node.js with the ws package (npm install ws); browsers cannot send an Authorization header.`,
    `import WebSocket from 'ws';`,
    ``,
    `const ws = new WebSocket(${JSON.stringify(url)}${options});`,
    ``,
  ];
  // What the server sends back, printed as it comes (the forms that need not read the replies).
  const printReplies = [`ws.on('message', (data) => {`, `  console.log(JSON.parse(data.toString()));`, `});`];
  if (subscribe === undefined)
    return [
      ...head,
      `ws.on('open', () => {`,
      `  ws.send(JSON.stringify(${json(payload, 2)}));`,
      `});`,
      ``,
      ...printReplies,
    ].join('\n');
  const {confirmation} = subscribe;
  const subscription = [
    `const subscription = ${json(subscribe.payload, 0)};`,
    `const message = ${json(payload, 0)};`,
    ``,
  ];
  if (confirmation === undefined)
    return [
      ...head,
      ...subscription,
      `ws.on('open', () => {`,
      `  // First subscribe the channel (${subscribe.message}), then send the message.`,
      `  ws.send(JSON.stringify(subscription));`,
      `  ws.send(JSON.stringify(message));`,
      `});`,
      ``,
      ...printReplies,
    ].join('\n');
  return [
    ...head,
    ...subscription,
    `ws.on('open', () => {`,
    `  // First subscribe the channel (${subscribe.message}); the message follows its ${confirmation}.`,
    `  ws.send(JSON.stringify(subscription));`,
    `});`,
    ``,
    `ws.on('message', (data) => {`,
    `  const reply = JSON.parse(data.toString());`,
    `  console.log(reply);`,
    `  if (${JSON.stringify(confirmation)} in reply) ws.send(JSON.stringify(message));`,
    `});`,
  ].join('\n');
}
