/**
 * `npm test`: the tiers, each started as its own npm script, in stages: the tiers of a stage run side
 * by side, and a stage starts when the one before has passed (a failure stops the run, as `a && b`
 * would, once its stage has finished). Side by side go tiers that need nothing from each other and
 * leave a core idle alone: the set-up (apt-get installing the samples' toolchains and Chromium when
 * missing, scripts/setup/ahead.ts) beside the static checks and the unit tests (each ends on one
 * process), the samples beside the production build (the bundler's single-threaded phases). Not more:
 * with the builds of site copies (tests/sites, which read nothing of build/) also beside the
 * production build and the samples (tried 2026-11-28), that stage took 379 s instead of about 390 s
 * for the two stages, and a C# sample timed out (most likely Mono's wait at exit, since fixed in
 * tests/samples/run.ts); as a tier of their own beside the tests of build/, the two took 303 s
 * against about 275 s in one Vitest run (two runs sharing two cores, and the longest file's chain
 * alone at the end). At the end, also after a failure, a table gives each tier's wall time and CPU
 * time, and the run's elapsed time.
 *
 * The CPU time of a tier is what its processes used: a tier runs under bash, whose `times` gives the
 * CPU time of the processes it and they waited for, so it does not depend on how busy the machine
 * was as the wall time does, nor on the tier beside it. That count holds only processes whose parent
 * waited for them: Chromium's renderers are not (their parent leaves them to init), so while a tier
 * runs, its process tree is read from /proc every 200 ms and the CPU time of each process that left
 * the tree that way is added, as last seen (OrphanCpu). Measured on one page busy for 3 s: 3.3 s
 * counted without this, 7.2 s in all (a subreaper's count).
 *
 * `npm test -- --from build` starts at a tier (after fixing what failed there).
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {withOptions} from '../shared/commandLine';
import {runIfMain} from '../shared/main';

/**
 * The tiers `npm test` runs, in order: the npm script of each, what it is, and what its environment
 * adds. The production build writes no persistent cache here: nothing in the run reads it again (the
 * warm-cache case builds a copy with a cache of its own), and writing it costs about 15 s of CPU
 * time. `npm run build` on its own keeps the cache, for a maintainer's next build.
 */
export const TIERS = [
  {script: 'test:setup', name: 'set-up (toolchains and Chromium when missing)'},
  {script: 'test:static', name: 'static checks (typecheck, lint, release:check)'},
  {script: 'test:unit', name: 'unit and document tests'},
  {script: 'test:samples', name: 'toolchains and samples'},
  {script: 'build', name: 'production build', env: {DOCUSAURUS_NO_PERSISTENT_CACHE: '1'}},
  {script: 'test:build', name: 'build tests (site copies, and build/)'},
  {script: 'test:e2e', name: 'Chromium and browser tests'},
] as const;

export type TierScript = (typeof TIERS)[number]['script'];

/**
 * What every tier's Node.js processes get in NODE_OPTIONS, after what the caller set: a young
 * generation of 64 MB semi-spaces (V8's default is 16 MB on 64-bit), so that the builds, the type
 * checker and the test workers, which allocate hundreds of megabytes of short-lived objects,
 * collect garbage less often. Measured 2026-11-28: a build of the site spent 2.5 s of its main
 * thread collecting instead of 3.8 s (its peak memory 0.94 GB against 1.09 GB); `tsc --noEmit` 44.4 s
 * of CPU time against 46.0 s over three runs each. Behaviour is unchanged: it is the collector's pace.
 */
export const NODE_OPTIONS_ADDED = '--max-semi-space-size=64';

/** A tier's environment: the process's, the tier's own, and NODE_OPTIONS_ADDED after any NODE_OPTIONS given. */
export function tierEnvironment(
  base: NodeJS.ProcessEnv,
  own: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  const given = (own.NODE_OPTIONS ?? base.NODE_OPTIONS ?? '').trim();
  return {
    ...base,
    ...own,
    NODE_OPTIONS: given === '' ? NODE_OPTIONS_ADDED : `${given} ${NODE_OPTIONS_ADDED}`,
  };
}

/** The tiers that run side by side, stage by stage; every tier of TIERS is in one stage, in TIERS' order. */
export const STAGES: readonly (readonly TierScript[])[] = [
  ['test:setup', 'test:static', 'test:unit'],
  ['test:samples', 'build'],
  ['test:build'],
  ['test:e2e'],
];

/** The stages from a tier on (`--from`): that tier and every later one, grouped as STAGES groups them. */
export function stagesFrom(from: string | undefined): TierScript[][] {
  const order: readonly string[] = TIERS.map((t) => t.script);
  const start = from === undefined ? 0 : order.findIndex((s) => s === from || s === `test:${from}`);
  if (start < 0) throw new Error(`--from ${String(from)}: no such tier (${order.join(', ')})`);
  return STAGES.map((stage) => stage.filter((s) => order.indexOf(s) >= start)).filter(
    (stage) => stage.length > 0,
  );
}

/**
 * The CPU seconds of a shell's waited-for children, from bash's `times` (two lines, the shell's own
 * user and system time, then its children's: "0m12.340s 0m1.250s").
 */
export function bashChildrenSeconds(times: string): number {
  const line = times.trim().split('\n')[1] ?? '';
  const fields = [...line.matchAll(/(\d+)m([\d.]+)s/g)];
  if (fields.length !== 2) throw new Error(`not the output of bash's times: ${JSON.stringify(times)}`);
  return fields.reduce((n, [, minutes, seconds]) => n + Number(minutes) * 60 + Number(seconds), 0);
}

/** One process as /proc/<pid>/stat gives it: its parent, its start time and the CPU seconds it and its waited-for children used. */
export interface ProcStat {
  pid: number;
  ppid: number;
  start: string;
  cpuSeconds: number;
}

export function parseProcStat(pid: number, stat: string): ProcStat {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // ppid is field 4 (1-based), utime..cstime 14..17, starttime 22: here 1, 11..14 and 19.
  const ticks = [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0);
  return {pid, ppid: Number(fields[1]), start: fields[19] ?? '', cpuSeconds: ticks / 100};
}

function readProcesses(): ProcStat[] {
  const found: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      found.push(parseProcStat(Number(name), readFileSync(`/proc/${name}/stat`, 'utf8')));
    } catch {
      // It ended between the listing and the read.
    }
  }
  return found;
}

/**
 * The CPU time of a process tree's orphans: processes of the tree whose parent ended without
 * waiting for them (the kernel gives them to init, whose count is not ours). Fed snapshots of the
 * system's processes; a process is in the tree when its parent is (or is the root); once in, it
 * stays in while it lives, and when its parent is no longer in the tree it is an orphan, whose
 * time is counted as last seen.
 */
export class OrphanCpu {
  private readonly members = new Map<string, {orphan: boolean; cpuSeconds: number}>();
  constructor(private readonly root: number) {}

  observe(processes: readonly ProcStat[]): void {
    const key = (p: ProcStat): string => `${p.pid}/${p.start}`;
    const live = new Set<number>([this.root]);
    for (const p of processes) if (this.members.has(key(p))) live.add(p.pid);
    // Parents come before or after their children in /proc's listing: repeat until nothing is added.
    for (let added = true; added;) {
      added = false;
      for (const p of processes) {
        if (live.has(p.pid) || !live.has(p.ppid)) continue;
        live.add(p.pid);
        added = true;
      }
    }
    for (const p of processes) {
      if (!live.has(p.pid) || p.pid === this.root) continue;
      const known = this.members.get(key(p));
      const orphan = (known?.orphan ?? false) || !live.has(p.ppid);
      this.members.set(key(p), {orphan, cpuSeconds: p.cpuSeconds});
    }
  }

  /** CPU seconds of the processes that left the tree without being waited for. */
  seconds(): number {
    let total = 0;
    for (const m of this.members.values()) if (m.orphan) total += m.cpuSeconds;
    return total;
  }
}

/** Where each running tier's process tree is followed: one read of /proc every 200 ms for them all. */
const followed = new Set<OrphanCpu>();
let sampler: NodeJS.Timeout | undefined;

function follow(orphans: OrphanCpu): void {
  followed.add(orphans);
  sampler ??= setInterval(() => {
    const processes = readProcesses();
    for (const o of followed) o.observe(processes);
  }, 200);
}

function unfollow(orphans: OrphanCpu): void {
  orphans.observe(readProcesses());
  followed.delete(orphans);
  if (followed.size === 0 && sampler !== undefined) {
    clearInterval(sampler);
    sampler = undefined;
  }
}

/**
 * Writes a tier's output line by line, each line after its tier's name (for tiers run side by side);
 * `end` writes a last line that had no newline.
 */
export function prefixed(
  name: string,
  write: (text: string) => void,
): {data: (chunk: Buffer) => void; end: () => void} {
  let partial = '';
  return {
    data: (chunk) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      if (lines.length > 0) write(lines.map((line) => `[${name}] ${line}\n`).join(''));
    },
    end: () => {
      if (partial !== '') write(`[${name}] ${partial}\n`);
      partial = '';
    },
  };
}

/**
 * Runs `npm run <script>` under bash, resolving to its exit status and its CPU time (its waited-for
 * processes', from `times`, and its orphans'). With `label`, each line of its output starts with it.
 */
function runTier(
  script: string,
  label?: string,
  env: Readonly<Record<string, string>> = {},
): Promise<{status: number; cpuSeconds: number}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tier-times-'));
  const timesFile = path.join(dir, 'times');
  return new Promise((resolve) => {
    const child = spawn(
      'bash',
      ['-c', 'npm run -s "$1"; status=$?; times > "$2"; exit $status', 'tier', script, timesFile],
      {
        stdio: label === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        env: tierEnvironment(process.env, env),
      },
    );
    const streams = [
      {from: child.stdout, to: process.stdout},
      {from: child.stderr, to: process.stderr},
    ];
    if (label !== undefined)
      for (const {from, to} of streams) {
        const out = prefixed(label, (text) => to.write(text));
        from?.on('data', out.data);
        from?.on('end', out.end);
      }
    const orphans = new OrphanCpu(child.pid ?? -1);
    follow(orphans);
    // 'close': the process has ended and its output has been read to the end.
    child.on('close', (code, signal) => {
      unfollow(orphans);
      let waited = 0;
      try {
        waited = bashChildrenSeconds(readFileSync(timesFile, 'utf8'));
      } catch {
        // Killed before `times` ran: its CPU time is unknown, and the tier failed anyway.
      }
      rmSync(dir, {recursive: true, force: true});
      resolve({status: signal === null ? (code ?? 1) : 1, cpuSeconds: waited + orphans.seconds()});
    });
  });
}

export interface TierTime {
  script: string;
  name: string;
  wallSeconds: number;
  cpuSeconds: number;
  status: number;
}

/** The table printed at the end: each tier's wall and CPU time, then the run's elapsed time (tiers side by side overlap) and the CPU time in all. */
export function timesTable(times: readonly TierTime[], elapsedSeconds: number): string {
  const pad = (text: string, width: number): string => text.padEnd(width);
  const lines = times.map(
    (t) =>
      `${pad(t.name, 48)} ${String(Math.round(t.wallSeconds)).padStart(6)} s ${String(Math.round(t.cpuSeconds)).padStart(7)} s${t.status === 0 ? '' : '  FAILED'}`,
  );
  const wall = elapsedSeconds;
  const cpu = times.reduce((n, t) => n + t.cpuSeconds, 0);
  return [
    `${pad('tier', 48)} ${'wall'.padStart(8)} ${'CPU'.padStart(9)}`,
    ...lines,
    `${pad('all (elapsed)', 48)} ${String(Math.round(wall)).padStart(6)} s ${String(Math.round(cpu)).padStart(7)} s`,
  ].join('\n');
}

/**
 * The machine's CPU accounting from the first line of /proc/stat, in seconds: `used` by every
 * process (user, nice, system, irq, softirq; guest time is inside user), `idle` (with iowait), and
 * `steal`, the time the hypervisor gave another guest while this machine had work to run. A slow
 * run is slowed by the host in two ways: steal, and the same work costing more CPU time while the
 * host's caches and memory are busy (measured 2026-11-29: steal 1.4% of capacity on an idle minute
 * and 1 to 12% over `npm test`, whose CPU time for the same tests ran 35 to 50% over the quietest
 * morning's).
 */
export interface MachineCpu {
  used: number;
  idle: number;
  steal: number;
}

export function parseMachineCpu(stat: string, ticksPerSecond = 100): MachineCpu {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  const fields = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  if (fields.length < 8 || fields.some((n) => !Number.isFinite(n)))
    throw new Error(`not the cpu line of /proc/stat: ${JSON.stringify(line ?? stat.slice(0, 80))}`);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return {
    used: (user + nice + system + irq + softirq) / ticksPerSecond,
    idle: (idle + iowait) / ticksPerSecond,
    steal: steal / ticksPerSecond,
  };
}

function readMachineCpu(): MachineCpu | undefined {
  try {
    return parseMachineCpu(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined; // Not Linux: the line is left out.
  }
}

/** The line printed after the table: what the whole machine did between two readings. */
export function machineLine(before: MachineCpu, after: MachineCpu): string {
  const used = after.used - before.used;
  const idle = after.idle - before.idle;
  const steal = after.steal - before.steal;
  const capacity = used + idle + steal;
  const share = (n: number): string => `${capacity > 0 ? Math.round((100 * n) / capacity) : 0}%`;
  return (
    `the machine over the run: ${Math.round(capacity)} s of CPU capacity; ${Math.round(used)} s used ` +
    `by its processes (${share(used)}), ${Math.round(idle)} s idle (${share(idle)}), ${Math.round(steal)} s ` +
    `taken by the host for other machines (steal, ${share(steal)})`
  );
}

export const USAGE = `Usage: npm test [-- --from TIER]

Runs every test tier in stages (the tiers of a stage side by side; a failure stops the run once its
stage has finished), then prints each tier's wall and CPU time.

--from TIER   starts at that tier and runs every later one; TIER is its npm script, whose test:
              may be left off (--from e2e), so that build is the production build:
${TIERS.map((t) => `                ${t.script.padEnd(14)}${t.name}`).join('\n')}
--help        this text`;

/** The command line: --help, or the tier to start from; anything else throws (a usage error). */
export function parseTierArgs(args: readonly string[]): {help: boolean; from: string | undefined} {
  const {values} = parseArgs({
    args: [...args],
    options: {help: {type: 'boolean', default: false}, from: {type: 'string'}},
    strict: true,
    allowPositionals: false,
  });
  if (values.from !== undefined) stagesFrom(values.from);
  return {help: values.help, from: values.from};
}

function main(): Promise<void> {
  return withOptions(() => parseTierArgs(process.argv.slice(2)), USAGE, runTiers);
}

async function runTiers(options: {from: string | undefined}): Promise<void> {
  const stages = stagesFrom(options.from);
  const runStart = Date.now();
  const machineBefore = readMachineCpu();
  const times: TierTime[] = [];
  let status = 0;
  for (const stage of stages) {
    const tiers = stage.map((script) => {
      const tier: {script: string; name: string; env?: Readonly<Record<string, string>>} = TIERS.find(
        (t) => t.script === script,
      ) ?? {script, name: script};
      return tier;
    });
    console.log(
      `\n[test] ${tiers.map((t) => `${t.name}: npm run ${t.script}`).join(', side by side with ')}`,
    );
    const results = await Promise.all(
      tiers.map(async (tier) => {
        const wallStart = Date.now();
        const result = await runTier(tier.script, stage.length > 1 ? tier.script : undefined, tier.env);
        const time = {
          script: tier.script,
          name: tier.name,
          wallSeconds: (Date.now() - wallStart) / 1000,
          cpuSeconds: result.cpuSeconds,
          status: result.status,
        };
        if (stage.length > 1)
          console.log(
            `[test] ${tier.name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round(time.wallSeconds)} s`,
          );
        return time;
      }),
    );
    times.push(...results);
    status = results.find((r) => r.status !== 0)?.status ?? 0;
    if (status !== 0) break;
  }
  const elapsed = (Date.now() - runStart) / 1000;
  console.log(
    `\n[test] time per tier (wall, and CPU time of all its processes):\n${timesTable(times, elapsed)}`,
  );
  const machineAfter = readMachineCpu();
  if (machineBefore !== undefined && machineAfter !== undefined)
    console.log(`[test] ${machineLine(machineBefore, machineAfter)}`);
  process.exit(status);
}

runIfMain(import.meta.url, main);
