/**
 * The one mapping from a validator target (`rest:<operationId>`, `ws:<messageName>`)
 * to the file its compiled validator is written to. The build step writes that file
 * and the browser imports it, so both sides must use this function. It is
 * injective: letters, digits, `_` and `-` are kept, every other character becomes
 * `~` + its code point in hex + `.`, so two targets never share a file.
 */
export function validatorFileName(target: string): string {
  const separator = target.indexOf(':');
  const kind = separator > 0 ? target.slice(0, separator) : 'target';
  const name = separator > 0 ? target.slice(separator + 1) : target;
  let encoded = '';
  for (const char of name) {
    encoded += /^[A-Za-z0-9_-]$/.test(char) ? char : `~${(char.codePointAt(0) ?? 0).toString(16)}.`;
  }
  return `${kind.replace(/[^a-z]/g, '')}-${encoded}.js`;
}

/** The folder, inside the plugin's generated data directory, that holds the validators. */
export const VALIDATORS_DIR = 'validators';
