/** A broken document fails (or, when the page survives it, warns) with the file, the JSON pointer (and line) and the reason. */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  loadAsyncApi,
  loadOpenApi,
  parseFile,
  readAsyncApi,
  readOpenApi,
  SpecError,
} from '../../../plugins/api-reference/load';

const dir = mkdtempSync(path.join(tmpdir(), 'api-ref-load-'));
function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

const GOOD_OPENAPI = `openapi: 3.1.0
info:
  title: T
  version: '1'
paths:
  /a:
    get:
      operationId: getA
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/A'
components:
  schemas:
    A:
      type: object
`;

const GOOD_ASYNCAPI = `asyncapi: 3.0.0
info:
  title: T
  version: '1'
channels:
  c:
    address: /c
    messages:
      m:
        payload:
          type: string
operations:
  op:
    action: receive
    channel:
      $ref: '#/channels/c'
`;

async function failure(promise: Promise<unknown>): Promise<SpecError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error('expected the document to be rejected');
}

describe('loadOpenApi', () => {
  it('accepts a valid document', async () => {
    await expect(loadOpenApi(file('good.yaml', GOOD_OPENAPI))).resolves.toMatchObject({openapi: '3.1.0'});
  });

  it('warns, with pointer, line and rule, about a field the specification does not allow', async () => {
    const bad = file(
      'bad-structure.yaml',
      GOOD_OPENAPI.replace('      operationId: getA\n', '      operationId: getA\n      responsez: 1\n'),
    );
    const {doc, warnings} = await readOpenApi(bad);
    expect(warnings).toEqual([
      expect.objectContaining({
        pointer: '/paths/~1a/get',
        line: 7,
        message: expect.stringContaining('responsez'),
      }),
    ]);
    expect(doc).toMatchObject({paths: {'/a': {get: {responsez: 1}}}});
  });

  it('names a reference that leads nowhere', async () => {
    const bad = file(
      'bad-ref.yaml',
      GOOD_OPENAPI.replace("'#/components/schemas/A'", "'#/components/schemas/B'"),
    );
    const error = await failure(loadOpenApi(bad));
    expect(error.problems).toEqual([
      expect.objectContaining({
        pointer: '/paths/~1a/get/responses/200/content/application~1json/schema/$ref',
        message: 'reference "#/components/schemas/B" points to nothing in this document',
        line: 15,
      }),
    ]);
  });

  it('rejects YAML that does not parse, and a wrong version', async () => {
    expect((await failure(loadOpenApi(file('bad-yaml.yaml', 'openapi: [')))).message).toMatch(
      /not valid YAML/,
    );
    expect(
      (
        await failure(
          loadOpenApi(file('v2.yaml', "swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n")),
        )
      ).problems[0]?.pointer,
    ).toBe('/swagger');
  });
});

describe('loadAsyncApi', () => {
  it('accepts a valid document', async () => {
    await expect(loadAsyncApi(file('good-async.yaml', GOOD_ASYNCAPI))).resolves.toMatchObject({
      asyncapi: '3.0.0',
    });
  });

  it('names the pointer and the rule broken', async () => {
    const bad = file('bad-async.yaml', GOOD_ASYNCAPI.replace('action: receive', 'action: recieve'));
    const error = await failure(loadAsyncApi(bad));
    expect(error.message).toContain(bad);
    expect(error.problems.some((p) => p.pointer === '/operations/op/action')).toBe(true);
    expect(error.message).toMatch(/\(line 14\)/);
  });

  it('names a reference that leads nowhere', async () => {
    const bad = file('bad-async-ref.yaml', GOOD_ASYNCAPI.replace("'#/channels/c'", "'#/channels/d'"));
    const error = await failure(loadAsyncApi(bad));
    expect(error.problems[0]).toMatchObject({
      pointer: '/operations/op/channel/$ref',
      message: 'reference "#/channels/d" points to nothing in this document',
      line: 16,
    });
  });
});

describe('one parser per process (load/index.ts) still reads every load afresh', () => {
  it('a file a $ref reaches, changed between two loads, is checked as it now is', async () => {
    const split = mkdtempSync(path.join(tmpdir(), 'api-ref-split-'));
    const main = path.join(split, 'asyncapi.yaml');
    const payload = path.join(split, 'payload.yaml');
    writeFileSync(main, GOOD_ASYNCAPI.replace('type: string', "$ref: './payload.yaml'"));
    writeFileSync(payload, 'type: string\n');
    expect((await readAsyncApi(main)).warnings).toEqual([]);
    // A type JSON Schema does not have: the parser's warning, read from the file as it is now.
    writeFileSync(payload, 'type: strin\n');
    const changed = await readAsyncApi(main);
    expect(changed.warnings.length).toBeGreaterThan(0);
    expect(changed.warnings.map((w) => `${w.file ?? ''} ${w.message}`).join('\n')).toMatch(/type/);
    writeFileSync(payload, 'type: string\n');
    expect((await readAsyncApi(main)).warnings, 'mended: no warning kept from the load before').toEqual([]);
  });
});

describe('parseFile reads a file again only when its text changed', () => {
  it('gives each caller its own copy, and the new text after an edit; a syntax error is never kept', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parse-file-'));
    const file = path.join(dir, 'openapi.yaml');
    writeFileSync(file, 'openapi: 3.1.0\ninfo:\n  title: First\n  version: 1.0.0\n');
    const first = parseFile(file);
    (first.doc.info as {title: string}).title = 'changed by a caller';
    const second = parseFile(file);
    expect((second.doc.info as {title: string}).title, 'a caller cannot change what the next one reads').toBe(
      'First',
    );
    expect(second.lineOf('/info/version')).toBe(4);
    writeFileSync(file, 'openapi: 3.1.0\ninfo:\n  title: Second\n  version: 2.0.0\n');
    expect((parseFile(file).doc.info as {title: string}).title).toBe('Second');
    writeFileSync(file, 'openapi: 3.1.0\ninfo: [\n');
    expect(() => parseFile(file)).toThrow(SpecError);
    expect(() => parseFile(file), 'refused again, not served from memory').toThrow(SpecError);
    writeFileSync(file, 'openapi: 3.1.0\ninfo:\n  title: Second\n  version: 2.0.0\n');
    expect((parseFile(file).doc.info as {title: string}).title).toBe('Second');
  });
});
