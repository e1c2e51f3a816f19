/**
 * A downloaded JSON Schema compiled as a consumer would compile it: Ajv for draft 2020-12, with
 * formats, strict about unknown keywords, its style lints off (tests/unit/machine/ws-schemas.test.ts,
 * tests/build/machine-readable.test.ts).
 */
import type Ajv2020 from 'ajv/dist/2020';
import {createAjv} from '../../plugins/api-reference/document/ajv';
import type {JsonObject} from '../../plugins/api-reference/document';

export function compileAsConsumer(schema: JsonObject): ReturnType<Ajv2020['compile']> {
  const ajv = createAjv('2020-12', {
    allErrors: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    strictTuples: false,
  });
  return ajv.compile(schema);
}
