#!/usr/bin/env node
/**
 * Prints the size of the offline search index of a build, raw and gzip-compressed
 * (what a reader downloads on first use of the search box, from a server that
 * compresses JSON), for the benchmark.
 *
 *   node scripts/search-index-size.mjs [buildDir] [--json]
 *
 * buildDir defaults to build/. Exits 1 when the build has no index.
 */
import {readFileSync, existsSync} from 'node:fs';
import path from 'node:path';
import {gzipSync, constants} from 'node:zlib';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const buildDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'build');
const file = path.join(buildDir, 'search-index.json');

if (!existsSync(file)) {
  console.error(`No search index at ${file}: run \`npx docusaurus build\` first.`);
  process.exit(1);
}

const raw = readFileSync(file);
const gzip = gzipSync(raw, {level: constants.Z_BEST_COMPRESSION}).length;
const index = JSON.parse(raw.toString('utf8'));
const result = {
  file: path.relative(process.cwd(), file),
  rawBytes: raw.length,
  gzipBytes: gzip,
  pages: index.pages.length,
  records: index.records.length,
};

if (asJson) {
  console.log(JSON.stringify(result));
} else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `${result.file}: ${kb(result.rawBytes)} raw (${result.rawBytes} B), ${kb(result.gzipBytes)} gzip (${result.gzipBytes} B); ` +
      `${result.records} records from ${result.pages} pages`,
  );
}
