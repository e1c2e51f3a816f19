/**
 * `npm run bench:diff [-- --operations 340] [-- --runs 3]`: how long the release diff
 * (plugins/releases/diff.ts: the walk from the reader's side, which finds a shared component's
 * change under every operation that reaches it) takes on a pair of OpenAPI documents of that many
 * operations (the product's operations cloned, by bench:scale's scaledDocument). The revision carries one
 * change of each common kind every 20 operations, and edits to components many operations share
 * (`Side` gains a value, `PageLimit`'s default changes, `OrderRef`'s maximum length is lowered),
 * whose uses the diff must find.
 * `--base a.yaml --revision b.yaml` times the diff of two given documents instead (a real API at
 * two releases: tests/fixtures/releases/). Figures, never pass/fail.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {parse} from 'yaml';
import {pathItemOperations} from '../../plugins/api-reference/document/operations';
import {isObject, type JsonObject} from '../../plugins/api-reference/document';
import {diffDocuments} from '../../plugins/releases/diff';
import {runIfMain} from '../shared/main';
import {withOptions} from '../shared/commandLine';
import {wholeNumber} from './options';
import {scaledDocument} from './scale';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const USAGE = `Usage: npm run bench:diff [-- --operations 340] [-- --runs 3]
       npm run bench:diff -- --base a.yaml --revision b.yaml [--runs 3]`;

/** The parts of an OpenAPI document the generated revision edits. */
interface Document extends JsonObject {
  paths: Record<string, Record<string, JsonObject>>;
}

function readYaml(file: string): Document {
  const doc: unknown = parse(readFileSync(file, 'utf8'));
  if (!isObject(doc as JsonObject) || !isObject((doc as JsonObject).paths))
    throw new Error(`${file}: not an OpenAPI document with paths`);
  return doc as Document;
}

interface Pair {
  base: Document;
  revision: Document;
  label: string;
}

/** A schema of the product's components that the revision edits (it must be there). */
function schema(doc: Document, name: string): JsonObject {
  const found = (doc.components as {schemas?: Record<string, JsonObject>} | undefined)?.schemas?.[name];
  if (found === undefined) throw new Error(`specs/openapi.yaml has no components.schemas.${name}`);
  return found;
}

function generated(count: number): Pair {
  // The product's operations cloned, as bench:scale makes its documents.
  const base = scaledDocument(count) as Document;
  const revision = structuredClone(base);
  revision.paths = Object.fromEntries(Object.entries(revision.paths).filter((_, i) => i % 20 !== 7));
  Object.values(revision.paths).forEach((item, i) => {
    const operation = Object.values(item)[0];
    if (i % 20 === 0 && operation !== undefined)
      operation.parameters = [
        {name: 'account_id', in: 'query', required: true, schema: {type: 'string'}},
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ];
  });
  schema(revision, 'OrderRef').maxLength = 50;
  const side = schema(revision, 'Side');
  side.enum = [...(Array.isArray(side.enum) ? side.enum : []), 'SELL_SHORT'];
  schema(revision, 'PageLimit').default = 50;
  return {base, revision, label: `${count} operations`};
}

function read(file: string): {doc: Document; operations: number} {
  const doc = readYaml(file);
  const operations = Object.values(doc.paths).reduce((n, item) => n + pathItemOperations(item).length, 0);
  return {doc, operations};
}

function given(baseFile: string, revisionFile: string): Pair {
  const a = read(baseFile);
  const b = read(revisionFile);
  return {
    base: a.doc,
    revision: b.doc,
    label: `${path.relative(ROOT, baseFile)} (${a.operations} operations) → ${path.relative(ROOT, revisionFile)} (${b.operations})`,
  };
}

export interface DiffBenchOptions {
  help: boolean;
  /** Operations in the generated document. */
  count: number;
  runs: number;
  /** A given pair of documents instead of the generated one (both or neither). */
  baseFile: string | undefined;
  revisionFile: string | undefined;
}

/** The command line, or an Error that says what is wrong with it (options.ts). */
export function diffBenchOptions(args: readonly string[]): DiffBenchOptions {
  const {values} = parseArgs({
    args: [...args],
    options: {
      operations: {type: 'string'},
      runs: {type: 'string'},
      base: {type: 'string'},
      revision: {type: 'string'},
      help: {type: 'boolean', default: false},
    },
    strict: true,
    allowPositionals: false,
  });
  if ((values.base === undefined) !== (values.revision === undefined))
    throw new Error('--base and --revision go together');
  return {
    help: values.help,
    count: wholeNumber('--operations', values.operations, 340),
    runs: wholeNumber('--runs', values.runs, 3),
    baseFile: values.base,
    revisionFile: values.revision,
  };
}

export function main(args: string[] = process.argv.slice(2)): Promise<void> {
  return withOptions(() => diffBenchOptions(args), USAGE, measure);
}

async function measure({count, runs, baseFile, revisionFile}: DiffBenchOptions): Promise<void> {
  const {base, revision, label} =
    baseFile !== undefined && revisionFile !== undefined
      ? given(path.resolve(baseFile), path.resolve(revisionFile))
      : generated(count);
  const times: number[] = [];
  let changes = 0;
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    changes = (await diffDocuments('rest', base, revision)).length;
    times.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  times.sort((a, b) => a - b);
  console.log(
    `[bench-diff] ${label}, ${changes} changes: ${times.map((t) => `${t.toFixed(2)} s`).join(', ')} (median ${(times[Math.floor(times.length / 2)] ?? NaN).toFixed(2)} s)`,
  );
}

runIfMain(import.meta.url, () => main());
