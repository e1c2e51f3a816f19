/**
 * Highlighting and snippets for results: pure string functions, small enough
 * to ship with the dialog (the matcher itself loads on first use).
 */
import {fold} from '@site/plugins/search-index/client/fold';

/** A part of a text, marked when it matches a search term. */
export interface Segment {
  text: string;
  match: boolean;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function termPattern(terms: readonly string[]): RegExp | undefined {
  const usable = Array.from(new Set(terms.map(fold).filter((t) => t.length > 1))).sort(
    (a, b) => b.length - a.length,
  );
  return usable.length > 0 ? new RegExp(usable.map(escapeRegExp).join('|'), 'gi') : undefined;
}

/**
 * The text folded as the search folds terms (fold: lower case, no accents), with where each folded
 * character comes from, so that a match in the folded text is marked on the text as written.
 */
function folded(text: string): {value: string; start: number[]; end: number[]} {
  let value = '';
  const start: number[] = [];
  const end: number[] = [];
  let at = 0;
  for (const char of text) {
    const f = fold(char);
    // A combining mark folds to nothing: it belongs to the letter before it.
    if (f === '' && end.length > 0) end[end.length - 1] = at + char.length;
    for (let i = 0; i < f.length; i++) {
      start.push(at);
      end.push(at + char.length);
    }
    value += f;
    at += char.length;
  }
  return {value, start, end};
}

/** Where the terms occur in `text` as written: [start, end) pairs, in order. */
function matches(text: string, pattern: RegExp): Array<[number, number]> {
  const {value, start, end} = folded(text);
  return Array.from(value.matchAll(pattern)).flatMap((m): Array<[number, number]> => {
    const from = start[m.index];
    const to = end[m.index + m[0].length - 1];
    return from === undefined || to === undefined ? [] : [[from, to]];
  });
}

/**
 * Splits a text into matching and non-matching parts (longest terms first), for <mark>; accents and
 * case aside, as the search matched (`societe` marks `Société`).
 */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  const pattern = termPattern(terms);
  if (pattern === undefined || text === '') return text === '' ? [] : [{text, match: false}];
  const segments: Segment[] = [];
  let last = 0;
  for (const [start, end] of matches(text, pattern)) {
    if (start > last) segments.push({text: text.slice(last, start), match: false});
    segments.push({text: text.slice(start, end), match: true});
    last = end;
  }
  if (last < text.length) segments.push({text: text.slice(last), match: false});
  return segments;
}

/** About `length` characters of text around the first match, cut at word boundaries. */
export function snippet(text: string, terms: readonly string[], length = 160): string {
  if (text.length <= length) return text;
  const pattern = termPattern(terms);
  const first = pattern !== undefined ? (matches(text, pattern)[0]?.[0] ?? -1) : -1;
  let start = Math.max(0, first - Math.floor(length / 4));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space !== -1 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > start + length / 2 ? space : end;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
