/**
 * The product's production build (build/), made once and shared by every test that reads it. `npm
 * test` builds just before the build tier; run on their own, the readers build it here once,
 * whichever file asks first (the others wait), and also rebuild a build/ made from other sources
 * than the tree's (scripts/build/inputs.ts): a stale build/ is never tested as the current one.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildInputsKey, recordedBuildInputs} from '../../scripts/build/inputs';
import {ROOT} from './scripts';

export const BUILD = path.join(ROOT, 'build');
const LOCK = path.join(ROOT, '.tmp', 'product-build.lock');

function current(): boolean {
  return existsSync(path.join(BUILD, 'index.html')) && recordedBuildInputs(ROOT) === buildInputsKey(ROOT);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether the process that holds the lock is still running. */
function holderAlive(): boolean {
  try {
    process.kill(Number(readFileSync(path.join(LOCK, 'pid'), 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/** build/, up to date with the tree; builds it (once for all test files) when it is missing or stale. */
export function productBuild(): string {
  if (process.env.BUILD_DIR !== undefined) return path.resolve(ROOT, process.env.BUILD_DIR);
  const deadline = Date.now() + 15 * 60_000;
  while (!current()) {
    mkdirSync(path.dirname(LOCK), {recursive: true});
    let mine = false;
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      mine = true;
    } catch {
      // Another test file is building: wait for it (or take over if it died).
      if (!holderAlive()) rmSync(LOCK, {recursive: true, force: true});
    }
    if (mine) {
      try {
        if (current()) break;
        console.info(
          'build/ is missing or older than the sources: running `npm run build` once for the build tests',
        );
        const result = spawnSync('npm', ['run', '-s', 'build'], {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: 900_000,
        });
        if (result.status !== 0)
          throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`.slice(-6000));
      } finally {
        rmSync(LOCK, {recursive: true, force: true});
      }
      break;
    }
    if (Date.now() > deadline) throw new Error('waited 15 minutes for another test file to build build/');
    sleep(2000);
  }
  return BUILD;
}
