/**
 * The checker runs in the browser as the client build compiles it (SWC, down to the browsers
 * package.json names). Compiled code can differ from its source: under Babel's loose preset-env,
 * used before, spreading a Set gave `[set]`, not its values (a redaction once missed every
 * credential in the browser that way). This compiles plugins/session-check/client/ and the
 * api-reference client modules it imports exactly as the client build does
 * (tests/helpers/clientTranspile.ts), and checks the
 * compiled checker gives the same report as the source, credentials redacted, on every fixture.
 */
import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import * as check from '@site/plugins/session-check/client/check';
import * as read from '@site/plugins/session-check/client/read';
import {ClientCompiler} from '../../helpers/clientTranspile';
import {fixture, FIXTURES, sessionChecker} from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'session-check-transpile-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** check.ts and read.ts, and the client modules they import, as the client build compiles them. */
async function compiledChecker(): Promise<{check: typeof check; read: typeof read}> {
  const client = new ClientCompiler(dir);
  return {
    check: await client.import<typeof check>('plugins/session-check/client/check.ts'),
    read: await client.import<typeof read>('plugins/session-check/client/read.ts'),
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
