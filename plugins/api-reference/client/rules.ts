/**
 * A field's rules in words, minus those its description already says word for word
 * ("… of at most 1000 characters." above "At most 1000 characters"): the reader gets
 * each fact once, and the page carries less text. Comparison ignores case, markup,
 * backticks and runs of white space.
 */
function plain(text: string): string {
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export function rulesNotInDescription(
  rules: readonly string[] | undefined,
  ...descriptions: (string | undefined)[]
): string[] {
  if (rules === undefined) return [];
  const said = descriptions
    .filter((d): d is string => d !== undefined)
    .map(plain)
    .join(' ');
  if (said === '') return [...rules];
  return rules.filter((rule) => !said.includes(plain(rule)));
}

/**
 * Whether a description already gives a constant's value ("Always prices." above a field whose
 * `const` is `"prices"`): then the rule "Always "prices"." is not repeated. `value` is the literal as
 * shown (JSON text); a string is compared without its quotes.
 */
export function constInDescription(value: string, ...descriptions: (string | undefined)[]): boolean {
  let literal = value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') literal = parsed;
  } catch {
    // Not JSON text: compared as written.
  }
  const said = descriptions
    .filter((d): d is string => d !== undefined)
    .map(plain)
    .join(' ');
  const wanted = `always ${plain(literal)}`.trim();
  const at = said.indexOf(wanted);
  // The value must end there ("Always pri" is not "Always prices"). A letter of any script is one
  // whose case changes; not a \p{L} regex, which the bundler expands into kilobytes of ranges.
  const next = said.charAt(at + wanted.length);
  const continues = /\w/.test(next) || next.toLowerCase() !== next.toUpperCase();
  return at >= 0 && !continues;
}
