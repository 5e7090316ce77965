import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AuditActor } from "../core/audit.js";
import type { AppErrorCode } from "../core/errors.js";
import type {
  Metrics,
  ModelPriority,
  RecallHalf,
  SlackTransport,
  StoreName,
  TurnOutcome,
  TurnSurfaceName,
} from "../core/metrics.js";
import type { MemorySource } from "../core/types.js";

/** Every metric of the assistant's own is named with this prefix (Node's defaults keep theirs). */
export const METRIC_PREFIX = "assistant_";

/** Histogram buckets, in seconds, by what they time. */
const ACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 3, 5];
const TURN_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];
const RECALL_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const MODEL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * What the metrics read at scrape time rather than being told: the model queue, the journal, the
 * BM25 cache. Each is a function of the part that owns the number (none when the part is absent).
 */
export interface MetricSources {
  llmQueue?:
    | (() => {
        running: number;
        queued: number;
        backgroundQueued: number;
        rejectedFull: number;
        rejectedTimeout: number;
      })
    | undefined;
  journalPending?: (() => number) | undefined;
  bm25Cache?: (() => { users: number; bytes: number; evictions: number }) | undefined;
}

/** The text a scrape answers with, and its content type (Prometheus' text format). */
export interface Exposition {
  contentType: string;
  body: string;
}

/**
 * The {@link Metrics} port on prom-client, in a registry of its own (not prom-client's global one),
 * so several apps in one process (tests) never collide; Node's default process metrics are
 * collected into it too. {@link scrape} renders it for `GET /metrics`.
 */
export class PromMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly turns: Counter<"surface" | "outcome">;
  private readonly turnSeconds: Histogram<"surface">;
  private readonly ackSeconds: Histogram<"transport">;
  private readonly recallSeconds: Histogram<"half">;
  private readonly modelSeconds: Histogram<"priority" | "outcome">;
  private readonly embeddingErrors: Counter;
  private readonly storeErrors: Counter<"store" | "operation">;
  private readonly saved: Counter<"source">;
  private readonly forgotten: Counter<"source" | "actor">;
  private readonly lagSeconds: Histogram;

  constructor() {
    const registers = [this.registry];
    const name = (n: string) => `${METRIC_PREFIX}${n}`;
    collectDefaultMetrics({ register: this.registry });
    this.turns = new Counter({
      name: name("turns_total"),
      help: "Slack turns answered, by surface (dm, mention, assistant) and outcome (the reply's mode, or failed)",
      labelNames: ["surface", "outcome"],
      registers,
    });
    this.turnSeconds = new Histogram({
      name: name("turn_seconds"),
      help: "End-to-end time of a Slack turn: from its listener's start, right after the ack, to the reply posted",
      labelNames: ["surface"],
      buckets: TURN_BUCKETS,
      registers,
    });
    this.ackSeconds = new Histogram({
      name: name("slack_ack_seconds"),
      help: "Time from a Slack request's arrival to its acknowledgement, by transport (http, socket)",
      labelNames: ["transport"],
      buckets: ACK_BUCKETS,
      registers,
    });
    this.recallSeconds = new Histogram({
      name: name("recall_seconds"),
      help: "Time of one half of a hybrid recall: vector (embedding and vector query) or bm25",
      labelNames: ["half"],
      buckets: RECALL_BUCKETS,
      registers,
    });
    this.modelSeconds = new Histogram({
      name: name("model_request_seconds"),
      help: "Time of one request at the model, its queue wait excluded, by priority and outcome (ok or the error code)",
      labelNames: ["priority", "outcome"],
      buckets: MODEL_BUCKETS,
      registers,
    });
    this.embeddingErrors = new Counter({
      name: name("embedding_errors_total"),
      help: "Embedder calls that failed",
      registers,
    });
    this.storeErrors = new Counter({
      name: name("store_errors_total"),
      help: "Store calls that failed, by store (vectors, history) and operation",
      labelNames: ["store", "operation"],
      registers,
    });
    this.saved = new Counter({
      name: name("memories_saved_total"),
      help: "Memories kept, by source (slack, autosave, admin, import)",
      labelNames: ["source"],
      registers,
    });
    this.forgotten = new Counter({
      name: name("memories_forgotten_total"),
      help: "Memories deleted, by source and by who deleted them (actor)",
      labelNames: ["source", "actor"],
      registers,
    });
    this.lagSeconds = new Histogram({
      name: name("change_feed_lag_seconds"),
      help: "Time from another process publishing a memory change to this one hearing it",
      buckets: LAG_BUCKETS,
      registers,
    });
  }

  turn(surface: TurnSurfaceName, outcome: TurnOutcome, seconds: number): void {
    this.turns.inc({ surface, outcome });
    this.turnSeconds.observe({ surface }, seconds);
  }

  ack(transport: SlackTransport, seconds: number): void {
    this.ackSeconds.observe({ transport }, seconds);
  }

  recallHalf(half: RecallHalf, seconds: number): void {
    this.recallSeconds.observe({ half }, seconds);
  }

  modelRequest(priority: ModelPriority, outcome: "ok" | AppErrorCode, seconds: number): void {
    this.modelSeconds.observe({ priority, outcome }, seconds);
  }

  embeddingError(): void {
    this.embeddingErrors.inc();
  }

  storeError(store: StoreName, operation: string): void {
    this.storeErrors.inc({ store, operation });
  }

  memoriesSaved(source: MemorySource, count: number): void {
    if (count > 0) this.saved.inc({ source }, count);
  }

  memoriesForgotten(source: MemorySource, actor: AuditActor, count: number): void {
    if (count > 0) this.forgotten.inc({ source, actor }, count);
  }

  changeFeedLag(seconds: number): void {
    this.lagSeconds.observe(Math.max(0, seconds));
  }

  /**
   * Registers the numbers read at scrape time. Counters among them (refusals, evictions) are
   * monotonic counts kept by their owner since the start; the scrape copies them.
   */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    const name = (n: string) => `${METRIC_PREFIX}${n}`;
    const { llmQueue, journalPending, bm25Cache } = sources;
    if (llmQueue) {
      new Gauge({
        name: name("llm_queue_depth"),
        help: "Model requests waiting for a slot, by lane (interactive: a user's turn; background)",
        labelNames: ["lane"],
        registers,
        collect() {
          const stats = llmQueue();
          this.set({ lane: "interactive" }, stats.queued);
          this.set({ lane: "background" }, stats.backgroundQueued);
        },
      });
      new Gauge({
        name: name("llm_running"),
        help: "Model requests at the model now",
        registers,
        collect() {
          this.set(llmQueue().running);
        },
      });
      new Counter({
        name: name("llm_refusals_total"),
        help: "Model requests refused as busy, by reason (queue_full, queue_timeout)",
        labelNames: ["reason"],
        registers,
        collect() {
          const stats = llmQueue();
          this.reset();
          this.inc({ reason: "queue_full" }, stats.rejectedFull);
          this.inc({ reason: "queue_timeout" }, stats.rejectedTimeout);
        },
      });
    }
    if (journalPending) {
      new Gauge({
        name: name("journal_pending"),
        help: "Memory operations journaled but not yet applied everywhere",
        registers,
        collect() {
          this.set(journalPending());
        },
      });
    }
    if (bm25Cache) {
      new Gauge({
        name: name("bm25_cache_users"),
        help: "Users whose BM25 index this process holds",
        registers,
        collect() {
          this.set(bm25Cache().users);
        },
      });
      new Gauge({
        name: name("bm25_cache_bytes"),
        help: "Estimated bytes of the BM25 indexes this process holds (bounded by BM25_CACHE_MB)",
        registers,
        collect() {
          this.set(bm25Cache().bytes);
        },
      });
      new Counter({
        name: name("bm25_cache_evictions_total"),
        help: "BM25 indexes dropped to make room (least recently used first)",
        registers,
        collect() {
          this.reset();
          this.inc(bm25Cache().evictions);
        },
      });
    }
  }

  /** The registry in Prometheus' text format. */
  async scrape(): Promise<Exposition> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
