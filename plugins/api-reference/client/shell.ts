/**
 * Shell quoting for the curl the site writes: the guides' requests (src/components/Guide/curl.ts)
 * and the request builder's output (RequestBuilder/snippet.ts). One rule: single quotes, a quote
 * inside written as '\''. Browser-safe and dependency-free.
 */

/** Characters a POSIX shell word may hold bare (httpsnippet's curl target leaves such words unquoted). */
const BARE = /^[a-z0-9-_/.@%^=:]+$/i;

/**
 * `value` as one POSIX shell word in single quotes. With `onlyWhenNeeded`, a word of safe
 * characters stays bare, as httpsnippet writes it (the builder's output must equal the samples).
 */
export function shellQuote(value: string, options: {onlyWhenNeeded?: boolean} = {}): string {
  if (options.onlyWhenNeeded === true && BARE.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
