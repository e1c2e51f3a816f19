/**
 * Prints the size of the offline search index of a build, raw and gzip-compressed
 * (what a reader downloads on first use of the search box, from a server that
 * compresses JSON), for the benchmark.
 *
 *   npx jiti scripts/bench/search-index-size.ts [buildDir] [--json]
 *
 * buildDir defaults to build/. Fails (exit 1) when the build has no index.
 */
import {readFileSync, existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {gzipSync, constants} from 'node:zlib';
import {withOptions} from '../shared/commandLine';
import {runIfMain} from '../shared/main';

export const USAGE = `Usage: npx jiti scripts/bench/search-index-size.ts [buildDir] [--json]

Prints the size of a build's offline search index (build/ by default), raw and gzip-compressed.
--json   one line of JSON instead
--help   this text`;

export interface SearchIndexSizeOptions {
  help: boolean;
  json: boolean;
  buildDir: string;
}

/** The command line, or an Error that says what is wrong with it. */
export function searchIndexSizeOptions(args: readonly string[]): SearchIndexSizeOptions {
  const {values, positionals} = parseArgs({
    args: [...args],
    options: {json: {type: 'boolean', default: false}, help: {type: 'boolean', default: false}},
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 1)
    throw new Error(`One build folder at a time (given: ${positionals.join(', ')}).`);
  return {help: values.help, json: values.json, buildDir: path.resolve(positionals[0] ?? 'build')};
}

export function main(args: string[] = process.argv.slice(2)): Promise<void> {
  return withOptions(() => searchIndexSizeOptions(args), USAGE, measure);
}

function measure({json: asJson, buildDir}: SearchIndexSizeOptions): void {
  const file = path.join(buildDir, 'search-index.json');

  if (!existsSync(file)) throw new Error(`No search index at ${file}: run \`npm run build\` first.`);

  const raw = readFileSync(file);
  const gzip = gzipSync(raw, {level: constants.Z_BEST_COMPRESSION}).length;
  const index = JSON.parse(raw.toString('utf8')) as {pages: unknown[]; records: unknown[]};
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
    const kb = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
    console.log(
      `${result.file}: ${kb(result.rawBytes)} raw (${result.rawBytes} B), ${kb(result.gzipBytes)} gzip (${result.gzipBytes} B); ` +
        `${result.records} records from ${result.pages} pages`,
    );
  }
}

runIfMain(import.meta.url, () => main());
