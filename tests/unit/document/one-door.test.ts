/**
 * One door to the documents: the HTTP method list, `$ref` chain walking, JSON pointer escaping,
 * the JSON object check, the walkers (`deref`, `locate`, `pathItemOperations`, …) and the Ajv
 * factory live in plugins/api-reference/document/ (the browser's share of them in client/json.ts,
 * which document/ re-exports; Ajv instances in validator/prepared.ts) and nowhere else in plugins/,
 * src/ or scripts/. A second copy drifts (the release diff's method list lacked `query`; the chain
 * walkers had three hop limits and three answers to a loop; the mock had an Ajv of its own), so
 * this test fails on one. It reads syntax, not text (the TypeScript parser): an arrow function, a
 * method or a line break does not hide a copy.
 */
import {describe, expect, it} from 'vitest';
import ts from 'typescript';
import {
  bare,
  isFunctionWithBody,
  lineOf,
  nameOfFunction,
  nodesOf,
  parseFile,
  parseSource,
  returnedExpression,
  sourceFiles,
  type FunctionNode,
} from '../../helpers/syntax';

const DOOR = ['plugins/api-reference/document/', 'plugins/api-reference/client/json.ts'];
/** Where Ajv instances are made from the factory: the one prepared document. */
const AJV_HOME = ['plugins/api-reference/document/ajv.ts', 'plugins/api-reference/validator/prepared.ts'];

/**
 * The door's modules whose exported functions no other module may define under the same name.
 * document/json.ts is left out: its value readers (`asObject`, `text`, …) are not walkers, and
 * `text` is a common word for other things (a hast node's text).
 */
const WALKER_MODULES = [
  'plugins/api-reference/client/json.ts',
  'plugins/api-reference/document/pointer.ts',
  'plugins/api-reference/document/operations.ts',
  'plugins/api-reference/document/messages.ts',
  'plugins/api-reference/document/ajv.ts',
  'plugins/api-reference/document/subschemas.ts',
];

/** Files that hold what looks like a copy but is not one, each with the reason. */
const ALLOWED: Record<string, string> = {
  'src/components/ApiReference/RequestBuilder/snippet.ts':
    "PYTHON_METHODS lists the methods Python's requests library has a function for (requests.get, …), not a document's methods",
};

const HTTP_METHOD = /^(get|put|post|delete|options|head|patch|trace|query)$/i;

interface Hit {
  line: number;
  text: string;
}

const hit = (node: ts.Node): Hit => ({
  line: lineOf(node),
  text: node.getText().replace(/\s+/g, ' ').slice(0, 80),
});

// What a second copy looks like, each as a finder over one parsed file.

/** An array literal naming three or more HTTP methods. */
function methodLists(file: ts.SourceFile): Hit[] {
  return [...nodesOf(file)]
    .filter(ts.isArrayLiteralExpression)
    .filter(
      (array) =>
        array.elements.filter((e) => ts.isStringLiteralLike(e) && HTTP_METHOD.test(e.text)).length >= 3,
    )
    .map(hit);
}

/** True when an expression reads `$ref` (`node.$ref`, `node['$ref']`, `'$ref' in node`). */
function readsRef(node: ts.Node | undefined): boolean {
  if (node === undefined) return false;
  return [...nodesOf(node)].some(
    (n) =>
      (ts.isPropertyAccessExpression(n) && n.name.text === '$ref') ||
      (ts.isStringLiteralLike(n) && n.text === '$ref'),
  );
}

/** A loop whose header reads `$ref`: a hand-written chain walk. */
function refLoops(file: ts.SourceFile): Hit[] {
  return [...nodesOf(file)]
    .filter((n) => {
      if (ts.isWhileStatement(n) || ts.isDoStatement(n)) return readsRef(n.expression);
      if (ts.isForStatement(n)) return [n.initializer, n.condition, n.incrementor].some(readsRef);
      if (ts.isForOfStatement(n) || ts.isForInStatement(n)) return readsRef(n.expression);
      return false;
    })
    .map(hit);
}

const ESCAPE_TEXT = new Set(['~', '~0', '~1']);

/** `~0`/`~1` escaping or unescaping written out: a replace, split or join with `~`, `~0` or `~1`. */
function pointerEscapes(file: ts.SourceFile): Hit[] {
  return [...nodesOf(file)]
    .filter(ts.isCallExpression)
    .filter((call) => {
      const callee = call.expression;
      if (
        !ts.isPropertyAccessExpression(callee) ||
        !/^(replace|replaceAll|split|join)$/.test(callee.name.text)
      )
        return false;
      return call.arguments.some((arg) => {
        if (ts.isStringLiteralLike(arg)) return arg.text === '~0' || arg.text === '~1';
        if (arg.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const pattern = /^\/(.*)\/[a-z]*$/.exec(arg.getText())?.[1] ?? '';
          return ESCAPE_TEXT.has(pattern);
        }
        return false;
      });
    })
    .map(hit);
}

/** `typeof x === 'object'` (either side) for the identifier `name`. */
function isTypeofObject(e: ts.Expression, name: string): boolean {
  const b = bare(e);
  if (!ts.isBinaryExpression(b)) return false;
  if (
    ![ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(b.operatorToken.kind)
  )
    return false;
  const sides = [bare(b.left), bare(b.right)];
  const typeofSide = sides.find(ts.isTypeOfExpression);
  const literal = sides.find(ts.isStringLiteralLike);
  return (
    typeofSide !== undefined &&
    literal?.text === 'object' &&
    ts.isIdentifier(bare(typeofSide.expression)) &&
    (bare(typeofSide.expression) as ts.Identifier).text === name
  );
}

/** `!Array.isArray(x)` for the identifier `name`. */
function isNotArray(e: ts.Expression, name: string): boolean {
  const b = bare(e);
  if (!ts.isPrefixUnaryExpression(b) || b.operator !== ts.SyntaxKind.ExclamationToken) return false;
  const call = bare(b.operand);
  return (
    ts.isCallExpression(call) &&
    call.expression.getText() === 'Array.isArray' &&
    call.arguments.length === 1 &&
    call.arguments[0] !== undefined &&
    bare(call.arguments[0]).getText() === name
  );
}

/** The operands of an `&&` chain. */
function conjuncts(e: ts.Expression): ts.Expression[] {
  const b = bare(e);
  return ts.isBinaryExpression(b) && b.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
    ? [...conjuncts(b.left), ...conjuncts(b.right)]
    : [b];
}

/**
 * A function that tells a JSON object from null and arrays: a private copy of isObject, whatever
 * its name and however it is written (declaration, arrow, method), and any function named isObject.
 */
function objectChecks(file: ts.SourceFile): Hit[] {
  return [...nodesOf(file)]
    .filter(isFunctionWithBody)
    .filter((fn) => {
      if (nameOfFunction(fn) === 'isObject') return true;
      const param = fn.parameters[0]?.name;
      const returned = returnedExpression(fn);
      if (param === undefined || !ts.isIdentifier(param) || returned === undefined) return false;
      const parts = conjuncts(returned);
      return parts.some((p) => isTypeofObject(p, param.text)) && parts.some((p) => isNotArray(p, param.text));
    })
    .map(hit);
}

/** A function defined under the name of one of the door's walkers (a hand-written `locate`, `deref`, …). */
function walkerCopies(names: ReadonlySet<string>): (file: ts.SourceFile) => Hit[] {
  return (file) =>
    [...nodesOf(file)]
      .filter(isFunctionWithBody)
      .filter((fn: FunctionNode) => names.has(nameOfFunction(fn) ?? ''))
      .map((fn) => ({...hit(fn), text: `${nameOfFunction(fn) ?? ''}: ${hit(fn).text}`}));
}

/** An Ajv made here: `new Ajv…(…)` or a call of the factory. */
function ajvInstances(file: ts.SourceFile): Hit[] {
  return [...nodesOf(file)]
    .filter(
      (n) =>
        (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && /^Ajv/.test(n.expression.text)) ||
        (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'createAjv'),
    )
    .map(hit);
}

/** The functions the walker modules export. */
function walkerNames(): Set<string> {
  const names = new Set<string>();
  for (const file of WALKER_MODULES)
    for (const statement of parseFile(file).statements) {
      const exported = (ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : []).some(
        (m) => m.kind === ts.SyntaxKind.ExportKeyword,
      );
      if (exported && ts.isFunctionDeclaration(statement) && statement.name !== undefined)
        names.add(statement.name.text);
    }
  return names;
}

const WALKERS = walkerNames();

const DETECTORS: Record<string, (file: ts.SourceFile) => Hit[]> = {
  'an HTTP method list': methodLists,
  'a $ref loop': refLoops,
  'a pointer escape': pointerEscapes,
  'a private isObject': objectChecks,
  "a copy of a door's walker": walkerCopies(WALKERS),
};

const parse = (source: string): ts.SourceFile => parseSource('planted.ts', source);

describe('one door to the documents', () => {
  it("knows the door's walkers by name", () => {
    for (const name of [
      'isObject',
      'locate',
      'deref',
      'derefAt',
      'atPointer',
      'pathItemOperations',
      'createAjv',
    ])
      expect(WALKERS.has(name), name).toBe(true);
  });

  it('each detector finds what it looks for, however it is written (so the check below can fail)', () => {
    expect(methodLists(parse(`const M = ['get', 'put', 'post'];`))).toHaveLength(1);
    expect(methodLists(parse(`const M = [\n  'GET',\n  'PUT',\n  'POST',\n];`))).toHaveLength(1);
    expect(methodLists(parse(`const M = ['get', 'name'];`))).toHaveLength(0);

    expect(
      refLoops(parse('while (isObject(n) && typeof n.$ref === "string") { n = next(n); }')),
    ).toHaveLength(1);
    expect(refLoops(parse('for (let i = 0; i < 9 && node.$ref; i++) {}'))).toHaveLength(1);
    expect(refLoops(parse("do { n = f(n); } while ('$ref' in n);"))).toHaveLength(1);
    expect(refLoops(parse('while (\n  node\n    .$ref\n) {}'))).toHaveLength(1);
    expect(refLoops(parse('for (const ref of refs) {}'))).toHaveLength(0);

    expect(pointerEscapes(parse(`t.replace(/~1/g, '/').replace(/~0/g, '~')`))).toHaveLength(2);
    expect(pointerEscapes(parse(`t.replace(/~/g, '~0')`))).toHaveLength(1);
    expect(pointerEscapes(parse(`t.split('~1').join('/')`))).toHaveLength(1);
    expect(pointerEscapes(parse(`t.replace(/~x/g, '-')`))).toHaveLength(0);

    // The isObject the house had missed: an arrow function (scripts/tools/compare-builds.ts).
    expect(
      objectChecks(
        parse(
          `const isObject = (x: unknown): x is Record<string, unknown> =>\n  x !== null && typeof x === 'object' && !Array.isArray(x);`,
        ),
      ),
    ).toHaveLength(1);
    expect(
      objectChecks(
        parse(
          `function isPlain(v: unknown): v is R {\n  return typeof v === 'object' && v !== null && !Array.isArray(v);\n}`,
        ),
      ),
    ).toHaveLength(1);
    expect(
      objectChecks(
        parse(`class C { plain(v: unknown) { return !Array.isArray(v) && 'object' === typeof v; } }`),
      ),
    ).toHaveLength(1);
    expect(
      objectChecks(parse(`function isNode(v: unknown) { return typeof v === 'object' && v !== null; }`)),
    ).toHaveLength(0);

    // The locate the house had missed: the diff's own, in any form.
    const copies = walkerCopies(WALKERS);
    expect(
      copies(parse(`function locate(doc: unknown, plain: string) { return plain ? doc : undefined; }`)),
    ).toHaveLength(1);
    expect(
      copies(parse(`export const locate = (doc: unknown, plain: string) => (plain ? doc : undefined);`)),
    ).toHaveLength(1);
    expect(copies(parse(`const walk = { locate(doc: unknown) { return doc; } };`))).toHaveLength(1);
    expect(copies(parse(`import {locate} from '../document';\nlocate(doc, '/a');`))).toHaveLength(0);

    expect(ajvInstances(parse(`const ajv = new Ajv2020({strict: false});`))).toHaveLength(1);
    expect(ajvInstances(parse(`const ajv = createAjv('draft-07', {});`))).toHaveLength(1);
  });

  it('plugins/, src/ and scripts/ hold none of them outside document/', () => {
    const found: string[] = [];
    const files = sourceFiles(['plugins', 'src', 'scripts']).filter(
      (file) => !DOOR.some((door) => file.startsWith(door)) && ALLOWED[file] === undefined,
    );
    for (const file of files) {
      const parsed = parseFile(file);
      const detectors = {
        ...DETECTORS,
        ...(AJV_HOME.includes(file) ? {} : {'an Ajv of its own': ajvInstances}),
      };
      for (const [what, detect] of Object.entries(detectors))
        for (const h of detect(parsed)) found.push(`${file}:${h.line}: ${what}: ${h.text}`);
    }
    expect(found).toEqual([]);
  });

  it('the allow-list names only files that still need it', () => {
    for (const file of Object.keys(ALLOWED)) {
      const parsed = parseFile(file);
      const hits = Object.values(DETECTORS).flatMap((detect) => detect(parsed));
      expect(hits, `${file} no longer holds a copy: remove it from ALLOWED`).not.toEqual([]);
    }
  });
});
