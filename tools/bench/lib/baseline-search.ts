/**
 * The seeds' "before" recall design, kept as the benchmark baseline: no long-lived BM25 index; every
 * query rebuilds one from all of the user's documents, scores it, then runs the same vector query and
 * conversation context as the current MemorySearch.search, fused by RRF with equal weights (the
 * seeds' fusion; the app fuses as the embedder's profile says, so the two lists may differ).
 *
 * The documents come from memory (the texts the benchmark generated), not from the vector index, so the
 * baseline is not charged for fetching them: it is a lower bound on the old design's cost.
 */
import { CANDIDATES_PER_RETRIEVER, type HybridResult } from "../../../src/memory/search/hybrid-ranking.js";
import { KeywordIndex, type KeywordDoc } from "../../../src/memory/search/keyword-index.js";
import type { VectorIndex } from "../../../src/core/vector-index.js";
import { VisibilityRule } from "../../../src/core/visibility.js";
import { conversationContext } from "../../../src/memory/search/conversation-context.js";
import {
  BM25Retriever,
  FusionRetriever,
  VectorMemoryRetriever,
} from "../../../src/memory/search/retrievers.js";
import type { MemoryScope } from "../../../src/core/types.js";

/**
 * One baseline search: rebuild BM25 over `docs`, then vector + BM25 fused by RRF (see above). Returns
 * the results and the time the rebuild alone took.
 */
export async function baselineSearch(options: {
  store: VectorIndex;
  docs: KeywordDoc[];
  scope: MemoryScope;
  query: string;
  queryVector: number[];
  k: number;
}): Promise<{ results: HybridResult[]; rebuildMs: number }> {
  const { store, scope, k } = options;
  const start = performance.now();
  const index = new KeywordIndex();
  index.add(options.docs);
  const rebuildMs = performance.now() - start;
  const visibilities = new VisibilityRule().allowedIn(scope);
  const topK = Math.max(k, CANDIDATES_PER_RETRIEVER);
  const visible = visibilities
    ? (doc: KeywordDoc) => visibilities.includes(doc.visibility ?? "private")
    : undefined;
  const fusion = new FusionRetriever({
    vector: new VectorMemoryRetriever({
      store,
      teamId: scope.teamId,
      userId: scope.userId,
      visibilities,
      topK,
      queryVector: options.queryVector,
    }),
    keyword: new BM25Retriever({
      index,
      topK,
      filter: visible,
    }),
    topK: k,
    context: conversationContext(index, (doc) => !visible || visible(doc)),
  });
  return { results: await fusion.retrieveResults(options.query), rebuildMs };
}
