/**
 * `npm run site`, the README's command for seeing the site, started as a reader starts it. The
 * build half is `npm run build` (run by `npm test` just before this tier, and proven to start from
 * `npm run site` by site-builds.test.ts in a copy); here `--no-build` serves that build/, and the
 * command must answer `/` with the home page. `npm start`, the README's command while writing, must
 * compile the site in development mode and answer `/` with its page and bundle. `npm run serve`,
 * which MAINTAINING.md gives for trying a deployment locally, must serve build/ as a static host
 * should (clean URLs, the not-found page with status 404).
 */
import {afterAll, expect, test} from 'vitest';
import {freePort} from '../../scripts/mock/rest';
import {startCommand, type StartedCommand} from '../helpers/command';
import {productBuild} from '../helpers/productBuild';

const started: StartedCommand[] = [];

afterAll(async () => {
  for (const command of started) await command.stop();
});

/** Starts `npm <args>`, stopped after the tests. */
function start(args: string[]): StartedCommand {
  const command = startCommand(args);
  started.push(command);
  return command;
}

/** The body of a page the server answers, or why there is none yet. */
async function fetchText(url: string): Promise<string> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : `status ${response.status}`;
  } catch {
    return 'not listening';
  }
}

test('npm run site -- --no-build serves / on 127.0.0.1', async () => {
  productBuild();
  const port = await freePort();
  const site = start(['run', '-s', 'site', '--', '--no-build', '--port', String(port)]);
  const home = (): Promise<string> => fetchText(`http://127.0.0.1:${port}/`);
  await expect.poll(home, {timeout: 120_000, interval: 500}).toContain('<html');
  const html = await home();
  expect(html).toMatch(/<title[^>]*>[^<]+<\/title>/);
  expect(html).toContain('href="/rest"');
  expect(site.output()).toContain(`http://127.0.0.1:${port}/`);
});

test('npm run serve -- --port P serves build/ as a static host should: clean URLs, and the not-found page with 404', async () => {
  productBuild();
  const port = await freePort();
  const serve = start(['run', '-s', 'serve', '--', '--port', String(port)]);
  const base = `http://127.0.0.1:${port}`;
  await expect.poll(() => fetchText(`${base}/`), {timeout: 120_000, interval: 500}).toContain('<html');
  // /docs/intro is build/docs/intro.html: answered without a redirect to a trailing slash.
  const intro = await fetch(`${base}/docs/intro`, {redirect: 'manual'});
  expect(intro.status).toBe(200);
  expect(await intro.text()).toMatch(/<h1[^>]*>Introduction<\/h1>/);
  const missing = await fetch(`${base}/no-such-page`, {redirect: 'manual'});
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('Page Not Found');
  expect(serve.output()).toContain(base);
});

test('npm start -- --port P --no-open compiles the site for development and serves it on 127.0.0.1', async () => {
  const port = await freePort();
  const dev = start(['start', '--', '--port', String(port), '--no-open']);
  // The development server answers once its first compilation is done (seconds to a minute).
  await expect
    .poll(() => fetchText(`http://127.0.0.1:${port}/`), {timeout: 300_000, interval: 1000})
    .toContain('<div id="__docusaurus">');
  const html = await fetchText(`http://127.0.0.1:${port}/`);
  expect(html, html.slice(0, 2000)).toMatch(/<script defer(="defer")? src="\/main\.js"/);
  // The bundle is the site's (the app with its routes), compiled without an error.
  const bundle = await fetchText(`http://127.0.0.1:${port}/main.js`);
  expect(bundle.length).toBeGreaterThan(100_000);
  expect(bundle).toContain('/docs/ws');
  expect(dev.output()).toContain(`http://127.0.0.1:${port}/`);
  expect(dev.output()).toMatch(/compiled successfully/i);
  expect(dev.output()).not.toMatch(/\[ERROR\]/);
});
