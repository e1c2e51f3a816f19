/**
 * `npm run session-check`: the lines it prints and its exit codes (0 all holds, 1 something
 * fails, 2 unreadable input), run as a reader runs it.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {FIXTURES} from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJpbnRlZ3JhdG9yLTQyIn0.c2VjcmV0LXNpZ25hdHVyZS1kby1ub3Qtc2hvdw';

function run(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const result = spawnSync('npm', ['run', '-s', 'session-check', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

describe('npm run session-check', () => {
  it('exits 0 on a clean session, 1 with one line per failure, 2 on unreadable input', () => {
    const clean = run(path.join(FIXTURES, 'clean.jsonl'));
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain('session check: everything holds');

    const failing = run(path.join(FIXTURES, 'wrong-decimal.jsonl'));
    expect(failing.status).toBe(1);
    const lines = failing.stdout.split('\n').filter((l) => l.startsWith('connection 1, line'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('/price_update/update_list/0/levels/1/buy_price');

    const unreadable = run(path.join(FIXTURES, 'malformed-line.jsonl'));
    expect(unreadable.status).toBe(2);
    expect(unreadable.stderr).toContain('Line 2 of the transcript is not a JSON object');
    expect(run(path.join(FIXTURES, 'no-such-file.har')).status).toBe(2);
  });

  it('--help prints the usage; a bad command line gets its reason and the usage, no stack trace, exit 2', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run session-check -- <capture\.har/);
    expect(help.stdout).toContain('--json');
    for (const [args, reason] of [
      [['--bogus'], "Unknown option '--bogus'"],
      [[], 'Name the capture to check.'],
      [['a.har', 'b.har'], 'One capture at a time (given: a.har, b.har).'],
    ] as const) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(reason);
      expect(result.stderr).toContain('Usage: npm run session-check');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--json writes the whole report, without the capture’s token', () => {
    const result = run(path.join(FIXTURES, 'authorization.har'), '--json');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as {ok: boolean; frames: unknown[]; rules: unknown[]};
    expect(report.ok).toBe(true);
    expect(report.frames).toHaveLength(5);
    expect(report.rules.length).toBeGreaterThan(5);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });
});
