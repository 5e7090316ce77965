/**
 * The real memory stack for benchmarks: a local Chroma server in a temporary directory, and a
 * MemoryService over a ChromaMemoryStore plus its own BM25 registry, built the way main.ts builds them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { Embedder } from "../../src/llm/embedder.js";
import { ChromaMemoryStore } from "../../src/memory/chroma-memory-store.js";
import { startChromaServer } from "../../src/memory/chroma-server.js";
import { KeywordIndexRegistry } from "../../src/memory/keyword-index.js";
import { MemoryService } from "../../src/memory/memory-service.js";

/** Results per recall in the benchmarks (the app's default RECALL_TOP_K). */
export const BENCH_RECALL_TOP_K = 5;

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
  return {
    url: server.url,
    dataDir,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
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
