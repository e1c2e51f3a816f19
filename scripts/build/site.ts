/**
 * `npm run site`: the production build (./build.ts, all or nothing), then build/ served on
 * 127.0.0.1 by `docusaurus serve` until Ctrl-C. `--no-build` serves the build/ already there;
 * `--port N` picks the port (default 3000).
 */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {runIfMain} from '../shared/main';
import {main as build} from './build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const USAGE = `Usage: npm run site [-- --port N] [-- --no-build]

Builds the site into build/ (npm run build), then serves it on http://127.0.0.1:N/ (default 3000).
--no-build   serves the build/ already there
--help       prints this`;

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: '3000'},
      'no-build': {type: 'boolean', default: false},
      help: {type: 'boolean', default: false},
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values['no-build']) await build([]);
  else if (!existsSync(path.join(ROOT, 'build', 'index.html')))
    throw new Error('--no-build: there is no build/ to serve; run npm run site (or npm run build) first.');
  const docusaurus = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const server = spawn(
    process.execPath,
    [docusaurus, 'serve', '--dir', 'build', '--host', '127.0.0.1', '--port', values.port, '--no-open'],
    {cwd: ROOT, stdio: 'inherit'},
  );
  const stop = (): void => void server.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 0)));
}

runIfMain(import.meta.url, main);
