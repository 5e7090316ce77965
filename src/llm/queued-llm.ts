import type { Logger } from "../logging/logger.js";
import { AppError } from "../core/errors.js";
import type { ChatRequest, ChatResponse, Llm } from "../core/llm.js";

export interface QueuedLlmOptions {
  /** Requests sent to the model at once (OLLAMA_MAX_PARALLEL); match the server's OLLAMA_NUM_PARALLEL. */
  maxParallel: number;
  /** Requests that may wait for a free slot (OLLAMA_MAX_QUEUE); one more fails at once with `llm_busy`. */
  maxQueue: number;
  /** Longest wait for a slot (LLM_QUEUE_TIMEOUT_MS); past it the request fails with `llm_busy`. */
  queueTimeoutMs: number;
  logger: Logger;
  now?: () => number;
}

/** The queue's state, for health reports. Waits are of the last {@link RECENT_WAITS} requests sent. */
export interface LlmQueueStats {
  maxParallel: number;
  maxQueue: number;
  /** Requests at the model now. */
  running: number;
  /** Requests waiting for a slot now. */
  queued: number;
  /** How long the request first in line has waited so far, ms (0 when none waits). */
  oldestQueuedMs: number;
  /** Interactive requests (a user's turn) received since start. */
  requests: number;
  /** Background requests (fact extraction, topics, summaries) received since start. */
  backgroundRequests: number;
  /** Background requests waiting now (they yield to interactive ones). */
  backgroundQueued: number;
  /** Requests refused since start: the queue was full, or the wait ran past LLM_QUEUE_TIMEOUT_MS. */
  rejectedFull: number;
  rejectedTimeout: number;
  /** Median and longest wait for a slot among the recent requests, ms. */
  p50WaitMs: number;
  maxWaitMs: number;
}

/** Waits remembered for {@link LlmQueueStats}. */
export const RECENT_WAITS = 100;
/** A request that waited longer than this for a slot is logged. */
export const LOGGED_WAIT_MS = 1_000;

interface Waiter {
  queuedAt: number;
  /** Hands the waiter a slot. */
  start: () => void;
}

/**
 * Backpressure in front of a model: at most `maxParallel` requests at the model, the rest wait in
 * first-in-first-out order, at most `maxQueue` of them and each at most `queueTimeoutMs`; beyond either
 * bound `chat` fails with AppError `llm_busy` (details.reason `queue_full` or `queue_timeout`).
 * Requests marked `priority: "background"` (fact extraction, topics, summaries: nobody waits for them)
 * wait in a lane of their own: a free slot goes to a user's turn first, and they never count against
 * `maxQueue`, so background work cannot make a user's message "busy". The
 * model's own timeout (OllamaLlm's LLM_TIMEOUT_MS) starts when a request leaves the queue, because the
 * request only reaches the model then. A request whose `signal` aborts while it waits leaves the line.
 *
 * Without it, 50 concurrent turns against a model serving 4 at a time all went to Ollama at once and
 * 20 of them ran past LLM_TIMEOUT_MS while Ollama held them in its own queue.
 */
export class QueuedLlm implements Llm {
  readonly model: string;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly waiting: Waiter[] = [];
  private readonly background: Waiter[] = [];
  private readonly recentWaits: number[] = [];
  private running = 0;
  private requests = 0;
  private backgroundRequests = 0;
  private rejectedFull = 0;
  private rejectedTimeout = 0;

  constructor(
    private readonly inner: Llm,
    private readonly options: QueuedLlmOptions,
  ) {
    this.model = inner.model;
    this.log = options.logger.child({ component: "llm-queue" });
    this.now = options.now ?? Date.now;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    if (request.priority === "background") this.backgroundRequests += 1;
    else this.requests += 1;
    await this.acquire(request);
    try {
      return await this.inner.chat(request);
    } finally {
      this.release();
    }
  }

  stats(): LlmQueueStats {
    const waits = [...this.recentWaits].sort((a, b) => a - b);
    const first = this.waiting[0];
    return {
      maxParallel: this.options.maxParallel,
      maxQueue: this.options.maxQueue,
      running: this.running,
      queued: this.waiting.length,
      oldestQueuedMs: first ? this.now() - first.queuedAt : 0,
      requests: this.requests,
      backgroundRequests: this.backgroundRequests,
      backgroundQueued: this.background.length,
      rejectedFull: this.rejectedFull,
      rejectedTimeout: this.rejectedTimeout,
      p50WaitMs: waits.length ? waits[Math.floor((waits.length - 1) / 2)]! : 0,
      maxWaitMs: waits.length ? waits[waits.length - 1]! : 0,
    };
  }

  /** Resolves once the request holds a slot; a slot is taken at once only when nobody is waiting. */
  private acquire(request: ChatRequest): Promise<void> {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(abortedError(signal));
    const isBackground = request.priority === "background";
    const lane = isBackground ? this.background : this.waiting;
    const nobodyAhead = this.waiting.length === 0 && (!isBackground || this.background.length === 0);
    if (this.running < this.options.maxParallel && nobodyAhead) {
      this.running += 1;
      this.recordWait(0);
      return Promise.resolve();
    }
    if (!isBackground && this.waiting.length >= this.options.maxQueue) {
      this.rejectedFull += 1;
      return Promise.reject(
        new AppError("llm_busy", `the model queue is full (${this.options.maxQueue} requests wait)`, {
          details: { reason: "queue_full", running: this.running, queued: this.waiting.length },
        }),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const at = lane.indexOf(waiter);
        if (at >= 0) lane.splice(at, 1);
      };
      const onAbort = (): void => {
        leave();
        reject(abortedError(signal!));
      };
      const waiter: Waiter = {
        queuedAt: this.now(),
        start: () => {
          leave();
          const waitedMs = this.now() - waiter.queuedAt;
          this.recordWait(waitedMs);
          if (waitedMs > LOGGED_WAIT_MS) {
            this.log.info(
              { waitedMs, running: this.running, queued: this.waiting.length },
              "model request waited for a free slot",
            );
          }
          resolve();
        },
      };
      const timer = setTimeout(() => {
        leave();
        this.rejectedTimeout += 1;
        reject(
          new AppError("llm_busy", `no model slot within ${this.options.queueTimeoutMs} ms`, {
            details: { reason: "queue_timeout", running: this.running, queued: this.waiting.length },
          }),
        );
      }, this.options.queueTimeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      lane.push(waiter);
      this.notifyQueued(request, lane.length);
    });
  }

  /** Passes the slot to the first waiting turn, else the first background request, or frees it. */
  private release(): void {
    const next = this.waiting[0] ?? this.background[0];
    if (next) next.start();
    else this.running -= 1;
  }

  private recordWait(ms: number): void {
    this.recentWaits.push(ms);
    if (this.recentWaits.length > RECENT_WAITS) this.recentWaits.shift();
  }

  private notifyQueued(request: ChatRequest, position: number): void {
    try {
      request.onQueued?.(position);
    } catch (err) {
      // A display callback (e.g. "⏳ 대기 중") must not cost the request its place.
      this.log.warn({ err }, "onQueued callback failed");
    }
  }
}

/** The error of a request whose caller gave up while it waited: timeout or cancellation. */
function abortedError(signal: AbortSignal): AppError {
  const reason: unknown = signal.reason;
  const timedOut = (reason as { name?: string } | undefined)?.name === "TimeoutError";
  return new AppError(
    timedOut ? "llm_timeout" : "llm_unavailable",
    "the request was aborted while it waited for the model",
    { cause: reason },
  );
}
