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
import type { AuditLog, PinStore, RecallTally } from "../core/audit.js";
import { JsonlAuditLog, PgAuditLog } from "../stores/audit-log.js";
import { JsonPinStore, PgPinStore } from "../stores/pin-store.js";
import { JsonRecallTally, PgRecallTally } from "../stores/recall-tally.js";
import type { UserSettingsStore } from "../core/user-settings.js";
import { JsonUserSettingsStore } from "../stores/json-user-settings-store.js";
import { PgUserSettingsStore } from "../stores/pg-user-settings-store.js";
import { PgForgetQuestions } from "../stores/pg-forget-questions.js";
import type { ForgetQuestionStore } from "../core/forget-questions.js";
import { JsonForgetQuestions } from "../stores/json-forget-questions.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../util/private-files.js";
import { type HeldStream, PgJournalLease } from "../stores/pg-journal.js";
import type { JournalStorage } from "../util/journal.js";
import { readJsonFile, writeFileAtomic } from "../util/atomic-file.js";

/**
 * Where everything that is not a memory's vector lives, and how processes hear of each other's
 * changes. Two modes, chosen by DATABASE_URL:
 *
 * - `embedded` (unset, the default): JSON files under DATA_DIR for history, graphs and per-person
 *   settings (autosave mode, paused conversations, autosave offers), event dedupe and open forget
 *   questions in process, changes through `DATA_DIR/changes.jsonl` (the memory CLI beside the one assistant).
 * - `postgres`: history, graphs, settings, event dedupe and open forget questions in PostgreSQL (schema migrated at start), changes
 *   through LISTEN/NOTIFY — any number of replicas. Each replica's memory journal and turn inbox are
 *   a journal stream in PostgreSQL too (held under a lease), so a replica replaced on an empty disk
 *   loses nothing: the next replica to start takes the stream over and replays it.
 */
export interface SharedState {
  readonly mode: "embedded" | "postgres";
  history: HistoryStore;
  graphs: GraphStores;
  /** Per-person settings: autosave on/off/ask, paused conversations, pending autosave offers. */
  settings: UserSettingsStore;
  /** "Which one should I forget?" waiting for its answer: in process, or the `forget_questions` table. */
  forgetQuestions: ForgetQuestionStore;
  dedupe: EventDedupe;
  changes: ChangeFeed;
  /** Who touched a memory (ids only): `DATA_DIR/audit.jsonl`, or the `audit_events` table. */
  audit: AuditLog;
  /** Pinned memories (never expired): `DATA_DIR/pins.json`, or the `memory_pins` table. */
  pins: PinStore;
  /** Memories recalled and used, by id: `DATA_DIR/recalls/`, or the `memory_recalls` table. */
  recalls: RecallTally;
  /**
   * Runs `work` unless another process is running work of the same `name`; resolves false when it
   * did not run. Embedded: this process holds the DATA_DIR lock, so it always runs (one at a time
   * here). PostgreSQL: a session advisory lock (`pg_try_advisory_lock`), so among replicas one runs.
   */
  exclusive(name: string, work: () => Promise<void>): Promise<boolean>;
  /**
   * PostgreSQL with `journals` asked for: where this replica's memory journal and turn inbox live
   * (its journal stream). Undefined: files under DATA_DIR/journal.
   */
  journals?: SharedJournals | undefined;
  /** `/healthz` parts: the state backend and the change feed. */
  healthParts: HealthPart[];
  close(): Promise<void>;
}

/** The journal storages of a replica's stream in PostgreSQL. */
export interface SharedJournals {
  memory: JournalStorage;
  inbox: JournalStorage;
  /** The stream's id (also this replica's id for the event dedupe). */
  stream: string;
  /** Whether the stream was another replica's (stopped or killed): what it left is replayed here. */
  adopted: boolean;
}

export interface OpenStateOptions {
  config: Config;
  /** DATA_DIR, resolved. */
  dataDir: string;
  logger: Logger;
  /** Listen to other processes' changes (the assistant); the CLI only publishes. */
  listen: boolean;
  /**
   * PostgreSQL only: keep this process's journals in PostgreSQL (the assistant). The CLI writes no
   * journal and takes no stream.
   */
  journals?: boolean | undefined;
  /** How long a journal stream's lease lasts without renewal (tests shorten it). */
  journalLeaseMs?: number | undefined;
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
      forgetQuestions: new JsonForgetQuestions(dataDir),
      dedupe: new EventDeduper(),
      changes,
      audit: new JsonlAuditLog(dataDir),
      pins: new JsonPinStore(dataDir),
      recalls: new JsonRecallTally(dataDir),
      exclusive: localExclusive(),
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
    const lease = options.journals
      ? await PgJournalLease.acquire(db, {
          previous: await readHeldStream(dataDir),
          leaseMs: options.journalLeaseMs,
          logger: logger.child({ component: "journal-lease" }),
        })
      : undefined;
    if (lease) {
      await writeHeldStream(dataDir, { stream: lease.stream, owner: lease.owner });
      logger.info(
        { stream: lease.stream, adopted: lease.adopted },
        lease.adopted ? "took over the journal stream of a stopped replica" : "journal stream held",
      );
    }
    // The journal stream names the replica: events replayed from its inbox are its own to answer.
    const instanceId = lease?.stream ?? (await instanceIdOf(dataDir));
    return {
      mode: "postgres",
      history: new PgHistoryStore(db),
      graphs: new PgGraphStores(db),
      settings: new PgUserSettingsStore(db),
      forgetQuestions: new PgForgetQuestions(db),
      dedupe: new PgEventDedupe(db, instanceId, logger),
      changes,
      audit: new PgAuditLog(db),
      pins: new PgPinStore(db),
      recalls: new PgRecallTally(db),
      exclusive: (name, work) => pgExclusive(db, name, work),
      journals: lease && {
        memory: lease.storage("memory"),
        inbox: lease.storage("inbox"),
        stream: lease.stream,
        adopted: lease.adopted,
      },
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
        await lease?.release();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** One run at a time in this process: a call while one of the same name runs does nothing. */
function localExclusive(): SharedState["exclusive"] {
  const running = new Set<string>();
  return async (name, work) => {
    if (running.has(name)) return false;
    running.add(name);
    try {
      await work();
      return true;
    } finally {
      running.delete(name);
    }
  };
}

/**
 * One run among replicas: a session advisory lock keyed by the name, tried (never waited for) on a
 * connection held while `work` runs, then released. The work may take longer than a query's bound.
 */
async function pgExclusive(db: PgDatabase, name: string, work: () => Promise<void>): Promise<boolean> {
  return db.run(
    `exclusive ${name}`,
    async (client) => {
      const { rows } = await client.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked",
        [`exclusive:${name}`],
      );
      if (!rows[0]?.locked) return false;
      try {
        await work();
        return true;
      } finally {
        await client
          .query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [`exclusive:${name}`])
          .catch(() => undefined);
      }
    },
    { timeoutMs: Math.max(db.timeoutMs, 10 * 60_000) },
  );
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

/** DATA_DIR's note of the journal stream this replica held: a restart on the same disk takes it back. */
const HELD_STREAM_FILE = "journal-stream.json";

async function readHeldStream(dataDir: string): Promise<HeldStream | undefined> {
  try {
    const held = await readJsonFile<Partial<HeldStream>>(join(dataDir, HELD_STREAM_FILE));
    return typeof held?.stream === "string" && typeof held.owner === "string"
      ? { stream: held.stream, owner: held.owner }
      : undefined;
  } catch {
    // Damaged: the stream is taken back once its lease runs out, like any other.
    return undefined;
  }
}

async function writeHeldStream(dataDir: string, held: HeldStream): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await writeFileAtomic(join(dataDir, HELD_STREAM_FILE), `${JSON.stringify(held)}\n`);
}
