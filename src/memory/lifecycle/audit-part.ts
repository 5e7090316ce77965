import type {
  AuditAction,
  AuditActor,
  AuditLog,
  PinStore,
  RecallTally,
  RecallUse,
} from "../../core/audit.js";
import type { Memory, MemorySource, Owner } from "../../core/types.js";
import type { Logger } from "../../logging/logger.js";

/** Who saves when the caller names no actor: by the memory's source. */
export function actorOfSource(source: MemorySource | undefined): AuditActor {
  switch (source) {
    case "autosave":
      return "autosave";
    case "admin":
      return "admin-token";
    case "import":
      return "cli";
    default:
      return "user";
  }
}

/**
 * The lifecycle's audit, pins and recall tally: every save, forget and expiry it performs is appended
 * as an event (ids, never text); each memory recalled for its owner's turn is counted. The action has
 * happened when these run, so a failed write is logged, not thrown.
 */
export class AuditPart {
  constructor(
    private readonly options: {
      audit?: AuditLog | undefined;
      pins?: PinStore | undefined;
      recalls?: RecallTally | undefined;
      logger: Logger;
      now: () => number;
    },
  ) {}

  async record(actor: AuditActor, action: AuditAction, owner: Owner, ids: readonly string[]): Promise<void> {
    const audit = this.options.audit;
    if (!audit) return;
    await audit
      .append([
        {
          at: this.options.now(),
          actor,
          action,
          ids: [...ids],
          owner: { teamId: owner.teamId, userId: owner.userId },
        },
      ])
      .catch((err: unknown) =>
        this.options.logger.error(
          { err, actor, action, count: ids.length },
          "could not append an audit event",
        ),
      );
  }

  get pins(): PinStore | undefined {
    return this.options.pins;
  }

  /** Which of `ids` the owner pinned (none without a pin store). */
  async pinned(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    return (await this.options.pins?.pinned(owner, ids)) ?? new Set();
  }

  /** Forgotten memories keep no pin and no tally (a failure is logged: a stale mark names nothing). */
  async dropMarks(owner: Owner, ids: readonly string[]): Promise<void> {
    await Promise.all([
      this.options.pins
        ?.unpin(owner, ids)
        .catch((err: unknown) =>
          this.options.logger.warn({ err }, "could not drop the pins of forgotten memories"),
        ),
      this.options.recalls
        ?.drop(owner, ids)
        .catch((err: unknown) =>
          this.options.logger.warn({ err }, "could not drop the tally of forgotten memories"),
        ),
    ]);
  }

  /** Counts one use of each recalled memory (a failure is logged: a count is not worth a turn). */
  async recordUse(owner: Owner, ids: readonly string[]): Promise<void> {
    await this.options.recalls
      ?.record(owner, ids, this.options.now())
      .catch((err: unknown) => this.options.logger.warn({ err }, "could not count recalled memories"));
  }

  /**
   * The owner's most used memories as `get` reads them now (none without a tally): a tallied id that
   * `get` no longer finds (forgotten, or not visible where asked) is passed over.
   */
  async mostUsed(
    owner: Owner,
    limit: number,
    get: (id: string) => Promise<Memory | undefined>,
  ): Promise<Array<Memory & { uses: number }>> {
    const uses: RecallUse[] = (await this.options.recalls?.top(owner, limit * 2)) ?? [];
    const found = await Promise.all(
      uses.map(async (u) => get(u.id).then((m) => m && { ...m, uses: u.count })),
    );
    return found.filter((m) => m !== undefined).slice(0, limit);
  }

  /** Which of `ids` were recalled and used (none without a tally). */
  async used(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    return (await this.options.recalls?.used(owner, ids)) ?? new Set();
  }
}
