/**
 * The median of the finite numbers in `values` (the mean of the middle two for an even count);
 * NaN when there are none. Shared by the benchmarks.
 */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  const at = (i: number): number => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}
