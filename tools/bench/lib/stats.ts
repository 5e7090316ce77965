/** Latency statistics for the benchmarks: percentiles, medians and ratios. */

/** Latency percentiles of one round, in milliseconds. */
export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  /** Samples the percentiles were taken over. */
  n: number;
}

/**
 * The p-th percentile (0 < p ≤ 100) by linear interpolation between closest ranks:
 * x = sorted[(n − 1)·p/100], interpolated between its neighbours.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const pos = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/** The median (50th percentile). */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** p50/p95/p99 of one round of samples. */
export function summarize(samples: readonly number[]): LatencySummary {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    n: samples.length,
  };
}

/** Per-percentile medians over several rounds: the figure quoted on a noisy machine. */
export function medianOfRounds(rounds: readonly LatencySummary[]): LatencySummary {
  return {
    p50: median(rounds.map((r) => r.p50)),
    p95: median(rounds.map((r) => r.p95)),
    p99: median(rounds.map((r) => r.p99)),
    n: rounds.reduce((sum, r) => sum + r.n, 0),
  };
}

/** Rounds a number to `digits` decimals for printing and JSON. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Milliseconds since `start` (a `performance.now()` reading). */
export function elapsedMs(start: number): number {
  return performance.now() - start;
}

/** Runs `run` `repeats` times and returns the median of its wall times, in ms. */
export function medianRunMs(repeats: number, run: () => unknown): number {
  const samples: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const started = performance.now();
    run();
    samples.push(elapsedMs(started));
  }
  return median(samples);
}
