/**
 * The boundary between the build and the browser (eslint.config.mjs,
 * plugins/api-reference/client/README.md), fed sources that break it: each must be an
 * error of the rule that guards it, and what the boundary allows must pass.
 */
import path from 'node:path';
import {ESLint} from 'eslint';
import {beforeAll, describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({cwd: ROOT});
});

/** The rules that report `source`, linted as if it were the file at `file`. */
async function rulesBroken(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, {filePath: path.join(ROOT, file)});
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const IMPORTS = '@typescript-eslint/no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';
const CLIENT = 'plugins/api-reference/client/example.ts';

describe('client/ ships to the browser', () => {
  it.each([
    ['a Node module', `import {readFileSync} from 'node:fs';\nreadFileSync;`, IMPORTS],
    ['a bare Node module', `import path from 'path';\npath;`, IMPORTS],
    ['a component of src/ by alias', `import X from '@site/src/components/Guide';\nX;`, IMPORTS],
    [
      'a type of src/ by alias',
      `import type {Props} from '@site/src/components/Guide';\nexport const p: Props | undefined = undefined;`,
      IMPORTS,
    ],
    ['src/ by a relative path', `import X from '../../../src/components/Guide';\nX;`, IMPORTS],
    [
      'a type of src/ by a relative path',
      `import type {Props} from '../../../src/components/Guide';\nexport const p: Props | undefined = undefined;`,
      IMPORTS,
    ],
    ['an alias of plugins/', `import {deref} from '@site/plugins/api-reference/document';\nderef;`, IMPORTS],
    ['an npm package', `import Ajv from 'ajv';\nAjv;`, IMPORTS],
    ['a scoped npm package', `import {bundle} from '@redocly/openapi-core';\nbundle;`, IMPORTS],
    ['a build-time module of plugins/', `import {deref} from '../document';\nderef;`, IMPORTS],
    ['a dynamic import()', `export const load = () => import('./anchors');`, SYNTAX],
    ['a dynamic import() of a package', `export const load = () => import('ajv');`, SYNTAX],
    ['require()', `export const fs = require('node:fs');`, SYNTAX],
    ['a \\p{…} regex literal (kilobytes once bundled)', `export const letter = /\\p{L}/u;`, SYNTAX],
  ])('refuses %s', async (_what, source, rule) => {
    expect(await rulesBroken(CLIENT, source)).toContain(rule);
  });

  it('allows client/ modules, and types from the rest of plugins/', async () => {
    const source = [
      `import {slug} from './anchors';`,
      `import type {SchemaNode} from '../types';`,
      `export const id = (node: SchemaNode): string => slug(node.type);`,
    ].join('\n');
    expect(await rulesBroken(CLIENT, source)).toEqual([]);
  });
});

describe("another plugin's client/ ships to the browser too", () => {
  const OTHER = 'plugins/search-index/client/example.ts';

  it.each([
    ['a Node module', `import {readFileSync} from 'node:fs';\nreadFileSync;`, IMPORTS],
    ['an npm package', `import {parse} from 'parse5';\nparse;`, IMPORTS],
    ['a build-time module of its plugin', `import {extractPage} from '../extract';\nextractPage;`, IMPORTS],
    [
      'a build-time module of api-reference',
      `import {deref} from '../../api-reference/document';\nderef;`,
      IMPORTS,
    ],
    ['src/ by a relative path', `import X from '../../../src/components/Guide';\nX;`, IMPORTS],
    ['a dynamic import()', `export const load = () => import('./tokens');`, SYNTAX],
    ['a \\p{…} regex literal', `export const letter = /\\p{L}/u;`, SYNTAX],
  ])('refuses %s', async (_what, source, rule) => {
    expect(await rulesBroken(OTHER, source)).toContain(rule);
  });

  it("allows its own modules, api-reference's client/ and types from the rest of plugins/", async () => {
    const source = [
      `import {indexTerms} from './tokens';`,
      `import {ANCHOR_PREFIXES} from '../../api-reference/client/anchors';`,
      `import type {ExtractOptions} from '../extract';`,
      `export const f = (o: ExtractOptions): string[] => [...indexTerms(ANCHOR_PREFIXES.tag), String(o)];`,
    ].join('\n');
    expect(await rulesBroken(OTHER, source)).toEqual([]);
  });
});

describe('plugins/ never imports src/', () => {
  it.each([
    [`import X from '@site/src/components/Guide';\nX;`],
    [`import X from '../../src/components/Guide';\nX;`],
  ])('refuses %s', async (source) => {
    expect(await rulesBroken('plugins/api-reference/example.ts', source)).toContain(IMPORTS);
  });
});

describe('api-reference imports nothing from the releases plugin but types', () => {
  it.each([
    [`import {history} from '../releases/store';\nhistory;`],
    [`import releases from '../releases';\nreleases;`],
    [`import {releaseHref} from '../../releases/client/routes';\nreleaseHref;`],
  ])('refuses %s', async (source) => {
    expect(await rulesBroken('plugins/api-reference/openapi/example.ts', source)).toContain(IMPORTS);
  });

  it('allows its types, and other plugins still import releases', async () => {
    const types = `import type {ReleaseMarks} from '../releases/marks';\nexport const m: ReleaseMarks | undefined = undefined;`;
    expect(await rulesBroken('plugins/api-reference/example.ts', types)).toEqual([]);
    const value = `import {history} from '../releases/store';\nexport const h = history;`;
    expect(await rulesBroken('plugins/machine-readable/example.ts', value)).toEqual([]);
    // plugins/** still refuses src/ inside api-reference.
    expect(
      await rulesBroken(
        'plugins/api-reference/example.ts',
        `import X from '../../src/components/Guide';\nX;`,
      ),
    ).toContain(IMPORTS);
  });
});

describe('src/ imports plugins/ only through client/', () => {
  it('refuses a build-time module', async () => {
    const source = `import {deref} from '@site/plugins/api-reference/document';\nderef;`;
    expect(await rulesBroken('src/components/Example/index.tsx', source)).toContain(IMPORTS);
  });

  it('refuses a \\p{…} regex literal, allows one built from a string', async () => {
    const file = 'src/components/Example/index.tsx';
    expect(await rulesBroken(file, `export const upper = /\\p{Lu}/u;`)).toContain(SYNTAX);
    expect(await rulesBroken(file, `export const upper = new RegExp('\\\\p{Lu}', 'u');`)).toEqual([]);
  });

  it("refuses another plugin's build-time module", async () => {
    const source = `import {extractPage} from '@site/plugins/search-index/extract';\nextractPage;`;
    expect(await rulesBroken('src/theme/SearchBar/example.ts', source)).toContain(IMPORTS);
  });

  it('allows client/ modules and `import type` of the rest', async () => {
    const source = [
      `import {slug} from '@site/plugins/api-reference/client/anchors';`,
      `import {indexTerms} from '@site/plugins/search-index/client/tokens';`,
      `import type {Json} from '@site/plugins/api-reference/document';`,
      `export const f = (j: Json): string => slug(String(j)) + indexTerms('').join('');`,
    ].join('\n');
    expect(await rulesBroken('src/components/Example/index.tsx', source)).toEqual([]);
  });
});

describe('the Rules of Hooks hold wherever React code lives', () => {
  // A hook called conditionally, in a component.
  const conditionalHook = [
    `import {useState} from 'react';`,
    `export function Example({open}: {open: boolean}) {`,
    `  if (open) useState(0);`,
    `  return null;`,
    `}`,
  ].join('\n');
  const HOOKS = 'react-hooks/rules-of-hooks';

  it.each([
    'src/components/Example/index.tsx',
    'src/components/Example/useExample.ts',
    'src/theme/Example/index.tsx',
    'plugins/releases/client/example.ts',
    'tests/unit/reference/example.test.tsx',
  ])('%s', async (file) => {
    expect(await rulesBroken(file, conditionalHook)).toContain(HOOKS);
  });

  it('the build-time code of plugins/ and scripts/, which renders no component, is not read for them', async () => {
    for (const file of ['plugins/releases/example.ts', 'scripts/tools/example.ts'])
      expect(await rulesBroken(file, conditionalHook)).not.toContain(HOOKS);
  });
});
