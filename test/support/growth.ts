/**
 * How much longer `run(8n)` takes than `run(n)`, after a warm-up: under 8 for linear work, with room for
 * a noisy machine (tests allow four times that); quadratic work takes about 64 times as long.
 */
export function growth(run: (n: number) => unknown, n: number): number {
  const time = (size: number) => {
    const start = performance.now();
    run(size);
    return performance.now() - start;
  };
  time(Math.floor(n / 2));
  const small = Math.max(time(n), 1);
  return time(8 * n) / small;
}
