#!/usr/bin/env node
/**
 * `npm run release [-- --amend "<reason>" | --allow-smaller-bump "<reason>"]` and
 * `npm run release:check` (this script with --check). See README "Releases" and
 * plugins/releases/commands.ts. Works on the project folder it is run in.
 */
import {createJiti} from 'jiti';

const args = process.argv.slice(2);
function option(name) {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) {
    console.error(`${name} needs a reason: ${name} "<reason>"`);
    process.exit(1);
  }
  return value;
}

const known = new Set(['--check', '--amend', '--allow-smaller-bump']);
const unknown = args.filter(
  (arg, i) => arg.startsWith('--') && !known.has(arg) && !known.has(args[i - 1] ?? ''),
);
if (unknown.length > 0) {
  console.error(
    `Unknown option ${unknown.join(', ')}. Use --amend "<reason>" or --allow-smaller-bump "<reason>".`,
  );
  process.exit(1);
}

const jiti = createJiti(import.meta.url);
const {check, pathsIn, release} = await jiti.import('../plugins/releases/commands.ts');
const paths = pathsIn(process.cwd());
const amend = option('--amend');
const allowSmallerBump = option('--allow-smaller-bump');
const result = args.includes('--check')
  ? await check(paths)
  : await release(paths, {
      ...(amend !== undefined ? {amend} : {}),
      ...(allowSmallerBump !== undefined ? {allowSmallerBump} : {}),
    });
(result.code === 0 ? console.log : console.error)(result.message);
process.exit(result.code);
