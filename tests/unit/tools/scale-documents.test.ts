/**
 * `npm run bench:scale` (scripts/bench/scale.ts) builds the site against documents it generates from
 * specs/openapi.yaml: the product's operations cloned to a given count, and with `--nested` a large
 * shared schema family on one tag in four. A benchmark of a document the build refuses, or of a
 * different document each run, measures nothing: so the generated documents are loaded here the
 * way the build loads them (plugins/api-reference/load: references, structure, the OpenAPI 3.1
 * schema), counted, compared run to run, and their `$ref`s followed. Also checked: how the command
 * line is read, how a refused document's reason is cut out of the build's output, and how the
 * reference pages of a build are weighed against the page budget.
 */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import {afterAll, describe, expect, it} from 'vitest';
import {
  nestedSchemas,
  refusal,
  scaledDocument,
  scaleOptions,
  weighReference,
} from '../../../scripts/bench/scale';
import {
  asObject,
  deref,
  isObject,
  objectsIn,
  pathItemOperations,
  resolveRef,
  type JsonObject,
} from '../../../plugins/api-reference/document';
import {readOpenApi, SpecError} from '../../../plugins/api-reference/load';
import {ROOT} from '../../helpers/scripts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'scale-documents-'));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

/** The generated document written as bench:scale writes it (YAML), for the build's loader. */
function written(name: string, doc: JsonObject): string {
  const file = path.join(tmp, name);
  writeFileSync(file, stringify(doc));
  return file;
}

interface GeneratedOperation {
  route: string;
  method: string;
  operation: JsonObject;
}

/** Every operation of a document, in path order. */
function operationsOf(doc: JsonObject): GeneratedOperation[] {
  return Object.entries(asObject(doc.paths)).flatMap(([route, item]) =>
    pathItemOperations(asObject(item)).map(({method, operation}) => ({route, method, operation})),
  );
}

/** Made once: generating a document takes longer than most of the tests below. */
const plain = scaledDocument(20);
const nested = scaledDocument(40, {nested: true});

const schemaRef = (name: string): JsonObject => ({$ref: `#/components/schemas/${name}`});

/** The schemas directly inside `schema` (its properties and its items), references followed. */
function childSchemas(doc: JsonObject, schema: unknown): unknown[] {
  const node = asObject(deref(doc, schema).node);
  return [...Object.values(asObject(node.properties)), ...(node.items !== undefined ? [node.items] : [])];
}

/** The schemas on the longest way from `schema` down to a field without fields of its own. */
function levels(doc: JsonObject, schema: unknown): number {
  return 1 + Math.max(0, ...childSchemas(doc, schema).map((child) => levels(doc, child)));
}

/** The fields without fields of their own that a page writing `schema` out in full shows. */
function leafFields(doc: JsonObject, schema: unknown): number {
  const children = childSchemas(doc, schema);
  return children.length === 0 ? 1 : children.reduce<number>((n, c) => n + leafFields(doc, c), 0);
}

/** The schema of a response or request body's JSON content. */
const jsonSchema = (holder: unknown): unknown =>
  asObject(asObject(asObject(holder).content)['application/json']).schema;

describe('scaledDocument: the operations asked for', () => {
  it('has exactly the requested number of operations, each with its own path and operationId', () => {
    for (const [count, doc] of [
      [1, scaledDocument(1)],
      [20, plain],
    ] as const) {
      const operations = operationsOf(doc);
      expect(operations).toHaveLength(count);
      const ids = operations.map(({operation}) => operation.operationId);
      expect(new Set(ids).size).toBe(count);
      operations.forEach(({route, operation}, i) => {
        expect(route.startsWith(`/scaled/${i}/`)).toBe(true);
        expect(operation.operationId).toMatch(new RegExp(`N${i}$`));
      });
    }
  });

  it('puts eight operations under each generated tag, and lists every tag once', () => {
    expect(plain.tags).toEqual(
      ['Area 001', 'Area 002', 'Area 003'].map((name) => ({name, description: `Generated group ${name}.`})),
    );
    const perTag = new Map<string, number>();
    for (const {operation} of operationsOf(plain)) {
      const [tag] = operation.tags as string[];
      perTag.set(tag ?? '', (perTag.get(tag ?? '') ?? 0) + 1);
    }
    expect([...perTag]).toEqual([
      ['Area 001', 8],
      ['Area 002', 8],
      ['Area 003', 4],
    ]);
  });

  it("clones the product's operations in turn, past their number, keeping all but the id and the tag", () => {
    const product = operationsOf(
      asObject(parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8'))),
    );
    const operations = operationsOf(plain);
    expect(operations.length).toBeGreaterThan(product.length);
    operations.forEach(({route, method, operation}, i) => {
      const original = product[i % product.length];
      if (original === undefined) throw new Error('specs/openapi.yaml has no operation');
      expect([method, route]).toEqual([original.method, `/scaled/${i}${original.route}`]);
      expect(operation.operationId).toBe(`${String(original.operation.operationId)}N${i}`);
      expect({...operation, operationId: '', tags: []}).toEqual({
        ...original.operation,
        operationId: '',
        tags: [],
      });
    });
  });

  it('is the same document for the same arguments, and a fresh copy each time', () => {
    const again = scaledDocument(40, {nested: true});
    expect(JSON.stringify(again)).toBe(JSON.stringify(nested));
    expect(JSON.stringify(scaledDocument(20))).toBe(JSON.stringify(plain));
    const [a, b] = [operationsOf(again)[0], operationsOf(nested)[0]];
    if (a === undefined || b === undefined) throw new Error('no operation generated');
    a.operation.summary = 'changed in the second copy';
    expect(b.operation.summary).not.toBe('changed in the second copy');
  });
});

describe('scaledDocument: a document the build takes', () => {
  it.each([
    ['plain', plain],
    ['nested', nested],
  ])('loads the %s document with no warning of the OpenAPI 3.1 checks, as generated', async (name, doc) => {
    const loaded = await readOpenApi(written(`${name}.yaml`, doc));
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.doc).toEqual(doc);
  });

  it('has every $ref lead to a node of the document itself', () => {
    const refs = [...objectsIn(nested)].flatMap((o) => (typeof o.$ref === 'string' ? [o.$ref] : []));
    expect(refs).toContain('#/components/schemas/App');
    expect(refs.filter((ref) => resolveRef(nested, ref) === undefined)).toEqual([]);
  });

  it('is refused by the same loader when a schema of the nested family is missing (the check can fail)', async () => {
    // One operation of a nested tag is enough: the loader checks references before the schema.
    const [first] = Object.entries(asObject(nested.paths));
    const doc: JsonObject = structuredClone(nested);
    doc.paths = Object.fromEntries(first === undefined ? [] : [first]);
    delete asObject(asObject(doc.components).schemas).Deployment;
    const refused = readOpenApi(written('broken.yaml', doc));
    await expect(refused).rejects.toThrow(SpecError);
    await expect(refused).rejects.toThrow('#/components/schemas/Deployment');
  });
});

describe('scaledDocument --nested: the large shared schemas', () => {
  const doc = nested; // 40 operations: tags Area 001 to Area 005
  const nestedTag = (operation: JsonObject): boolean =>
    ['Area 001', 'Area 005'].includes(String((operation.tags as string[])[0]));

  it('gives one tag in four an App for each success response and an AppSpec body', () => {
    const operations = operationsOf(doc);
    const nestedOperations = operations.filter(({operation}) => nestedTag(operation));
    expect(nestedOperations).toHaveLength(16);
    expect(
      nestedOperations.filter(({operation}) => operation.requestBody !== undefined).length,
    ).toBeGreaterThan(0);
    for (const {operation} of operations) {
      const responses = asObject(operation.responses);
      for (const [status, response] of Object.entries(responses)) {
        if (!/^2/.test(status)) continue;
        if (nestedTag(operation)) expect(jsonSchema(response)).toEqual(schemaRef('App'));
        else expect(jsonSchema(response)).not.toEqual(schemaRef('App'));
      }
      if (operation.requestBody !== undefined && nestedTag(operation)) {
        expect(operation.requestBody).toMatchObject({required: true});
        expect(jsonSchema(operation.requestBody)).toEqual({
          type: 'object',
          required: ['spec'],
          properties: {spec: schemaRef('AppSpec')},
        });
      }
    }
  });

  it('keeps the error responses and responses given by reference as they were', () => {
    const before = operationsOf(plain);
    operationsOf(doc)
      .slice(0, 8)
      .forEach(({operation}, i) => {
        const original = asObject(before[i]?.operation.responses);
        for (const [status, response] of Object.entries(asObject(operation.responses))) {
          if (!/^2/.test(status) || (isObject(response) && response.$ref !== undefined))
            expect(response).toEqual(original[status]);
          else expect(asObject(response).description).toBe(asObject(original[status]).description);
        }
        expect(operation.requestBody === undefined).toBe(before[i]?.operation.requestBody === undefined);
      });
  });

  it('is nine levels deep and several hundred fields wide, as the benchmark says', () => {
    expect(levels(doc, schemaRef('App'))).toBe(9);
    expect(leafFields(doc, schemaRef('AppSpec'))).toBeGreaterThan(300);
    // App embeds the specification three times: its own and each deployment's.
    expect(leafFields(doc, schemaRef('App'))).toBeGreaterThan(3 * leafFields(doc, schemaRef('AppSpec')));
  });

  it('lists six kinds of component, each a separate copy of the same schema', () => {
    const schemas = nestedSchemas();
    const kinds = ['Service', 'Worker', 'Job', 'StaticSite', 'Function', 'Database'];
    for (const kind of kinds)
      expect(asObject(schemas.AppSpec?.properties)[`${kind.toLowerCase()}s`]).toEqual({
        type: 'array',
        items: schemaRef(`${kind}Spec`),
      });
    expect(schemas.WorkerSpec).toEqual(schemas.ServiceSpec);
    expect(schemas.WorkerSpec).not.toBe(schemas.ServiceSpec);
  });

  it('adds the family to the components only when asked', () => {
    const family = Object.keys(nestedSchemas());
    const plainSchemas = Object.keys(asObject(asObject(plain.components).schemas));
    const nestedSchemaNames = Object.keys(asObject(asObject(doc.components).schemas));
    expect(family.filter((name) => plainSchemas.includes(name))).toEqual([]);
    expect(nestedSchemaNames).toEqual([...plainSchemas, ...family]);
  });
});

describe('scaleOptions', () => {
  it('builds 250 and 659 plain operations, five slowed loads each, without arguments', () => {
    expect(scaleOptions([])).toEqual({
      sizes: [250, 659],
      keep: false,
      runs: 5,
      shapes: ['plain'],
      documents: [],
      generated: true,
    });
  });

  it('reads sizes, runs, --keep and the shapes', () => {
    expect(scaleOptions(['--sizes', ' 10, 20 ', '--runs', '9', '--keep', '--nested'])).toMatchObject({
      sizes: [10, 20],
      runs: 9,
      keep: true,
      shapes: ['nested'],
    });
    expect(scaleOptions(['--shapes', 'plain, nested']).shapes).toEqual(['plain', 'nested']);
  });

  it('takes --document repeated or comma-separated, as absolute paths, and then builds only those', () => {
    const options = scaleOptions(['--document', 'a.yaml,b.json', '--document', path.join(tmp, 'c.yaml')]);
    expect(options.documents).toEqual([
      path.resolve('a.yaml'),
      path.resolve('b.json'),
      path.join(tmp, 'c.yaml'),
    ]);
    expect(options.generated).toBe(false);
    expect(scaleOptions(['--document', 'a.yaml', '--sizes', '10']).generated).toBe(true);
    expect(scaleOptions(['--document', 'a.yaml', '--nested']).generated).toBe(true);
  });

  it('refuses bad input, naming it, rather than dropping it and running the default builds', () => {
    const cases: [string[], RegExp][] = [
      [['--sizes', 'abc'], /--sizes takes positive whole numbers.*"abc"/],
      [['--sizes', '10,0'], /"0" is not one/],
      [['--sizes', '2.5'], /"2.5" is not one/],
      [['--shapes', 'nestd'], /--shapes takes plain and nested.*"nestd"/],
      [['--runs', 'many'], /--runs takes positive whole numbers.*"many"/],
      [['--runs', '-3'], /--runs/],
      [['--size', '10'], /Unknown option '--size'/],
      [['250'], /Unexpected argument '250'/],
      [['--keep=yes'], /--keep/],
      [['--document'], /--document/],
    ];
    for (const [args, message] of cases) expect(() => scaleOptions(args), args.join(' ')).toThrow(message);
  });

  it('never takes the next option as the value of --document or --sizes', () => {
    expect(() => scaleOptions(['--document', '--keep'])).toThrow(/--document/);
    expect(() => scaleOptions(['--sizes', '--nested'])).toThrow(/--sizes/);
  });
});

describe('refusal: why a document was refused, from the build output', () => {
  it("starts at the loader's SpecError and keeps what follows, without stack lines or the timer's line", () => {
    const output = [
      '[INFO] Creating an optimized production build...',
      'SpecError: openapi.yaml: the document cannot be rendered',
      '    at readOpenApi (plugins/api-reference/load/index.ts:120:11)',
      '  /paths/~1a/get/responses (line 12): expected an object',
      '  hint: write the responses as an object',
      '',
      'BENCH_TIME 12.5 812000',
      '[ERROR] Unable to build website',
      'the tail',
    ].join('\n');
    expect(refusal(output)).toBe(
      'SpecError: openapi.yaml: the document cannot be rendered /paths/~1a/get/responses (line 12): expected an object hint: write the responses as an object [ERROR] Unable to build website',
    );
  });

  it("falls back to the build's first [ERROR], then to the last three lines, cut at 400 characters", () => {
    expect(refusal('one\n[ERROR] Loading of version failed\ntwo')).toBe(
      '[ERROR] Loading of version failed two',
    );
    expect(refusal('a\nb\nc\nd\n')).toBe('b c d');
    expect(refusal(`[ERROR] ${'x'.repeat(600)}`)).toHaveLength(400);
  });
});

describe('weighReference: the reference pages of a build against the page budget', () => {
  const out = path.join(tmp, 'build');
  const page = (body: string): string =>
    `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
  const field = (operation: string, at: string): string =>
    `<li id="${operation}.${at}"><span>${at}</span></li>`;
  mkdirSync(path.join(out, 'rest/orders'), {recursive: true});
  mkdirSync(path.join(out, 'docs'), {recursive: true});
  writeFileSync(path.join(out, 'rest.html'), page('<main><h1>REST API</h1><p>Start</p></main>'));
  // Over the element budget: the same App written out under many operations.
  const heavy = Array.from({length: 2_600}, (_, i) =>
    [
      field(`getApp${i}`, 'response.200.spec.services[].name'),
      field(`getApp${i}`, 'response.200.spec.workers[].name'),
      field(`getApp${i}`, 'response.200.spec.workers[].size'),
      field(`createApp${i}`, 'request.spec.envs[].key'),
    ].join(''),
  ).join('');
  writeFileSync(path.join(out, 'rest/orders/index.html'), page(`<ul>${heavy}</ul>`));
  writeFileSync(path.join(out, 'docs/intro.html'), page(`<ul>${heavy}${heavy}</ul>`));
  const weighed = weighReference(out);

  it('weighs the /rest pages only, the largest first, with their route', () => {
    expect(weighed.referencePages.map((file) => path.relative(out, file)).sort()).toEqual([
      'rest.html',
      path.join('rest', 'orders', 'index.html'),
    ]);
    expect(weighed.weighed.map((p) => p.route)).toEqual(['/rest/orders', '/rest']);
    const small = weighed.weighed[1];
    expect(small).toMatchObject({elements: 7, textRuns: 2});
    expect(small?.bytes).toBe(Buffer.byteLength(page('<main><h1>REST API</h1><p>Start</p></main>')));
  });

  it('lists a page over budget with the field paths its markup repeats most', () => {
    expect(weighed.mostElements).toBeGreaterThan(20_000);
    expect(weighed.overBudget).toHaveLength(1);
    expect(weighed.overBudget[0]).toMatchObject({
      route: '/rest/orders',
      repeats: ['spec.workers[] ×5200', 'spec.services[] ×2600', 'spec.envs[] ×2600'],
    });
  });
});
