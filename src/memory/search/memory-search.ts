import { FactSlotMemo } from "../../extraction/fact-slots.js";
import type { Logger } from "../../logging/logger.js";
import type { RecalledMemory } from "../../core/ports.js";
import { hasWords } from "../../text/tokenizer.js";
import { AppError, isAppError } from "../../core/errors.js";
import type { ChannelType, Memory, MemoryScope, MemorySource, Owner } from "../../core/types.js";
import { cosineForSimilarity, type OwnerCount, type VectorIndex } from "../../core/vector-index.js";
import { isAllowed, visibilityOf, type VisibilityRule } from "../../core/visibility.js";
import { CANDIDATES_PER_RETRIEVER, type HybridResult } from "./hybrid-ranking.js";
import type { KeywordDoc, KeywordIndex, KeywordIndexRegistry } from "./keyword-index.js";
import { buildKeywordIndex, KEYWORD_BUILD_PAGE_SIZE, type PendingWrites } from "./keyword-build.js";
import { conversationContext } from "./conversation-context.js";
import { decodeCursor, encodeCursor } from "./list-cursor.js";
import { BM25Retriever, FusionRetriever, type RetrieverMode, VectorMemoryRetriever } from "./retrievers.js";
import { RERANK_TOP_N, type Reranker } from "./reranker.js";
import { recallSettings, type RecallSettings } from "./embedder-profiles.js";
import { NO_METRICS, type Metrics } from "../../core/metrics.js";
import { timedHalf } from "./timed-half.js";

/** Largest `k` a search may ask for. */
export const MAX_SEARCH_K = 50;

/** A search result: the memory with its fused score and where each retriever ranked it. */
export interface SearchResult extends HybridResult {
  memory?: Memory | undefined;
  /** Who wrote the text, for a message the user saved from someone else ("Remember this"). */
  author?: string | undefined;
}

/** What a search reads of the store: reads only (writes belong to the lifecycle). */
export type StoreReader = Pick<
  VectorIndex,
  "info" | "query" | "embedQuery" | "get" | "list" | "owners" | "version"
>;

export interface MemorySearchOptions {
  store: StoreReader;
  /** The per-user BM25 indexes: built here from the store; the lifecycle's writes keep them current. */
  keywordIndexes: KeywordIndexRegistry;
  /** Writes accepted but not stored yet (the lifecycle's journal), applied to every BM25 build. */
  pending?: PendingWrites | undefined;
  logger: Logger;
  /** Results the agent recalls per message, and a search's `k` when none is given. */
  recallTopK: number;
  /**
   * `[memory.vector] enabled` (default true). Off: nothing is searched by vector — recall and every
   * search rank by BM25 alone, no query is embedded, and {@link MemorySearch.nearest} finds nothing.
   * Memories are still stored with their vectors, so turning it back on needs no re-embedding.
   */
  vectorSearch?: boolean | undefined;
  /**
   * Fusion weights, the relevance gate's threshold and similarity_threshold (both in the index
   * metric's similarity): the embedder's profile with memory.toml's overrides (embedder-profiles.ts).
   * The offline embedder's profile when absent.
   */
  recall?: RecallSettings | undefined;
  /** Where memories may be recalled: the deployment's one rule, built by the composition. */
  visibility: VisibilityRule;
  /** `[memory.vector] rerank`: reorders the fused top {@link RERANK_TOP_N} before the top-k cut. */
  reranker?: Reranker | undefined;
  /** Memories per store page when a BM25 index is built (default {@link KEYWORD_BUILD_PAGE_SIZE}; the benchmark varies it). */
  keywordBuildPageSize?: number | undefined;
  /** Where each recall half's time is recorded (none by default). */
  metrics?: Metrics | undefined;
}

/**
 * The read side of memory: documents in the vector store (the source of truth) plus a per-user BM25
 * index derived from it, searched by fusion of both; listing, reading and counting. Every call is
 * scoped to one user of one team and goes through the visibility rule.
 *
 * Nothing here writes the store: it is held as a {@link StoreReader}. Writes are the lifecycle's
 * (memory/lifecycle), which also keeps the cached BM25 indexes current.
 */
export class MemorySearch {
  private readonly log: Logger;
  /** The fact slots of memories recall has compared (rankHybrid's recency step), kept across queries. */
  private readonly factSlots = new FactSlotMemo();
  readonly visibility: VisibilityRule;
  /** The recall numbers in force (see {@link MemorySearchOptions.recall}). */
  readonly recallSettings: RecallSettings;
  /** Whether searches use the vector half ({@link MemorySearchOptions.vectorSearch}). */
  readonly vectorSearch: boolean;

  constructor(private readonly options: MemorySearchOptions) {
    this.log = options.logger.child({ component: "memory" });
    this.recallSettings = options.recall ?? recallSettings("offline");
    this.vectorSearch = options.vectorSearch ?? true;
    this.visibility = options.visibility;
  }

  /**
   * Drops this process's copy of the user's BM25 index: their memories changed elsewhere (another
   * replica, the CLI). A cached index is rebuilt from the store at once, in the background (else the
   * next search builds it); a search already holding the old one finishes with it, and a build
   * already running is not cached. `"all"`: every user's (the change feed may have missed changes).
   */
  invalidateKeywordIndex(owner: Owner | "all"): void {
    if (owner === "all") {
      this.options.keywordIndexes.invalidateAll();
      return;
    }
    // A user this process was serving stays warm: their index is built again now, in the background
    // (a failure is left to the next search, which builds and reports it).
    if (this.options.keywordIndexes.invalidate(owner.teamId, owner.userId)) {
      this.keywordIndex(owner).catch(() => undefined);
    }
  }

  /** The BM25 cache of this process: users held, their estimated bytes, builds started (health, tests). */
  keywordIndexStats(): { users: number; bytes: number; builds: number } {
    const registry = this.options.keywordIndexes;
    return { users: registry.size, bytes: registry.bytes, builds: registry.buildsStarted };
  }

  /**
   * The user's BM25 index: the cached one, or built now from the store (keyword-build.ts), once
   * however many callers ask at the same time. A store failure is thrown (nothing is cached).
   */
  private keywordIndex(owner: Owner): Promise<KeywordIndex> {
    const { store, keywordIndexes, pending, keywordBuildPageSize } = this.options;
    return keywordIndexes.load(owner.teamId, owner.userId, () =>
      buildKeywordIndex(owner, {
        store,
        keywordIndexes,
        pending,
        pageSize: keywordBuildPageSize ?? KEYWORD_BUILD_PAGE_SIZE,
        logger: this.log,
      }),
    );
  }

  /** Ids of the user's memories that are chunks of the document `parentId`. */
  async chunkIdsOf(scope: MemoryScope, parentId: string): Promise<string[]> {
    const ids: string[] = [];
    for (const doc of (await this.keywordIndex(scope)).all()) {
      if (doc.parentId === parentId) ids.push(doc.id);
    }
    return ids;
  }

  /**
   * Ids of the user's memories of this source kept from one Slack message (its channel and ts, as
   * `extra.message_ts`): every chunk of it. Saves not in the store yet are included.
   */
  async savedFrom(
    scope: MemoryScope,
    message: { channelId: string; messageTs: string; source: MemorySource },
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const doc of (await this.keywordIndex(scope)).all()) {
      if (
        doc.messageTs === message.messageTs &&
        doc.channelId === message.channelId &&
        doc.source === message.source
      ) {
        ids.push(doc.id);
      }
    }
    return ids;
  }

  /** A search's `k` when the caller gives none: `[memory.vector] top_k` (or RECALL_TOP_K). */
  get recallTopK(): number {
    return this.options.recallTopK;
  }

  /** The embedding of a query text (through the same model as the stored vectors). */
  embedQuery(text: string): Promise<number[]> {
    return this.options.store.embedQuery(text);
  }

  /** The user's memories as BM25 holds them (text, topics …), in no particular order. */
  async memoriesOf(scope: MemoryScope): Promise<Iterable<KeywordDoc>> {
    return (await this.keywordIndex(scope)).all();
  }

  /**
   * The user's memories nearest to a vector (all of them, whatever their visibility: for novelty, never
   * shown), with their cosine similarity whatever the metric (novelty_threshold is a cosine). None
   * with vector search off.
   */
  async nearest(
    scope: MemoryScope,
    vector: number[],
    k: number,
  ): Promise<Array<{ memory: Memory; similarity: number }>> {
    if (!this.vectorSearch) return [];
    const { store } = this.options;
    const hits = await store.query({ teamId: scope.teamId, userId: scope.userId, vector, topK: k });
    return hits.map((hit) => ({
      ...hit,
      similarity: cosineForSimilarity(store.info.metric, hit.similarity),
    }));
  }

  /** The user's topic labels with how many of their memories carry each, most used first. */
  async topicCounts(scope: MemoryScope): Promise<Array<{ topic: string; count: number }>> {
    const counts = new Map<string, number>();
    for (const doc of (await this.keywordIndex(scope)).all()) {
      for (const topic of doc.topics ?? []) counts.set(topic, (counts.get(topic) ?? 0) + 1);
    }
    return [...counts]
      .map(([topic, count]) => ({ topic, count }))
      .sort((a, b) => b.count - a.count || a.topic.localeCompare(b.topic));
  }

  /** Every user with memories in the store, with their counts (`VectorIndex.owners`). */
  users(): Promise<OwnerCount[]> {
    return this.options.store.owners();
  }

  /**
   * Ids of the user's memories that may be shown in `scope`, newest first (ties by id), from `offset`
   * on, and how many there are: read from their BM25 index, which holds every memory with its time
   * (saves not in the store yet included), so the newest are found whatever the store's order.
   */
  async newest(
    scope: MemoryScope,
    page: { offset: number; limit: number },
  ): Promise<{ ids: string[]; total: number }> {
    const visibilities = this.visibility.allowedIn(scope);
    const docs = [...(await this.keywordIndex(scope)).all()].filter(
      (doc) => !visibilities || isAllowed([docVisibility(doc)], visibilities),
    );
    docs.sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return {
      ids: docs.slice(page.offset, page.offset + page.limit).map((doc) => doc.id),
      total: docs.length,
    };
  }

  /** How many memories the user has (their BM25 index's, which counts saves not stored yet). */
  async keywordCount(scope: MemoryScope): Promise<number> {
    return (await this.keywordIndex(scope)).size;
  }

  /**
   * Hybrid search in `scope`: vector + BM25 candidates fused as the embedder's profile says
   * ({@link MemorySearchOptions.recall}); BM25 alone with vector search off. In a channel, only what was said
   * there (or shared) is searched. All results, relevant or not; see `recall` for the relevant ones.
   * With a reranker (and `rerank` not false), the fused top {@link RERANK_TOP_N} are reordered by it
   * before the cut to `k`.
   */
  async search(
    scope: MemoryScope,
    query: string,
    options: {
      k?: number;
      queryVector?: number[] | null | undefined;
      topic?: string | undefined;
      rerank?: boolean | undefined;
      /** One retriever alone, for the eval's ablation; both fused by default. */
      retrievers?: RetrieverMode | undefined;
    } = {},
  ): Promise<SearchResult[]> {
    const k = options.k ?? this.options.recallTopK;
    if (!Number.isInteger(k) || k < 1 || k > MAX_SEARCH_K) {
      throw new AppError("bad_request", `k must be an integer from 1 to ${MAX_SEARCH_K}`);
    }
    if (!query.trim()) throw new AppError("bad_request", "query must not be empty");
    // "😀", "*", "%": no letter or digit to search by; the vector half alone would rank every memory
    // (App Home's box, `/memory search`, the admin API and recall alike).
    if (!hasWords(query)) return [];
    const index = await this.keywordIndex(scope);
    if (index.size === 0) return [];
    const visibilities = this.visibility.allowedIn(scope);
    const topK = Math.max(k, CANDIDATES_PER_RETRIEVER);
    const { topic } = options;
    const reranker = options.rerank === false ? undefined : this.options.reranker;
    const visible = (doc: KeywordDoc) => !visibilities || isAllowed([docVisibility(doc)], visibilities);
    const onTopic = (topics: readonly string[] | undefined) => !topic || (topics ?? []).includes(topic);
    const metrics = this.options.metrics ?? NO_METRICS;
    const fusion = new FusionRetriever({
      vector: timedHalf(
        new VectorMemoryRetriever({
          store: this.options.store,
          teamId: scope.teamId,
          userId: scope.userId,
          visibilities,
          topK,
          ...(topic ? { accept: (memory: Memory) => onTopic(memory.topics) } : {}),
          ...(options.queryVector !== undefined ? { queryVector: options.queryVector } : {}),
          minSimilarity: this.recallSettings.similarityThreshold,
        }),
        "vector",
        metrics,
      ),
      keyword: timedHalf(
        new BM25Retriever({
          index,
          topK,
          filter: visibilities || topic ? (doc) => visible(doc) && onTopic(doc.topics) : undefined,
        }),
        "bm25",
        metrics,
      ),
      topK: reranker ? Math.max(k, RERANK_TOP_N) : k,
      minSimilarity: this.recallSettings.relevanceThreshold,
      fusion: this.recallSettings.fusion,
      // Vector search off: the vector retriever is never asked (no embedding, no vector query).
      mode: this.vectorSearch ? options.retrievers : "keyword",
      context: conversationContext(index, (doc) => visible(doc) && onTopic(doc.topics)),
      factSlots: this.factSlots,
      // Chroma or the embedder down: recall from BM25 alone rather than not at all.
      onVectorFailure: (err) =>
        this.log.warn({ err, teamId: scope.teamId, userId: scope.userId }, "vector recall failed; BM25 only"),
    });
    const fused = await fusion.retrieveResults(query);
    const ranked = reranker ? (await reranker.rerank(query, fused)).results.slice(0, k) : fused;
    // The index searched holds every memory of the user's: who wrote each one that is someone else's.
    return ranked.map((r) => {
      const author = index.get(r.id)?.author;
      return author ? { ...r, author } : r;
    });
  }

  /** The relevant memories for a message (the agent's `[관련 기억]`). */
  async recall(
    scope: MemoryScope,
    query: string,
    options: { topic?: string | undefined; queryVector?: number[] | null | undefined } = {},
  ): Promise<RecalledMemory[]> {
    if (!query.trim()) return [];
    let results: SearchResult[];
    try {
      results = await this.search(scope, query, options);
    } catch (err) {
      // The store down and this user's BM25 index not in this process: nothing to recall from, which
      // must not fail the turn (a warm user still gets BM25 alone, as the search does).
      if (!isAppError(err, "store_failed")) throw err;
      this.log.warn(
        { err, teamId: scope.teamId, userId: scope.userId },
        "recall failed: memory store unavailable",
      );
      return [];
    }
    return results
      .filter((r) => r.relevant)
      .map((r) => ({
        id: r.id,
        text: r.text,
        timestamp: r.timestamp,
        score: r.score,
        ...(r.author ? { author: r.author } : {}),
        ...(r.byContext ? { byContext: true as const } : {}),
        ...(r.supersedes ? { supersedes: r.supersedes } : {}),
      }));
  }

  /** The user's stored memory with this id, if it may be shown in `scope` (a channel sees no DM memory). */
  async get(scope: MemoryScope, id: string): Promise<Memory | undefined> {
    const memory = await this.options.store.get(scope, id);
    return memory && this.visibility.canSeeMemory(scope, memory) ? memory : undefined;
  }

  /**
   * One page of the user's memories that may be shown in `scope` (the visibility rule, as for
   * {@link get} and search: in a channel no DM memory); the cursor is opaque. The store lists all of
   * the owner's rows, so in a channel the rows not visible there are read past: the cursor is the
   * store offset after the last row looked at.
   */
  async list(
    scope: MemoryScope,
    options: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: Memory[]; nextCursor: string | null }> {
    let offset = options.cursor ? decodeCursor(options.cursor) : 0;
    // One row more than asked tells whether another page exists (null when this one ends exactly full).
    const pageSize = options.limit + 1;
    const items: Memory[] = [];
    for (;;) {
      const rows = await this.options.store.list(scope, { limit: pageSize, offset });
      for (const [i, memory] of rows.entries()) {
        if (!this.visibility.canSeeMemory(scope, memory)) continue;
        if (items.length === options.limit) return { items, nextCursor: encodeCursor(offset + i) };
        items.push(memory);
      }
      if (rows.length < pageSize) return { items, nextCursor: null };
      offset += rows.length;
    }
  }
}

function docVisibility(doc: KeywordDoc): string {
  return (
    doc.visibility ?? visibilityOf({ channelId: doc.channelId, channelType: doc.channelType as ChannelType })
  );
}
