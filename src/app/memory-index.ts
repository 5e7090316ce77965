import { VisibilityRule } from "../core/visibility.js";
import type { Logger } from "../logging/logger.js";
import type { Config } from "../config/config.js";
import type { Embedder } from "../core/embedder.js";
import type { VectorIndex } from "../core/vector-index.js";
import { KeywordIndexRegistry } from "../memory/search/keyword-index.js";
import { KeywordSnapshots } from "../memory/search/keyword-snapshots.js";
import { MemorySearch, type MemorySearchOptions } from "../memory/search/memory-search.js";
import { openVectorIndex, type VectorSettings } from "./vector-index-factory.js";
import type { Metrics } from "../core/metrics.js";
import { meterStore } from "./metered.js";

/** What a caller may add to the search (the app: recall profile, visibility, rerank, the journal's pending writes). */
export type MemoryIndexSearchOptions = Partial<
  Pick<MemorySearchOptions, "recall" | "visibility" | "reranker" | "pending" | "keywordBuildPageSize">
>;

export interface MemoryIndexOptions {
  config: Config;
  /** `[memory.vector]`: the backend, its metric and `enabled` (vector search on or off). */
  vector: VectorSettings;
  embedder: Embedder;
  logger: Logger;
  /** Namespace prefix (default VECTOR_NAMESPACE_PREFIX); the eval and the benchmarks use their own. */
  namespacePrefix?: string | undefined;
  /**
   * Where each user's BM25 index is kept between runs, for a store that versions memories (slow to
   * list: Chroma); none when absent.
   */
  snapshotsDir?: string | undefined;
  search?: MemoryIndexSearchOptions | undefined;
  /** The app's metrics: recall halves timed, the vector index's failures counted. None by default. */
  metrics?: Metrics | undefined;
}

/**
 * The searchable index: the vector index, the BM25 registry derived from it, and the search over both.
 * `store` is the full port: the composition hands it to the lifecycle, the only writer.
 */
export interface MemoryIndex<Store extends VectorIndex = VectorIndex> {
  search: MemorySearch;
  store: Store;
  keywordIndexes: KeywordIndexRegistry;
  /** Closes the vector index and whatever it started (the bundled Chroma server). */
  stop(): Promise<void>;
}

/**
 * Opens the vector index `[memory.vector]` names (see openVectorIndex) and builds the MemorySearch
 * over it with a BM25 registry of BM25_CACHE_MB: the app's memory stack and the benchmarks build their
 * index here, so both search the same way.
 */
export async function composeMemoryIndex(options: MemoryIndexOptions): Promise<MemoryIndex> {
  const { config, logger } = options;
  const opened = await openVectorIndex({
    config,
    vector: options.vector,
    embedder: options.embedder,
    logger,
    namespacePrefix: options.namespacePrefix,
  });
  const store = options.metrics ? meterStore(opened.index, "vectors", options.metrics) : opened.index;
  const snapshots =
    options.snapshotsDir !== undefined && store.version
      ? new KeywordSnapshots(options.snapshotsDir, logger, { minMemories: config.BM25_SNAPSHOT_MIN_MEMORIES })
      : undefined;
  // Built per user on first use, from the vector index, and kept while they fit BM25_CACHE_MB.
  const keywordIndexes = new KeywordIndexRegistry({
    maxBytes: config.BM25_CACHE_MB * 1024 * 1024,
    snapshots,
  });
  const search = new MemorySearch({
    // The deployment's rule when the caller has none (the benchmarks): DM memories stay out of channels.
    visibility: new VisibilityRule(),
    ...options.search,
    store,
    keywordIndexes,
    logger,
    recallTopK: config.RECALL_TOP_K,
    vectorSearch: options.vector.enabled,
    metrics: options.metrics,
  });
  return { search, store, keywordIndexes, stop: () => opened.stop() };
}
