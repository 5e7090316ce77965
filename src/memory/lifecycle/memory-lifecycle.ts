import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { dirname } from "node:path";
import type { Logger } from "../../logging/logger.js";
import { type ForgetOutcome, matchesQuery, type MemoryPort, type RecalledMemory } from "../../core/ports.js";
import type { Memory, MemoryScope, Owner } from "../../core/types.js";
import { ownerKey, type OwnerCount } from "../../core/vector-index.js";
import type { MemoryOperation, NewOperation } from "./memory-journal.js";
import { compileExcludePatterns } from "../../config/exclude-patterns.js";
import { AppError } from "../../core/errors.js";
import type { MemorySearch, SearchResult } from "../search/memory-search.js";
import { prepareMemories, turnMemoryId, type SaveInput } from "./save-input.js";
import { refuseExcluded } from "./excluded-content.js";
import { chunkLongInputs } from "./documents.js";
import { GraphPart } from "./graph-part.js";
import { DEFAULT_APPLY_RETRY, StoreApplier } from "./store-applier.js";
import { listUnstoredFirst, notYetStored, type NotYetStored } from "./unstored-first.js";
import { StoreWriter } from "./store-writer.js";
import { AuditPart, actorOfSource } from "./audit-part.js";
import type { AuditActor } from "../../core/audit.js";
import type { ActorOption, DeleteAllResult, MemoryLifecycleOptions } from "./lifecycle-options.js";
import { countBySource, recordForgotten, recordSaved } from "./lifecycle-metrics.js";
import { NO_METRICS } from "../../core/metrics.js";
import { KeyedMutex } from "../../util/keyed-mutex.js";
import { namesValueOnlyIn, tokenize } from "../../text/tokenizer.js";
import { FactSlotMemo, sameFactSlot, statesChangeOf, statesSameFact } from "../../extraction/fact-slots.js";

export type { LifecycleGraph, LifecycleHistory } from "./graph-part.js";
export type { ActorOption, DeleteAllResult, MemoryLifecycleOptions } from "./lifecycle-options.js";

/** A saved memory; `stored: false` when it is kept (journaled, in BM25) but not in Chroma yet. */
export type SavedMemory = Memory & { stored: boolean };

/** How many of a text's best BM25 matches are compared with it for a copy word for word. */
const SAME_TEXT_CANDIDATES = 5;

/** Most candidates a forget request shows when it cannot tell which memory is meant. */
export const MAX_FORGET_CANDIDATES = 5;

/** How many of the newest memories `latest` reads, per memory it returns, before it stops looking. */
const LATEST_READS_PER_MEMORY = 10;

/**
 * The one owner of a memory's life. Saving (chat, tools, admin, import), forgetting and deleting (one,
 * several, all, by query) go through here and nowhere else, so the vector store, the BM25 index, the
 * knowledge graph and the conversation history never disagree: a saved memory's facts are extracted
 * into the graph (imports too); a deleted memory's facts leave it (a fact also said in another memory
 * stays) and its text leaves the conversation history; a user's delete-all clears their graph and, on
 * request, their conversation history.
 *
 * With a journal, nothing a user was told is kept can be lost: the operation is written to the
 * journal first, BM25 takes a save at once (so it is recalled even while Chroma or the embedder is
 * down), Chroma is tried within its timeout and otherwise by a background applier with backoff, in
 * order per user; after a crash `start()` applies what was not done — the store part and the graph
 * part — again.
 *
 * Every read and write is scoped to one user of one team, and reads go through the visibility rule
 * (core/visibility.ts): in a channel, a DM memory cannot be found, shown or deleted by any call.
 */
export class MemoryLifecycle implements MemoryPort {
  private readonly log: Logger;
  /** `remember`'s check for a copy and its save, one at a time per person and text. */
  private readonly rememberOnce = new KeyedMutex();
  /** `deleteIds`, one at a time per person. */
  private readonly deleting = new KeyedMutex();
  private readonly reader: MemorySearch;
  /** The one write path to the store and the BM25 indexes: made here, never handed out. */
  private readonly writer: StoreWriter;
  /** Chroma writes of journaled operations (with a journal only). */
  private readonly applier: StoreApplier | undefined;
  private readonly graphPart: GraphPart;
  private readonly exclude: RegExp[];
  private readonly now: () => number;
  private readonly auditPart: AuditPart;

  constructor(private readonly options: MemoryLifecycleOptions) {
    this.log = options.logger.child({ component: "lifecycle" });
    this.reader = options.search;
    this.now = options.now ?? Date.now;
    this.exclude = compileExcludePatterns(options.excludePatterns ?? []);
    this.auditPart = new AuditPart({
      audit: options.audit,
      pins: options.pins,
      recalls: options.recalls,
      logger: this.log,
      now: Date.now,
    });
    this.writer = new StoreWriter({
      store: options.store,
      keywordIndexes: options.keywordIndexes,
      logger: options.logger.child({ component: "memory" }),
      onMemoriesChanged: options.onMemoriesChanged,
    });
    this.applier = options.journal
      ? new StoreApplier({
          writer: this.writer,
          journal: options.journal,
          logger: this.log,
          retry: options.retry ?? DEFAULT_APPLY_RETRY,
        })
      : undefined;
    this.graphPart = new GraphPart({
      graph: options.graph,
      history: options.history,
      journal: options.journal,
      logger: this.log,
    });
  }

  /** Operations journaled but not finished (health, logs). */
  get pendingOperations(): number {
    return this.options.journal?.pendingOperations.length ?? 0;
  }

  /** Whether the journal can take a write now (health): its last write went through and its folder is writable. */
  async journalWritable(): Promise<boolean> {
    const journal = this.options.journal;
    if (!journal) return true;
    if (!journal.healthy) return false;
    if (!journal.onDisk) return true;
    return access(dirname(journal.path), constants.W_OK).then(
      () => true,
      () => false,
    );
  }

  /**
   * After a restart: applies what the journal holds unfinished — to BM25 (an index held here takes it;
   * one built from the store later applies the journal's pending operations itself), then the graph
   * part, then the store part in the background.
   */
  async start(): Promise<void> {
    const journal = this.options.journal;
    if (!journal) return;
    const { pending, skipped } = await journal.load();
    if (skipped.length > 0) this.log.warn({ lines: skipped }, "journal lines skipped (torn or damaged)");
    if (pending.length === 0) return;
    const exists = async (scope: MemoryScope, id: string) =>
      this.applier?.unstored(id) !== undefined || (await this.reader.get(scope, id)) !== undefined;
    for (const { operation, parts } of pending) {
      if (parts.has("store")) this.applyToKeywordIndex(operation);
      if (parts.has("graph")) await this.graphPart.recover(operation, exists);
    }
    this.log.info({ operations: pending.length }, "journal replayed at start");
    await journal.compact();
    this.applier?.kick(0);
  }

  /** Waits for the graph extractions started here (tests, shutdown). */
  async drain(): Promise<void> {
    await this.graphPart.drain();
  }

  /** Stops the background applier and waits for graph work started here; the journal keeps the rest. */
  async stop(): Promise<void> {
    await this.applier?.stop();
    await this.graphPart.settle();
    await this.options.journal?.close();
  }

  /** Saves one memory (replacing one with the same id). AppError `bad_request` for empty or over-long text. */
  async save(scope: MemoryScope, input: SaveInput, options: ActorOption = {}): Promise<SavedMemory> {
    const [memory] = await this.saveMany(scope, [input], options);
    return memory!;
  }

  /**
   * Saves several memories of one user in one batch. With a journal, resolves once they are kept
   * (journaled and in BM25); `stored` says whether Chroma has them already.
   */
  async saveMany(scope: MemoryScope, inputs: SaveInput[], options: ActorOption = {}): Promise<SavedMemory[]> {
    const saved = await this.saveAll(scope, inputs);
    recordSaved(this.options.metrics ?? NO_METRICS, saved);
    const actor = options.actor ?? actorOfSource(inputs[0]?.source);
    await this.auditPart.record(
      actor,
      "save",
      scope,
      saved.map((m) => m.id),
    );
    return saved;
  }

  private async saveAll(scope: MemoryScope, inputs: SaveInput[]): Promise<SavedMemory[]> {
    for (const input of inputs) if (input.source === "slack") refuseExcluded(this.exclude, input.text);
    const chunker = this.options.chunker;
    const expanded = chunker
      ? await chunkLongInputs(scope, inputs, {
          chunker,
          now: this.now,
          forgetChunks: async (at, parentId) => {
            await this.deleteIds(at, await this.reader.chunkIdsOf(at, parentId));
          },
        })
      : inputs;
    const labeler = this.options.labeler;
    await labeler?.prepare(scope);
    const labelled = labeler
      ? expanded.map((input) =>
          input.topics ? input : { ...input, topics: labeler.label(scope, input.text) },
        )
      : expanded;
    const { memories, fresh } = prepareMemories(scope, labelled, this.now);
    const journal = this.options.journal;
    if (!journal) {
      const operation: NewOperation = { op: "save", scope: owner(scope), memories };
      await this.writer.store(memories, fresh);
      this.writer.index(operation);
      await this.graphPart.extractFacts(operation);
      return memories.map((m) => ({ ...m, stored: true }));
    }
    const operation = await journal.record({ op: "save", scope: owner(scope), memories });
    this.applyToKeywordIndex(operation);
    this.graphPart.track(this.graphPart.extractFacts(operation));
    const stored = await this.applier!.applyNow(operation, fresh);
    return memories.map((m) => ({ ...m, stored }));
  }

  /**
   * A restore's or migration's bulk write of one owner's memories as another store held them (no chunking,
   * labels or fact extraction: the graph is copied too), with its `vectors` when the embedder is the
   * same. Store then BM25, by id; no journal (the CLI's stack has none), no audit (copied as it was).
   */
  async restore(memories: Memory[], vectors?: number[][]): Promise<void> {
    const first = memories[0];
    if (!first) return;
    const owners = new Set(memories.map(ownerKey));
    if (owners.size > 1) throw new AppError("bad_request", "one owner at a time");
    await this.writer.store(memories, new Set(), vectors);
    this.writer.index({ op: "save", scope: owner(first), memories });
  }

  /**
   * The agent's save: where the turn happened decides who may see it later. `key` (the Slack event
   * id) makes the id deterministic, so a turn answered again after a restart saves nothing twice. A
   * text this user already has kept word for word, visible here, is not kept twice: the kept memory is
   * the answer ("remember: …" right after the same words were kept in passing).
   */
  async remember(
    scope: MemoryScope,
    text: string,
    at: number,
    key?: string,
    actor: AuditActor = "user",
  ): Promise<SavedMemory> {
    refuseExcluded(this.exclude, text);
    // One at a time per person and text: the same request sent twice at once (a double send, DM and
    // channel together) finds the first copy instead of racing it to a second.
    const sameText = JSON.stringify([scope.teamId, scope.userId, text.normalize("NFC").trim()]);
    return this.rememberOnce.run(sameText, async () => {
      const kept = await this.keptWordForWord(scope, text);
      if (kept) return { ...kept, stored: true };
      return this.save(
        scope,
        {
          text,
          timestamp: at,
          channelId: scope.channelId,
          channelType: scope.channelType,
          source: "slack",
          ...(key === undefined ? {} : { id: turnMemoryId(at, key, text) }),
        },
        { actor },
      );
    });
  }

  /**
   * A memory of this user, visible in `scope`, whose text is `text` word for word (spaces at its ends
   * aside), found by BM25 alone (no embedding). Undefined when none, or when the search fails (then the
   * save goes on: a second copy is better than a lost fact).
   */
  private async keptWordForWord(scope: MemoryScope, text: string): Promise<Memory | undefined> {
    const wanted = text.normalize("NFC").trim();
    let found: SearchResult[];
    try {
      found = await this.reader.search(scope, wanted, { k: SAME_TEXT_CANDIDATES, queryVector: null });
    } catch {
      return undefined;
    }
    for (const result of found) {
      if (result.text.normalize("NFC").trim() !== wanted) continue;
      const memory = await this.get(scope, result.id);
      if (memory) return memory;
    }
    return undefined;
  }

  /** Hybrid search in `scope` (MemorySearch.search). */
  search(
    scope: MemoryScope,
    query: string,
    options: { k?: number; topic?: string | undefined; queryVector?: number[] | null | undefined } = {},
  ): Promise<SearchResult[]> {
    return this.reader.search(scope, query, options);
  }

  /** The relevant memories for a message (MemorySearch.recall). */
  async recall(
    scope: MemoryScope,
    query: string,
    options: { topic?: string | undefined; queryVector?: number[] | null | undefined } = {},
  ): Promise<RecalledMemory[]> {
    const recalled = await this.reader.recall(scope, query, options);
    // What clears the relevance gate is used in the turn: counted, by id (context neighbours are not);
    // off the reply's path — a lost count costs nothing, a slow write would cost every answer.
    void this.auditPart.recordUse(
      scope,
      recalled.filter((m) => !m.byContext).map((m) => m.id),
    );
    return recalled;
  }

  /** A search's `k` when the caller gives none: `[memory.vector] top_k` (or RECALL_TOP_K). */
  get recallTopK(): number {
    return this.reader.recallTopK;
  }

  /** The user's topic labels with how many of their memories carry each, most used first. */
  topicCounts(scope: MemoryScope): Promise<Array<{ topic: string; count: number }>> {
    return this.reader.topicCounts(scope);
  }

  /** Every user with memories in the store, with their counts (the admin console's user list). */
  users(): Promise<OwnerCount[]> {
    return this.reader.users();
  }

  /** The user's memories nearest to a vector, whatever their visibility (novelty; MemorySearch.nearest). */
  nearest(
    scope: MemoryScope,
    vector: number[],
    k: number,
  ): Promise<Array<{ memory: Memory; similarity: number }>> {
    return this.reader.nearest(scope, vector, k);
  }

  /**
   * The embedding of a message, once, for recall and the pipeline; undefined when the embedder is down,
   * and without asking it when vector search is off (nothing would use the vector).
   */
  async embed(text: string): Promise<number[] | undefined> {
    if (!this.reader.vectorSearch) return undefined;
    return this.reader.embedQuery(text).catch((err: unknown) => {
      this.log.warn({ err }, "could not embed the message; recall by words only");
      return undefined;
    });
  }

  /** The user's memory with this id if it may be seen in `scope` (one not in Chroma yet included). */
  async get(scope: MemoryScope, id: string): Promise<Memory | undefined> {
    const unstored = this.applier?.unstored(id);
    if (unstored) return this.reader.visibility.canSeeMemory(scope, unstored) ? unstored : undefined;
    return this.notYetStored(scope).deleted(id) ? undefined : this.reader.get(scope, id);
  }

  /**
   * A page of the user's memories that may be shown in `scope`, newest first (MemorySearch.newest:
   * whatever order the store lists them in), and how many there are.
   */
  async newest(
    scope: MemoryScope,
    page: { offset: number; limit: number },
  ): Promise<{ items: Memory[]; total: number }> {
    const { ids, total } = await this.reader.newest(scope, page);
    const found = await Promise.all(ids.map((id) => this.get(scope, id)));
    return { items: found.filter((m): m is Memory => m !== undefined), total };
  }

  /** One page of the user's memories that may be shown in `scope`, those not in Chroma yet first. */
  list(scope: MemoryScope, options: { limit: number; cursor?: string | undefined }) {
    return listUnstoredFirst({
      ...options,
      pending: this.notYetStored(scope),
      canSee: (memory) => this.reader.visibility.canSeeMemory(scope, memory),
      stored: (page) => this.reader.list(scope, page),
    });
  }

  /** The owner's journaled writes Chroma has not applied yet, as a view on top of it. */
  private notYetStored(owner: Owner): NotYetStored {
    return notYetStored(this.options.journal?.pendingStoreWrites(owner) ?? []);
  }

  /** Deletes one memory everywhere; false when the user has no such memory visible in `scope`. */
  async delete(scope: MemoryScope, id: string, options: ActorOption = {}): Promise<boolean> {
    return (await this.deleteIds(scope, [id], options)).length > 0;
  }

  /**
   * Pins (or unpins) the user's memory visible in `scope`, so the retention sweep never expires it;
   * false when there is no such memory or no pin store.
   */
  async pin(
    scope: MemoryScope,
    id: string,
    options: ActorOption & { pinned?: boolean } = {},
  ): Promise<boolean> {
    const pins = this.auditPart.pins;
    const memory = pins && (await this.get(scope, id));
    if (!pins || !memory) return false;
    const pinned = options.pinned ?? true;
    if (pinned) await pins.pin(scope, memory.id);
    else await pins.unpin(scope, [memory.id]);
    await this.auditPart.record(options.actor ?? "user", pinned ? "pin" : "unpin", scope, [memory.id]);
    return true;
  }

  /** Which of `ids` the owner has pinned. */
  pinned(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    return this.auditPart.pinned(owner, ids);
  }

  /** Which of `ids` were recalled and used in their owner's turns (never expired by the sweep). */
  used(owner: Owner, ids: readonly string[]): Promise<Set<string>> {
    return this.auditPart.used(owner, ids);
  }

  /** The owner's most recalled-and-used memories, most first, as they are now. */
  mostUsed(scope: MemoryScope, limit: number): Promise<Array<Memory & { uses: number }>> {
    return this.auditPart.mostUsed(scope, limit, (id) => this.get(scope, id));
  }

  /**
   * The user's newest memories that may be shown in `scope`, newest first: the indexed ones by their
   * time, each read as `get` reads it (so through the visibility rule). At most
   * {@link LATEST_READS_PER_MEMORY} reads per memory asked for: in a channel most may be DM memories.
   */
  async latest(scope: MemoryScope, limit: number): Promise<Memory[]> {
    const docs = [...(await this.reader.memoriesOf(scope))].sort((a, b) => b.timestamp - a.timestamp);
    const out: Memory[] = [];
    for (const doc of docs.slice(0, limit * LATEST_READS_PER_MEMORY)) {
      if (out.length >= limit) break;
      const memory = await this.get(scope, doc.id);
      if (memory !== undefined && !out.some((m) => m.id === memory.id)) out.push(memory);
    }
    return out;
  }

  /** An operator's read of the owner's memories (admin API, console): an audit event, ids only. */
  recordRead(owner: Owner, ids: readonly string[], actor: AuditActor): Promise<void> {
    return this.auditPart.record(actor, "read", owner, ids);
  }

  /**
   * Deletes these memories everywhere (Chroma, BM25, the graph facts they gave, their text in the
   * conversation history). Ids the user has no memory for, or that may not be seen in `scope`, are
   * left alone. Returns what was deleted.
   */
  async deleteIds(scope: MemoryScope, ids: readonly string[], options: ActorOption = {}): Promise<Memory[]> {
    // One at a time per person: a button pressed twice at once deletes (and audits) its memories once;
    // the second press finds them gone.
    return this.deleting.run(JSON.stringify([scope.teamId, scope.userId]), () =>
      this.deleteIdsNow(scope, ids, options),
    );
  }

  private async deleteIdsNow(
    scope: MemoryScope,
    ids: readonly string[],
    options: ActorOption,
  ): Promise<Memory[]> {
    const first = (await Promise.all([...new Set(ids)].map((id) => this.get(scope, id)))).filter(
      (m): m is Memory => m !== undefined,
    );
    // A chunk is part of its document: forgetting one forgets every chunk of it.
    const siblings = (
      await Promise.all(
        first.map((m) =>
          typeof m.extra?.parent_id === "string" ? this.reader.chunkIdsOf(scope, m.extra.parent_id) : [],
        ),
      )
    ).flat();
    const all = new Set([...first.map((m) => m.id), ...siblings]);
    const found = await Promise.all([...all].map((id) => this.get(scope, id)));
    const memories = found.filter((m): m is Memory => m !== undefined);
    if (memories.length === 0) return [];
    // The texts leave the history first, so the journal never needs them: a crash before the delete
    // is journaled leaves the memories (the user was not told they are gone) and a cleaner history.
    await this.options.history?.forgetTexts(
      owner(scope),
      memories.map((m) => m.text),
      memories.map((m) => m.id),
    );
    const deletedIds = memories.map((m) => m.id);
    await this.perform({ op: "delete", scope: owner(scope), ids: deletedIds });
    const actor = options.actor ?? "user";
    recordForgotten(this.options.metrics ?? NO_METRICS, countBySource(memories), actor);
    await this.auditPart.record(actor, actor === "sweep" ? "expire" : "forget", scope, deletedIds);
    await this.auditPart.dropMarks(scope, deletedIds);
    this.log.info({ teamId: scope.teamId, userId: scope.userId, count: memories.length }, "memories deleted");
    return memories;
  }

  /**
   * Undo from a Slack message: deletes everywhere (as {@link deleteIds}) what autosave kept of that
   * message of the user (its channel and ts; every chunk), and nothing else. Returns what was deleted.
   */
  async forgetSavedFrom(
    scope: MemoryScope,
    message: { channelId: string; messageTs: string },
  ): Promise<Memory[]> {
    const ids = await this.reader.savedFrom(scope, { ...message, source: "autosave" });
    return ids.length > 0 ? this.deleteIds(scope, ids) : [];
  }

  /**
   * Deletes all of the user's memories and their knowledge graph; with `history`, their
   * conversations too.
   */
  async deleteAll(
    scope: MemoryScope,
    options: { history?: boolean } & ActorOption = {},
  ): Promise<DeleteAllResult> {
    const history = options.history ?? false;
    const before = await this.reader.keywordCount(scope);
    const result: DeleteAllResult = { memories: before };
    const sources = countBySource(await this.reader.memoriesOf(scope));
    const conversations = await this.perform({ op: "deleteAll", scope: owner(scope), history });
    recordForgotten(this.options.metrics ?? NO_METRICS, sources, options.actor ?? "user");
    this.options.labeler?.forgetUser(scope);
    if (history && this.options.history) result.conversations = conversations;
    await this.auditPart.record(options.actor ?? "user", "forget-all", scope, []);
    this.log.info({ teamId: scope.teamId, userId: scope.userId, ...result }, "all memories deleted");
    return result;
  }

  /**
   * Finds what "forget <idOrQuery>" means in `scope`: the memory with that id, or else the relevant
   * matches of the text. One is clearly meant when it is the only relevant match, or the only one that
   * contains every term of the query and no other match states its fact with another value (fact-slots.ts:
   * "락커 번호 잊어줘" after "락커 번호 58번" and "락커 옮겼어 이제 102번" means the locker's number,
   * both of them: forgetting one would keep the other) — unless the request names a value only it
   * holds ("잊어줘: 02-318-0405": tokenizer.ts `namesValueOnlyIn`); otherwise every relevant match (at most
   * `limit`, {@link MAX_FORGET_CANDIDATES} by default: "forget everything about X" asks for
   * ports.ts `MAX_FORGET_ALL`) is a candidate to ask about.
   */
  async findToForget(
    scope: MemoryScope,
    idOrQuery: string,
    { limit = MAX_FORGET_CANDIDATES }: { limit?: number } = {},
  ): Promise<{ meant?: Memory; candidates: Memory[] }> {
    const target = idOrQuery.trim();
    if (!target) return { candidates: [] };
    if (!/\s/.test(target)) {
      const byId = await this.get(scope, target);
      if (byId) return { meant: byId, candidates: [byId] };
    }
    // Not reranked: every matching candidate is listed, so the order is not worth a model request.
    // Only what matches the person's words (a keyword hit, in any spelling the search reads): a
    // cosine alone lists notes that share no word with the request (the offline embedder's hashed
    // n-grams put "치과" near "나 부산에 살아"), and a forget must not offer what was never named.
    const [found, factSources] = await Promise.all([
      this.reader.search(scope, target, { k: limit, rerank: false }),
      this.graphPart.sourcesNamedBy(owner(scope), target, this.reader.visibility.allowedIn(scope)),
    ]);
    const relevant = found.filter((r) => matchesQuery(r) && (r.keywordCoverage ?? 0) > 0);
    // A memory that gave a fact the request names, though it holds none of its words ("아니 58번 말고
    // 59번" gave the locker's number): a candidate too, never the one clearly meant by itself.
    const byFact = factSources.filter((id) => !relevant.some((r) => r.id === id));
    const complete = relevant.filter((r) => (r.keywordCoverage ?? 0) >= 0.999);
    const meant =
      byFact.length > 0
        ? undefined
        : relevant.length === 1
          ? relevant[0]
          : complete.length === 1
            ? complete[0]
            : undefined;
    const candidates = (
      await Promise.all(
        [...relevant.map((r) => r.id), ...byFact].slice(0, limit).map((id) => this.get(scope, id)),
      )
    ).filter((m): m is Memory => m !== undefined);
    const meantMemory = meant && candidates.find((m) => m.id === meant.id);
    if (!meantMemory) return { candidates };
    const memo = new FactSlotMemo();
    const anotherValue = candidates.some(
      (other) =>
        other.id !== meantMemory.id &&
        !namesValueOnlyIn(
          tokenize(target),
          new Set(tokenize(meantMemory.text)),
          new Set(tokenize(other.text)),
        ) &&
        statesOneFact(meantMemory, other, memo),
    );
    return anotherValue ? { candidates } : { meant: meantMemory, candidates };
  }

  /**
   * The memory kept last in the scope's conversation (its channel; a chunked document by its last
   * chunk), of those that may be shown there.
   */
  async latestHere(scope: MemoryScope): Promise<Memory | undefined> {
    let latest: { id: string; timestamp: number } | undefined;
    for (const doc of await this.reader.memoriesOf(scope)) {
      if (doc.channelId !== scope.channelId) continue;
      if (latest === undefined || doc.timestamp >= latest.timestamp) latest = doc;
    }
    return latest === undefined ? undefined : this.get(scope, latest.id);
  }

  /** Deletes the memory clearly meant by `idOrQuery`; when several match, deletes nothing and lists them. */
  async forget(scope: MemoryScope, idOrQuery: string, options: ActorOption = {}): Promise<ForgetOutcome> {
    const found = await this.findToForget(scope, idOrQuery);
    if (!found.meant) return { deleted: [], candidates: found.candidates };
    return { deleted: await this.deleteIds(scope, [found.meant.id], options), candidates: [] };
  }

  /**
   * A delete or a delete-all: journaled first (with a journal), then BM25, the graph and history at
   * once (local), Chroma now or by the applier. Returns the conversations deleted, if any.
   */
  private async perform(operation: NewOperation): Promise<number> {
    const journal = this.options.journal;
    if (!journal) {
      await this.writer.apply(operation, new Set());
      this.writer.index(operation);
      return this.graphPart.apply(operation);
    }
    const recorded = await journal.record(operation);
    this.applyToKeywordIndex(recorded);
    const conversations = await this.graphPart.apply(recorded);
    await journal.done(recorded.seq, "graph");
    await this.applier!.applyNow(recorded, new Set());
    return conversations;
  }

  /** BM25 and the not-yet-stored set take a journaled operation (at once, or again after a restart). */
  private applyToKeywordIndex(operation: MemoryOperation): void {
    this.writer.index(operation);
    this.applier?.track(operation);
  }
}

/**
 * Whether two memories state one fact, the later with another value (fact-slots.ts: the same slot, the
 * same fact by their words, or a change of it). The query that found both already ties them to one
 * thing, so the weaker change test applies.
 */
function statesOneFact(a: Memory, b: Memory, memo: FactSlotMemo): boolean {
  const [older, newer] = a.timestamp <= b.timestamp ? [a.text, b.text] : [b.text, a.text];
  return (
    sameFactSlot(older, newer, memo) ||
    statesSameFact(older, newer, memo) ||
    statesChangeOf(older, newer, memo)
  );
}

function owner(scope: MemoryScope): Owner {
  return { teamId: scope.teamId, userId: scope.userId };
}
