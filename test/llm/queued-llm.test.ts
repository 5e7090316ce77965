import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "../../src/core/errors.js";
import type { ChatRequest, ChatResponse, Llm } from "../../src/core/llm.js";
import { LOGGED_WAIT_MS, QueuedLlm, type QueuedLlmOptions } from "../../src/llm/queued-llm.js";

/** A model that answers only when the test lets it: `finish()` completes the oldest request at the model. */
class GatedLlm implements Llm {
  readonly model = "gated";
  /** Ids of the requests in the order they reached the model. */
  readonly arrived: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly gates: Array<() => void> = [];

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const id = request.messages[0]!.content;
    this.arrived.push(id);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise<void>((resolve) => this.gates.push(resolve));
    this.inFlight -= 1;
    return { content: `answer ${id}`, toolCalls: [] };
  }

  finish(): void {
    this.gates.shift()?.();
  }
}

const ask = (id: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: "user", content: id }],
  ...extra,
});

/** Lets pending promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function makeQueue(options: Partial<QueuedLlmOptions> = {}): {
  inner: GatedLlm;
  queue: QueuedLlm;
  logs: () => Array<Record<string, unknown>>;
} {
  const lines: string[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    }),
  );
  const inner = new GatedLlm();
  const queue = new QueuedLlm(inner, {
    maxParallel: 2,
    maxQueue: 10,
    queueTimeoutMs: 60_000,
    logger,
    ...options,
  });
  return { inner, queue, logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    return isAppError(err) ? err.code : "not an AppError";
  }
}

describe("QueuedLlm", () => {
  it("sends at most maxParallel requests at once and the others in order of arrival", async () => {
    const { inner, queue } = makeQueue({ maxParallel: 2 });
    const ids = ["r1", "r2", "r3", "r4", "r5", "r6"];
    const answers = ids.map((id) => queue.chat(ask(id)));
    await settle();
    expect(inner.arrived).toEqual(["r1", "r2"]);
    expect(queue.stats()).toMatchObject({ running: 2, queued: 4, requests: 6 });
    for (let done = 0; done < ids.length; done++) {
      inner.finish();
      await settle();
    }
    expect(await Promise.all(answers)).toEqual(ids.map((id) => ({ content: `answer ${id}`, toolCalls: [] })));
    expect(inner.arrived).toEqual(ids);
    expect(inner.maxInFlight).toBe(2);
    expect(queue.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("fails at once with llm_busy when OLLAMA_MAX_QUEUE requests already wait", async () => {
    const { inner, queue } = makeQueue({ maxParallel: 1, maxQueue: 2 });
    const accepted = ["r1", "r2", "r3"].map((id) => queue.chat(ask(id)));
    const refused = queue.chat(ask("r4"));
    await expect(refused).rejects.toMatchObject({ code: "llm_busy", details: { reason: "queue_full" } });
    expect(queue.stats()).toMatchObject({ running: 1, queued: 2, rejectedFull: 1 });
    for (let done = 0; done < 3; done++) {
      inner.finish();
      await settle();
    }
    await Promise.all(accepted);
    expect(inner.arrived).toEqual(["r1", "r2", "r3"]);
  });

  it("fails with llm_busy when the wait passes LLM_QUEUE_TIMEOUT_MS, and the line moves on", async () => {
    const { inner, queue } = makeQueue({ maxParallel: 1, queueTimeoutMs: 50 });
    const first = queue.chat(ask("r1"));
    const late = queue.chat(ask("r2"));
    expect(await codeOf(late)).toBe("llm_busy");
    expect(queue.stats()).toMatchObject({ running: 1, queued: 0, rejectedTimeout: 1 });
    inner.finish();
    await first;
    const next = queue.chat(ask("r3"));
    await settle();
    inner.finish();
    await next;
    expect(inner.arrived).toEqual(["r1", "r3"]);
  });

  it("takes a request whose caller gives up out of the line without sending it", async () => {
    const { inner, queue } = makeQueue({ maxParallel: 1 });
    const first = queue.chat(ask("r1"));
    const cancelled = new AbortController();
    const gaveUp = queue.chat(ask("r2", { signal: cancelled.signal }));
    const timedOut = queue.chat(ask("r3", { signal: AbortSignal.timeout(20) }));
    cancelled.abort();
    expect(await codeOf(gaveUp)).toBe("llm_unavailable");
    expect(await codeOf(timedOut)).toBe("llm_timeout");
    expect(queue.stats().queued).toBe(0);
    inner.finish();
    await first;
    expect(inner.arrived).toEqual(["r1"]);
    expect(await codeOf(queue.chat(ask("r4", { signal: AbortSignal.abort() })))).toBe("llm_unavailable");
  });

  it("calls onQueued once with the place in line, only for a request that has to wait", async () => {
    const { inner, queue } = makeQueue({ maxParallel: 1 });
    const positions: Array<[string, number]> = [];
    const onQueued = (id: string) => (position: number) => positions.push([id, position]);
    const throwing = () => {
      throw new AppError("internal", "display failed");
    };
    const answers = [
      queue.chat(ask("r1", { onQueued: onQueued("r1") })),
      queue.chat(ask("r2", { onQueued: onQueued("r2") })),
      queue.chat(ask("r3", { onQueued: onQueued("r3") })),
      queue.chat(ask("r4", { onQueued: throwing })),
    ];
    expect(positions).toEqual([
      ["r2", 1],
      ["r3", 2],
    ]);
    await settle();
    for (let done = 0; done < 4; done++) {
      inner.finish();
      await settle();
    }
    await Promise.all(answers);
    expect(positions).toHaveLength(2);
  });

  it("reports waits in stats() and logs a request that waited more than a second", async () => {
    let clock = 0;
    const { inner, queue, logs } = makeQueue({ maxParallel: 1, now: () => clock });
    const first = queue.chat(ask("r1"));
    const second = queue.chat(ask("r2"));
    await settle();
    clock = 400;
    expect(queue.stats().oldestQueuedMs).toBe(400);
    clock = LOGGED_WAIT_MS + 500;
    inner.finish();
    await first;
    await settle();
    expect(queue.stats()).toMatchObject({ maxWaitMs: LOGGED_WAIT_MS + 500, p50WaitMs: 0, running: 1 });
    inner.finish();
    await second;
    expect(logs()).toContainEqual(
      expect.objectContaining({
        msg: "model request waited for a free slot",
        waitedMs: LOGGED_WAIT_MS + 500,
      }),
    );
  });
});
