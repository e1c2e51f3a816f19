/**
 * `npm run session-check -- <file> [--json]`: checks a recorded session (HAR, mitmproxy .zhar,
 * or the site's transcript) against the API documents, with the same checker the page
 * /docs/ws/session-check runs (plugins/session-check). Prints one line per failing frame, broken
 * rule and failing call (or, with --json, the whole report); exits 0 when everything holds, 1
 * when anything fails, 2 when the input cannot be read.
 *
 * The validators are the page's: compiled by the payload validator's compiler into standalone
 * modules, written to a temporary folder, imported, and the folder removed.
 */
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {parseArgs} from 'node:util';
import {describeErrors} from '../../src/components/ApiReference/Validator/messages';
import {buildWsModel} from '../../plugins/api-reference/asyncapi/build';
import {resolveSpecPaths} from '../../plugins/api-reference/identity';
import {loadAsyncApi, loadOpenApi} from '../../plugins/api-reference/load';
import {buildRestModel} from '../../plugins/api-reference/openapi/build';
import type {JsonObject} from '../../plugins/api-reference/document';
import type {RestModel, WsModel} from '../../plugins/api-reference/types';
import {checkCapture, type Report} from '../../plugins/session-check/client/check';
import {CaptureRefused, readCapture} from '../../plugins/session-check/client/read';
import {failureLines, summaryLines} from '../../plugins/session-check/client/report';
import type {CheckEnvironment, CompiledValidator, Describe} from '../../plugins/session-check/client/types';
import {buildSessionModel} from '../../plugins/session-check/model';
import {compileSessionValidators} from '../../plugins/session-check/validators';

const ROOT = path.resolve(__dirname, '../..');

export type NodeChecker = Omit<CheckEnvironment, 'progress'>;

/** Imports compiled standalone modules (ES modules as text) by writing them to a temporary folder. */
async function importValidators(
  sources: {target: string; file: string; status: string; source: string}[],
): Promise<Map<string, CompiledValidator>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'session-check-'));
  const validators = new Map<string, CompiledValidator>();
  try {
    for (const compiled of sources) {
      if (compiled.status !== 'ready') continue;
      const file = path.join(folder, compiled.file.replace(/\.js$/, '.mjs'));
      await writeFile(file, compiled.source);
      const module = (await import(pathToFileURL(file).href)) as {validate?: unknown};
      if (typeof module.validate === 'function')
        validators.set(compiled.target, module.validate as CompiledValidator);
    }
  } finally {
    await rm(folder, {recursive: true, force: true});
  }
  return validators;
}

/** The reference's wording of validation errors (the payload validator's messages.ts). */
export function referenceWording(): Promise<Describe> {
  return Promise.resolve(describeErrors as Describe);
}

/** The documents, their models, the session model and the compiled validators. */
export async function nodeChecker(
  options: {
    documents?: {openapi: JsonObject; asyncapi: JsonObject; rest?: RestModel; ws?: WsModel};
    describe?: Describe;
  } = {},
): Promise<NodeChecker> {
  const paths = resolveSpecPaths(ROOT);
  const openapi = options.documents?.openapi ?? (await loadOpenApi(paths.openapi));
  const asyncapi = options.documents?.asyncapi ?? (await loadAsyncApi(paths.asyncapi));
  const rest = options.documents?.rest ?? buildRestModel(openapi);
  const ws = options.documents?.ws ?? buildWsModel(asyncapi);
  const sources = compileSessionValidators({openapi, asyncapi});
  const validators = await importValidators(sources);
  const model = buildSessionModel({openapi, asyncapi, rest, ws, compiled: new Set(validators.keys())});
  return {
    model,
    validator: (target) => validators.get(target),
    describe: options.describe ?? (await referenceWording()),
  };
}

export async function checkFile(file: string, checker: NodeChecker): Promise<Report> {
  const bytes = new Uint8Array(await readFile(file));
  return checkCapture(await readCapture(bytes), checker);
}

async function main(): Promise<number> {
  const {values, positionals} = parseArgs({
    options: {json: {type: 'boolean', default: false}},
    allowPositionals: true,
  });
  const file = positionals[0];
  if (file === undefined || positionals.length > 1) {
    process.stderr.write(
      'usage: npm run session-check -- <capture.har | capture.zhar | transcript.jsonl> [--json]\n',
    );
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  let capture;
  try {
    capture = await readCapture(bytes);
  } catch (error) {
    if (error instanceof CaptureRefused) {
      process.stderr.write(`${file}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const report = checkCapture(capture, await nodeChecker());
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const line of failureLines(report)) process.stdout.write(`${line}\n`);
    for (const line of summaryLines(report)) process.stdout.write(`${line}\n`);
    process.stdout.write(report.ok ? 'session check: everything holds\n' : 'session check: failures above\n');
  }
  return report.ok ? 0 : 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === __filename)
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 2;
    },
  );
