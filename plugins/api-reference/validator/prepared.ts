/**
 * One prepared document: the copy of an API document that Ajv sees, its schemas rewritten to
 * plain JSON Schema (prepare.ts: OpenAPI 3.0's `nullable` and boolean exclusive bounds,
 * annotations dropped) and registered in one Ajv per dialect. The reader's validators
 * (compile.ts), the build's example check (exampleCheck.ts) and the WebSocket mock
 * (scripts/mock/ws.ts) all validate through it, so an example the build accepts is one the
 * reader's validator and the mock accept, and the reverse.
 */
import type Ajv from 'ajv';
import type {Options, ValidateFunction} from 'ajv';
import {createAjv} from '../document/ajv';
import type {JsonObject, ParsedDocument} from '../document';
import {prepareSchemas, type SchemaUse} from './prepare';
import type {SchemaDialect} from './targets';

/** Base URIs the documents are registered under inside Ajv (never fetched). */
export const DOCUMENT_IDS = {
  openapi: 'https://api-reference.invalid/openapi.json',
  asyncapi: 'https://api-reference.invalid/asyncapi.json',
} as const;

export type DocumentKind = keyof typeof DOCUMENT_IDS;

/** How values are checked in Node (`validator()`): every error, schemas not validated against their meta-schema. */
export const CHECK_OPTIONS: Options = {strict: false, allErrors: true, validateSchema: false};

/** A JSON pointer as a URI fragment (each segment percent-encoded). */
function pointerFragment(pointer: string): string {
  return pointer
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

export class PreparedDocument {
  /** The copy Ajv sees; the caller's document is never changed. */
  readonly document: JsonObject;
  private readonly prepared = new Map<SchemaDialect, Set<string>>();
  private readonly instances = new Map<SchemaDialect, Ajv>();
  private readonly validators = new Map<string, ValidateFunction>();

  /**
   * `use`: `request` for what a reader sends (a read-only field is not required of them), `any`
   * for a value the document shows in any direction (an example of a response keeps them required).
   */
  constructor(
    readonly kind: DocumentKind,
    document: ParsedDocument,
    private readonly use: SchemaUse,
  ) {
    this.document = structuredClone(document) as JsonObject;
    // The copy is registered under DOCUMENT_IDS: an id of its own would take precedence.
    for (const key of ['$id', '$schema', 'id', '$anchor', '$dynamicAnchor'])
      Reflect.deleteProperty(this.document, key);
  }

  /** Rewrites the schemas reachable from `roots` (JSON pointers) for `dialect`, each root once. */
  prepare(roots: readonly string[], dialect: SchemaDialect): void {
    const done = this.prepared.get(dialect) ?? new Set<string>();
    this.prepared.set(dialect, done);
    const fresh = roots.filter((root) => !done.has(root));
    if (fresh.length === 0) return;
    // Dialects only differ in OpenAPI 3.0 rewrites, which are harmless for the others.
    prepareSchemas(this.document, fresh, dialect, this.use);
    for (const root of fresh) done.add(root);
  }

  /**
   * The Ajv of a dialect with the prepared document registered in it; `options` apply when it is
   * made (the first call for the dialect). OpenAPI 3.0 schemas are prepared into draft-07.
   */
  ajv(dialect: SchemaDialect, options: Options): Ajv {
    const existing = this.instances.get(dialect);
    if (existing !== undefined) return existing;
    const ajv = createAjv(dialect === '2020-12' ? '2020-12' : 'draft-07', options);
    ajv.addSchema(this.document, DOCUMENT_IDS[this.kind]);
    this.instances.set(dialect, ajv);
    return ajv;
  }

  /**
   * A validator of the schema at `pointer`, read in `dialect`, for checking values in Node (the
   * build's example check, the WebSocket mock): prepared and compiled once, with CHECK_OPTIONS. The
   * reader's validators are compiled from the same prepared schemas to standalone code (compile.ts).
   */
  validator(pointer: string, dialect: SchemaDialect): ValidateFunction {
    const key = `${dialect}#${pointer}`;
    const known = this.validators.get(key);
    if (known !== undefined) return known;
    this.prepare([pointer], dialect);
    const validate = this.ajv(dialect, CHECK_OPTIONS).compile({$ref: this.ref(pointer)});
    this.validators.set(key, validate);
    return validate;
  }

  /** The `$ref` that names the schema at `pointer` inside the registered document. */
  ref(pointer: string): string {
    return `${DOCUMENT_IDS[this.kind]}#${pointerFragment(pointer)}`;
  }
}
