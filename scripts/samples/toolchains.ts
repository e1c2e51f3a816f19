/**
 * The toolchains the sample tier (tests/samples) runs the documentation's code
 * samples with, all from Debian's packages: how to tell that each is usable and
 * which packages provide it. scripts/setup/ensure-toolchains.ts installs the missing
 * ones (as root) or prints the command; the tests skip, by name, a language
 * whose toolchain is still missing, and never pass it silently.
 */
import {spawnSync} from 'node:child_process';
import type {SampleLanguage} from '../../plugins/api-reference/client/sampleLanguages';

export interface Toolchain {
  /** The sample language it runs (the tab value; JavaScript runs on the tests' own Node), or `gpg` for the PGP guide. */
  name: Exclude<SampleLanguage, 'javascript'> | 'gpg';
  /** Debian packages that provide it. */
  packages: string[];
  /** A command that succeeds only when the toolchain is usable. */
  probe: [string, ...string[]];
}

/**
 * Debian's own Python: the Python samples import `requests` and `websocket`
 * (websocket-client), which Debian installs for /usr/bin/python3 only.
 */
export const PYTHON = '/usr/bin/python3';

export const TOOLCHAINS: readonly Toolchain[] = [
  {name: 'curl', packages: ['curl'], probe: ['curl', '--version']},
  {
    name: 'python',
    packages: ['python3', 'python3-requests', 'python3-websocket'],
    probe: [PYTHON, '-c', 'import requests, websocket'],
  },
  {name: 'go', packages: ['golang-go'], probe: ['go', 'version']},
  {name: 'java', packages: ['openjdk-17-jdk-headless'], probe: ['javac', '-version']},
  {name: 'csharp', packages: ['mono-complete'], probe: ['mcs', '--version']},
  {name: 'gpg', packages: ['gnupg'], probe: ['gpg', '--version']},
];

export function available(toolchain: Toolchain): boolean {
  const [command, ...args] = toolchain.probe;
  const result = spawnSync(command, args, {stdio: 'ignore'});
  return result.status === 0;
}

/** The toolchains missing here, by name. */
export function missing(): Toolchain[] {
  return TOOLCHAINS.filter((t) => !available(t));
}

export function installCommand(toolchains: readonly Toolchain[]): string {
  const packages = [...new Set(toolchains.flatMap((t) => t.packages))].join(' ');
  return `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages}`;
}
