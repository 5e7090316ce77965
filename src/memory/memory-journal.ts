import { join } from "node:path";
import { z } from "zod";
import type { Memory } from "../types.js";
import { AppendJournal } from "../util/journal.js";

/** Folder under DATA_DIR with the journals. */
export const JOURNAL_DIR = "journal";
/** Appended lines after which a journal with nothing pending is rewritten empty. */
export const JOURNAL_COMPACT_AFTER = 1000;

const scopeSchema = z.object({ teamId: z.string(), userId: z.string() });
const memorySchema = z.object({
  id: z.string(),
  text: z.string(),
  userId: z.string(),
  teamId: z.string(),
  timestamp: z.number(),
  channelId: z.string(),
  channelType: z.enum(["im", "mpim", "channel", "group"]),
  source: z.enum(["slack", "autosave", "admin", "import"]),
  topics: z.array(z.string()).optional(),
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
}) satisfies z.ZodType<Memory>;

/**
 * One line of the memory journal. `save`, `delete` and `deleteAll` are what a user or an operator
 * asked for; `done` says one part of an operation went through: `store` (Chroma, with the vectors) or
 * `graph` (the facts extracted, or taken out). An operation is pending while a part is not done.
 */
export const memoryJournalEntrySchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("save"), seq: z.number(), scope: scopeSchema, memories: z.array(memorySchema) }),
  z.object({
    op: z.literal("delete"),
    seq: z.number(),
    scope: scopeSchema,
    ids: z.array(z.string()),
    /** The deleted texts, to take them out of the conversation history again after a crash. */
    texts: z.array(z.string()),
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
 * The durable outbox of memory operations (DATA_DIR/journal/memory.jsonl). The lifecycle writes an
 * operation here before anything else, so "기억했어요" is true even when Chroma or Ollama is down or
 * the process is killed the next moment: what is not `done` is applied again — by the background
 * applier, or at the next start — and applying is idempotent (saves replace by id).
 */
export class MemoryJournal {
  private readonly journal: AppendJournal<MemoryJournalEntry>;
  private readonly pending = new Map<number, PendingOperation>();
  private nextSeq = 1;
  private appended = 0;

  constructor(dataDir: string) {
    this.journal = new AppendJournal(join(dataDir, JOURNAL_DIR, "memory.jsonl"), memoryJournalEntrySchema);
  }

  get path(): string {
    return this.journal.path;
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
   * Reads the journal after a restart: the operations not finished, in order. Torn or damaged lines
   * are skipped (`skipped` holds their line numbers).
   */
  async load(): Promise<{ pending: PendingOperation[]; skipped: number[] }> {
    const { entries, skipped } = await this.journal.read();
    for (const entry of entries) {
      this.nextSeq = Math.max(this.nextSeq, entry.seq + 1);
      if (entry.op === "done") {
        const open = this.pending.get(entry.seq);
        open?.parts.delete(entry.part);
        if (open && open.parts.size === 0) this.pending.delete(entry.seq);
      } else {
        this.pending.set(entry.seq, { operation: entry, parts: new Set(OPERATION_PARTS) });
      }
    }
    this.appended = entries.length;
    return { pending: this.pendingOperations, skipped };
  }

  /** Writes an operation durably and returns it with its sequence number. Throws AppError `journal_failed`. */
  async record(operation: NewOperation): Promise<MemoryOperation> {
    const entry = { ...operation, seq: this.nextSeq++ } as MemoryOperation;
    await this.journal.append(entry);
    this.appended += 1;
    this.pending.set(entry.seq, { operation: entry, parts: new Set(OPERATION_PARTS) });
    return entry;
  }

  /** Marks one part of an operation done; the operation leaves the journal when all parts are. */
  async done(seq: number, part: OperationPart): Promise<void> {
    const open = this.pending.get(seq);
    if (!open?.parts.has(part)) return;
    await this.journal.append({ op: "done", seq, part });
    this.appended += 1;
    open.parts.delete(part);
    if (open.parts.size === 0) this.pending.delete(seq);
    if (this.pending.size === 0 && this.appended >= JOURNAL_COMPACT_AFTER) await this.compact();
  }

  /** Whether a part of this operation is still to do. */
  isPending(seq: number, part: OperationPart): boolean {
    return this.pending.get(seq)?.parts.has(part) ?? false;
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
