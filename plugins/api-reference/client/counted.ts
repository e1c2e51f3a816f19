/**
 * A count with its noun, singular for one: "1 error", "2 errors", "3 properties". The one spelling
 * of it for the build's sentences and the browser's (schema rules, validator messages, the
 * integration filter, the session checker's report).
 */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
