/**
 * Search terms, shared by the index builder (tests) and the browser matcher.
 * Browser-safe: no Node imports.
 *
 * API docs are searched for identifiers as much as for words, so a run such as
 * `/api/orders/bulk/{bulk_order_id}` yields three levels of terms:
 * - the whole identifier (`/api/orders/bulk/{bulk_order_id}`), so it is found exactly and by prefix;
 * - its segments, split on punctuation but keeping `_` and `-` words whole (`bulk_order_id`);
 * - its atoms: segments split on `_`, `-` and camelCase (`bulk`, `order`, `id`;
 *   `AmountTooAccurate` → `amount`, `too`, `accurate`).
 * Everything is folded (fold: lower-cased, accents removed, so `societe` finds `Société`); single
 * characters are dropped.
 */
import {fold} from './fold';

/**
 * Unicode classes built from strings: as regex literals, the site's Babel
 * preset would expand every `\p{L}` into a character list of several KB in the
 * browser chunk. Every browser the site supports knows `\p{…}` natively.
 */
const unicode = (source: string): RegExp => new RegExp(source, 'u');

/** Leading characters that never start an identifier (brackets, quotes, backticks, dots). */
const LEAD = unicode('^[^\\p{L}\\p{N}/_{$#@]+');
/** Trailing punctuation after an identifier (`foo`,  `bar.`, `baz)`), keeping `}` and `]`. */
const TRAIL = unicode('[^\\p{L}\\p{N}_}\\]]+$');
const NON_WORD = unicode('[^\\p{L}\\p{N}_-]+');
const NON_ALNUM = unicode('[^\\p{L}\\p{N}]+');
const CAMEL = unicode('(?<=[\\p{Ll}\\p{N}])(?=\\p{Lu})|(?<=\\p{Lu})(?=\\p{Lu}\\p{Ll})');
const HAS_PUNCTUATION = unicode('[^\\p{L}\\p{N}]');

/** Whitespace-separated runs of a text with surrounding punctuation removed (original case). */
export function runsOf(text: string): string[] {
  const runs: string[] = [];
  // Composed first: a letter written as a base and a combining mark stays one letter of its word.
  for (const raw of text.normalize('NFC').split(/\s+/)) {
    const run = raw.replace(LEAD, '').replace(TRAIL, '');
    if (run !== '') runs.push(run);
  }
  return runs;
}

function atomsOf(segment: string): string[] {
  const atoms: string[] = [];
  for (const part of segment.split(NON_ALNUM)) {
    if (part === '') continue;
    const camel = part.split(CAMEL);
    if (camel.length > 1) atoms.push(...camel);
    atoms.push(part);
  }
  return atoms;
}

/** Every term of one run: whole, segments, atoms (lower-cased, deduplicated, length ≥ 2). */
export function termsOfRun(run: string): string[] {
  const terms = new Set<string>([run]);
  const segments = run.split(NON_WORD).filter((s) => s !== '');
  for (const segment of segments) {
    terms.add(segment);
    for (const atom of atomsOf(segment)) terms.add(atom);
  }
  return Array.from(terms)
    .map(fold)
    .filter((t, i, all) => t.length > 1 && all.indexOf(t) === i);
}

/** Index-time tokenizer: every term of every run. */
export function indexTerms(text: string): string[] {
  return runsOf(text).flatMap(termsOfRun);
}

/** True when a run is an identifier rather than a word (has punctuation or inner capitals). */
export function isIdentifier(run: string): boolean {
  return HAS_PUNCTUATION.test(run) || atomsOf(run).length > 1;
}

/** Query terms, most specific first: each run whole (identifiers are matched as one term). */
export function wholeQueryTerms(query: string): string[] {
  return unique(runsOf(query).map(fold)).filter((t) => t.length > 1);
}

/** Query terms, loosest: the atoms of every run (`counter_leg` → `counter`, `leg`). */
export function atomQueryTerms(query: string): string[] {
  const atoms = runsOf(query).flatMap((run) =>
    run
      .split(NON_ALNUM)
      .flatMap((part) => part.split(CAMEL))
      .map(fold),
  );
  return unique(atoms).filter((t) => t.length > 1);
}

/** Folded (fold), trimmed, single-spaced, surrounding quotes/backticks removed: how queries and names are compared. */
export function normalize(value: string): string {
  return fold(
    value
      .trim()
      .replace(/^[`'"]+|[`'"]+$/g, '')
      .replace(/\s+/g, ' '),
  );
}

function unique(values: string[]): string[] {
  return Array.from(new Set(values));
}
