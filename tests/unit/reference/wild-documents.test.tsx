/**
 * Documents as they are in the wild: the build refuses only what stops a
 * faithful page (YAML that does not parse, a `$ref` to nothing, an unknown
 * version, a container the renderer cannot walk). Every other defect is a
 * warning (file, JSON pointer, line, rule, what to do), printed once with one
 * summary line, and the pages, validators, request builder and Postman
 * collection are made from the document as written: an empty description
 * stays empty, nothing is dropped or invented. The product's own documents
 * have no warning at all, and STRICT_DOCUMENTS=1 makes warnings errors.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {
  readAsyncApi,
  readOpenApi,
  reportDocumentWarnings,
  SpecError,
  strictDocuments,
  type LoadedDocument,
} from '../../../plugins/api-reference/load';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {planRestPages} from '../../../plugins/api-reference/openapi/pages';
import {identityFromDocuments} from '../../../plugins/api-reference/identity';
import {compileValidators} from '../../../plugins/api-reference/validator';
import {buildBuilders, compileParameterValidators} from '../../../plugins/api-reference/builder';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {postmanCollection, collectionRequests} from '../../../plugins/machine-readable/postman';
import type {JsonObject} from '../../../plugins/api-reference/document';
import RestPage from '../../../src/components/ApiReference/RestPage';
import {ROOT, FIXTURES, walkNodes} from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'api-ref-wild-'));
function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

/** One OpenAPI 3.0 document with the defects real documents carry, each on a known line. */
const DEFECTIVE = `openapi: 3.0.2
info:
  title: Wild
  version: '1'
paths:
  /orders:
    post:
      operationId: placeOrder
      summary: Place an order
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Order'
      responses:
        '200':
          description:
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Order'
        '400':
          description: Bad request
components:
  schemas:
    Order:
      type: object
      properties:
        legs:
          type: array
          items:
            type: string
          additionalItems: false
        side:
          type: string
          required: true
          enum: [buy, sell]
        qty:
          type: integer
          exclusiveMinimum: 0
`;

async function failure(promise: Promise<unknown>): Promise<SpecError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error('expected the document to be refused');
}

describe('a defect the page survives is a warning, not a refused document', () => {
  it('names each defect by pointer, line, rule and what to do; the document is kept as written', async () => {
    const loaded = await readOpenApi(file('defective.yaml', DEFECTIVE));
    const byPointer = new Map(loaded.warnings.map((w) => [w.pointer, w]));
    expect(byPointer.get('/paths/~1orders/post/responses/200/description')).toMatchObject({
      line: 17,
      message: '"description" must be string, but it is null',
      hint: expect.stringMatching(/the page shows what the document says/),
    });
    // And the keywords OpenAPI 3.0 does not allow (JSON Schema's additionalItems, required: true on a
    // field, a numeric exclusiveMinimum): one warning each, without the noise of the alternatives
    // ("lacks $ref") the official schema also tried.
    expect(loaded.warnings.map((w) => [w.pointer, w.line, w.message])).toEqual([
      ['/paths/~1orders/post/responses/200/description', 17, '"description" must be string, but it is null'],
      [
        '/components/schemas/Order/properties/legs',
        29,
        expect.stringMatching(/^"additionalItems" is not a field the specification allows in "legs"/),
      ],
      [
        '/components/schemas/Order/properties/side/required',
        36,
        '"required" must be array, but it is boolean true',
      ],
      [
        '/components/schemas/Order/properties/qty/exclusiveMinimum',
        40,
        '"exclusiveMinimum" must be boolean, but it is number 0',
      ],
    ]);
    expect(loaded.doc).toMatchObject({
      paths: {'/orders': {post: {responses: {'200': {description: null}}}}},
      components: {schemas: {Order: {properties: {legs: {additionalItems: false}, side: {required: true}}}}},
    });
  });

  it('builds every output from it without inventing a description or dropping a field', async () => {
    const {doc} = await readOpenApi(file('defective-models.yaml', DEFECTIVE));
    const model = buildRestModel(doc);
    const operation = model.tags.flatMap((t) => t.operations).find((o) => o.id === 'placeOrder');
    expect(operation).toBeDefined();
    const ok = operation?.responses.find((r) => r.code === '200');
    // The empty description stays empty: no "OK", no "Successful response".
    expect(ok).toBeDefined();
    expect(ok?.description ?? '').toBe('');
    const body = ok?.contents[0]?.schema;
    const names: string[] = [];
    walkNodes(body, (n) => {
      if (n.name !== undefined) names.push(n.name);
    });
    expect(names).toEqual(expect.arrayContaining(['legs', 'side', 'qty']));
    const site = planRestPages(model);
    expect(site.main).toBeDefined();
    const identity = identityFromDocuments(doc, null, 'defective.yaml');
    const html = renderToStaticMarkup(<RestPage model={model} identity={identity} />);
    expect(html).toContain('Place an order');
    expect(html).toContain('legs');
    // Validators compile (Ajv ignores what the dialect does not know); the request builder and
    // the Postman collection are made.
    const validators = compileValidators({openapi: doc, asyncapi: null});
    expect(validators.length).toBeGreaterThan(0);
    expect(validators.every((v) => v.entry.status === 'ready' || v.entry.reason !== undefined)).toBe(true);
    expect(
      compileParameterValidators(doc).every((v) => v.status === 'ready' || v.status === 'unavailable'),
    ).toBe(true);
    expect(buildBuilders({openapi: doc, asyncapi: null}, {rest: model, ws: buildWsModel({})}).length).toBe(1);
    const collection = await postmanCollection(doc);
    expect(collectionRequests(collection)).toHaveLength(1);
  });
});

describe('what stops a faithful page still refuses the document', () => {
  it('a container the renderer cannot walk: the pointer, the line and what to do', async () => {
    const responsesAsList = DEFECTIVE.replace(
      "      responses:\n        '200':",
      "      responses:\n        - '200':",
    ).replace("        '400':\n          description: Bad request\n", '');
    const error = await failure(readOpenApi(file('list-responses.yaml', responsesAsList)));
    expect(error.problems[0]).toMatchObject({
      pointer: '/paths/~1orders/post/responses',
      message:
        '"responses" must be an object (a map of names to values), but it is a list: the reference cannot be built from it',
    });
    expect(error.message).toContain('(line 15)');
    expect(error.message).toMatch(/What to do: check the indentation/);

    const propertiesAsList = DEFECTIVE.replace(
      '      properties:\n        legs:',
      '      properties: [legs, side, qty]\n      x-fields:\n        legs:',
    );
    expect(
      (await failure(readOpenApi(file('list-properties.yaml', propertiesAsList)))).problems[0]?.pointer,
    ).toBe('/components/schemas/Order/properties');

    const nullOperation = DEFECTIVE.replace('  /orders:\n    post:\n', '  /orders:\n    get:\n    post:\n');
    expect(
      (await failure(readOpenApi(file('null-operation.yaml', nullOperation)))).problems[0],
    ).toMatchObject({
      pointer: '/paths/~1orders/get',
      hint: 'give it a value, or remove the key',
    });
  });

  it('an AsyncAPI operation whose direction is not "send" or "receive"', async () => {
    const text = `asyncapi: 3.0.0
info: {title: T, version: '1'}
channels:
  c:
    address: /c
    messages:
      m:
        payload: {type: string, description: null}
operations:
  op:
    action: recieve
    channel: {$ref: '#/channels/c'}
`;
    const error = await failure(readAsyncApi(file('bad-action.yaml', text)));
    expect(error.problems[0]?.pointer).toBe('/operations/op/action');
    expect(error.message).toContain('"/operations/op/action" (line 11): "action" is "recieve"');
    const fixed = await readAsyncApi(file('async-null-description.yaml', text.replace('recieve', 'receive')));
    // With the direction given, the null description is a warning and the reference is made.
    expect(fixed.warnings.map((w) => [w.pointer, w.line])).toContainEqual([
      '/channels/c/messages/m/payload/description',
      8,
    ]);
    expect(fixed.doc).toMatchObject({channels: {c: {messages: {m: {payload: {description: null}}}}}});
    const ws = buildWsModel(fixed.doc);
    expect(ws.channels[0]?.messages.map((m) => m.name)).toEqual(['m']);
  });
});

describe('the warnings in the build output', () => {
  const documents = (
    warnings: LoadedDocument['warnings'],
  ): Pick<LoadedDocument, 'file' | 'doc' | 'warnings'>[] => [
    {file: 'specs/openapi.yaml', doc: {}, warnings},
    {file: 'specs/asyncapi.yaml', doc: {}, warnings: []},
  ];
  const two = [
    {pointer: '/paths/~1a/get/responses/200/description', line: 12, message: 'm1', hint: 'h1'},
    {pointer: '/components/schemas/A/additionalItems', line: 40, message: 'm2', hint: 'h2'},
  ];

  it('one entry per problem with file, pointer, line, rule and what to do, then one summary line', () => {
    const printed: string[] = [];
    const lines = reportDocumentWarnings(documents(two), {strict: false, print: (l) => printed.push(l)});
    expect(printed).toEqual(lines);
    expect(lines).toEqual([
      '[WARNING] [api-reference] specs/openapi.yaml: at JSON pointer "/paths/~1a/get/responses/200/description" (line 12): m1\n    What to do: h1',
      '[WARNING] [api-reference] specs/openapi.yaml: at JSON pointer "/components/schemas/A/additionalItems" (line 40): m2\n    What to do: h2',
      '[WARNING] [api-reference] 2 document warnings (openapi.yaml: 2): the pages show what the documents say; STRICT_DOCUMENTS=1 makes warnings errors',
    ]);
    expect(reportDocumentWarnings(documents([]), {strict: false, print: () => undefined})).toEqual([]);
  });

  it('STRICT_DOCUMENTS=1 turns the warnings into the error that fails the build', () => {
    expect(strictDocuments({STRICT_DOCUMENTS: '1'})).toBe(true);
    expect(strictDocuments({})).toBe(false);
    expect(() => reportDocumentWarnings(documents(two), {strict: true, print: () => undefined})).toThrow(
      SpecError,
    );
    try {
      reportDocumentWarnings(documents(two), {strict: true});
    } catch (error) {
      expect((error as SpecError).message).toContain('STRICT_DOCUMENTS makes them errors');
      expect((error as SpecError).message).toContain('"/components/schemas/A/additionalItems" (line 40): m2');
    }
    // Strict with nothing to report passes.
    expect(reportDocumentWarnings(documents([]), {strict: true})).toEqual([]);
  });
});

describe("the product's own documents keep the bar: not one warning", () => {
  it('specs/openapi.yaml and specs/asyncapi.yaml', async () => {
    const [openapi, asyncapi] = await Promise.all([
      readOpenApi(path.join(ROOT, 'specs/openapi.yaml')),
      readAsyncApi(path.join(ROOT, 'specs/asyncapi.yaml')),
    ]);
    expect(openapi.warnings).toEqual([]);
    expect(asyncapi.warnings).toEqual([]);
  });
});

describe('a public document with such a defect (Redoc demo, OpenAPI 3.0, additionalItems)', () => {
  it('builds, with its defects as warnings and every operation on the page', async () => {
    const loaded = await readOpenApi(path.join(FIXTURES, 'openapi/redoc-demo/openapi.yaml'));
    expect(
      loaded.warnings.some(
        (w) => w.pointer.endsWith('/additionalItems') || /additionalItems/.test(w.message),
      ),
    ).toBe(true);
    const doc: JsonObject = loaded.doc;
    const model = buildRestModel(doc);
    expect(model.tags.flatMap((t) => t.operations).length).toBeGreaterThan(15);
    expect(compileValidators({openapi: doc, asyncapi: null}).length).toBeGreaterThan(0);
  });
});
