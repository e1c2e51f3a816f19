#!/usr/bin/env node
/**
 * `npm run mock`: the API's mocks for the provider's maintainers, the same ones
 * the sample tier runs the code samples against (tests/samples):
 * - REST: Prism on specs/openapi.yaml, validation on (scripts/mock/rest.ts);
 * - WebSocket: the mock made from specs/asyncapi.yaml (scripts/mock/ws.ts), which
 *   prints every frame it receives or sends and every complaint.
 * Both listen on 127.0.0.1 only. Options: --rest-port N (default 4010),
 * --ws-port N (default 4011). Ctrl-C stops both.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {createJiti} from 'jiti';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {values} = parseArgs({
  options: {'rest-port': {type: 'string', default: '4010'}, 'ws-port': {type: 'string', default: '4011'}},
});
const jiti = createJiti(import.meta.url);
const {startRestMock} = await jiti.import('./mock/rest.ts');
const {startWsMock} = await jiti.import('./mock/ws.ts');
const {loadAsyncApi} = await jiti.import('../plugins/api-reference/load.ts');

const rest = await startRestMock(path.join(root, 'specs/openapi.yaml'), Number(values['rest-port']), true);
const ws = await startWsMock(
  await loadAsyncApi(path.join(root, 'specs/asyncapi.yaml')),
  Number(values['ws-port']),
);
let frames = 0;
let complaints = 0;
ws.onChange(() => {
  for (const f of ws.frames.slice(frames))
    console.log(`[ws #${f.connection} ${f.address}] ${f.direction} ${f.message ?? ''} ${f.text}`);
  for (const c of ws.complaints.slice(complaints))
    console.log(
      `[ws #${c.connection} ${c.address}] REFUSED: ${c.complaint}${c.text !== undefined ? ` (frame ${c.text})` : ''}`,
    );
  frames = ws.frames.length;
  complaints = ws.complaints.length;
});
console.log(`REST mock (Prism, validation on): ${rest.prismUrl}`);
console.log(`WebSocket mock: ${ws.url}/<channel address>, with an Authorization: Bearer header`);
console.log('Ctrl-C stops both.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([rest.stop(), ws.stop()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
