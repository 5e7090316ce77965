import { AppError, toAppError } from "../core/errors.js";
import type { SaveInput } from "../memory/lifecycle/save-input.js";
import type { Memory, MemoryScope } from "../core/types.js";

/**
 * What saves a batch: the lifecycle (imports, whose facts reach the graph; for the eval's throw-away
 * namespace, an index-only one).
 */
export interface BatchSaver {
  saveMany(scope: MemoryScope, inputs: SaveInput[]): Promise<Memory[]>;
}

/**
 * Memories per MemoryLifecycle.saveMany call: one write per collection it touches (the user's `all` and
 * one per channel among the batch's memories), embedded EMBED_BATCH_SIZE texts per request. Large
 * pages because most of a page's time is its writes and a small page's channel copies are many small
 * calls (docs/benchmarks.md, "Chroma bulk ingest"; a page's writes to `all` and its channel copies go
 * side by side); a failed page is re-run by importing the file again (imports are idempotent on id).
 */
export const SAVE_BATCH_SIZE = 5000;

/** One memory to save in its owner's scope. */
export interface OwnedInput {
  userId: string;
  input: SaveInput;
}

/**
 * Saves memories in batches of at most `batchSize`, each batch one user's (saveMany works in one
 * scope), users in order of first appearance. Stops at the first failed batch and throws it, with
 * `details.saved` = how many were saved before it; `onSaved(n)` is called after each batch.
 */
export async function saveInBatches(options: {
  memory: BatchSaver;
  teamId: string;
  rows: OwnedInput[];
  batchSize?: number;
  onSaved?: (n: number) => void;
}): Promise<number> {
  const batchSize = options.batchSize ?? SAVE_BATCH_SIZE;
  const byUser = new Map<string, SaveInput[]>();
  for (const row of options.rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(row.input);
    byUser.set(row.userId, list);
  }
  let saved = 0;
  for (const [userId, inputs] of byUser) {
    for (let start = 0; start < inputs.length; start += batchSize) {
      const batch = inputs.slice(start, start + batchSize);
      try {
        await options.memory.saveMany({ teamId: options.teamId, userId }, batch);
      } catch (err) {
        const error = toAppError(err);
        throw new AppError(error.code, `${error.message} (${saved} saved before this batch)`, {
          cause: err,
          details: { ...error.details, saved },
        });
      }
      saved += batch.length;
      options.onSaved?.(batch.length);
    }
  }
  return saved;
}
