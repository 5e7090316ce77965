import type { Memory } from "../../core/types.js";
import {
  similarityFrom,
  type MemoryWithVector,
  type SimilarityMetric,
  type VectorHit,
} from "../../core/vector-index.js";
import type { ChromaCall, Collection } from "./collections.js";
import { fromRow, memoryIdOf } from "./memory-metadata.js";

/**
 * Reading a collection's rows as memories: its nearest rows to a vector (with the metric's
 * similarity) and pages of its rows.
 */

/**
 * A collection's nearest rows, one hit per memory. Queries the collection directly rather than
 * through `ChromaVectorStore.query`, which always asks Chroma for the stored embeddings too (20
 * vectors of JSON per recall) and rebuilds a node from `_node_content` per row; the rows are the
 * ones LlamaIndex wrote.
 */
export async function nearestRows(
  call: ChromaCall,
  collection: Collection,
  metric: SimilarityMetric,
  vector: number[],
  topK: number,
): Promise<VectorHit[]> {
  const result = await call("query", () =>
    collection.query({
      queryEmbeddings: [vector],
      nResults: topK,
      include: ["distances", "documents", "metadatas"] as never,
    }),
  );
  const best = new Map<string, VectorHit>();
  (result.ids[0] ?? []).forEach((rowId, i) => {
    const meta = (result.metadatas[0]?.[i] ?? {}) as Record<string, unknown>;
    const id = memoryIdOf(rowId, meta);
    const similarity = similarityOfDistance(metric, Number(result.distances?.[0]?.[i] ?? Infinity));
    const seen = best.get(id);
    if (seen && seen.similarity >= similarity) return;
    best.set(id, { memory: fromRow(id, result.documents[0]?.[i], meta), similarity });
  });
  return [...best.values()];
}

/** Chroma's distance in the collection's space (1 − cos, 1 − dot, squared L2) as the metric's similarity. */
export function similarityOfDistance(metric: SimilarityMetric, distance: number): number {
  switch (metric) {
    case "cosine":
      return similarityFrom("cosine", distance);
    case "dot_product":
      return similarityFrom("dot_product", 1 - distance);
    case "euclidean":
      return similarityFrom("euclidean", Math.sqrt(Math.max(0, distance)));
  }
}

/** A page of a collection's rows (those matching `where`, when given) as memories, in Chroma's order. */
export async function pageRows(
  call: ChromaCall,
  collection: Collection,
  options: { where?: Record<string, unknown>; limit: number; offset: number },
): Promise<Memory[]> {
  return call("get", async () => {
    const rows = await collection.get({
      ...(options.where ? { where: options.where as never } : {}),
      include: ["documents", "metadatas"] as never,
      limit: options.limit,
      offset: options.offset,
    });
    return rows.ids.map((rowId, i) => {
      const meta = (rows.metadatas[i] ?? {}) as Record<string, unknown>;
      return fromRow(memoryIdOf(rowId, meta), rows.documents[i], meta);
    });
  });
}

/** A page of a collection's rows as memories with their stored vectors, in Chroma's order. */
export async function pageRowsWithVectors(
  call: ChromaCall,
  collection: Collection,
  options: { limit: number; offset: number },
): Promise<MemoryWithVector[]> {
  return call("get", async () => {
    const rows = await collection.get({
      include: ["documents", "metadatas", "embeddings"] as never,
      limit: options.limit,
      offset: options.offset,
    });
    return rows.ids.map((rowId, i) => {
      const meta = (rows.metadatas[i] ?? {}) as Record<string, unknown>;
      const vector = (rows.embeddings as ArrayLike<number>[] | null | undefined)?.[i];
      return {
        memory: fromRow(memoryIdOf(rowId, meta), rows.documents[i], meta),
        vector: vector ? Array.from(vector) : [],
      };
    });
  });
}
