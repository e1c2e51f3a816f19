/**
 * Loading specs/openapi.yaml and validating values against the schemas it contains.
 *
 * Schemas are never copied: the whole document is registered with Ajv under one id and every
 * validation compiles a `$ref` to a JSON pointer inside it, so `#/components/schemas/...`
 * references resolve exactly as they do for any OpenAPI 3.1 tool.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import type Ajv2020 from 'ajv/dist/2020';
import type {ErrorObject, ValidateFunction} from 'ajv/dist/2020';
import {ANNOTATION_KEYWORDS, createAjv} from '../../../plugins/api-reference/document/ajv';
import {parse} from 'yaml';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const OPENAPI_PATH = fileURLToPath(new URL('../../../specs/openapi.yaml', import.meta.url));

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function loadOpenApi(path: string = OPENAPI_PATH): JsonObject {
  const parsed: unknown = parse(readFileSync(path, 'utf8'));
  if (!isObject(parsed)) throw new Error(`${path} does not hold a YAML mapping`);
  return parsed;
}

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${escapeToken(String(token))}`;
}

/** Returns the value at a JSON pointer ('' or '/a/b'), or undefined when there is none. */
export function resolvePointer(doc: Json, pointer: string): Json | undefined {
  if (pointer === '') return doc;
  let node: Json | undefined = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else return undefined;
  }
  return node;
}

/** Follows local `$ref`s ('#/...') until a node without one; returns it with its pointer. */
export function followRef(doc: JsonObject, node: Json, pointer: string): {node: Json; pointer: string} {
  let current = node;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    const ref = current.$ref;
    if (!ref.startsWith('#') || hops > 20) throw new Error(`cannot follow $ref ${ref} at ${at}`);
    at = decodeURIComponent(ref.slice(1));
    const target = resolvePointer(doc, at);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    current = target;
  }
  return {node: current, pointer: at};
}

export interface ValidationResult {
  valid: boolean;
  /** Readable Ajv errors, empty when valid. */
  errors: string;
}

const DOCUMENT_ID = 'https://openapi.test/specs/openapi.yaml';
/** OpenAPI keywords that may appear in a 3.1 Schema Object besides JSON Schema 2020-12. */
const OPENAPI_SCHEMA_KEYWORDS = ['example', 'discriminator', 'xml', 'externalDocs'];

/** Every `x-` key used anywhere in the document, so Ajv's strict mode accepts extensions. */
function extensionKeys(node: Json, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => extensionKeys(item, found));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeys(value, found);
    }
  }
  return found;
}

function formatErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map(
      (error) =>
        `${error.instancePath || '(root)'} ${error.message ?? ''} [${error.schemaPath}] ${JSON.stringify(error.params)}`,
    )
    .join('\n');
}

/** Validates values against schemas of the OpenAPI document, addressed by JSON pointer. */
export class OpenApiSchemas {
  readonly doc: JsonObject;
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(doc: JsonObject = loadOpenApi()) {
    this.doc = doc;
    // Schema steps such as 0.001 are decimal steps; a small tolerance keeps binary floating point
    // from rejecting valid values like 1.001 (strict division gives 1000.9999999999999).
    // strictRequired is off: `required` inside oneOf branches naming properties declared by the
    // parent schema (the Amount rule) is valid JSON Schema that Ajv's strict mode would refuse.
    this.ajv = createAjv('2020-12', {
      strict: true,
      strictRequired: false,
      allErrors: true,
      multipleOfPrecision: 9,
    });
    // createAjv knows the project's annotation keywords (x-reading) already.
    const known: readonly string[] = ANNOTATION_KEYWORDS;
    this.ajv.addVocabulary(
      [...OPENAPI_SCHEMA_KEYWORDS, ...extensionKeys(doc)].filter((key) => !known.includes(key)),
    );
    // Ajv compiles the root of a registered schema before resolving a pointer into it; the root
    // fields of an OpenAPI document (openapi, info, paths, components …) are not schema keywords.
    this.ajv.addVocabulary(Object.keys(doc).filter((key) => !this.ajv.getKeyword(key)));
    this.ajv.addSchema(doc, DOCUMENT_ID);
  }

  /** The compiled validator of the schema at `pointer` ('#/components/schemas/Id' or '/paths/...'). */
  validatorAt(pointer: string): ValidateFunction {
    const plain = pointer.startsWith('#') ? pointer.slice(1) : pointer;
    const cached = this.compiled.get(plain);
    if (cached) return cached;
    if (resolvePointer(this.doc, plain) === undefined) throw new Error(`no schema at #${plain}`);
    const fragment = plain
      .split('/')
      .map((token) => encodeURIComponent(token))
      .join('/');
    const validate = this.ajv.compile({$ref: `${DOCUMENT_ID}#${fragment}`});
    this.compiled.set(plain, validate);
    return validate;
  }

  validate(pointer: string, value: unknown): ValidationResult {
    const validate = this.validatorAt(pointer);
    const valid = validate(value);
    return {valid, errors: valid ? '' : formatErrors(validate.errors)};
  }

  /** Shorthand for `#/components/schemas/<name>`. */
  validateSchema(name: string, value: unknown): ValidationResult {
    return this.validate(`#/components/schemas/${escapeToken(name)}`, value);
  }
}
