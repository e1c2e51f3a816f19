/**
 * `npm run compare-builds -- <before> <after> [pairs…] [options]`: builds the site at two git
 * revisions against the same API documents and compares the two `build/` folders file by file, so
 * that a refactoring can show its built pages are unchanged (issue 32's constraint), and any change
 * is found with the page, the element and the text before and after.
 *
 * Pairs (one build each per revision; default: `specs`): `specs` (the product's own documents),
 * `OPENAPI,ASYNCAPI` (either may be empty: that side stays specs/), `--corpus DIR` (the i-th file of
 * DIR/openapi with the i-th of DIR/asyncapi, sorted; the longer list's rest with specs/), filtered by
 * `--only A,B` (pairs whose name contains A or B). Options: `--report FILE` (the full report;
 * default: a file in the temp folder), `--keep DIR` (keep the builds as DIR/<revision>/<pair>/),
 * `--twice` (build <before> twice and set aside what differs between those two builds), `--work DIR`
 * (where the worktrees go; on the file system of node_modules), `--folders A B` (compare two build
 * folders already made: no worktree, no build).
 *
 * Each revision gets a throw-away detached `git worktree` with the current node_modules hard-linked
 * (`cp -al`, its `.cache` left out so no build writes into the current one's caches); the package
 * versions the revision's package-lock asks for and the installed tree lacks are listed (a failure or
 * difference may come from that alone). Each build is the revision's own `npm run build` with the pair's
 * OPENAPI_FILE / ASYNCAPI_FILE and SITE_URL and the announcement unset, one at a time at nice 10; its
 * time and, on failure, the end of its log are reported (one side only failing is a difference).
 *
 * What is compared, after normalising what changes with any code change (content hashes in asset
 * names, JS chunk references, CSS-module class suffixes such as `badge_x1Yz`, the CSP's hashes):
 *   - HTML pages: the start tags (attributes sorted, decoded) and text nodes (decoded, white space
 *     collapsed outside <pre>), aligned with jsdiff's `diffArrays`; each change with the nearest
 *     `id` before it, the text before it and its changed words (`[-old-]{+new+}`);
 *   - JSON files (downloads, search index, changes.json): value by value, with the JSON path;
 *   - other text (Markdown copies, YAML, txt, xml feeds, .d.ts, _headers, CSS rules): line by line;
 *   - JS bundles: only whether they differ (count and bytes): two worktrees always differ there, as
 *     the route registry in main.js names the API reference's and version history's data modules by
 *     their absolute paths; other files: byte for byte.
 * A change seen on several pages is listed once with its pages. A short report goes to stdout, the
 * full one to the report file. The worktrees are removed on exit, also on failure or Ctrl+C. Exit
 * code: 0 when every pair is identical, 1 when any differs or failed on one side only, 2 on a usage
 * error.
 *
 * Two builds of one revision are the same at today's revisions but not at older ones: before the
 * Postman converter drew its stand-in example values from a fixed seed, a collection was random
 * where a document gives no examples, and before the stable feed dates the feed's `<updated>` was the
 * build's time. `--twice` finds such differences and keeps them out of the comparison.
 *
 * Example (the corpus at two revisions, builds kept for a closer look):
 *   npm run compare-builds -- 1151893 805e13c --corpus ../shared/corpus --keep /tmp/cmp
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync} from 'node:fs';
import {readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {diffArrays, diffWords, diffWordsWithSpace} from 'diff';
import {Parser} from 'htmlparser2';
import {isObject} from '../../plugins/api-reference/client/json';
import {runIfMain} from '../shared/main';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// ---------------------------------------------------------------- arguments

export const USAGE = `Usage: npm run compare-builds -- <before> <after> [specs | OPENAPI,ASYNCAPI]… [--corpus DIR [--only A,B]] [--twice] [--report FILE] [--keep DIR] [--work DIR]
       npm run compare-builds -- --folders <build folder> <build folder> [--report FILE]`;

/** \`--help\`: the usage, and what each argument does. */
export const HELP = `${USAGE}

Builds the site at two git revisions against the same API documents and compares the two build
folders file by file: pages by tags and text, JSON by value, other text by line.

specs               the product's own documents (the default pair)
OPENAPI,ASYNCAPI    a pair of documents (either may be empty: that side stays specs/)
--corpus DIR        the i-th file of DIR/openapi with the i-th of DIR/asyncapi
--only A,B          only the pairs whose name contains A or B
--twice             builds <before> twice and sets aside what differs between those two builds
--report FILE       where the full report goes (default: a file in the temp folder)
--keep DIR          keeps the builds as DIR/<revision>/<pair>/
--work DIR          where the worktrees go (on the file system of node_modules)
--folders A B       compares two build folders already made: no worktree, no build
--help              this text

Exit code: 0 when every pair is identical, 1 when any differs or failed on one side only, 2 on a
usage error.`;

function usage(message: string): never {
  console.error(`[compare-builds] ${message}\n${USAGE}`);
  process.exit(2);
}

interface Options {
  revisions: string[];
  pairs: string[];
  corpus: string | null;
  only: string[] | null;
  report: string | null;
  keep: string | null;
  work: string | null;
  folders: string[] | null;
  twice: boolean;
}

export function parseOptions(argv: string[]): Options {
  const parse = () =>
    parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        corpus: {type: 'string'},
        only: {type: 'string'},
        report: {type: 'string'},
        keep: {type: 'string'},
        work: {type: 'string'},
        folders: {type: 'boolean'},
        twice: {type: 'boolean'},
        help: {type: 'boolean'},
      },
    });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    usage((error as Error).message);
  }
  const {values, positionals} = parsed;
  if (values.help === true) {
    console.log(HELP);
    process.exit(0);
  }
  const resolved = (value: string | undefined): string | null =>
    value === undefined ? null : path.resolve(value);
  const folders = values.folders === true;
  if (folders ? positionals.length !== 2 : positionals.length < 2)
    usage(folders ? 'two folders are needed' : 'two revisions are needed');
  return {
    revisions: positionals.slice(0, 2),
    pairs: positionals.slice(2),
    corpus: resolved(values.corpus),
    only: values.only?.split(',').filter(Boolean) ?? null,
    report: resolved(values.report),
    keep: resolved(values.keep),
    work: resolved(values.work),
    folders: folders ? positionals.map((folder) => path.resolve(folder)) : null,
    twice: values.twice === true,
  };
}

/** A pair: its name and the two documents (absolute paths; null = the product's own). */
interface Pair {
  name: string;
  openapi: string | null;
  asyncapi: string | null;
}

function makePair(openapi: string | null, asyncapi: string | null): Pair {
  const name =
    openapi === null && asyncapi === null
      ? 'specs'
      : `${openapi === null ? 'specs' : path.basename(openapi)}+${asyncapi === null ? 'specs' : path.basename(asyncapi)}`;
  return {name, openapi, asyncapi};
}

export function resolvePairs(options: Options): Pair[] {
  const pairs: Pair[] = [];
  for (const spec of options.pairs) {
    if (spec === 'specs') {
      pairs.push(makePair(null, null));
      continue;
    }
    const [openapi = '', asyncapi = ''] = spec.split(',');
    const file = (value: string): string | null => (value === '' ? null : path.resolve(value));
    for (const f of [file(openapi), file(asyncapi)])
      if (f !== null && !existsSync(f)) usage(`no such file: ${f}`);
    pairs.push(makePair(file(openapi), file(asyncapi)));
  }
  const corpus = options.corpus;
  if (corpus !== null) {
    const list = (sub: string): string[] => {
      const dir = path.join(corpus, sub);
      if (!existsSync(dir)) usage(`no ${sub}/ folder in ${corpus}`);
      return readdirSync(dir)
        .filter((f) => /\.(ya?ml|json)$/i.test(f))
        .sort()
        .map((f) => path.join(dir, f));
    };
    const openapis = list('openapi');
    const asyncapis = list('asyncapi');
    for (let i = 0; i < Math.max(openapis.length, asyncapis.length); i++) {
      const pair = makePair(openapis[i] ?? null, asyncapis[i] ?? null);
      if (options.only === null || options.only.some((part) => pair.name.includes(part))) pairs.push(pair);
    }
  }
  if (pairs.length === 0) pairs.push(makePair(null, null));
  // Names are folder names of the kept builds: two pairs of files called openapi.yaml get their folders' names.
  const seen = new Set<string>();
  for (const pair of pairs) {
    const label = (file: string | null): string =>
      file === null ? 'specs' : `${path.basename(path.dirname(file))}-${path.basename(file)}`;
    if (seen.has(pair.name)) pair.name = `${label(pair.openapi)}+${label(pair.asyncapi)}`;
    for (let n = 2; seen.has(pair.name); n++) pair.name = `${pair.name.replace(/~\d+$/, '')}~${n}`;
    seen.add(pair.name);
  }
  return pairs;
}

// ---------------------------------------------------------------- worktrees, builds, cleanup

const state: {tmp: string | null; worktrees: string[]; child: ChildProcess | null} = {
  tmp: null,
  worktrees: [],
  child: null,
};

function git(args: string[], cwd = ROOT): string {
  const result = spawnSync('git', args, {cwd, encoding: 'utf8'});
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function cleanup(): void {
  const pid = state.child?.pid;
  if (state.child !== null && state.child.exitCode === null && pid !== undefined) {
    try {
      process.kill(-pid, 'SIGTERM'); // the build's own process group (docusaurus and its workers)
    } catch {
      // already gone
    }
  }
  for (const dir of state.worktrees) rmSync(dir, {recursive: true, force: true});
  if (state.worktrees.length > 0) spawnSync('git', ['worktree', 'prune'], {cwd: ROOT});
  state.worktrees = [];
  if (state.tmp !== null) rmSync(state.tmp, {recursive: true, force: true});
  state.tmp = null;
}

/**
 * The package versions the revision's package-lock asks for that the installed tree (the current
 * package-lock) does not hold anywhere. A package only hoisted differently is not reported.
 */
function lockDifferences(revision: string): string[] {
  const versions = (lock: string): Map<string, string> => {
    const out = new Map<string, string>();
    const packages = (JSON.parse(lock) as {packages?: Record<string, {link?: boolean; version?: string}>})
      .packages;
    for (const [where, entry] of Object.entries(packages ?? {})) {
      if (where !== '' && entry.link !== true)
        out.set(`${where.slice(where.lastIndexOf('node_modules/') + 13)}@${entry.version}`, where);
    }
    return out;
  };
  let wanted: Map<string, string>;
  try {
    wanted = versions(git(['show', `${revision}:package-lock.json`]));
  } catch (error) {
    return [`cannot read ${revision}:package-lock.json (${(error as Error).message})`];
  }
  const installed = versions(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  return [...wanted]
    .filter(([id]) => !installed.has(id))
    .map(([id, where]) => `${id} (${where}) is not installed`);
}

function makeWorktree(revision: string, label: string, tmp: string): string {
  const dir = path.join(tmp, `wt-${label.replace(/[^\w.-]/g, '_')}`);
  git(['worktree', 'add', '--detach', dir, revision]);
  state.worktrees.push(dir);
  const source = path.join(ROOT, 'node_modules');
  const copy = spawnSync('cp', ['-al', source, path.join(dir, 'node_modules')], {encoding: 'utf8'});
  if (copy.status !== 0) {
    throw new Error(
      `cp -al ${source} failed (${copy.stderr.trim()}); --work must be on the file system of node_modules`,
    );
  }
  // The build caches (webpack, jiti) are written by the build: the worktree gets its own.
  rmSync(path.join(dir, 'node_modules', '.cache'), {recursive: true, force: true});
  return dir;
}

function buildEnv(pair: Pair): NodeJS.ProcessEnv {
  // The documents, the public origin and the announcement come from the pair, never from the caller.
  const unset = /^(SITE_URL|ANNOUNCEMENT|ANNOUNCEMENT_ID|OPENAPI_FILE|ASYNCAPI_FILE|STRICT_DOCUMENTS)$/;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.test(name)));
  if (pair.openapi !== null) env.OPENAPI_FILE = pair.openapi;
  if (pair.asyncapi !== null) env.ASYNCAPI_FILE = pair.asyncapi;
  return env;
}

interface Build {
  ok: boolean;
  status?: number;
  seconds: number;
  tail?: string;
  /** Where the build was kept, when it built. */
  dir?: string;
}

async function build(worktree: string, pair: Pair, logFile: string): Promise<Build> {
  rmSync(path.join(worktree, 'build'), {recursive: true, force: true});
  const started = Date.now();
  const log = openSync(logFile, 'w');
  const status = await new Promise<number>((resolve) => {
    // nice 10: a background check on a shared machine. `npm run build` is the build at every
    // revision (the script behind it moved from scripts/build.mjs to scripts/build/build.ts).
    const child = spawn('nice', ['-n', '10', 'npm', 'run', '-s', 'build'], {
      cwd: worktree,
      env: buildEnv(pair),
      stdio: ['ignore', log, log],
      detached: true, // its own process group, so that cleanup() can stop all of it
    });
    state.child = child;
    child.on('close', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
  state.child = null;
  closeSync(log);
  const seconds = (Date.now() - started) / 1000;
  const ok = status === 0 && existsSync(path.join(worktree, 'build', 'index.html'));
  const tail = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-25)
    .join('\n');
  return {ok, status, seconds, tail};
}

// ---------------------------------------------------------------- normalisation

const JS_ASSET = /^assets\/js\//;
/** `styles.2bfb8a46.css` → `styles.#.css`: the content hash changes with the content, which is compared itself. */
export const normalisePath = (rel: string): string =>
  rel.replace(/\.[0-9a-f]{8}(\.(css|js)(\.LICENSE\.txt)?)$/, '.#$1');
/** References to hashed assets inside pages and text files. */
export function normaliseRefs(text: string): string {
  return text
    .replace(/\/assets\/js\/[^"'\s)]+\.js/g, '/assets/js/#.js')
    .replace(/(\/assets\/css\/[\w~.-]+?)\.[0-9a-f]{8}\.css/g, '$1.#.css')
    .replace(/'sha(256|384|512)-[A-Za-z0-9+/=]+'/g, "'sha$1-#'");
}
/** CSS-module class names (`[local]_[hash:base64:4]`): the hash follows the module's file path. */
const CSS_MODULE_CLASS = /^([A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])_[A-Za-z0-9_-]{4}$/;
export const normaliseClassToken = (token: string): string => token.replace(CSS_MODULE_CLASS, '$1_#');
export const normaliseCss = (css: string): string =>
  normaliseRefs(css).replace(
    /\.([A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])_[A-Za-z0-9_-]{4}(?![A-Za-z0-9_-])/g,
    '.$1_#',
  );

// ---------------------------------------------------------------- alignment and display

/**
 * The runs of edits turning the token list a into b (jsdiff's Myers diff), each with the index in a
 * and in b where it starts. Past 4000 edits the alignment is given up: everything after the common
 * start is one run, and `aligned` is false.
 */
interface Hunk {
  aAt: number;
  bAt: number;
  removed: string[];
  added: string[];
}

export function hunks(a: string[], b: string[]): {aligned: boolean; hunks: Hunk[]} {
  const changes = diffArrays(a, b, {maxEditLength: 4000});
  if (changes === undefined) {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return {aligned: false, hunks: [{aAt: i, bAt: i, removed: a.slice(i), added: b.slice(i)}]};
  }
  const out: Hunk[] = [];
  let current: Hunk | null = null;
  let aAt = 0;
  let bAt = 0;
  for (const change of changes) {
    if (!change.added && !change.removed) current = null;
    else if (current === null) out.push((current = {aAt, bAt, removed: [], added: []}));
    if (current !== null && change.removed) current.removed = current.removed.concat(change.value);
    if (current !== null && change.added) current.added = current.added.concat(change.value);
    if (!change.added) aAt += change.count;
    if (!change.removed) bAt += change.count;
  }
  return {aligned: true, hunks: out};
}

const clip = (text: string, max = 160): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Escapes what would break a one-line report (line breaks, tabs); quotes stay as they are. */
const show = (text: string): string => text.replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');

/**
 * One changed string as its changed words, `[-old-]{+new+}`, with up to `context` characters of what
 * stays on each side of a change (`…` where more is left out).
 */
export function inlineChange(before: string, after: string, context = 40): string {
  let changes: {value: string; added?: boolean; removed?: boolean}[] | undefined = diffWords(before, after, {
    maxEditLength: 200,
  });
  // diffWords does not see a change of white space alone (in a <pre>, say): then white space is a word.
  if (changes?.every((change) => !change.added && !change.removed))
    changes = diffWordsWithSpace(before, after, {maxEditLength: 200});
  changes ??= [
    {value: before, removed: true},
    {value: after, added: true},
  ];
  const line = changes.map((change, i) => {
    const value = show(clip(change.value, 200));
    if (change.removed) return `[-${value}-]`;
    if (change.added) return `{+${value}+}`;
    const head = i > 0 ? context : 0; // after a change
    const tail = i < changes.length - 1 ? context : 0; // before one
    const text = show(change.value);
    return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(text.length - tail)}`;
  });
  return clip(line.join(''), 1000);
}

// ---------------------------------------------------------------- HTML

const RAW_TEXT = new Set(['pre', 'textarea', 'script']); // white space kept

/** A page as tokens (`<tag a="…">`, `</tag>`, `"text"`), each with the nearest id before it. */
export function htmlTokens(html: string): {tokens: string[]; anchors: string[]; jsChunks: number} {
  const tokens: string[] = [];
  const anchors: string[] = [];
  let anchor = '';
  let raw = 0;
  let inBundle = false; // a <script src> or <link rel=preload> of a bundle: not compared, has no content
  let jsChunks = 0;
  let text = '';
  const flush = () => {
    if (text === '') return;
    const value = raw > 0 ? text : text.replace(/\s+/g, ' ');
    text = '';
    if (inBundle) return;
    tokens.push(`"${show(value)}"`);
    anchors.push(anchor);
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush();
        const isBundle =
          (name === 'script' && attributes.src !== undefined && /\.js$/.test(attributes.src)) ||
          (name === 'link' &&
            /\.js$/.test(attributes.href ?? '') &&
            /preload|prefetch|modulepreload/.test(attributes.rel ?? ''));
        if (isBundle) {
          jsChunks++;
          inBundle = true;
          return;
        }
        if (RAW_TEXT.has(name)) raw++;
        const attrs = Object.entries(attributes)
          .map(([key, value]) => {
            let v = normaliseRefs(value);
            if (key === 'class') v = v.split(/\s+/).filter(Boolean).map(normaliseClassToken).sort().join(' ');
            return `${key}="${show(v)}"`;
          })
          .sort();
        if (attributes.id !== undefined) anchor = attributes.id;
        tokens.push(`<${name}${attrs.length > 0 ? ' ' : ''}${attrs.join(' ')}>`);
        anchors.push(anchor);
      },
      ontext(data) {
        text += data;
      },
      onclosetag(name) {
        flush();
        if (inBundle) {
          inBundle = false;
          return;
        }
        if (RAW_TEXT.has(name)) raw--;
        tokens.push(`</${name}>`);
        anchors.push(anchor);
      },
    },
    {decodeEntities: true},
  );
  parser.write(html);
  parser.end();
  flush();
  return {tokens, anchors, jsChunks};
}

/** The nearest text token before index i (for context). */
function textBefore(tokens: string[], i: number): string {
  for (let j = i; j >= 0 && j > i - 40; j--) {
    const token = tokens[j];
    if (token?.startsWith('"') === true) return token;
  }
  return '';
}

interface Change {
  where: string;
  context: string;
  removed: string[];
  added: string[];
}

export function compareHtml(before: string, after: string): {changes: Change[]; notes: string[]} {
  const a = htmlTokens(normaliseRefs(before));
  const b = htmlTokens(normaliseRefs(after));
  const result = hunks(a.tokens, b.tokens);
  const changes = result.hunks.map((h): Change => ({
    where: b.anchors[h.added.length > 0 ? h.bAt : h.bAt - 1] ?? '',
    context: h.aAt > 0 ? textBefore(a.tokens, h.aAt - 1) : '',
    removed: h.removed,
    added: h.added,
  }));
  const notes: string[] = [];
  if (!result.aligned)
    notes.push(
      'too many differences to align: everything after the first difference is listed as one change',
    );
  if (a.jsChunks !== b.jsChunks)
    notes.push(`JS chunk references: ${a.jsChunks} before, ${b.jsChunks} after (not compared)`);
  return {changes, notes};
}

// ---------------------------------------------------------------- JSON and text

export function compareJson(a: unknown, b: unknown, at: string, out: Change[], limit = 200): void {
  if (out.length >= limit) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const sa = a.map((x) => JSON.stringify(x));
    const sb = b.map((x) => JSON.stringify(x));
    for (const h of hunks(sa, sb).hunks) {
      if (h.removed.length === h.added.length) {
        h.removed.forEach((_, n) =>
          compareJson(a[h.aAt + n], b[h.bAt + n], `${at}[${h.aAt + n}]`, out, limit),
        );
      } else {
        out.push({
          where: `${at}[${h.aAt}]`,
          context: '',
          removed: h.removed.map((s, n) => `[${h.aAt + n}] ${clip(s, 300)}`),
          added: h.added.map((s, n) => `[${h.bAt + n}] ${clip(s, 300)}`),
        });
      }
    }
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const place = /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`;
      if (!(key in b))
        out.push({where: place, context: '', removed: [clip(JSON.stringify(a[key]), 300)], added: []});
      else if (!(key in a))
        out.push({where: place, context: '', removed: [], added: [clip(JSON.stringify(b[key]), 300)]});
      else compareJson(a[key], b[key], place, out, limit);
    }
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push({where: at, context: '', removed: [JSON.stringify(a)], added: [JSON.stringify(b)]});
  }
}

export function compareLines(before: string, after: string, where = 'line'): Change[] {
  const a = before.split('\n');
  return hunks(a, after.split('\n')).hunks.map((h) => ({
    where: `${where} ${h.aAt + 1}`,
    context: h.aAt > 0 ? clip(a[h.aAt - 1] ?? '', 80) : '',
    removed: h.removed,
    added: h.added,
  }));
}

// ---------------------------------------------------------------- folders

function listFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

const TEXT = /\.(md|txt|ya?ml|xml|ts|svg|webmanifest)$|(^|\/)_headers$/;

type Kind = 'html' | 'json' | 'css' | 'text' | 'binary';

interface DifferingFile {
  name: string;
  kind: Kind;
  changes: Change[];
  notes: string[];
}

interface Comparison {
  compared: number;
  identical: number;
  onlyBefore: string[];
  onlyAfter: string[];
  differing: DifferingFile[];
  js: string | null;
  /** With --twice: the files whose changes were set aside. */
  unstable?: string[];
}

export function compareFolders(beforeDir: string, afterDir: string): Comparison {
  const side = (dir: string): {files: Map<string, string>; js: string[]} => {
    const files = new Map<string, string>();
    const js: string[] = []; // one byte a character
    for (const rel of listFiles(dir)) {
      if (JS_ASSET.test(rel)) js.push(readFileSync(path.join(dir, rel), 'latin1'));
      else files.set(normalisePath(rel), rel);
    }
    return {files, js: js.sort()};
  };
  const a = side(beforeDir);
  const b = side(afterDir);
  const onlyBefore = [...a.files.keys()].filter((f) => !b.files.has(f));
  const onlyAfter = [...b.files.keys()].filter((f) => !a.files.has(f));
  const differing: DifferingFile[] = [];
  let identical = 0;
  for (const [name, relA] of a.files) {
    const relB = b.files.get(name);
    if (relB === undefined) continue;
    const bufA = readFileSync(path.join(beforeDir, relA));
    const bufB = readFileSync(path.join(afterDir, relB));
    if (bufA.equals(bufB)) {
      identical++;
      continue;
    }
    const [textA, textB] = [bufA.toString('utf8'), bufB.toString('utf8')];
    let kind: Kind;
    let changes: Change[];
    let notes: string[] = [];
    if (name.endsWith('.html')) {
      kind = 'html';
      ({changes, notes} = compareHtml(textA, textB));
    } else if (name.endsWith('.json')) {
      kind = 'json';
      changes = [];
      try {
        compareJson(JSON.parse(normaliseRefs(textA)), JSON.parse(normaliseRefs(textB)), '$', changes);
      } catch (error) {
        changes = compareLines(normaliseRefs(textA), normaliseRefs(textB));
        notes.push(`not JSON (${(error as Error).message}); compared line by line`);
      }
    } else if (name.endsWith('.css')) {
      kind = 'css';
      const rules = (css: string): string => normaliseCss(css).replace(/}/g, '}\n');
      changes = compareLines(rules(textA), rules(textB), 'rule');
    } else if (TEXT.test(name)) {
      kind = 'text';
      changes = compareLines(normaliseRefs(textA), normaliseRefs(textB));
    } else {
      kind = 'binary';
      changes = [
        {where: 'bytes', context: '', removed: [`${bufA.length} bytes`], added: [`${bufB.length} bytes`]},
      ];
    }
    if (changes.length === 0 && notes.length === 0)
      identical++; // only hashes or chunk references differ
    else differing.push({name, kind, changes, notes});
  }
  const js = (side: {js: string[]}): string =>
    `${side.js.length} files ${side.js.reduce((n, content) => n + content.length, 0)} B`;
  return {
    compared: identical + differing.length,
    identical,
    onlyBefore,
    onlyAfter,
    differing,
    js: a.js.join('\0') === b.js.join('\0') ? null : `${js(a)} → ${js(b)}`,
  };
}

// ---------------------------------------------------------------- report

export function renderChange(change: Change, indent = '      '): string[] {
  const lines: string[] = [];
  const where = [
    change.where !== '' ? `at ${change.where}` : '',
    change.context !== '' ? `after ${clip(change.context, 80)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (where !== '') lines.push(`${indent}${where}`);
  const [removed, added] = [change.removed[0], change.added[0]];
  if (
    change.removed.length === 1 &&
    change.added.length === 1 &&
    removed !== undefined &&
    added !== undefined
  ) {
    lines.push(`${indent}~ ${inlineChange(removed, added)}`);
    return lines;
  }
  const cap = 8;
  for (const token of change.removed.slice(0, cap)) lines.push(`${indent}- ${clip(token)}`);
  if (change.removed.length > cap) lines.push(`${indent}- … ${change.removed.length - cap} more`);
  for (const token of change.added.slice(0, cap)) lines.push(`${indent}+ ${clip(token)}`);
  if (change.added.length > cap) lines.push(`${indent}+ … ${change.added.length - cap} more`);
  return lines;
}

/** Changes grouped by what changed, so that one change on every page is listed once. */
interface Group {
  kind: Kind;
  change: Change;
  files: string[];
}

export function groupChanges(differing: DifferingFile[]): Group[] {
  const groups = new Map<string, Group>();
  for (const file of differing) {
    for (const change of file.changes) {
      const key = `${file.kind}\u0000${change.removed.join('\u0001')}\u0000${change.added.join('\u0001')}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = {kind: file.kind, change, files: []};
        groups.set(key, group);
      }
      if (!group.files.includes(file.name)) group.files.push(file.name);
    }
  }
  return [...groups.values()].sort((x, y) => y.files.length - x.files.length);
}

/**
 * `--twice`: what differs between two builds of the same revision (a time stamp, invented example
 * values) is set aside from the comparison, by file and place, and listed apart.
 */
export function setAsideUnstable(comparison: Comparison, noise: Comparison): void {
  const key = (file: string, change: Change): string => `${file}\u0000${change.where}`;
  const unstable = new Set(noise.differing.flatMap((f) => f.changes.map((change) => key(f.name, change))));
  const unstableFiles: string[] = (comparison.unstable = []);
  comparison.differing = comparison.differing.filter((file) => {
    const varying = file.changes.filter((change) => unstable.has(key(file.name, change)));
    if (varying.length === 0) return true;
    unstableFiles.push(`${file.name} (${varying.length})`);
    file.changes = file.changes.filter((change) => !unstable.has(key(file.name, change)));
    if (file.changes.length > 0 || file.notes.length > 0) return true;
    comparison.identical++;
    return false;
  });
}

interface PairResult {
  pair: Pair;
  revisions: string[];
  builds: Record<string, Build>;
  comparison?: Comparison;
}

export function renderPair(result: PairResult, full: boolean): string[] {
  const lines: string[] = [];
  const {pair, builds} = result;
  const times = Object.entries(builds)
    .map(([r, b]) => `${r} ${b.seconds.toFixed(0)} s${b.ok ? '' : ' FAILED'}`)
    .join(', ');
  lines.push(`== ${pair.name}  (${times})`);
  if (full) {
    lines.push(`   OPENAPI_FILE=${pair.openapi ?? '(specs)'}  ASYNCAPI_FILE=${pair.asyncapi ?? '(specs)'}`);
  }
  const build = (r: string | undefined): Build => builds[r ?? ''] ?? {ok: false, seconds: 0};
  const failed = result.revisions.filter((r) => !build(r).ok);
  if (failed.length > 0) {
    lines.push(
      failed.length === 2
        ? '   both builds failed (the document is refused on both sides; not a change)'
        : `   BUILT ON ONE SIDE ONLY: ${failed[0]} failed, ${result.revisions.find((r) => build(r).ok)} built`,
    );
    for (const r of failed) {
      const tail = build(r).tail ?? '';
      const message = tail.split('\n').filter((l) => /\[build\]|Error|error/.test(l));
      lines.push(
        `   ${r} (exit ${build(r).status}): ${clip(message.slice(-3).join(' | ') || tail.split('\n').slice(-1)[0] || '', full ? 2000 : 300)}`,
      );
      if (full) lines.push(tail.replace(/^/gm, '      | '));
    }
    return lines;
  }
  const c = result.comparison;
  if (c === undefined) return lines;
  const js = c.js === null ? 'JS bundles identical' : `JS bundles differ (${c.js}; not compared)`;
  lines.push(
    `   ${c.compared} files compared: ${c.identical} identical, ${c.differing.length} differ; ${js}`,
  );
  if (c.unstable !== undefined && c.unstable.length > 0) {
    lines.push(
      `   set aside, as they differ between two builds of ${result.revisions[0]} too: ${c.unstable.join(', ')}`,
    );
  }
  if (c.onlyBefore.length > 0) lines.push(`   only before: ${c.onlyBefore.join(', ')}`);
  if (c.onlyAfter.length > 0) lines.push(`   only after: ${c.onlyAfter.join(', ')}`);
  if (c.differing.length === 0) return lines;
  lines.push(`   differing: ${c.differing.map((f) => `${f.name} (${f.changes.length})`).join(', ')}`);
  const groups = groupChanges(c.differing);
  const shown = full ? groups : groups.slice(0, 6);
  for (const group of shown) {
    const files =
      group.files.length > 4 && !full
        ? `${group.files.slice(0, 4).join(', ')} … (${group.files.length} files)`
        : group.files.join(', ');
    lines.push(`   * [${group.kind}] ${files}`);
    lines.push(...renderChange(group.change));
  }
  if (shown.length < groups.length)
    lines.push(`   … ${groups.length - shown.length} more distinct changes in the full report`);
  for (const file of c.differing) for (const note of file.notes) lines.push(`   note ${file.name}: ${note}`);
  return lines;
}

// ---------------------------------------------------------------- main

/**
 * Compares each pair's two builds (setting aside what differs between two builds of the first
 * revision, with --twice) and reports: the short form to stdout and the full one to `file`, or the
 * full one to stdout without a file. Returns the exit code.
 */
export function report(results: PairResult[], header: string[], file: string | null): 0 | 1 {
  let anyChange = false;
  const short = ['', `Summary (full report: ${file})`];
  const full = [...header, ''];
  for (const result of results) {
    const [x, y] = result.revisions.map((r) => result.builds[r] ?? {ok: false, seconds: 0});
    if (x === undefined || y === undefined) continue;
    if (x.ok && y.ok && x.dir !== undefined && y.dir !== undefined) {
      const c = (result.comparison = compareFolders(x.dir, y.dir));
      const again = result.builds[`${result.revisions[0]}-again`];
      if (again?.ok === true && again.dir !== undefined)
        setAsideUnstable(c, compareFolders(x.dir, again.dir));
      if (c.differing.length > 0 || c.onlyBefore.length > 0 || c.onlyAfter.length > 0) anyChange = true;
    } else if (x.ok !== y.ok) anyChange = true;
    short.push(...renderPair(result, false));
    full.push(...renderPair(result, true), '');
  }
  if (file === null) console.log(full.join('\n'));
  else {
    writeFileSync(file, `${full.join('\n')}\n`);
    console.log(short.join('\n'));
  }
  return anyChange ? 1 : 0;
}

/** Returns the exit code: 0 when every pair is identical, 1 when any differs or failed on one side only. */
export async function main(args: string[] = process.argv.slice(2)): Promise<0 | 1> {
  const options = parseOptions(args);
  if (options.folders !== null) {
    const [dir = '', dir2 = ''] = options.folders; // two build folders already made: no worktree, no build
    const builds: Record<string, Build> = {
      A: {ok: true, seconds: 0, dir},
      B: {ok: true, seconds: 0, dir: dir2},
    };
    const pair: Pair = {name: `${dir} vs ${dir2}`, openapi: null, asyncapi: null};
    return report([{pair, revisions: ['A', 'B'], builds}], [], options.report);
  }
  const pairs = resolvePairs(options);
  const revisions = options.revisions.map((r) => {
    try {
      return {label: r.replace(/[^\w.-]/g, '_'), commit: git(['rev-parse', '--verify', `${r}^{commit}`])};
    } catch {
      return usage(`not a revision: ${r}`);
    }
  });
  // The same revision twice shows what changes from one build to the next (time stamps, random examples).
  const [first, second] = revisions;
  if (first === undefined || second === undefined) usage('two revisions are needed');
  if (first.label === second.label) second.label += '-2';
  if (!existsSync(path.join(ROOT, 'node_modules')))
    usage('no node_modules in the current checkout: run npm ci first');
  const workBase = options.work ?? os.tmpdir();
  mkdirSync(workBase, {recursive: true});
  const tmp = mkdtempSync(path.join(workBase, 'compare-builds-'));
  state.tmp = tmp;
  const outRoot = options.keep ?? path.join(tmp, 'out');
  const reportFile =
    options.report ?? path.join(os.tmpdir(), `compare-builds-${first.label}-${second.label}.txt`);
  const header = [
    `compare-builds ${first.label} (${first.commit.slice(0, 12)}) vs ${second.label} (${second.commit.slice(0, 12)})`,
    `node_modules: ${path.join(ROOT, 'node_modules')} (hard-linked)`,
  ];
  for (const r of revisions) {
    const differences = lockDifferences(r.commit);
    if (differences.length === 0) header.push(`${r.label}: its package-lock asks for the installed versions`);
    else {
      header.push(
        `WARNING ${r.label}: its package-lock differs from the installed one in ${differences.length} package(s); a failure or difference may come from that alone:`,
        ...differences.slice(0, 20).map((d) => `    ${d}`),
      );
    }
  }
  console.log(header.join('\n'));

  const results = pairs.map((pair): PairResult => ({
    pair,
    revisions: revisions.map((r) => r.label),
    builds: {},
  }));
  for (const r of revisions) {
    console.log(`[compare-builds] worktree for ${r.label}`);
    const worktree = makeWorktree(r.commit, r.label, tmp);
    const runs = options.twice && r === first ? [r.label, `${r.label}-again`] : [r.label];
    for (const result of results)
      for (const label of runs) {
        const logFile = path.join(tmp, `${label}-${result.pair.name}.log`);
        process.stdout.write(`[compare-builds] ${label} ${result.pair.name}: building… `);
        const outcome = await build(worktree, result.pair, logFile);
        console.log(
          outcome.ok
            ? `${outcome.seconds.toFixed(0)} s`
            : `FAILED after ${outcome.seconds.toFixed(0)} s (exit ${outcome.status})`,
        );
        const dest = path.join(outRoot, label, result.pair.name);
        mkdirSync(path.dirname(dest), {recursive: true});
        if (outcome.ok) {
          rmSync(dest, {recursive: true, force: true});
          renameSync(path.join(worktree, 'build'), dest);
          outcome.dir = dest;
        }
        if (options.keep !== null) renameSync(logFile, `${dest}.log`);
        result.builds[label] = outcome;
      }
  }

  const code = report(results, header, reportFile);
  if (options.keep !== null) console.log(`[compare-builds] builds kept in ${options.keep}`);
  return code;
}

runIfMain(import.meta.url, async () => {
  process.on('exit', cleanup);
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  try {
    process.exit(await main());
  } catch (error) {
    console.error(`[compare-builds] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
});
