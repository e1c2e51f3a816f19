/**
 * From the files that end up in the browser bundle to the packages that ship,
 * with their licences. Node-only, no webpack: the webpack plugin hands the
 * resource paths in, tests hand in fixtures.
 */
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {LicenseGroup, ShippedPackage} from './types';

interface PackageJson {
  name?: unknown;
  version?: unknown;
  license?: unknown;
  licenses?: unknown;
  homepage?: unknown;
  repository?: unknown;
  private?: unknown;
}

export interface PackageRoot {
  dir: string;
  name: string;
  version: string;
  json: PackageJson;
}

function readJson(file: string): PackageJson | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as PackageJson) : null;
  } catch {
    return null;
  }
}

/**
 * The installed package a file belongs to: the nearest directory at or above
 * the file, inside a `node_modules` folder, whose package.json has a name and a
 * version (nested package.json files such as `esm/package.json` with only
 * `"type"` are skipped). Files outside `node_modules` are the site's own: null.
 */
export function packageOfFile(
  file: string,
  cache: Map<string, PackageRoot | null> = new Map(),
): PackageRoot | null {
  const normalized = path.resolve(file);
  const marker = `${path.sep}node_modules${path.sep}`;
  const last = normalized.lastIndexOf(marker);
  if (last === -1) return null;
  const floor = normalized.slice(0, last + marker.length - 1);
  let dir = path.dirname(normalized);
  const visited: string[] = [];
  let found: PackageRoot | null = null;
  while (dir.length > floor.length) {
    const cached = cache.get(dir);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    visited.push(dir);
    const json = readJson(path.join(dir, 'package.json'));
    if (json !== null && typeof json.name === 'string' && typeof json.version === 'string') {
      found = {dir, name: json.name, version: json.version, json};
      break;
    }
    dir = path.dirname(dir);
  }
  for (const v of visited) cache.set(v, found);
  return found;
}

/** The licence of a package.json as an SPDX expression; legacy forms are converted. */
export function licenseOf(json: PackageJson): string {
  const {license, licenses} = json;
  if (typeof license === 'string' && license.trim() !== '') return license.trim();
  const typeOf = (v: unknown): string | null =>
    typeof v === 'object' && v !== null && typeof (v as {type?: unknown}).type === 'string'
      ? (v as {type: string}).type
      : null;
  const single = typeOf(license);
  if (single !== null) return single;
  if (Array.isArray(licenses)) {
    const types = licenses.map(typeOf).filter((t): t is string => t !== null);
    if (types.length === 1) return types[0] as string;
    if (types.length > 1) return `(${types.join(' OR ')})`;
  }
  return 'UNKNOWN';
}

/** Homepage, else the repository as a browsable https URL. */
export function urlOf(json: PackageJson): string | null {
  if (typeof json.homepage === 'string' && /^https?:\/\//.test(json.homepage)) return json.homepage;
  const repo =
    typeof json.repository === 'string'
      ? json.repository
      : (json.repository as {url?: unknown} | undefined)?.url;
  if (typeof repo !== 'string') return null;
  const github = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repo);
  if (github !== null) return `https://github.com/${github[1]}`;
  const cleaned = repo
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^ssh:\/\/git@/, 'https://')
    .replace(/\.git$/, '');
  return /^https?:\/\//.test(cleaned) ? cleaned : null;
}

const LICENSE_FILE = /^(licen[cs]e|copying)(?:[.-].*)?$/i;

/** The package's licence file (LICENSE, LICENCE.md, COPYING …), when it has one. */
export function licenseFileOf(dir: string): {file: string; text: string} | null {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  const candidates = names
    .filter((n) => LICENSE_FILE.test(n) && statSync(path.join(dir, n)).isFile())
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  const file = candidates[0];
  if (file === undefined) return null;
  return {file, text: readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n').trim()};
}

/** The packages the given files belong to, one entry per name and version. */
export function shippedPackages(files: Iterable<string>): ShippedPackage[] {
  const cache = new Map<string, PackageRoot | null>();
  const roots = new Map<string, PackageRoot>();
  for (const file of files) {
    const root = packageOfFile(file, cache);
    if (root !== null) roots.set(`${root.name}@${root.version}`, root);
  }
  return Array.from(roots.values())
    .map((root) => {
      const licenseFile = existsSync(root.dir) ? licenseFileOf(root.dir) : null;
      return {
        name: root.name,
        version: root.version,
        license: licenseOf(root.json),
        url: urlOf(root.json),
        licenseText: licenseFile?.text ?? null,
        licenseFile: licenseFile?.file ?? null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** Groups packages by licence expression, the most used licence first. */
export function groupByLicense(packages: ShippedPackage[]): LicenseGroup[] {
  const groups = new Map<string, ShippedPackage[]>();
  for (const p of packages) groups.set(p.license, [...(groups.get(p.license) ?? []), p]);
  return Array.from(groups, ([license, list]) => ({license, packages: list})).sort(
    (a, b) => b.packages.length - a.packages.length || a.license.localeCompare(b.license),
  );
}

/**
 * The file paths a webpack module stands for. A concatenated module stands for
 * its inner modules; a module with a resource for that file; other modules
 * (mini-css-extract's CSS modules) are named by a request whose last
 * `!`-separated part is the file. Runtime modules stand for no file.
 */
export function resourcesOfIdentifier(identifier: string): string[] {
  const request = identifier.replace(/^css\|/, '').split('|')[0] ?? '';
  const resource = request.split('!').pop() ?? '';
  const file = resource.split('?')[0] ?? '';
  return path.isAbsolute(file) ? [file] : [];
}
