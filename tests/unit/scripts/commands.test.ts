/**
 * The maintainers' commands the READMEs name, each started as a reader would start it (`npm run
 * …`), at least as far as proving that it starts and answers. `npm run site` is in
 * tests/build/site-command.test.ts (it serves build/); `npm run build` and `release:check` run in
 * `npm test` itself, and answer `--help` here, as `npm test` does (run whole, it and `npm run
 * test:quick` would start Vitest inside this Vitest run: test:quick answers `--dry-run` here).
 */
import {spawnSync} from 'node:child_process';
import {once} from 'node:events';
import {connect} from 'node:net';
import WebSocket from 'ws';
import {afterAll, describe, expect, it} from 'vitest';
import {freePort} from '../../../scripts/mock/rest';
import {startCommand, type StartedCommand} from '../../helpers/command';
import {ROOT} from '../../helpers/scripts';

function npm(args: string[]): {status: number | null; stdout: string; stderr: string} {
  const result = spawnSync('npm', ['run', '-s', ...args], {cwd: ROOT, encoding: 'utf8', timeout: 120_000});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm run mock -- --rest-port P --ws-port Q', () => {
  let mock: StartedCommand | undefined;
  afterAll(() => mock?.stop());

  it('serves one REST call and one WebSocket subscription, then stops', async () => {
    const [restPort, wsPort] = [await freePort(), await freePort()];
    const started = startCommand([
      'run',
      '-s',
      'mock',
      '--',
      '--rest-port',
      String(restPort),
      '--ws-port',
      String(wsPort),
    ]);
    mock = started;
    const output = started.output;
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (): void => {
        if (output().includes('Ctrl-C stops both.')) resolve();
      };
      started.child.stdout?.on('data', onData);
      started.child.stderr?.on('data', onData);
      started.child.once('exit', (code) =>
        reject(new Error(`npm run mock exited (${String(code)}) before it was ready:\n${output()}`)),
      );
    });
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`npm run mock was not ready within 150 s:\n${output()}`)),
        150_000,
      ).unref(),
    );
    await Promise.race([ready, timeout]);
    expect(output()).toContain(`http://127.0.0.1:${restPort}`);
    expect(output()).toContain(`ws://127.0.0.1:${wsPort}`);

    // REST: Prism answers a documented call from the document's example, validation on.
    const response = await fetch(`http://127.0.0.1:${restPort}/api/instruments`, {
      headers: {Authorization: 'Bearer test'},
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(await response.json()).toBeTypeOf('object');
    expect((await fetch(`http://127.0.0.1:${restPort}/api/instruments`)).status, 'no credentials').toBe(401);

    // WebSocket: a channel subscription is confirmed, and the mock prints both frames.
    const ws = new WebSocket(`ws://127.0.0.1:${wsPort}/ws/orders`, {headers: {Authorization: 'Bearer test'}});
    await once(ws, 'open');
    ws.send(JSON.stringify({subscribe_order_channel: {channel: 'orders', heartbeat_interval: 60}}));
    const [reply] = (await once(ws, 'message')) as [Buffer];
    ws.close();
    expect(JSON.parse(String(reply))).toHaveProperty('channel_subscription_confirmation');
    await expect
      .poll(output, {timeout: 10_000})
      .toMatch(/\[ws #1 \/ws\/orders\] received subscribe_order_channel/);
    expect(output()).toMatch(/\[ws #1 \/ws\/orders\] sent channel_subscription_confirmation/);

    // Ctrl-C (SIGTERM here) stops both: neither port answers afterwards.
    await started.stop();
    await expect.poll(() => listening(restPort), {timeout: 20_000}).toBe(false);
    await expect.poll(() => listening(wsPort), {timeout: 20_000}).toBe(false);
  });
});

describe('commands that change files or take minutes start with --help and change nothing', () => {
  it('npm run release -- --help and npm run release:check -- --help print the usage', () => {
    for (const command of [
      ['release', '--', '--help'],
      ['release:check', '--', '--help'],
    ]) {
      const result = npm(command);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('Usage: npm run release');
      expect(result.stdout).toContain('--amend');
    }
  });

  it('npm run release refuses an unknown option and a reason-less --amend, recording nothing', () => {
    const unknown = npm(['release', '--', '--bogus']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--bogus'");
    const amend = npm(['release', '--', '--amend']);
    expect(amend.status).toBe(1);
    expect(amend.stderr).toContain('--amend needs a reason');
  });

  it('npm run bench, bench:scale, bench:diff and bench:releases print their usage with --help', () => {
    expect(npm(['bench', '--', '--help']).stdout).toContain('Usage: npm run bench [-- --runs N]');
    expect(npm(['bench:scale', '--', '--help']).stdout).toContain('Usage: npm run bench:scale');
    expect(npm(['bench:diff', '--', '--help']).stdout).toContain('Usage: npm run bench:diff');
    expect(npm(['bench:releases', '--', '--help']).stdout).toContain('Usage: npm run bench:releases');
  });

  it('npm test -- --help lists the tiers and runs none; a mistyped option is refused before any tier starts', () => {
    const help = spawnSync('npm', ['test', '-s', '--', '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm test \[-- --from TIER\]/);
    expect(help.stdout).toContain('test:e2e');
    expect(help.stdout, 'no tier started').not.toContain('[test]');
    const typo = spawnSync('npm', ['test', '-s', '--', '--form', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain("Unknown option '--form'");
    expect(typo.stdout + typo.stderr, 'no tier started').not.toContain('[test]');
  });

  it('npm run test:quick -- --help and --dry-run answer without running a check; an unknown option is refused', () => {
    const help = npm(['test:quick', '--', '--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: npm run test:quick');
    expect(help.stdout).toContain('--since REF');
    const dry = npm(['test:quick', '--', '--dry-run']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^\[test:quick\] \d+ changed file\(s\) since HEAD$/m);
    expect(dry.stdout).toContain('[test:quick] would run typecheck: ');
    // A check that ran would report "passed" or "FAILED" with its time.
    expect(dry.stdout).not.toMatch(/: (passed|FAILED) \(\d+ s\)/);
    const unknown = npm(['test:quick', '--', '--bogus']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--bogus'");
    expect(unknown.stderr).toContain('Usage: npm run test:quick');
  });

  it('npm run build -- --help says what the command does and which arguments it passes on, and builds nothing', () => {
    const help = npm(['build', '--', '--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run build/);
    expect(help.stdout).toContain('Usage: docusaurus build');
    expect(help.stdout).toContain('--no-minify');
    // Nothing checked, built or moved: none of the build's own lines.
    expect(help.stdout + help.stderr).not.toMatch(/^\[(build|csp|api-reference)\]/m);
  });

  it('npm run mock and npm run site answer --help and refuse an unknown option, starting no server', () => {
    for (const command of ['mock', 'site']) {
      const help = npm([command, '--', '--help']);
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: npm run ${command} `));
      expect(help.stdout, 'nothing served').not.toMatch(/listening|serving|http:\/\/127\.0\.0\.1:\d+/i);
      const bad = npm([command, '--', '--bogus']);
      expect(bad.status, command).toBe(1);
      expect(bad.stderr, command).toContain("Unknown option '--bogus'");
    }
  });

  it('npm run compare-builds -- --help explains every argument and builds nothing', () => {
    const help = npm(['compare-builds', '--', '--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run compare-builds -- <before> <after>/);
    for (const option of [
      '--corpus DIR',
      '--only A,B',
      '--twice',
      '--report FILE',
      '--keep DIR',
      '--work DIR',
      '--folders A B',
    ])
      expect(help.stdout).toContain(option);
    expect(help.stdout, 'no worktree made').not.toContain('[compare-builds] worktree');
  });

  it('npm run bench, bench:scale, bench:diff and bench:releases refuse a misspelt option before building or measuring', () => {
    for (const command of ['bench', 'bench:scale', 'bench:diff', 'bench:releases']) {
      const result = npm([command, '--', '--run', '3']);
      expect(result.status, command).toBe(2);
      expect(result.stderr, command).toContain("Unknown option '--run'");
      expect(result.stderr, command).toContain(`Usage: npm run ${command}`);
      expect(result.stdout, `${command} started nothing`).toBe('');
    }
  });

  it('the benchmarks the READMEs give as npx jiti commands answer --help with their usage', () => {
    for (const file of [
      'scripts/bench/search-index-size.ts',
      'scripts/bench/validator.ts',
      'scripts/bench/request-builder.ts',
      'scripts/tools/session-check-bench.ts',
      'scripts/tools/session-check-browser-bench.ts',
    ]) {
      const result = spawnSync('npx', ['jiti', file, '--help'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.status, `${file}: ${result.stderr}`).toBe(0);
      expect(result.stdout, file).toMatch(new RegExp(`^Usage: npx jiti ${file.replace(/[.]/g, '\\.')}`));
    }
  });

  it('npm run bench:diff times a small generated pair', () => {
    const result = npm(['bench:diff', '--', '--operations', '20', '--runs', '1']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^\[bench-diff\] 20 operations, [1-9]\d* changes: [\d.]+ s \(median [\d.]+ s\)$/m,
    );
  });
});
