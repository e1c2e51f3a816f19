/**
 * Every example in specs/asyncapi.yaml must be valid against the schema it illustrates.
 *
 * The document is parsed and resolved by @asyncapi/parser; the test walks all messages
 * and all schemas it finds, so an example added later is checked without editing this
 * file. Schemas are compiled with Ajv's draft-07 class (AsyncAPI 3.0's default schema
 * format is a superset of JSON Schema Draft 07) plus ajv-formats for `date-time`.
 */
import {readFileSync} from 'node:fs';
import {Parser, type AsyncAPIDocumentInterface} from '@asyncapi/parser';
import {beforeAll, describe, expect, it} from 'vitest';
import {
  ASYNCAPI_PATH,
  createAjv,
  formatErrors,
  isObject,
  loadYamlDocument,
  withoutExtensions,
  type Json,
} from './helpers/asyncapi-schemas';

interface ExampleCase {
  /** Where the example lives, for the failure message. */
  where: string;
  schema: Json;
  example: unknown;
}

/** At least one example per message (15 messages); 23 are written today. */
// 22: the invented `CLOSED` answer to unsubscribe_channel was removed (issue 13).
const MIN_MESSAGE_EXAMPLES = 22;
const MIN_SCHEMA_EXAMPLES = 12;

let messageExamples: ExampleCase[] = [];
let schemaExamples: ExampleCase[] = [];
let messagesWithoutExamples: string[] = [];
let unnamedExamples: string[] = [];

function collect(document: AsyncAPIDocumentInterface): void {
  messageExamples = [];
  schemaExamples = [];
  messagesWithoutExamples = [];
  unnamedExamples = [];

  for (const message of document.allMessages().all()) {
    const id = message.id();
    const payload = message.payload();
    const examples = message.examples().all();
    if (examples.length === 0) messagesWithoutExamples.push(id);
    examples.forEach((example, index) => {
      const where = `message ${id}, example ${index} (${example.name() ?? 'unnamed'})`;
      if (!example.hasName()) unnamedExamples.push(where);
      if (!payload) throw new Error(`message ${id} has examples but no payload`);
      messageExamples.push({where, schema: withoutExtensions(payload.json()), example: example.payload()});
    });
  }

  for (const schema of document.allSchemas().all()) {
    (schema.examples() ?? []).forEach((example, index) => {
      schemaExamples.push({
        where: `schema ${schema.id()}, example ${index}`,
        schema: withoutExtensions(schema.json()),
        example,
      });
    });
  }
}

/** Counts message examples straight from the YAML, to check that the walk misses none. */
function countMessageExamplesInYaml(): number {
  const doc = loadYamlDocument(ASYNCAPI_PATH);
  const components = doc.components;
  const messages = isObject(components) ? components.messages : undefined;
  if (!isObject(messages)) return 0;
  return Object.values(messages).reduce<number>((total, message) => {
    const examples = isObject(message) ? message.examples : undefined;
    return total + (Array.isArray(examples) ? examples.length : 0);
  }, 0);
}

function validate(ajv: ReturnType<typeof createAjv>, testCase: ExampleCase): string | null {
  if (!isObject(testCase.schema) && typeof testCase.schema !== 'boolean') {
    return `${testCase.where}: the schema is not a JSON Schema`;
  }
  const check = ajv.compile(testCase.schema);
  return check(testCase.example) ? null : `${testCase.where}:\n${formatErrors(check.errors)}`;
}

describe('specs/asyncapi.yaml examples', () => {
  beforeAll(async () => {
    const parser = new Parser();
    const {document, diagnostics} = await parser.parse(readFileSync(ASYNCAPI_PATH, 'utf8'), {
      source: ASYNCAPI_PATH,
    });
    if (!document) {
      throw new Error(`The parser returned no document:\n${JSON.stringify(diagnostics, null, 2)}`);
    }
    collect(document);
  });

  it('finds a named example for every message', () => {
    expect(messagesWithoutExamples, 'messages without examples').toEqual([]);
    expect(unnamedExamples, 'examples without a name').toEqual([]);
    expect(messageExamples.length).toBeGreaterThanOrEqual(MIN_MESSAGE_EXAMPLES);
    expect(messageExamples.length, 'examples walked vs examples written').toBe(countMessageExamplesInYaml());
  });

  it('finds the schema examples', () => {
    expect(schemaExamples.length).toBeGreaterThanOrEqual(MIN_SCHEMA_EXAMPLES);
  });

  it('validates every message example against its payload schema', () => {
    const ajv = createAjv();
    const failures = messageExamples.map((c) => validate(ajv, c)).filter((f) => f !== null);
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('validates every schema example against its schema', () => {
    const ajv = createAjv();
    const failures = schemaExamples.map((c) => validate(ajv, c)).filter((f) => f !== null);
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('would report an example that breaks its payload schema', () => {
    const ajv = createAjv();
    const newOrder = messageExamples.find((c) => c.where.startsWith('message new_order'));
    expect(newOrder).toBeDefined();
    if (!newOrder) return;
    const broken: ExampleCase = {
      where: 'new_order with both amounts',
      schema: newOrder.schema,
      example: {
        new_order: {
          order_ref: 'x',
          order_type: 'MARKET',
          instrument: 'BTC-EUR',
          side: 'BUY',
          amount: {leg_1_amount: '1', leg_2_amount: '2'},
        },
      },
    };
    expect(validate(ajv, broken)).toMatch(/new_order with both amounts/);
  });
});
