/**
 * `npm test`: the tiers in order, each started as its own npm script, stopping at the first that
 * fails (as `a && b` would). At the end, also after a failure, a table gives each tier's wall time
 * and CPU time: the CPU time of a tier is what its processes used, read from the kernel's count of
 * the time this process's finished children used (/proc/self/stat, cutime and cstime), so it does
 * not depend on how busy the machine was as the wall time does. That count holds only processes
 * whose parent waited for them: Chromium's renderers are not (their parent leaves them to init), so
 * while a tier runs, its process tree is read from /proc every 200 ms and the CPU time of each
 * process that left the tree that way is added, as last seen (OrphanCpu). Measured on one page busy
 * for 3 s: 3.3 s counted without this, 7.2 s in all (a subreaper's count).
 *
 * `npm test -- --from build` starts at a tier (after fixing what failed there).
 */
import {spawn} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {runIfMain} from '../shared/main';

/** The tiers `npm test` runs, in order: the npm script of each, and what it is. */
export const TIERS = [
  {script: 'test:static', name: 'static checks (typecheck, lint, release:check)'},
  {script: 'test:unit', name: 'unit and document tests'},
  {script: 'test:samples', name: 'toolchains and samples'},
  {script: 'build', name: 'production build'},
  {script: 'test:build', name: 'build tests'},
  {script: 'test:e2e', name: 'Chromium and browser tests'},
] as const;

/** Seconds of CPU time this process's finished (waited-for) children and theirs have used. */
export function childrenCpuSeconds(stat = readFileSync('/proc/self/stat', 'utf8')): number {
  // Fields after the command name, which is in parentheses and may hold spaces: field 3 onward.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are fields 16 and 17 (1-based), i.e. 13 and 14 here; in clock ticks (100 a second on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
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

/** Runs `npm run <script>`, resolving to its exit status and the CPU time of its orphans. */
function runTier(script: string): Promise<{status: number; orphanSeconds: number}> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], {stdio: 'inherit'});
    const orphans = new OrphanCpu(child.pid ?? -1);
    const timer = setInterval(() => orphans.observe(readProcesses()), 200);
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      orphans.observe(readProcesses());
      resolve({status: signal === null ? (code ?? 1) : 1, orphanSeconds: orphans.seconds()});
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

export function timesTable(times: readonly TierTime[]): string {
  const pad = (text: string, width: number): string => text.padEnd(width);
  const lines = times.map(
    (t) =>
      `${pad(t.name, 48)} ${String(Math.round(t.wallSeconds)).padStart(6)} s ${String(Math.round(t.cpuSeconds)).padStart(7)} s${t.status === 0 ? '' : '  FAILED'}`,
  );
  const wall = times.reduce((n, t) => n + t.wallSeconds, 0);
  const cpu = times.reduce((n, t) => n + t.cpuSeconds, 0);
  return [
    `${pad('tier', 48)} ${'wall'.padStart(8)} ${'CPU'.padStart(9)}`,
    ...lines,
    `${pad('all', 48)} ${String(Math.round(wall)).padStart(6)} s ${String(Math.round(cpu)).padStart(7)} s`,
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const from = args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined;
  const start =
    from === undefined ? 0 : TIERS.findIndex((t) => t.script === from || t.script === `test:${from}`);
  if (start < 0) throw new Error(`--from ${from}: no such tier (${TIERS.map((t) => t.script).join(', ')})`);
  const times: TierTime[] = [];
  let status = 0;
  for (const tier of TIERS.slice(start)) {
    console.log(`\n[test] ${tier.name}: npm run ${tier.script}`);
    const wallStart = Date.now();
    const cpuStart = childrenCpuSeconds();
    const result = await runTier(tier.script);
    status = result.status;
    times.push({
      ...tier,
      wallSeconds: (Date.now() - wallStart) / 1000,
      cpuSeconds: childrenCpuSeconds() - cpuStart + result.orphanSeconds,
      status,
    });
    if (status !== 0) break;
  }
  console.log(`\n[test] time per tier (wall, and CPU time of all its processes):\n${timesTable(times)}`);
  process.exit(status);
}

runIfMain(import.meta.url, main);
