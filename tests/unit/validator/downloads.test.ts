/**
 * The downloads are the documents themselves: the YAML byte for byte, the JSON
 * equal to the parsed YAML, and both still valid API documents for real tools
 * (the OpenAPI JSON Schemas and @asyncapi/parser).
 */
import {describe, expect, it, beforeAll} from 'vitest';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parse} from 'yaml';
import {Validator} from '@seriousme/openapi-schema-validator';
import {Parser, DiagnosticSeverity} from '@asyncapi/parser';
import {documentToJson, writeDownloads} from '../../../plugins/api-reference/downloads';
import {CORPUS, HAVE_CORPUS, HAVE_SPECS, SPECS} from './helpers';

describe('documentToJson', () => {
  it('expands anchors and keeps key order', () => {
    const json = documentToJson('b: &x {k: 1}\na: *x\n', 'x.yaml');
    expect(json).toBe('{\n  "b": {\n    "k": 1\n  },\n  "a": {\n    "k": 1\n  }\n}\n');
  });

  it('names the file when the text is not a document', () => {
    expect(() => documentToJson('- a\n- b\n', 'list.yaml')).toThrow(/list\.yaml: .*not an object/);
    expect(() => documentToJson('a: 1\na: 2\n', 'dup.yaml')).toThrow(/dup\.yaml/);
  });
});

const specs = HAVE_SPECS
  ? SPECS
  : {
      openapi: path.join(CORPUS, 'openapi/museum.yaml'),
      asyncapi: path.join(CORPUS, 'asyncapi/streetlights-mqtt-asyncapi.yml'),
    };

describe.skipIf(!HAVE_SPECS && !HAVE_CORPUS)('writeDownloads', () => {
  let outDir: string;
  let written: string[];

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'downloads-'));
    written = await writeDownloads(outDir, specs);
  });

  it('writes the four stable files', () => {
    expect(written.map((file) => path.relative(outDir, file))).toEqual([
      'downloads/openapi.yaml',
      'downloads/openapi.json',
      'downloads/asyncapi.yaml',
      'downloads/asyncapi.json',
    ]);
  });

  it('serves the YAML as written and JSON equal to it', () => {
    for (const name of ['openapi', 'asyncapi'] as const) {
      const source = readFileSync(specs[name], 'utf8');
      expect(readFileSync(path.join(outDir, 'downloads', `${name}.yaml`), 'utf8')).toBe(source);
      const json = JSON.parse(
        readFileSync(path.join(outDir, 'downloads', `${name}.json`), 'utf8'),
      ) as unknown;
      expect(json).toEqual(parse(source));
    }
  });

  it('the OpenAPI JSON is a valid OpenAPI document', async () => {
    const validator = new Validator();
    const result = await validator.validate(path.join(outDir, 'downloads', 'openapi.json'));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('the AsyncAPI JSON parses without errors in @asyncapi/parser', async () => {
    const parser = new Parser();
    const text = readFileSync(path.join(outDir, 'downloads', 'asyncapi.json'), 'utf8');
    const {document, diagnostics} = await parser.parse(text);
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error);
    expect(errors.map((diagnostic) => `${diagnostic.path.join('/')}: ${diagnostic.message}`)).toEqual([]);
    expect(document?.operations().length).toBeGreaterThan(0);
  });
});
