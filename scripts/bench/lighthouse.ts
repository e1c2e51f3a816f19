/**
 * Lighthouse and chrome-launcher for `npm run bench`, and nothing else. They are a package of their
 * own (scripts/bench/lighthouse/package.json and its lockfile), installed on the bench's first run
 * with `npm ci` into node_modules/.cache/bench-lighthouse/, so that the project's own `npm ci` and
 * `npm test` do not download them: with their dependencies (Sentry's and OpenTelemetry's among them)
 * they were 173 of the project's 1,976 packages, and a fresh `npm ci` with an empty npm cache took
 * 63.5 s without them against 80 s with them (two runs each, 2026-11-28). The installed copy lives
 * under node_modules, so that a clean install removes it with the rest and nothing that reads
 * scripts/ (tsc, ESLint, Prettier, the tests of scripts/) meets its files.
 *
 * The manifest's `overrides` keep what the main lockfile had for Lighthouse's trace engine, whose
 * two dependencies are the tag `latest`: without them `npm install` writes a lockfile that `npm ci`
 * then refuses as out of date (third-party-web deduplicated to Lighthouse's own 0.27.0).
 *
 * The types below are the part of their API the bench uses, written here because the packages are
 * absent when `tsc` checks the scripts.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

/** The manifest and lockfile, in the repository. */
export const LIGHTHOUSE_PACKAGE = path.join(__dirname, 'lighthouse');
/** Where they are installed. */
export const LIGHTHOUSE_DIR = path.join(__dirname, '../../node_modules/.cache/bench-lighthouse');
const FILES = ['package.json', 'package-lock.json'] as const;

/** The options of a Lighthouse run the bench gives (Lighthouse's `Flags`, in part). */
export interface LighthouseFlags {
  port: number;
  output: 'json';
  logLevel: 'error';
  onlyCategories: string[];
}

/** A run's result, in the part the bench reads. */
export interface LighthouseResult {
  lhr: {
    audits: Record<string, {numericValue?: number} | undefined>;
    categories: Record<string, {score: number | null} | undefined>;
  };
}

export interface LighthouseTools {
  lighthouse: (
    url: string,
    flags: LighthouseFlags,
    config?: unknown,
  ) => Promise<LighthouseResult | undefined>;
  /** Lighthouse's desktop configuration (its default is mobile). */
  desktopConfig: unknown;
  launchChrome: (options: {
    chromePath: string;
    chromeFlags: string[];
  }) => Promise<{port: number; kill(): unknown}>;
}

/** The versions package.json pins, each checked against what is installed. */
function pinned(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(LIGHTHOUSE_PACKAGE, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return manifest.dependencies;
}

function installedVersion(name: string): string | undefined {
  const file = path.join(LIGHTHOUSE_DIR, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as {version?: string}).version;
}

/** Whether the installed copy was made from the repository's lockfile and holds the pinned versions. */
export function lighthouseInstalled(): boolean {
  const same = (file: string): boolean => {
    const copy = path.join(LIGHTHOUSE_DIR, file);
    return (
      existsSync(copy) &&
      readFileSync(copy, 'utf8') === readFileSync(path.join(LIGHTHOUSE_PACKAGE, file), 'utf8')
    );
  };
  return (
    FILES.every(same) &&
    Object.entries(pinned()).every(([name, version]) => installedVersion(name) === version)
  );
}

/**
 * Installs the pinned packages when they are missing or were installed from another lockfile (the
 * manifest and lockfile copied, then `npm ci`), then loads them.
 */
export async function loadLighthouse(): Promise<LighthouseTools> {
  if (!lighthouseInstalled()) {
    console.log(
      `Installing Lighthouse for the benchmark into ${path.relative(process.cwd(), LIGHTHOUSE_DIR)} …`,
    );
    mkdirSync(LIGHTHOUSE_DIR, {recursive: true});
    for (const file of FILES)
      copyFileSync(path.join(LIGHTHOUSE_PACKAGE, file), path.join(LIGHTHOUSE_DIR, file));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {cwd: LIGHTHOUSE_DIR, stdio: 'inherit'});
    if (!lighthouseInstalled())
      throw new Error(`npm ci in ${LIGHTHOUSE_DIR} did not install ${JSON.stringify(pinned())}`);
  }
  const from = createRequire(path.join(LIGHTHOUSE_DIR, 'package.json'));
  // Both are ES modules without an `exports` map: their `main` is what `import` would load.
  const load = async (name: string): Promise<Record<string, unknown>> =>
    (await import(pathToFileURL(from.resolve(name)).href)) as Record<string, unknown>;
  const lighthouse = await load('lighthouse');
  const chromeLauncher = await load('chrome-launcher');
  if (typeof lighthouse.default !== 'function' || typeof chromeLauncher.launch !== 'function') {
    throw new Error(`${LIGHTHOUSE_DIR}: lighthouse or chrome-launcher does not export what the bench uses`);
  }
  return {
    lighthouse: lighthouse.default as LighthouseTools['lighthouse'],
    desktopConfig: lighthouse.desktopConfig,
    launchChrome: chromeLauncher.launch as LighthouseTools['launchChrome'],
  };
}
