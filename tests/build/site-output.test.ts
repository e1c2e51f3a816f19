/**
 * Gates on the production build (`build/`, made by `npm run build` before this
 * runs): no broken link or anchor anywhere (the build itself only warns), every
 * external link opened in a new tab carries rel="noopener noreferrer", and every
 * page carries the Content-Security-Policy, without 'unsafe-eval', and nothing shipped names the
 * build machine's folders.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {Parser} from 'htmlparser2';
import {beforeAll, describe, expect, test} from 'vitest';
import {productBuild} from '../helpers/productBuild';

const BUILD = productBuild();

interface Page {
  file: string;
  route: string;
  ids: Set<string>;
  links: {href: string; target: string | undefined; rel: string | undefined}[];
  cspMeta: string[];
  isRedirect: boolean;
}

function routeOf(file: string): string {
  const rel = path.relative(BUILD, file).split(path.sep).join('/');
  if (rel === 'index.html') return '/';
  return `/${rel.replace(/\/index\.html$/, '').replace(/\.html$/, '')}`;
}

function readPage(file: string): Page {
  const page: Page = {file, route: routeOf(file), ids: new Set(), links: [], cspMeta: [], isRedirect: false};
  const parser = new Parser({
    onopentag(name, attrs) {
      if (attrs.id !== undefined) page.ids.add(attrs.id);
      if (name === 'a' && attrs.name !== undefined) page.ids.add(attrs.name);
      if (name === 'a' && attrs.href !== undefined)
        page.links.push({href: attrs.href, target: attrs.target, rel: attrs.rel});
      if (name === 'meta' && attrs['http-equiv']?.toLowerCase() === 'content-security-policy') {
        page.cspMeta.push(attrs.content ?? '');
      }
      if (name === 'meta' && attrs['http-equiv']?.toLowerCase() === 'refresh') page.isRedirect = true;
    },
  });
  parser.end(readFileSync(file, 'utf8'));
  return page;
}

/** Where a site path is served from, as `docusaurus serve` and the README's hosts do. */
function fileFor(pathname: string): string | undefined {
  const clean = decodeURIComponent(pathname).replace(/\/$/, '') || '/';
  const candidates =
    clean === '/'
      ? ['index.html']
      : [`${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`, clean.slice(1)];
  return candidates.map((c) => path.join(BUILD, c)).find((c) => existsSync(c) && !c.endsWith(path.sep));
}

let pages: Page[] = [];
const byFile = new Map<string, Page>();

beforeAll(() => {
  pages = readdirSync(BUILD, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => readPage(path.join(e.parentPath, e.name)));
  for (const page of pages) byFile.set(page.file, page);
});

describe('links and anchors in build/', () => {
  test('the crawl covers the site', () => {
    expect(pages.length).toBeGreaterThanOrEqual(13);
    const routes = pages.map((p) => p.route);
    for (const route of ['/', '/docs/intro', '/rest', '/docs/ws', '/version-history', '/legal/licenses']) {
      expect(routes).toContain(route);
    }
  });

  test('every internal link resolves to a page and every anchor to an element', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const {href} of page.links) {
        if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) continue; // other schemes and origins
        const url = new URL(href, `http://site${page.route}`);
        checked += 1;
        const target =
          url.pathname === page.route && href.startsWith('#') ? page.file : fileFor(url.pathname);
        if (target === undefined) {
          broken.push(`${page.route}: ${href} (no page)`);
          continue;
        }
        const id = decodeURIComponent(url.hash.slice(1));
        if (id === '' || !target.endsWith('.html')) continue;
        const targetPage = byFile.get(target);
        if (targetPage !== undefined && !targetPage.ids.has(id))
          broken.push(`${page.route}: ${href} (no #${id})`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  test('links that open a new tab carry rel="noopener noreferrer"', () => {
    const bad = pages.flatMap((page) =>
      page.links
        .filter((l) => l.target === '_blank')
        .filter((l) => !/\bnoopener\b/.test(l.rel ?? '') || !/\bnoreferrer\b/.test(l.rel ?? ''))
        .map((l) => `${page.route}: ${l.href} rel="${l.rel ?? ''}"`),
    );
    expect(bad).toEqual([]);
  });
});

describe('Content-Security-Policy', () => {
  test('every page has exactly one policy meta tag, strict on scripts', () => {
    for (const page of pages) {
      expect(page.cspMeta, page.route).toHaveLength(1);
      const policy = page.cspMeta[0] ?? '';
      expect(policy, page.route).not.toContain('unsafe-eval');
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
      expect(scriptSrc, page.route).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
      expect(policy, page.route).toContain("object-src 'none'");
    }
  });

  test('the header form for static hosts is written too', () => {
    const header = readFileSync(path.join(BUILD, 'csp-header.txt'), 'utf8');
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).not.toContain('unsafe-eval');
    const headersFile = readFileSync(path.join(BUILD, '_headers'), 'utf8');
    expect(headersFile).toContain(`Content-Security-Policy: ${header.trim()}`);
  });

  test("no shipped file names the build machine's folders (route modules are @generated/… paths)", () => {
    // An absolute module path in the route registry revealed the checkout's place and renamed the
    // route chunks with it, so two checkouts of one revision built different bundles.
    const root = path.resolve(__dirname, '../..');
    const files = readdirSync(BUILD, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile() && /\.(js|html|json|txt|md|xml)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(20);
    const naming = files.filter((file) => readFileSync(file, 'utf8').includes(`${root}/`));
    expect(naming.map((file) => path.relative(BUILD, file))).toEqual([]);
  });
});

describe('the footer', () => {
  test('carries the copyright year the specification gives (2025), whatever the year of the build', () => {
    const home = path.join(BUILD, 'index.html');
    const footer = /<footer[\s\S]*?<\/footer>/.exec(readFileSync(home, 'utf8'))?.[0] ?? '';
    expect(footer).toMatch(/Copyright © 2025 /);
  });
});

describe('the scripts a warm webpack cache can reuse', () => {
  test('no module is conditioned on a runtime chunk id (a warm-cache build would keep a stale one)', () => {
    // The validation worker gives the client build a second webpack runtime. With per-runtime export
    // analysis, modules shared by both runtimes are emitted as `if (5354 == n.j) …`, naming a runtime
    // chunk id, and the persistent cache keeps that code when the ids change: every page crashed.
    // `optimization.usedExports: 'global'` (plugins/api-reference/index.ts) emits none. Checked
    // 2026-11-27: a build without it had such conditions (`5354==n.j`) in its common chunk.
    const runtimeCondition = /\b\d+\s*[!=]==?\s*[A-Za-z_$][\w$]*\.j\b|[A-Za-z_$][\w$]*\.j\s*[!=]==?\s*\d+\b/;
    const scripts = readdirSync(path.join(BUILD, 'assets/js')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    const conditioned = scripts.filter((name) =>
      runtimeCondition.test(readFileSync(path.join(BUILD, 'assets/js', name), 'utf8')),
    );
    expect(conditioned).toEqual([]);
  });
});
