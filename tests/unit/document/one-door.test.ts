/**
 * One door to the documents: the HTTP method list, `$ref` chain walking, JSON pointer
 * escaping and the JSON object check live in plugins/api-reference/document/ (the browser's
 * share of them in client/json.ts, which document/ re-exports) and nowhere else in plugins/,
 * src/ or scripts/. A second copy drifts (the release diff's list lacked `query`; the chain
 * walkers had three hop limits and three answers to a loop), so this test fails on one.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const DOOR = ['plugins/api-reference/document/', 'plugins/api-reference/client/json.ts'];

/** Files that hold what looks like a copy but is not one, each with the reason. */
const ALLOWED: Record<string, string> = {
  'src/components/ApiReference/RequestBuilder/snippet.ts':
    "PYTHON_METHODS lists the methods Python's requests library has a function for (requests.get, …), not a document's methods",
};

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

/** A function that only tells a JSON object from null and arrays: a private copy of isObject. */
function objectChecks(source: string): string[] {
  return [
    ...source.matchAll(
      /function\s+\w+\s*\((\w+)[^)]*\)[^{]*\{\s*return\s+typeof\s+\1\s*===\s*'object'\s*&&\s*\1\s*!==\s*null\s*&&\s*!Array\.isArray\(\1\);?\s*\}/g,
    ),
  ].map((m) => m[0]);
}

const DETECTORS: Record<string, (source: string) => string[]> = {
  'an HTTP method list': methodLists,
  'a $ref loop': refLoops,
  'a pointer escape': pointerEscapes,
  'a private isObject': objectChecks,
};

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !DOOR.some((door) => file.startsWith(door)));
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
    expect(
      objectChecks(
        `function isPlain(v: unknown): v is R {\n  return typeof v === 'object' && v !== null && !Array.isArray(v);\n}`,
      ),
    ).toHaveLength(1);
    expect(
      objectChecks(`function isNode(v: unknown) { return typeof v === 'object' && v !== null; }`),
    ).toHaveLength(0);
  });

  it('plugins/, src/ and scripts/ have no method list, $ref loop, pointer escape or isObject outside document/', () => {
    const found: string[] = [];
    for (const file of ['plugins', 'src', 'scripts'].flatMap(sources)) {
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
