import { AppError } from "../../core/errors.js";
import { withRetry } from "../../util/retry.js";
import { storeFailure } from "../common/port-contract.js";

/** Default bound on one Chroma call. */
export const DEFAULT_CHROMA_TIMEOUT_MS = 10_000;

/** Connecting at start: 7 more tries, 0.25 s doubling to 4 s (about 15 s in all). */
export const CONNECT_RETRY = { retries: 7, minMs: 250, maxMs: 4000 } as const;

/**
 * What Chroma's local server answers while another request holds its SQLite write lock past its busy
 * timeout (a large write beside a small one): nothing was done, and another try soon succeeds.
 */
const DATABASE_LOCKED = /database is locked/i;
/** Tries after a "database is locked", 0.1 s doubling to 2 s (about 5 s in all, within the call's bound). */
const LOCKED_RETRY = { retries: 6, minMs: 100, maxMs: 2000 } as const;

/**
 * Runs one Chroma call within `timeoutMs`, tried again while the server says its database is locked;
 * every failure is AppError `store_failed` (an AppError, such as the embedder's `embed_failed`,
 * passes as it is).
 */
export async function callChroma<T>(what: string, fn: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError("store_failed", `Chroma ${what} timed out after ${timeoutMs} ms`, {
            details: { timeoutMs },
          }),
        ),
      timeoutMs,
    );
  });
  try {
    const attempts = withRetry(fn, LOCKED_RETRY, {
      shouldRetry: (err) => DATABASE_LOCKED.test((err as Error | undefined)?.message ?? ""),
    });
    return await Promise.race([attempts, timeout]);
  } catch (err) {
    throw storeFailure("Chroma", what, err);
  } finally {
    clearTimeout(timer);
  }
}
