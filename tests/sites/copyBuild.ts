/**
 * How the site-copy tests (this folder) build a copy: Docusaurus's own command line, run in the
 * copy, its output uncoloured and kept whole for the assertions and for a failure's message.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {buildRecoveringCache, bundlerCacheOf} from '../../scripts/build/bundlerCache';
import {ROOT} from '../helpers/scripts';

const DOCUSAURUS = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

export interface BuildResult {
  status: number | null;
  /** The signal that ended the process, if one did. */
  signal: NodeJS.Signals | null;
  /** Standard output, then standard error. */
  output: string;
}

/** Runs `command args` in `site` with `env` added, uncoloured. */
export function runInCopy(
  site: string,
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  timeoutMs = 1_800_000,
): BuildResult {
  const result = spawnSync(command, args, {
    cwd: site,
    env: {...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1'},
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return {status: result.status, signal: result.signal, output: `${result.stdout}\n${result.stderr}`};
}

/**
 * `docusaurus build` of the copy. Without `minify`, `--no-minify` skips the JavaScript minifier
 * (SWC's, docusaurus.config.ts): for a build checked on its HTML, files and messages, never on the
 * size or form of its JavaScript.
 */
export function buildCopy(
  site: string,
  args: readonly string[],
  {
    env = {},
    minify = false,
    timeoutMs = 1_800_000,
  }: {env?: Readonly<Record<string, string>>; minify?: boolean; timeoutMs?: number} = {},
): BuildResult {
  // As `npm run build` does (scripts/build/bundlerCache.ts): a bundler that dies restoring the copy's
  // persistent cache gets one more run without it, and the output says so.
  let recovery = '';
  const {result} = buildRecoveringCache(
    bundlerCacheOf(site),
    () =>
      runInCopy(
        site,
        process.execPath,
        [DOCUSAURUS, 'build', ...(minify ? [] : ['--no-minify']), ...args],
        env,
        timeoutMs,
      ),
    (message) => {
      recovery = `[copy build] ${message}\n`;
      console.warn(recovery);
    },
  );
  return {...result, output: recovery + result.output};
}
