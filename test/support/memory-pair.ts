import { VisibilityRule } from "../../src/core/visibility.js";
import type { Logger } from "../../src/logging/logger.js";
import type { VectorIndex } from "../../src/core/vector-index.js";
import { KeywordIndexRegistry } from "../../src/memory/search/keyword-index.js";
import { MemorySearch, type MemorySearchOptions } from "../../src/memory/search/memory-search.js";
import { MemoryLifecycle, type MemoryLifecycleOptions } from "../../src/memory/lifecycle/memory-lifecycle.js";

/**
 * A search and its lifecycle over one store, wired as the memory stack wires them (one BM25
 * registry; the lifecycle's journal, if any, is the search's `pending`). Without graph, history,
 * chunker or journal the lifecycle writes the index alone.
 */
export function openMemory(options: {
  store: VectorIndex;
  logger: Logger;
  recallTopK?: number;
  keywordIndexes?: KeywordIndexRegistry;
  search?: Partial<Omit<MemorySearchOptions, "store" | "keywordIndexes" | "logger" | "pending">>;
  lifecycle?: Partial<Omit<MemoryLifecycleOptions, "search" | "store" | "keywordIndexes" | "logger">>;
}): { search: MemorySearch; lifecycle: MemoryLifecycle; keywordIndexes: KeywordIndexRegistry } {
  const keywordIndexes = options.keywordIndexes ?? new KeywordIndexRegistry();
  const search = new MemorySearch({
    recallTopK: options.recallTopK ?? 5,
    visibility: new VisibilityRule(),
    ...options.search,
    store: options.store,
    keywordIndexes,
    pending: options.lifecycle?.journal,
    logger: options.logger,
  });
  const lifecycle = new MemoryLifecycle({
    ...options.lifecycle,
    search,
    store: options.store,
    keywordIndexes,
    logger: options.logger,
  });
  return { search, lifecycle, keywordIndexes };
}
