/**
 * `npm run test:setup`, the first tier of `npm test`: installs what the later tiers need (the
 * samples' toolchains, then Chromium) while the static checks and the unit tests run beside it.
 * apt-get waits on the network and unpacks on one core; started by the tiers that need it, it ran
 * with a core idle (the samples' install after the production build beside it had finished, and
 * Chromium's before the build tests' first file).
 *
 * It never fails the run: each tier that needs a tool still runs its own ensure-* script first,
 * which finds it installed, or fails there with the exact fix (ensure-browser.ts) or names the
 * samples it skips (ensure-toolchains.ts), as when that tier is run on its own.
 */
import {runIfMain} from '../shared/main';
import {ensureBrowserPath} from './ensure-browser';
import {main as ensureToolchains} from './ensure-toolchains';

export function main(): void {
  ensureToolchains();
  const browser = ensureBrowserPath();
  console.log(
    browser === undefined
      ? 'Set-up: no Chromium; the build and browser tests will say how to install it.'
      : `Set-up: Chromium at ${browser}.`,
  );
}

runIfMain(import.meta.url, main);
