import { randomUUID } from "node:crypto";
import { AppError } from "../core/errors.js";
import type { Logger } from "../logging/logger.js";
import type { PgDatabase } from "../db/postgres.js";
import type { JournalStorage } from "../util/journal.js";

/**
 * How long a replica's hold on its journal stream lasts without a renewal, by default (config
 * JOURNAL_LEASE_MS): a replica killed without a stop has its stream taken over (and replayed) by a
 * replica starting this long after its last renewal.
 */
export const JOURNAL_LEASE_MS = 30_000;
/** Renewals per lease: one missed renewal (a slow database) does not lose the stream. */
const RENEWALS_PER_LEASE = 3;

/** Which journal of a stream a line belongs to. */
export type JournalName = "memory" | "inbox";

/** What a replica held last, kept in its DATA_DIR: a restart on the same disk takes it back at once. */
export interface HeldStream {
  stream: string;
  owner: string;
}

/**
 * A replica's hold on one journal stream (its memory journal and turn inbox) in PostgreSQL. At start
 * the replica takes, in this order: the stream it held before (named in its DATA_DIR, when that is
 * still its own or has expired), else a stream whose lease ran out (a replica that was killed or
 * stopped: its unfinished work is replayed here), else a new one. Taking a stream is one UPDATE on a
 * row chosen with `FOR UPDATE SKIP LOCKED`, so replicas starting together never take the same one.
 * The lease is renewed in the background; every write is fenced by the owner token, so a replica
 * that lost its stream (paused past its lease) fails its writes instead of interleaving them.
 */
export class PgJournalLease {
  private timer: NodeJS.Timeout | undefined;
  private lost = false;

  private constructor(
    private readonly db: PgDatabase,
    readonly stream: string,
    readonly owner: string,
    readonly adopted: boolean,
    private readonly leaseMs: number,
    private readonly logger: Pick<Logger, "warn" | "error" | "info">,
  ) {}

  /** Takes a stream (see the class comment) and starts renewing its lease. */
  static async acquire(
    db: PgDatabase,
    options: {
      previous?: HeldStream | undefined;
      leaseMs?: number;
      logger: Pick<Logger, "warn" | "error" | "info">;
    },
  ): Promise<PgJournalLease> {
    const leaseMs = options.leaseMs ?? JOURNAL_LEASE_MS;
    const owner = randomUUID();
    const lease: [string, number] = [owner, leaseMs / 1000];
    const taken = await db.transaction("journal lease", async (client) => {
      const previous = options.previous;
      if (previous) {
        const { rowCount } = await client.query(
          `UPDATE journal_streams SET owner = $1, lease_until = now() + make_interval(secs => $2)
            WHERE stream = $3 AND (owner = $4 OR lease_until < now())`,
          [...lease, previous.stream, previous.owner],
        );
        if (rowCount) return { stream: previous.stream, adopted: false };
      }
      const { rows } = await client.query<{ stream: string }>(
        `UPDATE journal_streams SET owner = $1, lease_until = now() + make_interval(secs => $2)
          WHERE stream = (SELECT stream FROM journal_streams WHERE lease_until < now()
                          ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING stream`,
        lease,
      );
      if (rows[0]) return { stream: rows[0].stream, adopted: true };
      const stream = randomUUID();
      await client.query(
        `INSERT INTO journal_streams (stream, owner, lease_until)
         VALUES ($3, $1, now() + make_interval(secs => $2))`,
        [...lease, stream],
      );
      return { stream, adopted: false };
    });
    const held = new PgJournalLease(db, taken.stream, owner, taken.adopted, leaseMs, options.logger);
    held.timer = setInterval(() => void held.renew(), leaseMs / RENEWALS_PER_LEASE);
    held.timer.unref();
    return held;
  }

  /** The storage of one journal of this stream. */
  storage(journal: JournalName): JournalStorage {
    return new PgJournalStorage(this.db, this.stream, this.owner, journal);
  }

  /** Extends the lease; a lease found taken is reported once (writes fail from then on). */
  async renew(): Promise<void> {
    try {
      const { rowCount } = await this.db.run("journal lease renewal", (client) =>
        client.query(
          `UPDATE journal_streams SET lease_until = now() + make_interval(secs => $3)
            WHERE stream = $1 AND owner = $2`,
          [this.stream, this.owner, this.leaseMs / 1000],
        ),
      );
      if (!rowCount && !this.lost) {
        this.lost = true;
        this.logger.error(
          { stream: this.stream },
          "journal stream taken by another replica: writes now fail",
        );
      }
    } catch (err) {
      this.logger.warn({ err, stream: this.stream }, "could not renew the journal lease");
    }
  }

  /**
   * Stops renewing and lets the lease run out now: a replica started next takes the stream over at
   * once (and finishes what was left in it).
   */
  async release(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.db
      .run("journal lease release", (client) =>
        client.query(
          "UPDATE journal_streams SET lease_until = now() - interval '1 second' WHERE stream = $1 AND owner = $2",
          [this.stream, this.owner],
        ),
      )
      .catch((err: unknown) => this.logger.warn({ err }, "could not release the journal lease"));
  }
}

/**
 * One journal of a stream as rows of `journal_lines`. An append is one INSERT of the whole
 * group-committed batch (committed, hence durable, when it resolves); a rewrite is a DELETE and an
 * INSERT in one transaction. Both check the owner token in the same statement or transaction.
 */
export class PgJournalStorage implements JournalStorage {
  readonly onDisk = false;
  readonly location: string;

  constructor(
    private readonly db: PgDatabase,
    private readonly stream: string,
    private readonly owner: string,
    private readonly journal: JournalName,
  ) {
    this.location = `${db.location} journal ${journal} of stream ${stream}`;
  }

  async readText(): Promise<string> {
    const { rows } = await this.db.run(`journal ${this.journal} read`, (client) =>
      client.query<{ entry: string }>(
        `SELECT entry::text AS entry FROM journal_lines WHERE stream = $1 AND journal = $2
          ORDER BY batch, ord`,
        [this.stream, this.journal],
      ),
    );
    return rows.map((r) => `${r.entry}\n`).join("");
  }

  async append(text: string): Promise<void> {
    const entries = linesOf(text);
    if (entries.length === 0) return;
    const { rows } = await this.db.run(`journal ${this.journal} append`, (client) =>
      client.query<{ held: boolean; written: string }>(
        `WITH held AS (SELECT 1 FROM journal_streams WHERE stream = $1 AND owner = $2 FOR SHARE),
              written AS (
                INSERT INTO journal_lines (stream, journal, batch, ord, entry)
                SELECT $1, $3, b.id, e.ord, e.value
                  FROM (SELECT nextval('journal_batch_seq') AS id) b,
                       jsonb_array_elements($4::jsonb) WITH ORDINALITY AS e(value, ord)
                 WHERE EXISTS (SELECT 1 FROM held)
                RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM held) AS held, (SELECT count(*) FROM written) AS written`,
        [this.stream, this.owner, this.journal, `[${entries.join(",")}]`],
      ),
    );
    if (!rows[0]?.held) throw this.lostLease();
  }

  async replace(text: string): Promise<void> {
    const entries = linesOf(text);
    await this.db.transaction(`journal ${this.journal} rewrite`, async (client) => {
      const held = await client.query(
        "SELECT 1 FROM journal_streams WHERE stream = $1 AND owner = $2 FOR UPDATE",
        [this.stream, this.owner],
      );
      if (!held.rowCount) throw this.lostLease();
      await client.query("DELETE FROM journal_lines WHERE stream = $1 AND journal = $2", [
        this.stream,
        this.journal,
      ]);
      if (entries.length === 0) return;
      await client.query(
        `INSERT INTO journal_lines (stream, journal, batch, ord, entry)
         SELECT $1, $2, b.id, e.ord, e.value
           FROM (SELECT nextval('journal_batch_seq') AS id) b,
                jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ord)`,
        [this.stream, this.journal, `[${entries.join(",")}]`],
      );
    });
  }

  async close(): Promise<void> {
    // The pool belongs to the shared state, which closes it.
  }

  private lostLease(): AppError {
    return new AppError("journal_failed", `the journal stream ${this.stream} is held by another replica`);
  }
}

/** The JSON texts of a JSON Lines text (each line is one entry, already serialised). */
function linesOf(text: string): string[] {
  return text.split("\n").filter((line) => line !== "");
}
