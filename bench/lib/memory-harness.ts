/**
 * The real memory stack for benchmarks: a local Chroma server in a temporary directory, and a
 * MemoryService over a ChromaMemoryStore plus its own BM25 registry, built the way main.ts builds them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { Embedder } from "../../src/llm/embedder.js";
import { ChromaMemoryStore } from "../../src/memory/chroma-memory-store.js";
import { startChromaServer } from "../../src/memory/chroma-server.js";
import { KeywordIndexRegistry } from "../../src/memory/keyword-index.js";
import { MemoryService } from "../../src/memory/memory-service.js";

/** Results per recall in the benchmarks (the app's default RECALL_TOP_K). */
export const BENCH_RECALL_TOP_K = 5;

/** Signals after which the benchmark cleans up and exits. */
const TERMINATING_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
/** Shell convention: a process ended by signal n exits with 128 + n. */
const SIGNAL_EXIT_BASE = 128;

/** A Chroma server whose data lives in a temporary directory removed by `stop()`. */
export interface BenchChroma {
  url: string;
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
  return { url: server.url, dataDir, stop };
}

/** A MemoryService and the parts it was built from. */
export interface BenchMemory {
  service: MemoryService;
  store: ChromaMemoryStore;
  keywordIndexes: KeywordIndexRegistry;
}

/** Builds a MemoryService on Chroma at `chromaUrl` with `embedder`, logging nothing. */
export async function createBenchMemory(options: {
  chromaUrl: string;
  embedder: Embedder;
  collectionPrefix: string;
  embedBatchSize?: number;
}): Promise<BenchMemory> {
  const store = await ChromaMemoryStore.create({
    chromaUrl: options.chromaUrl,
    embedder: options.embedder,
    collectionPrefix: options.collectionPrefix,
    ...(options.embedBatchSize !== undefined ? { embedBatchSize: options.embedBatchSize } : {}),
  });
  const keywordIndexes = new KeywordIndexRegistry();
  const service = new MemoryService({
    store,
    keywordIndexes,
    logger: pino({ level: "silent" }),
    recallTopK: BENCH_RECALL_TOP_K,
  });
  return { service, store, keywordIndexes };
}
