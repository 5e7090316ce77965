import pRetry from "p-retry";

/**
 * The project's one retry policy shape and helper: exponential backoff, attempt n (1-based) waiting
 * min(maxMs, minMs · 2^(n−1)). {@link withRetry} retries in place (p-retry, jittered);
 * {@link backoffDelay} gives the delay for work rescheduled later (history summaries, the journal).
 */
export interface Backoff {
  /** Extra attempts after the first. */
  retries: number;
  minMs: number;
  maxMs: number;
}

/** The delay before retry number `attempt` (1-based). */
export function backoffDelay(policy: Pick<Backoff, "minMs" | "maxMs">, attempt: number): number {
  return Math.min(policy.maxMs, policy.minMs * 2 ** Math.max(0, attempt - 1));
}

/** One failed attempt, as reported to `onFailedAttempt`. */
export interface FailedAttempt {
  error: unknown;
  attempt: number;
  retriesLeft: number;
}

/**
 * Runs `fn` until it succeeds or the policy's retries are spent (then the last error is thrown).
 * `shouldRetry` false stops at once (e.g. a bad request never gets better).
 */
export function withRetry<T>(
  fn: () => Promise<T>,
  policy: Backoff,
  options: {
    onFailedAttempt?: (failure: FailedAttempt) => void;
    shouldRetry?: (error: unknown) => boolean;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  return pRetry(fn, {
    retries: policy.retries,
    minTimeout: policy.minMs,
    maxTimeout: policy.maxMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.shouldRetry ? { shouldRetry: ({ error }) => options.shouldRetry!(error) } : {}),
    onFailedAttempt: ({ error, attemptNumber, retriesLeft }) =>
      options.onFailedAttempt?.({ error, attempt: attemptNumber, retriesLeft }),
  });
}
