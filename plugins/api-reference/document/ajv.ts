/**
 * The one way the project makes an Ajv instance, at build time and in the tests:
 * the class for the JSON Schema dialect, with the standard formats (ajv-formats).
 * Each caller keeps its own options (strictness, error detail, code generation).
 * Build-time only: Ajv never ships to the browser (the validators it compiles do).
 */
import Ajv, {type Options} from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';

/** 2020-12 (OpenAPI 3.1+, AsyncAPI 3 message schemas) or draft-07 (AsyncAPI's default, OpenAPI 3.0's base). */
export type AjvDialect = '2020-12' | 'draft-07';

type AddFormats = (ajv: Ajv | Ajv2020) => unknown;

/** ajv-formats is CommonJS; under some ESM interop its default export is wrapped once more. */
const addFormats = ((addFormatsModule as unknown as {default?: unknown}).default ??
  addFormatsModule) as AddFormats;

/**
 * Annotations the project's documents put into schemas: known to every Ajv instance, so strict
 * mode accepts them, and without effect on validation (`x-reading`: plugins/api-reference/readings.ts).
 */
export const ANNOTATION_KEYWORDS = ['x-reading'] as const;

export function createAjv(dialect: '2020-12', options: Options): Ajv2020;
export function createAjv(dialect: 'draft-07', options: Options): Ajv;
export function createAjv(dialect: AjvDialect, options: Options): Ajv | Ajv2020;
export function createAjv(dialect: AjvDialect, options: Options): Ajv | Ajv2020 {
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  // As an annotation: strict mode accepts it, validation ignores it.
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv;
}
