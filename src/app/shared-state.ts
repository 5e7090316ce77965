import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "../logging/logger.js";
import type { Config } from "../config/config.js";
import { migrate } from "../db/migrate.js";
import { PgDatabase } from "../db/postgres.js";
import { JsonGraphStores } from "../stores/json-graph-store.js";
import { PgGraphStores } from "../stores/pg-graph-store.js";
import type { GraphStores } from "../core/graph-types.js";
import { JsonHistoryStore } from "../stores/json-history-store.js";
import { PgHistoryStore } from "../stores/pg-history-store.js";
import type { HistoryStore } from "../core/history-types.js";
import type { HealthPart } from "../core/health.js";
import { FileChangeFeed, PgChangeFeed, type ChangeFeed } from "../stores/change-feed.js";
import { EventDeduper, type EventDedupe } from "../core/event-dedupe.js";
import { PgEventDedupe } from "../stores/pg-event-dedupe.js";
import type { UserSettingsStore } from "../core/user-settings.js";
import { JsonUserSettingsStore } from "../stores/json-user-settings-store.js";
import { PgUserSettingsStore } from "../stores/pg-user-settings-store.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../util/private-files.js";

/**
 * Where everything that is not a memory's vector lives, and how processes hear of each other's
 * changes. Two modes, chosen by DATABASE_URL:
 *
 * - `embedded` (unset, the default): JSON files under DATA_DIR for history, graphs and per-person
 *   settings (autosave mode, paused conversations, autosave offers), event dedupe
 *   in process, changes through `DATA_DIR/changes.jsonl` (the memory CLI beside the one assistant).
 * - `postgres`: history, graphs, settings and event dedupe in PostgreSQL (schema migrated at start), changes
 *   through LISTEN/NOTIFY — any number of replicas, each with its own DATA_DIR for its journal and
 *   turn inbox.
 */
export interface SharedState {
  readonly mode: "embedded" | "postgres";
  history: HistoryStore;
  graphs: GraphStores;
  /** Per-person settings: autosave on/off/ask, paused conversations, pending autosave offers. */
  settings: UserSettingsStore;
  dedupe: EventDedupe;
  changes: ChangeFeed;
  /** `/healthz` parts: the state backend and the change feed. */
  healthParts: HealthPart[];
  close(): Promise<void>;
}

export interface OpenStateOptions {
  config: Config;
  /** DATA_DIR, resolved. */
  dataDir: string;
  logger: Logger;
  /** Listen to other processes' changes (the assistant); the CLI only publishes. */
  listen: boolean;
}

/** Opens the state backend DATABASE_URL selects (migrating PostgreSQL's schema first). */
export async function openSharedState(options: OpenStateOptions): Promise<SharedState> {
  const { config, dataDir, logger } = options;
  if (!config.DATABASE_URL) {
    const changes = new FileChangeFeed(dataDir, logger.child({ component: "changes" }), options.listen);
    return {
      mode: "embedded",
      history: new JsonHistoryStore({ dataDir, logger: logger.child({ component: "history" }) }),
      graphs: new JsonGraphStores(dataDir),
      settings: new JsonUserSettingsStore(dataDir),
      dedupe: new EventDeduper(),
      changes,
      healthParts: [
        {
          name: "state",
          critical: false,
          facts: { mode: "embedded", location: dataDir },
          // History and graph files are written here.
          probe: () =>
            access(dataDir, constants.W_OK).then(
              () => true,
              () => false,
            ),
        },
        { name: "changes", critical: false, facts: { ...changes.info }, probe: () => changes.ping() },
      ],
      close: () => changes.close(),
    };
  }
  const db = PgDatabase.create(config.DATABASE_URL, { timeoutMs: config.STORAGE_TIMEOUT_MS });
  try {
    const migrated = await migrate(db);
    if (migrated.applied.length > 0) logger.info({ applied: migrated.applied }, "PostgreSQL schema migrated");
    const changes = new PgChangeFeed(db, logger.child({ component: "changes" }));
    if (options.listen) await changes.listen();
    const instanceId = await instanceIdOf(dataDir);
    return {
      mode: "postgres",
      history: new PgHistoryStore(db),
      graphs: new PgGraphStores(db),
      settings: new PgUserSettingsStore(db),
      dedupe: new PgEventDedupe(db, instanceId, logger),
      changes,
      healthParts: [
        // History, graphs and dedupe live there: without it the replica cannot answer properly.
        {
          name: "state",
          critical: true,
          facts: { mode: "postgres", location: db.location, schemaVersion: migrated.version, instanceId },
          probe: () => db.ping(),
        },
        // Without the feed, recall on this replica may miss what others saved: reported, degraded.
        {
          name: "changes",
          critical: true,
          okKey: "listening",
          facts: { ...changes.info },
          probe: () => changes.ping(),
        },
      ],
      close: async () => {
        await changes.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** This replica's id, kept in DATA_DIR so a restart is recognised as the same replica (event dedupe). */
async function instanceIdOf(dataDir: string): Promise<string> {
  const path = join(dataDir, "instance-id");
  try {
    const id = (await readFile(path, "utf8")).trim();
    if (id !== "") return id;
  } catch {
    // first start on this DATA_DIR
  }
  const id = randomUUID();
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await writeFile(path, `${id}\n`, { mode: PRIVATE_FILE_MODE });
  return id;
}
