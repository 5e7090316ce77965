import type { Logger } from "../logging/logger.js";
import type { PgDatabase } from "../db/postgres.js";
import {
  DEDUPE_TTL_MS,
  EventDeduper,
  type EventDedupe,
  type Sighting,
  type SightingKind,
} from "../core/event-dedupe.js";

/** Expired ids are deleted at most this often (one DELETE by whichever replica gets there). */
export const DEDUPE_SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Event dedupe shared by several replicas: the first replica to insert an event id into
 * `slack_events` answers it; a retry delivered to another replica within the TTL is dropped.
 *
 * - A repeat on the same replica is caught by its own in-process set first (no round trip).
 * - The owner (this replica's instance id, kept in its DATA_DIR) may take its own id again: an event
 *   acked before a crash is replayed from the replica's inbox after its restart and must not be
 *   dropped as a repeat of itself. A signed request (a slash command or an interaction) is never
 *   replayed from the inbox: no one takes its id again within the TTL, its owner neither.
 * - PostgreSQL unreachable: the event is answered (at least once beats never), said in a warning.
 */
export class PgEventDedupe implements EventDedupe {
  private readonly local: EventDeduper;
  private lastSweep = 0;

  constructor(
    private readonly db: PgDatabase,
    private readonly instanceId: string,
    private readonly logger: Pick<Logger, "warn">,
    private readonly ttlMs = DEDUPE_TTL_MS,
  ) {
    this.local = new EventDeduper(ttlMs);
  }

  async sight(id: string, kind: SightingKind = "event"): Promise<Sighting> {
    if (this.local.sight(id) === "repeat") return "repeat";
    try {
      const { rowCount } = await this.db.run("event dedupe", (client) =>
        client.query(
          `INSERT INTO slack_events (event_id, owner) VALUES ($1, $2)
           ON CONFLICT (event_id) DO UPDATE SET seen_at = now(), owner = EXCLUDED.owner
             WHERE ($4::boolean AND slack_events.owner = EXCLUDED.owner)
                OR slack_events.seen_at < now() - make_interval(secs => $3::double precision)`,
          [id, this.instanceId, this.ttlMs / 1000, kind === "event"],
        ),
      );
      this.sweepSometimes();
      return (rowCount ?? 0) > 0 ? "first" : "taken";
    } catch (err) {
      this.logger.warn({ err, eventId: id }, "shared event dedupe unavailable: answering the event");
      return "first";
    }
  }

  private sweepSometimes(): void {
    const now = Date.now();
    if (now - this.lastSweep < DEDUPE_SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    void this.db
      .run("event dedupe sweep", (client) =>
        client.query(
          "DELETE FROM slack_events WHERE seen_at < now() - make_interval(secs => $1::double precision)",
          [this.ttlMs / 1000],
        ),
      )
      .catch(() => undefined);
  }
}
