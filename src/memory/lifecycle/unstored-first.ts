import type { Memory } from "../../core/types.js";
import { decodeListCursor, encodeCursor, encodeWaitingCursor } from "../search/list-cursor.js";
import type { MemoryOperation } from "./memory-journal.js";

/** One page of a listing, as MemorySearch.list gives it. */
export interface ListPage {
  items: Memory[];
  nextCursor: string | null;
}

/** Where a saved memory is in the journal: its save's seq, and its place among that save's memories. */
interface JournalPlace {
  seq: number;
  ord: number;
}

/** What an owner's journaled writes the store has not applied yet mean for reading their memories. */
export interface NotYetStored {
  /** The memories of the pending saves, each once at its latest save, in journal order, with its place. */
  waiting: Array<JournalPlace & { memory: Memory }>;
  /** Whether a stored memory is deleted by a pending delete or delete-all (not to be shown). */
  deleted: (id: string) => boolean;
}

/**
 * The owner's pending store writes (`MemoryJournal.pendingStoreWrites`, journal order) read as a view on
 * top of the store, as a BM25 build applies them: the journal has already taken deleted memories out
 * of earlier pending saves, and a delete-all's earlier saves with them.
 */
export function notYetStored(writes: readonly MemoryOperation[]): NotYetStored {
  // By id: a memory saved again (a turn replayed after a restart saves under the same id) is waiting
  // once, at its latest save.
  const waiting = new Map<string, NotYetStored["waiting"][number]>();
  const deletedIds = new Set<string>();
  let deletedAll = false;
  for (const write of writes) {
    if (write.op === "save") {
      for (const [ord, memory] of write.memories.entries()) {
        waiting.delete(memory.id);
        waiting.set(memory.id, { memory, seq: write.seq, ord });
      }
    } else if (write.op === "delete") {
      for (const id of write.ids) deletedIds.add(id);
    } else {
      deletedAll = true;
    }
  }
  return { waiting: [...waiting.values()], deleted: deletedAll ? () => true : (id) => deletedIds.has(id) };
}

/**
 * One page of a user's memories with those saved but not in the store yet first (journal order), then
 * the store's, so a listing never leaves out what the user was told is kept. The cursor is either the
 * store's (an offset) or one among the waiting memories (after a save's seq and place); a memory filed
 * into the store between two pages may be listed twice, never left out; a stored memory whose delete
 * the store has not applied yet is not listed (a page may then hold fewer than `limit`). `limit` is at
 * least 1.
 */
export async function listUnstoredFirst(options: {
  limit: number;
  cursor?: string | undefined;
  pending: NotYetStored;
  /** Whether a waiting memory may be shown where the listing is asked for (the visibility rule). */
  canSee: (memory: Memory) => boolean;
  /** A page of the store's listing (its cursor is an offset). */
  stored: (page: { limit: number; cursor?: string | undefined }) => Promise<ListPage>;
}): Promise<ListPage> {
  const { limit, cursor, pending } = options;
  const stored = async (page: { limit: number; cursor?: string | undefined }): Promise<ListPage> => {
    const got = await options.stored(page);
    return { items: got.items.filter((m) => !pending.deleted(m.id)), nextCursor: got.nextCursor };
  };
  const at = cursor ? decodeListCursor(cursor) : undefined;
  if (at && "offset" in at) return stored({ limit, cursor });
  const after = at?.after;
  const items: Memory[] = [];
  let last: JournalPlace | undefined;
  for (const waiting of pending.waiting) {
    if (after && (waiting.seq < after.seq || (waiting.seq === after.seq && waiting.ord <= after.ord)))
      continue;
    if (!options.canSee(waiting.memory)) continue;
    if (last && items.length === limit) return { items, nextCursor: encodeWaitingCursor(last) };
    items.push(waiting.memory);
    last = waiting;
  }
  const shown = new Set(items.map((m) => m.id));
  // Asking the store for one row even when the page is full tells whether a next page exists.
  const rest = await stored({ limit: Math.max(limit - items.length, 1) });
  if (items.length === limit)
    return { items, nextCursor: rest.nextCursor !== null || rest.items.length > 0 ? encodeCursor(0) : null };
  return { items: [...items, ...rest.items.filter((m) => !shown.has(m.id))], nextCursor: rest.nextCursor };
}
