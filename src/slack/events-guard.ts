import { createHash } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { HTTPModuleFunctions } from "@slack/bolt";
import type { Logger } from "../logging/logger.js";
import { z } from "zod";
import type { EventDedupe } from "../core/event-dedupe.js";
import type { AckFirstScheduler } from "./ack-first.js";

/** Largest Slack request body accepted (Bolt's own default). */
export const SLACK_BODY_LIMIT_BYTES = HTTPModuleFunctions.defaultBodyLimit;

/**
 * How far a request's `x-slack-request-timestamp` may be from now, either way (Slack's five minutes).
 * Bolt refuses only an older one; a later one is refused here.
 */
export const SLACK_MAX_CLOCK_SKEW_S = 5 * 60;

const object = z.looseObject({});

/**
 * An inner event, as far as Bolt reads it before any listener runs: it finds the conversation in
 * `channel` (an id or an object with one), `channel_id` or `item.channel`, and dereferences each.
 */
const innerEvent = z.looseObject({
  type: z.string(),
  channel: z.union([z.string(), object]).optional(),
  channel_id: z.string().optional(),
  item: object.optional(),
});

/** Interactions (a button, a dialog, a shortcut): Slack sends each with the user who acted. */
const INTERACTION_TYPES: ReadonlySet<string> = new Set([
  "block_actions",
  "block_suggestion",
  "view_submission",
  "view_closed",
  "shortcut",
  "message_action",
  "interactive_message",
  "dialog_submission",
]);

/**
 * A Slack request body Bolt can route without throwing: a JSON object that is an event (with a valid
 * `event`), a slash command, an interaction (`type`, and `channel` an object if present) or an SSL check.
 * `null`, arrays, `{event: null}` or `{event: {channel: null}}` would crash Bolt or answer 500.
 */
const slackRequestBody = z
  .looseObject({
    type: z.string().optional(),
    event: innerEvent.optional(),
    command: z.string().optional(),
    channel: object.optional(),
    ssl_check: z.string().optional(),
  })
  .refine((b) => b.type !== "event_callback" || b.event !== undefined, "an event_callback needs an event")
  // Bolt reads `user.id` of an interaction before any listener runs (its context's user).
  .refine(
    (b) =>
      !INTERACTION_TYPES.has(b.type ?? "") || typeof (b as { user?: { id?: unknown } }).user?.id === "string",
    "an interaction needs a user with an id",
  )
  .refine(
    (b) => [b.type, b.event, b.command, b.ssl_check].some((v) => v !== undefined),
    "is not a Slack event, command or interaction",
  );

type BufferedRequest = IncomingMessage & { rawBody: Buffer };

/**
 * Puts a check in front of Bolt's `HTTPReceiver.requestListener` for `/slack/events`, so that no input
 * can crash the process or get a 500 (Bolt reads `body.ssl_check` of a `null` body outside any try):
 * a method other than POST is a 405; a bad or stale signature a 401 and a body over the limit a 413
 * (as Bolt answers them); a timestamp more than five minutes ahead a 401 too; a body that is not
 * JSON, or not a Slack event, a 400.
 *
 * A signed slash command or interaction is handled once: the same signed request sent again (its
 * timestamp and body, which the signature covers) gets an empty 200 and reaches no listener. Events
 * are left to the event-id dedupe (src/slack/middleware/dedupe.ts), which also knows Slack's retries.
 * Both share `dedupe`, in PostgreSQL when replicas share state.
 *
 * It verifies the signature with Bolt's own function and parses with Bolt's own parser, so it sees
 * exactly what Bolt will; Bolt then takes the buffered body (`req.rawBody`) and verifies it again.
 */
export function guardSlackEvents(
  boltListener: RequestListener,
  options: {
    signingSecret: string;
    logger: Logger;
    dedupe: EventDedupe;
    now?: () => number;
    /** Counts each request until it is answered, so listener work waits for the acks. */
    scheduler?: AckFirstScheduler | undefined;
  },
): RequestListener {
  const log = options.logger.child({ component: "slack-events" });
  const now = options.now ?? Date.now;
  const admit = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== "POST") {
      return refuse(res, 405, "method_not_allowed", "Slack events are POSTed", { allow: "POST" });
    }
    try {
      await HTTPModuleFunctions.parseAndVerifyHTTPRequest(
        { enabled: true, signingSecret: options.signingSecret, bodyLimit: SLACK_BODY_LIMIT_BYTES },
        req as BufferedRequest,
      );
    } catch (err) {
      if (HTTPModuleFunctions.isRawBodyError(err) && (err as { statusCode?: number }).statusCode === 413)
        // The rest of the body is left unread: close, so no next request follows it on this socket.
        return refuse(res, 413, "payload_too_large", `body is larger than ${SLACK_BODY_LIMIT_BYTES} bytes`, {
          connection: "close",
        });
      log.warn({ reason: err instanceof Error ? err.message : String(err) }, "refused an unverified request");
      return refuse(res, 401, "unauthorized", "missing, wrong or stale Slack signature");
    }
    // As Bolt reads it (a number); absent only on an ssl_check, which Bolt lets through unsigned.
    const timestampHeader = req.headers["x-slack-request-timestamp"];
    const timestamp = typeof timestampHeader === "string" ? Number(timestampHeader) : undefined;
    if (
      timestamp !== undefined &&
      !(timestamp <= Math.floor(now() / 1000) + SLACK_MAX_CLOCK_SKEW_S) // NaN and Infinity too
    ) {
      log.warn({ timestamp: timestampHeader }, "refused a request dated in the future");
      return refuse(res, 401, "unauthorized", "Slack request timestamp is more than five minutes ahead");
    }
    let body: unknown;
    try {
      body = HTTPModuleFunctions.parseHTTPRequestBody(req as BufferedRequest);
    } catch {
      return refuse(res, 400, "bad_request", "body is not JSON (nor a form with a JSON payload)");
    }
    const parsed = slackRequestBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? `body.${issue.path.join(".")}` : "body";
      log.warn({ where, problem: issue.message }, "refused a signed request that is not a Slack event");
      return refuse(res, 400, "bad_request", `${where}: ${issue.message}`);
    }
    const isEvent = typeof (parsed.data as { event_id?: unknown }).event_id === "string";
    if (!isEvent && parsed.data.ssl_check === undefined && timestamp !== undefined) {
      const signed = `${timestamp}:${(req as BufferedRequest).rawBody.toString()}`;
      const id = `request:${createHash("sha256").update(signed).digest("hex")}`;
      if ((await options.dedupe.sight(id, "request")) !== "first") {
        log.warn(
          { type: parsed.data.type, command: parsed.data.command },
          "dropped a replayed Slack request",
        );
        res.writeHead(200).end();
        return false;
      }
    }
    return true;
  };
  return (req, res) => {
    options.scheduler?.request(res);
    admit(req, res)
      .then((admitted) => {
        if (admitted) boltListener(req, res);
      })
      .catch((err: unknown) => {
        log.error({ err }, "Slack request failed");
        refuse(res, 500, "internal", "internal error");
      });
  };
}

/** Answers with the API's JSON error shape; false, so `admit` can `return refuse(...)`. */
function refuse(
  res: ServerResponse,
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): false {
  if (!res.headersSent) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify({ error, message }));
  }
  return false;
}
