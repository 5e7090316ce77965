/** Command-line values of the benchmarks, checked. */

/** A flag's value as an integer ≥ 1. */
export function positiveInt(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`expected a positive integer, got "${text}"`);
  return n;
}

/** A flag's value as a whole number (≥ 0), or `fallback` when absent. */
export function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}: expected a whole number, got "${value}"`);
  return n;
}
