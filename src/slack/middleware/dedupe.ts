import type { Middleware, AnyMiddlewareArgs } from "@slack/bolt";
import type { EventDedupe } from "../../core/event-dedupe.js";
import type { TurnInbox } from "../inbox.js";

/**
 * Global middleware: a retried delivery of an event already handled is dropped (Bolt has already
 * acked it) instead of being answered twice.
 *
 * The inbox entry written before the ack belongs to the first delivery of the event in this process.
 * When that delivery is dropped because another replica took the event, its entry is closed, so a
 * restart does not replay it. A repeat within this process leaves the entry alone: the delivery
 * before it is answering the event — maybe its listener has not even run yet — and closes the entry
 * when answered.
 */
export function dedupeMiddleware(
  deduper: EventDedupe,
  inbox?: TurnInbox | undefined,
): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, logger, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === "string") {
      const sighting = await deduper.sight(eventId);
      if (sighting !== "first") {
        logger.info(
          `dropping repeated delivery of ${eventId} (retry ${String(context.retryNum ?? "?")}, ${sighting})`,
        );
        if (sighting === "taken") await inbox?.answered(eventId).catch(() => undefined);
        return;
      }
    }
    await next();
  };
}
