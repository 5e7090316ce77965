import type { AuditActor } from "./audit.js";
import type { AppErrorCode } from "./errors.js";
import type { MemorySource } from "./types.js";

/**
 * The metrics port: what features, adapters and front ends record, by name, without knowing the
 * metrics library. The composition root (app/compose.ts) hands out the Prometheus implementation
 * (app/prom-metrics.ts); everything else defaults to {@link NO_METRICS}.
 *
 * Every label is a closed set named here (a surface, an outcome, an error code, a memory source): no
 * label ever carries a user's text or a Slack user or channel id, so a scrape reveals nobody.
 */
export interface Metrics {
  /** A Slack turn answered (or failed), with its time from the listener's start to the reply posted. */
  turn(surface: TurnSurfaceName, outcome: TurnOutcome, seconds: number): void;
  /** The time from a Slack request's arrival to its acknowledgement. */
  ack(transport: SlackTransport, seconds: number): void;
  /** One half of a hybrid recall (the vector query with its embedding, or the BM25 search). */
  recallHalf(half: RecallHalf, seconds: number): void;
  /** One request at the model (its queue wait excluded): `ok`, or the error's code. */
  modelRequest(priority: ModelPriority, outcome: "ok" | AppErrorCode, seconds: number): void;
  /** The embedder failed (a text could not be embedded). */
  embeddingError(): void;
  /** A store call failed (`operation`: the port's method name). */
  storeError(store: StoreName, operation: string): void;
  /** Memories a save kept, by their source. */
  memoriesSaved(source: MemorySource, count: number): void;
  /** Memories deleted, by their source and by who deleted them. */
  memoriesForgotten(source: MemorySource, actor: AuditActor, count: number): void;
  /** A change another process made, heard through the change feed this long after it was sent. */
  changeFeedLag(seconds: number): void;
}

/** Where a turn came from: a DM, a mention in a channel, the assistant panel. */
export type TurnSurfaceName = "dm" | "mention" | "assistant";
/** How a turn ended: the reply's mode (agent's `Reply.mode`), or `failed` (an apology was posted). */
export type TurnOutcome = "llm" | "recall-only" | "remembered" | "command" | "failed";
export type SlackTransport = "http" | "socket";
export type RecallHalf = "vector" | "bm25";
export type ModelPriority = "interactive" | "background";
/** The stores whose failures are counted: the vector index, the conversation history. */
export type StoreName = "vectors" | "history";

/** Records nothing: the default wherever no metrics are wired (the CLI, the benchmarks, unit tests). */
export const NO_METRICS: Metrics = {
  turn: () => undefined,
  ack: () => undefined,
  recallHalf: () => undefined,
  modelRequest: () => undefined,
  embeddingError: () => undefined,
  storeError: () => undefined,
  memoriesSaved: () => undefined,
  memoriesForgotten: () => undefined,
  changeFeedLag: () => undefined,
};

/** Seconds since `startedAt` (a `performance.now()` reading). */
export function secondsSince(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}
