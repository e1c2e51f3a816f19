/**
 * One name, one thing: no two modules of plugins/ or src/ export a function under the same name.
 * Two `mergeParameters` (a merge by key, and the parameters an operation takes) or two
 * `messageExamples` (payloads, and named, worded examples) read alike at a call site and do
 * different things; a reader who learns one misreads the other. Read with the TypeScript parser.
 */
import {describe, expect, it} from 'vitest';
import ts from 'typescript';
import {parseFile, parseSource, sourceFiles} from '../../helpers/syntax';

/** The names of the functions a module exports (declarations and `const f = () => …`), each once. */
function exportedFunctions(sourceFile: ts.SourceFile): string[] {
  const names = new Set<string>();
  for (const statement of sourceFile.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (!exported || isDefault) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name !== undefined) names.add(statement.name.text);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (
          ts.isIdentifier(d.name) &&
          d.initializer !== undefined &&
          (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
        )
          names.add(d.name.text);
  }
  return [...names];
}

/**
 * Names Docusaurus requires of every plugin module that has them: each plugin's own function must
 * carry the name (https://docusaurus.io/docs/api/plugin-methods/static-methods).
 */
const PLUGIN_CONTRACT = new Set(['validateOptions', 'validateThemeConfig', 'getSwizzleComponentList']);

/** Names exported by more than one module: `name: file, file`. */
function sharedNames(modules: readonly {file: string; sourceFile: ts.SourceFile}[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const {file, sourceFile} of modules)
    for (const name of exportedFunctions(sourceFile))
      if (!PLUGIN_CONTRACT.has(name)) byName.set(name, [...(byName.get(name) ?? []), file]);
  return new Map([...byName].filter(([, files]) => files.length > 1));
}

let parsed: {file: string; sourceFile: ts.SourceFile}[] | undefined;
/** The TypeScript modules of plugins/ and src/, parsed once for this file. */
function projectModules(): {file: string; sourceFile: ts.SourceFile}[] {
  parsed ??= sourceFiles(['plugins', 'src'])
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => ({file, sourceFile: parseFile(file)}));
  return parsed;
}

describe('one name, one thing', () => {
  it('finds a function name two modules export, in any form; overloads are one (so it can fail)', () => {
    const modules = [
      {
        file: 'a.ts',
        sourceFile: parseSource(
          'a.ts',
          'export function merge(a: 1): 1;\nexport function merge(a: unknown) { return a; }',
        ),
      },
      {
        file: 'b.ts',
        sourceFile: parseSource('b.ts', 'export const merge = (x: number) => x;\nexport const LIMIT = 3;'),
      },
      {
        file: 'c.ts',
        sourceFile: parseSource('c.ts', 'function merge() {}\nexport default function main() {}'),
      },
      {file: 'd.ts', sourceFile: parseSource('d.ts', 'export default function main() {}')},
    ];
    expect(Object.fromEntries(sharedNames(modules))).toEqual({merge: ['a.ts', 'b.ts']});
  });

  it('no two modules of plugins/ or src/ export a function by the same name', () => {
    const modules = projectModules();
    const shared = [...sharedNames(modules)].map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(shared).toEqual([]);
  });
});
