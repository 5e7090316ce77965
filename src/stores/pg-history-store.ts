import { AppError } from "../core/errors.js";
import type { PgDatabase } from "../db/postgres.js";
import { checkUpdatedRecord, conversationRecordSchema } from "../core/history-record-schema.js";
import type { ConversationRecord, HistoryStore } from "../core/history-types.js";

/**
 * Conversation records in PostgreSQL (table `conversations`, src/db/migrations/), shared by every
 * replica: a conversation that alternates between replicas keeps one history and one rolling summary.
 *
 * `update` is a read-modify-write under a transaction-scoped advisory lock on the conversation id, so
 * two replicas appending to one conversation at the same moment both land (the second reads what the
 * first wrote) — the row lock of a conversation that does not exist yet would not serialise them.
 */
export class PgHistoryStore implements HistoryStore {
  constructor(private readonly db: PgDatabase) {}

  async get(id: string): Promise<ConversationRecord | undefined> {
    const { rows } = await this.db.run("history read", (client) =>
      client.query<{ record: unknown }>("SELECT record FROM conversations WHERE id = $1", [id]),
    );
    return rows[0] === undefined ? undefined : parseRecord(id, rows[0].record);
  }

  async update(
    id: string,
    mutate: (current: ConversationRecord | undefined) => ConversationRecord | undefined,
  ): Promise<ConversationRecord | undefined> {
    return this.db.transaction("history update", async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`conversation:${id}`]);
      const { rows } = await client.query<{ record: unknown }>(
        "SELECT record FROM conversations WHERE id = $1",
        [id],
      );
      const current = rows[0] === undefined ? undefined : parseRecord(id, rows[0].record);
      const next = mutate(current);
      if (next === undefined) return current;
      checkUpdatedRecord(id, next);
      await client.query(
        `INSERT INTO conversations (id, user_ids, record, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (id) DO UPDATE SET user_ids = EXCLUDED.user_ids, record = EXCLUDED.record, updated_at = now()`,
        [id, next.userIds, JSON.stringify(next)],
      );
      return next;
    });
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.db.transaction("history delete", async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`conversation:${id}`]);
      return client.query("DELETE FROM conversations WHERE id = $1", [id]);
    });
    return (rowCount ?? 0) > 0;
  }

  async listByUser(userId: string): Promise<ConversationRecord[]> {
    const { rows } = await this.db.run("history list", (client) =>
      client.query<{ id: string; record: unknown }>(
        "SELECT id, record FROM conversations WHERE user_ids @> ARRAY[$1]::text[]",
        [userId],
      ),
    );
    return rows.map((row) => parseRecord(row.id, row.record));
  }

  async idsUpdatedBefore(cutoff: number): Promise<string[]> {
    const { rows } = await this.db.run("history idle", (client) =>
      client.query<{ id: string }>(
        "SELECT id FROM conversations WHERE (record->>'updatedAt')::double precision < $1",
        [cutoff],
      ),
    );
    return rows.map((row) => row.id);
  }
}

function parseRecord(id: string, raw: unknown): ConversationRecord {
  const parsed = conversationRecordSchema.safeParse(raw);
  if (!parsed.success || parsed.data.id !== id) {
    throw new AppError("store_failed", "history row has an unexpected shape", {
      details: { id, issues: parsed.success ? ["id mismatch"] : parsed.error.issues.map((i) => i.message) },
    });
  }
  return parsed.data;
}
