import { type Metrics, type RecallHalf, secondsSince } from "../../core/metrics.js";

/**
 * A search half whose every `candidates` call is timed as one half of a recall
 * (`recall_seconds{half}`), failed ones too (a vector half that times out is the slow case worth
 * seeing). Synchronous halves (BM25) stay synchronous.
 */
export function timedHalf<R>(
  inner: { candidates(query: string): R },
  half: RecallHalf,
  metrics: Metrics,
): { candidates(query: string): R } {
  return {
    candidates(query: string): R {
      const started = performance.now();
      const done = () => metrics.recallHalf(half, secondsSince(started));
      let result: R;
      try {
        result = inner.candidates(query);
      } catch (err) {
        done();
        throw err;
      }
      if (result instanceof Promise) return result.finally(done) as R;
      done();
      return result;
    },
  };
}
