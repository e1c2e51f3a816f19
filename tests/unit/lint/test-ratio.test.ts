/**
 * The test-to-code ratio stays at or above 0.8 (issue 40): non-blank lines of the source files
 * (.ts, .tsx, .mts, .mjs, .js) under tests/, against those under plugins/, src/ and scripts/. It is
 * the measure the issues have used since it was first taken, so figures in old notes compare.
 *
 * Files are listed by git, tracked or new but not ignored, so that builds, caches and `node_modules`
 * in those folders never count. A file written and not yet added counts already.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const MIN_RATIO = 0.8;
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** Non-blank lines of a text: what the ratio counts. */
function nonBlankLines(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '').length;
}

/** Source files under the folders, as git lists them (tracked, or new and not ignored). */
function sourceFilesOf(dirs: readonly string[]): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...dirs],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return [...new Set(listed.split('\0'))].filter((file) => SOURCE.test(file));
}

function linesUnder(dirs: readonly string[]): number {
  return sourceFilesOf(dirs).reduce(
    (sum, file) => sum + nonBlankLines(readFileSync(path.join(ROOT, file), 'utf8')),
    0,
  );
}

describe(`test-to-code ratio at least ${MIN_RATIO}`, () => {
  it('counts non-blank lines only', () => {
    expect(nonBlankLines('a\n\n  \nb\n\t\n')).toBe(2);
    expect(nonBlankLines('')).toBe(0);
  });

  it('lists source files by git, builds and dependencies left out', () => {
    const files = sourceFilesOf(['plugins', 'src', 'scripts']);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => /(^|\/)(node_modules|\.docusaurus)\//.test(file))).toEqual([]);
    expect(files).toContain('scripts/test/tiers.ts');
  });

  it('tests/ against plugins/ + src/ + scripts/', () => {
    const tests = linesUnder(['tests']);
    const code = linesUnder(['plugins', 'src', 'scripts']);
    const ratio = (tests / code).toFixed(3);
    expect(tests / code, `${tests} lines of tests to ${code} lines of code: ${ratio}`).toBeGreaterThanOrEqual(
      MIN_RATIO,
    );
  });
});
