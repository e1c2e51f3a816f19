/**
 * The bundler's persistent cache, and what a build does when the bundler dies reading it.
 *
 * Rspack keeps its persistent cache in `node_modules/.cache/rspack` (Docusaurus Faster's
 * `rspackPersistentCache`). Rspack can abort the whole process while it restores that cache: a Rust
 * panic such as "Dependency with ID DependencyId(39) not found" (module_graph/mod.rs), then SIGABRT.
 * Rspack's own issues report the same panic on a cache whose records do not agree
 * (web-infra-dev/rspack#14187, #14863, open on 2026-11-29). Seen here once, on 2026-11-29, in the
 * warm-cache build of tests/sites/site-builds.test.ts.
 *
 * The recovery: when the bundler was ended by SIGABRT and a cache was there, the cache is emptied and
 * the build runs once more, from nothing, saying why. Any other failure, or a second abort, is the
 * build's result as it is.
 */
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';

/** Where the bundler keeps its persistent cache, under a site's folder. */
export function bundlerCacheOf(siteDir: string): string {
  return path.join(siteDir, 'node_modules/.cache/rspack');
}

/** How a build process ended. */
export interface Ended {
  status: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Runs `build`; when it was aborted (SIGABRT) with a cache in `cacheDir`, empties the cache, says so
 * through `say`, and runs `build` once more. Gives the last run's result and whether it recovered.
 */
export function buildRecoveringCache<T extends Ended>(
  cacheDir: string,
  build: () => T,
  say: (message: string) => void,
): {result: T; recovered: boolean} {
  const first = build();
  if (first.signal !== 'SIGABRT' || !existsSync(cacheDir)) return {result: first, recovered: false};
  say(
    `The bundler aborted (SIGABRT) with a persistent cache in ${cacheDir}. Rspack can die restoring ` +
      'a cache whose records do not agree ("Dependency with ID … not found"; ' +
      'web-infra-dev/rspack#14187, #14863): the cache was emptied, and the site is built again from nothing.',
  );
  rmSync(cacheDir, {recursive: true, force: true});
  return {result: build(), recovered: true};
}
