/**
 * @asyncapi/parser checks a document against the AsyncAPI specification's JSON Schema with
 * Spectral's `schema` function, and Spectral keeps the validators it compiles per document: one set
 * of Ajv instances for each document it lints, so that two documents' own schemas (a payload's
 * `$id`, checked against its examples) never meet. The specification's schema is the same for every
 * document, yet it is compiled again for each one. Measured 2026-11-29 on the 2-core machine: a parse
 * of a 3 KB AsyncAPI 3.0 document took 0.95 to 1.2 s, 0.9 s of it in Ajv compiling that schema; with
 * the compiled schema kept, 0.05 to 0.25 s. A build reads the working documents and every recorded
 * release's; a test process, dozens.
 *
 * `shareSpecificationSchemas` keeps the specification's schemas compiled once per process: the
 * factory Spectral calls for each document (`createAjvInstances`, in the module of its `schema`
 * function that the parser loads) is wrapped so that those schemas, and only those, go to one set of
 * Ajv instances shared by every document. What it shares is recognised twice: by the `$id` the
 * parser gives its copies (`…/asyncapi-resolved.json` and `…/asyncapi-unresolved.json`) and by
 * being the very object first seen with that `$id` (the parser builds each copy once and keeps it).
 * Everything else, a document's own schemas included, stays with that document's instances, as
 * before. The diagnostics are the same (tests/unit/reference/shared-spec-schemas.test.ts compares
 * them with the parser's own in a process where nothing is shared).
 *
 * Should a later release of either package move that module or its factory, nothing is wrapped,
 * parses cost what they cost before, and the test above fails to say so.
 */
import {createRequire} from 'node:module';

/** The validator Spectral asks its factory's result for: one per schema, dialect and error mode. */
type AssignValidator = (schema: {$id?: unknown}, dialect: string, allErrors: boolean) => unknown;

/** The module of Spectral's `schema` function that makes its Ajv instances (an internal file). */
interface SpectralAjvModule {
  createAjvInstances: () => AssignValidator;
  [SHARED]?: true;
}

const SHARED = Symbol.for('trading-api-docs.shared-asyncapi-specification-schemas');
const AJV_MODULE = '@stoplight/spectral-functions/dist/schema/ajv.js';

/** The `$id`s @asyncapi/parser gives its two copies of a specification version's schema. */
const SPECIFICATION_SCHEMA_ID =
  /^http:\/\/asyncapi\.com\/definitions\/[^/]+\/asyncapi-(?:resolved|unresolved)\.json$/;

function spectralAjvModule(): SpectralAjvModule | undefined {
  try {
    // The copy the parser itself loads: resolved from the parser's own folder.
    const fromParser = createRequire(createRequire(import.meta.url).resolve('@asyncapi/parser'));
    const loaded: unknown = fromParser(AJV_MODULE);
    const module = loaded as Partial<SpectralAjvModule> | null;
    return typeof module?.createAjvInstances === 'function' ? (module as SpectralAjvModule) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shares the AsyncAPI specification's compiled schemas between the documents this process parses
 * (once per process: a second call changes nothing). True when they are shared, false when the
 * installed packages no longer have what it wraps.
 */
export function shareSpecificationSchemas(): boolean {
  const module = spectralAjvModule();
  if (module === undefined) return false;
  if (module[SHARED] === true) return true;
  const perDocument = module.createAjvInstances;
  let shared: AssignValidator | undefined;
  /** Each specification schema `$id`, with the object first seen with it. */
  const firstSeen = new Map<string, object>();
  module.createAjvInstances = () => {
    const own = perDocument();
    return (schema, dialect, allErrors) => {
      const id = schema.$id;
      if (typeof id === 'string' && SPECIFICATION_SCHEMA_ID.test(id)) {
        if (!firstSeen.has(id)) firstSeen.set(id, schema);
        if (firstSeen.get(id) === schema) return (shared ??= perDocument())(schema, dialect, allErrors);
      }
      return own(schema, dialect, allErrors);
    };
  };
  module[SHARED] = true;
  return true;
}
