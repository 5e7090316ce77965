import type { Middleware, AnyMiddlewareArgs } from "@slack/bolt";
import type { EventDedupe } from "../../core/event-dedupe.js";
import type { TurnInbox } from "../inbox.js";

/**
 * Global middleware: a retried delivery of an event already handled is dropped (Bolt has already
 * acked it) instead of being answered twice. The inbox entry written for it before the ack is closed,
 * so a restart does not replay it.
 */
export function dedupeMiddleware(
  deduper: EventDedupe,
  inbox?: TurnInbox | undefined,
): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, logger, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === "string" && !(await deduper.firstSighting(eventId))) {
      logger.info(`dropping repeated delivery of ${eventId} (retry ${String(context.retryNum ?? "?")})`);
      await inbox?.answered(eventId).catch(() => undefined);
      return;
    }
    await next();
  };
}
