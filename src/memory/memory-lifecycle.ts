import type { Logger } from "pino";
import type { ForgetOutcome, MemoryPort, RecalledMemory } from "../agent/ports.js";
import type { Memory, MemoryScope } from "../types.js";
import type { MemoryService, SaveInput, SearchResult } from "./memory-service.js";
import { visibilityOf } from "./visibility.js";

/** What the lifecycle needs of the knowledge graph (GraphService fits). */
export interface LifecycleGraph {
  /** Extracts the memory's facts in the background (replacing what an earlier text of it gave). */
  enqueue(input: {
    teamId: string;
    userId: string;
    text: string;
    memoryId: string;
    at: number;
    visibility: string;
  }): void;
  /** Removes the facts these memories gave. */
  forgetMemories(key: { teamId: string; userId: string }, memoryIds: readonly string[]): Promise<number>;
  deleteUser(key: { teamId: string; userId: string }): Promise<void>;
}

/** What the lifecycle needs of conversation history (HistoryService fits). */
export interface LifecycleHistory {
  /** Takes forgotten memories' texts out of the user's conversations. */
  forgetTexts(key: { teamId: string; userId: string }, texts: readonly string[]): Promise<number>;
  /** Deletes every conversation of the user in the team; returns how many. */
  deleteUser(key: { teamId: string; userId: string }): Promise<number>;
}

export interface MemoryLifecycleOptions {
  memory: MemoryService;
  graph?: LifecycleGraph | undefined;
  history?: LifecycleHistory | undefined;
  logger: Logger;
}

/** What a delete-all removed. */
export interface DeleteAllResult {
  memories: number;
  /** Conversations deleted (only when asked for). */
  conversations?: number;
}

/** Most candidates a forget request shows when it cannot tell which memory is meant. */
export const MAX_FORGET_CANDIDATES = 5;

/**
 * The one owner of a memory's life. Saving (chat, tools, admin, import), forgetting and deleting (one,
 * several, all, by query) go through here and nowhere else, so the vector store, the BM25 index and
 * the knowledge graph never disagree: a saved memory's facts are extracted into the graph (imports
 * too), a deleted memory's facts leave it (a fact also said in another memory stays) and its text
 * leaves the conversation history, and a user's delete-all clears their graph and, on request, their
 * conversation history.
 *
 * Every read and write is scoped to one user of one team, and reads go through the visibility rule
 * (memory/visibility.ts): in a channel, a DM memory cannot be found, shown or deleted by any call.
 */
export class MemoryLifecycle implements MemoryPort {
  private readonly log: Logger;

  constructor(private readonly options: MemoryLifecycleOptions) {
    this.log = options.logger.child({ component: "lifecycle" });
  }

  /** The index underneath (search, list); writes must come through the lifecycle. */
  get index(): MemoryService {
    return this.options.memory;
  }

  /** Saves one memory (replacing one with the same id). AppError `bad_request` for empty or over-long text. */
  async save(scope: MemoryScope, input: SaveInput): Promise<Memory> {
    const [memory] = await this.saveMany(scope, [input]);
    return memory!;
  }

  /** Saves several memories of one user in one batch; each one's facts go to the graph. */
  async saveMany(scope: MemoryScope, inputs: SaveInput[]): Promise<Memory[]> {
    const memories = await this.options.memory.saveMany(scope, inputs);
    for (const memory of memories) {
      this.options.graph?.enqueue({
        teamId: memory.teamId,
        userId: memory.userId,
        text: memory.text,
        memoryId: memory.id,
        at: memory.timestamp,
        visibility: visibilityOf(memory),
      });
    }
    return memories;
  }

  /** The agent's save: where the turn happened decides who may see it later. */
  remember(scope: MemoryScope, text: string, at: number): Promise<Memory> {
    return this.save(scope, {
      text,
      timestamp: at,
      channelId: scope.channelId,
      channelType: scope.channelType,
      source: "slack",
    });
  }

  search(scope: MemoryScope, query: string, options: { k?: number } = {}): Promise<SearchResult[]> {
    return this.options.memory.search(scope, query, options);
  }

  recall(scope: MemoryScope, query: string): Promise<RecalledMemory[]> {
    return this.options.memory.recall(scope, query);
  }

  get(scope: MemoryScope, id: string): Promise<Memory | undefined> {
    return this.options.memory.get(scope, id);
  }

  list(
    scope: MemoryScope,
    options: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: Memory[]; nextCursor: string | null }> {
    return this.options.memory.list(scope, options);
  }

  /** Deletes one memory everywhere; false when the user has no such memory visible in `scope`. */
  async delete(scope: MemoryScope, id: string): Promise<boolean> {
    return (await this.deleteIds(scope, [id])).length > 0;
  }

  /**
   * Deletes these memories everywhere (Chroma, BM25, the graph facts they gave). Ids the user has no
   * memory for, or that may not be seen in `scope`, are left alone. Returns what was deleted.
   */
  async deleteIds(scope: MemoryScope, ids: readonly string[]): Promise<Memory[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.options.memory.get(scope, id)));
    const memories = found.filter((m): m is Memory => m !== undefined);
    if (memories.length === 0) return [];
    const gone = memories.map((m) => m.id);
    await this.options.memory.deleteMany(scope, gone);
    await this.options.graph?.forgetMemories(scope, gone);
    await this.options.history?.forgetTexts(
      scope,
      memories.map((m) => m.text),
    );
    this.log.info({ teamId: scope.teamId, userId: scope.userId, count: gone.length }, "memories deleted");
    return memories;
  }

  /**
   * Deletes all of the user's memories and their knowledge graph; with `history`, their
   * conversations too.
   */
  async deleteAll(scope: MemoryScope, options: { history?: boolean } = {}): Promise<DeleteAllResult> {
    const memories = await this.options.memory.deleteAll(scope);
    await this.options.graph?.deleteUser(scope);
    const result: DeleteAllResult = { memories };
    if (options.history && this.options.history) {
      result.conversations = await this.options.history.deleteUser(scope);
    }
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
      const byId = await this.options.memory.get(scope, target);
      if (byId) return { meant: byId, candidates: [byId] };
    }
    const relevant = (await this.options.memory.search(scope, target, { k: MAX_FORGET_CANDIDATES })).filter(
      (r) => r.relevant,
    );
    const complete = relevant.filter((r) => (r.keywordCoverage ?? 0) >= 0.999);
    const meant = relevant.length === 1 ? relevant[0] : complete.length === 1 ? complete[0] : undefined;
    const candidates = await this.memoriesOf(scope, relevant);
    const meantMemory = meant && candidates.find((m) => m.id === meant.id);
    return meantMemory ? { meant: meantMemory, candidates } : { candidates };
  }

  /** Deletes the memory clearly meant by `idOrQuery`; when several match, deletes nothing and lists them. */
  async forget(scope: MemoryScope, idOrQuery: string): Promise<ForgetOutcome> {
    const found = await this.findToForget(scope, idOrQuery);
    if (!found.meant) return { deleted: [], candidates: found.candidates };
    return { deleted: await this.deleteIds(scope, [found.meant.id]), candidates: [] };
  }

  private async memoriesOf(scope: MemoryScope, results: SearchResult[]): Promise<Memory[]> {
    const memories = await Promise.all(results.map((r) => this.options.memory.get(scope, r.id)));
    return memories.filter((m): m is Memory => m !== undefined);
  }
}
