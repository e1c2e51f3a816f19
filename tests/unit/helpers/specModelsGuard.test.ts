/**
 * specModels() (tests/helpers/specModels.ts) is the one way a test gets the product's models
 * (issue 32): loaded as the build loads them, once per file. This guard fails when a test file
 * builds one by hand: it reads specs/openapi.yaml or specs/asyncapi.yaml (or the documents of
 * tests/unit/guides/documents.ts) and calls buildRestModel or buildWsModel. A file that has a
 * reason to do both is listed in ALLOWED, with the reason.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');

/** Ways a test file reads the product's documents. */
const READS: [string, RegExp][] = [
  [
    'names specs/openapi.yaml or specs/asyncapi.yaml',
    /(['"`])(?:[^'"`\n]*\/)?specs\/(?:openapi|asyncapi)\.yaml\1/,
  ],
  ['resolves the spec paths (resolveSpecPaths)', /\bresolveSpecPaths\s*\(/],
  ['reads SPECS.openapi or SPECS.asyncapi', /\bSPECS\.(?:openapi|asyncapi)\b/],
  ['reads realDocuments()', /\brealDocuments\s*\(/],
  [
    'imports openapi or asyncapi from guides/documents',
    /import\s*\{[^}]*\b(?:openapi|asyncapi)\b[^}]*\}\s*from\s*['"][^'"]*guides\/documents['"]/,
  ],
];

/** Ways a test file builds a view model. */
const BUILDS = /\b(buildRestModel|buildWsModel)\s*\(/g;

/**
 * Why a test file's source looks like it builds a model from the product's documents by hand
 * ("names specs/openapi.yaml … and calls buildRestModel"), or null when it does not.
 */
export function buildsProductModel(source: string): string | null {
  const reads = READS.filter(([, pattern]) => pattern.test(source)).map(([what]) => what);
  const builds = [...new Set([...source.matchAll(BUILDS)].map((m) => m[1]))];
  if (reads.length === 0 || builds.length === 0) return null;
  return `${reads.join(', ')} and calls ${builds.join(', ')}`;
}

const E2E =
  'Playwright loads spec files as CommonJS, so there is no top-level await for the async loader, ' +
  'and the tests are generated from the models while the file is collected (before any fixture)';

/** Files that read the documents and build models, each with the reason it may. */
const ALLOWED: Record<string, string> = {
  'tests/unit/helpers/specModelsGuard.test.ts': "holds the detector's own examples of violations",
  'tests/unit/builder/model.test.ts':
    "reads the product's documents (realDocuments) for the parameter validators only; builds a model of an inline document",
  'tests/unit/releases/badges.test.ts':
    'builds models from a changed copy of specs/ in a temp folder (the product case uses specModels)',
  'tests/unit/releases/value-badges.test.tsx':
    'builds models from a changed copy of specs/ in a temp folder (the product case uses specModels)',
  'tests/unit/reference/wild-documents.test.tsx':
    "reads the product's documents only for their warnings (readOpenApi); builds models from fixtures",
  'tests/unit/reference/example-check.test.ts':
    "builds models of its own small documents; 'specs/openapi.yaml' is only the file name its messages show, and '/site/specs/…' made-up paths for isOwnDocument",
  'tests/specs/reference-examples.test.ts':
    "builds models only from changed copies; '/site/specs/…' are made-up paths for isOwnDocument",
  'tests/e2e/rest.spec.ts': E2E,
  'tests/e2e/ws.spec.ts': E2E,
  'tests/e2e/reference-pane.spec.ts': E2E,
  'tests/e2e/reference-rendering.spec.ts': E2E,
  'tests/e2e/reference-layout.spec.ts': E2E,
};

/** Every test file of the project: tests/ (outside tests/helpers) and the plugins' own tests. */
function testFiles(): string[] {
  const under = (dir: string, test: RegExp): string[] =>
    readdirSync(path.join(ROOT, dir), {recursive: true, encoding: 'utf8'})
      .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
      .filter((file) => test.test(file) && !file.includes('/node_modules/'));
  return [
    ...under('tests', /\.(test|spec)\.tsx?$/).filter((file) => !file.startsWith('tests/helpers/')),
    ...under('plugins', /\.test\.tsx?$/),
  ].sort();
}

describe('the detector', () => {
  it('finds a model built from a spec path read by hand', () => {
    const source = `
      const doc = readDocument(path.join(ROOT, 'specs/openapi.yaml'));
      const model = buildRestModel(doc as Json);`;
    expect(buildsProductModel(source)).toBe(
      'names specs/openapi.yaml or specs/asyncapi.yaml and calls buildRestModel',
    );
  });

  it('finds the other ways of reading the documents', () => {
    expect(buildsProductModel('const d = await loadAsyncApi(SPECS.asyncapi);\nbuildWsModel(d);')).toMatch(
      /SPECS.*buildWsModel/,
    );
    expect(
      buildsProductModel('const p = resolveSpecPaths(ROOT);\nbuildWsModel(readDocument(p.asyncapi));'),
    ).toMatch(/resolveSpecPaths/);
    expect(buildsProductModel('buildRestModel(realDocuments().openapi);')).toMatch(/realDocuments/);
    expect(buildsProductModel('const f = `${root}/specs/asyncapi.yaml`;\nbuildWsModel(load(f));')).toMatch(
      /names specs/,
    );
    expect(
      buildsProductModel(
        "import {asyncapi, isObject, openapi} from '../unit/guides/documents';\nconst rest = buildRestModel(openapi as Json);",
      ),
    ).toMatch(/guides\/documents.*buildRestModel/);
  });

  it('lets through specModels(), models of other documents, and reading the documents without building', () => {
    expect(
      buildsProductModel(
        "const {rest, ws} = await specModels();\nimport {specModels} from '../helpers/specModels';",
      ),
    ).toBeNull();
    expect(buildsProductModel('const model = buildRestModel(await loadOpenApi(FIXTURE));')).toBeNull();
    expect(
      buildsProductModel("const {warnings} = await readOpenApi(path.join(ROOT, 'specs/openapi.yaml'));"),
    ).toBeNull();
    expect(
      buildsProductModel("describe('specs/openapi.yaml is shown completely', () => buildRestModel({}));"),
    ).toBeNull();
    expect(
      buildsProductModel("import {isObject, at} from '../unit/guides/documents';\nbuildRestModel(doc);"),
    ).toBeNull();
  });
});

describe("test files take the product's models from specModels()", () => {
  const files = testFiles();

  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('tests/unit/reference/routes.test.ts');
    expect(files).toContain('tests/e2e/rest.spec.ts');
    expect(files).not.toContain('tests/helpers/specModels.ts');
  });

  it('no test file outside the allow-list builds them by hand', () => {
    const found = files.flatMap((file) => {
      const why = buildsProductModel(readFileSync(path.join(ROOT, file), 'utf8'));
      return why === null || file in ALLOWED ? [] : [`${file}: ${why}`];
    });
    expect(
      found,
      'use specModels() from tests/helpers/specModels.ts, or allow the file with a reason',
    ).toEqual([]);
  });

  it('every allowed file exists and still needs its entry', () => {
    for (const [file, reason] of Object.entries(ALLOWED)) {
      expect(reason.length, file).toBeGreaterThan(20);
      expect(files, file).toContain(file);
      expect(buildsProductModel(readFileSync(path.join(ROOT, file), 'utf8')), file).not.toBeNull();
    }
  });
});
