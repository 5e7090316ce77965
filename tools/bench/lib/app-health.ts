/** The app's `/healthz` as the benchmarks read it, and waiting for the app to go quiet. */
import type { LlmQueueStats } from "../../../src/llm/queued-llm.js";
import type { FakeSlack } from "../../../fixtures/fake-slack.js";
import { BENCH_ADMIN_TOKEN } from "./load-harness.js";

const POLL_MS = 100;
/** `/healthz` answers within a second by design; more is a failed probe. */
const HEALTH_TIMEOUT_MS = 2_000;

/** What the benchmarks read of `/healthz`. */
export interface HealthSnapshot {
  httpStatus: number;
  status: string;
  /** Memory operations journaled and not yet applied to Chroma and the graph. */
  journalPending: number;
  queue: LlmQueueStats | undefined;
}

/** Reads `/healthz`; undefined when the app does not answer (down, restarting). */
export async function readHealth(url: string): Promise<HealthSnapshot | undefined> {
  try {
    // The details (journal, queue) are shown only with the admin token.
    const res = await fetch(`${url}/healthz`, {
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    const body = (await res.json()) as {
      status?: string;
      journal?: { pending?: number };
      ollama?: { queue?: LlmQueueStats };
    };
    return {
      httpStatus: res.status,
      status: String(body.status),
      journalPending: body.journal?.pending ?? Number.NaN,
      queue: body.ollama?.queue,
    };
  } catch (err) {
    // Down or restarting: the caller polls again. Anything but a network error or timeout is a bug here.
    if (err instanceof TypeError || (err instanceof Error && err.name === "TimeoutError")) return undefined;
    throw err;
  }
}

/** Whether the app is idle: healthy, journal drained, no model request running or waiting. */
export function isIdle(h: HealthSnapshot | undefined): boolean {
  return (
    h !== undefined &&
    h.httpStatus === 200 &&
    h.status === "ok" &&
    h.journalPending === 0 &&
    (h.queue === undefined || (h.queue.running === 0 && h.queue.queued === 0))
  );
}

/**
 * Waits until the app is idle and no reply has reached the fake Slack for `quietMs`. Resolves with
 * whether that happened within `timeoutMs`, how long it took, and the last snapshot.
 */
export async function settle(options: {
  url: () => string;
  slack: FakeSlack;
  quietMs: number;
  timeoutMs: number;
}): Promise<{ settled: boolean; ms: number; last: HealthSnapshot | undefined }> {
  const started = Date.now();
  let last: HealthSnapshot | undefined;
  while (Date.now() - started < options.timeoutMs) {
    last = await readHealth(options.url());
    const lastPost = options.slack.callsTo("chat.postMessage").at(-1)?.time ?? 0;
    if (isIdle(last) && Date.now() - lastPost >= options.quietMs) {
      return { settled: true, ms: Date.now() - started, last };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { settled: false, ms: Date.now() - started, last };
}
