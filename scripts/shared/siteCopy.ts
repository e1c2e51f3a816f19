/**
 * A throw-away copy of the site for a site-copy test (tests/sites) or a benchmark (scripts/bench) to change and build: the one list
 * of what a build reads. node_modules is linked, not copied: as one link (the copy shares the
 * project's caches), or entry by entry with `ownCache` (the copy's node_modules/.cache is its own,
 * so the bundler's persistent cache starts empty: site-builds.test.ts).
 *
 * plugins/ is linked too (LINKED_ENTRIES), and must never be written through a copy: no copy
 * changes a plugin, and the loaders that compile TypeScript on the fly (Docusaurus's jiti for the
 * configuration and the plugins, jiti for the scripts) key their transpile caches by the real path
 * of each file. Linked, a copy's build finds every plugin module compiled by the project's own
 * build; copied, each copy's first build compiled them all again (measured 2026-11-29: loading
 * the configuration took 6.0 s of CPU time in a fresh copy, 2.8 s with plugins/ linked, 2.4 s warm).
 * No plugin finds the site from its own folder (they are given siteDir), so a linked plugin still
 * reads the copy's documents, docs and releases. scripts/ stays a copy: each script finds the site
 * from its own path.
 */
import {cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a build of the site reads, and the scripts that start one. */
export const SITE_ENTRIES = [
  'docs',
  'src',
  'static',
  'plugins',
  'specs',
  'scripts',
  'docusaurus.config.ts',
  'sidebars.ts',
  'tsconfig.json',
  'package.json',
] as const;

/** The entries of SITE_ENTRIES a copy links to the project's instead of copying (see above). */
export const LINKED_ENTRIES: readonly (typeof SITE_ENTRIES)[number][] = ['plugins'];

/** Copies the site into a new folder of the temp folder named `prefix`…; returns its path. */
export function copySite(prefix: string, {ownCache = false}: {ownCache?: boolean} = {}): string {
  const site = mkdtempSync(path.join(tmpdir(), prefix));
  for (const entry of SITE_ENTRIES) {
    if (LINKED_ENTRIES.includes(entry)) symlinkSync(path.join(ROOT, entry), path.join(site, entry), 'dir');
    else cpSync(path.join(ROOT, entry), path.join(site, entry), {recursive: true});
  }
  if (!ownCache) {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'), 'dir');
    return site;
  }
  mkdirSync(path.join(site, 'node_modules'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '.cache') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(site, 'node_modules', entry));
  }
  return site;
}
