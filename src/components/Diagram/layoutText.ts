/**
 * Layout for the build-time diagrams: pure functions from diagram data to
 * coordinates. No DOM, no font metrics: text width is estimated from the number
 * of characters, which is good enough for short technical labels and keeps the
 * result identical on the server and in tests.
 *
 * The same code runs again in the browser during hydration, compiled by
 * Docusaurus's Babel in loose mode, where spreading an iterator
 * (`[...map.keys()]`) silently yields `[iterator]`: use Array.from for Maps and
 * Sets (tests/unit/diagram/client-transpile.test.ts checks the two agree).
 */

/** Font size of labels in SVG user units (the SVG scales with its viewBox). */
export const FONT_SIZE = 14;
/** Estimated average glyph width of the sans-serif label font. */
export const CHAR_WIDTH = FONT_SIZE * 0.58;
export const LINE_HEIGHT = 18;

/** Width in user units of a line of `chars` characters. */
export function textWidth(chars: number): number {
  return Math.ceil(chars * CHAR_WIDTH);
}

/** How many characters fit in `width` user units (at least 4). */
export function charsFitting(width: number): number {
  return Math.max(4, Math.floor(width / CHAR_WIDTH));
}

/**
 * Word-wraps `text` to lines of at most `maxChars` characters. Words longer
 * than a line (identifiers such as `settlement_request_amount_id`) are broken
 * after `_`, `/`, `-` or `.` when possible, otherwise hard.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const limit = Math.max(4, Math.floor(maxChars));
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const lines: string[] = [];
  let current = '';
  const pushWord = (word: string): void => {
    let rest = word;
    while (rest.length > limit) {
      const slice = rest.slice(0, limit);
      const soft = Math.max(
        slice.lastIndexOf('_'),
        slice.lastIndexOf('/'),
        slice.lastIndexOf('-'),
        slice.lastIndexOf('.'),
      );
      const cut = soft >= limit / 2 ? soft + 1 : limit;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  };
  for (const word of words) {
    if (current === '') {
      pushWord(word);
    } else if (current.length + 1 + word.length <= limit) {
      current = `${current} ${word}`;
    } else {
      lines.push(current);
      current = '';
      pushWord(word);
    }
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

/* ------------------------------------------------------------------ sequence */
