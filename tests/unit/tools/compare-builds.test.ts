import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {scriptArgs} from '../../helpers/scripts';

const SCRIPT = 'scripts/tools/compare-builds.ts';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'compare-builds-test-'));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

interface Side {
  jsHash: string;
  cssHash: string;
  moduleHash: string;
  summary: string;
  title: string;
  extra?: boolean;
}

/** A folder shaped like build/: a page with hashed bundles and a CSS-module class, a JSON file, a CSS file. */
function folder(name: string, side: Side): string {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
  mkdirSync(path.join(dir, 'assets/css'), {recursive: true});
  const page = (body: string): string =>
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-${side.jsHash}='">` +
    `<link rel="stylesheet" href="/assets/css/styles.${side.cssHash}.css">` +
    `<link rel="preload" href="/assets/js/17896441.${side.jsHash}.js" as="script">` +
    `<script src="/assets/js/main.${side.jsHash}.js" defer></script></head><body>${body}</body></html>`;
  writeFileSync(path.join(dir, 'index.html'), page('<h1>Home</h1>'));
  writeFileSync(
    path.join(dir, 'rest.html'),
    page(
      `<section id="listPets"><h2 class="title_${side.moduleHash}">List pets</h2>` +
        `<p>${side.summary} the pets &amp; their owners.</p></section><section id="getPet"><p>Returns one pet.</p></section>`,
    ),
  );
  writeFileSync(
    path.join(dir, `assets/js/main.${side.jsHash}.js`),
    `console.log(${JSON.stringify(side.jsHash)});`,
  );
  writeFileSync(
    path.join(dir, `assets/css/styles.${side.cssHash}.css`),
    `.title_${side.moduleHash}{color:red}`,
  );
  writeFileSync(
    path.join(dir, 'search-index.json'),
    JSON.stringify({
      v: 1,
      records: [
        {u: '/rest', t: 'List pets'},
        {u: '/rest', t: side.title},
      ],
    }),
  );
  if (side.extra === true) writeFileSync(path.join(dir, 'llms.txt'), 'new file\n');
  return dir;
}

function compare(a: string, b: string): {status: number | null; out: string} {
  const result = spawnSync(process.execPath, scriptArgs(SCRIPT, ['--folders', a, b]), {encoding: 'utf8'});
  return {status: result.status, out: result.stdout + result.stderr};
}

const before: Side = {
  jsHash: '0123abcd',
  cssHash: '89abcdef',
  moduleHash: 'x1Yz',
  summary: 'Returns',
  title: 'Get a pet',
};

describe('compare-builds --folders', () => {
  it('finds no difference where only content hashes, chunk names, CSS-module suffixes and CSP hashes changed', () => {
    const a = folder('same-a', before);
    const b = folder('same-b', {...before, jsHash: 'fedc4321', cssHash: '76543210', moduleHash: 'Q_9-'});
    const {status, out} = compare(a, b);
    expect(out).toContain('4 files compared: 4 identical, 0 differ; JS bundles differ');
    expect(status).toBe(0);
  });

  it('names the page, the nearest id and the changed text, the JSON path, and a file on one side only', () => {
    const a = folder('diff-a', before);
    const b = folder('diff-b', {
      ...before,
      jsHash: 'fedc4321',
      summary: 'Gives back',
      title: 'Fetch a pet',
      extra: true,
    });
    const {status, out} = compare(a, b);
    expect(status).toBe(1);
    expect(out).toContain('only after: llms.txt');
    expect(out).toContain('differing: rest.html (1), search-index.json (1)');
    expect(out).toContain('at listPets, after "List pets"');
    expect(out).toContain('"[-Returns-]{+Gives back+} the pets & their owners."');
    expect(out).toContain('at $.records[1].t');
    expect(out).toContain('"[-Get-]{+Fetch+} a pet"');
    expect(out).not.toContain('index.html');
  });
});

/** Two folders from a map of file name to its [before, after] contents. */
function pair(name: string, files: Record<string, [string, string]>): [string, string] {
  const sides = [path.join(tmp, `${name}-a`), path.join(tmp, `${name}-b`)] as const;
  for (const [side, dir] of sides.entries()) {
    mkdirSync(dir, {recursive: true});
    for (const [file, contents] of Object.entries(files))
      writeFileSync(path.join(dir, file), side === 0 ? contents[0] : contents[1]);
  }
  return [sides[0], sides[1]];
}

describe('compare-builds: how a change is shown', () => {
  it('shows each changed word of a long text, with what stays around it cut short', () => {
    const text = (verb: string, place: string): string =>
      `<main id="intro"><p>${verb} the pets &amp; their owners, sorted by the name they were given when they first came to the ${place}.</p></main>`;
    const {status, out} = compare(
      ...pair('words', {'page.html': [text('Returns', 'shop'), text('Gives back', 'store')]}),
    );
    expect(status).toBe(1);
    expect(out).toContain(
      '~ "[-Returns-]{+Gives back+} the pets & their owners, sorted by the … were given when they first came to the [-shop-]{+store+}."',
    );
  });

  it('shows a change of white space alone inside <pre>, and none outside it', () => {
    const page = (space: string): string => `<p>a${space}b</p><pre id="code">a${space}b</pre>`;
    const {status, out} = compare(...pair('space', {'page.html': [page('  '), page('   ')]}));
    expect(status).toBe(1);
    expect(out).toContain('differing: page.html (1)');
    expect(out).toContain('at code');
    expect(out).toContain('~ "a[-  -]{+   +}b"');
  });

  it('aligns JSON arrays and text lines, so an inserted item or a changed line is found where it is', () => {
    const records = (...urls: string[]): string => JSON.stringify({records: urls.map((u) => ({u}))});
    const {status, out} = compare(
      ...pair('align', {
        'list.json': [records('/a', '/b', '/c'), records('/a', '/new', '/b', '/c')],
        'llms.txt': ['one\ntwo\nthree\nfour\n', 'one\ntwo\n3\nfour\n'],
      }),
    );
    expect(status).toBe(1);
    expect(out).toContain('differing: list.json (1), llms.txt (1)');
    expect(out).toMatch(/at \$\.records\[1\]\n\s+\+ \[1\] \{"u":"\/new"\}\n/);
    expect(out).toMatch(/at line 3, after two\n\s+~ \[-three-\]\{\+3\+\}\n/);
  });
});

describe('compare-builds: usage', () => {
  it('refuses an unknown option and --folders without two folders (exit 2, with the usage)', () => {
    for (const args of [
      ['main', 'HEAD', '--bogus'],
      ['--folders', tmp],
    ]) {
      const result = spawnSync(process.execPath, scriptArgs(SCRIPT, args), {encoding: 'utf8'});
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('Usage: npm run compare-builds --');
    }
  });
});

describe('compare-builds: what counts as a change in a page', () => {
  it('reads attributes as a set (their order is no change) but sees a changed value', () => {
    const link = (attrs: string): string => `<main id="m"><a ${attrs}>Orders</a></main>`;
    const same = compare(
      ...pair('attr-order', {
        'page.html': [link('href="/rest#a" class="x"'), link('class="x" href="/rest#a"')],
      }),
    );
    expect(same.status).toBe(0);
    const changed = compare(
      ...pair('attr-value', {'page.html': [link('href="/rest#a"'), link('href="/rest#b"')]}),
    );
    expect(changed.status).toBe(1);
    expect(changed.out).toContain('differing: page.html (1)');
    expect(changed.out).toContain('~ <a href="/rest#[-a-]{+b+}">');
  });

  it('shows an element added between two words, where it was added', () => {
    const field = (badge: string): string =>
      `<ul><li id="order.id"><a href="#order.id">id</a> <span>string</span>${badge}</li></ul>`;
    const {status, out} = compare(
      ...pair('element', {'page.html': [field(''), field(' <span>required</span>')]}),
    );
    expect(status).toBe(1);
    expect(out).toContain('at order.id');
    expect(out).toMatch(/\+ <span>/);
    expect(out).toContain('"required"');
  });

  it('lists a change that several pages share once, naming every page', () => {
    const footer = (year: string): string => `<footer id="footer"><p>Copyright ${year}</p></footer>`;
    const {status, out} = compare(
      ...pair('shared', {
        'a.html': [footer('2025'), footer('2026')],
        'b.html': [footer('2025'), footer('2026')],
      }),
    );
    expect(status).toBe(1);
    expect(out).toContain('differing: a.html (1), b.html (1)');
    expect(out).toContain('[html] a.html, b.html');
    expect(out.match(/\[-2025-\]\{\+2026\+\}/g)).toHaveLength(1);
  });
});

describe('compare-builds: styles and files', () => {
  it('compares style sheets rule by rule, CSS-module suffixes aside', () => {
    const css = (suffix: string, margin: string): string =>
      `.field_${suffix}{padding:.5rem 0}.name_${suffix}{margin-right:${margin}}`;
    const same = compare(...pair('css-same', {'styles.css': [css('AbCd', '.6rem'), css('x_9Q', '.6rem')]}));
    expect(same.status).toBe(0);
    const {status, out} = compare(
      ...pair('css-diff', {'styles.css': [css('AbCd', '.6rem'), css('x_9Q', '.3rem')]}),
    );
    expect(status).toBe(1);
    expect(out).toContain('[css] styles.css');
    expect(out).toContain('.name_#{margin-right:.[-6rem-]{+3rem+}}');
  });

  it('names a file that only the earlier build has', () => {
    const [a, b] = pair('gone', {'index.html': ['<p id="p">Hi</p>', '<p id="p">Hi</p>']});
    writeFileSync(path.join(a, 'feed.xml'), '<feed/>\n');
    const {status, out} = compare(a, b);
    expect(status).toBe(1);
    expect(out).toContain('only before: feed.xml');
  });
});
