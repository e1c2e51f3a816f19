/**
 * Validator targets and their files, for the build (which compiles and writes
 * them) and the browser (whose panels import them): the keys and the file
 * naming are defined here only.
 */

/** The target of an operation's JSON request body: `rest:<operation anchor>`. */
export function restTarget(operationAnchor: string): string {
  return `rest:${operationAnchor}`;
}

/** The target of a WebSocket message the client sends: `ws:<message name>`. */
export function wsTarget(messageName: string): string {
  return `ws:${messageName}`;
}

/** The validator target of an operation's parameters (its file: `restparams-<operationId>.js`). */
export function parametersTarget(operationId: string): string {
  return `rest-params:${operationId}`;
}

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
