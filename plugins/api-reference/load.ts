/**
 * Reads and validates the two API documents. A document that is not valid
 * fails the build, before any page is compiled, with a message a person can
 * act on: the file, the line and JSON pointer of the problem, the rule it
 * breaks and what to do. Structure is checked by libraries that know the
 * specifications (OpenAPI 3.0–3.2: the official JSON Schemas via
 * @seriousme/openapi-schema-validator; AsyncAPI 2.x/3.x: @asyncapi/parser).
 * References are checked first, in every file (refs.ts). A document split over
 * several files is bundled into one (bundle.ts); local `$ref`s stay local,
 * since the renderer resolves them itself (it keeps schema names and stops at
 * recursion). An AsyncAPI 2.x document is converted to 3.0 (@asyncapi/converter)
 * and says so (`x-converted-from`, shown on the page).
 */
import path from 'node:path';
import {Validator} from '@seriousme/openapi-schema-validator';
import {Parser, DiagnosticSeverity} from '@asyncapi/parser';
import {pointer, type JsonObject} from './json';
import {SpecError, type Problem} from './problem';
import {pickAjvErrors, type AjvError} from './explain';
import {checkReferences} from './refs';
import {parseFile, type Parsed} from './read';
import {bundleDocument} from './bundle';
import {CONVERTED_FROM} from './asyncapi/model';

export {SpecError, type Problem} from './problem';
export {CONVERTED_FROM} from './asyncapi/model';
export {parseFile} from './read';

/** The OpenAPI versions the renderer and the validator both know. */
export const OPENAPI_VERSIONS = ['3.0', '3.1', '3.2'] as const;

/** Every `$ref` leads somewhere (else SpecError); returns the one-document form the builders read. */
async function resolveReferences(file: string, parsed: Parsed): Promise<JsonObject> {
  const refs = checkReferences(file, parsed, parseFile);
  if (refs.problems.length > 0) throw new SpecError(file, refs.problems, parsed.lineOf);
  return refs.external ? bundleDocument(file, parsed.text, parsed.doc) : parsed.doc;
}

export async function loadOpenApi(file: string): Promise<JsonObject> {
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
  const validator = new Validator({strict: false, allErrors: true, verbose: true});
  const result = await validator.validate(structuredClone(doc));
  if (!result.valid) {
    const problems: Problem[] =
      typeof result.errors === 'string' || result.errors === undefined
        ? [{pointer: '', message: String(result.errors ?? 'invalid')}]
        : pickAjvErrors(result.errors as AjvError[]);
    throw new SpecError(file, problems, parsed.lineOf);
  }
  return doc;
}

export async function loadAsyncApi(file: string): Promise<JsonObject> {
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
  const source = path.resolve(file);
  const parser = new Parser();
  const {diagnostics} = await parser.parse(parsed.text, {
    source,
    validateOptions: {allowedSeverity: {error: false, warning: true, info: true, hint: true}},
  });
  const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
  if (errors.length > 0) {
    throw new SpecError(
      file,
      errors.slice(0, 8).map((d): Problem => {
        const elsewhere = d.source !== undefined && d.source !== null && path.resolve(d.source) !== source;
        return {
          pointer: pointer(d.path),
          message: `${d.message}${d.code !== undefined ? ` [${String(d.code)}]` : ''}`,
          ...(elsewhere ? {file: String(d.source)} : {}),
          ...(elsewhere ? {line: d.range.start.line + 1} : {}),
        };
      }),
      parsed.lineOf,
    );
  }
  const doc = refs.external ? await bundleDocument(file, parsed.text, parsed.doc) : parsed.doc;
  if (version.startsWith('2.')) return convertToV3(file, doc, version);
  return doc;
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
  } finally {
    console.warn = warn;
  }
  if (notes.length > 0)
    console.warn(
      `[api-reference] ${file}: converted from AsyncAPI ${version} to 3.0; ${[...new Set(notes)].join('; ')}`,
    );
  return {...converted, [CONVERTED_FROM]: version};
}
