/**
 * Makes the sample tier (tests/samples) self-sufficient, like ensure-browser.ts
 * for the browser tests: finds the toolchains the code samples run with
 * (../samples/toolchains.ts) and installs the missing ones from Debian's
 * packages when it can (root with apt-get). Otherwise it prints the command.
 * It never fails the run: a language still missing is skipped by the tests and
 * named in their report, never passed silently.
 */
import {TOOLCHAINS, installCommand, missing, type Toolchain} from '../samples/toolchains';
import {runIfMain} from '../shared/main';
import {installDebianPackages} from './apt';

function tryInstall(toolchains: readonly Toolchain[]): boolean {
  const packages = [...new Set(toolchains.flatMap((t) => t.packages))];
  console.log(`Sample toolchains: installing Debian packages ${packages.join(', ')} with apt-get …`);
  const started = Date.now();
  const installed = installDebianPackages(packages, {recommends: false});
  console.log(`Sample toolchains: apt-get took ${Math.round((Date.now() - started) / 1000)} s.`);
  return installed;
}

export function main(): void {
  let absent = missing();
  if (absent.length > 0 && tryInstall(absent)) absent = missing();
  const present = TOOLCHAINS.filter((t) => !absent.includes(t)).map((t) => t.name);
  console.log(`Sample toolchains present: ${present.join(', ') || 'none'}.`);
  if (absent.length > 0) {
    console.log(
      [
        `Sample toolchains missing, their samples will be reported as skipped: ${absent.map((t) => t.name).join(', ')}.`,
        `Install them with:  ${installCommand(absent)}`,
      ].join('\n'),
    );
  }
}

runIfMain(import.meta.url, main);
