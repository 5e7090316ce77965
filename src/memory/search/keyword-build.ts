import type { Logger } from "../../logging/logger.js";
import type { Memory, Owner } from "../../core/types.js";
import type { VectorIndex } from "../../core/vector-index.js";
import { visibilityOf } from "../../core/visibility.js";
import {
  type BuiltIndex,
  type KeywordDoc,
  KeywordIndex,
  type KeywordIndexRegistry,
} from "./keyword-index.js";

/**
 * Memories per `VectorIndex.list` page when a user's BM25 index is built from the store (see
 * docs/benchmarks.md, "BM25 on demand", for the page sizes measured).
 */
export const KEYWORD_BUILD_PAGE_SIZE = 2000;

/** A write accepted but not in the store yet, as a BM25 build applies it (a journaled operation fits). */
export type PendingWrite =
  | { op: "save"; memories: readonly Memory[] }
  | { op: "delete"; ids: readonly string[] }
  | { op: "deleteAll" };

/**
 * Where a build of a user's BM25 index finds the writes this process accepted but the store does not
 * have yet (the lifecycle's journal fits): they are applied on top of what the store lists.
 */
export interface PendingWrites {
  pendingStoreWrites(owner: Owner): readonly PendingWrite[];
}

/** What a build reads: the store's listing (and version, for snapshots). */
export type KeywordSource = Pick<VectorIndex, "list" | "version">;

/**
 * Builds a user's BM25 index from the store, `pageSize` memories a page, then applies the writes the
 * store does not have yet ({@link PendingWrites}). With the store failing, the index of those pending
 * writes alone answers (not cached) if there are any — what the user saved during an outage is still
 * recalled by its words —, else the store's error is thrown. With snapshots (a store with
 * {@link VectorIndex.version}), an unchanged user's snapshot is read instead of the store, and a
 * listing the version held around is written as the next snapshot.
 */
export async function buildKeywordIndex(
  owner: Owner,
  options: {
    store: KeywordSource;
    keywordIndexes: KeywordIndexRegistry;
    pending?: PendingWrites | undefined;
    pageSize: number;
    logger: Logger;
  },
): Promise<BuiltIndex> {
  const started = performance.now();
  const { store, logger: log } = options;
  const snapshots = options.keywordIndexes.snapshots;
  const version = snapshots && store.version ? await store.version(owner).catch(() => undefined) : undefined;
  const pending = () => options.pending?.pendingStoreWrites(owner) ?? [];
  const logBuilt = (index: KeywordIndex, from: "store" | "snapshot") =>
    log.debug(
      {
        teamId: owner.teamId,
        userId: owner.userId,
        memories: index.size,
        from,
        ms: Math.round(performance.now() - started),
      },
      "BM25 index built",
    );
  if (snapshots && version !== undefined) {
    const docs = await snapshots.read(owner, version);
    if (docs) {
      const index = new KeywordIndex();
      index.add(docs);
      applyPending(index, pending());
      logBuilt(index, "snapshot");
      return { index, cacheable: true };
    }
  }
  const index = new KeywordIndex();
  let failure: unknown;
  try {
    for (let offset = 0; ; offset += options.pageSize) {
      const page = await store.list(owner, { limit: options.pageSize, offset });
      index.add(page.map(keywordDoc));
      if (page.length < options.pageSize) break;
    }
  } catch (err) {
    failure = err;
  }
  const writes = pending();
  if (failure !== undefined) {
    if (writes.length === 0) throw failure;
    const partial = new KeywordIndex();
    applyPending(partial, writes);
    log.warn(
      { err: failure, teamId: owner.teamId, userId: owner.userId, pending: writes.length },
      "memory store unavailable: BM25 of the not yet stored memories only",
    );
    return { index: partial, cacheable: false };
  }
  // What the store listed, before the writes it does not have yet: the next snapshot.
  const listed = snapshots && version !== undefined ? [...index.all()] : [];
  applyPending(index, writes);
  logBuilt(index, "store");
  if (snapshots && version !== undefined) {
    // Kept for the next build only if no write landed while the pages were read (the version held).
    void (async () => {
      if ((await store.version!(owner)) === version) await snapshots.write(owner, version, listed);
    })().catch((err: unknown) =>
      log.warn({ err, teamId: owner.teamId, userId: owner.userId }, "BM25 snapshot not written"),
    );
  }
  return { index, cacheable: true };
}

/** A memory as its user's BM25 index holds it. */
export function keywordDoc(memory: Memory): KeywordDoc {
  return {
    id: memory.id,
    text: memory.text,
    timestamp: memory.timestamp,
    channelId: memory.channelId,
    channelType: memory.channelType,
    visibility: visibilityOf(memory),
    ...(memory.topics?.length ? { topics: memory.topics } : {}),
    ...(typeof memory.extra?.parent_id === "string" ? { parentId: memory.extra.parent_id } : {}),
    ...(typeof memory.extra?.author === "string" ? { author: memory.extra.author } : {}),
    ...(typeof memory.extra?.message_ts === "string" ? { messageTs: memory.extra.message_ts } : {}),
    source: memory.source,
  };
}

/** Writes not in the store yet, in the order they were accepted, applied to an index built from the store. */
function applyPending(index: KeywordIndex, writes: readonly PendingWrite[]): void {
  for (const write of writes) {
    if (write.op === "save") index.add(write.memories.map(keywordDoc));
    else if (write.op === "delete") index.remove(write.ids);
    else index.removeAll();
  }
}
