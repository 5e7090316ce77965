import type { Memory } from "../../core/types.js";
import { decodeListCursor, encodeCursor, encodeWaitingCursor } from "../search/list-cursor.js";
import type { JournalPlace, UnstoredMemory } from "./store-applier.js";

/** One page of a listing, as MemorySearch.list gives it. */
export interface ListPage {
  items: Memory[];
  nextCursor: string | null;
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
  /** The user's waiting memories after a place (all of them without one), in journal order. */
  waiting: (after?: JournalPlace) => UnstoredMemory[];
  /** Whether a waiting memory may be shown where the listing is asked for (the visibility rule). */
  canSee: (memory: Memory) => boolean;
  /** A page of the store's listing (its cursor is an offset). */
  stored: (page: { limit: number; cursor?: string | undefined }) => Promise<ListPage>;
  /** Whether a stored memory is deleted by an operation the store has not applied yet (not listed). */
  deleted: (id: string) => boolean;
}): Promise<ListPage> {
  const { limit, cursor, deleted } = options;
  const stored = async (page: { limit: number; cursor?: string | undefined }): Promise<ListPage> => {
    const got = await options.stored(page);
    return { items: got.items.filter((m) => !deleted(m.id)), nextCursor: got.nextCursor };
  };
  const at = cursor ? decodeListCursor(cursor) : undefined;
  if (at && "offset" in at) return stored({ limit, cursor });
  const items: Memory[] = [];
  let last: JournalPlace | undefined;
  for (const waiting of options.waiting(at?.after)) {
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
