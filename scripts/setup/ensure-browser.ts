/**
 * Makes the browser tests self-sufficient: finds a Chromium (CHROME_PATH, then
 * Debian's /usr/bin/chromium) and, when there is none, installs Debian's package
 * when it can (root on Debian). Never downloads a browser build of its own.
 * Prints the executable path on success; exits 1 with the exact fix otherwise.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {accessSync, constants, existsSync} from 'node:fs';

import {runIfMain} from '../shared/main';

const CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  (p): p is string => typeof p === 'string' && p !== '',
);

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function find(): string | undefined {
  return CANDIDATES.find(executable);
}

function tryInstall(): boolean {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log('Chromium not found: installing Debian package "chromium" with apt-get …');
  const env = {...process.env, DEBIAN_FRONTEND: 'noninteractive'};
  const update = spawnSync('apt-get', ['update', '-qq'], {stdio: 'inherit', env});
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {stdio: 'inherit', env});
  return install.status === 0;
}

export function main(): void {
  let path = find();
  if (path === undefined && tryInstall()) path = find();
  if (path === undefined) {
    console.error(
      [
        'No Chromium found for the browser tests.',
        "Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium",
        'or point CHROME_PATH at an existing Chromium/Chrome executable.',
      ].join('\n'),
    );
    process.exit(1);
  }
  const version = execFileSync(path, ['--version'], {encoding: 'utf8'}).trim();
  console.log(`Browser for tests: ${path} (${version})`);
}

runIfMain(import.meta.url, main);
