import type { Middleware, AnyMiddlewareArgs } from "@slack/bolt";

/** How long an event id is remembered; Slack retries within minutes. */
export const DEDUPE_TTL_MS = 60 * 60 * 1000;
/** Upper bound on remembered ids, so a flood cannot grow memory without limit. */
export const DEDUPE_MAX_IDS = 50_000;

/**
 * Remembers Slack event ids it has seen (a bounded, time-limited set). In-process: several replicas
 * behind Slack's HTTP events need a shared store instead (docs/architecture.md).
 */
export class EventDeduper {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = DEDUPE_TTL_MS,
    private readonly maxIds = DEDUPE_MAX_IDS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True the first time an id is seen (within the TTL), false for a repeat. */
  firstSighting(id: string): boolean {
    const now = this.now();
    const at = this.seen.get(id);
    if (at !== undefined && now - at < this.ttlMs) return false;
    this.seen.delete(id);
    this.seen.set(id, now);
    while (this.seen.size > this.maxIds) {
      const oldest = this.seen.keys().next().value as string;
      this.seen.delete(oldest);
    }
    return true;
  }
}

/**
 * Global middleware: a retried delivery of an event already handled is dropped (Bolt has already
 * acked it) instead of being answered twice.
 */
export function dedupeMiddleware(deduper: EventDeduper): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, logger, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === "string" && !deduper.firstSighting(eventId)) {
      logger.info(`dropping repeated delivery of ${eventId} (retry ${String(context.retryNum ?? "?")})`);
      return;
    }
    await next();
  };
}
