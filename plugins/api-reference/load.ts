/**
 * Reads and validates the two API documents. A document that is not valid
 * fails the build with a message a person can act on: the file, the JSON
 * pointer (and line) of the problem and the rule it breaks. Structure is
 * checked by libraries that know the specifications (OpenAPI: the official
 * JSON Schemas via @seriousme/openapi-schema-validator; AsyncAPI: the
 * @asyncapi/parser); local `$ref`s are checked here because the renderer
 * resolves them itself (it keeps schema names and stops at recursion).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Validator} from '@seriousme/openapi-schema-validator';
import {Parser, DiagnosticSeverity} from '@asyncapi/parser';
import {LineCounter, parseDocument, isMap, isNode, isScalar, isSeq} from 'yaml';
import {isObject, pointer, resolvePointer, type Json, type JsonObject} from './json';

export interface Problem {
  pointer: string;
  message: string;
}

/** The error the build fails with: every problem named by file, pointer, line and reason. */
export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly problems: Problem[],
    lines: (pointer: string) => number | undefined = () => undefined,
  ) {
    super(
      `${file} is not a valid API document:\n${problems
        .map((p) => {
          const line = lines(p.pointer);
          return `  - at JSON pointer "${p.pointer}"${line !== undefined ? ` (line ${line})` : ''}: ${p.message}`;
        })
        .join('\n')}`,
    );
    this.name = 'SpecError';
  }
}

interface Parsed {
  doc: JsonObject;
  text: string;
  /** Line (1-based) of the node at a JSON pointer, for error messages. */
  lineOf: (pointer: string) => number | undefined;
}

function tokens(jsonPointer: string): string[] {
  return jsonPointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function parseFile(file: string): Parsed {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SpecError(file, [{pointer: '', message: `cannot read the file (${(error as Error).message})`}]);
  }
  const counter = new LineCounter();
  const document = parseDocument(source, {lineCounter: counter, uniqueKeys: true});
  if (document.errors.length > 0) {
    throw new SpecError(
      file,
      document.errors.map((e) => ({
        pointer: '',
        message: `not valid YAML/JSON at line ${e.linePos?.[0]?.line ?? '?'}: ${e.message.split('\n')[0] ?? ''}`,
      })),
    );
  }
  const doc = document.toJS({maxAliasCount: 1000}) as Json;
  if (!isObject(doc))
    throw new SpecError(file, [{pointer: '', message: 'the document must be an object at its root'}]);
  // The line of the key (for a mapping entry) or of the item (in a sequence): where a person looks.
  const lineOf = (p: string): number | undefined => {
    const path = tokens(p).map((t) => (/^\d+$/.test(t) ? Number(t) : t));
    const last = path.pop();
    const parent = path.length === 0 ? document.contents : document.getIn(path, true);
    let offset: number | undefined;
    if (last === undefined) offset = isNode(parent) ? parent.range?.[0] : undefined;
    else if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === String(last));
      offset = isNode(pair?.key) ? pair.key.range?.[0] : undefined;
    } else if (isSeq(parent) && typeof last === 'number') {
      const item = parent.items[last];
      offset = isNode(item) ? item.range?.[0] : undefined;
    }
    return offset !== undefined ? counter.linePos(offset).line : undefined;
  };
  return {doc, text: source, lineOf};
}

/** Every local `$ref` must lead somewhere; external ones are not resolved by this renderer. */
export function checkRefs(doc: JsonObject): Problem[] {
  const problems: Problem[] = [];
  const visit = (node: Json, at: (string | number)[]): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, [...at, i]));
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (!ref.startsWith('#')) {
        problems.push({
          pointer: pointer([...at, '$ref']),
          message: `external reference "${ref}" is not supported: bundle the document into one file first`,
        });
      } else if (resolvePointer(doc, ref) === undefined) {
        problems.push({
          pointer: pointer([...at, '$ref']),
          message: `reference "${ref}" points to nothing in this document`,
        });
      }
    }
    for (const [key, child] of Object.entries(node)) {
      // Examples are data, not schema: a "$ref" key inside one is a value.
      if (key === 'example' || key === 'examples' || key === 'const' || key === 'default' || key === 'enum')
        continue;
      visit(child, [...at, key]);
    }
  };
  visit(doc, []);
  return problems;
}

/** Ajv reports every failed branch of a oneOf; the deepest few are the ones that name the real mistake. */
function pickAjvErrors(
  errors: {instancePath: string; message?: string; params?: unknown; keyword: string}[],
): Problem[] {
  const deepest = Math.max(...errors.map((e) => e.instancePath.split('/').length));
  const chosen = errors.filter((e) => e.instancePath.split('/').length >= deepest - 1);
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const e of chosen) {
    const extra = isObject(e.params)
      ? Object.entries(e.params)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join(', ')
      : '';
    const message = `${e.message ?? e.keyword}${extra !== '' ? ` (${extra})` : ''}`;
    const key = `${e.instancePath} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({pointer: e.instancePath, message});
    if (out.length >= 8) break;
  }
  return out;
}

export async function loadOpenApi(file: string): Promise<JsonObject> {
  const {doc, lineOf} = parseFile(file);
  const version = typeof doc.openapi === 'string' ? doc.openapi : '';
  if (!/^3\.[01]\./.test(version)) {
    throw new SpecError(
      file,
      [
        {
          pointer: '/openapi',
          message: `expected an OpenAPI 3.0 or 3.1 document, found "${version || 'no openapi field'}"`,
        },
      ],
      lineOf,
    );
  }
  // References first: the schema validator stops at an unresolvable one without saying where.
  const refs = checkRefs(doc);
  if (refs.length > 0) throw new SpecError(file, refs, lineOf);
  const validator = new Validator({strict: false, allErrors: true});
  const result = await validator.validate(structuredClone(doc));
  if (!result.valid) {
    const problems =
      typeof result.errors === 'string' || result.errors === undefined
        ? [{pointer: '', message: String(result.errors ?? 'invalid')}]
        : pickAjvErrors(result.errors);
    throw new SpecError(file, problems, lineOf);
  }
  return doc;
}

export async function loadAsyncApi(file: string): Promise<JsonObject> {
  const {doc, text, lineOf} = parseFile(file);
  const version = typeof doc.asyncapi === 'string' ? doc.asyncapi : '';
  if (!/^3\./.test(version)) {
    throw new SpecError(
      file,
      [
        {
          pointer: '/asyncapi',
          message: `expected an AsyncAPI 3.x document, found "${version || 'no asyncapi field'}"`,
        },
      ],
      lineOf,
    );
  }
  const refs = checkRefs(doc);
  if (refs.length > 0) throw new SpecError(file, refs, lineOf);
  const parser = new Parser();
  const {diagnostics} = await parser.parse(text, {
    source: path.resolve(file),
    validateOptions: {allowedSeverity: {error: false, warning: true, info: true, hint: true}},
  });
  const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
  if (errors.length > 0) {
    throw new SpecError(
      file,
      errors.slice(0, 8).map((d) => ({
        pointer: pointer(d.path),
        message: `${d.message}${d.code !== undefined ? ` [${String(d.code)}]` : ''}`,
      })),
      lineOf,
    );
  }
  return doc;
}
