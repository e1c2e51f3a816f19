/**
 * A README command started as a reader starts it (`npm …`), for the tests that prove it starts and
 * answers (tests/unit/scripts/commands.test.ts, tests/build/site-command.test.ts). It runs in a
 * process group of its own, so that stopping it stops npm, the script and every server the script
 * started, as Ctrl-C does in a terminal.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {ROOT} from './scripts';

export interface StartedCommand {
  child: ChildProcess;
  /** Everything it printed so far, standard output and error interleaved as they came. */
  output: () => string;
  /** Stops its process group (SIGTERM, then SIGKILL after 20 s) and waits for it; once. */
  stop: () => Promise<void>;
}

export function startCommand(args: readonly string[], cwd = ROOT): StartedCommand {
  const child = spawn('npm', args, {cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = async (): Promise<void> => {
    const pid = child.pid;
    if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    process.kill(-pid, 'SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 20_000);
    await exited;
    clearTimeout(timer);
  };
  return {child, output: () => output, stop};
}
