/**
 * `npm run release [-- --amend "<reason>" | --allow-smaller-bump "<reason>"]` and
 * `npm run release:check` (this script with --check). See README "Releases" and
 * plugins/releases/commands.ts. Works on the project folder it is run in.
 */
import {parseArgs} from 'node:util';
import {check, pathsIn, release} from '../../plugins/releases/commands';
import {runIfMain} from '../shared/main';

export const USAGE = `Usage: npm run release [-- --amend "<reason>" | --allow-smaller-bump "<reason>"]
       npm run release:check

release        records specs/openapi.yaml and specs/asyncapi.yaml as release info.version
               under specs/releases/ (a new version's bump must cover the changes)
--amend R      replaces the newest release's copies, keeping its version, with reason R
--allow-smaller-bump R
               records a release whose version bump is smaller than its changes need, with reason R
--check        (release:check) fails when the documents changed without a release or an amendment
--help         prints this and changes nothing`;

interface Parsed {
  help: boolean;
  check: boolean;
  amend?: string;
  allowSmallerBump?: string;
}

/** The command line, or the message that says what is wrong with it. */
export function parseReleaseArgs(args: readonly string[]): Parsed | {error: string} {
  // A reason that starts with -- is a forgotten reason followed by another option.
  for (const name of ['--amend', '--allow-smaller-bump']) {
    const at = args.indexOf(name);
    const value = args[at + 1];
    if (at >= 0 && (value === undefined || value.startsWith('--')))
      return {error: `${name} needs a reason: ${name} "<reason>"`};
  }
  try {
    const {values} = parseArgs({
      args: [...args],
      options: {
        help: {type: 'boolean', default: false},
        check: {type: 'boolean', default: false},
        amend: {type: 'string'},
        'allow-smaller-bump': {type: 'string'},
      },
      strict: true,
      allowPositionals: false,
    });
    return {
      help: values.help,
      check: values.check,
      ...(values.amend !== undefined ? {amend: values.amend} : {}),
      ...(values['allow-smaller-bump'] !== undefined ? {allowSmallerBump: values['allow-smaller-bump']} : {}),
    };
  } catch (error) {
    return {
      error: `${(error as Error).message}. Use --amend "<reason>" or --allow-smaller-bump "<reason>" (--help lists all).`,
    };
  }
}

async function main(): Promise<void> {
  const parsed = parseReleaseArgs(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(1);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const paths = pathsIn(process.cwd());
  const result = parsed.check
    ? await check(paths)
    : await release(paths, {
        ...(parsed.amend !== undefined ? {amend: parsed.amend} : {}),
        ...(parsed.allowSmallerBump !== undefined ? {allowSmallerBump: parsed.allowSmallerBump} : {}),
      });
  (result.code === 0 ? console.log : console.error)(result.message);
  process.exit(result.code);
}

runIfMain(import.meta.url, main);
