/**
 * The checker runs in the browser as the client build compiles it: Babel's preset-env in LOOSE
 * mode, where spreading a Set gives `[set]`, not its values (a redaction once missed every
 * credential in the browser that way). This compiles plugins/session-check/client/ and the
 * api-reference client module it imports exactly as the client build does, and checks the
 * compiled checker gives the same report as the source, credentials redacted, on every fixture.
 */
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import * as check from '@site/plugins/session-check/client/check';
import * as read from '@site/plugins/session-check/client/read';
import {fixture, FIXTURES, sessionChecker} from './helpers';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(__dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'session-check-transpile-'));

afterAll(() => rmSync(dir, {recursive: true, force: true}));

interface BabelCore {
  transformFileSync(file: string, options: Record<string, unknown>): {code?: string | null} | null;
}

/** Compiles one file as the client build does, into the same place under `dir`. */
function compile(relative: string): string {
  const babel = require('@babel/core') as BabelCore;
  const absolute = path.join(ROOT, relative);
  const result = babel.transformFileSync(absolute, {
    babelrc: false,
    configFile: false,
    presets: [require.resolve('@docusaurus/babel/preset')],
    caller: {name: 'client', supportsStaticESM: true},
    filename: absolute,
  });
  if (result?.code == null) throw new Error(`Babel produced nothing for ${relative}`);
  const out = path.join(dir, relative.replace(/\.ts$/, '.mjs'));
  mkdirSync(path.dirname(out), {recursive: true});
  writeFileSync(out, result.code.replace(/(from ['"]\.\.?\/[^'"]+)(['"])/g, '$1.mjs$2'));
  return out;
}

async function compiledChecker(): Promise<{check: typeof check; read: typeof read}> {
  compile('plugins/api-reference/client/json.ts');
  compile('plugins/api-reference/client/routes.ts');
  compile('plugins/api-reference/client/pathMatch.ts');
  for (const file of readdirSync(path.join(ROOT, 'plugins/session-check/client')))
    if (file.endsWith('.ts')) compile(`plugins/session-check/client/${file}`);
  const base = path.join(dir, 'plugins/session-check/client');
  return {
    check: (await import(pathToFileURL(path.join(base, 'check.mjs')).href)) as typeof check,
    read: (await import(pathToFileURL(path.join(base, 'read.mjs')).href)) as typeof read,
  };
}

describe('the session checker as the client build compiles it', () => {
  it('gives the source’s report on every readable fixture, credentials redacted', async () => {
    const compiled = await compiledChecker();
    const env = await sessionChecker();
    const files = readdirSync(FIXTURES).filter((f) => /\.(jsonl|har|zhar)$/.test(f));
    let checked = 0;
    for (const file of files) {
      let sourceReport: check.Report;
      try {
        sourceReport = check.checkCapture(await read.readCapture(fixture(file)), env);
      } catch {
        await expect(compiled.read.readCapture(fixture(file)), file).rejects.toThrow();
        continue;
      }
      const compiledReport = compiled.check.checkCapture(await compiled.read.readCapture(fixture(file)), env);
      expect(compiledReport, file).toEqual(sourceReport);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    const har = compiled.check.checkCapture(
      await compiled.read.readCapture(fixture('authorization.har')),
      env,
    );
    expect(JSON.stringify(har)).not.toContain('c2VjcmV0LXNpZ25hdHVyZS1kby1ub3Qtc2hvdw');
  });
});
