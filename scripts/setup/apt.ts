/**
 * Installs Debian packages with apt-get for the set-up scripts (ensure-browser.ts,
 * ensure-toolchains.ts), one at a time: two of them started at once (tiers run by hand in two
 * terminals, or side by side in a stage of `npm test`) would otherwise fail on dpkg's lock. Each
 * install holds an exclusive lock on a file of the temp folder (flock, waiting up to 15 minutes)
 * and also asks apt to wait for dpkg's own lock (another program's install). Only as root on
 * Debian; false when it cannot or apt-get fails.
 */
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const LOCK = path.join(tmpdir(), 'trading-api-docs-apt.lock');
const WAIT_SECONDS = 900;

export function installDebianPackages(packages: readonly string[], {recommends = true} = {}): boolean {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  const env = {...process.env, DEBIAN_FRONTEND: 'noninteractive'};
  const apt = (args: string[]): boolean => {
    const command = ['apt-get', '-o', `DPkg::Lock::Timeout=${WAIT_SECONDS}`, ...args];
    const locked = existsSync('/usr/bin/flock')
      ? ['flock', '-w', String(WAIT_SECONDS), LOCK, ...command]
      : command;
    return spawnSync(locked[0] as string, locked.slice(1), {stdio: 'inherit', env}).status === 0;
  };
  return (
    apt(['update', '-qq']) &&
    apt(['install', '-y', '-qq', ...(recommends ? [] : ['--no-install-recommends']), ...packages])
  );
}
