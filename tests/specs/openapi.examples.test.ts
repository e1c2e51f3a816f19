/**
 * Every example of specs/openapi.yaml is valid against its schema (Ajv, JSON Schema 2020-12,
 * formats on). The examples are found by walking the document (see helpers/openapi-examples.ts),
 * so a new example is covered without editing this test.
 */
import {describe, expect, it} from 'vitest';
import {OpenApiSchemas, loadOpenApi} from './helpers/openapi-document';
import {collectExamples, componentExamplePointers} from './helpers/openapi-examples';

const doc = loadOpenApi();
const schemas = new OpenApiSchemas(doc);
const walk = collectExamples(doc);

/**
 * A floor below the current count (110) but far above zero, so the test cannot pass by finding
 * nothing: the 14 operations, their 38 parameters and all their responses carry examples.
 */
const MINIMUM_EXAMPLES = 90;

describe('OpenAPI examples', () => {
  it(`finds at least ${MINIMUM_EXAMPLES} examples, without structural problems`, () => {
    expect(walk.problems).toEqual([]);
    expect(walk.cases.length).toBeGreaterThanOrEqual(MINIMUM_EXAMPLES);
  });

  it('finds examples of every kind (component, media type, parameter, schema)', () => {
    const pointers = walk.cases.map((c) => c.pointer);
    expect(walk.cases.some((c) => c.source?.startsWith('/components/examples/'))).toBe(true);
    expect(pointers.some((p) => p.includes('/content/application~1json/examples/'))).toBe(true);
    expect(pointers.some((p) => p.startsWith('/components/parameters/') && p.includes('/examples/'))).toBe(
      true,
    );
    expect(pointers.some((p) => p.startsWith('/components/schemas/') && p.includes('/examples/'))).toBe(true);
  });

  it.each(walk.cases.map((c) => [c.pointer, c] as const))(
    '%s is valid against its schema',
    (pointer, example) => {
      const schemaPointer = example.schemaPointer;
      if (schemaPointer === null) throw new Error(`example at #${pointer} has no schema to validate against`);
      const result = schemas.validate(schemaPointer, example.value);
      const origin = example.source ? ` (value of #${example.source})` : '';
      expect(
        result.valid,
        `example #${pointer}${origin} is invalid against #${schemaPointer}:\n${result.errors}`,
      ).toBe(true);
    },
  );

  it('every parameter, header and media type has at least one example', () => {
    const missing = walk.holders.filter((h) => h.exampleCount === 0).map((h) => `${h.kind} #${h.pointer}`);
    expect(missing).toEqual([]);
  });

  it('every entry of components/examples is used (and therefore validated)', () => {
    const unused = componentExamplePointers(doc).filter((p) => !walk.referencedExamples.has(p));
    expect(unused).toEqual([]);
  });

  it('rejects an invalid example, so the check is not vacuous', () => {
    const result = schemas.validate('#/components/schemas/InstrumentListResponse', {
      instrument_list: [{instrument: 'BTC_EUR', tenor: '1M'}],
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toMatch(/instrument/);
  });
});
