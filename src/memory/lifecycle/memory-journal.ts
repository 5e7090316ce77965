import { join } from "node:path";
import { z } from "zod";
import { memorySchema } from "../../core/memory-schema.js";
import type { Owner } from "../../core/types.js";
import { AppendJournal, type JournalStorage } from "../../util/journal.js";

/** Folder under DATA_DIR with the journals. */
export const JOURNAL_DIR = "journal";
/** The memory journal's file in {@link JOURNAL_DIR}. */
export const MEMORY_JOURNAL_FILE = "memory.jsonl";
/**
 * Appended lines after which a journal with nothing pending is rewritten empty. (A delete rewrites it
 * at once, whatever this count.)
 */
export const JOURNAL_COMPACT_AFTER = 1000;

const scopeSchema = z.object({ teamId: z.string(), userId: z.string() });
/**
 * One line of the memory journal. `save`, `delete` and `deleteAll` are what a user or an operator
 * asked for; `done` says one part of an operation went through: `store` (Chroma, with the vectors) or
 * `graph` (the facts extracted, or taken out). An operation is pending while a part is not done.
 * Only a `save` carries memory texts; a `delete` names ids.
 */
export const memoryJournalEntrySchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("save"), seq: z.number(), scope: scopeSchema, memories: z.array(memorySchema) }),
  z.object({
    op: z.literal("delete"),
    seq: z.number(),
    scope: scopeSchema,
    ids: z.array(z.string()),
    /**
     * Written by earlier versions only (the deleted texts, for the history part after a crash): read
     * so that part still runs, and dropped once it has. The history now loses the texts before the
     * delete is journaled.
     */
    texts: z.array(z.string()).optional(),
  }),
  z.object({ op: z.literal("deleteAll"), seq: z.number(), scope: scopeSchema, history: z.boolean() }),
  z.object({ op: z.literal("done"), seq: z.number(), part: z.enum(["store", "graph"]) }),
]);
export type MemoryJournalEntry = z.infer<typeof memoryJournalEntrySchema>;
/** An operation (not a `done` line). */
export type MemoryOperation = Exclude<MemoryJournalEntry, { op: "done" }>;
/** An operation before the journal numbers it. */
export type NewOperation = MemoryOperation extends infer O
  ? O extends unknown
    ? Omit<O, "seq">
    : never
  : never;
export type OperationPart = "store" | "graph";
/** Every operation has both parts: the store (Chroma + vectors) and the graph (and history). */
const OPERATION_PARTS: readonly OperationPart[] = ["store", "graph"];

/** An operation still to finish, with the parts not done yet. */
export interface PendingOperation {
  operation: MemoryOperation;
  parts: Set<OperationPart>;
}

/**
 * The durable outbox of memory operations (DATA_DIR/journal/memory.jsonl, or PostgreSQL in shared mode). The lifecycle writes an
 * operation here before anything else, so "기억했어요" is true even when Chroma or Ollama is down or
 * the process is killed the next moment: what is not `done` is applied again — by the background
 * applier, or at the next start — and applying is idempotent (saves replace by id).
 *
 * A forgotten text does not stay here: a `delete` or `deleteAll` takes the memories it removes out
 * of the saves still pending (applying the save and then the delete would leave the same store as
 * the delete alone) and is written by rewriting the journal with what is pending — so the lines of
 * the saves that held those texts are gone from the file when `record` resolves.
 */
export class MemoryJournal {
  private readonly journal: AppendJournal<MemoryJournalEntry>;
  private readonly pending = new Map<number, PendingOperation>();
  private nextSeq = 1;
  private appended = 0;

  /** `where`: DATA_DIR (the file DATA_DIR/journal/memory.jsonl), or another storage (PostgreSQL). */
  constructor(where: string | JournalStorage) {
    this.journal = new AppendJournal(
      typeof where === "string" ? join(where, JOURNAL_DIR, MEMORY_JOURNAL_FILE) : where,
      memoryJournalEntrySchema,
    );
  }

  /** The file's path, or the storage's location. */
  get path(): string {
    return this.journal.path;
  }

  /** Whether the journal is a local file (whose folder must stay writable). */
  get onDisk(): boolean {
    return this.journal.onDisk;
  }

  /** Whether the journal can be written (health). */
  get healthy(): boolean {
    return this.journal.healthy;
  }

  /** Operations still pending, oldest first. */
  get pendingOperations(): PendingOperation[] {
    return [...this.pending.values()].sort((a, b) => a.operation.seq - b.operation.seq);
  }

  /**
   * The owner's operations whose store part is not done yet, oldest first: a BM25 index built from the
   * store applies them on top of what it lists (MemorySearch's `pending`).
   */
  pendingStoreWrites(owner: Owner): MemoryOperation[] {
    return this.pendingOperations
      .filter(
        (p) =>
          p.parts.has("store") &&
          p.operation.scope.teamId === owner.teamId &&
          p.operation.scope.userId === owner.userId,
      )
      .map((p) => p.operation);
  }

  /**
   * Reads the journal after a restart: the operations not finished, in order. Torn or damaged lines
   * are skipped (`skipped` holds their line numbers).
   */
  async load(): Promise<{ pending: PendingOperation[]; skipped: number[] }> {
    const { entries, skipped } = await this.journal.read();
    for (const entry of entries) {
      this.nextSeq = Math.max(this.nextSeq, entry.seq + 1);
      if (entry.op === "done") this.markDone(entry.seq, entry.part);
      else {
        this.pending.set(entry.seq, { operation: entry, parts: new Set(OPERATION_PARTS) });
        if (entry.op !== "save") this.supersedeSaves(entry);
      }
    }
    this.appended = entries.length;
    return { pending: this.pendingOperations, skipped };
  }

  /**
   * Writes an operation durably and returns it with its sequence number: a save is appended; a
   * delete or delete-all first takes its memories out of the pending saves, then the journal is
   * rewritten (atomically) without any line that held their texts. Throws AppError `journal_failed`.
   */
  async record(operation: NewOperation): Promise<MemoryOperation> {
    const entry = { ...operation, seq: this.nextSeq++ } as MemoryOperation;
    if (entry.op === "save") {
      // Pending before the write is queued: a rewrite queued after it must hold it.
      this.pending.set(entry.seq, { operation: entry, parts: new Set(OPERATION_PARTS) });
      try {
        await this.journal.append(entry);
      } catch (err) {
        this.pending.delete(entry.seq);
        throw err;
      }
      this.appended += 1;
      return entry;
    }
    this.pending.set(entry.seq, { operation: entry, parts: new Set(OPERATION_PARTS) });
    const superseded = this.supersedeSaves(entry);
    try {
      await this.compact();
    } catch (err) {
      // Not written: nothing of it happened.
      this.pending.delete(entry.seq);
      for (const [seq, open] of superseded) if (open.parts.size > 0) this.pending.set(seq, open);
      throw err;
    }
    return entry;
  }

  /** Marks one part of an operation done; the operation leaves the journal when all parts are. */
  async done(seq: number, part: OperationPart): Promise<void> {
    if (!this.pending.get(seq)?.parts.has(part)) return;
    await this.journal.append({ op: "done", seq, part });
    this.appended += 1;
    this.markDone(seq, part);
    if (this.pending.size === 0 && this.appended >= JOURNAL_COMPACT_AFTER) await this.compact();
  }

  /** Whether a part of this operation is still to do. */
  isPending(seq: number, part: OperationPart): boolean {
    return this.pending.get(seq)?.parts.has(part) ?? false;
  }

  /**
   * The operation as it stands now (a pending save loses the memories a later delete removed), or
   * undefined once it is finished or wholly superseded.
   */
  current(seq: number): MemoryOperation | undefined {
    return this.pending.get(seq)?.operation;
  }

  private markDone(seq: number, part: OperationPart): void {
    const open = this.pending.get(seq);
    if (!open) return;
    open.parts.delete(part);
    if (open.parts.size === 0) this.pending.delete(seq);
    else if (part === "graph" && open.operation.op === "delete" && open.operation.texts) {
      // An earlier version's line: its texts served the history part, which is done.
      const { texts: _texts, ...rest } = open.operation;
      open.operation = rest;
    }
  }

  /**
   * Takes the memories a delete or delete-all removes out of the same user's earlier pending saves
   * (a save left with none is dropped): the store ends the same, and their texts are not kept.
   */
  private supersedeSaves(
    removal: Exclude<MemoryOperation, { op: "save" | "done" }>,
  ): Array<[number, PendingOperation]> {
    const superseded: Array<[number, PendingOperation]> = [];
    const { scope } = removal;
    const ids = removal.op === "delete" ? new Set(removal.ids) : undefined;
    for (const [seq, open] of this.pending) {
      const save = open.operation;
      if (seq >= removal.seq || save.op !== "save") continue;
      if (save.scope.teamId !== scope.teamId || save.scope.userId !== scope.userId) continue;
      const kept = ids ? save.memories.filter((m) => !ids.has(m.id)) : [];
      if (kept.length === save.memories.length) continue;
      // A new entry, not a change to this one: `record` puts the old ones back if its write fails.
      superseded.push([seq, open]);
      if (kept.length === 0) this.pending.delete(seq);
      else this.pending.set(seq, { operation: { ...save, memories: kept }, parts: open.parts });
    }
    return superseded;
  }

  /** Rewrites the journal with only the pending operations (and their done parts). */
  async compact(): Promise<void> {
    const entries: MemoryJournalEntry[] = [];
    for (const { operation, parts } of this.pendingOperations) {
      entries.push(operation);
      for (const part of OPERATION_PARTS) {
        if (!parts.has(part)) entries.push({ op: "done", seq: operation.seq, part });
      }
    }
    await this.journal.compact(entries);
    this.appended = entries.length;
  }

  close(): Promise<void> {
    return this.journal.close();
  }
}
