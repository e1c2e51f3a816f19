/**
 * Compiles validator targets to standalone ES modules with Ajv, at build time.
 *
 * One Ajv instance per document and schema dialect holds the whole (prepared)
 * document under an `$id`, so `$ref`s resolve inside Ajv; each target is compiled
 * from `{$ref: '<id>#<pointer>'}` and written out as its own module. The module is
 * self-contained: Ajv's runtime helpers and function formats are replaced by the
 * sources in runtime.ts, and the result is parsed and refused if it could import,
 * require or evaluate anything.
 */
import {Name} from 'ajv';
import type Ajv from 'ajv';
import type {Options, ValidateFunction} from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import {parse} from 'acorn';
import type {SchemaDialect, ValidatorTarget} from './targets';
import type {ParsedDocument} from '../document';
import {DOCUMENT_IDS, PreparedDocument} from './prepared';
import {FORMAT_SOURCES, FORMATS_IDENTIFIER, RUNTIME_HELPERS} from './runtime';

export type CompiledModule =
  | {status: 'ready'; source: string; notes: string[]}
  | {status: 'unavailable'; source: string; reason: string};

/** Identifiers generated code may never mention: they could load or evaluate code. */
const FORBIDDEN_IDENTIFIERS = new Set([
  'eval',
  'Function',
  'require',
  'importScripts',
  'globalThis',
  'self',
  'window',
]);

interface AstNode {
  type: string;
  [key: string]: unknown;
}

function isAstNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as {type?: unknown}).type === 'string';
}

/**
 * Why `source` is not safe to ship, or null. Parses the module and walks every
 * node: no import or export-from, no dynamic import, no `import.meta`, and no
 * reference to eval, Function, require and friends.
 */
export function unsafeCodeReason(source: string): string | null {
  let program: unknown;
  try {
    program = parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
  } catch (error) {
    return `the generated code does not parse: ${(error as Error).message}`;
  }
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isAstNode(node)) continue;
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ImportExpression':
      case 'MetaProperty':
        return `the generated code contains ${node.type}`;
      case 'ExportAllDeclaration':
        return 'the generated code re-exports another module';
      case 'ExportNamedDeclaration':
        if (node.source) return 'the generated code re-exports another module';
        break;
      case 'Identifier':
        if (typeof node.name === 'string' && FORBIDDEN_IDENTIFIERS.has(node.name)) {
          return `the generated code refers to ${node.name}`;
        }
        break;
      default:
        break;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || typeof value !== 'object' || value === null) continue;
      // `data.window` and `{self: 1}` name properties, not variables.
      if (node.type === 'MemberExpression' && key === 'property' && node.computed !== true) continue;
      if (node.type === 'Property' && key === 'key' && node.computed !== true) continue;
      stack.push(value);
    }
  }
  return null;
}

const FORMAT_REFERENCE = new RegExp(
  `${FORMATS_IDENTIFIER}(?:\\.([A-Za-z_$][\\w$]*)|\\[("(?:[^"\\\\]|\\\\.)*")\\])`,
  'g',
);

/**
 * Replaces Ajv's runtime `require`s by inlined helpers and defines the function
 * formats the code refers to. Throws when the code needs something we do not have.
 */
export function makeSelfContained(ajvCode: string): string {
  let code = ajvCode.replace(/^"use strict";/, '');
  const prelude: string[] = [];
  for (const [requireExpression, helper] of Object.entries(RUNTIME_HELPERS)) {
    if (!code.includes(requireExpression)) continue;
    code = code.split(requireExpression).join(helper.identifier);
    prelude.push(helper.source);
  }
  const leftover = /require\("([^"]*)"\)/.exec(code);
  if (leftover !== null) throw new Error(`it needs the run-time module ${leftover[1]}, which is not bundled`);
  const formats = new Set<string>();
  for (const match of code.matchAll(FORMAT_REFERENCE)) {
    formats.add(match[1] ?? (JSON.parse(match[2] ?? '""') as string));
  }
  const entries = [...formats].sort().map((name) => {
    const format = FORMAT_SOURCES[name];
    if (format === undefined) throw new Error(`format "${name}" has no browser implementation`);
    return `  ${JSON.stringify(name)}: ${format.source}`;
  });
  if (entries.length > 0) prelude.push(`const ${FORMATS_IDENTIFIER} = {\n${entries.join(',\n')}\n};`);
  return `"use strict";\n${prelude.join('\n')}\n${code}\n`;
}

function header(target: ValidatorTarget): string {
  // Names come from the document: keep them on the comment's line.
  const line = `${target.target} (${target.label})`.replace(/[\r\n\u2028\u2029]/g, ' ');
  return `// Validator for ${line}, generated at build time from the API document; do not edit.\n`;
}

export function unavailableModule(target: ValidatorTarget, reason: string): CompiledModule {
  return {
    status: 'unavailable',
    reason,
    source: `${header(target)}export const target = ${JSON.stringify(target.target)};\nexport const unavailable = ${JSON.stringify(reason)};\n`,
  };
}

/** Compiles validators for the targets of one document, with one Ajv per dialect. */
export class DocumentCompiler {
  private readonly instances = new Map<SchemaDialect, {ajv: Ajv; notes: string[]}>();
  private readonly prepared: PreparedDocument;

  constructor(
    private readonly documentKind: 'openapi' | 'asyncapi',
    document: ParsedDocument,
    targets: ValidatorTarget[],
  ) {
    this.prepared = new PreparedDocument(documentKind, document, 'request');
    const byDialect = new Map<SchemaDialect, string[]>();
    for (const target of targets) {
      if (target.pointer === null) continue;
      byDialect.set(target.dialect, [...(byDialect.get(target.dialect) ?? []), target.pointer]);
    }
    for (const [dialect, roots] of byDialect) this.prepared.prepare(roots, dialect);
  }

  private instance(dialect: SchemaDialect): {ajv: Ajv; notes: string[]} {
    const existing = this.instances.get(dialect);
    if (existing !== undefined) return existing;
    const notes: string[] = [];
    const options: Options = {
      strict: false,
      allErrors: true,
      verbose: true,
      messages: false,
      validateSchema: false,
      ownProperties: true,
      multipleOfPrecision: 9,
      logger: {
        log: () => undefined,
        warn: (...args: unknown[]) => notes.push(args.map(String).join(' ')),
        error: (...args: unknown[]) => notes.push(args.map(String).join(' ')),
      },
      code: {source: true, esm: true, lines: false, formats: new Name(FORMATS_IDENTIFIER)},
    };
    const created = {ajv: this.prepared.ajv(dialect, options), notes};
    this.instances.set(dialect, created);
    return created;
  }

  compile(target: ValidatorTarget): CompiledModule {
    if (target.pointer === null)
      return unavailableModule(target, target.unavailable ?? 'there is no schema to check');
    let validate: ValidateFunction;
    let instance: {ajv: Ajv; notes: string[]};
    try {
      instance = this.instance(target.dialect);
      instance.notes.length = 0;
      validate = instance.ajv.compile({
        $ref: this.prepared.ref(target.pointer),
      });
    } catch (error) {
      // Ajv names the document by the internal id it was registered under; readers know it by its name.
      const message = (error as Error).message.split(` from id ${DOCUMENT_IDS[this.documentKind]}`).join('');
      return unavailableModule(target, `the schema at ${target.pointer} cannot be compiled: ${message}`);
    }
    let source: string;
    try {
      source = makeSelfContained(standaloneCode(instance.ajv, validate));
    } catch (error) {
      return unavailableModule(
        target,
        `the schema at ${target.pointer} cannot run in the browser: ${(error as Error).message}`,
      );
    }
    const full = `${header(target)}${source}export const target = ${JSON.stringify(target.target)};\n`;
    const unsafe = unsafeCodeReason(full);
    if (unsafe !== null) return unavailableModule(target, `the validator was not shipped because ${unsafe}`);
    return {status: 'ready', source: full, notes: [...new Set(instance.notes.map(noteInWords))]};
  }
}

/** Ajv's warnings, reworded for readers ("unknown format "decimal" ignored in schema at path …"). */
function noteInWords(note: string): string {
  const format = /unknown format "([^"]+)"/.exec(note);
  if (format !== null) return `format "${format[1]}" is not checked`;
  return note;
}
