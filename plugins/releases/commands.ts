/**
 * The two commands for the provider's maintainers (scripts/build/release.ts):
 *
 * - `npm run release` records the working documents (specs/*.yaml) as release
 *   `info.version`, or with `--amend "<reason>"` replaces the newest release's
 *   copies keeping its version.
 * - `npm run release:check` says whether the working documents may land: equal
 *   to the newest release, or carrying a new version.
 *
 * Each returns an exit code and one message; nothing is printed here.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import type {Change, Impact} from './diff';
import {requiredBump, reword, today} from './diff';
import {VERDICT_LABEL} from './changes/rules';
import {correctionOf, correctionText} from './corrections';
import {
  RELEASE_FILE,
  bumpBetween,
  bumpCovers,
  compareVersions,
  copyPairTo,
  currentPair,
  diffPairs,
  history,
  listReleases,
  movePairTo,
  parseVersion,
  samePair,
  type Pair,
} from './store';

export interface CommandResult {
  code: 0 | 1;
  message: string;
}

export interface Paths {
  working: Pair;
  releasesDir: string;
}

export function pathsIn(root: string): Paths {
  return {
    working: {
      openapi: path.join(root, 'specs', 'openapi.yaml'),
      asyncapi: path.join(root, 'specs', 'asyncapi.yaml'),
    },
    releasesDir: path.join(root, 'specs', 'releases'),
  };
}

function versionOf(file: string): string {
  const doc = parse(readFileSync(file, 'utf8')) as {info?: {version?: unknown}} | null;
  const version = doc?.info?.version;
  return typeof version === 'string' ? version : String(version ?? '');
}

/** The version both documents carry, or the message that says they disagree. */
function workingVersion(working: Pair): {version: string} | {error: string} {
  const openapi = versionOf(working.openapi);
  const asyncapi = versionOf(working.asyncapi);
  if (openapi !== asyncapi) {
    return {
      error: `The two documents disagree on the version: specs/openapi.yaml is ${openapi || '(none)'}, specs/asyncapi.yaml is ${asyncapi || '(none)'}. Set the same info.version in both.`,
    };
  }
  if (parseVersion(openapi) === null) {
    return {error: `info.version "${openapi}" is not a semantic version (MAJOR.MINOR.PATCH).`};
  }
  return {version: openapi};
}

/** The lowest version after `from` that a bump of this size gives. */
export function nextVersion(from: string, bump: Impact | 'none'): string {
  const parsed = parseVersion(from);
  if (parsed === null || bump === 'none') return from;
  const [major, minor, patch] = parsed.numbers;
  if (bump === 'major') return major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + (parsed.pre === '' ? 1 : 0)}`;
}

/** Every change, one a line: its verdict, where, what, and the id a release.yaml note can name it by. */
export function describeChanges(changes: readonly Change[]): string {
  // Told today: a deprecation whose sunset has already passed says so.
  const asOf = today();
  return changes
    .map((c) => (c.rule === 'deprecated' && c.sunset !== undefined ? reword(c, {asOf}) : c))
    .map(
      (c) =>
        `  - [${VERDICT_LABEL[c.verdict]}] ${c.api === 'rest' ? 'REST' : 'WebSocket'} ${c.subject.label}: ${c.text} (id ${c.id})`,
    )
    .join('\n');
}

/** An amendment's changes, as the history shows them: corrections of the documents, not API changes. */
export function describeCorrections(changes: readonly Change[]): string {
  return changes
    .map((c) => {
      const correction = correctionOf(c);
      return `  - [${c.verdict === 'docs' ? 'Reworded' : correction.action ? 'To check' : 'Correction'}] ${c.api === 'rest' ? 'REST' : 'WebSocket'} ${c.subject.label}: ${c.verdict === 'docs' ? c.text : correctionText(correction)} (id ${c.id})`;
    })
    .join('\n');
}

/** The refusal both commands give when a new version's bump is smaller than its changes need. */
function bumpRefusal(
  prefix: string,
  from: string,
  to: string,
  changes: readonly Change[],
  escape: string,
): string | undefined {
  const needed = requiredBump(changes);
  const bump = bumpBetween(from, to);
  if (bumpCovers(bump, needed)) return undefined;
  const listed = changes.filter((c) => !bumpCovers(bump, c.impact));
  const breaking = listed.filter((c) => c.impact === 'major');
  const others = listed.filter((c) => c.impact !== 'major');
  const lists = [
    ...(breaking.length > 0
      ? [`Breaking changes (they need a major bump):\n${describeChanges(breaking)}`]
      : []),
    ...(others.length > 0
      ? [`Changes that need a minor bump (more than a ${bump} one):\n${describeChanges(others)}`]
      : []),
  ];
  return `${prefix} The version bump is smaller than the changes require: ${from} to ${to} is a ${bump} bump, the changes need a ${needed} bump (at least ${nextVersion(from, needed)}).\n${lists.join('\n')}\n${escape}`;
}

function distance(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/**
 * The keys that would match what a note's key seems to name: `<api>:<origin>` of the release's
 * changes written in, under, or named like (a near spelling of) the component the key names.
 */
export function suggestNoteKeys(key: string, changes: readonly Change[]): string[] {
  const at = key.indexOf(':');
  const api = at > 0 && ['rest', 'ws'].includes(key.slice(0, at)) ? key.slice(0, at) : undefined;
  const pointer = (api !== undefined ? key.slice(at + 1) : key).replace(/^#/, '');
  const name = (
    pointer
      .split(/[/:]/)
      .filter((p) => p !== '')
      .pop() ?? pointer
  ).toLowerCase();
  const near = (segment: string): boolean =>
    segment.toLowerCase() === name || (name.length > 3 && distance(segment.toLowerCase(), name) <= 2);
  const found = new Set<string>();
  for (const c of changes) {
    if (api !== undefined && c.api !== api) continue;
    const segments = c.origin.split('/').filter((p) => p !== '');
    const inside = pointer.startsWith('/') && c.origin.startsWith(`${pointer}/`);
    if (inside || segments.some(near)) {
      // The component itself when the key names it, else where the change is written.
      const index = segments.findIndex(near);
      const origin = !inside && index >= 0 ? `/${segments.slice(0, index + 1).join('/')}` : c.origin;
      found.add(`${c.api}:${origin}`);
    }
  }
  const keys = [...found].filter((k) => changes.some((c) => `${c.api}:${c.origin}` === k));
  return (keys.length > 0 ? keys : [...found]).sort().slice(0, 5);
}

/** A release keeps every file its documents reach (a split document's other files too). */
function copyPair(from: Pair, dir: string): void {
  mkdirSync(dir, {recursive: true});
  copyPairTo(from, dir);
}

const RELEASE_HEADER = `# What only a person can write about this release; the documents next to this file are
# exact copies of the released specs/openapi.yaml and specs/asyncapi.yaml.
# date: YYYY-MM-DD, or null while the provider has not published one.
# notes: paragraphs shown as written (inline \`code\` allowed).
`;

export interface ReleaseOptions {
  allowSmallerBump?: string;
  amend?: string;
}

export async function release(paths: Paths, options: ReleaseOptions = {}): Promise<CommandResult> {
  const current = workingVersion(paths.working);
  if ('error' in current) return {code: 1, message: `Not recorded. ${current.error}`};
  const {version} = current;
  const releases = listReleases(paths.releasesDir);
  const newest = releases[releases.length - 1];

  if (options.amend !== undefined) {
    if (options.amend.trim() === '')
      return {code: 1, message: 'Not amended. --amend needs a reason: --amend "<reason>".'};
    if (newest === undefined)
      return {code: 1, message: 'Not amended. No release is recorded yet: run npm run release.'};
    if (version !== newest.version) {
      return {
        code: 1,
        message: `Not amended. An amendment keeps the version: the newest release is ${newest.version}, the documents are ${version}. To record ${version} as a new release, run npm run release without --amend.`,
      };
    }
    if (samePair(currentPair(newest), paths.working)) {
      return {code: 1, message: `Not amended. The documents already equal release ${version}.`};
    }
    const changes = await diffPairs(currentPair(newest), paths.working);
    const n = newest.amendments.length + 1;
    const keep = path.join(newest.dir, 'amendments', String(n));
    mkdirSync(keep, {recursive: true});
    movePairTo(newest.dir, keep);
    copyPair(paths.working, newest.dir);
    const file = path.join(newest.dir, RELEASE_FILE);
    const data = (existsSync(file)
      ? (parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null)
      : null) ?? {
      date: null,
      notes: [],
    };
    data.amendments = [
      ...(Array.isArray(data.amendments) ? data.amendments : []),
      {reason: options.amend.trim(), recorded: today()},
    ];
    // Keeps the file's leading comment; the data below it is rewritten.
    const text = existsSync(file) ? readFileSync(file, 'utf8') : RELEASE_HEADER;
    const header = text
      .split('\n')
      .filter((line, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('#')));
    writeFileSync(file, `${header.join('\n')}\n${stringify(data)}`);
    return {
      code: 0,
      message: `Amended release ${version} (amendment ${n}: ${options.amend.trim()}). The copies it replaced are kept in ${path.relative(process.cwd(), keep) || keep}. The history shows it as a correction of the ${version} documents (the API did not change), with no version bump. Corrections:\n${describeCorrections(changes) || '  (none)'}`,
    };
  }

  if (newest !== undefined && compareVersions(version, newest.version) <= 0) {
    return {
      code: 1,
      message: `Not recorded. The version does not increase: the documents are ${version}, the newest release is ${newest.version}. Raise info.version in both documents, or correct release ${newest.version} with npm run release -- --amend "<reason>".`,
    };
  }
  const changes = newest !== undefined ? await diffPairs(currentPair(newest), paths.working) : [];
  const needed = requiredBump(changes);
  const bump = newest !== undefined ? bumpBetween(newest.version, version) : 'major';
  const notes: string[] = [];
  if (newest !== undefined && !bumpCovers(bump, needed)) {
    if (options.allowSmallerBump === undefined || options.allowSmallerBump.trim() === '') {
      return {
        code: 1,
        message:
          bumpRefusal(
            'Not recorded.',
            newest.version,
            version,
            changes,
            'Raise info.version in both documents, or record it anyway with --allow-smaller-bump "<reason>".',
          ) ?? '',
      };
    }
    notes.push(
      `Released as a ${bump} version although the changes need a ${needed} version: ${options.allowSmallerBump.trim()}`,
    );
  }
  const dir = path.join(paths.releasesDir, version);
  copyPair(paths.working, dir);
  writeFileSync(
    path.join(dir, RELEASE_FILE),
    `${RELEASE_HEADER}${stringify({date: null, recorded: today(), notes})}`,
  );
  return {
    code: 0,
    message: `Recorded release ${version} in ${path.relative(process.cwd(), dir) || dir}. Write its date (when published) and notes in ${RELEASE_FILE} there.${changes.length > 0 ? `\nChanges since ${newest?.version ?? ''}:\n${describeChanges(changes)}` : ''}`,
  };
}

export async function check(paths: Paths): Promise<CommandResult> {
  const releases = listReleases(paths.releasesDir);
  const newest = releases[releases.length - 1];
  if (newest === undefined)
    return {code: 0, message: 'release:check: no releases are recorded; nothing to check.'};
  const current = workingVersion(paths.working);
  if ('error' in current) return {code: 1, message: `release:check: ${current.error}`};
  const unmatched = (await history(paths.releasesDir, null)).flatMap((entry) =>
    (entry.unmatchedNotes ?? []).map((key) => {
      const keys = suggestNoteKeys(key, entry.changes);
      return `  - release ${entry.version ?? ''}: ${key}${keys.length > 0 ? ` (a key that matches: ${keys.join(', or ')})` : ''}`;
    }),
  );
  if (unmatched.length > 0) {
    return {
      code: 1,
      message: `release:check: these notes in release.yaml (changes:) name no computed change of their release; use a change's id as release:check or npm run release prints it, or <api>:<pointer> of what changed:\n${unmatched.join('\n')}`,
    };
  }
  if (samePair(currentPair(newest), paths.working)) {
    return {code: 0, message: `release:check: the documents equal release ${newest.version}.`};
  }
  if (compareVersions(current.version, newest.version) > 0) {
    const refusal = bumpRefusal(
      'release:check:',
      newest.version,
      current.version,
      await diffPairs(currentPair(newest), paths.working),
      'Raise info.version in both documents, or record it with npm run release -- --allow-smaller-bump "<reason>".',
    );
    if (refusal !== undefined) return {code: 1, message: refusal};
    return {
      code: 0,
      message: `release:check: the documents carry the new version ${current.version} (newest release ${newest.version}); record it with npm run release.`,
    };
  }
  const changes = await diffPairs(currentPair(newest), paths.working);
  const needed = requiredBump(changes);
  if (changes.length === 0) {
    return {
      code: 1,
      message: `release:check: the files differ from release ${newest.version}, but not in anything the API documents say (only formatting, order or comments), so they need no new version. Record them as they are with npm run release -- --amend "<reason>", or restore the files of release ${newest.version}.`,
    };
  }
  return {
    code: 1,
    message: [
      `release:check: the documents differ from release ${newest.version} but carry the same version ${current.version}. Changes:`,
      describeChanges(changes),
      `They need a ${needed} version: ${nextVersion(newest.version, needed)} or higher.`,
      'Two ways out:',
      `  - a release: set info.version to ${nextVersion(newest.version, needed)} (or higher) in both documents, then run npm run release;`,
      `  - an amendment (a correction that is not a provider release): npm run release -- --amend "<reason>".`,
    ].join('\n'),
  };
}
