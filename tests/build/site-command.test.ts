/**
 * `npm run site`, the README's command for seeing the site, started as a reader starts it. The
 * build half is `npm run build` (run by `npm test` just before this tier, and proven to start from
 * `npm run site` by site-builds.test.ts in a copy); here `--no-build` serves that build/, and the
 * command must answer `/` with the home page.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {afterAll, expect, test} from 'vitest';
import {freePort} from '../../scripts/mock/rest';
import {ROOT} from '../helpers/scripts';
import {productBuild} from '../helpers/productBuild';

let child: ChildProcess | undefined;

afterAll(async () => {
  const pid = child?.pid;
  if (child === undefined || pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-pid, 'SIGTERM'); // the command's own process group: npm, the script and the server
  await exited;
});

test('npm run site -- --no-build serves / on 127.0.0.1', async () => {
  productBuild();
  const port = await freePort();
  child = spawn('npm', ['run', '-s', 'site', '--', '--no-build', '--port', String(port)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const home = async (): Promise<string> => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      return response.ok ? await response.text() : `status ${response.status}`;
    } catch {
      return 'not listening';
    }
  };
  await expect.poll(home, {timeout: 120_000, interval: 500}).toContain('<html');
  const html = await home();
  expect(html).toMatch(/<title[^>]*>[^<]+<\/title>/);
  expect(html).toContain('href="/rest"');
  expect(output).toContain(`http://127.0.0.1:${port}/`);
});
