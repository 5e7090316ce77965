/**
 * The real memory stack for benchmarks: a search and an index-only lifecycle (no graph, chunker or
 * journal) over a vector index (any `[memory.vector]` backend; Chroma's server started in a temporary
 * directory) plus its BM25 registry, built by the app's composition (composeMemoryIndex).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { Embedder } from "../../../src/core/embedder.js";
import { parseConfig } from "../../../src/config/config.js";
import { INDEX_TYPES, memoryConfigSchema, type IndexType } from "../../../src/config/memory-config.js";
import { ChromaVectorIndex } from "../../../src/backends/chroma/chroma-vector-index.js";
import { startChromaServer } from "../../../src/backends/chroma/chroma-server.js";
import type { KeywordIndexRegistry } from "../../../src/memory/search/keyword-index.js";
import type { MemorySearch } from "../../../src/memory/search/memory-search.js";
import { MemoryLifecycle } from "../../../src/memory/lifecycle/memory-lifecycle.js";
import { composeMemoryIndex } from "../../../src/app/memory-index.js";
import { spawnPgliteServer } from "../../../fixtures/pglite-server.js";
import type { VectorIndex } from "../../../src/core/vector-index.js";

/** Texts per embedding request unless a benchmark says otherwise (the app's EMBED_BATCH_SIZE default). */
const DEFAULT_EMBED_BATCH_SIZE = 64;

/** Results per recall in the benchmarks: the app's default RECALL_TOP_K, which the composition reads. */
export const BENCH_RECALL_TOP_K = parseConfig({}).RECALL_TOP_K;

/** Signals after which the benchmark cleans up and exits. */
const TERMINATING_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
/** Shell convention: a process ended by signal n exits with 128 + n. */
const SIGNAL_EXIT_BASE = 128;

/** A Chroma server whose data lives in a temporary directory removed by `stop()`. */
export interface BenchChroma {
  url: string;
  /** The server process (for its resident memory). */
  pid: number;
  dataDir: string;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

/** Starts Chroma in a fresh temporary directory. */
export async function startBenchChroma(): Promise<BenchChroma> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-chroma-"));
  const server = await startChromaServer({ path: dataDir });
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  // A benchmark stopped by a signal still stops the server and removes its (large) data directory.
  const handlers = TERMINATING_SIGNALS.map((signal): [NodeJS.Signals, () => void] => [
    signal,
    () => void stop().finally(() => process.exit(SIGNAL_EXIT_BASE + os.constants.signals[signal])),
  ]);
  for (const [signal, handler] of handlers) process.once(signal, handler);
  return { url: server.url, pid: server.pid, dataDir, stop };
}

/** A search, the lifecycle that writes (no graph, chunker or journal), and the parts they were built from. */
export interface BenchMemory<Store extends VectorIndex = VectorIndex> {
  search: MemorySearch;
  lifecycle: MemoryLifecycle;
  store: Store;
  keywordIndexes: KeywordIndexRegistry;
}

/**
 * A `[memory.vector]` backend started for a benchmark, its data in a temporary directory (Chroma's
 * server or PGlite's started here, sqlite-vec's file; nothing for `memory`). `open` builds a BenchMemory on a
 * namespace of it through the app's own factory (openVectorIndex); `stop` closes every one and removes
 * the data.
 */
export interface BenchBackend {
  kind: IndexType;
  /** The server process a backend started here (Chroma's, PGlite's), if any. */
  serverPid?: number;
  open(options: {
    embedder: Embedder;
    collectionPrefix: string;
    embedBatchSize?: number;
    /** MemorySearch's keywordBuildPageSize (the BM25 build's store page). */
    keywordBuildPageSize?: number;
    /** Keep BM25 snapshots (as the app does) in this folder, for a store that versions memories. */
    keywordSnapshotsDir?: string;
  }): Promise<BenchMemory>;
  stop(): Promise<void>;
}

export async function startBenchBackend(kind: IndexType): Promise<BenchBackend> {
  const stops: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      for (const step of stops.reverse()) await step();
    })();
    return stopping;
  };
  // A slow engine (PGlite grows its HNSW index at ~10 ms a row) may need a longer bound per call.
  const env: Record<string, string> = {};
  let serverPid: number | undefined;
  for (const name of ["STORAGE_TIMEOUT_MS", "CHROMA_TIMEOUT_MS"]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${kind}-`));
    stops.push(() => rm(dataDir, { recursive: true, force: true }));
    env.DATA_DIR = dataDir;
    if (kind === "chroma") {
      const chroma = await startBenchChroma();
      stops.push(() => chroma.stop());
      env.CHROMA_URL = chroma.url;
      serverPid = chroma.pid;
    }
    if (kind === "pgvector") {
      // PGlite with pgvector over the wire protocol, in a child process as a server would be.
      const postgres = await spawnPgliteServer({ dataDir: path.join(dataDir, "postgres") });
      stops.push(() => postgres.stop());
      env.DATABASE_URL = postgres.url;
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    kind,
    ...(serverPid === undefined ? {} : { serverPid }),
    stop,
    async open(options) {
      const opened = await openBenchIndex(
        kind,
        {
          ...env,
          VECTOR_NAMESPACE_PREFIX: options.collectionPrefix,
          EMBED_BATCH_SIZE: String(options.embedBatchSize ?? DEFAULT_EMBED_BATCH_SIZE),
        },
        options,
      );
      stops.push(() => opened.stop());
      return opened;
    },
  };
}

/**
 * The app's index on the `[memory.vector]` defaults with `index_type` = `kind`, configured by `env`,
 * logging nothing. No recall profile is passed: the service's own (the offline embedder's) ranks.
 */
async function openBenchIndex(
  kind: IndexType,
  env: Record<string, string>,
  options: { embedder: Embedder; keywordBuildPageSize?: number; keywordSnapshotsDir?: string },
): Promise<BenchMemory & { stop(): Promise<void> }> {
  const logger = pino({ level: "silent" });
  const index = await composeMemoryIndex({
    config: parseConfig(env),
    vector: { ...memoryConfigSchema.parse({}).memory.vector, index_type: kind },
    embedder: options.embedder,
    logger,
    snapshotsDir: options.keywordSnapshotsDir,
    search:
      options.keywordBuildPageSize === undefined
        ? {}
        : { keywordBuildPageSize: options.keywordBuildPageSize },
  });
  const { search, store, keywordIndexes } = index;
  const lifecycle = new MemoryLifecycle({ search, store, keywordIndexes, logger });
  return { search, lifecycle, store, keywordIndexes, stop: () => index.stop() };
}

/** Builds a BenchMemory on Chroma at `chromaUrl` with `embedder`, logging nothing. */
export async function createBenchMemory(options: {
  chromaUrl: string;
  embedder: Embedder;
  collectionPrefix: string;
  embedBatchSize?: number;
}): Promise<BenchMemory<ChromaVectorIndex>> {
  const opened = await openBenchIndex(
    "chroma",
    {
      CHROMA_URL: options.chromaUrl,
      VECTOR_NAMESPACE_PREFIX: options.collectionPrefix,
      EMBED_BATCH_SIZE: String(options.embedBatchSize ?? DEFAULT_EMBED_BATCH_SIZE),
    },
    options,
  );
  const { store } = opened;
  if (!(store instanceof ChromaVectorIndex)) throw new Error("index_type chroma opened another backend");
  return { ...opened, store };
}

/** `--backend` of the benchmarks: an index type, checked. */
export function backendOption(text: string): IndexType {
  if (!(INDEX_TYPES as readonly string[]).includes(text)) {
    throw new Error(`--backend accepts ${INDEX_TYPES.join(", ")} (got "${text}")`);
  }
  return text as IndexType;
}
