/**
 * `npm test`'s tiers (scripts/test/tiers.ts) and `npm run test:quick` (scripts/test/quick.ts): every
 * test file is in a folder a tier runs, the time table adds up, and the quick check runs the checks
 * for what changed.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  bashChildrenSeconds,
  NODE_OPTIONS_ADDED,
  machineLine,
  OrphanCpu,
  parseMachineCpu,
  parseTierArgs,
  parseProcStat,
  prefixed,
  STAGES,
  stagesFrom,
  timesTable,
  TIERS,
  tierEnvironment,
  USAGE,
  type ProcStat,
} from '../../../scripts/test/tiers';
import {quickChecks} from '../../../scripts/test/quick';
import {ROOT} from '../../helpers/scripts';

const SKIPPED = new Set([
  'node_modules',
  '.git',
  'build',
  '.docusaurus',
  '.tmp',
  'test-results',
  'playwright-report',
]);

function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.(test|spec)\.(ts|tsx|mjs|js)$/.test(entry.name)
      ? [path.relative(ROOT, full).split(path.sep).join('/')]
      : [];
  });
}

/** A Node.js program that allocates short-lived objects and prints the largest size its young generation reached. */
const YOUNG_GENERATION_PEAK = `
const v8 = require('node:v8');
let peak = 0;
let kept = [];
for (let i = 0; i < 3e6; i++) {
  kept.push({i, list: [i]});
  if (kept.length > 2e5) kept = [];
  if (i % 1e5 === 0)
    peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
}
process.stdout.write(String(peak));
`;

describe('npm test', () => {
  it('runs every test file: each is in the folder of a tier', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {scripts: Record<string, string>}
    ).scripts;
    const tierFolders = ['tests/unit/', 'tests/specs/', 'tests/samples/', 'tests/sites/', 'tests/build/'];
    for (const folder of tierFolders)
      expect(Object.values(scripts).join('\n')).toContain(folder.slice(0, -1));
    const strays = testFiles().filter((file) =>
      file.endsWith('.spec.ts')
        ? !file.startsWith('tests/e2e/')
        : !tierFolders.some((folder) => file.startsWith(folder)),
    );
    expect(strays).toEqual([]);
  });

  it('runs the tiers in order, each an npm script of package.json', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {scripts: Record<string, string>})
        .scripts,
    );
    expect(TIERS.map((t) => t.script)).toEqual([
      'test:setup',
      'test:static',
      'test:unit',
      'test:samples',
      'build',
      'test:build',
      'test:e2e',
    ]);
    for (const tier of TIERS) expect(scripts).toContain(tier.script);
  });

  it('runs side by side only tiers that need nothing from each other, every tier once, in order', () => {
    expect(STAGES).toEqual([
      ['test:setup', 'test:static', 'test:unit'],
      ['test:samples', 'build'],
      ['test:build'],
      ['test:e2e'],
    ]);
    expect(STAGES.flat()).toEqual(TIERS.map((t) => t.script));
    // The tests of build/ and the browser tests read build/: they start once the build has passed.
    // The site copies' builds read nothing of it (none of their files asks for the product build).
    // They could start beside the production build; that stage was measured slower and crowded.
    const stageOf = (script: string): number => STAGES.findIndex((stage) => stage.includes(script as never));
    expect(stageOf('test:build')).toBeGreaterThan(stageOf('build'));
    expect(stageOf('test:e2e')).toBeGreaterThan(stageOf('build'));
    for (const file of readdirSync(path.join(ROOT, 'tests/sites')))
      expect(readFileSync(path.join(ROOT, 'tests/sites', file), 'utf8'), file).not.toMatch(
        /productBuild|BUILD_DIR/,
      );
    expect(stagesFrom(undefined)).toEqual(STAGES);
    expect(stagesFrom('unit')).toEqual([
      ['test:unit'],
      ['test:samples', 'build'],
      ['test:build'],
      ['test:e2e'],
    ]);
    expect(stagesFrom('build')).toEqual([['build'], ['test:build'], ['test:e2e']]);
    expect(stagesFrom('test:e2e')).toEqual([['test:e2e']]);
    expect(() => stagesFrom('nope')).toThrow(
      '--from nope: no such tier (test:setup, test:static, test:unit, test:samples, build, test:build, test:e2e)',
    );
  });

  it('takes --from TIER and --help, and refuses anything else before a tier starts', () => {
    expect(parseTierArgs([])).toEqual({help: false, from: undefined});
    expect(parseTierArgs(['--from', 'e2e'])).toEqual({help: false, from: 'e2e'});
    expect(parseTierArgs(['--help'])).toEqual({help: true, from: undefined});
    expect(() => parseTierArgs(['--from', 'nope'])).toThrow('--from nope: no such tier');
    expect(() => parseTierArgs(['--form', 'build'])).toThrow("Unknown option '--form'");
    expect(() => parseTierArgs(['--from'])).toThrow("Option '--from <value>' argument missing");
    expect(() => parseTierArgs(['unit'])).toThrow();
    // The usage names every tier by its npm script.
    for (const tier of TIERS) expect(USAGE).toContain(tier.script);
  });

  it("gives every tier's Node.js a larger young generation, after the NODE_OPTIONS it was given", async () => {
    expect(tierEnvironment({PATH: '/bin'}, {A: '1'})).toEqual({
      PATH: '/bin',
      A: '1',
      NODE_OPTIONS: NODE_OPTIONS_ADDED,
    });
    expect(tierEnvironment({NODE_OPTIONS: '--inspect'}, {}).NODE_OPTIONS).toBe(
      `--inspect ${NODE_OPTIONS_ADDED}`,
    );
    expect(tierEnvironment({NODE_OPTIONS: '--inspect'}, {NODE_OPTIONS: '--trace-gc'}).NODE_OPTIONS).toBe(
      `--trace-gc ${NODE_OPTIONS_ADDED}`,
    );
    // Node.js accepts it in NODE_OPTIONS (it refuses V8 flags it does not allow there), and V8 lets
    // the young generation grow past its default under a stream of short-lived objects.
    const {spawnSync} = await import('node:child_process');
    const youngGeneration = (env: NodeJS.ProcessEnv): number => {
      const result = spawnSync(process.execPath, ['-e', YOUNG_GENERATION_PEAK], {encoding: 'utf8', env});
      expect(result.stderr).toBe('');
      return Number(result.stdout);
    };
    const added = youngGeneration(tierEnvironment(process.env, {}));
    const defaults = youngGeneration({...process.env, NODE_OPTIONS: ''});
    expect(defaults).toBeGreaterThan(0);
    expect(added).toBeGreaterThan(defaults);
  });

  it("reads a tier's CPU time from bash's times: its children's user and system time", () => {
    expect(bashChildrenSeconds('0m0.004s 0m0.002s\n1m2.340s 0m1.250s\n')).toBeCloseTo(63.59);
    expect(() => bashChildrenSeconds('')).toThrow("not the output of bash's times");
  });

  it('counts a real tier: the CPU time of what bash waited for', async () => {
    const {spawnSync} = await import('node:child_process');
    // A child that burns 0.4 s of its own CPU time (counted by the process itself, not by the clock:
    // on a busy machine a 300 ms busy wait gets only part of a core), then bash's times. bash counts
    // in clock ticks, user and system time each rounded down: the bound leaves 0.1 s for that.
    const burn = 'const u=()=>{const c=process.cpuUsage();return c.user+c.system;}; while (u() < 400000);';
    const result = spawnSync(
      'bash',
      ['-c', `${JSON.stringify(process.execPath)} -e ${JSON.stringify(burn)}; times`],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    expect(bashChildrenSeconds(result.stdout)).toBeGreaterThanOrEqual(0.3);
  });

  it("reads a process line of /proc: parent, start time, and its own and its waited-for children's CPU time", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime prio nice threads itreal starttime
    const stat = '77 (chromium (renderer)) S 12 1 1 0 -1 0 0 0 0 0 150 50 20 5 20 0 9 0 123456';
    expect(parseProcStat(77, stat)).toEqual({pid: 77, ppid: 12, start: '123456', cpuSeconds: 2.25});
  });

  it('adds the CPU time of processes left to init (never waited for), not of those their parent waits for', () => {
    const proc = (pid: number, ppid: number, cpuSeconds: number): ProcStat => ({
      pid,
      ppid,
      start: `s${pid}`,
      cpuSeconds,
    });
    const orphans = new OrphanCpu(10);
    // npm (10) → playwright (11) → chromium (12) → zygote (13) → renderer (14); 99 is another user's.
    orphans.observe([
      proc(1, 0, 0),
      proc(10, 1, 1),
      proc(11, 10, 5),
      proc(12, 11, 2),
      proc(13, 12, 0.5),
      proc(14, 13, 3),
      proc(99, 1, 50),
    ]);
    expect(orphans.seconds()).toBe(0);
    // Chromium's main process ends: the zygote and its renderer go to init, and keep running a while.
    orphans.observe([
      proc(1, 0, 0),
      proc(10, 1, 1),
      proc(11, 10, 7),
      proc(13, 1, 0.6),
      proc(14, 13, 4),
      proc(99, 1, 60),
    ]);
    // The zygote is an orphan (its time as last seen, with its waited-for children's); the renderer is
    // still its child, so the zygote's count will hold it once it is waited for.
    expect(orphans.seconds()).toBeCloseTo(0.6);
    orphans.observe([proc(1, 0, 0), proc(10, 1, 1), proc(11, 10, 7), proc(13, 1, 4.8), proc(99, 1, 70)]);
    expect(orphans.seconds()).toBeCloseTo(4.8);
    // A new process with a reused pid is not the old one.
    orphans.observe([proc(1, 0, 0), proc(10, 1, 1), {pid: 13, ppid: 1, start: 'later', cpuSeconds: 9}]);
    expect(orphans.seconds()).toBeCloseTo(4.8);
  });

  it('names the tier on each line of its output when tiers run side by side, the last line too', () => {
    const written: string[] = [];
    const out = prefixed('test:unit', (text) => written.push(text));
    out.data(Buffer.from('one\ntw'));
    out.data(Buffer.from('o\nthree'));
    out.end();
    expect(written.join('')).toBe('[test:unit] one\n[test:unit] two\n[test:unit] three\n');
  });

  it('prints each tier with its wall and CPU time, the elapsed time and the CPU time in all', () => {
    const table = timesTable(
      [
        {
          script: 'test:unit',
          name: 'unit and document tests',
          wallSeconds: 100.4,
          cpuSeconds: 180.6,
          status: 0,
        },
        {script: 'build', name: 'production build', wallSeconds: 90, cpuSeconds: 95, status: 1},
      ],
      150.2,
    );
    expect(table).toMatch(/unit and document tests\s+100 s\s+181 s\n/);
    expect(table).toMatch(/production build\s+90 s\s+95 s {2}FAILED/);
    expect(table).toMatch(/all \(elapsed\)\s+150 s\s+276 s$/);
  });

  it('says what the whole machine did over the run: used, idle, and taken by the host (steal)', () => {
    // Two readings of /proc/stat's first line (USER_HZ ticks): user nice system idle iowait irq softirq steal guest guest_nice.
    const before = parseMachineCpu(
      'cpu  1000 0 200 5000 100 0 50 150 0 0\ncpu0 500 0 100 2500 50 0 25 75 0 0\n',
    );
    const after = parseMachineCpu('cpu  61000 0 8200 9000 100 0 850 18150 0 0\n');
    expect(before).toEqual({used: 12.5, idle: 51, steal: 1.5});
    // 688 s used, 40 s idle, 180 s stolen: 908 s of capacity.
    expect(machineLine(before, after)).toBe(
      'the machine over the run: 908 s of CPU capacity; 688 s used by its processes (76%), 40 s idle (4%), ' +
        '180 s taken by the host for other machines (steal, 20%)',
    );
    expect(() => parseMachineCpu('intr 12 0 0\n')).toThrow(/not the cpu line/);
    expect(() => parseMachineCpu('cpu  1 2 three 4 5 6 7 8\n')).toThrow(/not the cpu line/);
  });

  it("reads this machine's /proc/stat where there is one", () => {
    let stat: string;
    try {
      stat = readFileSync('/proc/stat', 'utf8');
    } catch {
      return; // Not Linux: npm test leaves the line out.
    }
    const cpu = parseMachineCpu(stat);
    expect(cpu.used + cpu.idle).toBeGreaterThan(0);
    expect(cpu.steal).toBeGreaterThanOrEqual(0);
  });
});

describe('npm run test:quick', () => {
  it('checks types always, and lints, formats and tests only what changed', () => {
    const names = (files: string[]): string[] => quickChecks(files).map((c) => c.name);
    expect(names([])).toEqual(['typecheck']);
    expect(names(['README.md'])).toEqual(['typecheck', 'prettier']);
    const checks = quickChecks(['scripts/bench/median.ts', 'tests/e2e/shell.spec.ts']);
    expect(checks.map((c) => c.name)).toEqual([
      'typecheck',
      'eslint',
      'prettier',
      'unit tests of the changed files',
    ]);
    const vitest = checks.at(-1)?.command ?? [];
    expect(vitest.slice(0, 4)).toEqual(['npx', 'vitest', 'related', '--run']);
    expect(vitest).toContain('scripts/bench/median.ts');
    expect(vitest, 'browser specs run under Playwright, not here').not.toContain('tests/e2e/shell.spec.ts');
    expect(vitest).toContain('--exclude=tests/build/**');
    expect(vitest).toContain('--exclude=tests/sites/**');
  });
});

describe('npm ci', () => {
  it("opts out of Scarf's install report (reached through @asyncapi/parser → Spectral) as its documentation says", () => {
    // @scarf/scarf's report.js: `rootPackage.scarfSettings.enabled === false` turns it off, whatever npm's configuration.
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scarfSettings?: {enabled?: unknown};
    };
    expect(pkg.scarfSettings?.enabled).toBe(false);
    const report = readFileSync(path.join(ROOT, 'node_modules/@scarf/scarf/report.js'), 'utf8');
    expect(report).toContain('rootPackage.scarfSettings.enabled === false');
  });

  it('runs no dependency install script: each one there is denied by name (allowScripts, npm 11.16+)', () => {
    // Scarf's report (it ran `npm ls` over the whole tree at each install), core-js's banner, and
    // @swc/core's check, whose fallback installs @swc/wasm when the native binding is missing: the
    // binding comes as an optional dependency for each platform, and without it the build fails
    // plainly instead.
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, {hasInstallScript?: boolean}>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([where]) => where.replace(/^.*node_modules\//, ''));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(pkg.allowScripts?.[name], name).toBe(false);
  });
});
