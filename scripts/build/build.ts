/**
 * `npm run build`: the production build, all or nothing. Docusaurus writes into
 * its output folder as it goes (assets first, HTML last), so a build that fails
 * half-way would leave a `build/` that looks deployable but is not. Here the
 * site is built into a staging folder, the Content-Security-Policy is applied,
 * and only then does the staging folder replace `build/`. On failure `build/`
 * is left exactly as it was and the staging folder is removed.
 *
 * Before anything is compiled, the two API documents are loaded and checked
 * once: a document the pages cannot be made from stops the build within seconds
 * with one message (file, line, what to do), not after the bundler inside
 * Docusaurus's stack trace; its other problems are printed here as warnings,
 * once (STRICT_DOCUMENTS=1 makes them errors).
 *
 * Usage: npm run build [-- extra docusaurus build arguments]
 * (npx jiti scripts/build/build.ts …)
 */
import {spawnSync} from 'node:child_process';
import {existsSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {applyCsp} from '../../plugins/csp/apply';
import {resolveSpecPaths} from '../../plugins/api-reference/identity';
import {readAsyncApi, readOpenApi, reportDocumentWarnings} from '../../plugins/api-reference/load';
import {runIfMain} from '../shared/main';
import {buildRecoveringCache, bundlerCacheOf, type Ended} from './bundlerCache';
import {buildInputsKey, recordBuildInputs} from './inputs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'build');
const STAGING = path.join(ROOT, '.build-staging');
const PREVIOUS = path.join(ROOT, '.build-previous');

function runEnded(args: string[], env: NodeJS.ProcessEnv = process.env): Ended {
  const result = spawnSync(process.execPath, args, {cwd: ROOT, stdio: 'inherit', env});
  return {status: result.status, signal: result.signal};
}

function fail(status: number): never {
  rmSync(STAGING, {recursive: true, force: true});
  console.error(
    `\n[build] The build failed: nothing was published. ${existsSync(OUT) ? 'build/ still holds the previous complete build.' : 'There is no build/ folder.'}`,
  );
  process.exit(status);
}

async function checkDocuments(): Promise<void> {
  const paths = resolveSpecPaths(ROOT);
  try {
    // Refuses only what stops a faithful page; prints the rest once, as warnings (or fails, with STRICT_DOCUMENTS=1).
    reportDocumentWarnings(await Promise.all([readOpenApi(paths.openapi), readAsyncApi(paths.asyncapi)]));
  } catch (error) {
    if (error instanceof Error && error.name === 'SpecError') {
      console.error(`\n[build] ${error.message}`);
      fail(1);
    }
    throw error;
  }
}

export const USAGE = `Usage: npm run build [-- extra docusaurus build arguments]

The production build, all or nothing: the API documents are checked first, the site is built into
.build-staging/, its Content-Security-Policy applied, and only then does it replace build/. On a
failure build/ is left as it was. The arguments \`docusaurus build\` takes (below) are passed on;
--out-dir is this command's own.
`;

/** Builds into build/ (`args`: extra `docusaurus build` arguments); exits the process on failure. */
export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    // Docusaurus's own help lists the arguments passed on; nothing is checked, built or moved.
    console.log(USAGE);
    const docusaurus = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
    process.exit(runEnded([docusaurus, 'build', '--help']).status ?? 1);
  }
  // Taken before the build: a source edited while it runs makes the record stale, never wrongly fresh.
  const inputs = buildInputsKey(ROOT, process.env, args);
  await checkDocuments();
  const docusaurus = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  // The documents' warnings were printed above: the plugins do not print them a second time.
  // A bundler that dies restoring its persistent cache gets one more run without it (bundlerCache.ts).
  const {result: ended} = buildRecoveringCache(
    bundlerCacheOf(ROOT),
    () => {
      rmSync(STAGING, {recursive: true, force: true});
      return runEnded([docusaurus, 'build', '--out-dir', STAGING, ...args], {
        ...process.env,
        API_DOCUMENT_WARNINGS_REPORTED: '1',
      });
    },
    (message) => console.error(`\n[build] ${message}\n`),
  );
  const built = ended.status ?? 1;
  if (built !== 0) fail(built);
  try {
    const {pages, hashes} = await applyCsp(STAGING);
    console.log(`[csp] policy added to ${pages} pages (${hashes} inline script hashes)`);
  } catch (error) {
    console.error(`[csp] ${(error as Error).message}`);
    fail(1);
  }

  // Swap: the old build moves aside first, so `build/` is never a mix of the two.
  rmSync(PREVIOUS, {recursive: true, force: true});
  if (existsSync(OUT)) renameSync(OUT, PREVIOUS);
  renameSync(STAGING, OUT);
  rmSync(PREVIOUS, {recursive: true, force: true});
  recordBuildInputs(ROOT, inputs);
  console.log('[build] build/ now holds the new site.');
}

runIfMain(import.meta.url, () => main());
