/**
 * The AsyncAPI specification's schema is compiled once per process, not once per document
 * (plugins/api-reference/load/shared-spec-schemas.ts), and nothing else is shared: the parser's
 * diagnostics are those of the parser as installed, run in a process where nothing is shared.
 */
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Parser} from '@asyncapi/parser';
import {afterAll, describe, expect, it} from 'vitest';
import {stringify} from 'yaml';
import {shareSpecificationSchemas} from '../../../plugins/api-reference/load/shared-spec-schemas';

const ROOT = path.resolve(__dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'shared-spec-schemas-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

type Assign = (schema: object, dialect: string, allErrors: boolean) => unknown;
const spectralAjv = createRequire(require.resolve('@asyncapi/parser'))(
  '@stoplight/spectral-functions/dist/schema/ajv.js',
) as {createAjvInstances: () => Assign};

/** An AsyncAPI 2.6 document whose one message has a payload with `$id` and an example of it. */
function messageDocument(name: string, property: object, example: object): string {
  const file = path.join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    stringify({
      asyncapi: '2.6.0',
      info: {title: name, version: '1.0.0'},
      channels: {
        things: {
          subscribe: {
            message: {
              name: 'thing',
              payload: {$id: 'urn:example:thing', type: 'object', properties: {n: property}},
              examples: [{payload: example}],
            },
          },
        },
      },
    }),
  );
  return file;
}

/** Each document's diagnostics, as code, severity, message, path and line. */
type Reading = [string, number, string, string, number][][];

const READ = `
const {Parser} = require('@asyncapi/parser');
const {readFileSync} = require('node:fs');
(async () => {
  const parser = new Parser({__unstable: {resolver: {cache: false}}});
  const out = [];
  for (const file of JSON.parse(process.argv[1])) {
    const {diagnostics} = await parser.parse(readFileSync(file, 'utf8'), {source: file});
    out.push(diagnostics.map((d) => [String(d.code), d.severity, d.message, d.path.join('/'), d.range.start.line]));
  }
  process.stdout.write(JSON.stringify(out));
})();`;

describe('the AsyncAPI specification schema, compiled once per process', () => {
  it('is shared with the installed packages (a release that moves what it wraps fails here)', () => {
    expect(shareSpecificationSchemas()).toBe(true);
    expect(shareSpecificationSchemas(), 'a second call changes nothing').toBe(true);
  });

  it("gives every document the specification schema's one validator, and each document its own for anything else", () => {
    shareSpecificationSchemas();
    const [first, second] = [spectralAjv.createAjvInstances(), spectralAjv.createAjvInstances()];
    const specification = {
      $id: 'http://asyncapi.com/definitions/9.9.9/asyncapi-resolved.json',
      type: 'object',
    };
    expect(first(specification, 'draft7', true)).toBe(second(specification, 'draft7', true));
    // A document's own schema, even under a specification-like `$id`, is never shared.
    const own = {$id: 'urn:example:thing', type: 'object'};
    expect(first(own, 'draft7', true)).not.toBe(second({...own}, 'draft7', true));
    const impostor = {$id: specification.$id, type: 'string'};
    expect(first(impostor, 'draft7', true)).not.toBe(second(impostor, 'draft7', true));
  });

  it('leaves the diagnostics as the parser gives them where nothing is shared', async () => {
    const files = [
      path.join(ROOT, 'specs/asyncapi.yaml'),
      // Two documents whose payloads share an `$id` but not a schema: the first compiles the 2.6
      // schema, which the second meets; the second's example is wrong by its own schema only, and
      // must be reported.
      messageDocument('string-thing', {type: 'string'}, {n: 'x'}),
      messageDocument('integer-thing', {type: 'integer'}, {n: 'x'}),
      // Errors found by the specification's schema, already compiled for the product's document.
      (() => {
        const file = path.join(dir, 'broken.yaml');
        writeFileSync(
          file,
          stringify({asyncapi: '3.0.0', info: {title: 'Broken'}, channels: {c: {address: 7}}}),
        );
        return file;
      })(),
    ];
    const alone = JSON.parse(
      execFileSync(process.execPath, ['-e', READ, JSON.stringify(files)], {cwd: ROOT, encoding: 'utf8'}),
    ) as Reading;

    shareSpecificationSchemas();
    const parser = new Parser({__unstable: {resolver: {cache: false}}});
    const shared: Reading = [];
    for (const file of files) {
      const {diagnostics} = await parser.parse(readFileSync(file, 'utf8'), {source: file});
      shared.push(
        diagnostics.map((d) => [String(d.code), d.severity, d.message, d.path.join('/'), d.range.start.line]),
      );
    }
    expect(shared).toEqual(alone);
    const codes = (i: number): string[] => (alone[i] ?? []).map(([code]) => code);
    expect(codes(1)).not.toContain('asyncapi2-message-examples');
    expect(codes(2)).toContain('asyncapi2-message-examples');
    expect(alone[3]?.some(([, severity]) => severity === 0)).toBe(true);
  });
});
