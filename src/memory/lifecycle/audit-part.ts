import type { AuditAction, AuditActor, AuditLog, PinStore } from "../../core/audit.js";
import type { MemorySource, Owner } from "../../core/types.js";
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
 * The lifecycle's audit and pins: every save, forget and expiry it performs is appended as an event
 * (ids, never text). The action has happened when this runs, so a failed append is logged, not thrown.
 */
export class AuditPart {
  constructor(
    private readonly options: {
      audit?: AuditLog | undefined;
      pins?: PinStore | undefined;
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

  /** Forgotten memories keep no pin (a failure is logged: a stale pin names nothing). */
  async dropPins(owner: Owner, ids: readonly string[]): Promise<void> {
    await this.options.pins
      ?.unpin(owner, ids)
      .catch((err: unknown) =>
        this.options.logger.warn({ err }, "could not drop the pins of forgotten memories"),
      );
  }
}
