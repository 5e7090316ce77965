import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { AppError } from "../core/errors.js";

/** Wrong admin tokens one address may send in a burst before it must wait. */
export const MAX_FAILED_AUTH = 10;
/** The time over which {@link MAX_FAILED_AUTH} tries come back (one every window / max). */
export const FAILED_AUTH_WINDOW_MS = 60_000;
/** Addresses remembered at most; the least recently seen is forgotten first. */
const MAX_ADDRESSES = 10_000;

export interface AuthThrottleOptions {
  maxFailures?: number;
  windowMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * Slows down guessing the admin token: a token bucket per remote address that only a wrong token
 * drains (a success costs nothing). A full bucket holds {@link MAX_FAILED_AUTH} tries and refills
 * at that many per {@link FAILED_AUTH_WINDOW_MS}; an empty one refuses the address's next try, right or
 * wrong, with a 429 `too_many_requests` and its Retry-After, without looking at the token (so a blocked
 * guesser learns nothing). One throttle guards every place that takes the token: the JSON API's bearer
 * token, the console's sign-in and `/healthz`'s details.
 */
export class AuthThrottle {
  private readonly max: number;
  private readonly refillMs: number;
  private readonly now: () => number;
  private readonly buckets = new LRUCache<string, { tokens: number; at: number }>({ max: MAX_ADDRESSES });

  constructor(options: AuthThrottleOptions = {}) {
    this.max = options.maxFailures ?? MAX_FAILED_AUTH;
    this.refillMs = (options.windowMs ?? FAILED_AUTH_WINDOW_MS) / this.max;
    this.now = options.now ?? Date.now;
  }

  /** Throws `too_many_requests` (details.retryAfterSeconds) when `address` must wait before a try. */
  check(address: string): void {
    const tokens = this.tokens(address);
    if (tokens >= 1) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(((1 - tokens) * this.refillMs) / 1000));
    throw new AppError(
      "too_many_requests",
      "too many wrong admin tokens from this address; try again later",
      {
        details: { retryAfterSeconds },
      },
    );
  }

  /** Records a wrong token sent from `address`. */
  failed(address: string): void {
    this.buckets.set(address, { tokens: Math.max(0, this.tokens(address) - 1), at: this.now() });
  }

  private tokens(address: string): number {
    const bucket = this.buckets.get(address);
    if (!bucket) return this.max;
    return Math.min(this.max, bucket.tokens + (this.now() - bucket.at) / this.refillMs);
  }
}

/**
 * The address a request came from: the TCP peer (a proxy in front counts as one address; a
 * client-set header such as X-Forwarded-For is not trusted, it would let a guesser pick new ones).
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Not served by the Node adapter (app.request() in a test): no socket to name.
    return "unknown";
  }
}
