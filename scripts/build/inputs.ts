/**
 * What a production build is made from, as one hash: the site's sources and documents, the
 * configuration, the installed packages (package-lock.json) and the environment variables the
 * build reads. `npm run build` records the hash of what it built (`recordBuildInputs`); a test that
 * reads build/ compares it with the tree's (tests/helpers/productBuild.ts), so a build/ left from
 * older sources is never tested as if it were the current one.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Folders and files the build reads (the build script itself included). */
const INPUTS = [
  'docs',
  'src',
  'static',
  'plugins',
  'specs',
  'scripts/build',
  'docusaurus.config.ts',
  'sidebars.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** The environment variables the build reads (see README "Configuration"). */
const ENV = [
  'OPENAPI_FILE',
  'ASYNCAPI_FILE',
  'SITE_URL',
  'ANNOUNCEMENT',
  'ANNOUNCEMENT_ID',
  'STRICT_DOCUMENTS',
];

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/**
 * The hash of everything a build of `root` with `env` and extra `docusaurus build` arguments `args`
 * is made from (a document named by OPENAPI_FILE included).
 */
export function buildInputsKey(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  args: readonly string[] = [],
): string {
  const hash = createHash('sha256');
  hash.update(`args=${args.join(' ')}\0`);
  for (const file of INPUTS.flatMap((entry) => filesUnder(root, entry)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  for (const name of ENV) {
    const value = env[name];
    hash.update(`${name}=${value ?? ''}\0`);
    // A document outside the tree is an input too.
    if (
      (name === 'OPENAPI_FILE' || name === 'ASYNCAPI_FILE') &&
      value &&
      existsSync(path.resolve(root, value))
    )
      hash.update(readFileSync(path.resolve(root, value)));
  }
  hash.update(process.version);
  return hash.digest('hex');
}

/** Where the hash of the inputs of the build in build/ is kept (outside build/: it is not published). */
export function recordFile(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'trading-api-docs', 'build-inputs.txt');
}

export function recordBuildInputs(root: string, key: string): void {
  mkdirSync(path.dirname(recordFile(root)), {recursive: true});
  writeFileSync(recordFile(root), `${key}\n`);
}

/** The hash recorded by the last successful `npm run build`, if any. */
export function recordedBuildInputs(root: string): string | undefined {
  const file = recordFile(root);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
