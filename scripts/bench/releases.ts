/**
 * What rendering every release costs the build: a copy of the site as it is (the product's one
 * release) against a copy with more releases recorded by `npm run release` (each adds an operation),
 * so that every older release gets its reference under /releases/<version>/. Both are built cold,
 * interleaved, in one run; reports each build's wall time and peak memory and the ratios (issue 38's
 * budget: at most 2× with five releases). A benchmark: it reports, it never fails on a time.
 *
 * Usage: npm run bench:releases [-- --releases 5 --runs 1 --render all|last-of-each-major|<N>]
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {parse, stringify} from 'yaml';
import {copySite} from '../shared/siteCopy';
import {runIfMain} from '../shared/main';
import {median} from './median';
import {withOptions} from '../shared/commandLine';
import {wholeNumber} from './options';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const USAGE = `Usage: npm run bench:releases [-- --releases 5] [-- --runs 1] [-- --render all|last-of-each-major|N]

--releases N   recorded releases in the second copy, the product's own included (default 5)
--runs N       cold builds of each copy, interleaved (default 1)
--render R     the renderReleases option of the second copy: all (default), last-of-each-major, or a number
--help         prints this and measures nothing`;

export interface ReleasesBenchOptions {
  help: boolean;
  releases: number;
  runs: number;
  render: string;
}

/** The command line, or an Error that says what is wrong with it (options.ts). */
export function releasesBenchOptions(args: readonly string[]): ReleasesBenchOptions {
  const {values} = parseArgs({
    args: [...args],
    options: {
      releases: {type: 'string'},
      runs: {type: 'string'},
      render: {type: 'string', default: 'all'},
      help: {type: 'boolean', default: false},
    },
    strict: true,
    allowPositionals: false,
  });
  const {render} = values;
  if (render !== 'all' && render !== 'last-of-each-major' && !/^[1-9]\d*$/.test(render))
    throw new Error(
      `--render takes all, last-of-each-major or a number of releases; "${render}" is none of them`,
    );
  return {
    help: values.help,
    releases: wholeNumber('--releases', values.releases, 5),
    runs: wholeNumber('--runs', values.runs, 1),
    render,
  };
}

/** Records `count` more releases in the copy, each adding one operation, with the copy's own `npm run release`. */
function recordReleases(site: string, count: number): string[] {
  const files = ['openapi', 'asyncapi'].map((name) => path.join(site, 'specs', `${name}.yaml`));
  const versions: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const openapi = parse(readFileSync(files[0] as string, 'utf8')) as {
      info: {version: string};
      paths: Record<string, unknown>;
    };
    const asyncapi = parse(readFileSync(files[1] as string, 'utf8')) as {info: {version: string}};
    const version = `2.${i}.0`;
    openapi.paths[`/api/bench-${i}`] = {
      get: {operationId: `bench${i}`, summary: `Bench ${i}`, responses: {'204': {description: 'Nothing.'}}},
    };
    openapi.info.version = version;
    asyncapi.info.version = version;
    writeFileSync(files[0] as string, stringify(openapi));
    writeFileSync(files[1] as string, stringify(asyncapi));
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/jiti/lib/jiti-cli.mjs'), 'scripts/build/release.ts'],
      {
        cwd: site,
        stdio: 'pipe',
      },
    );
    versions.push(version);
  }
  return versions;
}

/** The renderReleases option written into the copy's docusaurus.config.ts. */
function setRender(site: string, render: string): void {
  const config = path.join(site, 'docusaurus.config.ts');
  const value = /^\d+$/.test(render) ? `{last: ${render}}` : `'${render}'`;
  const text = readFileSync(config, 'utf8');
  const changed = text.replace(
    /const renderReleases: RenderReleases = [^;]+;/,
    `const renderReleases: RenderReleases = ${value};`,
  );
  if (!/const renderReleases: RenderReleases = [^;]+;/.test(text))
    throw new Error('docusaurus.config.ts has no `const renderReleases` to set');
  writeFileSync(config, changed);
}

interface Timed {
  seconds: number;
  peakMiB: number | null;
}

function timedBuild(site: string): Timed {
  const docusaurus = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const out = path.join(site, 'build-bench');
  const hasTime = existsSync('/usr/bin/time');
  const args = [docusaurus, 'build', '--out-dir', out];
  const started = Date.now();
  const result = spawnSync(
    hasTime ? '/usr/bin/time' : process.execPath,
    hasTime ? ['-f', 'BENCH_TIME %e %M', process.execPath, ...args] : args,
    {
      cwd: site,
      env: {...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1', FORCE_COLOR: '0'},
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`build of ${site} failed:\n${`${result.stdout}\n${result.stderr}`.slice(-3000)}`);
  const measured = /BENCH_TIME ([\d.]+) (\d+)/.exec(result.stderr ?? '');
  rmSync(out, {recursive: true, force: true});
  return {seconds, peakMiB: measured ? Math.round(Number(measured[2]) / 1024) : null};
}

export function main(args: string[] = process.argv.slice(2)): Promise<void> {
  return withOptions(() => releasesBenchOptions(args), USAGE, measure);
}

async function measure(options: ReleasesBenchOptions): Promise<void> {
  const one = copySite('bench-one-release-');
  const many = copySite('bench-releases-');
  try {
    const versions = recordReleases(many, options.releases - 1);
    setRender(many, options.render);
    console.log(
      `Copies: ${one} (the product, 1 release); ${many} (${options.releases} releases: 2.0.0, ${versions.join(', ')}; renderReleases ${options.render})`,
    );
    const runs: {one: Timed[]; many: Timed[]} = {one: [], many: []};
    for (let run = 0; run < options.runs; run += 1) {
      // Interleaved, the order turned each run: the machine's load falls on both alike.
      const order = run % 2 === 0 ? (['one', 'many'] as const) : (['many', 'one'] as const);
      for (const which of order) runs[which].push(timedBuild(which === 'one' ? one : many));
    }
    const summary = (list: Timed[]) => ({
      seconds: median(list.map((t) => t.seconds)),
      peakMiB: list.every((t) => t.peakMiB !== null) ? median(list.map((t) => t.peakMiB as number)) : null,
    });
    const a = summary(runs.one);
    const b = summary(runs.many);
    console.log(`One release:   ${a.seconds.toFixed(1)} s, peak ${a.peakMiB ?? '?'} MiB`);
    console.log(`${options.releases} releases:   ${b.seconds.toFixed(1)} s, peak ${b.peakMiB ?? '?'} MiB`);
    console.log(
      `Ratio: time ${(b.seconds / a.seconds).toFixed(2)}×, memory ${a.peakMiB && b.peakMiB ? (b.peakMiB / a.peakMiB).toFixed(2) : '?'}× (budget: 2× each)`,
    );
  } finally {
    rmSync(one, {recursive: true, force: true});
    rmSync(many, {recursive: true, force: true});
  }
}

runIfMain(import.meta.url, () => main());
