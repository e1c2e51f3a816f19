/**
 * Semantic versions: parse, compare, the bump between two. No Node imports: the
 * guide-fit check (shared with the client bundle) uses compareVersions.
 */
import type {Impact} from './changes/rules';

/** `1.2.3` → [1, 2, 3]; pre-release and build suffixes order after their numbers are compared as strings. */
export function parseVersion(version: string): {numbers: [number, number, number]; pre: string} | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(version.trim());
  if (match === null) return null;
  return {numbers: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] ?? ''};
}

export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (x === null || y === null) return a.localeCompare(b);
  for (let i = 0; i < 3; i += 1) {
    const d = (x.numbers[i] as number) - (y.numbers[i] as number);
    if (d !== 0) return d;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === '') return 1;
  if (y.pre === '') return -1;
  return x.pre.localeCompare(y.pre);
}

/** The bump from one version to the next: major, minor, patch (none when not higher). */
export function bumpBetween(from: string, to: string): Impact | 'none' {
  const x = parseVersion(from);
  const y = parseVersion(to);
  if (x === null || y === null || compareVersions(to, from) <= 0) return 'none';
  if (y.numbers[0] !== x.numbers[0]) return 'major';
  // Before 1.0.0 a minor bump may break (semver's initial development).
  if (y.numbers[1] !== x.numbers[1]) return x.numbers[0] === 0 ? 'major' : 'minor';
  return 'patch';
}

const RANK: Record<Impact | 'none', number> = {none: 0, patch: 1, minor: 2, major: 3};

export function bumpCovers(bump: Impact | 'none', needed: Impact | 'none'): boolean {
  return RANK[bump] >= RANK[needed];
}
