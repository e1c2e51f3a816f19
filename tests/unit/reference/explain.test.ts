/** Schema-validation findings (warnings, or the error that refuses a document) read as the rule and the field, not as an Ajv keyword. */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readOpenApi, SpecError} from '../../../plugins/api-reference/load';
import {explainAjvError} from '../../../plugins/api-reference/load/explain';

const dir = mkdtempSync(path.join(tmpdir(), 'api-ref-explain-'));

async function problems(text: string): Promise<string[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  let found;
  try {
    found = (await readOpenApi(file)).warnings;
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    found = error.problems;
  }
  if (found.length === 0) throw new Error('expected the document to be warned about or refused');
  return found.map((p) => `${p.pointer}: ${p.message}`);
}

const HEAD = `openapi: 3.1.0
info:
  title: T
  version: '1'
`;

describe('validation messages give the reason', () => {
  it('license: url and identifier exclude each other', async () => {
    const found = await problems(
      `${HEAD}  license:\n    name: MIT\n    url: https://opensource.org/licenses/MIT\n    identifier: MIT\npaths: {}\n`,
    );
    expect(found).toEqual([
      '/info/license: "license" has both "identifier" and "url", which exclude each other: keep only one of them',
    ]);
    expect(found.join('\n')).not.toMatch(/must NOT be valid/);
  });

  it('a parameter: a value outside an enum, and a oneOf between two fields', async () => {
    const found = await problems(
      `${HEAD}paths:\n  /a:\n    get:\n      parameters:\n        - name: x\n          in: qurey\n      responses:\n        '200':\n          description: ok\n`,
    );
    expect(found).toEqual([
      '/paths/~1a/get/parameters/0: item 1 of "parameters" must have exactly one of "schema" or "content"',
      '/paths/~1a/get/parameters/0/in: "in" is "qurey", which is not allowed: use "query", "header", "path" or "cookie"',
    ]);
  });

  it('an unknown field names the field and the usual causes', async () => {
    const found = await problems(
      `${HEAD}paths:\n  /a:\n    get:\n      responsez: {}\n      responses:\n        '200':\n          description: ok\n`,
    );
    expect(found).toEqual([
      '/paths/~1a/get: "responsez" is not a field the specification allows in "get": check its spelling and its indentation (is it at the right level?); your own fields must start with "x-"',
    ]);
  });

  it('a missing required field and a wrong type', async () => {
    expect(await problems(`openapi: 3.1.0\ninfo:\n  title: T\npaths: {}\n`)).toEqual([
      '/info: "info" lacks the required field "version": add it',
    ]);
    expect(await problems(`${HEAD}paths: []\n`)).toEqual([
      '/paths: "paths" must be an object (a map of names to values), but it is a list: the reference cannot be built from it',
    ]);
  });

  it('keywords without a special case still name the field', () => {
    expect(
      explainAjvError({instancePath: '/a/b', schemaPath: '#/x', keyword: 'maximum', message: 'must be <= 3'}),
    ).toBe('"b" must be <= 3');
    expect(
      explainAjvError({
        instancePath: '/servers/0',
        schemaPath: '#/anyOf',
        keyword: 'anyOf',
        schema: [{required: ['url']}, {required: ['host']}],
      }),
    ).toBe('item 1 of "servers" must have at least one of "url" or "host"');
  });
});
