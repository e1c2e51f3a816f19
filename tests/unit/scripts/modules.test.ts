/**
 * Every module under scripts/ is TypeScript that `tsc` checks, and importing one runs nothing: a
 * script does its work only when Node is started on it (scripts/shared/main.ts). This imports each
 * of them, as a test or another script would, and fails if one prints, exits or starts a process.
 */
import childProcess from 'node:child_process';
import {syncBuiltinESMExports} from 'node:module';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {ROOT} from '../../helpers/scripts';

const SCRIPTS = path.join(ROOT, 'scripts');

function modules(): string[] {
  return readdirSync(SCRIPTS, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(SCRIPTS, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => /\.(m?js|ts)$/.test(file))
    .sort();
}

describe('scripts/', () => {
  it('holds TypeScript only: no .mjs or .js script escapes the type checker', () => {
    expect(modules().filter((file) => !file.endsWith('.ts'))).toEqual([]);
    expect(modules().length).toBeGreaterThan(15);
  });

  it('reaches TypeScript only through import statements, never a path in a string', () => {
    for (const file of modules()) {
      const text = readFileSync(path.join(SCRIPTS, file), 'utf8');
      expect(text, file).not.toMatch(/createJiti|jiti\.import\(|import\(\s*['"`][^'"`]*\.ts['"`]/);
    }
  });
});

describe('importing a script runs nothing', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    syncBuiltinESMExports();
  });

  for (const file of modules()) {
    it(file, async () => {
      const printed = [
        vi.spyOn(console, 'log'),
        vi.spyOn(console, 'error'),
        vi.spyOn(process.stdout, 'write'),
      ];
      const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
        throw new Error(`process.exit(${String(code)}) on import`);
      });
      const spawned = [
        vi.spyOn(childProcess, 'spawn'),
        vi.spyOn(childProcess, 'spawnSync'),
        vi.spyOn(childProcess, 'execFileSync'),
        vi.spyOn(childProcess, 'execFile'),
        vi.spyOn(childProcess, 'exec'),
      ];
      // The scripts import these by name (`import {spawn} from 'node:child_process'`): the named
      // bindings follow the spies only once synchronised.
      syncBuiltinESMExports();
      const named = await import('node:child_process');
      expect(vi.isMockFunction(named.spawn), 'a named import sees the spy').toBe(true);
      const module = (await import(pathToFileURL(path.join(SCRIPTS, file)).href)) as Record<string, unknown>;
      expect(
        Object.keys(module).length,
        `${file} exports nothing a test or script could use`,
      ).toBeGreaterThan(0);
      expect(exit).not.toHaveBeenCalled();
      for (const spy of [...printed, ...spawned]) expect(spy, file).not.toHaveBeenCalled();
    });
  }
});
