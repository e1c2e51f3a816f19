/**
 * One door to the documents: the HTTP method list, `$ref` chain walking and JSON pointer
 * escaping live in plugins/api-reference/document/ and nowhere else in plugins/. A second
 * copy drifts (the release diff's list lacked `query`; the chain walkers had three hop
 * limits and three answers to a loop), so this test fails on one.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const DOOR = 'plugins/api-reference/document/';

/**
 * Files that still hold a copy, each with the reason. plugins/releases/diff.ts: the lead is
 * rewriting the release diff onto document/ (issue 32) and removes this entry then.
 */
const ALLOWED: Record<string, string> = {};

const METHOD = /['"](get|put|post|delete|options|head|patch|trace|query)['"]/gi;

// What a second copy looks like, each as a finder over one file's source.

/** An array literal naming three or more HTTP methods. */
function methodLists(source: string): string[] {
  return [...source.matchAll(/\[([^[\]]*)\]/g)]
    .filter((m) => (m[1]?.match(METHOD) ?? []).length >= 3)
    .map((m) => m[0]);
}

/** A loop whose header reads `$ref`: a hand-written chain walk. */
function refLoops(source: string): string[] {
  return [...source.matchAll(/\b(?:while|for)\s*\([^{]{0,200}\)\s*\{/g)]
    .filter((m) => m[0].includes('$ref'))
    .map((m) => m[0]);
}

/** `~0`/`~1` escaping or unescaping written out. */
function pointerEscapes(source: string): string[] {
  return [...source.matchAll(/\.replace\(\s*\/~[01]?\/g|\.replace\(\s*\/\\\/\/g\s*,\s*['"]~1['"]/g)].map(
    (m) => m[0],
  );
}

const DETECTORS: Record<string, (source: string) => string[]> = {
  'an HTTP method list': methodLists,
  'a $ref loop': refLoops,
  'a pointer escape': pointerEscapes,
};

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(DOOR));
}

describe('one door to the documents', () => {
  it('each detector finds what it looks for (so the check below can fail)', () => {
    expect(methodLists(`const M = ['get', 'put', 'post'];`)).toHaveLength(1);
    expect(methodLists(`const M = ['get', 'name'];`)).toHaveLength(0);
    expect(refLoops('while (isObject(n) && typeof n.$ref === "string") {')).toHaveLength(1);
    expect(refLoops('for (let i = 0; i < 9 && node.$ref; i++) {')).toHaveLength(1);
    expect(refLoops('for (const ref of refs) {')).toHaveLength(0);
    expect(pointerEscapes(`t.replace(/~1/g, '/').replace(/~0/g, '~')`)).toHaveLength(2);
    expect(pointerEscapes(`t.replace(/~/g, '~0')`)).toHaveLength(1);
  });

  it('plugins/ has no method list, $ref loop or pointer escape outside document/', () => {
    const found: string[] = [];
    for (const file of sources('plugins')) {
      if (ALLOWED[file] !== undefined) continue;
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [what, detect] of Object.entries(DETECTORS))
        for (const hit of detect(source)) found.push(`${file}: ${what}: ${hit.trim().slice(0, 80)}`);
    }
    expect(found).toEqual([]);
  });

  it('the allow-list names only files that still need it', () => {
    for (const file of Object.keys(ALLOWED)) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      const hits = Object.values(DETECTORS).flatMap((detect) => detect(source));
      expect(hits, `${file} no longer holds a copy: remove it from ALLOWED`).not.toEqual([]);
    }
  });
});
