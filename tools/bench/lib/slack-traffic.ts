/**
 * Delivers signed Slack events to the app the way Slack does, timing each acknowledgement, and
 * retrying an event that was not acked (same event id, `x-slack-retry-num`), as Slack retries.
 */
import http from "node:http";
import { makeEventCallback, signSlackRequest } from "../../../fixtures/slack-events.js";
import { BENCH_SIGNING_SECRET } from "./load-harness.js";
import type { PlannedEvent } from "./load-events.js";

/** Slack gives an app 3 s to acknowledge an event before it counts as failed and is retried. */
export const SLACK_ACK_DEADLINE_MS = 3_000;

/** An event as delivered. */
export interface DeliveredEvent {
  planned: PlannedEvent;
  eventId: string;
  /** Date.now() when the first attempt was sent (end-to-end latency counts from here). */
  sentAt: number;
  /** HTTP 200 on some attempt. */
  acked: boolean;
  /** Request sent → 200 received of the acked attempt, ms. */
  ackMs: number | undefined;
  /** Attempts made (1 + retries). */
  attempts: number;
  /** Why the last failed attempt failed (`status 503`, `fetch failed`, `timeout`). */
  lastError: string | undefined;
}

/** Options of {@link deliver}. */
export interface DeliveryOptions {
  /** Waits before each retry; empty: one attempt only. */
  retryDelaysMs?: readonly number[];
  /** An attempt not answered within this counts as failed (Slack's deadline, when retrying). */
  attemptTimeoutMs?: number;
  /**
   * A new TCP connection per request, closed after it (no keep-alive agent), as Slack opens them:
   * the connection's set-up is part of the ack time, on the app and on the bare server alike.
   */
  cold?: boolean;
}

/** POSTs `body` on a connection of its own; resolves with the status once the status line is read. */
function postCold(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number | undefined,
): Promise<{ status: number; ackMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { ...headers, connection: "close", "content-length": Buffer.byteLength(body) },
        ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
      },
      (res) => {
        const ackMs = performance.now() - started;
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ackMs }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })));
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Sends `planned` to `${url}/slack/events`. Each attempt's ack time runs from just before the request
 * to the response's status line; the body is read afterwards so the connection can be reused.
 */
export async function deliver(
  url: () => string,
  planned: PlannedEvent,
  options: DeliveryOptions = {},
): Promise<DeliveredEvent> {
  const payload = makeEventCallback(planned.event);
  const body = JSON.stringify(payload);
  const delays = options.retryDelaysMs ?? [];
  const result: DeliveredEvent = {
    planned,
    eventId: payload.event_id,
    sentAt: Date.now(),
    acked: false,
    ackMs: undefined,
    attempts: 0,
    lastError: undefined,
  };
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, delays[attempt - 1]));
    result.attempts += 1;
    const started = performance.now();
    try {
      if (options.cold) {
        const headers = {
          ...signSlackRequest(body, BENCH_SIGNING_SECRET),
          ...(attempt > 0
            ? { "x-slack-retry-num": String(attempt), "x-slack-retry-reason": "http_error" }
            : {}),
        };
        const res = await postCold(`${url()}/slack/events`, body, headers, options.attemptTimeoutMs);
        if (res.status === 200) {
          result.acked = true;
          result.ackMs = res.ackMs;
          return result;
        }
        result.lastError = `status ${res.status}`;
        continue;
      }
      // Signed at each attempt: a retry minutes later must carry a fresh timestamp, as Slack's do.
      const res = await fetch(`${url()}/slack/events`, {
        method: "POST",
        headers: {
          ...signSlackRequest(body, BENCH_SIGNING_SECRET),
          ...(attempt > 0
            ? { "x-slack-retry-num": String(attempt), "x-slack-retry-reason": "http_error" }
            : {}),
        },
        body,
        ...(options.attemptTimeoutMs !== undefined
          ? { signal: AbortSignal.timeout(options.attemptTimeoutMs) }
          : {}),
      });
      const ackMs = performance.now() - started;
      await res.arrayBuffer();
      if (res.status === 200) {
        result.acked = true;
        result.ackMs = ackMs;
        return result;
      }
      result.lastError = `status ${res.status}`;
    } catch (err) {
      result.lastError = err instanceof Error && err.name === "TimeoutError" ? "timeout" : "fetch failed";
    }
  }
  return result;
}
