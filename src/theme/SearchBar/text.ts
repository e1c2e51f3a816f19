/**
 * Highlighting and snippets for results: pure string functions, small enough
 * to ship with the dialog (the matcher itself loads on first use).
 */

/** A part of a text, marked when it matches a search term. */
export interface Segment {
  text: string;
  match: boolean;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function termPattern(terms: readonly string[]): RegExp | undefined {
  const usable = Array.from(new Set(terms.filter((t) => t.length > 1))).sort((a, b) => b.length - a.length);
  return usable.length > 0 ? new RegExp(usable.map(escapeRegExp).join('|'), 'gi') : undefined;
}

/** Splits a text into matching and non-matching parts (longest terms first), for <mark>. */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  const pattern = termPattern(terms);
  if (pattern === undefined || text === '') return text === '' ? [] : [{text, match: false}];
  const segments: Segment[] = [];
  let last = 0;
  for (const m of Array.from(text.matchAll(pattern))) {
    const start = m.index;
    if (start > last) segments.push({text: text.slice(last, start), match: false});
    segments.push({text: m[0], match: true});
    last = start + m[0].length;
  }
  if (last < text.length) segments.push({text: text.slice(last), match: false});
  return segments;
}

/** About `length` characters of text around the first match, cut at word boundaries. */
export function snippet(text: string, terms: readonly string[], length = 160): string {
  if (text.length <= length) return text;
  const pattern = termPattern(terms);
  const first = pattern !== undefined ? text.search(pattern) : -1;
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
