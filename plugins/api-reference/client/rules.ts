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
