import type { Logger } from "../../logging/logger.js";
import type { Memory, MemoryScope, Owner } from "../../core/types.js";
import { visibilityOf } from "../../core/visibility.js";
import type { MemoryJournal, MemoryOperation, NewOperation } from "./memory-journal.js";

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
  /**
   * The memories the current facts a request names were taken from, of those seen where `visibilities`
   * allow (GraphService `sourcesNamedBy`); without it, a forget finds memories by their words alone.
   */
  sourcesNamedBy?(
    input: Owner & { text: string; visibilities?: readonly string[] | undefined },
  ): Promise<string[]>;
  deleteUser(key: Owner): Promise<void>;
}

/** What the lifecycle needs of conversation history (HistoryService fits). */
export interface LifecycleHistory {
  /** Takes forgotten memories' texts out of the user's conversations. */
  forgetTexts(key: Owner, texts: readonly string[], ids?: readonly string[]): Promise<number>;
  /** Deletes every conversation of the user in the team; returns how many. */
  deleteUser(key: Owner): Promise<number>;
}

/**
 * The graph part of the lifecycle's operations (the journal's `graph` part): a save's facts extracted
 * into the knowledge graph in the background, a delete's facts and texts taken out of the graph and
 * the conversation history, a delete-all's graph (and on request history) cleared.
 */
export class GraphPart {
  private readonly jobs = new Set<Promise<unknown>>();

  constructor(
    private readonly options: {
      graph?: LifecycleGraph | undefined;
      history?: LifecycleHistory | undefined;
      journal?: MemoryJournal | undefined;
      logger: Logger;
    },
  ) {}

  /** {@link LifecycleGraph.sourcesNamedBy}, or none without a graph (or when it cannot be read). */
  async sourcesNamedBy(
    key: Owner,
    text: string,
    visibilities: readonly string[] | undefined,
  ): Promise<string[]> {
    const graph = this.options.graph;
    if (graph?.sourcesNamedBy === undefined) return [];
    return graph.sourcesNamedBy({ ...key, text, visibilities }).catch((err: unknown) => {
      this.options.logger.warn({ err }, "graph unavailable: a forget finds memories by their words alone");
      return [];
    });
  }

  /** Extracts a save's facts; marks the journal's graph part done when every memory's are in. */
  async extractFacts(operation: NewOperation | MemoryOperation): Promise<void> {
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

  /**
   * The graph and history part of a delete or delete-all; returns conversations deleted. (A delete's
   * texts left the history before it was journaled; a line of an earlier version carries them.)
   */
  async apply(operation: NewOperation): Promise<number> {
    const { graph, history } = this.options;
    if (operation.op === "delete") {
      await graph?.forgetMemories(operation.scope, operation.ids);
      if (operation.texts) await history?.forgetTexts(operation.scope, operation.texts, operation.ids);
      return 0;
    }
    if (operation.op === "deleteAll") {
      await graph?.deleteUser(operation.scope);
      return operation.history && history ? history.deleteUser(operation.scope) : 0;
    }
    return 0;
  }

  /**
   * The graph part of an operation left unfinished by a crash. A save's facts come back only for the
   * memories `exists` still finds: a later delete may have finished already.
   */
  async recover(
    operation: MemoryOperation,
    exists: (scope: MemoryScope, id: string) => Promise<boolean>,
  ): Promise<void> {
    if (operation.op !== "save") {
      await this.apply(operation);
      await this.options.journal?.done(operation.seq, "graph");
      return;
    }
    try {
      const alive: Memory[] = [];
      for (const memory of operation.memories) {
        if (await exists(operation.scope, memory.id)) alive.push(memory);
      }
      this.track(this.extractFacts({ ...operation, memories: alive }));
    } catch (err) {
      this.options.logger.warn(
        { err, seq: operation.seq },
        "cannot check the memories of a pending extraction; next start",
      );
    }
  }

  /** Runs an extraction in the background (a failure is logged). */
  track(job: Promise<unknown>): void {
    const safe = job.catch((err: unknown) => this.options.logger.error({ err }, "graph extraction failed"));
    this.jobs.add(safe);
    void safe.finally(() => this.jobs.delete(safe));
  }

  /** Waits until no extraction started here is running (more may start meanwhile). */
  async drain(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  /** Waits for the extractions running now. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.jobs]);
  }
}
