/**
 * No function in plugins/ is over 120 lines (issue 40): a longer one does several things, and its
 * parts want names and tests of their own. Every function-like node counts (declarations, arrows,
 * methods, accessors, constructors, nested ones too), from the line of its first token to the line
 * of its last, read with the TypeScript parser. Nothing is exempt.
 */
import {describe, expect, it} from 'vitest';
import {
  isFunctionWithBody,
  lineOf,
  linesOf,
  nameOfFunction,
  nodesOf,
  parseFile,
  parseSource,
  sourceFiles,
} from '../../helpers/syntax';
import type ts from 'typescript';

const MAX_FUNCTION_LINES = 120;

/** `file:line name (n lines)` for every function of the file longer than the limit. */
function longFunctions(file: string, sourceFile: ts.SourceFile): string[] {
  return [...nodesOf(sourceFile)]
    .filter(isFunctionWithBody)
    .filter((fn) => linesOf(fn) > MAX_FUNCTION_LINES)
    .map((fn) => `${file}:${lineOf(fn)} ${nameOfFunction(fn) ?? '(anonymous)'} (${linesOf(fn)} lines)`);
}

describe(`no function in plugins/ over ${MAX_FUNCTION_LINES} lines`, () => {
  it('counts every kind of function, nested ones too (so it can fail)', () => {
    const body = (n: number): string => Array.from({length: n}, (_, i) => `  step(${i});`).join('\n');
    const source = [
      `export function declared() {\n${body(119)}\n}`,
      `const arrow = () => {\n${body(119)}\n};`,
      `class C {\n  method() {\n${body(118)}\n  }\n}`,
      `export function outer() {\n  const inner = function () {\n${body(119)}\n  };\n  return inner;\n}`,
      `function fits() {\n${body(118)}\n}`,
    ].join('\n');
    expect(longFunctions('planted.ts', parseSource('planted.ts', source))).toEqual([
      'planted.ts:1 declared (121 lines)',
      'planted.ts:122 arrow (121 lines)',
      'planted.ts:365 outer (124 lines)',
      'planted.ts:366 inner (121 lines)',
    ]);
  });

  it('plugins/ has none', () => {
    const files = sourceFiles(['plugins']).filter((file) => !file.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => longFunctions(file, parseFile(file)))).toEqual([]);
  });
});
