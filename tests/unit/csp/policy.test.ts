/**
 * The Content-Security-Policy of the built site (plugins/csp): each page carries a meta tag that
 * allows its own inline scripts by their SHA-256 hashes and nothing else inline (styles keep
 * 'unsafe-inline', which runs no script); the header files for static hosts hold the union of all
 * pages' hashes and the directives a meta tag cannot carry. Run over a small build folder.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {applyCsp} from '../../../plugins/csp/apply';
import {buildPolicy, hashScript, inlineScripts, withPolicyMeta} from '../../../plugins/csp/policy';

/** The hash a browser computes for an inline script's text, in CSP source form. */
const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The value of one directive of a policy (`script-src` → `'self' 'sha256-…'`). */
function directive(policy: string, name: string): string | undefined {
  return policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

/** The policy a page's meta tag carries, unescaped. */
function metaPolicy(html: string): string {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  if (content === undefined) throw new Error('the page has no policy meta tag');
  return content.replace(/&quot;/g, '"');
}

const COLOUR_MODE = 'document.documentElement.setAttribute("data-theme","dark")';
const REDIRECT = "window.location.href='/docs/intro'";

describe('the inline scripts a page allows', () => {
  it('are the executable inline scripts only: not external files, not JSON-LD, not empty ones', () => {
    const html = [
      `<script>${COLOUR_MODE}</script>`,
      '<script src="/assets/js/main.js"></script>',
      '<script type="application/ld+json">{"@type":"WebSite"}</script>',
      '<script type="module">import "/x.js";</script>',
      "<SCRIPT type='text/javascript'>var a = 1;</SCRIPT>",
      '<script>   </script>',
    ].join('\n');
    expect(inlineScripts(html)).toEqual([COLOUR_MODE, 'import "/x.js";', 'var a = 1;']);
  });

  it('are hashed over their exact text, so a changed byte is refused', () => {
    expect(hashScript(COLOUR_MODE)).toBe(sha256(COLOUR_MODE));
    expect(hashScript(`${COLOUR_MODE} `)).not.toBe(hashScript(COLOUR_MODE));
    expect(hashScript('é')).toBe(sha256('é'));
  });
});

describe('the policy', () => {
  it('allows scripts from the site and the listed hashes (sorted, once each), styles inline, no eval', () => {
    const [a, b] = [hashScript('b()'), hashScript('a()')];
    const policy = buildPolicy([a, b, a]);
    expect(directive(policy, 'default-src')).toBe("'self'");
    expect(directive(policy, 'script-src')).toBe(`'self' ${[a, b].sort().join(' ')}`);
    expect(directive(policy, 'style-src')).toBe("'self' 'unsafe-inline'");
    expect(directive(policy, 'object-src')).toBe("'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'frame-ancestors')).toBeUndefined();
    expect(
      policy
        .split('; ')
        .map((d) => d.split(' ')[0])
        .slice(0, 2),
    ).toEqual(['default-src', 'script-src']);
  });

  it('puts its meta tag first in <head>, replaces an older one, and refuses a page without <head>', () => {
    const page = '<html><head lang="en"><script>x()</script></head><body></body></html>';
    const once = withPolicyMeta(page, buildPolicy([hashScript('x()')]));
    expect(once).toMatch(
      /^<html><head lang="en"><meta http-equiv="Content-Security-Policy" content="[^"]+"><script>/,
    );
    expect(metaPolicy(once)).toContain(hashScript('x()'));
    const twice = withPolicyMeta(once, buildPolicy([]));
    expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(directive(metaPolicy(twice), 'script-src')).toBe("'self'");
    expect(() => withPolicyMeta('<p>no head</p>', "default-src 'self'")).toThrow(
      'cannot add the Content-Security-Policy: the page has no <head>',
    );
  });
});

describe('applying it to a build', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'csp-'));
  afterAll(() => rmSync(outDir, {recursive: true, force: true}));
  const write = (file: string, html: string): void => {
    mkdirSync(path.dirname(path.join(outDir, file)), {recursive: true});
    writeFileSync(path.join(outDir, file), html);
  };
  const read = (file: string): string => readFileSync(path.join(outDir, file), 'utf8');

  it('gives each page the hashes of its own scripts, and the header files the union and frame-ancestors', async () => {
    write(
      'index.html',
      `<!doctype html><html><head><script>${COLOUR_MODE}</script></head><body></body></html>`,
    );
    write(
      'docs/index.html',
      `<html><head><title>Docs</title></head><body><script>${REDIRECT}</script></body></html>`,
    );
    write('docs/style.css', 'body{}');
    const result = await applyCsp(outDir);
    expect(result).toEqual({pages: 2, hashes: 2});

    const home = metaPolicy(read('index.html'));
    expect(directive(home, 'script-src')).toBe(`'self' ${sha256(COLOUR_MODE)}`);
    expect(directive(metaPolicy(read('docs/index.html')), 'script-src')).toBe(`'self' ${sha256(REDIRECT)}`);
    expect(read('docs/style.css')).toBe('body{}');

    const header = read('csp-header.txt').trimEnd();
    expect(directive(header, 'script-src')).toBe(
      `'self' ${[sha256(COLOUR_MODE), sha256(REDIRECT)].sort().join(' ')}`,
    );
    expect(directive(header, 'frame-ancestors')).toBe("'none'");
    expect(read('_headers')).toBe(
      `/*\n  Content-Security-Policy: ${header}\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n`,
    );
  });

  it('refuses a folder without pages, saying to build first', async () => {
    const empty = path.join(outDir, 'empty');
    mkdirSync(empty);
    await expect(applyCsp(empty)).rejects.toThrow(`${empty}: no HTML pages; run the build first`);
  });
});
