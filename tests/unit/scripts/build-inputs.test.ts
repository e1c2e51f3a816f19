/**
 * The production build's inputs key (scripts/build/inputs.ts): the build tests trust build/ only
 * when the key recorded by `npm run build` equals the tree's. So the key must move with every input
 * the build reads (sources, documents, configuration, lockfile, the environment variables the build
 * reads, a document named from outside the tree, `docusaurus build` arguments) and must not move
 * with anything else (tests, READMEs, the order files were written in).
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeEach, describe, expect, it} from 'vitest';
import {
  buildInputsKey,
  recordBuildInputs,
  recordedBuildInputs,
  recordFile,
} from '../../../scripts/build/inputs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'build-inputs-test-'));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

let count = 0;
let root = '';

/** Writes `text` at `file` under the current tree, folders made as needed. */
function write(file: string, text: string, under = root): void {
  mkdirSync(path.dirname(path.join(under, file)), {recursive: true});
  writeFileSync(path.join(under, file), text);
}

/** A small tree shaped like the project: one file in each kind of input, and files that are not inputs. */
function tree(): string {
  const dir = path.join(tmp, `tree-${++count}`);
  const files: Record<string, string> = {
    'docs/intro.mdx': '# Intro\n',
    'src/pages/index.tsx': 'export default 1;\n',
    'plugins/p/index.ts': 'export {};\n',
    'specs/openapi.yaml': 'openapi: 3.1.0\n',
    'scripts/build/build.ts': '// build\n',
    'docusaurus.config.ts': 'export default {};\n',
    'package-lock.json': '{"lockfileVersion": 3}\n',
    'tests/unit/a.test.ts': '// a test\n',
    'README.md': '# Read me\n',
    'scripts/bench/index.ts': '// bench\n',
  };
  for (const [file, text] of Object.entries(files)) write(file, text, dir);
  return dir;
}

const NO_ENV: NodeJS.ProcessEnv = {};

beforeEach(() => {
  root = tree();
});

describe('buildInputsKey', () => {
  it('is the same for the same tree, environment and arguments, and is a sha256', () => {
    const key = buildInputsKey(root, NO_ENV);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(buildInputsKey(root, NO_ENV)).toBe(key);
    expect(buildInputsKey(tree(), NO_ENV)).toBe(key);
  });

  it.each([
    ['a guide', 'docs/intro.mdx'],
    ['a page', 'src/pages/index.tsx'],
    ['a plugin', 'plugins/p/index.ts'],
    ['a document', 'specs/openapi.yaml'],
    ['the build script', 'scripts/build/build.ts'],
    ['the configuration', 'docusaurus.config.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('moves when %s changes', (_, file) => {
    const before = buildInputsKey(root, NO_ENV);
    write(file, 'changed\n');
    expect(buildInputsKey(root, NO_ENV)).not.toBe(before);
  });

  it('moves when an input file is added, and when one is only renamed', () => {
    const before = buildInputsKey(root, NO_ENV);
    write('static/robots.txt', 'User-agent: *\n');
    const added = buildInputsKey(root, NO_ENV);
    expect(added).not.toBe(before);
    rmSync(path.join(root, 'static/robots.txt'));
    write('static/robots2.txt', 'User-agent: *\n');
    expect(buildInputsKey(root, NO_ENV)).not.toBe(added);
  });

  it('stays when tests, READMEs or the benchmarks change', () => {
    const before = buildInputsKey(root, NO_ENV);
    write('tests/unit/a.test.ts', '// another test\n');
    write('tests/unit/b.test.ts', '// a new test\n');
    write('README.md', '# Read me again\n');
    write('scripts/bench/index.ts', '// faster bench\n');
    expect(buildInputsKey(root, NO_ENV)).toBe(before);
  });

  it('moves with each environment variable the build reads, and no other', () => {
    const before = buildInputsKey(root, NO_ENV);
    for (const name of ['SITE_URL', 'ANNOUNCEMENT', 'ANNOUNCEMENT_ID', 'STRICT_DOCUMENTS']) {
      expect(buildInputsKey(root, {[name]: '1'}), name).not.toBe(before);
    }
    expect(buildInputsKey(root, {HOME: '/elsewhere', CI: 'true'})).toBe(before);
  });

  it('tells an unset variable from one set to another value', () => {
    expect(buildInputsKey(root, {SITE_URL: 'https://docs.example.com'})).not.toBe(
      buildInputsKey(root, {SITE_URL: 'https://docs.example.org'}),
    );
  });

  it('reads a document named from outside the tree, so editing it moves the key', () => {
    const outside = path.join(tmp, `outside-${count}.yaml`);
    writeFileSync(outside, 'openapi: 3.1.0\ninfo: {title: A}\n');
    const env = {OPENAPI_FILE: outside};
    const before = buildInputsKey(root, env);
    writeFileSync(outside, 'openapi: 3.1.0\ninfo: {title: B}\n');
    expect(buildInputsKey(root, env)).not.toBe(before);
  });

  it('resolves a relative OPENAPI_FILE or ASYNCAPI_FILE against the tree', () => {
    write('fixtures/asyncapi.yaml', 'asyncapi: 3.0.0\n');
    const env = {ASYNCAPI_FILE: 'fixtures/asyncapi.yaml'};
    const before = buildInputsKey(root, env);
    write('fixtures/asyncapi.yaml', 'asyncapi: 3.0.0\ninfo: {}\n');
    expect(buildInputsKey(root, env)).not.toBe(before);
  });

  it('takes a missing document as its name only, without failing', () => {
    const env = {OPENAPI_FILE: 'nowhere.yaml'};
    expect(buildInputsKey(root, env)).toMatch(/^[0-9a-f]{64}$/);
    expect(buildInputsKey(root, env)).not.toBe(buildInputsKey(root, NO_ENV));
  });

  it('moves with the build arguments', () => {
    const plain = buildInputsKey(root, NO_ENV, []);
    expect(buildInputsKey(root, NO_ENV, ['--locale', 'en'])).not.toBe(plain);
    expect(buildInputsKey(root, NO_ENV, ['--locale', 'en'])).not.toBe(
      buildInputsKey(root, NO_ENV, ['--locale', 'fr']),
    );
  });

  it('does not mistake a file name for file content at a boundary', () => {
    // Two trees whose names and contents, run together, would read the same.
    write('docs/ab', 'c');
    const one = buildInputsKey(root, NO_ENV);
    rmSync(path.join(root, 'docs/ab'));
    write('docs/a', 'bc');
    expect(buildInputsKey(root, NO_ENV)).not.toBe(one);
  });
});

describe('the recorded key', () => {
  it('is absent before the first build', () => {
    expect(recordedBuildInputs(root)).toBeUndefined();
  });

  it('reads back what the build recorded, outside build/ so it is never published', () => {
    const key = buildInputsKey(root, NO_ENV);
    recordBuildInputs(root, key);
    expect(recordedBuildInputs(root)).toBe(key);
    expect(path.relative(root, recordFile(root)).split(path.sep)).not.toContain('build');
    expect(recordFile(root).startsWith(path.join(root, 'node_modules'))).toBe(true);
  });

  it('keeps only the newest key', () => {
    recordBuildInputs(root, 'a'.repeat(64));
    recordBuildInputs(root, 'b'.repeat(64));
    expect(recordedBuildInputs(root)).toBe('b'.repeat(64));
  });
});
