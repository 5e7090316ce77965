/**
 * Replicas of the app as `npm start` runs them, sharing one state: a real PostgreSQL server
 * (`DATABASE_URL`: history, graphs, event dedupe, the LISTEN/NOTIFY change feed), the load harness's
 * real Chroma server, fake Slack and fake Ollama. Each replica has its own DATA_DIR and port.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startPostgresServer, type PostgresServer } from "../../../fixtures/postgres-server.js";
import { createTestDatabase } from "../../../fixtures/postgres-db.js";
import { type AppProcess, freePort, startAppProcess } from "./app-process.js";
import { type LoadHarness, startLoadHarness } from "./load-harness.js";

/** Options of {@link startReplicaCluster}. */
export interface ReplicaClusterOptions {
  replicas: number;
  /** Latency of every chat request at the fake Ollama, ms. */
  modelLatencyMs: number;
  embedLatencyMs: number;
  /** OLLAMA_MAX_PARALLEL of each replica; the fake Ollama serves `replicas ×` this many at once. */
  parallelPerReplica: number;
}

/** The running replicas and what they share. */
export interface ReplicaCluster {
  harness: LoadHarness;
  replicas: AppProcess[];
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL, the harness and `replicas` app processes (one after the other: the first creates
 * the schema). Nothing is left running when a start fails.
 */
export async function startReplicaCluster(options: ReplicaClusterOptions): Promise<ReplicaCluster> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const postgres: PostgresServer = await startPostgresServer();
    stops.push(() => postgres.stop());
    const harness = await startLoadHarness({
      modelLatencyMs: options.modelLatencyMs,
      embedLatencyMs: options.embedLatencyMs,
      maxParallel: options.parallelPerReplica,
    });
    stops.push(() => harness.stop());
    // As if each replica had an Ollama (or one with OLLAMA_NUM_PARALLEL for all of them).
    harness.ollama.setMaxConcurrency(options.parallelPerReplica * options.replicas);
    const databaseUrl = await createTestDatabase(postgres.url);
    const dirs = await mkdtemp(path.join(os.tmpdir(), "bench-replicas-"));
    stops.push(() => rm(dirs, { recursive: true, force: true }));
    const replicas: AppProcess[] = [];
    for (let i = 0; i < options.replicas; i++) {
      const app = await startAppProcess({
        ...harness.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dirs, `replica-${i}`),
        PORT: String(await freePort()),
        // Room for every DM of a round in the model queue: "busy" replies would be no turns.
        OLLAMA_MAX_QUEUE: "10000",
      });
      stops.push(() => app.stop());
      replicas.push(app);
    }
    return { harness, replicas, databaseUrl, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
