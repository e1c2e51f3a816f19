/**
 * The READMEs stay true to the tree: every npm script a README names (`npm run X`, `npm test`,
 * `npm start`) is in package.json, and every path it names in this repository exists. A path is
 * a word with a slash whose first part is an entry of the repository's root or of the README's
 * own folder (`scripts/mock/ws.ts`, `changes/rules.ts` in plugins/releases/README.md); routes
 * (`/rest`), package names (`@docusaurus/core`), URLs and folders git ignores (build/, .tmp/) are
 * not paths of the tree, nor are paths of another repository (a link to it, then its paths in code:
 * `[asyncapi/spec](https://…) \`examples/x.yml\``). Reads every README.md and MAINTAINING.md there is.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../../helpers/scripts';

/** Folders that are not the project's prose, and folders made by builds and tests (git ignores them). */
const SKIPPED = new Set([
  'node_modules',
  '.git',
  'build',
  '.docusaurus',
  '.tmp',
  'test-results',
  'playwright-report',
  '.build-staging',
  '.build-previous',
]);
/** npm's own commands, which need no script. */
const NPM_BUILT_INS = new Set([
  'ci',
  'install',
  'test',
  'start',
  'run',
  'exec',
  'ls',
  'view',
  'outdated',
  'audit',
  'pack',
  'publish',
]);

function proseFiles(dir = ROOT): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return proseFiles(full);
    return entry.name === 'README.md' || entry.name === 'MAINTAINING.md' ? [full] : [];
  });
}

const scripts = Object.keys(
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {scripts: Record<string, string>})
    .scripts,
);

/** The npm scripts a text names: `npm run X`, `npm run -s X`, and `npm test` / `npm start`. */
export function npmScriptsNamed(text: string): string[] {
  const named = [...text.matchAll(/\bnpm run(?: -s| --silent)? ([\w:.-]*[\w])/g)].map((m) => m[1] ?? '');
  const shorthand = [...text.matchAll(/\bnpm (test|start)\b/g)].map((m) => m[1] ?? '');
  return [...new Set([...named, ...shorthand])];
}

/** A link to another site and the code spans right after it: that repository's paths, not ours. */
const ELSEWHERE = /\[[^\]]*\]\(https?:[^)]*\)(?:[\s,]*(?:and\s+)?`[^`]*`)*/g;

/** Path-like words: a name, a slash, more; not preceded by a character that makes it a route, URL or package. */
export function pathsNamed(markdown: string): string[] {
  const text = markdown.replace(ELSEWHERE, '');
  const words = [...text.matchAll(/(?<![\w@/.:~-])((?:\.\.?\/)*[A-Za-z_.][\w.-]*(?:\/[\w.-]+)+\/?)/g)];
  return [...new Set(words.map((m) => (m[1] ?? '').replace(/[.]+$/, '')))];
}

/** Where `word` points when its first part is an entry of `base`; null when it is not a path of the tree. */
function resolveIn(base: string, word: string): string | null {
  const first = word.replace(/^(\.\.?\/)+/, '').split('/')[0] ?? '';
  if (SKIPPED.has(first)) return null;
  const start = path.resolve(base, word.match(/^(\.\.?\/)*/)?.[0] ?? '');
  return existsSync(path.join(start, first)) ? path.resolve(base, word) : null;
}

const files = proseFiles();

describe('README prose', () => {
  it('finds the READMEs', () => {
    expect(files).toContain(path.join(ROOT, 'README.md'));
    expect(files.length).toBeGreaterThan(3);
  });

  it('finds what a sentence names (the rules this test reads by)', () => {
    expect(npmScriptsNamed('run `npm run -s bench:diff -- --runs 3`, then npm test')).toEqual([
      'bench:diff',
      'test',
    ]);
    expect(pathsNamed('see scripts/mock/ws.ts, /rest, @theme/DocItem and https://x.org/a/b.')).toEqual([
      'scripts/mock/ws.ts',
    ]);
  });

  for (const file of files) {
    const name = path.relative(ROOT, file);
    const text = readFileSync(file, 'utf8');

    it(`${name}: every npm script it names is in package.json`, () => {
      const missing = npmScriptsNamed(text).filter(
        (script) => !scripts.includes(script) && !NPM_BUILT_INS.has(script),
      );
      expect(missing).toEqual([]);
    });

    it(`${name}: every path it names exists`, () => {
      const missing = pathsNamed(text).filter((word) => {
        const candidates = [resolveIn(path.dirname(file), word), resolveIn(ROOT, word)].filter(
          (p): p is string => p !== null,
        );
        if (candidates.length === 0) return false; // not a path of this tree (a media type, a host, …)
        return !candidates.some(
          (candidate) => existsSync(candidate) && (!word.endsWith('/') || statSync(candidate).isDirectory()),
        );
      });
      expect(missing).toEqual([]);
    });
  }
});
