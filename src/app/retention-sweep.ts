import type { Logger } from "../logging/logger.js";
import type { MemoryConfig } from "../config/memory-config.js";
import type { Memory } from "../core/types.js";
import type { HistoryService } from "../history/index.js";
import type { MemoryLifecycle } from "../memory/lifecycle/memory-lifecycle.js";
import type { SharedState } from "./shared-state.js";

/** How often the sweep runs (the first run a minute after the start). */
export const RETENTION_SWEEP_EVERY_MS = 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_PAGE = 500;

/** What one sweep did. */
export interface SweepResult {
  /** false: another replica was sweeping, or retention is off. */
  ran: boolean;
  expired: number;
  conversations: number;
}

/**
 * `[memory.retention]`: forgets autosaved memories older than `autosave_days` that nobody confirmed
 * (`extra.confirmed`), pinned, or recalled and used in a turn (the recall tally), through the lifecycle (vectors, BM25, graph facts, history texts; an
 * `expire` audit event by `sweep`), and deletes conversations not updated for `history_days`. One
 * process sweeps at a time (the shared state's `exclusive`: an advisory lock among replicas).
 */
export class RetentionSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepResult> | undefined;

  constructor(
    private readonly options: {
      memory: MemoryLifecycle;
      history: HistoryService;
      state: Pick<SharedState, "exclusive">;
      retention: MemoryConfig["memory"]["retention"];
      logger: Logger;
      now?: () => number;
    },
  ) {}

  get enabled(): boolean {
    const r = this.options.retention;
    return r.autosave_days !== undefined || r.history_days !== undefined;
  }

  /** Starts the timer (nothing when retention is off). */
  start(everyMs = RETENTION_SWEEP_EVERY_MS): void {
    if (!this.enabled || this.timer) return;
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.sweep().finally(() => {
          if (this.timer) tick(everyMs);
        });
      }, delay);
      this.timer.unref();
    };
    tick(Math.min(FIRST_SWEEP_AFTER_MS, everyMs));
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One sweep now (the timer's; tests). A failure is logged, never thrown. */
  sweep(): Promise<SweepResult> {
    this.running ??= this.sweepOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(): Promise<SweepResult> {
    const result: SweepResult = { ran: false, expired: 0, conversations: 0 };
    if (!this.enabled) return result;
    const log = this.options.logger;
    try {
      result.ran = await this.options.state.exclusive("retention-sweep", async () => {
        const now = (this.options.now ?? Date.now)();
        const { autosave_days, history_days } = this.options.retention;
        if (autosave_days !== undefined)
          result.expired = await this.expireAutosaved(now - autosave_days * DAY_MS);
        if (history_days !== undefined)
          result.conversations = await this.options.history.deleteUpdatedBefore(now - history_days * DAY_MS);
      });
      if (result.ran && result.expired + result.conversations > 0)
        log.info({ expired: result.expired, conversations: result.conversations }, "retention sweep");
    } catch (err) {
      log.error({ err }, "retention sweep failed; the next one tries again");
    }
    return result;
  }

  private async expireAutosaved(cutoff: number): Promise<number> {
    const memory = this.options.memory;
    let expired = 0;
    for (const { teamId, userId } of await memory.users()) {
      const owner = { teamId, userId };
      const old: Memory[] = [];
      let cursor: string | undefined;
      do {
        const page = await memory.list(owner, { limit: LIST_PAGE, cursor });
        old.push(...page.items.filter((m) => m.source === "autosave" && m.timestamp < cutoff));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const candidates = old.filter((m) => m.extra?.confirmed !== true);
      if (candidates.length === 0) continue;
      const candidateIds = candidates.map((m) => m.id);
      const [pinned, used] = await Promise.all([
        memory.pinned(owner, candidateIds),
        memory.used(owner, candidateIds),
      ]);
      const ids = candidateIds.filter((id) => !pinned.has(id) && !used.has(id));
      if (ids.length === 0) continue;
      expired += (await memory.deleteIds(owner, ids, { actor: "sweep" })).length;
    }
    return expired;
  }
}
