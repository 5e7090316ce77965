import { BaseRetriever, extractText, type NodeWithScore, type QueryBundle, TextNode } from "llamaindex";
import type { Memory, Owner } from "../../core/types.js";
import type { VectorIndex } from "../../core/vector-index.js";
import {
  type HybridResult,
  type KeywordCandidate,
  rankHybrid,
  type VectorCandidate,
  type ConversationContext,
} from "./hybrid-ranking.js";
import type { KeywordDoc, KeywordIndex } from "./keyword-index.js";
import type { FactSlotMemo } from "../../extraction/fact-slots.js";
import type { FusionSettings } from "./embedder-profiles.js";

/** Which retrievers a search uses: both fused (the default), or one alone (`eval --ablate`). */
export type RetrieverMode = "hybrid" | "keyword" | "vector";
export const RETRIEVER_MODES: readonly RetrieverMode[] = ["keyword", "vector", "hybrid"];

/**
 * LlamaIndex retrievers over one user's memories, composed the way Python's `QueryFusionRetriever`
 * composes a vector and a BM25 retriever. Each instance is bound to one scope (user, team, channel
 * visibility), so a query can only ever see that user's memories. Node ids are memory ids.
 */

function queryText(bundle: QueryBundle): string {
  return typeof bundle.query === "string" ? bundle.query : extractText(bundle.query);
}

/** Vector similarity in the index, filtered by user, team and visibility. Score = the metric's similarity. */
export class VectorMemoryRetriever extends BaseRetriever {
  constructor(
    private readonly options: Owner & {
      store: Pick<VectorIndex, "query" | "embedQuery">;
      visibilities?: readonly string[] | undefined;
      topK: number;
      /**
       * A precomputed query vector (one embedding per message, or benchmarks); else the text is
       * embedded; `null`: no vector (the embedder was too slow), so this half finds nothing.
       */
      queryVector?: number[] | null;
      /** Keeps only the memories it returns true for (a topic): fetched four times over, then filtered. */
      accept?: (memory: Memory) => boolean;
      /** `similarity_threshold`: hits below this similarity (the metric's) are left out. */
      minSimilarity?: number | undefined;
    },
  ) {
    super();
  }

  /** The hits as fusion candidates (what {@link FusionRetriever} reads, without LlamaIndex nodes). */
  async candidates(query: string): Promise<VectorCandidate[]> {
    const { store, accept, queryVector, minSimilarity, ...scope } = this.options;
    if (queryVector === null) return [];
    const vector = queryVector ?? (await store.embedQuery(query));
    const found = await store.query({
      ...scope,
      vector,
      topK: accept ? scope.topK * 4 : scope.topK,
      ...(minSimilarity !== undefined && minSimilarity > 0 ? { minSimilarity } : {}),
    });
    const hits = accept ? found.filter((hit) => accept(hit.memory)).slice(0, scope.topK) : found;
    return hits.map((hit) => ({
      id: hit.memory.id,
      similarity: hit.similarity,
      timestamp: hit.memory.timestamp,
      text: hit.memory.text,
    }));
  }

  async _retrieve(bundle: QueryBundle): Promise<NodeWithScore[]> {
    const found = await this.candidates(queryText(bundle));
    return found.map((c) => ({
      node: new TextNode({ id_: c.id, text: c.text, metadata: { timestamp: c.timestamp } }),
      score: c.similarity,
    }));
  }
}

/** BM25 over the user's own keyword index (Korean-aware tokenizer). Score = BM25; metadata carries coverage. */
export class BM25Retriever extends BaseRetriever {
  constructor(
    private readonly options: {
      index: KeywordIndex;
      topK: number;
      filter?: ((doc: KeywordDoc) => boolean) | undefined;
    },
  ) {
    super();
  }

  /** The hits as fusion candidates (what {@link FusionRetriever} reads, without LlamaIndex nodes). */
  candidates(query: string): KeywordCandidate[] {
    const { index, topK, filter } = this.options;
    const hits = index.search(query, { limit: topK, ...(filter ? { filter } : {}) });
    return hits.flatMap((hit) => {
      const doc = index.get(hit.id);
      if (!doc) return [];
      return [
        { id: hit.id, score: hit.score, coverage: hit.coverage, timestamp: doc.timestamp, text: doc.text },
      ];
    });
  }

  async _retrieve(bundle: QueryBundle): Promise<NodeWithScore[]> {
    return this.candidates(queryText(bundle)).map((c) => ({
      node: new TextNode({
        id_: c.id,
        text: c.text,
        metadata: { timestamp: c.timestamp, coverage: c.coverage },
      }),
      score: c.score,
    }));
  }
}

/**
 * Weighted reciprocal rank fusion of a vector and a BM25 retriever (the weights and k of the
 * embedder's profile, see embedder-profiles.ts), with recency handling and a relevance flag (see
 * rankHybrid). Node metadata carries the per-source ranks and raw scores. With `mode` "keyword" or
 * "vector" only that retriever runs (the eval's ablation); recency and the gate apply the same way.
 */
export class FusionRetriever extends BaseRetriever {
  constructor(
    private readonly options: {
      /** Its candidates are read directly: no LlamaIndex nodes (a SHA-256 each), events or ids per query. */
      vector: Pick<VectorMemoryRetriever, "candidates">;
      keyword: Pick<BM25Retriever, "candidates">;
      topK: number;
      /** The relevance gate's vector threshold, in the metric's similarity (recallSettings). */
      minSimilarity?: number | undefined;
      minKeywordCoverage?: number | undefined;
      /** RRF k and per-retriever weights; rankHybrid's defaults when absent. */
      fusion?: FusionSettings | undefined;
      /** Default "hybrid". */
      mode?: RetrieverMode | undefined;
      /**
       * Called when the vector half fails (Chroma or the embedder down, or past its timeout): the
       * results then come from BM25 alone. Without it the failure is thrown.
       */
      onVectorFailure?: ((err: unknown) => void) | undefined;
      /** The results' conversation neighbours (rankHybrid step 4); none when absent. */
      context?: ConversationContext | undefined;
      /** The fact slots its owner has read so far (rankHybrid's `factSlots`); per query when absent. */
      factSlots?: FactSlotMemo | undefined;
    },
  ) {
    super();
  }

  /** The fused results with their provenance, for callers that want more than nodes. */
  async retrieveResults(query: string): Promise<HybridResult[]> {
    // The vector half waits on Chroma over HTTP; the BM25 half is CPU work on this thread. Let the
    // Chroma request go out before scoring BM25, so the two overlap instead of running back to back.
    const mode = this.options.mode ?? "hybrid";
    const vectorPending: Promise<VectorCandidate[]> =
      mode === "keyword" ? Promise.resolve([]) : this.options.vector.candidates(query);
    vectorPending.catch(() => undefined); // awaited below; this only keeps an early failure handled
    await new Promise<void>((resolve) => setImmediate(resolve));
    const keyword: KeywordCandidate[] = mode === "vector" ? [] : this.options.keyword.candidates(query);
    const vector = await vectorPending.catch((err: unknown) => {
      if (!this.options.onVectorFailure) throw err;
      this.options.onVectorFailure(err);
      return [];
    });
    return rankHybrid({
      query,
      vector,
      keyword,
      topK: this.options.topK,
      ...(this.options.minSimilarity !== undefined ? { minSimilarity: this.options.minSimilarity } : {}),
      ...(this.options.minKeywordCoverage !== undefined
        ? { minKeywordCoverage: this.options.minKeywordCoverage }
        : {}),
      ...(this.options.fusion
        ? {
            method: this.options.fusion.method,
            k: this.options.fusion.k,
            weights: this.options.fusion.weights,
            recencyPrior: this.options.fusion.recencyPrior,
          }
        : {}),
      context: this.options.context,
      ...(this.options.factSlots ? { factSlots: this.options.factSlots } : {}),
    });
  }

  async _retrieve(bundle: QueryBundle): Promise<NodeWithScore[]> {
    const results = await this.retrieveResults(queryText(bundle));
    return results.map((r) => ({
      node: new TextNode({
        id_: r.id,
        text: r.text,
        metadata: {
          timestamp: r.timestamp,
          relevant: r.relevant,
          vectorRank: r.ranks.vector ?? null,
          keywordRank: r.ranks.keyword ?? null,
          similarity: r.similarity ?? null,
          keywordScore: r.keywordScore ?? null,
        },
      }),
      score: r.score,
    }));
  }
}
