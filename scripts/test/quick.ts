/**
 * `npm run test:quick`: the edit loop's check, in well under two minutes. The type check (the whole
 * project: a change can break a file it does not touch), ESLint and Prettier on the changed files,
 * and the unit and document tests that import a changed file (`vitest related`, which follows the
 * import graph; a changed test file runs itself), side by side. The build, sample and browser tiers
 * are `npm test`'s. The changed files are the working tree's against HEAD, staged
 * or not, and new files; `-- --since main` takes every change since the branch left main instead.
 * `npm test` remains the full check.
 */
import {spawn, spawnSync} from 'node:child_process';
import {parseArgs} from 'node:util';
import {withOptions} from '../shared/commandLine';
import {runIfMain} from '../shared/main';
import {TSC} from '../shared/typescript';

/** The files changed against `since` (HEAD by default: uncommitted work), and the new ones. */
export function changedFiles(since = 'HEAD'): string[] {
  const git = (args: string[]): string[] => {
    const result = spawnSync('git', args, {encoding: 'utf8'});
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
    return result.stdout.split('\n').filter((line) => line !== '');
  };
  const base = since === 'HEAD' ? 'HEAD' : (git(['merge-base', 'HEAD', since])[0] ?? since);
  return [
    ...new Set([
      ...git(['diff', '--name-only', '--diff-filter=d', base]),
      ...git(['ls-files', '--others', '--exclude-standard']),
    ]),
  ].sort();
}

/** The checks for `files`: each a command line; none when nothing changed. */
export function quickChecks(files: readonly string[]): {name: string; command: string[]}[] {
  const linted = files.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
  const formatted = files.filter((file) => /\.(ts|tsx|mjs|js|json|css|md|mdx|ya?ml)$/.test(file));
  // Incremental: a second run re-checks only what the edits reach (the state lives in node_modules/.cache).
  const checks = [
    {
      name: 'typecheck',
      command: [
        'node',
        TSC,
        '--noEmit',
        '--incremental',
        '--tsBuildInfoFile',
        'node_modules/.cache/test-quick.tsbuildinfo',
      ],
    },
  ];
  if (linted.length > 0)
    checks.push({name: 'eslint', command: ['npx', 'eslint', '--max-warnings=0', ...linted]});
  if (formatted.length > 0)
    checks.push({
      name: 'prettier',
      command: ['npx', 'prettier', '--check', '--ignore-unknown', ...formatted],
    });
  // `related`, not `--changed`: --changed runs every test when package.json or a config file changed.
  const sources = files.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith('tests/e2e/'));
  if (sources.length > 0)
    checks.push({
      name: 'unit tests of the changed files',
      command: [
        'npx',
        'vitest',
        'related',
        '--run',
        '--maxWorkers=100%',
        '--passWithNoTests',
        '--exclude=tests/build/**',
        '--exclude=tests/sites/**',
        '--exclude=tests/samples/**',
        ...sources,
      ],
    });
  return checks;
}

function run(check: {
  name: string;
  command: string[];
}): Promise<{name: string; status: number; output: string; seconds: number}> {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command = 'npx', ...args] = check.command;
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, FORCE_COLOR: '1'},
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) =>
      resolve({name: check.name, status: code ?? 1, output, seconds: (Date.now() - started) / 1000}),
    );
  });
}

export const USAGE = `Usage: npm run test:quick [-- [--since REF] [--dry-run]]

Checks what changed: the type check (the whole project), ESLint and Prettier on the changed files,
and the unit and document tests that import them. \`npm test\` is the full check.

--since REF    every change since the branch left REF (main, say), not only the uncommitted ones
--dry-run      lists the changed files and the checks, and runs none
--help         this text`;

export interface QuickOptions {
  help: boolean;
  dryRun: boolean;
  since: string;
}

/** The command line's options; an unknown option or a missing value throws, with the usage to print. */
export function parseQuickArgs(args: readonly string[]): QuickOptions {
  const {values} = parseArgs({
    args: [...args],
    options: {
      help: {type: 'boolean', default: false},
      'dry-run': {type: 'boolean', default: false},
      since: {type: 'string', default: 'HEAD'},
    },
    strict: true,
    allowPositionals: false,
  });
  return {help: values.help, dryRun: values['dry-run'], since: values.since};
}

function main(): Promise<void> {
  return withOptions(() => parseQuickArgs(process.argv.slice(2)), USAGE, quick);
}

async function quick(options: QuickOptions): Promise<void> {
  const {since} = options;
  const files = changedFiles(since);
  console.log(`[test:quick] ${files.length} changed file(s) since ${since}`);
  const checks = quickChecks(files);
  if (options.dryRun) {
    for (const file of files) console.log(`[test:quick]   ${file}`);
    for (const check of checks)
      console.log(`[test:quick] would run ${check.name}: ${check.command.join(' ')}`);
    return;
  }
  // Two at a time: one per core of the machine this project is checked on.
  const results = [];
  for (let i = 0; i < checks.length; i += 2)
    results.push(...(await Promise.all(checks.slice(i, i + 2).map(run))));
  for (const result of results) {
    console.log(
      `\n[test:quick] ${result.name}: ${result.status === 0 ? 'passed' : 'FAILED'} (${Math.round(result.seconds)} s)`,
    );
    if (result.status !== 0 || result.name.startsWith('unit')) console.log(result.output.trimEnd());
  }
  process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
}

runIfMain(import.meta.url, main);
