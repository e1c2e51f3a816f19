#!/usr/bin/env node
/**
 * `node scripts/bench-diff.mjs [--operations 340] [--runs 3]`: how long the release diff
 * (plugins/releases/diff.ts: redocly diff + correction) takes on a pair of OpenAPI documents of
 * that many operations (the product's operations cloned, as bench-scale does), the revision
 * carrying one change of each common kind every 20 operations. Figures, never pass/fail.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createJiti} from 'jiti';
import {parse} from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const count = arg('--operations', 340);
const runs = arg('--runs', 3);

function scaled() {
  const doc = parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8'));
  const originals = [];
  for (const [route, item] of Object.entries(doc.paths))
    for (const method of METHODS) if (item[method]) originals.push({route, method, operation: item[method]});
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
revision.components.schemas.OrderRef.maxLength = 50;

const jiti = createJiti(import.meta.url);
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
  `[bench-diff] ${count} operations, ${changes} changes: ${times.map((t) => `${t.toFixed(2)} s`).join(', ')} (median ${times[Math.floor(times.length / 2)].toFixed(2)} s)`,
);
