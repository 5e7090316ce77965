import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import {
  AUDIT_ACTIONS,
  AUDIT_ACTORS,
  decodeAuditCursor,
  encodeAuditCursor,
  type AuditEvent,
  type AuditLog,
  type AuditPage,
  type StoredAuditEvent,
} from "../core/audit.js";
import type { PgDatabase } from "../db/postgres.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../util/private-files.js";

/** The embedded audit file under DATA_DIR. */
export const AUDIT_FILE = "audit.jsonl";

const lineSchema = z.object({
  at: z.number(),
  actor: z.enum(AUDIT_ACTORS),
  action: z.enum(AUDIT_ACTIONS),
  ids: z.array(z.string()),
  owner: z.object({ teamId: z.string(), userId: z.string() }),
});

type PageOptions = Parameters<AuditLog["page"]>[0];

function matches(event: AuditEvent, options: PageOptions): boolean {
  if (options.userId !== undefined && event.owner.userId !== options.userId) return false;
  return options.teamId === undefined || event.owner.teamId === options.teamId;
}

/** Only the fields of an event: a caller's object may carry more, and nothing else is written. */
function fieldsOf(event: AuditEvent): AuditEvent {
  return {
    at: event.at,
    actor: event.actor,
    action: event.action,
    ids: [...event.ids],
    owner: { teamId: event.owner.teamId, userId: event.owner.userId },
  };
}

/**
 * The audit of the embedded mode: `DATA_DIR/audit.jsonl` (0600), one event a line, appended by this
 * process alone (it holds the DATA_DIR lock). An event's sequence number is its line number, so a
 * cursor stays valid while lines are appended. A line torn by a crash is skipped when read, and the
 * next append starts on a line of its own.
 */
export class JsonlAuditLog implements AuditLog {
  readonly path: string;
  private tail: Promise<void> = Promise.resolve();
  private checked = false;

  constructor(dataDir: string) {
    this.path = join(dataDir, AUDIT_FILE);
  }

  append(events: readonly AuditEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    const text = events.map((e) => JSON.stringify(fieldsOf(e))).join("\n") + "\n";
    const write = this.tail.then(async () => {
      await mkdir(dirname(this.path), { recursive: true, mode: PRIVATE_DIR_MODE });
      let prefix = "";
      if (!this.checked) {
        const current = await readFile(this.path, "utf8").catch(() => "");
        if (current !== "" && !current.endsWith("\n")) prefix = "\n";
        this.checked = true;
      }
      await appendFile(this.path, prefix + text, { mode: PRIVATE_FILE_MODE });
    });
    this.tail = write.catch(() => undefined);
    return write;
  }

  async page(options: PageOptions): Promise<AuditPage> {
    await this.tail;
    const before = options.cursor === undefined ? Infinity : decodeAuditCursor(options.cursor);
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { items: [], nextCursor: null };
      throw err;
    }
    const lines = text.split("\n");
    const items: StoredAuditEvent[] = [];
    // Newest first: from the last line back; seq is the 1-based line number.
    for (let i = Math.min(lines.length, before - 1) - 1; i >= 0; i -= 1) {
      const line = lines[i]!;
      if (line.trim() === "") continue;
      let parsed: ReturnType<typeof lineSchema.safeParse>;
      try {
        parsed = lineSchema.safeParse(JSON.parse(line));
      } catch {
        continue;
      }
      if (!parsed.success || !matches(parsed.data, options)) continue;
      if (items.length === options.limit) {
        return { items, nextCursor: encodeAuditCursor(items.at(-1)!.seq) };
      }
      items.push({ ...parsed.data, seq: i + 1 });
    }
    return { items, nextCursor: null };
  }
}

/** The audit of replicas: the `audit_events` table (migration 004). */
export class PgAuditLog implements AuditLog {
  constructor(private readonly db: PgDatabase) {}

  async append(events: readonly AuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map(fieldsOf);
    await this.db.run("audit append", (client) =>
      client.query(
        `INSERT INTO audit_events (at, actor, action, ids, team_id, user_id)
         SELECT to_timestamp(e.at / 1000.0), e.actor, e.action, e.ids, e.team_id, e.user_id
           FROM json_to_recordset($1::json)
             AS e(at double precision, actor text, action text, ids text[], team_id text, user_id text)`,
        [
          JSON.stringify(
            rows.map((e) => ({
              at: e.at,
              actor: e.actor,
              action: e.action,
              ids: e.ids,
              team_id: e.owner.teamId,
              user_id: e.owner.userId,
            })),
          ),
        ],
      ),
    );
  }

  async page(options: PageOptions): Promise<AuditPage> {
    const before = options.cursor === undefined ? null : decodeAuditCursor(options.cursor);
    const { rows } = await this.db.run("audit page", (client) =>
      client.query<{
        seq: string;
        at_ms: number;
        actor: AuditEvent["actor"];
        action: AuditEvent["action"];
        ids: string[];
        team_id: string;
        user_id: string;
      }>(
        `SELECT seq, (extract(epoch from at) * 1000)::double precision AS at_ms, actor, action, ids,
                team_id, user_id
           FROM audit_events
          WHERE ($1::bigint IS NULL OR seq < $1)
            AND ($2::text IS NULL OR user_id = $2)
            AND ($3::text IS NULL OR team_id = $3)
          ORDER BY seq DESC
          LIMIT $4`,
        [before, options.userId ?? null, options.teamId ?? null, options.limit + 1],
      ),
    );
    const items = rows.slice(0, options.limit).map((row) => ({
      seq: Number(row.seq),
      at: Math.round(row.at_ms),
      actor: row.actor,
      action: row.action,
      ids: row.ids,
      owner: { teamId: row.team_id, userId: row.user_id },
    }));
    return {
      items,
      nextCursor: rows.length > options.limit ? encodeAuditCursor(items.at(-1)!.seq) : null,
    };
  }
}
