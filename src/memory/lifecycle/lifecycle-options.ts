import type { Logger } from "../../logging/logger.js";
import type { AuditActor, AuditLog, PinStore, RecallTally } from "../../core/audit.js";
import type { Metrics } from "../../core/metrics.js";
import type { MemoryScope, Owner } from "../../core/types.js";
import type { VectorIndex } from "../../core/vector-index.js";
import type { Chunker } from "../chunking/chunker.js";
import type { KeywordIndexRegistry } from "../search/keyword-index.js";
import type { MemorySearch } from "../search/memory-search.js";
import type { LifecycleGraph, LifecycleHistory } from "./graph-part.js";
import type { MemoryJournal } from "./memory-journal.js";

/** What the memory lifecycle is built from (memory-lifecycle.ts). */
export interface MemoryLifecycleOptions {
  /** The read side (search, list, get), built over the same store, BM25 registry and journal. */
  search: MemorySearch;
  /**
   * The store the search reads: written here alone, through a writer this lifecycle makes and keeps
   * private (with the BM25 indexes of `keywordIndexes`, the search's).
   */
  store: VectorIndex;
  keywordIndexes: KeywordIndexRegistry;
  /**
   * Called after every successful write to the store with the owner whose memories changed (the
   * change feed publishes it). Must not throw (a throw is logged).
   */
  onMemoriesChanged?: ((owner: Owner) => void) | undefined;
  graph?: LifecycleGraph | undefined;
  history?: LifecycleHistory | undefined;
  /**
   * The durable outbox. With it (the app) every operation is journaled before anything else and a
   * failed part is applied again later; without it (the CLI, the eval) operations apply directly and
   * a failure is thrown to the caller. The search is given it too (its `pending`), so a BM25 index
   * built from the store takes what the store does not have yet.
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
  /**
   * The audit record (shared state): every save, forget and expiry done here is appended, with the
   * actor the caller names (ids only, never text).
   */
  audit?: AuditLog | undefined;
  /** Pinned memories (shared state): {@link MemoryLifecycle.pin}; a forgotten memory's pin is dropped. */
  pins?: PinStore | undefined;
  /** Which memories were recalled and used (shared state): "what do you know about me", retention. */
  recalls?: RecallTally | undefined;
  /** Memories saved and forgotten, by source, are counted here (none by default). */
  metrics?: Metrics | undefined;
  logger: Logger;
  /** Backoff of the background applier (default 1 s doubling to 30 s). */
  retry?: { minMs: number; maxMs: number } | undefined;
  /** The clock of a save without a timestamp (default Date.now). */
  now?: () => number;
}

/** What a delete-all removed. */
export interface DeleteAllResult {
  memories: number;
  /** Conversations deleted (only when asked for). */
  conversations?: number;
}

/** Who asks for a save or a forget (the audit's actor); by default the memory's source, or the user. */
export interface ActorOption {
  actor?: AuditActor | undefined;
}
