import type { Logger } from "../../logging/logger.js";
import type { Memory, MemoryScope } from "../../core/types.js";
import { KeyedMutex } from "../../util/keyed-mutex.js";
import { backoffDelay } from "../../util/retry.js";
import type { MemoryJournal, MemoryOperation } from "./memory-journal.js";
import type { StoreWriter } from "./store-writer.js";

/** Default backoff of the background applier: 1 s, doubling to 30 s. */
export const DEFAULT_APPLY_RETRY = { minMs: 1000, maxMs: 30_000 } as const;

/**
 * Applies the store part (Chroma) of journaled operations: at once when it can, else in the
 * background with backoff, always in journal order per user (one write at a time per user), replacing
 * by id so a write that timed out but landed is not duplicated. Keeps the saved memories Chroma does
 * not have yet, so they can be read and deleted meanwhile.
 */
export class StoreApplier {
  /** Saved memories not in Chroma yet, by id. */
  private readonly pending = new Map<string, Memory>();
  private readonly userLock = new KeyedMutex();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly options: {
      writer: StoreWriter;
      journal: MemoryJournal;
      logger: Logger;
      retry: { minMs: number; maxMs: number };
    },
  ) {}

  /** A saved memory Chroma does not have yet. */
  unstored(id: string): Memory | undefined {
    return this.pending.get(id);
  }

  /** Notes what an operation does to the memories not in Chroma yet (when journaled, or replayed). */
  track(operation: MemoryOperation): void {
    const { scope } = operation;
    if (operation.op === "save") for (const memory of operation.memories) this.pending.set(memory.id, memory);
    else if (operation.op === "delete") for (const id of operation.ids) this.pending.delete(id);
    else {
      for (const [id, memory] of this.pending) {
        if (memory.teamId === scope.teamId && memory.userId === scope.userId) this.pending.delete(id);
      }
    }
  }

  /**
   * Applies an operation's store part now, unless an earlier one of the same user is still waiting
   * (then the background run keeps the order). True when Chroma has it.
   */
  async applyNow(operation: MemoryOperation, fresh: ReadonlySet<string>): Promise<boolean> {
    const { journal, logger } = this.options;
    const key = userKey(operation.scope);
    const earlier = journal.pendingOperations.some(
      (p) => p.operation.seq < operation.seq && p.parts.has("store") && userKey(p.operation.scope) === key,
    );
    if (earlier) {
      this.kick(0);
      return false;
    }
    try {
      await this.applyOne(operation, fresh);
      return true;
    } catch (err) {
      logger.warn(
        { err, seq: operation.seq, op: operation.op },
        "memory store write failed; kept in the journal and retried",
      );
      this.kick(backoffDelay(this.options.retry, 1));
      return false;
    }
  }

  /** Starts a background run after `delayMs` (replacing one already scheduled). */
  kick(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running ??= this.run().finally(() => (this.running = undefined));
    }, delayMs);
    this.timer.unref();
  }

  /** Stops background runs; what is not applied stays in the journal for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Applies every pending store part in journal order; on a failure, backs off and tries again later. */
  private async run(): Promise<void> {
    const { journal, logger, retry } = this.options;
    for (const { operation, parts } of journal.pendingOperations) {
      if (this.stopped) return;
      if (!parts.has("store")) continue;
      try {
        // A retried write may have landed before it timed out: replace rather than add.
        await this.applyOne(operation, new Set());
        this.failures = 0;
      } catch (err) {
        this.failures += 1;
        const retryInMs = backoffDelay(retry, this.failures);
        const pending = journal.pendingOperations.length;
        logger.warn(
          { err, seq: operation.seq, op: operation.op, pending, retryInMs },
          "journal applier: store still failing",
        );
        this.kick(retryInMs);
        return;
      }
    }
    if (journal.pendingOperations.some((p) => p.parts.has("store"))) this.kick(0);
  }

  /**
   * One operation's store part, under its user's lock, marked done in the journal. The operation is
   * read from the journal again under the lock: a delete since may have taken memories out of a save.
   */
  private async applyOne(queued: MemoryOperation, fresh: ReadonlySet<string>): Promise<void> {
    const { journal, writer } = this.options;
    await this.userLock.run(userKey(queued.scope), async () => {
      const operation = journal.current(queued.seq);
      if (!operation || !journal.isPending(operation.seq, "store")) return;
      await writer.apply(operation, fresh);
      if (operation.op === "save") for (const memory of operation.memories) this.pending.delete(memory.id);
      await journal.done(operation.seq, "store");
    });
  }
}

function userKey(scope: Pick<MemoryScope, "teamId" | "userId">): string {
  return `${scope.teamId}\u0000${scope.userId}`;
}
