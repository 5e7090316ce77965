import type { Logger } from "../../logging/logger.js";
import type { Memory, MemoryScope, Owner } from "../../core/types.js";
import type { VectorIndex } from "../../core/vector-index.js";
import type { KeywordIndexRegistry } from "../search/keyword-index.js";
import { keywordDoc } from "../search/keyword-build.js";
import type { NewOperation } from "./memory-journal.js";

/** What the writer writes: the store's write half. */
export type StoreWrites = Pick<VectorIndex, "upsert" | "delete" | "deleteAll">;

export interface StoreWriterOptions {
  store: StoreWrites;
  keywordIndexes: KeywordIndexRegistry;
  logger: Logger;
  /**
   * Called after every successful write to the store (save, delete, delete-all) with the owner whose
   * memories changed: the change feed publishes it, so other processes drop their copy of that user's
   * BM25 index (MemorySearch.invalidateKeywordIndex). Must not throw (a throw is logged).
   */
  onMemoriesChanged?: ((owner: Owner) => void) | undefined;
}

/**
 * The write path of memory: the store's writes and this process's BM25 indexes kept in step with
 * them. Only the lifecycle makes one (privately, from the store it is given), so no other code can
 * write a memory past the journal, the graph and the history.
 */
export class StoreWriter {
  constructor(private readonly options: StoreWriterOptions) {}

  /** The store part of an operation: a save is written (embedded), a delete or delete-all removed. */
  async apply(operation: NewOperation, fresh: ReadonlySet<string>): Promise<void> {
    if (operation.op === "save") await this.store(operation.memories, fresh);
    else if (operation.op === "delete") await this.delete(operation.scope, operation.ids);
    else await this.deleteAll(operation.scope);
  }

  /**
   * Writes memories to the store (embedding them, or with the given `vectors` of the same embedder),
   * replacing stored ones with the same ids except `fresh` ones.
   */
  async store(memories: Memory[], fresh: ReadonlySet<string>, vectors?: number[][]): Promise<void> {
    const owners = new Map(memories.map((m) => [`${m.teamId}\u0000${m.userId}`, m]));
    for (const m of owners.values()) this.options.keywordIndexes.update(m.teamId, m.userId);
    await this.options.store.upsert(memories, { fresh, vectors });
    for (const m of owners.values()) this.changed(m);
  }

  /** Deletes these memories of the user from the store (ids they do not have are ignored). */
  async delete(scope: MemoryScope, ids: string[]): Promise<void> {
    this.options.keywordIndexes.update(scope.teamId, scope.userId);
    await this.options.store.delete(scope, ids);
    this.changed(scope);
  }

  /** Deletes all of the user's memories from the store. */
  async deleteAll(scope: MemoryScope): Promise<void> {
    this.options.keywordIndexes.update(scope.teamId, scope.userId);
    await this.options.store.deleteAll(scope);
    this.changed(scope);
  }

  /**
   * The BM25 part of an operation: a cached index of the user's takes it (a save replaces by id); an
   * index not held here is built from the store, with what is pending, when next needed.
   */
  index(operation: NewOperation): void {
    const { scope } = operation;
    const registry = this.options.keywordIndexes;
    if (operation.op === "save") {
      if (operation.memories.length === 0) return;
      registry.update(scope.teamId, scope.userId, (index) => index.add(operation.memories.map(keywordDoc)));
    } else if (operation.op === "delete") {
      registry.update(scope.teamId, scope.userId, (index) => index.remove(operation.ids));
    } else {
      // All of the user's memories are being deleted: their index goes.
      registry.invalidate(scope.teamId, scope.userId);
    }
  }

  /** After a successful store write: a build that ran across it is stale; the change feed is told. */
  private changed(owner: Owner): void {
    this.options.keywordIndexes.stored(owner.teamId, owner.userId);
    try {
      this.options.onMemoriesChanged?.({ teamId: owner.teamId, userId: owner.userId });
    } catch (err) {
      this.options.logger.error(
        { err, teamId: owner.teamId, userId: owner.userId },
        "onMemoriesChanged threw",
      );
    }
  }
}
