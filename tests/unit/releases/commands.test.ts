/**
 * `npm run release` and `npm run release:check`, run on temporary copies of the
 * product's documents and releases folder (never on the real specs/). The
 * diff really runs; one test runs the script itself for its exit codes.
 */
import {execFile} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterEach, describe, expect, it} from 'vitest';
import {check, pathsIn, release} from '../../../plugins/releases/commands';
import {history, listReleases} from '../../../plugins/releases/store';

const ROOT = path.resolve(__dirname, '../../..');
const run = promisify(execFile);
const made: string[] = [];

function copyOfProduct(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-cmd-'));
  made.push(dir);
  cpSync(path.join(ROOT, 'specs'), path.join(dir, 'specs'), {recursive: true});
  return dir;
}

function edit(dir: string, file: 'openapi' | 'asyncapi', from: string | RegExp, to: string): void {
  const target = path.join(dir, 'specs', `${file}.yaml`);
  const text = readFileSync(target, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`fixture edit found nothing to replace: ${String(from)}`);
  writeFileSync(target, next);
}

function setVersion(dir: string, version: string): void {
  edit(dir, 'openapi', /^ {2}version: .*$/m, `  version: ${version}`);
  edit(dir, 'asyncapi', /^ {2}version: .*$/m, `  version: ${version}`);
}

/** A breaking change: the orders channel moves. */
function moveOrdersChannel(dir: string): void {
  edit(dir, 'asyncapi', 'address: /ws/orders', 'address: /ws/v3/orders');
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true});
});

describe('release:check', () => {
  it('passes when the documents equal the newest release', async () => {
    const result = await check(pathsIn(copyOfProduct()));
    expect(result).toEqual({code: 0, message: 'release:check: the documents equal release 2.0.0.'});
  });

  it('fails on a change under the same version, listing it with its classification, the version it needs and the two ways out', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    const result = await check(pathsIn(dir));
    expect(result.code).toBe(1);
    expect(result.message).toContain('differ from release 2.0.0 but carry the same version 2.0.0');
    expect(result.message).toMatch(
      /\[Breaking\] WebSocket message `new_order` on channel `orders`: .*clients must connect to the new address/,
    );
    expect(result.message).toContain('They need a major version: 3.0.0 or higher.');
    expect(result.message).toContain('then run npm run release;');
    expect(result.message).toContain('npm run release -- --amend "<reason>"');
  });

  it('passes when the documents carry a new version', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    setVersion(dir, '3.0.0');
    expect((await check(pathsIn(dir))).code).toBe(0);
  });

  it('exits 1 and 0 as a command', async () => {
    const dir = copyOfProduct();
    // As package.json runs it: jiti's command line on scripts/build/release.ts.
    const script = [
      path.join(ROOT, 'node_modules/jiti/lib/jiti-cli.mjs'),
      path.join(ROOT, 'scripts/build/release.ts'),
    ];
    const ok = await run(process.execPath, [...script, '--check'], {cwd: dir});
    expect(ok.stdout).toContain('equal release 2.0.0');
    moveOrdersChannel(dir);
    const failed = await run(process.execPath, [...script, '--check'], {cwd: dir}).then(
      () => null,
      (error: {code: number; stderr: string}) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('Two ways out');
  });
});

describe('release', () => {
  it('refuses when the version does not increase', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    const result = await release(pathsIn(dir));
    expect(result.code).toBe(1);
    expect(result.message).toMatch(
      /^Not recorded\. The version does not increase: the documents are 2\.0\.0, the newest release is 2\.0\.0/,
    );
    expect(listReleases(pathsIn(dir).releasesDir).map((r) => r.version)).toEqual(['2.0.0']);
  });

  it('release:check refuses a new version whose bump is smaller than the changes need, with the release message', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    setVersion(dir, '2.1.0');
    const checked = await check(pathsIn(dir));
    expect(checked.code).toBe(1);
    expect(checked.message).toContain(
      '2.0.0 to 2.1.0 is a minor bump, the changes need a major bump (at least 3.0.0)',
    );
    const recorded = await release(pathsIn(dir));
    // The same refusal as the release command (only the first words differ).
    expect(checked.message.replace(/^release:check:/, '')).toBe(
      recorded.message
        .replace(/^Not recorded\./, '')
        .replace(
          'record it anyway with --allow-smaller-bump',
          'record it with npm run release -- --allow-smaller-bump',
        ),
    );
    setVersion(dir, '3.0.0');
    expect((await check(pathsIn(dir))).code).toBe(0);
  });

  it('release:check fails on a release.yaml note whose key names no computed change; a matching key passes and shows', async () => {
    const dir = copyOfProduct();
    edit(dir, 'openapi', /(PageLimit:\n(?:.*\n)*? {6}default: )100/, '$150');
    setVersion(dir, '2.1.0');
    expect((await release(pathsIn(dir))).code).toBe(0);
    const file = path.join(dir, 'specs/releases/2.1.0/release.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `${text}changes:\n  rest:/components/schemas/PageLimt: A typo.\n`);
    const refused = await check(pathsIn(dir));
    expect(refused.code).toBe(1);
    expect(refused.message).toContain(
      'release 2.1.0: rest:/components/schemas/PageLimt (a key that matches: rest:/components/schemas/PageLimit)',
    );
    writeFileSync(
      file,
      `${text}changes:\n  rest:/components/schemas/PageLimit: Send limit=100 to keep pages of 100.\n`,
    );
    expect((await check(pathsIn(dir))).code).toBe(0);
    const entries = await history(pathsIn(dir).releasesDir, pathsIn(dir).working);
    // Five list operations send `limit`; listTransactions also returns it in `pagination`.
    expect(entries[0]?.changes.filter((c) => c.note === 'Send limit=100 to keep pages of 100.').length).toBe(
      6,
    );
  });

  it('refuses when the two documents disagree on the version', async () => {
    const dir = copyOfProduct();
    edit(dir, 'openapi', /^ {2}version: .*$/m, '  version: 2.1.0');
    const result = await release(pathsIn(dir));
    expect(result).toMatchObject({code: 1});
    expect(result.message).toContain('specs/openapi.yaml is 2.1.0, specs/asyncapi.yaml is 2.0.0');
  });

  it('refuses a bump smaller than the changes need, listing the breaking changes; --allow-smaller-bump records the reason', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    setVersion(dir, '2.1.0');
    const refused = await release(pathsIn(dir));
    expect(refused.code).toBe(1);
    expect(refused.message).toContain(
      '2.0.0 to 2.1.0 is a minor bump, the changes need a major bump (at least 3.0.0)',
    );
    expect(refused.message).toMatch(
      /Breaking changes \(they need a major bump\):\n {2}- \[Breaking\] WebSocket message `[a-z_]+` on channel `orders`/,
    );
    expect(existsSync(path.join(dir, 'specs/releases/2.1.0'))).toBe(false);

    const allowed = await release(pathsIn(dir), {allowSmallerBump: 'the old address never went live'});
    expect(allowed.code).toBe(0);
    const recorded = listReleases(pathsIn(dir).releasesDir).find((r) => r.version === '2.1.0');
    expect(recorded?.notes[0]?.text).toBe(
      'Released as a minor version although the changes need a major version: the old address never went live',
    );
  });

  it('records exact copies under the new version; the history lists it newest first with its changes', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    setVersion(dir, '3.0.0');
    const result = await release(pathsIn(dir));
    expect(result.code).toBe(0);
    for (const file of ['openapi.yaml', 'asyncapi.yaml']) {
      expect(readFileSync(path.join(dir, 'specs/releases/3.0.0', file))).toEqual(
        readFileSync(path.join(dir, 'specs', file)),
      );
    }
    expect((await check(pathsIn(dir))).code).toBe(0);
    const entries = await history(pathsIn(dir).releasesDir, pathsIn(dir).working);
    // The product's own amendments of 2.0.0 (if any) sit between the two releases.
    const releases = entries.filter((e) => e.kind === 'release');
    expect(releases.map((e) => [e.kind, e.version, e.bump])).toEqual([
      ['release', '3.0.0', 'major'],
      ['release', '2.0.0', 'none'],
    ]);
    expect(entries[0]?.version).toBe('3.0.0');
    expect(releases[0]?.changes.map((c) => c.subject.key)).toContain('orders/new_order');
    expect(releases[1]?.initial).toBe(true);
  });

  it('--amend replaces the newest copies keeping the version; the history shows the amendment, its reason and changes', async () => {
    const dir = copyOfProduct();
    const amendments = path.join(dir, 'specs/releases/2.0.0/amendments');
    // The product may carry amendments of its own: this one is the next.
    const earlier = existsSync(amendments) ? readdirSync(amendments).length : 0;
    moveOrdersChannel(dir);
    const result = await release(pathsIn(dir), {amend: 'transcription error in the orders address'});
    expect(result.code).toBe(0);
    // Told as corrections of the documents: no "Breaking", no bump.
    expect(result.message).toContain('as a correction of the 2.0.0 documents (the API did not change)');
    expect(result.message).not.toContain('[Breaking]');
    expect(result.message).toMatch(
      /\[To check\] WebSocket message `new_order` on channel `orders`: The earlier text gave the channel the address `\/ws\/orders`; the corrected text gives it `\/ws\/v3\/orders`\./,
    );
    expect(readFileSync(path.join(dir, 'specs/releases/2.0.0/asyncapi.yaml'), 'utf8')).toContain(
      '/ws/v3/orders',
    );
    expect(readFileSync(path.join(amendments, String(earlier + 1), 'asyncapi.yaml'))).toEqual(
      readFileSync(path.join(ROOT, 'specs/asyncapi.yaml')),
    );
    expect((await check(pathsIn(dir))).code).toBe(0);
    const entries = await history(pathsIn(dir).releasesDir, pathsIn(dir).working);
    expect(entries.map((e) => [e.kind, e.version])).toEqual([
      ...Array.from({length: earlier + 1}, () => ['amendment', '2.0.0']),
      ['release', '2.0.0'],
    ]);
    expect(entries[0]?.reason).toBe('transcription error in the orders address');
    expect(entries[0]?.changes.some((c) => c.breaking && c.subject.key === 'orders/new_order')).toBe(true);
    // A correction of the documents is no release: it asks for no version bump.
    expect(entries[0]?.bump).toBe('none');
    // The release's notes survive the amendment.
    expect(entries[earlier + 1]?.notes.length).toBeGreaterThan(0);
  });

  it('the history shows working-copy changes as unreleased', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    const entries = await history(pathsIn(dir).releasesDir, pathsIn(dir).working);
    expect(entries[0]).toMatchObject({kind: 'unreleased', version: null, since: '2.0.0', bump: 'major'});
  });

  it('a refusal lists breaking changes under "Breaking changes" and additions apart', async () => {
    const dir = copyOfProduct();
    moveOrdersChannel(dir);
    // An addition: a new optional query parameter.
    edit(
      dir,
      'openapi',
      /(operationId: listOrders\n(?:.*\n)*? {6}parameters:\n)/,
      '$1        - {name: note, in: query, schema: {type: string}}\n',
    );
    setVersion(dir, '2.0.1');
    const refused = await check(pathsIn(dir));
    expect(refused.code).toBe(1);
    const [breaking, rest] = refused.message.split('Changes that need a minor bump (more than a patch one):');
    expect(breaking).toContain('Breaking changes (they need a major bump):');
    expect(breaking).toContain('on channel `orders`');
    expect(breaking).not.toContain('[Addition]');
    expect(rest).toContain('[Addition] REST `GET /api/orders`: New optional query parameter `note`');
  });

  it('a same-version check whose files differ only in form says no new version is needed', async () => {
    const dir = copyOfProduct();
    const target = path.join(dir, 'specs/openapi.yaml');
    writeFileSync(target, `# A comment.\n${readFileSync(target, 'utf8')}`);
    const result = await check(pathsIn(dir));
    expect(result.code).toBe(1);
    expect(result.message).not.toMatch(/none version/);
    expect(result.message).toContain('they need no new version');
    expect(result.message).toContain('npm run release -- --amend "<reason>"');
  });

  it('a deprecation whose sunset has already passed is told so in the command output', async () => {
    const dir = copyOfProduct();
    edit(dir, 'openapi', /(\n {4}PriceFrom:\n)/, "$1      deprecated: true\n      x-sunset: '2020-01-31'\n");
    setVersion(dir, '2.1.0');
    const result = await release(pathsIn(dir));
    expect(result.code).toBe(0);
    expect(result.message).toContain(
      'Query parameter `price_from` deprecated, sunset 2020-01-31, a date already passed: stop using it now',
    );
    expect(result.message).not.toContain('by then');
  });
});
