import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "../logging/logger.js";
import type { RecalledMemory } from "../core/ports.js";
import { AppError, isAppError } from "../core/errors.js";
import type { ChannelType, Memory, MemoryScope, MemorySource, Owner } from "../core/types.js";
import type { MemoryOperation } from "./lifecycle/memory-journal.js";
import { cosineForSimilarity, type OwnerCount, type VectorIndex } from "../core/vector-index.js";
import {
  CANDIDATES_PER_RETRIEVER,
  CONTEXT_WINDOW_MS,
  type ConversationContext,
  type HybridResult,
} from "./search/hybrid-ranking.js";
import {
  type BuiltIndex,
  type KeywordDoc,
  KeywordIndex,
  type KeywordIndexRegistry,
} from "./search/keyword-index.js";
import { isAllowed, visibilityOf, VisibilityRule } from "../core/visibility.js";
import {
  BM25Retriever,
  FusionRetriever,
  type RetrieverMode,
  VectorMemoryRetriever,
} from "./search/retrievers.js";
import { RERANK_TOP_N, type Reranker } from "./search/reranker.js";
import { recallSettings, type RecallSettings } from "./search/embedder-profiles.js";
import { FactSlotMemo } from "../extraction/fact-slots.js";

/** Longest memory text accepted, in characters. */
export const MAX_MEMORY_CHARS = 4000;
/**
 * Longest text a save accepts (admin POST, import line): anything over the chunker's max_tokens is
 * stored as chunks, each a memory of at most MAX_MEMORY_CHARS.
 */
export const MAX_DOCUMENT_CHARS = 100_000;
/** Largest `k` a search may ask for. */
export const MAX_SEARCH_K = 50;
/**
 * Memories per `VectorIndex.list` page when a user's BM25 index is built from the store (see
 * docs/benchmarks.md, "BM25 on demand", for the page sizes measured).
 */
export const KEYWORD_BUILD_PAGE_SIZE = 2000;

export interface SaveInput {
  text: string;
  /** Replaces the memory with this id when it exists; a new id is made otherwise. */
  id?: string | undefined;
  /** ms since the epoch; now by default. */
  timestamp?: number | undefined;
  channelId?: string | undefined;
  channelType?: ChannelType | undefined;
  source: MemorySource;
  /** Topic labels, already normalised (memory/topics). */
  topics?: string[] | undefined;
  extra?: Record<string, string | number | boolean> | undefined;
}

/** A search result: the memory with its fused score and where each retriever ranked it. */
export interface SearchResult extends HybridResult {
  memory?: Memory | undefined;
  /** Who wrote the text, for a message the user saved from someone else ("Remember this"). */
  author?: string | undefined;
}

export interface MemoryServiceOptions {
  store: VectorIndex;
  keywordIndexes: KeywordIndexRegistry;
  logger: Logger;
  /** Results the agent recalls per message, and a search's `k` when none is given. */
  recallTopK: number;
  /**
   * `[memory.vector] enabled` (default true). Off: nothing is searched by vector — recall and every
   * search rank by BM25 alone, no query is embedded, and {@link MemoryService.nearest} finds nothing.
   * Memories are still stored with their vectors, so turning it back on needs no re-embedding.
   */
  vectorSearch?: boolean | undefined;
  /**
   * Fusion weights, the relevance gate's threshold and similarity_threshold (both in the index
   * metric's similarity): the embedder's profile with memory.toml's overrides (embedder-profiles.ts). The offline embedder's profile when absent.
   */
  recall?: RecallSettings | undefined;
  /** Where memories may be recalled (the deployment's one rule); DM memories stay out of channels by default. */
  visibility?: VisibilityRule;
  /** `[memory.vector] rerank`: reorders the fused top {@link RERANK_TOP_N} before the top-k cut. */
  reranker?: Reranker | undefined;
  /**
   * Called after every successful write to the store (save, delete, delete-all) with the owner whose
   * memories changed: the change feed publishes it, so other processes drop their copy of that user's
   * BM25 index ({@link MemoryService.invalidateKeywordIndex}). Must not throw (a throw is logged).
   */
  onMemoriesChanged?: ((owner: Owner) => void) | undefined;
  /** Memories per store page when a BM25 index is built (default {@link KEYWORD_BUILD_PAGE_SIZE}; the benchmark varies it). */
  keywordBuildPageSize?: number | undefined;
  now?: () => number;
}

/**
 * The memory index: documents in Chroma (the source of truth) plus a per-user BM25 index derived
 * from it, searched by RRF fusion of both. Every call is scoped to one user of one team.
 *
 * Writes here touch the index only. Everything else calls {@link MemoryLifecycle}, the one owner of
 * a memory's life, which keeps the knowledge graph (and the journal) consistent with this index.
 */
export class MemoryService {
  private readonly log: Logger;
  private readonly now: () => number;
  /** The fact slots of memories recall has compared (rankHybrid's recency step), kept across queries. */
  private readonly factSlots = new FactSlotMemo();
  private pendingWrites: ((owner: Owner) => readonly MemoryOperation[]) | undefined;
  readonly visibility: VisibilityRule;
  /** The recall numbers in force (see {@link MemoryServiceOptions.recall}). */
  readonly recallSettings: RecallSettings;
  /** Whether searches use the vector half ({@link MemoryServiceOptions.vectorSearch}). */
  readonly vectorSearch: boolean;

  constructor(private readonly options: MemoryServiceOptions) {
    this.log = options.logger.child({ component: "memory" });
    this.recallSettings = options.recall ?? recallSettings("offline");
    this.vectorSearch = options.vectorSearch ?? true;
    this.now = options.now ?? Date.now;
    this.visibility = options.visibility ?? new VisibilityRule();
  }

  /**
   * Where a build of a user's BM25 index finds the operations this process accepted but the store
   * does not have yet (the lifecycle's journal): they are applied on top of what the store lists.
   */
  setPendingWrites(source: (owner: Owner) => readonly MemoryOperation[]): void {
    this.pendingWrites = source;
  }

  /**
   * Drops this process's copy of the user's BM25 index: their memories changed elsewhere (another
   * replica, the CLI). A cached index is rebuilt from the store at once, in the background (else the
   * next search builds it); a search already holding the old one finishes with it, and a build
   * already running is not cached. `"all"`: every user's (the
   * change feed may have missed changes).
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
   * The user's BM25 index: the cached one, or built now from the store ({@link buildKeywordIndex}),
   * once however many callers ask at the same time. A store failure is thrown (nothing is cached).
   */
  keywordIndex(owner: Owner): Promise<KeywordIndex> {
    return this.options.keywordIndexes.load(owner.teamId, owner.userId, () => this.buildKeywordIndex(owner));
  }

  /**
   * Builds a user's BM25 index from the store, {@link KEYWORD_BUILD_PAGE_SIZE} memories a page, then
   * applies the writes the store does not have yet ({@link setPendingWrites}). With the store failing,
   * the index of those pending writes alone answers (not cached) if there are any — what the user
   * saved during an outage is still recalled by its words —, else the store's error is thrown.
   * With snapshots (a store with {@link VectorIndex.version}), an unchanged user's snapshot is read
   * instead of the store, and a listing the version held around is written as the next snapshot.
   */
  private async buildKeywordIndex(owner: Owner): Promise<BuiltIndex> {
    const started = performance.now();
    const { store } = this.options;
    const snapshots = this.options.keywordIndexes.snapshots;
    const version =
      snapshots && store.version ? await store.version(owner).catch(() => undefined) : undefined;
    const pending = () => this.pendingWrites?.(owner) ?? [];
    if (snapshots && version !== undefined) {
      const docs = await snapshots.read(owner, version);
      if (docs) {
        const index = new KeywordIndex();
        index.add(docs);
        applyPending(index, pending());
        this.logBuilt(owner, index, started, "snapshot");
        return { index, cacheable: true };
      }
    }
    const index = new KeywordIndex();
    let failure: unknown;
    try {
      const pageSize = this.options.keywordBuildPageSize ?? KEYWORD_BUILD_PAGE_SIZE;
      for (let offset = 0; ; offset += pageSize) {
        const page = await store.list(owner, { limit: pageSize, offset });
        index.add(page.map(keywordDoc));
        if (page.length < pageSize) break;
      }
    } catch (err) {
      failure = err;
    }
    const writes = pending();
    if (failure !== undefined) {
      if (writes.length === 0) throw failure;
      const partial = new KeywordIndex();
      applyPending(partial, writes);
      this.log.warn(
        { err: failure, teamId: owner.teamId, userId: owner.userId, pending: writes.length },
        "memory store unavailable: BM25 of the not yet stored memories only",
      );
      return { index: partial, cacheable: false };
    }
    // What the store listed, before the writes it does not have yet: the next snapshot.
    const listed = snapshots && version !== undefined ? [...index.all()] : [];
    applyPending(index, writes);
    this.logBuilt(owner, index, started, "store");
    if (snapshots && version !== undefined) {
      // Kept for the next build only if no write landed while the pages were read (the version held).
      void (async () => {
        if ((await store.version!(owner)) === version) await snapshots.write(owner, version, listed);
      })().catch((err: unknown) =>
        this.log.warn({ err, teamId: owner.teamId, userId: owner.userId }, "BM25 snapshot not written"),
      );
    }
    return { index, cacheable: true };
  }

  private logBuilt(owner: Owner, index: KeywordIndex, started: number, from: "store" | "snapshot"): void {
    this.log.debug(
      {
        teamId: owner.teamId,
        userId: owner.userId,
        memories: index.size,
        from,
        ms: Math.round(performance.now() - started),
      },
      "BM25 index built",
    );
  }

  /** Saves one memory (replacing one with the same id). AppError `bad_request` for empty or over-long text. */
  async save(scope: MemoryScope, input: SaveInput): Promise<Memory> {
    const [memory] = await this.saveMany(scope, [input]);
    return memory!;
  }

  /**
   * Saves several memories of one user in one batch (one embedding request per batch): Chroma, then
   * BM25. The lifecycle does these steps itself, journaled; this is for callers without one (the
   * eval's throw-away namespace, benchmarks).
   */
  async saveMany(scope: MemoryScope, inputs: SaveInput[]): Promise<Memory[]> {
    const { memories, fresh } = this.prepare(scope, inputs);
    await this.storeMemories(memories, { fresh });
    this.indexKeywords(scope, memories);
    return memories;
  }

  /**
   * Validates inputs into memories of the scope's user (AppError `bad_request` for empty or over-long
   * text). `fresh` holds the ids generated here: new, so they replace nothing.
   */
  prepare(scope: MemoryScope, inputs: SaveInput[]): { memories: Memory[]; fresh: Set<string> } {
    const memories = inputs.map((input) => this.toMemory(scope, input));
    const fresh = new Set(memories.filter((_, i) => inputs[i]!.id === undefined).map((m) => m.id));
    return { memories, fresh };
  }

  /** Writes memories to Chroma (embedding them), replacing stored ones with the same ids except `fresh` ones. */
  async storeMemories(memories: Memory[], options: { fresh?: ReadonlySet<string> } = {}): Promise<void> {
    const owners = new Map(memories.map((m) => [`${m.teamId}\u0000${m.userId}`, m]));
    for (const m of owners.values()) this.options.keywordIndexes.update(m.teamId, m.userId);
    await this.options.store.upsert(memories, options);
    for (const m of owners.values()) this.changed(m);
  }

  /**
   * Adds memories to their user's BM25 index (replacing by id) if this process holds it; otherwise
   * nothing: the index is built from the store when next needed.
   */
  indexKeywords(scope: MemoryScope, memories: Memory[]): void {
    if (memories.length === 0) return;
    this.options.keywordIndexes.update(scope.teamId, scope.userId, (index) =>
      index.add(memories.map(keywordDoc)),
    );
  }

  /** Takes ids out of the user's BM25 index, if this process holds it. */
  unindexKeywords(scope: MemoryScope, ids: string[]): void {
    this.options.keywordIndexes.update(scope.teamId, scope.userId, (index) => index.remove(ids));
  }

  /** Ids of the user's memories that are chunks of the document `parentId`. */
  async chunkIdsOf(scope: MemoryScope, parentId: string): Promise<string[]> {
    const ids: string[] = [];
    for (const doc of (await this.keywordIndex(scope)).all()) {
      if (doc.parentId === parentId) ids.push(doc.id);
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

  /** How many memories the user has (their BM25 index's, which counts saves not stored yet). */
  async keywordCount(scope: MemoryScope): Promise<number> {
    return (await this.keywordIndex(scope)).size;
  }

  /** Drops the user's BM25 index (all their memories are being deleted). */
  dropKeywordIndex(scope: MemoryScope): void {
    this.options.keywordIndexes.invalidate(scope.teamId, scope.userId);
  }

  /**
   * Hybrid search in `scope`: vector + BM25 candidates fused as the embedder's profile says
   * ({@link MemoryServiceOptions.recall}); BM25 alone with vector search off. In a channel, only what was said
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
    const index = await this.keywordIndex(scope);
    if (index.size === 0) return [];
    const visibilities = this.visibility.allowedIn(scope);
    const topK = Math.max(k, CANDIDATES_PER_RETRIEVER);
    const { topic } = options;
    const reranker = options.rerank === false ? undefined : this.options.reranker;
    const visible = (doc: KeywordDoc) => !visibilities || isAllowed([docVisibility(doc)], visibilities);
    const onTopic = (topics: readonly string[] | undefined) => !topic || (topics ?? []).includes(topic);
    const fusion = new FusionRetriever({
      vector: new VectorMemoryRetriever({
        store: this.options.store,
        teamId: scope.teamId,
        userId: scope.userId,
        visibilities,
        topK,
        ...(topic ? { accept: (memory: Memory) => onTopic(memory.topics) } : {}),
        ...(options.queryVector !== undefined ? { queryVector: options.queryVector } : {}),
        minSimilarity: this.recallSettings.similarityThreshold,
      }),
      keyword: new BM25Retriever({
        index,
        topK,
        filter: visibilities || topic ? (doc) => visible(doc) && onTopic(doc.topics) : undefined,
      }),
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
      }));
  }

  /** The user's memory with this id, if it may be shown in `scope` (a channel sees no DM memory). */
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

  /** Deletes these memories of the user from Chroma (ids they do not have are ignored). */
  async deleteStored(scope: MemoryScope, ids: string[]): Promise<void> {
    this.options.keywordIndexes.update(scope.teamId, scope.userId);
    await this.options.store.delete(scope, ids);
    this.changed(scope);
  }

  /** Deletes all of the user's memories from Chroma (their collections). */
  async deleteAllStored(scope: MemoryScope): Promise<void> {
    this.options.keywordIndexes.update(scope.teamId, scope.userId);
    await this.options.store.deleteAll(scope);
    this.changed(scope);
  }

  /** After a successful store write: a build that ran across it is stale; the change feed is told. */
  private changed(owner: Owner): void {
    this.options.keywordIndexes.stored(owner.teamId, owner.userId);
    try {
      this.options.onMemoriesChanged?.({ teamId: owner.teamId, userId: owner.userId });
    } catch (err) {
      this.log.error({ err, teamId: owner.teamId, userId: owner.userId }, "onMemoriesChanged threw");
    }
  }

  private toMemory(scope: MemoryScope, input: SaveInput): Memory {
    const text = input.text.normalize("NFC").trim();
    if (!text) throw new AppError("bad_request", "text must not be empty");
    if (text.length > MAX_MEMORY_CHARS) {
      throw new AppError("bad_request", `text is longer than ${MAX_MEMORY_CHARS} characters`);
    }
    const timestamp = input.timestamp ?? this.now();
    return {
      id: input.id ?? newMemoryId(timestamp),
      text,
      userId: scope.userId,
      teamId: scope.teamId,
      timestamp,
      channelId: input.channelId ?? scope.channelId ?? "",
      channelType: input.channelType ?? scope.channelType ?? "im",
      source: input.source,
      ...(input.topics?.length ? { topics: input.topics } : {}),
      ...(input.extra && Object.keys(input.extra).length ? { extra: input.extra } : {}),
    };
  }
}

/** `doc_<ms>_<random>`: the source of a chunked text (its chunks are `<id>#<n>`). */
export function newDocumentId(timestamp: number): string {
  return `doc_${timestamp}_${randomBytes(4).toString("hex")}`;
}

/** `mem_<ms>_<random>`: sortable by time, unique across processes. */
export function newMemoryId(timestamp: number): string {
  return `mem_${timestamp}_${randomBytes(4).toString("hex")}`;
}

/**
 * `mem_<ms>_<hash>` of a memory a chat turn saves: the same turn (Slack event id `key`) saving the
 * same text gets the same id, so a turn answered again after a restart replaces instead of adding.
 */
export function turnMemoryId(timestamp: number, key: string, text: string): string {
  return `mem_${timestamp}_${createHash("sha256").update(`${key}\u0000${text}`).digest("hex").slice(0, 8)}`;
}

/**
 * Memories that are captured conversation — kept by the content filter from what was said, or
 * imported (chat logs) — have conversation context (rankHybrid step 4). What a user asked to be
 * remembered (`slack`) or an operator saved (`admin`) stands alone: two facts told one after the
 * other ("remember: dentist on Tuesday", "remember: Ttori's birthday is Oct 27") are not each
 * other's context.
 */
const CONVERSATION_SOURCES: ReadonlySet<string> = new Set<MemorySource>(["autosave", "import"]);

function isConversation(doc: KeywordDoc | undefined): boolean {
  return doc?.source !== undefined && CONVERSATION_SOURCES.has(doc.source);
}

/**
 * Recall's conversation context over a user's index: only captured conversation has neighbours
 * ({@link CONVERSATION_SOURCES}), each in the result's channel and passing `accept` — the same
 * visibility and topic filter as the BM25 half.
 */
export function conversationContext(
  index: KeywordIndex,
  accept: (doc: KeywordDoc) => boolean,
): ConversationContext {
  return {
    neighbours: (id) =>
      isConversation(index.get(id))
        ? index.neighbours(id, CONTEXT_WINDOW_MS).filter((doc) => isConversation(doc) && accept(doc))
        : [],
  };
}

/** A memory as its user's BM25 index holds it. */
export function keywordDoc(memory: Memory): KeywordDoc {
  return {
    id: memory.id,
    text: memory.text,
    timestamp: memory.timestamp,
    channelId: memory.channelId,
    channelType: memory.channelType,
    visibility: visibilityOf(memory),
    ...(memory.topics?.length ? { topics: memory.topics } : {}),
    ...(typeof memory.extra?.parent_id === "string" ? { parentId: memory.extra.parent_id } : {}),
    ...(typeof memory.extra?.author === "string" ? { author: memory.extra.author } : {}),
    source: memory.source,
  };
}

/** Operations not in the store yet, in journal order, applied to an index built from the store. */
function applyPending(index: KeywordIndex, operations: readonly MemoryOperation[]): void {
  for (const operation of operations) {
    if (operation.op === "save") index.add(operation.memories.map(keywordDoc));
    else if (operation.op === "delete") index.remove(operation.ids);
    else index.removeAll();
  }
}

function docVisibility(doc: KeywordDoc): string {
  return (
    doc.visibility ?? visibilityOf({ channelId: doc.channelId, channelType: doc.channelType as ChannelType })
  );
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

/**
 * The largest offset a cursor may carry: every backend's OFFSET takes it as an exact integer (Chroma's
 * is 32-bit). A cursor past it (1e300, 2^63) is a client's mistake, never a page any backend can read.
 */
export const MAX_CURSOR_OFFSET = 2 ** 31 - 1;

/** The offset of a cursor {@link encodeCursor} made; anything else is a `bad_request`. */
function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { o?: unknown };
    const o = parsed.o;
    if (typeof o === "number" && Number.isInteger(o) && o >= 0 && o <= MAX_CURSOR_OFFSET) return o;
  } catch (err) {
    throw new AppError("bad_request", "cursor is not valid", { cause: err });
  }
  throw new AppError("bad_request", "cursor is not valid");
}
