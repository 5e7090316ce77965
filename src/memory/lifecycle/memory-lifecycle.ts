import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { dirname } from "node:path";
import type { Logger } from "../../logging/logger.js";
import { EXCLUDED_SAVE, type ForgetOutcome, type MemoryPort, type RecalledMemory } from "../../core/ports.js";
import type { Memory, MemoryScope, Owner } from "../../core/types.js";
import type { MemoryJournal, MemoryOperation, NewOperation } from "./memory-journal.js";
import type { Chunker } from "../chunking/chunker.js";
import { compileExcludePatterns } from "../../config/exclude-patterns.js";
import { AppError } from "../../core/errors.js";
import {
  MAX_MEMORY_CHARS,
  newDocumentId,
  turnMemoryId,
  type MemoryService,
  type SaveInput,
  type SearchResult,
} from "../memory-service.js";
import { applyToStore, DEFAULT_APPLY_RETRY, StoreApplier } from "./store-applier.js";
import { visibilityOf } from "../../core/visibility.js";

/** What the lifecycle needs of the knowledge graph (GraphService fits). */
export interface LifecycleGraph {
  /**
   * Extracts the memory's facts in the background (replacing what an earlier text of it gave);
   * resolves true once they are in the graph, false if that finally failed.
   */
  enqueue(
    input: Owner & {
      text: string;
      memoryId: string;
      at: number;
      visibility: string;
    },
  ): Promise<boolean>;
  /** Removes the facts these memories gave. */
  forgetMemories(key: Owner, memoryIds: readonly string[]): Promise<number>;
  deleteUser(key: Owner): Promise<void>;
}

/** What the lifecycle needs of conversation history (HistoryService fits). */
export interface LifecycleHistory {
  /** Takes forgotten memories' texts out of the user's conversations. */
  forgetTexts(key: Owner, texts: readonly string[]): Promise<number>;
  /** Deletes every conversation of the user in the team; returns how many. */
  deleteUser(key: Owner): Promise<number>;
}

export interface MemoryLifecycleOptions {
  memory: MemoryService;
  graph?: LifecycleGraph | undefined;
  history?: LifecycleHistory | undefined;
  /**
   * The durable outbox. With it (the app) every operation is journaled before anything else and a
   * failed part is applied again later; without it (the CLI, the eval) operations apply directly and
   * a failure is thrown to the caller.
   */
  journal?: MemoryJournal | undefined;
  /**
   * Cuts long texts (over the chunker's max_tokens): each chunk becomes a memory of its own, linked to
   * its source by `parent_id` and `chunk_index`, and forgetting one forgets them all. Without it a
   * text is one memory (at most MAX_MEMORY_CHARS).
   */
  chunker?: Chunker | undefined;
  /** Labels a memory saved without topics (rules + the user's topic registry). */
  labeler?:
    | {
        prepare(scope: MemoryScope): Promise<void>;
        label(scope: MemoryScope, text: string): string[];
        forgetUser(scope: MemoryScope): void;
      }
    | undefined;
  /**
   * `[memory.filter] exclude_patterns`: content never to keep. Autosave's filter drops it; here a save
   * a user asks for in Slack (source `slack`: "기억해줘", the model's `remember`, the "Remember this"
   * shortcut) is refused too ({@link isExcludedSave}). Operator saves (admin, import) are not checked.
   */
  excludePatterns?: readonly string[] | undefined;
  logger: Logger;
  /** Backoff of the background applier (default 1 s doubling to 30 s). */
  retry?: { minMs: number; maxMs: number } | undefined;
}

/** A saved memory; `stored: false` when it is kept (journaled, in BM25) but not in Chroma yet. */
export type SavedMemory = Memory & { stored: boolean };

/** What a delete-all removed. */
export interface DeleteAllResult {
  memories: number;
  /** Conversations deleted (only when asked for). */
  conversations?: number;
}

/** Texts up to this long are never chunked (below any max_tokens the chunker accepts). */
const MIN_DOCUMENT_CHARS = 200;

/** Most candidates a forget request shows when it cannot tell which memory is meant. */
export const MAX_FORGET_CANDIDATES = 5;

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
  /** Chroma writes of journaled operations (with a journal only). */
  private readonly applier: StoreApplier | undefined;
  private readonly graphJobs = new Set<Promise<unknown>>();
  private readonly exclude: RegExp[];

  constructor(private readonly options: MemoryLifecycleOptions) {
    this.log = options.logger.child({ component: "lifecycle" });
    this.exclude = compileExcludePatterns(options.excludePatterns ?? []);
    this.applier = options.journal
      ? new StoreApplier({
          index: options.memory,
          journal: options.journal,
          logger: this.log,
          retry: options.retry ?? DEFAULT_APPLY_RETRY,
        })
      : undefined;
    const journal = options.journal;
    // A user's BM25 index built from the store also takes what the journal holds for the store.
    if (journal) {
      options.memory.setPendingWrites((o) =>
        journal.pendingOperations
          .filter(
            (p) =>
              p.parts.has("store") &&
              p.operation.scope.teamId === o.teamId &&
              p.operation.scope.userId === o.userId,
          )
          .map((p) => p.operation),
      );
    }
  }

  /** The index underneath (search, list); writes must come through the lifecycle. */
  get index(): MemoryService {
    return this.options.memory;
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
    for (const { operation, parts } of pending) {
      if (parts.has("store")) this.applyToKeywordIndex(operation);
      if (parts.has("graph")) await this.recoverGraphPart(operation);
    }
    this.log.info({ operations: pending.length }, "journal replayed at start");
    await journal.compact();
    this.applier?.kick(0);
  }

  /** Waits for the graph extractions started here (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.graphJobs.size > 0) await Promise.allSettled([...this.graphJobs]);
  }

  /** Stops the background applier and waits for graph work started here; the journal keeps the rest. */
  async stop(): Promise<void> {
    await this.applier?.stop();
    await Promise.allSettled([...this.graphJobs]);
    await this.options.journal?.close();
  }

  /** Saves one memory (replacing one with the same id). AppError `bad_request` for empty or over-long text. */
  async save(scope: MemoryScope, input: SaveInput): Promise<SavedMemory> {
    const [memory] = await this.saveMany(scope, [input]);
    return memory!;
  }

  /**
   * Saves several memories of one user in one batch. With a journal, resolves once they are kept
   * (journaled and in BM25); `stored` says whether Chroma has them already.
   */
  async saveMany(scope: MemoryScope, inputs: SaveInput[]): Promise<SavedMemory[]> {
    for (const input of inputs) if (input.source === "slack") this.refuseExcluded(input.text);
    const expanded = await this.chunkLongInputs(scope, inputs);
    const labeler = this.options.labeler;
    await labeler?.prepare(scope);
    const labelled = labeler
      ? expanded.map((input) =>
          input.topics ? input : { ...input, topics: labeler.label(scope, input.text) },
        )
      : expanded;
    const { memories, fresh } = this.index.prepare(scope, labelled);
    const journal = this.options.journal;
    if (!journal) {
      await this.index.storeMemories(memories, { fresh });
      this.index.indexKeywords(scope, memories);
      await this.extractFacts({ op: "save", scope, memories });
      return memories.map((m) => ({ ...m, stored: true }));
    }
    const operation = await journal.record({ op: "save", scope: owner(scope), memories });
    this.applyToKeywordIndex(operation);
    this.track(this.extractFacts(operation));
    const stored = await this.applier!.applyNow(operation, fresh);
    return memories.map((m) => ({ ...m, stored }));
  }

  /**
   * Throws AppError `bad_request` ({@link isExcludedSave}) naming the `exclude_patterns` entry the
   * text matches, as the content filter tests it (trimmed, case-insensitive).
   */
  private refuseExcluded(text: string): void {
    const trimmed = text.trim();
    const index = this.exclude.findIndex((pattern) => pattern.test(trimmed));
    if (index < 0) return;
    const key = `memory.filter.exclude_patterns[${index}]`;
    throw new AppError(
      "bad_request",
      `Not saved: this assistant is set never to keep such content (${key}).`,
      { details: { reason: EXCLUDED_SAVE, key } },
    );
  }

  /**
   * The inputs with every long text (a document: over the chunker's max_tokens) replaced by its
   * chunks. A chunk keeps the input's time, place, source and topics and gets `parent_id` (the input's
   * id, or a new `doc_…` id), `chunk_index` and `chunk_count`; a document saved again under its id
   * first forgets its old chunks, so a shorter new version leaves none behind.
   */
  private async chunkLongInputs(scope: MemoryScope, inputs: SaveInput[]): Promise<SaveInput[]> {
    const chunker = this.options.chunker;
    if (!chunker) return inputs;
    const out: SaveInput[] = [];
    for (const input of inputs) {
      if (input.text.length <= MIN_DOCUMENT_CHARS) {
        out.push(input);
        continue;
      }
      const chunks = await chunker.chunk(input.text.normalize("NFC"));
      if (chunks.length <= 1) {
        out.push(input);
        continue;
      }
      const parentId = input.id ?? newDocumentId(input.timestamp ?? Date.now());
      if (input.id !== undefined) await this.deleteIds(scope, await this.index.chunkIdsOf(scope, parentId));
      for (const chunk of chunks) {
        out.push({
          ...input,
          id: `${parentId}#${chunk.index}`,
          text: chunk.text.slice(0, MAX_MEMORY_CHARS),
          extra: {
            ...input.extra,
            parent_id: parentId,
            chunk_index: chunk.index,
            chunk_count: chunks.length,
          },
        });
      }
    }
    return out;
  }

  /**
   * The agent's save: where the turn happened decides who may see it later. `key` (the Slack event
   * id) makes the id deterministic, so a turn answered again after a restart saves nothing twice.
   */
  remember(scope: MemoryScope, text: string, at: number, key?: string): Promise<SavedMemory> {
    return this.save(scope, {
      text,
      timestamp: at,
      channelId: scope.channelId,
      channelType: scope.channelType,
      source: "slack",
      ...(key === undefined ? {} : { id: turnMemoryId(at, key, text) }),
    });
  }

  search(
    scope: MemoryScope,
    query: string,
    options: { k?: number; topic?: string | undefined; queryVector?: number[] | null | undefined } = {},
  ): Promise<SearchResult[]> {
    return this.index.search(scope, query, options);
  }

  recall(
    scope: MemoryScope,
    query: string,
    options: { topic?: string | undefined; queryVector?: number[] | null | undefined } = {},
  ): Promise<RecalledMemory[]> {
    return this.index.recall(scope, query, options);
  }

  /**
   * The embedding of a message, once, for recall and the pipeline; undefined when the embedder is down,
   * and without asking it when vector search is off (nothing would use the vector).
   */
  async embed(text: string): Promise<number[] | undefined> {
    if (!this.index.vectorSearch) return undefined;
    return this.index.embedQuery(text).catch((err: unknown) => {
      this.log.warn({ err }, "could not embed the message; recall by words only");
      return undefined;
    });
  }

  /** The user's memory with this id if it may be seen in `scope` (one not in Chroma yet included). */
  async get(scope: MemoryScope, id: string): Promise<Memory | undefined> {
    const unstored = this.applier?.unstored(id);
    if (unstored) return this.index.visibility.canSeeMemory(scope, unstored) ? unstored : undefined;
    return this.index.get(scope, id);
  }

  list(
    scope: MemoryScope,
    options: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: Memory[]; nextCursor: string | null }> {
    return this.index.list(scope, options);
  }

  /** Deletes one memory everywhere; false when the user has no such memory visible in `scope`. */
  async delete(scope: MemoryScope, id: string): Promise<boolean> {
    return (await this.deleteIds(scope, [id])).length > 0;
  }

  /**
   * Deletes these memories everywhere (Chroma, BM25, the graph facts they gave, their text in the
   * conversation history). Ids the user has no memory for, or that may not be seen in `scope`, are
   * left alone. Returns what was deleted.
   */
  async deleteIds(scope: MemoryScope, ids: readonly string[]): Promise<Memory[]> {
    const first = (await Promise.all([...new Set(ids)].map((id) => this.get(scope, id)))).filter(
      (m): m is Memory => m !== undefined,
    );
    // A chunk is part of its document: forgetting one forgets every chunk of it.
    const siblings = (
      await Promise.all(
        first.map((m) =>
          typeof m.extra?.parent_id === "string" ? this.index.chunkIdsOf(scope, m.extra.parent_id) : [],
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
    );
    await this.perform({ op: "delete", scope: owner(scope), ids: memories.map((m) => m.id) });
    this.log.info({ teamId: scope.teamId, userId: scope.userId, count: memories.length }, "memories deleted");
    return memories;
  }

  /**
   * Deletes all of the user's memories and their knowledge graph; with `history`, their
   * conversations too.
   */
  async deleteAll(scope: MemoryScope, options: { history?: boolean } = {}): Promise<DeleteAllResult> {
    const history = options.history ?? false;
    const before = await this.index.keywordCount(scope);
    const result: DeleteAllResult = { memories: before };
    const conversations = await this.perform({ op: "deleteAll", scope: owner(scope), history });
    this.options.labeler?.forgetUser(scope);
    if (history && this.options.history) result.conversations = conversations;
    this.log.info({ teamId: scope.teamId, userId: scope.userId, ...result }, "all memories deleted");
    return result;
  }

  /**
   * Finds what "forget <idOrQuery>" means in `scope`: the memory with that id, or else the relevant
   * matches of the text. One is clearly meant when it is the only relevant match, or the only one that
   * contains every term of the query; otherwise every relevant match (at most
   * {@link MAX_FORGET_CANDIDATES}) is a candidate to ask about.
   */
  async findToForget(
    scope: MemoryScope,
    idOrQuery: string,
  ): Promise<{ meant?: Memory; candidates: Memory[] }> {
    const target = idOrQuery.trim();
    if (!target) return { candidates: [] };
    if (!/\s/.test(target)) {
      const byId = await this.get(scope, target);
      if (byId) return { meant: byId, candidates: [byId] };
    }
    // Not reranked: every relevant candidate is listed, so the order is not worth a model request.
    const relevant = (
      await this.index.search(scope, target, { k: MAX_FORGET_CANDIDATES, rerank: false })
    ).filter((r) => r.relevant);
    const complete = relevant.filter((r) => (r.keywordCoverage ?? 0) >= 0.999);
    const meant = relevant.length === 1 ? relevant[0] : complete.length === 1 ? complete[0] : undefined;
    const candidates = (await Promise.all(relevant.map((r) => this.get(scope, r.id)))).filter(
      (m): m is Memory => m !== undefined,
    );
    const meantMemory = meant && candidates.find((m) => m.id === meant.id);
    return meantMemory ? { meant: meantMemory, candidates } : { candidates };
  }

  /** Deletes the memory clearly meant by `idOrQuery`; when several match, deletes nothing and lists them. */
  async forget(scope: MemoryScope, idOrQuery: string): Promise<ForgetOutcome> {
    const found = await this.findToForget(scope, idOrQuery);
    if (!found.meant) return { deleted: [], candidates: found.candidates };
    return { deleted: await this.deleteIds(scope, [found.meant.id]), candidates: [] };
  }

  /**
   * A delete or a delete-all: journaled first (with a journal), then BM25, the graph and history at
   * once (local), Chroma now or by the applier. Returns the conversations deleted, if any.
   */
  private async perform(operation: NewOperation): Promise<number> {
    const journal = this.options.journal;
    if (!journal) {
      await applyToStore(this.index, operation as MemoryOperation, new Set());
      this.applyToKeywordIndex(operation as MemoryOperation);
      return this.applyToGraph(operation as MemoryOperation);
    }
    const recorded = await journal.record(operation);
    this.applyToKeywordIndex(recorded);
    const conversations = await this.applyToGraph(recorded);
    await journal.done(recorded.seq, "graph");
    await this.applier!.applyNow(recorded, new Set());
    return conversations;
  }

  /** BM25 and the not-yet-stored set take the operation (at once, or again after a restart). */
  private applyToKeywordIndex(operation: MemoryOperation): void {
    const { scope } = operation;
    if (operation.op === "save") this.index.indexKeywords(scope, operation.memories);
    else if (operation.op === "delete") this.index.unindexKeywords(scope, operation.ids);
    else this.index.dropKeywordIndex(scope);
    this.applier?.track(operation);
  }

  /**
   * The graph and history part of a delete or delete-all; returns conversations deleted. (A delete's
   * texts left the history before it was journaled; a line of an earlier version carries them.)
   */
  private async applyToGraph(operation: MemoryOperation): Promise<number> {
    const { graph, history } = this.options;
    if (operation.op === "delete") {
      await graph?.forgetMemories(operation.scope, operation.ids);
      if (operation.texts) await history?.forgetTexts(operation.scope, operation.texts);
      return 0;
    }
    if (operation.op === "deleteAll") {
      await graph?.deleteUser(operation.scope);
      return operation.history && history ? history.deleteUser(operation.scope) : 0;
    }
    return 0;
  }

  /** Extracts a save's facts; marks the journal's graph part done when every memory's are in. */
  private async extractFacts(operation: NewOperation | MemoryOperation): Promise<void> {
    const graph = this.options.graph;
    if (operation.op !== "save") return;
    const done = graph
      ? await Promise.all(
          operation.memories.map((memory) =>
            graph.enqueue({
              teamId: memory.teamId,
              userId: memory.userId,
              text: memory.text,
              memoryId: memory.id,
              at: memory.timestamp,
              visibility: visibilityOf(memory),
            }),
          ),
        )
      : [];
    if ("seq" in operation && done.every(Boolean)) await this.options.journal?.done(operation.seq, "graph");
  }

  /** The graph part of an operation left unfinished by a crash. */
  private async recoverGraphPart(operation: MemoryOperation): Promise<void> {
    if (operation.op !== "save") {
      await this.applyToGraph(operation);
      await this.options.journal?.done(operation.seq, "graph");
      return;
    }
    // Only memories that still exist get their facts back: a later delete may have finished already.
    try {
      const alive: Memory[] = [];
      for (const memory of operation.memories) {
        if (this.applier?.unstored(memory.id) || (await this.index.get(operation.scope, memory.id)))
          alive.push(memory);
      }
      this.track(this.extractFacts({ ...operation, memories: alive }));
    } catch (err) {
      this.log.warn(
        { err, seq: operation.seq },
        "cannot check the memories of a pending extraction; next start",
      );
    }
  }

  private track(job: Promise<unknown>): void {
    const safe = job.catch((err: unknown) => this.log.error({ err }, "graph extraction failed"));
    this.graphJobs.add(safe);
    void safe.finally(() => this.graphJobs.delete(safe));
  }
}

function owner(scope: MemoryScope): Owner {
  return { teamId: scope.teamId, userId: scope.userId };
}
