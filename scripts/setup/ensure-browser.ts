/**
 * Makes the browser tests self-sufficient: finds a Chromium (CHROME_PATH, then
 * Debian's /usr/bin/chromium) and, when there is none, installs Debian's package
 * when it can (root on Debian). Also installs Debian's chromium-headless-shell (the same
 * release, built for headless use: the browser tests run in it when it is there, with less than
 * half the CPU time; playwright.config.ts). Never downloads a browser build of its own.
 * Prints the executable path on success; exits 1 with the exact fix otherwise.
 */
import {execFileSync} from 'node:child_process';
import {accessSync, constants} from 'node:fs';
import {HEADLESS_SHELL} from '../shared/chromium';
import {runIfMain} from '../shared/main';
import {installDebianPackages} from './apt';

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

/** Installs Debian packages with apt-get, when root on Debian; false when it cannot or fails. */
function tryInstall(packages: readonly string[]): boolean {
  console.log(`Installing Debian package(s) ${packages.join(', ')} with apt-get …`);
  return installDebianPackages(packages);
}

/** Chromium's path, installed first when it is missing and can be; undefined when there is none. */
export function ensureBrowserPath(): string | undefined {
  let path = find();
  const shell = executable(HEADLESS_SHELL);
  // The headless shell is optional (the tests fall back to chromium): asked for with chromium, or
  // alone when chromium is there; a failure to get it is not a failure of the tests.
  if (path === undefined) {
    if (!tryInstall(['chromium', 'chromium-headless-shell'])) tryInstall(['chromium']);
    path = find();
  } else if (!shell && process.env.CHROME_PATH === undefined) tryInstall(['chromium-headless-shell']);
  return path;
}

export function main(): void {
  const path = ensureBrowserPath();
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
  // Debian's launcher (/usr/bin/chromium) sources /etc/chromium.d/dev-shm, whose test of /dev/shm
  // prints "[: …: unexpected operator" where findmnt answers two lines: only the version is read.
  const version = execFileSync(path, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  console.log(`Browser for tests: ${path} (${version})`);
}

runIfMain(import.meta.url, main);
