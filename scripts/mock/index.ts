/**
 * `npm run mock`: the API's mocks for the provider's maintainers, the same ones
 * the sample tier runs the code samples against (tests/samples):
 * - REST: Prism on specs/openapi.yaml, validation on (./rest.ts);
 * - WebSocket: the mock made from specs/asyncapi.yaml (./ws.ts), which prints
 *   every frame it receives or sends and every complaint.
 * Both listen on 127.0.0.1 only. Ctrl-C (or SIGTERM) stops both.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {loadAsyncApi} from '../../plugins/api-reference/load';
import {runIfMain} from '../shared/main';
import {startRestMock, type RestMock} from './rest';
import {startWsMock, type WsMock} from './ws';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const USAGE = `Usage: npm run mock [-- --rest-port N] [-- --ws-port N]

--rest-port N  the REST mock (Prism, validation on) on 127.0.0.1:N (default 4010)
--ws-port N    the WebSocket mock on 127.0.0.1:N (default 4011)
--help         prints this
Ctrl-C stops both.`;

/** A port given on the command line: a whole number from 1 to 65535. */
export function parsePort(name: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535)
    throw new Error(`${name} needs a port from 1 to 65535, not "${value}"`);
  return port;
}

export interface Mocks {
  rest: RestMock;
  ws: WsMock;
  stop(): Promise<void>;
}

/** Starts both mocks on the product's documents; the WebSocket mock prints each frame and complaint. */
export async function startMocks(restPort: number, wsPort: number, root = ROOT): Promise<Mocks> {
  const rest = await startRestMock(path.join(root, 'specs/openapi.yaml'), restPort, true);
  let ws: WsMock;
  try {
    ws = await startWsMock(await loadAsyncApi(path.join(root, 'specs/asyncapi.yaml')), wsPort);
  } catch (error) {
    await rest.stop();
    throw error;
  }
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
  return {rest, ws, stop: async () => void (await Promise.all([rest.stop(), ws.stop()]))};
}

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      'rest-port': {type: 'string', default: '4010'},
      'ws-port': {type: 'string', default: '4011'},
      help: {type: 'boolean', default: false},
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const mocks = await startMocks(
    parsePort('--rest-port', values['rest-port']),
    parsePort('--ws-port', values['ws-port']),
  );
  console.log(`REST mock (Prism, validation on): ${mocks.rest.prismUrl}`);
  console.log(`WebSocket mock: ${mocks.ws.url}/<channel address>, with an Authorization: Bearer header`);
  console.log('Ctrl-C stops both.');

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void mocks.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

runIfMain(import.meta.url, main);
