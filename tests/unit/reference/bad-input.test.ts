/**
 * Bad input fails fast, before any compile: the load functions themselves
 * reject, within seconds, with one message that names the file, the line and
 * what to do, and no stack trace.
 */
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadAsyncApi, loadOpenApi, SpecError} from '../../../plugins/api-reference/load';

const dir = mkdtempSync(path.join(tmpdir(), 'api-ref-bad-'));
function file(name: string, text: string): string {
  const p = path.join(dir, name);
  mkdirSync(path.dirname(p), {recursive: true});
  writeFileSync(p, text);
  return p;
}

/**
 * Runs a load, expecting a SpecError, and the CPU time it took in ms (not wall time: a busy machine
 * stretches the clock, not the work; the bound catches a load that blows up on bad input).
 */
async function fails(load: () => Promise<unknown>): Promise<{error: SpecError; ms: number}> {
  const start = process.cpuUsage();
  const elapsed = (): number => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  try {
    await load();
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return {error, ms: elapsed()};
  }
  throw new Error('expected the document to be rejected');
}

function expectOneReadableMessage(error: SpecError, ms: number): void {
  expect(ms).toBeLessThan(5000);
  expect(error.message).toMatch(/What to do: \S/);
  // The message is all there is: no stack frames into the plugin.
  expect(error.stack).toBe(`SpecError: ${error.message}`);
  expect(error.stack).not.toMatch(/\n\s+at /);
}

const OPENAPI = `openapi: 3.1.0
info:
  title: T
  version: '1'
paths:
  /a:
    get:
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

const ASYNCAPI = `asyncapi: 3.0.0
info:
  title: T
  version: '1'
channels:
  c:
    address: /c
    messages:
      m:
        $ref: './messages.yaml#/m'
operations:
  op:
    action: receive
    channel:
      $ref: '#/channels/c'
`;

describe('a missing file', () => {
  it.each([
    ['OpenAPI', loadOpenApi],
    ['AsyncAPI', loadAsyncApi],
  ] as const)('%s: names the file and says where documents are looked for', async (_kind, load) => {
    const missing = path.join(dir, 'nowhere', 'api.yaml');
    const {error, ms} = await fails(() => load(missing));
    expect(error.message.split('\n')[0]).toBe(`Cannot read the API document ${missing}:`);
    expect(error.message).toContain('the file does not exist');
    expect(error.message).toContain('OPENAPI_FILE and ASYNCAPI_FILE are read relative to the project folder');
    expectOneReadableMessage(error, ms);
  });

  it('a referenced file that is missing: the line of the $ref and the folder it is relative to', async () => {
    const root = file('missing-ref/asyncapi.yaml', ASYNCAPI);
    const {error, ms} = await fails(() => loadAsyncApi(root));
    expect(error.message).toContain(root);
    expect(error.message).toContain(
      `at JSON pointer "/channels/c/messages/m/$ref" (line 10): reference "./messages.yaml#/m" points to a file that does not exist: ${path.join(dir, 'missing-ref', 'messages.yaml')}`,
    );
    expect(error.message).toContain(`it is relative to the folder of the file that contains this "$ref"`);
    expectOneReadableMessage(error, ms);
  });
});

describe('a YAML syntax error', () => {
  it('in the document: its line and column, and what to look for', async () => {
    const bad = file('yaml/openapi.yaml', OPENAPI.replace('    get:\n', '    get: [\n'));
    const {error, ms} = await fails(() => loadOpenApi(bad));
    expect(error.message.split('\n')[0]).toBe(`${bad} is not a valid API document:`);
    expect(error.problems[0]?.line).toBeGreaterThanOrEqual(7);
    expect(error.message).toMatch(/ {2}- line \d+: not valid YAML\/JSON \(column \d+\): /);
    expect(error.message).toContain('indentation, a missing ":" or closing bracket');
    expectOneReadableMessage(error, ms);
  });

  it('in a referenced file: that file, its line, and where it is referenced', async () => {
    const root = file('yaml-ref/asyncapi.yaml', ASYNCAPI);
    file('yaml-ref/messages.yaml', 'm:\n  payload:\n    type: string\n  title: "unterminated\n');
    const {error, ms} = await fails(() => loadAsyncApi(root));
    expect(error.message).toContain(`in ${path.join(dir, 'yaml-ref', 'messages.yaml')}, line `);
    expect(error.message).toContain('this file is referenced at the document, line 10');
    expectOneReadableMessage(error, ms);
  });
});

describe('a $ref to nothing', () => {
  it('in the document: the line of the $ref', async () => {
    const bad = file(
      'ref/openapi.yaml',
      OPENAPI.replace("'#/components/schemas/A'", "'#/components/schemas/B'"),
    );
    const {error, ms} = await fails(() => loadOpenApi(bad));
    expect(error.message).toContain(
      'at JSON pointer "/paths/~1a/get/responses/200/content/application~1json/schema/$ref" (line 14): reference "#/components/schemas/B" points to nothing in this document',
    );
    expect(error.message).toContain('correct the part after "#"');
    expectOneReadableMessage(error, ms);
  });

  it('into another file: the line of the $ref and the file it looked in', async () => {
    const root = file('ref-ext/asyncapi.yaml', ASYNCAPI);
    const messages = file('ref-ext/messages.yaml', 'n:\n  payload:\n    type: string\n');
    const {error, ms} = await fails(() => loadAsyncApi(root));
    expect(error.message).toContain(
      `at JSON pointer "/channels/c/messages/m/$ref" (line 10): reference "./messages.yaml#/m" points to nothing in ${messages}`,
    );
    expectOneReadableMessage(error, ms);
  });

  it('inside a referenced file: that file and its line', async () => {
    const root = file('ref-deep/asyncapi.yaml', ASYNCAPI);
    const messages = file(
      'ref-deep/messages.yaml',
      "m:\n  payload:\n    $ref: '#/schemas/Nope'\nschemas: {}\n",
    );
    const {error, ms} = await fails(() => loadAsyncApi(root));
    expect(error.message).toContain(
      `in ${messages}, at JSON pointer "/m/payload/$ref" (line 3): reference "#/schemas/Nope" points to nothing in this file`,
    );
    expectOneReadableMessage(error, ms);
  });

  it('a remote reference is refused (the build makes no network calls)', async () => {
    const bad = file(
      'remote/openapi.yaml',
      OPENAPI.replace("'#/components/schemas/A'", "'https://example.com/schemas.yaml#/A'"),
    );
    const {error, ms} = await fails(() => loadOpenApi(bad));
    expect(error.message).toContain(
      '(line 14): remote reference "https://example.com/schemas.yaml#/A" is not fetched',
    );
    expectOneReadableMessage(error, ms);
  });
});
