import { join } from "node:path";
import { z } from "zod";
import { MAX_TALLIED_MEMORIES, rankRecallUses, type RecallTally, type RecallUse } from "../core/audit.js";
import type { Owner } from "../core/types.js";
import type { PgDatabase } from "../db/postgres.js";
import { readJsonFile, writeFileAtomic } from "../util/atomic-file.js";
import { KeyedMutex } from "../util/keyed-mutex.js";
import { safeFileName } from "../util/safe-name.js";

/** Folder under DATA_DIR with one tally file per person (ids and counts, never a text). */
export const RECALLS_DIR = "recalls";

const fileSchema = z.object({
  version: z.literal(1),
  uses: z.array(z.object({ id: z.string(), count: z.number(), lastAt: z.number() })),
});

/** The embedded tally: a small JSON file per person, written atomically by this process alone. */
export class JsonRecallTally implements RecallTally {
  private readonly mutex = new KeyedMutex();

  constructor(private readonly dataDir: string) {}

  async record(owner: Owner, ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.change(owner, (uses) => {
      for (const id of new Set(ids)) {
        const use = uses.get(id);
        uses.set(id, { id, count: (use?.count ?? 0) + 1, lastAt: Math.max(use?.lastAt ?? 0, at) });
      }
      return true;
    });
  }

  async top(owner: Owner, limit: number): Promise<RecallUse[]> {
    return rankRecallUses((await this.read(owner)).values(), limit);
  }

  async used(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    const uses = await this.read(owner);
    return new Set(ids.filter((id) => uses.has(id)));
  }

  async drop(owner: Owner, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.change(owner, (uses) => ids.map((id) => uses.delete(id)).some(Boolean));
  }

  private pathOf(owner: Owner): string {
    return join(this.dataDir, RECALLS_DIR, safeFileName(`${owner.teamId}/${owner.userId}`));
  }

  private async read(owner: Owner): Promise<Map<string, RecallUse>> {
    const raw = await readJsonFile<unknown>(this.pathOf(owner));
    const parsed = fileSchema.safeParse(raw);
    // An unreadable tally only loses counts: it starts again rather than failing a turn.
    return new Map(parsed.success ? parsed.data.uses.map((u) => [u.id, u]) : []);
  }

  /** Applies `edit` (true when it changed something) and writes the file, at most the cap kept. */
  private change(owner: Owner, edit: (uses: Map<string, RecallUse>) => boolean): Promise<void> {
    const path = this.pathOf(owner);
    return this.mutex.run(path, async () => {
      const uses = await this.read(owner);
      if (!edit(uses)) return;
      await writeFileAtomic(path, JSON.stringify({ version: 1, uses: rankRecallUses(uses.values()) }));
    });
  }
}

/** The tally of replicas: the `memory_recalls` table (migration 006). */
export class PgRecallTally implements RecallTally {
  constructor(private readonly db: PgDatabase) {}

  async record(owner: Owner, ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run("recall tally write", (client) =>
      client.query(
        `INSERT INTO memory_recalls (team_id, user_id, memory_id, uses, last_at)
         SELECT $1, $2, id, 1, to_timestamp($4 / 1000.0) FROM unnest($3::text[]) AS id
         ON CONFLICT (team_id, user_id, memory_id)
         DO UPDATE SET uses = memory_recalls.uses + 1, last_at = GREATEST(memory_recalls.last_at, EXCLUDED.last_at)`,
        [owner.teamId, owner.userId, [...new Set(ids)], at],
      ),
    );
  }

  async top(owner: Owner, limit: number): Promise<RecallUse[]> {
    const { rows } = await this.db.run("recall tally read", (client) =>
      client.query<{ memory_id: string; uses: number; last_ms: string }>(
        `SELECT memory_id, uses, (extract(epoch FROM last_at) * 1000)::bigint AS last_ms FROM memory_recalls
         WHERE team_id = $1 AND user_id = $2 ORDER BY uses DESC, last_at DESC LIMIT $3`,
        [owner.teamId, owner.userId, Math.min(Math.max(limit, 0), MAX_TALLIED_MEMORIES)],
      ),
    );
    return rows.map((r) => ({ id: r.memory_id, count: r.uses, lastAt: Number(r.last_ms) }));
  }

  async used(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.db.run("recall tally read", (client) =>
      client.query<{ memory_id: string }>(
        "SELECT memory_id FROM memory_recalls WHERE team_id = $1 AND user_id = $2 AND memory_id = ANY($3::text[])",
        [owner.teamId, owner.userId, [...ids]],
      ),
    );
    return new Set(rows.map((r) => r.memory_id));
  }

  async drop(owner: Owner, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run("recall tally drop", (client) =>
      client.query(
        "DELETE FROM memory_recalls WHERE team_id = $1 AND user_id = $2 AND memory_id = ANY($3::text[])",
        [owner.teamId, owner.userId, [...ids]],
      ),
    );
  }
}
