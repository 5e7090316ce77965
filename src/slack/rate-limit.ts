import { webApi } from "@slack/bolt";

/** Longest a call waits in all for Slack's `Retry-After` before its error is let through. */
export const MAX_RATE_LIMIT_WAIT_MS = 30_000;

/**
 * Runs one Web API call, and again after the wait a 429 names (`Retry-After`), until it succeeds or the
 * waits would pass {@link MAX_RATE_LIMIT_WAIT_MS}. The client is built with `rejectRateLimitedCalls`
 * (slack-app.ts): its own handling pauses every call of the process — every user's reply — for one
 * busy channel or method. Only this call waits here; any other error is thrown at once.
 */
export async function retryRateLimited<T>(
  call: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  let waited = 0;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      const wait = rateLimitWaitMs(err);
      if (wait === undefined || waited + wait > MAX_RATE_LIMIT_WAIT_MS) throw err;
      waited += wait;
      await sleep(wait);
    }
  }
}

/** The wait a rate-limited call's error asks for (at least a second), undefined for another error. */
function rateLimitWaitMs(err: unknown): number | undefined {
  const coded = err as { code?: unknown; retryAfter?: unknown } | undefined;
  if (coded?.code !== webApi.ErrorCode.RateLimitedError) return undefined;
  const seconds = typeof coded.retryAfter === "number" && coded.retryAfter > 0 ? coded.retryAfter : 1;
  return seconds * 1000;
}
