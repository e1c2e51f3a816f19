#!/usr/bin/env node
/**
 * `node scripts/bench-diff.mjs [--operations 340] [--runs 3]`: how long the release diff
 * (plugins/releases/diff.ts: the walk from the reader's side, which finds a shared component's
 * change under every operation that reaches it) takes on a pair of OpenAPI documents of that many
 * operations (the product's operations cloned, as bench-scale does). The revision carries one
 * change of each common kind every 20 operations, and edits to components many operations share
 * (`Side` gains a value, `PageLimit`'s default changes, `OrderRef`'s maximum length is lowered),
 * whose uses the diff must find.
 * `--base a.yaml --revision b.yaml` times the diff of two given documents instead (a real API at
 * two releases: tests/fixtures/releases/). Figures, never pass/fail.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createJiti} from 'jiti';
import {parse} from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jiti = createJiti(import.meta.url);
const {pathItemOperations} = await jiti.import('../plugins/api-reference/document/operations.ts');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const file = (name) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? path.resolve(process.argv[at + 1]) : undefined;
};
const count = arg('--operations', 340);
const runs = arg('--runs', 3);
const given = {base: file('--base'), revision: file('--revision')};
if ((given.base === undefined) !== (given.revision === undefined)) {
  console.error('[bench-diff] --base and --revision go together');
  process.exit(2);
}

function scaled() {
  const doc = parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8'));
  const originals = [];
  for (const [route, item] of Object.entries(doc.paths))
    for (const {method, operation} of pathItemOperations(item)) originals.push({route, method, operation});
  const paths = {};
  for (let i = 0; i < count; i++) {
    const {route, method, operation} = originals[i % originals.length];
    const clone = structuredClone(operation);
    clone.operationId = `${operation.operationId ?? method}N${i}`;
    (paths[`/scaled/${i}${route}`] ??= {})[method] = clone;
  }
  doc.paths = paths;
  return doc;
}

function generated() {
  const base = scaled();
  const revision = structuredClone(base);
  revision.paths = Object.fromEntries(Object.entries(revision.paths).filter((_, i) => i % 20 !== 7));
  Object.keys(revision.paths).forEach((route, i) => {
    const item = revision.paths[route];
    const method = Object.keys(item)[0];
    if (i % 20 === 0)
      item[method].parameters = [
        {name: 'account_id', in: 'query', required: true, schema: {type: 'string'}},
        ...(item[method].parameters ?? []),
      ];
  });
  const schemas = revision.components.schemas;
  schemas.OrderRef.maxLength = 50;
  schemas.Side.enum = [...schemas.Side.enum, 'SELL_SHORT'];
  schemas.PageLimit.default = 50;
  return {base, revision, label: `${count} operations`};
}

function read(file) {
  const doc = parse(readFileSync(file, 'utf8'));
  const operations = Object.values(doc.paths ?? {}).reduce(
    (n, item) => n + pathItemOperations(item ?? {}).length,
    0,
  );
  return {doc, operations};
}

function pair() {
  if (given.base === undefined) return generated();
  const a = read(given.base);
  const b = read(given.revision);
  return {
    base: a.doc,
    revision: b.doc,
    label: `${path.relative(ROOT, given.base)} (${a.operations} operations) → ${path.relative(ROOT, given.revision)} (${b.operations})`,
  };
}

const {base, revision, label} = pair();
const {diffDocuments} = await jiti.import('../plugins/releases/diff.ts');
const times = [];
let changes = 0;
for (let run = 0; run < runs; run++) {
  const started = process.hrtime.bigint();
  changes = (await diffDocuments('rest', base, revision)).length;
  times.push(Number(process.hrtime.bigint() - started) / 1e9);
}
times.sort((a, b) => a - b);
console.log(
  `[bench-diff] ${label}, ${changes} changes: ${times.map((t) => `${t.toFixed(2)} s`).join(', ')} (median ${times[Math.floor(times.length / 2)].toFixed(2)} s)`,
);
