/**
 * `npm run session-check -- <file> [--json]`: checks a recorded session (HAR, mitmproxy .zhar,
 * or the site's transcript) against the API documents, with the same checker the page
 * /docs/ws/session-check runs (plugins/session-check). Prints one line per failing frame, broken
 * rule and failing call (or, with --json, the whole report); exits 0 when everything holds, 1
 * when anything fails, 2 when the input cannot be read.
 *
 * The validators are the page's: compiled by the payload validator's compiler into standalone
 * modules. Loading the documents (with their specifications' checks) and compiling takes longer
 * than checking 100,000 frames, so the prepared checker (the session model and the compiled
 * modules) is kept in node_modules/.cache/session-check/, under a key made of the content of every
 * document file and of the code that prepares it; a change to either prepares it again. Without
 * a writable cache folder the modules go to a temporary folder, removed after they are imported.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {mkdir, mkdtemp, readFile, rename, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {parseArgs} from 'node:util';
import {describeErrors} from '../../src/components/ApiReference/Validator/messages';
import {resolveSpecPaths} from '../../plugins/api-reference/identity';
import type {JsonObject} from '../../plugins/api-reference/document';
import type {WsModel} from '../../plugins/api-reference/types';
import {checkCapture, type Report} from '../../plugins/session-check/client/check';
import {CaptureRefused, readCapture} from '../../plugins/session-check/client/read';
import {failureLines, summaryLines} from '../../plugins/session-check/client/report';
import {withOptions} from '../shared/commandLine';
import type {
  CheckEnvironment,
  CompiledValidator,
  Describe,
  SessionModel,
} from '../../plugins/session-check/client/types';

const ROOT = path.resolve(__dirname, '../..');

/** Where the prepared checker is kept between runs. */
export const CHECKER_CACHE = path.join(ROOT, 'node_modules/.cache/session-check');

/** Bumped when the cache's layout changes. */
const CACHE_LAYOUT = 1;

/** The code that turns documents into the prepared checker: a change to it prepares it again. */
const PREPARING_CODE = ['plugins/api-reference', 'plugins/session-check', 'package-lock.json'];

export type NodeChecker = Omit<CheckEnvironment, 'progress'>;

interface CompiledModule {
  target: string;
  file: string;
  status: string;
  source: string;
}

/** What the cache holds for one pair of documents (`manifest-<hash of their paths>.json`). */
interface Manifest {
  layout: number;
  key: string;
  /** Every file the documents were read from (split documents reach several). */
  documents: string[];
  model: SessionModel;
  /** Target → module file in the key's folder. */
  modules: Record<string, string>;
}

function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

function filesUnder(entry: string, into: string[]): void {
  if (!existsSync(entry)) return;
  if (!statSync(entry).isDirectory()) {
    into.push(entry);
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    filesUnder(path.join(entry, name), into);
  }
}

/** The cache key: the content of the documents' files and of the preparing code. */
function cacheKey(documents: readonly string[]): string {
  const files: string[] = [];
  for (const entry of PREPARING_CODE) filesUnder(path.join(ROOT, entry), files);
  const hash = createHash('sha256').update(`layout ${CACHE_LAYOUT}\n`);
  for (const file of [...documents, ...files])
    hash.update(`${file}\n${existsSync(file) ? sha256(readFileSync(file)) : 'missing'}\n`);
  return hash.digest('hex');
}

async function importModules(
  folder: string,
  modules: Record<string, string>,
): Promise<Map<string, CompiledValidator>> {
  const validators = new Map<string, CompiledValidator>();
  for (const [target, file] of Object.entries(modules)) {
    const module = (await import(pathToFileURL(path.join(folder, file)).href)) as {validate?: unknown};
    if (typeof module.validate === 'function') validators.set(target, module.validate as CompiledValidator);
  }
  return validators;
}

/** Writes the compiled modules (ES modules as text) to `folder`; returns target → file. */
async function writeModules(folder: string, sources: CompiledModule[]): Promise<Record<string, string>> {
  const modules: Record<string, string> = {};
  for (const compiled of sources) {
    if (compiled.status !== 'ready') continue;
    const file = compiled.file.replace(/\.js$/, '.mjs');
    await writeFile(path.join(folder, file), compiled.source);
    modules[compiled.target] = file;
  }
  return modules;
}

/** The reference's wording of validation errors (the payload validator's messages.ts). */
export function referenceWording(): Promise<Describe> {
  return Promise.resolve(describeErrors as Describe);
}

/** The documents loaded as the build loads them, the session model and the compiled modules. */
async function prepare(documents?: {openapi: JsonObject; asyncapi: JsonObject; ws?: WsModel}): Promise<{
  sources: CompiledModule[];
  model: (compiled: ReadonlySet<string>) => SessionModel;
}> {
  // Imported here: a warm run (the cache) needs none of the document loaders and compilers.
  const [{buildWsModel}, {loadAsyncApi, loadOpenApi}, {buildSessionModel}, {compileSessionValidators}] =
    await Promise.all([
      import('../../plugins/api-reference/asyncapi/build'),
      import('../../plugins/api-reference/load'),
      import('../../plugins/session-check/model'),
      import('../../plugins/session-check/validators'),
    ]);
  const paths = resolveSpecPaths(ROOT);
  const openapi = documents?.openapi ?? (await loadOpenApi(paths.openapi));
  const asyncapi = documents?.asyncapi ?? (await loadAsyncApi(paths.asyncapi));
  const ws = documents?.ws ?? buildWsModel(asyncapi);
  const sources = compileSessionValidators({openapi, asyncapi});
  return {sources, model: (compiled) => buildSessionModel({openapi, asyncapi, ws, compiled})};
}

/** The prepared checker from the cache, or prepared now and kept there. */
async function cachedChecker(
  cache: string,
): Promise<{model: SessionModel; validators: Map<string, CompiledValidator>}> {
  const paths = resolveSpecPaths(ROOT);
  const manifestFile = path.join(
    cache,
    `manifest-${sha256(`${paths.openapi}\n${paths.asyncapi}`).slice(0, 16)}.json`,
  );
  try {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    const key = cacheKey(manifest.documents);
    if (manifest.layout === CACHE_LAYOUT && manifest.key === key)
      return {
        model: manifest.model,
        validators: await importModules(path.join(cache, key), manifest.modules),
      };
  } catch {
    // No cache yet, or one that cannot be read: prepare the checker again.
  }
  const {readResolved} = await import('../../plugins/api-reference/load');
  const documents = [
    ...(await readResolved(paths.openapi)).files,
    ...(await readResolved(paths.asyncapi)).files,
  ].map((file) => path.resolve(file));
  const key = cacheKey(documents);
  const prepared = await prepare();
  await mkdir(cache, {recursive: true});
  const staging = await mkdtemp(path.join(cache, 'staging-'));
  try {
    const modules = await writeModules(staging, prepared.sources);
    const validators = await importModules(staging, modules);
    const model = prepared.model(new Set(validators.keys()));
    const folder = path.join(cache, key);
    // Another run may have written the same key meanwhile: its modules are the same.
    if (!existsSync(folder)) await rename(staging, folder).catch(() => undefined);
    const manifest: Manifest = {layout: CACHE_LAYOUT, key, documents, model, modules};
    const written = `${manifestFile}.${process.pid}`;
    await writeFile(written, JSON.stringify(manifest));
    await rename(written, manifestFile);
    await pruneCache(cache);
    return {model, validators};
  } finally {
    await rm(staging, {recursive: true, force: true});
  }
}

/** Removes key folders no manifest names, once they are an hour old (a run may still read one). */
async function pruneCache(cache: string): Promise<void> {
  const names = readdirSync(cache);
  const kept = new Set<string>();
  for (const name of names)
    if (name.startsWith('manifest-') && name.endsWith('.json'))
      try {
        kept.add((JSON.parse(readFileSync(path.join(cache, name), 'utf8')) as Manifest).key);
      } catch {
        // A manifest being written: its folder is kept by the age test below.
      }
  const hourAgo = Date.now() - 3_600_000;
  for (const name of names) {
    const entry = path.join(cache, name);
    if (/^[0-9a-f]{64}$/.test(name) && !kept.has(name) && statSync(entry).mtimeMs < hourAgo)
      await rm(entry, {recursive: true, force: true});
  }
}

/**
 * The documents, the session model and the compiled validators. Given documents (tests) are
 * prepared in this process; otherwise the documents the build reads are, through the cache
 * (`cache: false` prepares them without it).
 */
export async function nodeChecker(
  options: {
    documents?: {openapi: JsonObject; asyncapi: JsonObject; ws?: WsModel};
    describe?: Describe;
    cache?: string | false;
  } = {},
): Promise<NodeChecker> {
  const describe = options.describe ?? (await referenceWording());
  const cache = options.documents === undefined ? (options.cache ?? CHECKER_CACHE) : false;
  if (cache !== false)
    try {
      const {model, validators} = await cachedChecker(cache);
      return {model, validator: (target) => validators.get(target), describe};
    } catch (error) {
      // The cache folder cannot be written (a read-only install): prepare without it.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === undefined || !['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR'].includes(code))
        throw error;
    }
  const prepared = await prepare(options.documents);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'session-check-'));
  let validators: Map<string, CompiledValidator>;
  try {
    validators = await importModules(folder, await writeModules(folder, prepared.sources));
  } finally {
    await rm(folder, {recursive: true, force: true});
  }
  const model = prepared.model(new Set(validators.keys()));
  return {model, validator: (target) => validators.get(target), describe};
}

export async function checkFile(file: string, checker: NodeChecker): Promise<Report> {
  const bytes = new Uint8Array(await readFile(file));
  return checkCapture(await readCapture(bytes), checker);
}

export const USAGE = `Usage: npm run session-check -- <capture.har | capture.zhar | transcript.jsonl> [--json]

Checks a recorded session against the API documents, offline, with the checker of the page
/docs/ws/session-check: one line per failing frame, broken rule and failing call, then a summary.
Exits 0 when everything holds, 1 when anything fails, 2 when the input cannot be read.

--json    writes the whole report as JSON instead (the capture's tokens are never in it)
--help    this text`;

/** The command line: the one file and --json, or --help; anything else throws (a usage error). */
export function parseSessionCheckArgs(
  args: readonly string[],
): {help: true} | {help: false; file: string; json: boolean} {
  const {values, positionals} = parseArgs({
    args: [...args],
    options: {json: {type: 'boolean', default: false}, help: {type: 'boolean', default: false}},
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return {help: true};
  const [file] = positionals;
  if (file === undefined) throw new Error('Name the capture to check.');
  if (positionals.length > 1) throw new Error(`One capture at a time (given: ${positionals.join(', ')}).`);
  return {help: false, file, json: values.json};
}

/** The command: the usage (exit 0) or a usage error (exit 2) as withOptions gives them, else the check's exit code. */
function main(): Promise<void> {
  return withOptions(
    () => parseSessionCheckArgs(process.argv.slice(2)),
    USAGE,
    async (options) => {
      if (!options.help) process.exitCode = await check(options);
    },
  );
}

/** Checks the capture; 0 when everything holds, 1 when anything fails, 2 when it cannot be read. */
async function check(options: {file: string; json: boolean}): Promise<number> {
  const {file} = options;
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
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const line of failureLines(report)) process.stdout.write(`${line}\n`);
    for (const line of summaryLines(report)) process.stdout.write(`${line}\n`);
    process.stdout.write(report.ok ? 'session check: everything holds\n' : 'session check: failures above\n');
  }
  return report.ok ? 0 : 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === __filename)
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 2;
  });
