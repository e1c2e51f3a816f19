/**
 * The type checker of the project's checks (`npm run typecheck`, `npm run test:quick`, the test that
 * compiles a client against the generated OpenAPI types): TypeScript 7, the native compiler,
 * installed under the name `typescript-7` because the `typescript` package (5.9) stays for what
 * needs TypeScript's JavaScript API (typescript-eslint, which supports TypeScript below 6.1, and the
 * tests that read syntax). Both name their command `tsc`, so node_modules/.bin/tsc may be either:
 * the checks run this file's path, never `tsc` from the path.
 *
 * Measured 2026-11-29 on the 2-core machine, `--noEmit` over the whole project: 7.3 s and 12 s of
 * CPU time, against 44 s and 56 s with TypeScript 5.9, the same diagnostics on the same errors.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** TypeScript 7's `tsc`, from the repository root. */
export const TSC = 'node_modules/typescript-7/bin/tsc';

/** TSC as an absolute path, for a command run in another folder. */
export const TSC_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', TSC);
