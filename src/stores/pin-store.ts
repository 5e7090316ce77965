import { join } from "node:path";
import type { PinStore } from "../core/audit.js";
import type { Owner } from "../core/types.js";
import type { PgDatabase } from "../db/postgres.js";
import { readJsonFile, writeFileAtomic } from "../util/atomic-file.js";
import { KeyedMutex } from "../util/keyed-mutex.js";

/** The embedded pins file under DATA_DIR: `{ "<team>/<user>": ["<memory id>", …] }`. */
export const PINS_FILE = "pins.json";

const keyOf = (owner: Owner) => `${owner.teamId}/${owner.userId}`;

/** Pins of the embedded mode: one small JSON file, written atomically by this process alone. */
export class JsonPinStore implements PinStore {
  private readonly path: string;
  private readonly mutex = new KeyedMutex();

  constructor(dataDir: string) {
    this.path = join(dataDir, PINS_FILE);
  }

  async pinned(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    const mine = new Set((await this.read())[keyOf(owner)] ?? []);
    return new Set(ids.filter((id) => mine.has(id)));
  }

  pin(owner: Owner, id: string): Promise<void> {
    return this.change(owner, (ids) => ids.add(id));
  }

  unpin(owner: Owner, ids: readonly string[]): Promise<void> {
    return this.change(owner, (mine) => ids.forEach((id) => mine.delete(id)));
  }

  private async read(): Promise<Record<string, string[]>> {
    return (await readJsonFile<Record<string, string[]>>(this.path)) ?? {};
  }

  private change(owner: Owner, edit: (ids: Set<string>) => unknown): Promise<void> {
    return this.mutex.run("pins", async () => {
      const all = await this.read();
      const before = all[keyOf(owner)] ?? [];
      const ids = new Set(before);
      edit(ids);
      if (ids.size === before.length && before.every((id) => ids.has(id))) return;
      if (ids.size === 0) delete all[keyOf(owner)];
      else all[keyOf(owner)] = [...ids];
      await writeFileAtomic(this.path, JSON.stringify(all));
    });
  }
}

/** Pins of replicas: the `memory_pins` table (migration 004). */
export class PgPinStore implements PinStore {
  constructor(private readonly db: PgDatabase) {}

  async pinned(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.db.run("pins read", (client) =>
      client.query<{ memory_id: string }>(
        "SELECT memory_id FROM memory_pins WHERE team_id = $1 AND user_id = $2 AND memory_id = ANY($3::text[])",
        [owner.teamId, owner.userId, [...ids]],
      ),
    );
    return new Set(rows.map((r) => r.memory_id));
  }

  async pin(owner: Owner, id: string): Promise<void> {
    await this.db.run("pin", (client) =>
      client.query(
        `INSERT INTO memory_pins (team_id, user_id, memory_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [owner.teamId, owner.userId, id],
      ),
    );
  }

  async unpin(owner: Owner, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run("unpin", (client) =>
      client.query(
        "DELETE FROM memory_pins WHERE team_id = $1 AND user_id = $2 AND memory_id = ANY($3::text[])",
        [owner.teamId, owner.userId, [...ids]],
      ),
    );
  }
}
