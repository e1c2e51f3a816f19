/**
 * The values of the benchmarks' options. Each command line is read with `parseArgs` in strict mode
 * and run through `withOptions` (../shared/commandLine.ts), so that a misspelt option or a value that
 * is not a number stops the command with its reason and the usage, and never runs minutes of default
 * measurements instead.
 */

/** `text` as a positive whole number, or undefined when it is not one. */
function positiveWhole(text: string): number | undefined {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Positive whole numbers from a comma-separated option, or the error that names the bad one. */
export function wholeNumbers(option: string, text: string): number[] {
  return text.split(',').map((part) => {
    const n = positiveWhole(part);
    if (n === undefined)
      throw new Error(`${option} takes positive whole numbers, comma-separated; "${part.trim()}" is not one`);
    return n;
  });
}

/** One positive whole number, or the error that names it; `fallback` when the option is absent. */
export function wholeNumber(option: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = positiveWhole(text);
  if (n === undefined) throw new Error(`${option} takes a positive whole number; "${text}" is not one`);
  return n;
}
