/**
 * compare-builds (scripts/tools/compare-builds.ts) part by part, in this process:
 * tests/unit/tools/compare-builds.test.ts runs the whole command on two small folders, and this
 * file checks what its verdict rests on. What is set aside (asset hashes, chunk references, CSP
 * hashes, CSS-module suffixes) must be all that is set aside; a page, a JSON file or a text must
 * have each change found where it is; the report must group, cap and word the changes as a
 * reviewer reads them; and the exit code must be 1 for any difference, a file on one side only or
 * a build that failed on one side only, and 0 otherwise, as the command's header says.
 */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {
  compareFolders,
  compareHtml,
  compareJson,
  compareLines,
  groupChanges,
  hunks,
  htmlTokens,
  inlineChange,
  normaliseClassToken,
  normaliseCss,
  normalisePath,
  normaliseRefs,
  parseOptions,
  renderChange,
  renderPair,
  report,
  resolvePairs,
  setAsideUnstable,
} from '../../../scripts/tools/compare-builds';

type Change = Parameters<typeof renderChange>[0];
type DifferingFile = Parameters<typeof groupChanges>[0][number];
type PairResult = Parameters<typeof renderPair>[0];
type Comparison = ReturnType<typeof compareFolders>;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'compare-builds-parts-'));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

/** A folder under the temporary one holding `files` (relative path → contents). */
function folder(name: string, files: Record<string, string | Buffer>): string {
  const dir = path.join(tmp, name);
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), contents);
  }
  return dir;
}

const change = (where: string, removed: string[], added: string[], context = ''): Change => ({
  where,
  context,
  removed,
  added,
});

describe('what is set aside: what changes with any change of code', () => {
  it('names a hashed style sheet or bundle by its name alone, and nothing else', () => {
    expect(normalisePath('assets/css/styles.2bfb8a46.css')).toBe('assets/css/styles.#.css');
    expect(normalisePath('assets/js/main.0123abcd.js')).toBe('assets/js/main.#.js');
    expect(normalisePath('assets/js/main.0123abcd.js.LICENSE.txt')).toBe('assets/js/main.#.js.LICENSE.txt');
    for (const kept of [
      'img/logo.2bfb8a46.svg',
      'styles.2bfb8a4.css',
      'data.2bfb8a46.json',
      'a.2bfb8a46.css.map',
    ])
      expect(normalisePath(kept)).toBe(kept);
  });

  it('replaces references to bundles, hashed style sheets and CSP hashes, but not other paths', () => {
    expect(
      normaliseRefs(
        `<script src="/docs/assets/js/runtime~main.0123abcd.js"></script><link href="/assets/css/styles.89abcdef.css">`,
      ),
    ).toBe(`<script src="/docs/assets/js/#.js"></script><link href="/assets/css/styles.#.css">`);
    expect(normaliseRefs(`script-src 'self' 'sha256-ab+/c=' 'sha384-XY' 'sha512-Z9'; 'nonce-abc'`)).toBe(
      `script-src 'self' 'sha256-#' 'sha384-#' 'sha512-#'; 'nonce-abc'`,
    );
    const kept = '<script src="/js/app.js"></script><link href="/assets/css/print.css"> sha256-abc';
    expect(normaliseRefs(kept)).toBe(kept);
  });

  it("takes a CSS-module class's four-character suffix for a hash, and leaves other classes alone", () => {
    expect(normaliseClassToken('badge_x1Yz')).toBe('badge_#');
    expect(normaliseClassToken('field-name_Q_9-')).toBe('field-name_#');
    for (const kept of ['badge', 'col--6', 'menu__link', 'badge_x1Y', 'badge_x1Yz5', 'x_abcd'])
      expect(normaliseClassToken(kept)).toBe(kept);
  });

  it('sets the suffix aside in style sheet selectors too, whatever follows the class', () => {
    expect(normaliseCss('.field_AbCd{padding:0}.field_AbCd:hover>.name_x_9Q,.row_ab12 a{}')).toBe(
      '.field_#{padding:0}.field_#:hover>.name_#,.row_# a{}',
    );
    expect(normaliseCss('.field_AbCde{margin:.5rem}')).toBe('.field_AbCde{margin:.5rem}');
  });
});

describe('a page as tags and text', () => {
  it('reads attributes as a sorted, decoded set and classes as sorted, normalised words', () => {
    const {tokens} = htmlTokens('<a title="a &amp; b" href="/x" class="title_x1Yz active">Go</a>');
    expect(tokens).toEqual(['<a class="active title_#" href="/x" title="a & b">', '"Go"', '</a>']);
  });

  it('collapses white space outside <pre> and inline <script>, and keeps it inside', () => {
    const {tokens} = htmlTokens('<p>a \n  b</p><pre>a\n  b</pre><script>let  x;</script>');
    expect(tokens).toEqual([
      '<p>',
      '"a b"',
      '</p>',
      '<pre>',
      '"a\\n  b"',
      '</pre>',
      '<script>',
      '"let  x;"',
      '</script>',
    ]);
  });

  it('counts bundle references (script src, preloads) without comparing them, and keeps style sheets', () => {
    const page =
      '<script src="/assets/js/main.0123abcd.js"></script><link rel="modulepreload" href="/a.js">' +
      '<link rel="prefetch" href="/b.js"><link rel="stylesheet" href="/s.css"><p>Hi</p>';
    const {tokens, jsChunks} = htmlTokens(page);
    expect(jsChunks).toBe(3);
    expect(tokens).toEqual(['<link href="/s.css" rel="stylesheet">', '</link>', '<p>', '"Hi"', '</p>']);
  });

  it('gives each token the nearest id before it', () => {
    const {tokens, anchors} = htmlTokens('<p>intro</p><h2 id="orders">Orders</h2><p>text</p>');
    expect(tokens.map((token, i) => `${anchors[i]}:${token}`)).toEqual([
      ':<p>',
      ':"intro"',
      ':</p>',
      'orders:<h2 id="orders">',
      'orders:"Orders"',
      'orders:</h2>',
      'orders:<p>',
      'orders:"text"',
      'orders:</p>',
    ]);
  });
});

describe('compareHtml: each change with its place', () => {
  const page = (hash: string, module: string, body: string): string =>
    `<html><head><meta http-equiv="Content-Security-Policy" content="script-src 'sha256-${hash}'">` +
    `<link rel="stylesheet" href="/assets/css/styles.${hash.slice(0, 8)}.css">` +
    `<script src="/assets/js/main.${hash.slice(0, 8)}.js"></script></head>` +
    `<body><div class="badge_${module}">${body}</div></body></html>`;

  it('finds nothing where only hashes changed', () => {
    expect(compareHtml(page('0123abcd', 'x1Yz', '<p>Hi</p>'), page('fedc4321', 'Q_9-', '<p>Hi</p>'))).toEqual(
      {
        changes: [],
        notes: [],
      },
    );
  });

  it('places a changed text at the nearest id, after the text before it, and a removal at its end', () => {
    const before = '<h2 id="a">A</h2><p>one</p><h2 id="b">B</h2><p>two</p><p>end</p>';
    const after = '<h2 id="a">A</h2><p>one</p><h2 id="b">B</h2><p>three</p>';
    expect(compareHtml(before, after).changes).toEqual([
      change('b', ['"two"'], ['"three"'], '"B"'),
      change('b', ['<p>', '"end"', '</p>'], [], '"two"'),
    ]);
  });

  it('notes a different number of bundle references, which it does not compare', () => {
    const scripts = (n: number): string => '<script src="/x.js"></script>'.repeat(n);
    expect(compareHtml(`${scripts(2)}<p>a</p>`, `${scripts(3)}<p>a</p>`)).toEqual({
      changes: [],
      notes: ['JS chunk references: 2 before, 3 after (not compared)'],
    });
  });
});

describe('hunks and inline changes', () => {
  it('aligns two token lists and gives each run of edits with where it starts on each side', () => {
    expect(hunks(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e'])).toEqual({
      aligned: true,
      hunks: [
        {aAt: 1, bAt: 1, removed: ['b'], added: ['x']},
        {aAt: 4, bAt: 4, removed: [], added: ['e']},
      ],
    });
    expect(hunks(['a'], ['a'])).toEqual({aligned: true, hunks: []});
  });

  it('shows the changed words, cutting what stays around them short', () => {
    expect(inlineChange('List all pets', 'List all the pets')).toBe('List all {+the +}pets');
    const text = (verb: string): string =>
      `${verb} the pets and their owners, sorted by the name they were given when they first came to the shop.`;
    expect(inlineChange(text('Returns'), text('Gives'))).toBe(
      '[-Returns-]{+Gives+} the pets and their owners, sorted by th…',
    );
  });

  it('shows a change of white space alone, and line breaks as \\n', () => {
    expect(inlineChange('a  b', 'a   b')).toBe('a[-  -]{+   +}b');
    expect(inlineChange('a\nb', 'a\nc')).toBe('a\\n[-b-]{+c+}');
  });

  it('gives the whole of each side when the words differ too much to align, within 1000 characters', () => {
    const words = (stem: string): string => Array.from({length: 150}, (_, i) => `${stem}${i}`).join(' ');
    const shown = inlineChange(words('w'), words('v'));
    expect(shown.startsWith('[-w0 w1 w2')).toBe(true);
    expect(shown).toContain('-]{+v0 v1 v2');
    expect(shown.length).toBeLessThanOrEqual(1000);
  });
});

describe('compareJson and compareLines', () => {
  it('names each changed value by its JSON path, quoting keys that are not identifiers', () => {
    const out: Change[] = [];
    compareJson({a: {b: 1, 'x-y': [1, 2]}, c: 'x'}, {a: {b: 2, 'x-y': [1, 3]}, c: 5}, '$', out);
    expect(out).toEqual([
      change('$.a.b', ['1'], ['2']),
      change('$.a["x-y"][1]', ['2'], ['3']),
      change('$.c', ['"x"'], ['5']),
    ]);
  });

  it('gives a key on one side only, and an item inserted into an array, where it is', () => {
    const out: Change[] = [];
    compareJson({old: true, list: ['a', 'b']}, {list: ['a', 'new', 'b'], added: {n: 1}}, '$', out);
    expect(out).toEqual([
      change('$.old', ['true'], []),
      change('$.list[1]', [], ['[1] "new"']),
      change('$.added', [], ['{"n":1}']),
    ]);
  });

  it('stops at 200 changes in a file', () => {
    const out: Change[] = [];
    const numbers = (offset: number): number[] => Array.from({length: 300}, (_, i) => i + offset);
    compareJson(numbers(0), numbers(1000), '$', out);
    expect(out).toHaveLength(200);
  });

  it('numbers lines from 1, with the line before for context and a label of its own', () => {
    expect(compareLines('a\nb\nc', 'a\nc\nd')).toEqual([
      change('line 2', ['b'], [], 'a'),
      change('line 4', [], ['d'], 'c'),
    ]);
    expect(compareLines('x{}', 'y{}', 'rule')).toEqual([change('rule 1', ['x{}'], ['y{}'])]);
  });
});

describe('compareFolders: files matched by their names without hashes', () => {
  const before = folder('fold-a', {
    'index.html': '<p id="p">Hi</p>',
    'assets/css/styles.aaaaaaaa.css': '.title_AbCd{color:red}',
    'assets/js/main.11111111.js': 'one()',
    'img/logo.png': Buffer.from([1, 2, 3]),
    'broken.json': '{"a": 1',
    'llms.txt': 'same\n',
    'gone.txt': 'x',
  });
  const after = folder('fold-b', {
    'index.html': '<p id="p">Hi</p>',
    'assets/css/styles.bbbbbbbb.css': '.title_XyZw{color:red}',
    'assets/js/main.22222222.js': 'two(); three()',
    'img/logo.png': Buffer.from([1, 2, 3, 4]),
    'broken.json': '{"a": 2',
    'llms.txt': 'same\n',
    'new/page.html': '<p>New</p>',
  });
  const c = compareFolders(before, after);

  it('pairs hashed names, lists the files on one side only, and counts identical files', () => {
    expect(c.onlyBefore).toEqual(['gone.txt']);
    expect(c.onlyAfter).toEqual(['new/page.html']);
    expect(c.compared).toBe(5);
    expect(c.identical).toBe(3); // the page, the style sheet (suffixes aside) and llms.txt
    expect(c.differing.map((f) => [f.name, f.kind])).toEqual([
      ['broken.json', 'json'],
      ['img/logo.png', 'binary'],
    ]);
  });

  it('compares what is not JSON line by line, with a note, and a binary file by its size', () => {
    const [json, png] = c.differing;
    expect(json?.changes).toEqual([change('line 1', ['{"a": 1'], ['{"a": 2'])]);
    expect(json?.notes).toHaveLength(1);
    expect(json?.notes[0]).toMatch(/^not JSON \(.+\); compared line by line$/);
    expect(png?.changes).toEqual([change('bytes', ['3 bytes'], ['4 bytes'])]);
  });

  it('says only whether the JS bundles differ, by count and bytes', () => {
    expect(c.js).toBe('1 files 5 B → 1 files 14 B');
    expect(compareFolders(before, before).js).toBeNull();
  });
});

describe('the report', () => {
  it('shows one changed string inline, and a longer run as lines, capped at eight a side', () => {
    expect(renderChange(change('$.a', ['one'], ['two'], 'some context'))).toEqual([
      '      at $.a, after some context',
      '      ~ [-one-]{+two+}',
    ]);
    const many = Array.from({length: 10}, (_, i) => `r${i}`);
    const lines = renderChange(change('', many, ['x']), '  ');
    expect(lines).toEqual([...many.slice(0, 8).map((r) => `  - ${r}`), '  - … 2 more', '  + x']);
  });

  it('lists a change shared by several files once, the most shared first', () => {
    const year = change('footer', ['"2025"'], ['"2026"']);
    const files: DifferingFile[] = [
      {name: 'a.html', kind: 'html', changes: [change('x', ['"a"'], ['"b"']), year], notes: []},
      {name: 'b.html', kind: 'html', changes: [year], notes: []},
      {name: 'c.txt', kind: 'text', changes: [year], notes: []},
    ];
    expect(groupChanges(files).map((g) => [g.kind, g.files])).toEqual([
      ['html', ['a.html', 'b.html']],
      ['html', ['a.html']],
      ['text', ['c.txt']],
    ]);
  });

  it('sets aside, with --twice, the changes two builds of one revision have at the same place', () => {
    const comparison: Comparison = {
      compared: 3,
      identical: 1,
      onlyBefore: [],
      onlyAfter: [],
      js: null,
      differing: [
        {
          name: 'feed.xml',
          kind: 'text',
          changes: [change('line 3', ['<updated>1'], ['<updated>2'])],
          notes: [],
        },
        {
          name: 'rest.html',
          kind: 'html',
          changes: [change('pets', ['"a"'], ['"b"']), change('ex', ['1'], ['2'])],
          notes: [],
        },
      ],
    };
    const noise: Comparison = {
      ...comparison,
      differing: [
        {
          name: 'feed.xml',
          kind: 'text',
          changes: [change('line 3', ['<updated>1'], ['<updated>9'])],
          notes: [],
        },
        {name: 'rest.html', kind: 'html', changes: [change('ex', ['1'], ['7'])], notes: []},
      ],
    };
    setAsideUnstable(comparison, noise);
    expect(comparison.identical).toBe(2);
    expect(comparison.unstable).toEqual(['feed.xml (1)', 'rest.html (1)']);
    expect(comparison.differing).toEqual([
      {name: 'rest.html', kind: 'html', changes: [change('pets', ['"a"'], ['"b"'])], notes: []},
    ]);
  });

  const pair = {name: 'specs', openapi: null, asyncapi: null};
  const failedBuild = {
    ok: false,
    status: 1,
    seconds: 42,
    tail: 'webpack compiled\n[build] [ERROR] no such schema\nnpm error code 1',
  };

  it('says which side failed, with the error lines of its log, and that a failure on both sides is no change', () => {
    const oneSide: PairResult = {
      pair,
      revisions: ['v1', 'v2'],
      builds: {v1: {ok: true, seconds: 61}, v2: failedBuild},
    };
    expect(renderPair(oneSide, false)).toEqual([
      '== specs  (v1 61 s, v2 42 s FAILED)',
      '   BUILT ON ONE SIDE ONLY: v2 failed, v1 built',
      '   v2 (exit 1): [build] [ERROR] no such schema | npm error code 1',
    ]);
    const both: PairResult = {pair, revisions: ['v1', 'v2'], builds: {v1: failedBuild, v2: failedBuild}};
    expect(renderPair(both, true)).toContain(
      '   both builds failed (the document is refused on both sides; not a change)',
    );
    // The full report adds the end of each failed build's log.
    expect(renderPair(both, true).join('\n')).toContain('      | webpack compiled\n      | [build] [ERROR]');
  });

  it('caps the short form at six changes and four files each, and the full form lists them all', () => {
    const differing: DifferingFile[] = Array.from({length: 7}, (_, i) => ({
      name: `p${i}.html`,
      kind: 'html',
      changes: [
        change('f', ['"old"'], ['"new"']),
        ...(i === 0 ? [1, 2, 3, 4, 5, 6].map((n) => change('x', [`${n}`], [])) : []),
      ],
      notes: i === 0 ? ['JS chunk references: 2 before, 3 after (not compared)'] : [],
    }));
    const result: PairResult = {
      pair,
      revisions: ['v1', 'v2'],
      builds: {v1: {ok: true, seconds: 1}, v2: {ok: true, seconds: 2}},
      comparison: {
        compared: 9,
        identical: 2,
        onlyBefore: ['a.txt'],
        onlyAfter: [],
        differing,
        js: '1 files 5 B → 1 files 6 B',
      },
    };
    const short = renderPair(result, false);
    expect(short).toContain(
      '   9 files compared: 2 identical, 7 differ; JS bundles differ (1 files 5 B → 1 files 6 B; not compared)',
    );
    expect(short).toContain('   only before: a.txt');
    expect(short).toContain('   * [html] p0.html, p1.html, p2.html, p3.html … (7 files)');
    expect(short).toContain('   … 1 more distinct changes in the full report');
    expect(short).toContain('   note p0.html: JS chunk references: 2 before, 3 after (not compared)');
    const full = renderPair(result, true);
    expect(full).toContain('   OPENAPI_FILE=(specs)  ASYNCAPI_FILE=(specs)');
    expect(full).toContain('   * [html] p0.html, p1.html, p2.html, p3.html, p4.html, p5.html, p6.html');
    expect(full.filter((line) => line.startsWith('   * '))).toHaveLength(7);
  });
});

describe('report: the exit code', () => {
  const same = {'index.html': '<p id="p">Hi</p>', 'feed.xml': '<updated>1</updated>\n'};
  const a = folder('exit-a', same);
  const b = folder('exit-b', same);
  const c = folder('exit-c', {...same, 'feed.xml': '<updated>2</updated>\n'});
  const d = folder('exit-d', {...same, 'feed.xml': '<updated>3</updated>\n'});
  const built = (dir: string) => ({ok: true, seconds: 1, dir});
  const pair = {name: 'specs', openapi: null, asyncapi: null};
  const run = (builds: PairResult['builds']): {code: 0 | 1; full: string} => {
    const file = path.join(tmp, 'report.txt');
    const code = report([{pair, revisions: ['v1', 'v2'], builds}], ['compare-builds v1 vs v2'], file);
    return {code, full: readFileSync(file, 'utf8')};
  };

  it('is 0 when the builds are the same, and writes the full report to the file', () => {
    const {code, full} = run({v1: built(a), v2: built(b)});
    expect(code).toBe(0);
    expect(full).toContain('compare-builds v1 vs v2\n\n== specs');
    expect(full).toContain('2 files compared: 2 identical, 0 differ; JS bundles identical');
  });

  it('is 1 when a file differs or is on one side only', () => {
    expect(run({v1: built(a), v2: built(c)}).code).toBe(1);
    expect(run({v1: built(a), v2: built(folder('exit-e', {...same, 'new.txt': 'x'}))}).code).toBe(1);
  });

  it('is 1 when one side only failed to build, 0 when both did', () => {
    const failed = {ok: false, seconds: 1, status: 1, tail: '[build] Error'};
    expect(run({v1: built(a), v2: failed}).code).toBe(1);
    expect(run({v1: failed, v2: failed}).code).toBe(0);
  });

  it('is 0 with --twice when what differs also differs between two builds of the first revision', () => {
    const {code, full} = run({v1: built(c), 'v1-again': built(d), v2: built(a)});
    expect(code).toBe(0);
    expect(full).toContain('set aside, as they differ between two builds of v1 too: feed.xml (1)');
  });
});

describe('the command line', () => {
  it('reads revisions, pairs and options, with paths made absolute', () => {
    expect(
      parseOptions(['v1', 'v2', 'specs', 'a.yaml,', '--only', 'x,,y', '--twice', '--report', 'r.txt']),
    ).toEqual({
      revisions: ['v1', 'v2'],
      pairs: ['specs', 'a.yaml,'],
      corpus: null,
      only: ['x', 'y'],
      report: path.resolve('r.txt'),
      keep: null,
      work: null,
      folders: null,
      twice: true,
    });
    expect(parseOptions(['--folders', 'a', 'b']).folders).toEqual([path.resolve('a'), path.resolve('b')]);
  });

  const options = (over: Partial<ReturnType<typeof parseOptions>>): ReturnType<typeof parseOptions> => ({
    ...parseOptions(['v1', 'v2']),
    ...over,
  });

  it("pairs a corpus's OpenAPI and AsyncAPI files in order, the longer list's rest with specs/", () => {
    const corpus = folder('corpus', {
      'openapi/a.yaml': '',
      'openapi/b.json': '',
      'openapi/README.txt': '',
      'asyncapi/x.yml': '',
    });
    expect(resolvePairs(options({corpus})).map((p) => p.name)).toEqual(['a.yaml+x.yml', 'b.json+specs']);
    expect(resolvePairs(options({corpus, only: ['b.j']})).map((p) => p.name)).toEqual(['b.json+specs']);
    expect(resolvePairs(options({}))).toEqual([{name: 'specs', openapi: null, asyncapi: null}]);
  });

  it('names pairs apart when their files share a name, by their folders, then by a number', () => {
    const one = folder('one', {'openapi.yaml': ''});
    const two = folder('two', {'openapi.yaml': '', 'asyncapi.yaml': ''});
    const pairs = [
      `${one}/openapi.yaml,`,
      `${two}/openapi.yaml,`,
      `${two}/openapi.yaml,`,
      `,${two}/asyncapi.yaml`,
    ];
    expect(resolvePairs(options({pairs})).map((p) => p.name)).toEqual([
      'openapi.yaml+specs',
      'two-openapi.yaml+specs',
      'two-openapi.yaml+specs~2',
      'specs+asyncapi.yaml',
    ]);
  });
});
