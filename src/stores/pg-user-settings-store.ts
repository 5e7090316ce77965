import type { PgDatabase } from "../db/postgres.js";
import type { Owner } from "../core/types.js";
import {
  DEFAULT_AUTOSAVE_MODE,
  type AutosaveMode,
  type AutosaveOffer,
  type ConversationPause,
  type ConversationRef,
  type UserSettings,
  type UserSettingsStore,
} from "../core/user-settings.js";

/**
 * Settings shared by replicas: `user_settings`, `conversation_pauses` and `autosave_offers`
 * (src/db/migrations/). Every read goes to PostgreSQL (no cache), so a change made through one replica
 * holds on the next message any replica handles. An offer is taken with one `DELETE … RETURNING`:
 * two replicas pressing Keep at once keep it once.
 */
export class PgUserSettingsStore implements UserSettingsStore {
  constructor(private readonly db: PgDatabase) {}

  async get(owner: Owner, now: number): Promise<UserSettings> {
    return this.db.run("settings read", async (client) => {
      const mode = await client.query<{ autosave: AutosaveMode }>(
        "SELECT autosave FROM user_settings WHERE team_id = $1 AND user_id = $2",
        [owner.teamId, owner.userId],
      );
      const pauses = await client.query<{ channel_id: string; thread_ts: string; until_ms: string }>(
        `SELECT channel_id, thread_ts, until_ms FROM conversation_pauses
         WHERE team_id = $1 AND user_id = $2 AND until_ms > $3`,
        [owner.teamId, owner.userId, now],
      );
      return {
        autosave: mode.rows[0]?.autosave ?? DEFAULT_AUTOSAVE_MODE,
        pauses: pauses.rows.map((r) => ({
          channelId: r.channel_id,
          ...(r.thread_ts ? { threadTs: r.thread_ts } : {}),
          until: Number(r.until_ms),
        })),
      };
    });
  }

  async setAutosave(owner: Owner, mode: AutosaveMode): Promise<void> {
    await this.db.run("settings write", (client) =>
      client.query(
        `INSERT INTO user_settings (team_id, user_id, autosave) VALUES ($1, $2, $3)
         ON CONFLICT (team_id, user_id) DO UPDATE SET autosave = EXCLUDED.autosave, updated_at = now()`,
        [owner.teamId, owner.userId, mode],
      ),
    );
  }

  async pause(owner: Owner, pause: ConversationPause): Promise<void> {
    await this.db.run("pause write", async (client) => {
      await client.query(
        `INSERT INTO conversation_pauses (team_id, user_id, channel_id, thread_ts, until_ms)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (team_id, user_id, channel_id, thread_ts) DO UPDATE SET until_ms = EXCLUDED.until_ms`,
        [owner.teamId, owner.userId, pause.channelId, pause.threadTs ?? "", pause.until],
      );
      await client.query("DELETE FROM conversation_pauses WHERE until_ms <= $1", [Date.now()]);
    });
  }

  async resume(owner: Owner, conversation: ConversationRef, now: number): Promise<boolean> {
    const { rows } = await this.db.run("pause delete", (client) =>
      client.query<{ until_ms: string }>(
        `DELETE FROM conversation_pauses
         WHERE team_id = $1 AND user_id = $2 AND channel_id = $3 AND (thread_ts = '' OR thread_ts = $4)
         RETURNING until_ms`,
        [owner.teamId, owner.userId, conversation.channelId, conversation.threadTs ?? ""],
      ),
    );
    return rows.some((r) => Number(r.until_ms) > now);
  }

  async addOffer(offer: AutosaveOffer): Promise<void> {
    await this.db.run("offer write", async (client) => {
      await client.query(
        "INSERT INTO autosave_offers (id, team_id, user_id, offer, expires_ms) VALUES ($1, $2, $3, $4, $5)",
        [offer.id, offer.teamId, offer.userId, JSON.stringify(offer), offer.expiresAt],
      );
      await client.query("DELETE FROM autosave_offers WHERE expires_ms <= $1", [Date.now()]);
    });
  }

  async takeOffer(owner: Owner, id: string, now: number): Promise<AutosaveOffer | undefined> {
    const { rows } = await this.db.run("offer take", (client) =>
      client.query<{ offer: AutosaveOffer; expires_ms: string }>(
        "DELETE FROM autosave_offers WHERE id = $1 AND team_id = $2 AND user_id = $3 RETURNING offer, expires_ms",
        [id, owner.teamId, owner.userId],
      ),
    );
    const row = rows[0];
    return row && Number(row.expires_ms) > now ? row.offer : undefined;
  }
}
