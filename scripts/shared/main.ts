/**
 * The one way a script here runs its work: only when Node was started on that file. Importing a
 * script (tests/unit/scripts/modules.test.ts imports every one) runs nothing.
 */
import {realpathSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

/** True when `moduleUrl` (a module's `import.meta.url`) is the file Node was started with. */
export function isMain(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (started === undefined) return false;
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs `main` when the module is the entry point. A rejection prints its message (its stack with
 * DEBUG set) and exits 1; `main` may also call process.exit itself with its own code.
 */
export function runIfMain(moduleUrl: string, main: () => Promise<void> | void): void {
  if (!isMain(moduleUrl)) return;
  Promise.resolve()
    .then(main)
    .catch((error: unknown) => {
      console.error(
        error instanceof Error ? (process.env.DEBUG ? error.stack : error.message) : String(error),
      );
      process.exit(1);
    });
}
