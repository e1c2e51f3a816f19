#!/usr/bin/env node
/**
 * `node scripts/compare-builds.mjs <before> <after> [pairs…] [options]`: builds the site at two git
 * revisions against the same API documents and compares the two `build/` folders file by file, so
 * that a refactoring can show its built pages are unchanged (issue 32's constraint), and any change
 * is found with the page, the element and the text before and after.
 *
 * Pairs (each is one build per revision; default: `specs`):
 *   specs                      the product's own documents (no OPENAPI_FILE / ASYNCAPI_FILE)
 *   OPENAPI,ASYNCAPI           the two documents (either may be empty: that side stays specs/)
 *   --corpus DIR               the i-th file of DIR/openapi with the i-th of DIR/asyncapi (sorted);
 *                              the longer list's rest is paired with specs/
 *   --only A,B                 with --corpus: keep the pairs whose name contains A or B
 * Options:
 *   --report FILE              the full report (default: a file in the temp folder; its path is printed)
 *   --keep DIR                 keep each build under DIR/<revision>/<pair>/ (default: removed)
 *   --twice                    build <before> twice: what differs between those two builds (time
 *                              stamps, invented example values) is set aside and listed apart
 *   --work DIR                 where the throw-away worktrees go (default: the temp folder; it must be
 *                              on the same file system as node_modules, which is hard-linked)
 *
 * For each revision it makes a throw-away `git worktree` (detached), hard-links the current checkout's
 * node_modules into it with `cp -al` (its `.cache` left out, so no build writes into the current
 * one's caches) and says when the revision's package-lock asks for other versions than the current
 * one (the build may then fail or differ for that reason alone). Each build is
 * `OPENAPI_FILE=… ASYNCAPI_FILE=… node scripts/build.mjs` with SITE_URL and the announcement unset,
 * run at nice 10, one at a time; its time and, on failure, the end of its log are reported (a
 * document that builds on one side and not on the other is flagged).
 *
 * What is compared, after normalising what changes with any code change (content hashes in asset
 * names, JS chunk references, CSS-module class suffixes such as `badge_x1Yz`, the CSP's sha256
 * hashes):
 *   - HTML pages: the sequence of start tags (attributes sorted, decoded) and text nodes (decoded,
 *     white space collapsed outside <pre>), aligned with a Myers diff; each change is shown with the
 *     nearest `id` before it and the text around it;
 *   - JSON files (downloads, search index, changes.json): value by value, with the JSON path;
 *   - other text (Markdown copies, YAML, txt, xml feeds, .d.ts, _headers, CSS rules): line by line;
 *   - JS bundles: only whether they differ (count and bytes); other files: byte for byte.
 * A change seen on several pages is listed once with the pages it is on. A short report goes to
 * stdout, the full one to the report file. The worktrees are removed on exit, also on failure or
 * Ctrl+C. Nothing listens on any port. Exit code: 0 when every pair is identical, 1 when any
 * differs or failed on one side only, 2 on a usage error.
 *
 * Example (the corpus, two revisions, builds kept for a closer look):
 *   node scripts/compare-builds.mjs 1151893 805e13c --corpus ../shared/corpus --keep /tmp/cmp
 */
import {spawn, spawnSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
  createWriteStream,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Parser} from 'htmlparser2';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------- arguments

function usage(message) {
  console.error(
    `[compare-builds] ${message}\nUsage: node scripts/compare-builds.mjs <before> <after> [specs | OPENAPI,ASYNCAPI]… [--corpus DIR [--only A,B]] [--twice] [--report FILE] [--keep DIR] [--work DIR]`,
  );
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    revisions: [],
    pairs: [],
    corpus: null,
    only: null,
    report: null,
    keep: null,
    work: null,
    folders: null,
    twice: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--corpus') options.corpus = path.resolve(value());
    else if (arg === '--only') options.only = value().split(',').filter(Boolean);
    else if (arg === '--report') options.report = path.resolve(value());
    else if (arg === '--keep') options.keep = path.resolve(value());
    else if (arg === '--work') options.work = path.resolve(value());
    else if (arg === '--folders') options.folders = [path.resolve(value()), path.resolve(value())];
    else if (arg === '--twice') options.twice = true;
    else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else if (options.revisions.length < 2) options.revisions.push(arg);
    else options.pairs.push(arg);
  }
  if (options.folders === null && options.revisions.length !== 2) usage('two revisions are needed');
  return options;
}

/** A pair: its name and the two documents (absolute paths; null = the product's own). */
function makePair(openapi, asyncapi) {
  const name =
    openapi === null && asyncapi === null
      ? 'specs'
      : `${openapi === null ? 'specs' : path.basename(openapi)}+${asyncapi === null ? 'specs' : path.basename(asyncapi)}`;
  return {name, openapi, asyncapi};
}

function resolvePairs(options) {
  const pairs = [];
  for (const spec of options.pairs) {
    if (spec === 'specs') {
      pairs.push(makePair(null, null));
      continue;
    }
    const [openapi = '', asyncapi = ''] = spec.split(',');
    const file = (value) => (value === '' ? null : path.resolve(value));
    for (const f of [file(openapi), file(asyncapi)])
      if (f !== null && !existsSync(f)) usage(`no such file: ${f}`);
    pairs.push(makePair(file(openapi), file(asyncapi)));
  }
  if (options.corpus !== null) {
    const list = (sub) => {
      const dir = path.join(options.corpus, sub);
      if (!existsSync(dir)) usage(`no ${sub}/ folder in ${options.corpus}`);
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
  const seen = new Set();
  for (const pair of pairs) {
    const label = (file) =>
      file === null ? 'specs' : `${path.basename(path.dirname(file))}-${path.basename(file)}`;
    if (seen.has(pair.name)) pair.name = `${label(pair.openapi)}+${label(pair.asyncapi)}`;
    for (let n = 2; seen.has(pair.name); n++) pair.name = `${pair.name.replace(/~\d+$/, '')}~${n}`;
    seen.add(pair.name);
  }
  return pairs;
}

// ---------------------------------------------------------------- worktrees, builds, cleanup

const state = {tmp: null, worktrees: [], child: null, keepBuilds: false};

function git(args, cwd = ROOT) {
  const result = spawnSync('git', args, {cwd, encoding: 'utf8'});
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function cleanup() {
  if (state.child !== null && state.child.exitCode === null) {
    try {
      process.kill(-state.child.pid, 'SIGTERM'); // the build's own process group (docusaurus and its workers)
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

process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/**
 * Where the revision's package-lock and the installed tree (the current package-lock) resolve a
 * dependency to different versions: for each package of the revision's lock and each of its
 * dependencies, Node's lookup (own node_modules, then each parent's) is done in both trees. A
 * package only hoisted differently resolves alike and is not reported.
 */
function lockDifferences(revision) {
  const current = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')).packages ?? {};
  let wanted;
  try {
    wanted = JSON.parse(git(['show', `${revision}:package-lock.json`])).packages ?? {};
  } catch (error) {
    return [`cannot read ${revision}:package-lock.json (${error.message})`];
  }
  const resolve = (tree, from, name) => {
    let dir = from;
    for (;;) {
      const entry = tree[`${dir === '' ? '' : `${dir}/`}node_modules/${name}`];
      if (entry !== undefined) return entry.version;
      if (dir === '') return undefined;
      const at = dir.lastIndexOf('/node_modules/');
      dir = at < 0 ? '' : dir.slice(0, at);
    }
  };
  const out = new Set();
  for (const [where, entry] of Object.entries(wanted)) {
    if (entry.link === true) continue;
    if (
      where !== '' &&
      resolve(
        current,
        where.slice(0, where.lastIndexOf('node_modules/')).replace(/\/$/, ''),
        where.slice(where.lastIndexOf('node_modules/') + 13),
      ) === undefined
    ) {
      out.add(
        `${where.slice(where.lastIndexOf('node_modules/') + 13)}@${entry.version} (${where}) is not installed`,
      );
      continue;
    }
    const deps = {
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...(where === '' ? entry.devDependencies : {}),
    };
    for (const name of Object.keys(deps)) {
      const want = resolve(wanted, where, name);
      const have = resolve(current, where, name);
      if (want !== undefined && want !== have) {
        out.add(
          `${where === '' ? 'the project' : where.slice(where.lastIndexOf('node_modules/') + 13)} gets ${name} ${have ?? '(missing)'}, its lock says ${want}`,
        );
      }
    }
  }
  return [...out];
}

function makeWorktree(revision, label) {
  const dir = path.join(state.tmp, `wt-${label.replace(/[^\w.-]/g, '_')}`);
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

function buildEnv(pair) {
  // The documents, the public origin and the announcement come from the pair, never from the caller.
  const unset = new Set([
    'SITE_URL',
    'ANNOUNCEMENT',
    'ANNOUNCEMENT_ID',
    'OPENAPI_FILE',
    'ASYNCAPI_FILE',
    'STRICT_DOCUMENTS',
  ]);
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.has(name)));
  if (pair.openapi !== null) env.OPENAPI_FILE = pair.openapi;
  if (pair.asyncapi !== null) env.ASYNCAPI_FILE = pair.asyncapi;
  return env;
}

async function build(worktree, pair, logFile) {
  rmSync(path.join(worktree, 'build'), {recursive: true, force: true});
  const started = Date.now();
  const log = createWriteStream(logFile);
  const status = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/build.mjs'], {
      cwd: worktree,
      env: buildEnv(pair),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so that cleanup() can stop all of it
    });
    state.child = child;
    child.stdout.pipe(log, {end: false});
    child.stderr.pipe(log, {end: false});
    child.on('close', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
  state.child = null;
  await new Promise((resolve) => log.end(resolve));
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
const normalisePath = (rel) => rel.replace(/\.[0-9a-f]{8}(\.(css|js)(\.LICENSE\.txt)?)$/, '.#$1');
/** References to hashed assets inside pages and text files. */
function normaliseRefs(text) {
  return text
    .replace(/\/assets\/js\/[^"'\s)]+\.js/g, '/assets/js/#.js')
    .replace(/(\/assets\/css\/[\w~.-]+?)\.[0-9a-f]{8}\.css/g, '$1.#.css')
    .replace(/'sha(256|384|512)-[A-Za-z0-9+/=]+'/g, "'sha$1-#'");
}
/** CSS-module class names (`[local]_[hash:base64:4]`): the hash follows the module's file path. */
const CSS_MODULE_CLASS = /^([A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])_[A-Za-z0-9_-]{4}$/;
const normaliseClassToken = (token) => token.replace(CSS_MODULE_CLASS, '$1_#');
const normaliseCss = (css) =>
  normaliseRefs(css).replace(
    /\.([A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])_[A-Za-z0-9_-]{4}(?![A-Za-z0-9_-])/g,
    '.$1_#',
  );

// ---------------------------------------------------------------- Myers diff on sequences of strings

/** Edit script of a → b: [['=', i, j] | ['-', i] | ['+', j]], or null when more than maxD edits. */
function myers(a, b, maxD = 4000) {
  const ops = [];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) ops.push(['=', start, start++]);
  let endA = a.length;
  let endB = b.length;
  const tail = [];
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) tail.push(['=', --endA, --endB]);
  const n = endA - start;
  const m = endB - start;
  const off = maxD + 1;
  const v = new Int32Array(2 * maxD + 3);
  const trace = [];
  let found = -1;
  for (let d = 0; d <= maxD && found < 0; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[start + x] === b[start + y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return null;
  const middle = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const snapshot = trace[d];
    const at = (k) => snapshot[k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) middle.push(['=', start + --x, start + --y]);
    if (x === prevX) middle.push(['+', start + --y]);
    else middle.push(['-', start + --x]);
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) middle.push(['=', start + --x, start + --y]);
  return [...ops, ...middle.reverse(), ...tail.reverse()];
}

/** Runs of edits: {aAt, bAt, removed: [indices of a], added: [indices of b], before: index of a | -1}. */
function hunks(a, b) {
  const ops = myers(a, b);
  if (ops === null) {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return {
      aligned: false,
      hunks: [{removed: range(i, a.length), added: range(i, b.length), before: i - 1, bBefore: i - 1}],
    };
  }
  const out = [];
  let current = null;
  let lastA = -1;
  let lastB = -1;
  for (const op of ops) {
    if (op[0] === '=') {
      current = null;
      lastA = op[1];
      lastB = op[2];
      continue;
    }
    if (current === null) {
      current = {removed: [], added: [], before: lastA, bBefore: lastB};
      out.push(current);
    }
    if (op[0] === '-') current.removed.push(op[1]);
    else current.added.push(op[1]);
  }
  return {aligned: true, hunks: out};
}

const range = (from, to) => Array.from({length: Math.max(0, to - from)}, (_, i) => from + i);

// ---------------------------------------------------------------- display helpers

const clip = (text, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Escapes what would break a one-line report (line breaks, tabs); quotes stay as they are. */
const show = (text) => text.replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');

/** One changed string shown as a window around the change: `…context[-old-]{+new+}context…`. */
function inlineChange(before, after, context = 40) {
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let s = 0;
  while (
    s < before.length - p &&
    s < after.length - p &&
    before[before.length - 1 - s] === after[after.length - 1 - s]
  )
    s++;
  const lead = before.slice(Math.max(0, p - context), p);
  const trail = before.slice(before.length - s, before.length - s + context);
  return `${p > context ? '…' : ''}${show(lead)}[-${show(clip(before.slice(p, before.length - s), 200))}-]{+${show(clip(after.slice(p, after.length - s), 200))}+}${show(trail)}${s > context ? '…' : ''}`;
}

// ---------------------------------------------------------------- HTML

const RAW_TEXT = new Set(['pre', 'textarea']);

/** A page as tokens (`<tag a="…">`, `</tag>`, `"text"`), each with the nearest id before it. */
function htmlTokens(html) {
  const tokens = [];
  const anchors = [];
  let anchor = '';
  let raw = 0;
  let skipped = 0; // inside a <script src> (a bundle reference, not compared)
  let text = '';
  let inlineScript = 0;
  const stack = [];
  const flush = () => {
    if (text === '') return;
    const value = raw > 0 || inlineScript > 0 ? text : text.replace(/\s+/g, ' ');
    text = '';
    if (skipped > 0) return;
    tokens.push(`"${show(value)}"`);
    anchors.push(anchor);
  };
  const jsChunks = {count: 0};
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush();
        const isBundle =
          (name === 'script' && attributes.src !== undefined && /\.js$/.test(attributes.src)) ||
          (name === 'link' &&
            /\.js$/.test(attributes.href ?? '') &&
            /preload|prefetch|modulepreload/.test(attributes.rel ?? ''));
        stack.push({name, isBundle});
        if (isBundle) {
          jsChunks.count++;
          skipped++;
          return;
        }
        if (RAW_TEXT.has(name)) raw++;
        if (name === 'script') inlineScript++;
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
        const open = stack.pop();
        if (open?.isBundle) {
          skipped--;
          return;
        }
        if (RAW_TEXT.has(name)) raw--;
        if (name === 'script') inlineScript--;
        tokens.push(`</${name}>`);
        anchors.push(anchor);
      },
    },
    {decodeEntities: true},
  );
  parser.write(html);
  parser.end();
  flush();
  return {tokens, anchors, jsChunks: jsChunks.count};
}

/** The nearest text token before index i (for context). */
function textBefore(tokens, i) {
  for (let j = i; j >= 0 && j > i - 40; j--) if (tokens[j].startsWith('"')) return tokens[j];
  return '';
}

function compareHtml(before, after) {
  const a = htmlTokens(normaliseRefs(before));
  const b = htmlTokens(normaliseRefs(after));
  const result = hunks(a.tokens, b.tokens);
  const changes = result.hunks.map((h) => {
    const removed = h.removed.map((i) => a.tokens[i]);
    const added = h.added.map((i) => b.tokens[i]);
    const where = h.added.length > 0 ? b.anchors[h.added[0]] : h.bBefore >= 0 ? b.anchors[h.bBefore] : '';
    const context = h.before >= 0 ? textBefore(a.tokens, h.before) : '';
    return {where, context, removed, added};
  });
  const notes = [];
  if (!result.aligned)
    notes.push(
      'too many differences to align: everything after the first difference is listed as one change',
    );
  if (a.jsChunks !== b.jsChunks)
    notes.push(`JS chunk references: ${a.jsChunks} before, ${b.jsChunks} after (not compared)`);
  return {changes, notes};
}

// ---------------------------------------------------------------- JSON and text

function compareJson(a, b, at, out, limit = 200) {
  if (out.length >= limit) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const sa = a.map((x) => JSON.stringify(x));
    const sb = b.map((x) => JSON.stringify(x));
    for (const h of hunks(sa, sb).hunks) {
      if (h.removed.length === h.added.length) {
        h.removed.forEach((i, n) => compareJson(a[i], b[h.added[n]], `${at}[${i}]`, out, limit));
      } else {
        out.push({
          where: `${at}[${h.removed[0] ?? h.before + 1}]`,
          context: '',
          removed: h.removed.map((i) => `[${i}] ${clip(sa[i], 300)}`),
          added: h.added.map((i) => `[${i}] ${clip(sb[i], 300)}`),
        });
      }
    }
    return;
  }
  const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
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

function compareLines(before, after, where = 'line') {
  const a = before.split('\n');
  const b = after.split('\n');
  const result = hunks(a, b);
  return result.hunks.map((h) => ({
    where: `${where} ${(h.removed[0] ?? h.before + 1) + 1}`,
    context: h.before >= 0 ? clip(a[h.before], 80) : '',
    removed: h.removed.map((i) => a[i]),
    added: h.added.map((i) => b[i]),
  }));
}

// ---------------------------------------------------------------- folders

function listFiles(dir) {
  const out = [];
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), {withFileTypes: true})) {
      const rel = sub === '' ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

const TEXT = /\.(md|txt|ya?ml|xml|ts|svg|webmanifest)$|(^|\/)_headers$/;

function compareFolders(beforeDir, afterDir) {
  const side = (dir) => {
    const files = new Map();
    const js = {count: 0, bytes: 0, contents: []};
    for (const rel of listFiles(dir)) {
      if (JS_ASSET.test(rel)) {
        js.count++;
        const content = readFileSync(path.join(dir, rel));
        js.bytes += content.length;
        js.contents.push(content.toString('latin1'));
      } else files.set(normalisePath(rel), rel);
    }
    js.contents.sort();
    return {files, js};
  };
  const a = side(beforeDir);
  const b = side(afterDir);
  const onlyBefore = [...a.files.keys()].filter((f) => !b.files.has(f));
  const onlyAfter = [...b.files.keys()].filter((f) => !a.files.has(f));
  const differing = [];
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
    const textA = bufA.toString('utf8');
    const textB = bufB.toString('utf8');
    let kind;
    let changes;
    let notes = [];
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
        notes.push(`not JSON (${error.message}); compared line by line`);
      }
    } else if (name.endsWith('.css')) {
      kind = 'css';
      const rules = (css) => normaliseCss(css).replace(/}/g, '}\n');
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
  const jsSame =
    a.js.contents.length === b.js.contents.length && a.js.contents.every((c, i) => c === b.js.contents[i]);
  return {
    compared: identical + differing.length,
    identical,
    onlyBefore,
    onlyAfter,
    differing,
    js: {
      before: a.js.count,
      after: b.js.count,
      beforeBytes: a.js.bytes,
      afterBytes: b.js.bytes,
      same: jsSame,
    },
  };
}

// ---------------------------------------------------------------- report

function renderChange(change, indent = '      ') {
  const lines = [];
  const where = [
    change.where !== '' ? `at ${change.where}` : '',
    change.context !== '' ? `after ${clip(change.context, 80)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (where !== '') lines.push(`${indent}${where}`);
  if (change.removed.length === 1 && change.added.length === 1) {
    lines.push(`${indent}~ ${inlineChange(change.removed[0], change.added[0])}`);
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
function groupChanges(differing) {
  const groups = new Map();
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
function setAsideUnstable(comparison, noise) {
  const key = (file, change) => `${file}\u0000${change.where}`;
  const unstable = new Set(noise.differing.flatMap((f) => f.changes.map((change) => key(f.name, change))));
  comparison.unstable = [];
  comparison.differing = comparison.differing.filter((file) => {
    const varying = file.changes.filter((change) => unstable.has(key(file.name, change)));
    if (varying.length === 0) return true;
    comparison.unstable.push(`${file.name} (${varying.length})`);
    file.changes = file.changes.filter((change) => !unstable.has(key(file.name, change)));
    if (file.changes.length > 0 || file.notes.length > 0) return true;
    comparison.identical++;
    return false;
  });
}

function renderPair(result, full) {
  const lines = [];
  const {pair, builds} = result;
  const times = Object.entries(builds)
    .map(([r, b]) => `${r} ${b.seconds.toFixed(0)} s${b.ok ? '' : ' FAILED'}`)
    .join(', ');
  lines.push(`== ${pair.name}  (${times})`);
  if (full) {
    lines.push(`   OPENAPI_FILE=${pair.openapi ?? '(specs)'}  ASYNCAPI_FILE=${pair.asyncapi ?? '(specs)'}`);
  }
  const failed = result.revisions.filter((r) => !builds[r].ok);
  if (failed.length > 0) {
    lines.push(
      failed.length === 2
        ? '   both builds failed (the document is refused on both sides; not a change)'
        : `   BUILT ON ONE SIDE ONLY: ${failed[0]} failed, ${result.revisions.find((r) => builds[r].ok)} built`,
    );
    for (const r of failed) {
      const message = builds[r].tail.split('\n').filter((l) => /\[build\]|Error|error/.test(l));
      lines.push(
        `   ${r} (exit ${builds[r].status}): ${clip(message.slice(-3).join(' | ') || builds[r].tail.split('\n').slice(-1)[0] || '', full ? 2000 : 300)}`,
      );
      if (full) lines.push(builds[r].tail.replace(/^/gm, '      | '));
    }
    return lines;
  }
  const c = result.comparison;
  const js = c.js.same
    ? 'JS bundles identical'
    : `JS bundles differ (${c.js.before} files ${c.js.beforeBytes} B → ${c.js.after} files ${c.js.afterBytes} B; not compared)`;
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

/** `--folders A B`: compares two build folders already made (no worktree, no build). */
function compareGivenFolders(options) {
  const [x, y] = options.folders;
  const result = {
    pair: {name: `${x} vs ${y}`, openapi: null, asyncapi: null},
    revisions: ['A', 'B'],
    builds: {A: {ok: true, seconds: 0}, B: {ok: true, seconds: 0}},
    comparison: compareFolders(x, y),
  };
  const full = renderPair(result, true).join('\n');
  if (options.report !== null) writeFileSync(options.report, `${full}\n`);
  console.log(options.report !== null ? renderPair(result, false).join('\n') : full);
  const c = result.comparison;
  return c.differing.length > 0 || c.onlyBefore.length > 0 || c.onlyAfter.length > 0 ? 1 : 0;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.folders !== null) return compareGivenFolders(options);
  const pairs = resolvePairs(options);
  const revisions = options.revisions.map((r) => {
    try {
      return {label: r.replace(/[^\w.-]/g, '_'), commit: git(['rev-parse', '--verify', `${r}^{commit}`])};
    } catch {
      return usage(`not a revision: ${r}`);
    }
  });
  // The same revision twice shows what changes from one build to the next (time stamps, random examples).
  if (revisions[0].label === revisions[1].label) revisions[1].label += '-2';
  if (!existsSync(path.join(ROOT, 'node_modules')))
    usage('no node_modules in the current checkout: run npm ci first');
  try {
    os.setPriority(10); // the builds inherit it: this is a background check on a shared machine
  } catch {
    // not allowed: run at normal priority
  }
  const workBase = options.work ?? os.tmpdir();
  mkdirSync(workBase, {recursive: true});
  state.tmp = mkdtempSync(path.join(workBase, 'compare-builds-'));
  const outRoot = options.keep ?? path.join(state.tmp, 'out');
  const report =
    options.report ??
    path.join(os.tmpdir(), `compare-builds-${revisions[0].label}-${revisions[1].label}.txt`);
  const header = [
    `compare-builds ${revisions[0].label} (${revisions[0].commit.slice(0, 12)}) vs ${revisions[1].label} (${revisions[1].commit.slice(0, 12)})`,
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

  const results = pairs.map((pair) => ({
    pair,
    revisions: revisions.map((r) => r.label),
    builds: {},
    comparison: null,
  }));
  for (const r of revisions) {
    console.log(`[compare-builds] worktree for ${r.label}`);
    const worktree = makeWorktree(r.commit, r.label);
    const runs = options.twice && r === revisions[0] ? [r.label, `${r.label}-again`] : [r.label];
    for (const result of results)
      for (const label of runs) {
        const logFile = path.join(state.tmp, `${label}-${result.pair.name}.log`);
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

  let anyChange = false;
  const short = ['', 'Summary (full report: ' + report + ')'];
  const full = [...header, ''];
  for (const result of results) {
    const [x, y] = result.revisions;
    if (result.builds[x].ok && result.builds[y].ok) {
      result.comparison = compareFolders(result.builds[x].dir, result.builds[y].dir);
      const again = result.builds[`${x}-again`];
      if (again?.ok === true)
        setAsideUnstable(result.comparison, compareFolders(result.builds[x].dir, again.dir));
      const c = result.comparison;
      if (c.differing.length > 0 || c.onlyBefore.length > 0 || c.onlyAfter.length > 0) anyChange = true;
    } else if (result.builds[x].ok !== result.builds[y].ok) anyChange = true;
    short.push(...renderPair(result, false));
    full.push(...renderPair(result, true), '');
  }
  writeFileSync(report, `${full.join('\n')}\n`);
  console.log(short.join('\n'));
  if (options.keep !== null) console.log(`[compare-builds] builds kept in ${options.keep}`);
  return anyChange ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[compare-builds] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
