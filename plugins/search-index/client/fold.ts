/**
 * How the search compares words, in a module of its own: the results' highlighting (shipped with the
 * search box on every page) needs it, the rest of the tokenizer loads with the matcher.
 */
const MARKS = new RegExp('\\p{M}', 'gu');

/**
 * How a term is compared: lower-cased, with accents and other combining marks removed (`Générale` →
 * `generale`). Letters that are not written with a mark (`ß`, `ø`) stay as they are.
 */
export function fold(value: string): string {
  return value.normalize('NFD').replace(MARKS, '').toLowerCase();
}
