import { AppError } from "../../core/errors.js";
import type { Embedder } from "../../core/embedder.js";
import type { Memory } from "../../core/types.js";
import { embedInBatches, type VectorQuery } from "../../core/vector-index.js";

/**
 * What the vector index port's contract (src/core/vector-index.ts) asks of every backend alike, in
 * one place: how a query's `topK`, visibilities and `minSimilarity` bound its answer, how `list` and
 * `scan` read their paging arguments, one vector per embedded text, and how a store's failure is
 * reported (AppError `store_failed`).
 */

/**
 * A query's bounds: `topK` as a whole number (at most `maxTopK`, where the store answers no more) and
 * the similarity floor (`-Infinity` when none). Undefined when the answer is empty whatever is stored:
 * no hit wanted (`topK` below 1), or an empty list of visibilities (nothing is allowed).
 */
export function searchBounds(
  query: Pick<VectorQuery, "topK" | "visibilities" | "minSimilarity">,
  maxTopK = Infinity,
): { topK: number; minSimilarity: number } | undefined {
  const topK = Math.min(Math.floor(query.topK), maxTopK);
  if (!(topK > 0) || query.visibilities?.length === 0) return undefined;
  return { topK, minSimilarity: query.minSimilarity ?? -Infinity };
}

/**
 * A `list` page as whole numbers: `limit` rows after skipping `offset` (a negative offset is 0).
 * Undefined when the page is empty whatever is stored (`limit` below 1).
 */
export function pageBounds(options: {
  limit: number;
  offset: number;
}): { limit: number; offset: number } | undefined {
  const limit = Math.floor(options.limit);
  if (!(limit > 0)) return undefined;
  return { limit, offset: Math.max(0, Math.floor(options.offset)) };
}

/** A `scan` page size as a whole number of at least 1 (a page of none would never end the scan). */
export function scanPageSize(pageSize: number): number {
  return Math.max(1, Math.floor(pageSize));
}

/**
 * The memories' texts embedded in batches of `batchSize`, one vector per text (an embedder that
 * answers with another number of vectors is AppError `embed_failed`).
 */
export async function embedMemories(
  embedder: Embedder,
  memories: readonly Memory[],
  batchSize: number,
): Promise<number[][]> {
  const vectors = await embedInBatches(
    (texts) => embedder.embed(texts),
    memories.map((m) => m.text),
    batchSize,
  );
  if (vectors.length !== memories.length) {
    throw new AppError(
      "embed_failed",
      `${embedder.id} returned ${vectors.length} vectors for ${memories.length} texts`,
    );
  }
  return vectors;
}

/**
 * The vectors an upsert stores: `given` ones (a restore, a migration of the same embedder), checked
 * against the memories' count and the embedder's dimension (AppError `bad_request`), else the texts
 * embedded ({@link embedMemories}).
 */
export async function vectorsToStore(
  embedder: Embedder,
  memories: readonly Memory[],
  batchSize: number,
  given: readonly (readonly number[])[] | undefined,
): Promise<number[][]> {
  if (!given) return embedMemories(embedder, memories, batchSize);
  checkVectorCount(memories.length, given);
  return given.map((vector, i) => {
    if (vector.length !== embedder.dimension || !vector.every((x) => Number.isFinite(x))) {
      throw new AppError(
        "bad_request",
        `the vector of memory ${memories[i]!.id} is not ${embedder.dimension} finite numbers (${embedder.id})`,
      );
    }
    return [...vector];
  });
}

/** Given vectors must be one per memory (AppError `bad_request`); none given is fine. */
export function checkVectorCount(memories: number, given: readonly unknown[] | undefined): void {
  if (given && given.length !== memories) {
    throw new AppError("bad_request", `${given.length} vectors given for ${memories} memories`);
  }
}

/** The given vectors at these positions (none when none were given). */
export function pick<T>(given: readonly T[] | undefined, at: readonly number[]): T[] | undefined {
  return given && at.map((i) => given[i]!);
}

/** The embedding of one query text (the port's `embedQuery`). */
export async function embedQueryText(embedder: Embedder, text: string): Promise<number[]> {
  const [vector] = await embedder.embed([text]);
  return vector!;
}

/**
 * A store's failure as the port reports it: an AppError passes as it is; anything else becomes
 * AppError `store_failed` "`<store> <what> failed: <message>`", with the error as its cause.
 */
export function storeFailure(store: string, what: string, err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError("store_failed", `${store} ${what} failed: ${(err as Error).message}`, { cause: err });
}
