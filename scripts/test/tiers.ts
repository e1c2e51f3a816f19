/**
 * `npm test`: the tiers in order, each started as its own npm script, stopping at the first that
 * fails (as `a && b` would). At the end, also after a failure, a table gives each tier's wall time
 * and CPU time: the CPU time of a tier is what its processes used, read from the kernel's count of
 * the time this process's finished children used (/proc/self/stat, cutime and cstime), so it does
 * not depend on how busy the machine was as the wall time does.
 *
 * `npm test -- --from build` starts at a tier (after fixing what failed there).
 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
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

function main(): void {
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
    const result = spawnSync('npm', ['run', '-s', tier.script], {stdio: 'inherit'});
    status = result.status ?? 1;
    times.push({
      ...tier,
      wallSeconds: (Date.now() - wallStart) / 1000,
      cpuSeconds: childrenCpuSeconds() - cpuStart,
      status,
    });
    if (status !== 0) break;
  }
  console.log(`\n[test] time per tier (wall, and CPU time of all its processes):\n${timesTable(times)}`);
  process.exit(status);
}

runIfMain(import.meta.url, main);
