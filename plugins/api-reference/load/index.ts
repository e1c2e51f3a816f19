/**
 * Reads and checks the two API documents. The rule: refuse only what stops a
 * faithful page. The build fails, before any page is compiled, on YAML/JSON
 * that does not parse, a `$ref` that leads nowhere (refs.ts), a version the
 * renderer does not know, or a container the renderer cannot walk
 * (structure.ts); the message names the file, the line and JSON pointer, the
 * rule and what to do. Every other finding of the specifications' own checks
 * (OpenAPI 3.0–3.2: the official JSON Schemas via
 * @seriousme/openapi-schema-validator; AsyncAPI 2.x/3.x: @asyncapi/parser),
 * such as a `description: null` or a keyword OpenAPI 3.0 does not allow, is a
 * warning in the same words: the pages show what the document says.
 * `reportDocumentWarnings` prints them once (or, with STRICT_DOCUMENTS=1,
 * fails the build with them). A document split over
 * several files is bundled into one (bundle.ts); local `$ref`s stay local,
 * since the renderer resolves them itself (it keeps schema names and stops at
 * recursion). An AsyncAPI 2.x document is converted to 3.0 (@asyncapi/converter)
 * and says so (`x-converted-from`, shown on the page).
 */
import path from 'node:path';
import {Validator} from '@seriousme/openapi-schema-validator';
import {Parser, DiagnosticSeverity} from '@asyncapi/parser';
import {pointer, type JsonObject} from '../document';
import {SpecError, describeProblem, type Problem} from './problem';
import {checkAsyncApiStructure, checkOpenApiStructure} from './structure';
import {pickAjvErrors, type AjvError} from './explain';
import {checkReferences} from './refs';
import {parseFile, type Parsed} from './read';
import {bundleDocument} from './bundle';
import {shareSpecificationSchemas} from './shared-spec-schemas';
import {CONVERTED_FROM} from '../asyncapi/model';

export {SpecError, type Problem} from './problem';
export {CONVERTED_FROM} from '../asyncapi/model';
export {parseFile} from './read';

/**
 * One validator and one parser per process, made on first use: a new one compiles the
 * specifications' JSON Schemas (and, for the parser, Spectral's rules) again. Measured 2026-11-28,
 * loops over the product's and the corpus's documents: an OpenAPI check 60 to 100 ms with a new
 * validator, 8 to 11 ms with the same one; an AsyncAPI parse about 0.1 s less with the same parser
 * (0.45 to 0.6 s each; 0.05 to 0.25 s once the specification's schema is compiled once per process,
 * shared-spec-schemas.ts). A build reads the documents of every release, a test process dozens.
 * Neither keeps a document between calls: the validator compiles once per OpenAPI version, and the
 * parser's cache of files reached by a `$ref` is off (`cache: false`), so a file changed between two
 * loads (the development server) is read afresh (tests/unit/reference/load.test.ts).
 */
let openApiValidator: Validator | undefined;
let asyncApiParser: Parser | undefined;

/** The OpenAPI versions the renderer and the validator both know. */
export const OPENAPI_VERSIONS = ['3.0', '3.1', '3.2'] as const;

/** Every `$ref` leads somewhere (else SpecError); returns the one-document form the builders read. */
async function resolveReferences(file: string, parsed: Parsed): Promise<JsonObject> {
  const refs = checkReferences(file, parsed, parseFile);
  if (refs.problems.length > 0) throw new SpecError(file, refs.problems, parsed.lineOf);
  return refs.external ? bundleDocument(file, parsed.text, parsed.doc) : parsed.doc;
}

/**
 * A document in the one-file form the builders read (a split document bundled, local `$ref`s kept),
 * and every file it reaches, the document first: what the release diff reads and what a release
 * keeps. No specification checks: the build has made them on the working documents.
 */
export async function readResolved(file: string): Promise<{doc: JsonObject; files: string[]}> {
  const parsed = parseFile(file);
  const refs = checkReferences(file, parsed, parseFile);
  if (refs.problems.length > 0) throw new SpecError(file, refs.problems, parsed.lineOf);
  const doc = refs.external ? await bundleDocument(file, parsed.text, parsed.doc) : parsed.doc;
  return {doc, files: refs.files};
}

/** A document as the references read it, with what its specification's checks found but the pages survive. */
export interface LoadedDocument {
  file: string;
  doc: JsonObject;
  /** The file's text as read (the download publishes it as it is when `asWritten`). */
  text: string;
  /** False when the build loaded something else from the file: a split document bundled, a 2.x one converted. */
  asWritten: boolean;
  /** Each with its line in `file` when known. */
  warnings: Problem[];
}

/** How many warnings of one document are printed; the summary line counts them all. */
const WARNINGS_SHOWN = 50;

const WARNING_HINT =
  'the page shows what the document says (an empty value stays empty, an unknown keyword is left out of the checks); correct the document to silence this warning';

/** Warnings get their line now: the report runs without the parsed file. */
function asWarnings(problems: Problem[], lineOf: (p: string) => number | undefined): Problem[] {
  return problems.map((p) => {
    const line = p.line ?? (p.file === undefined ? lineOf(p.pointer) : undefined);
    return {...p, ...(line !== undefined ? {line} : {}), hint: p.hint ?? WARNING_HINT};
  });
}

export async function readOpenApi(file: string): Promise<LoadedDocument> {
  const parsed = parseFile(file);
  const version = typeof parsed.doc.openapi === 'string' ? parsed.doc.openapi : '';
  if (!OPENAPI_VERSIONS.some((v) => version.startsWith(`${v}.`))) {
    const found =
      version !== ''
        ? `OpenAPI "${version}"`
        : typeof parsed.doc.swagger === 'string'
          ? `Swagger "${parsed.doc.swagger}"`
          : 'no "openapi" field';
    throw new SpecError(
      file,
      [
        {
          pointer: version !== '' ? '/openapi' : typeof parsed.doc.swagger === 'string' ? '/swagger' : '',
          message: `expected an OpenAPI ${OPENAPI_VERSIONS.map((v) => `${v}.x`).join(', ')} document, found ${found}`,
          hint: `the REST reference renders OpenAPI ${OPENAPI_VERSIONS.join(', ')}; convert an older (Swagger 2.0) document to OpenAPI 3 first`,
        },
      ],
      parsed.lineOf,
    );
  }
  const doc = await resolveReferences(file, parsed);
  const structure = checkOpenApiStructure(doc);
  if (structure.length > 0) throw new SpecError(file, structure.slice(0, 8), parsed.lineOf);
  openApiValidator ??= new Validator({strict: false, allErrors: true, verbose: true});
  const result = await openApiValidator.validate(structuredClone(doc));
  const problems: Problem[] = result.valid
    ? []
    : typeof result.errors === 'string' || result.errors === undefined
      ? [{pointer: '', message: String(result.errors ?? 'invalid')}]
      : pickAjvErrors(result.errors as AjvError[], Number.POSITIVE_INFINITY);
  return {
    file,
    doc,
    text: parsed.text,
    asWritten: doc === parsed.doc,
    warnings: asWarnings(problems, parsed.lineOf),
  };
}

export async function loadOpenApi(file: string): Promise<JsonObject> {
  return (await readOpenApi(file)).doc;
}

export async function readAsyncApi(file: string): Promise<LoadedDocument> {
  const parsed = parseFile(file);
  const version = typeof parsed.doc.asyncapi === 'string' ? parsed.doc.asyncapi : '';
  if (!/^[23]\./.test(version)) {
    throw new SpecError(
      file,
      [
        {
          pointer: version !== '' ? '/asyncapi' : '',
          message: `expected an AsyncAPI 2.x or 3.x document, found ${version !== '' ? `"${version}"` : 'no "asyncapi" field'}`,
          hint: 'the WebSocket reference renders AsyncAPI 3.x, and 2.x converted to 3.0 at build time',
        },
      ],
      parsed.lineOf,
    );
  }
  // References first: the parser reports one that leads nowhere without its line.
  const refs = checkReferences(file, parsed, parseFile);
  if (refs.problems.length > 0) throw new SpecError(file, refs.problems, parsed.lineOf);
  const doc = refs.external ? await bundleDocument(file, parsed.text, parsed.doc) : parsed.doc;
  const structure = checkAsyncApiStructure(doc);
  if (structure.length > 0) throw new SpecError(file, structure.slice(0, 8), parsed.lineOf);
  const source = path.resolve(file);
  if (asyncApiParser === undefined) {
    // The specification's JSON Schema compiled once, not once per document (shared-spec-schemas.ts).
    shareSpecificationSchemas();
    asyncApiParser = new Parser({__unstable: {resolver: {cache: false}}});
  }
  const {diagnostics} = await asyncApiParser.parse(parsed.text, {
    source,
    validateOptions: {allowedSeverity: {error: false, warning: true, info: true, hint: true}},
  });
  const problems = diagnostics
    .filter((d) => d.severity === DiagnosticSeverity.Error)
    .map((d): Problem => {
      const elsewhere = d.source !== undefined && d.source !== null && path.resolve(d.source) !== source;
      return {
        pointer: pointer(d.path),
        message: `${d.message}${d.code !== undefined ? ` [${String(d.code)}]` : ''}`,
        ...(elsewhere ? {file: String(d.source)} : {}),
        ...(elsewhere ? {line: d.range.start.line + 1} : {}),
      };
    });
  const warnings = asWarnings(problems, parsed.lineOf);
  const loaded = {file, text: parsed.text, warnings};
  if (version.startsWith('2.'))
    return {...loaded, doc: await convertToV3(file, doc, version), asWritten: false};
  return {...loaded, doc, asWritten: doc === parsed.doc};
}

export async function loadAsyncApi(file: string): Promise<JsonObject> {
  return (await readAsyncApi(file)).doc;
}

/** Set by scripts/build/build.ts for the build it starts after printing the documents' warnings itself. */
export const WARNINGS_REPORTED = 'API_DOCUMENT_WARNINGS_REPORTED';

/** `STRICT_DOCUMENTS=1` (or `true`): a provider's CI refuses a document with any warning. */
export function strictDocuments(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes)$/i.test(env.STRICT_DOCUMENTS ?? '');
}

/**
 * Prints every warning of the loaded documents once, each with its file, JSON pointer,
 * line, rule and what to do, then one summary line; returns the lines (for tests).
 * With `strict`, the documents' warnings fail the build instead (a SpecError per first
 * document that has any). Prints nothing when there is nothing to say.
 */
export function reportDocumentWarnings(
  documents: readonly Pick<LoadedDocument, 'file' | 'warnings'>[],
  {strict = strictDocuments(), print = (line: string) => console.warn(line)} = {},
): string[] {
  const withWarnings = documents.filter((d) => d.warnings.length > 0);
  const first = withWarnings[0];
  if (first === undefined) return [];
  if (strict)
    throw new SpecError(
      first.file,
      first.warnings,
      undefined,
      `${first.file} has ${first.warnings.length} problem(s), and STRICT_DOCUMENTS makes them errors:`,
    );
  const lines: string[] = [];
  for (const d of withWarnings) {
    for (const w of d.warnings.slice(0, WARNINGS_SHOWN))
      lines.push(`[WARNING] [api-reference] ${d.file}${describeProblem(d.file, w).replace(/^ {2}- /, ': ')}`);
    if (d.warnings.length > WARNINGS_SHOWN)
      lines.push(`[WARNING] [api-reference] ${d.file}: ${d.warnings.length - WARNINGS_SHOWN} more not shown`);
  }
  const total = withWarnings.reduce((n, d) => n + d.warnings.length, 0);
  lines.push(
    `[WARNING] [api-reference] ${total} document warning${total === 1 ? '' : 's'} (${withWarnings.map((d) => `${path.basename(d.file)}: ${d.warnings.length}`).join(', ')}): the pages show what the documents say; STRICT_DOCUMENTS=1 makes warnings errors`,
  );
  for (const line of lines) print(line);
  return lines;
}

/**
 * AsyncAPI 2.x → 3.0 with the AsyncAPI initiative's converter (from the
 * application's point of view, as 2.x `publish`/`subscribe` were written).
 */
async function convertToV3(file: string, doc: JsonObject, version: string): Promise<JsonObject> {
  const {convert} = await import('@asyncapi/converter');
  // The converter prints what it could not carry over (e.g. 2.x parameter schemas) with console.warn:
  // gather it into one line that names the document.
  const notes: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) =>
    notes.push(
      args
        .map(String)
        .join(' ')
        .replace(/\s*\n\s*/g, ' '),
    );
  let converted: JsonObject;
  try {
    converted = convert(structuredClone(doc) as {asyncapi: string}, '3.0.0') as JsonObject;
  } catch (error) {
    throw new SpecError(file, [
      {
        pointer: '',
        message: `the AsyncAPI ${version} document cannot be converted to 3.0 (${(error as Error).message})`,
        hint: 'the converter needs the structure AsyncAPI 2.x describes: correct the document, or write it in AsyncAPI 3',
      },
    ]);
  } finally {
    console.warn = warn;
  }
  if (notes.length > 0)
    console.warn(
      `[api-reference] ${file}: converted from AsyncAPI ${version} to 3.0; ${[...new Set(notes)].join('; ')}`,
    );
  return {...converted, [CONVERTED_FROM]: version};
}
