import type Database from "better-sqlite3";
import { AppError } from "../../core/errors.js";
import { similarityFrom, type SimilarityMetric } from "../../core/vector-index.js";
import { NAMESPACES, type NamespaceRow } from "./schema.js";

/**
 * Vectors as vec0 stores and compares them: float32 blobs, and the reduction of `dot_product` to L2.
 *
 * vec0 has no inner product, so `dot_product` is reduced to L2 exactly (maximum inner product search
 * as nearest neighbour, Bachrach et al. 2014): a stored vector x becomes [x, √(M² − |x|²)] and the
 * query q becomes [q, 0], where M bounds every stored norm; then L2² = |q|² + M² − 2q·x, so the L2
 * order is the inner-product order and q·x = (|q|² + M² − L2²) / 2 is recovered exactly (up to
 * float32 rounding). M is kept in `vector_namespaces.max_norm`, with headroom; a vector longer than M
 * raises it and rewrites the extra component of the namespace's rows (rare: embedders normalise).
 */

/** M is set this much above the longest norm seen, so that slightly longer vectors do not rewrite rows. */
export const NORM_HEADROOM = 1.25;

/**
 * An embedder's vector as float32, checked: `dimension` components (else AppError `store_failed`), all
 * finite (else `embed_failed`).
 */
export function toFloat32(vector: number[], dimension: number, embedderId: string): Float32Array {
  if (vector.length !== dimension) {
    throw new AppError(
      "store_failed",
      `sqlite-vec: ${embedderId} returned a vector of ${vector.length} dimensions; the namespace holds ${dimension}`,
      { details: { dimension, got: vector.length } },
    );
  }
  const f = Float32Array.from(vector);
  for (let i = 0; i < f.length; i++) {
    if (!Number.isFinite(f[i]!)) {
      throw new AppError("embed_failed", `${embedderId} returned a vector with a non-finite component`);
    }
  }
  return f;
}

/** A stored vector's float32 components (copied: a blob's buffer need not be aligned). */
export function toFloats(blob: Buffer): Float32Array {
  const out = new Float32Array(blob.byteLength / 4);
  new Uint8Array(out.buffer).set(blob);
  return out;
}

export function toBlob(f: Float32Array): Buffer {
  return Buffer.from(f.buffer, f.byteOffset, f.byteLength);
}

export function squaredNorm(f: Float32Array): number {
  let s = 0;
  for (let i = 0; i < f.length; i++) s += f[i]! * f[i]!;
  return s;
}

export function norm(f: Float32Array): number {
  return Math.sqrt(squaredNorm(f));
}

/** The vector as stored: itself, or for dot_product [x, √(M² − |x|²)]. */
export function storedVector(f: Float32Array, row: NamespaceRow): Buffer {
  if (row.metric !== "dot_product") return toBlob(f);
  const out = new Float32Array(f.length + 1);
  out.set(f);
  out[f.length] = Math.sqrt(Math.max(0, row.max_norm * row.max_norm - squaredNorm(f)));
  return toBlob(out);
}

/** The query as vec0 compares it: itself, or for dot_product [q, 0]. */
export function queryVector(q: Float32Array, metric: SimilarityMetric): Float32Array {
  if (metric !== "dot_product") return q;
  const out = new Float32Array(q.length + 1);
  out.set(q);
  return out;
}

/** vec0's distance as the metric's similarity (`qq`: the query's squared norm; `maxNorm`: M). */
export function similarityOfDistance(
  metric: SimilarityMetric,
  distance: number,
  qq: number,
  maxNorm: number,
): number {
  switch (metric) {
    case "cosine":
      // vec0 gives NaN against a zero vector: no similarity.
      return Number.isNaN(distance) ? 0 : similarityFrom("cosine", distance);
    case "dot_product":
      return similarityFrom("dot_product", (qq + maxNorm * maxNorm - distance * distance) / 2);
    case "euclidean":
      return similarityFrom("euclidean", distance);
  }
}

/**
 * dot_product: a stored norm above M. M becomes the new norm with headroom and every row's extra
 * component is recomputed (inside the caller's transaction).
 */
export function raiseMaxNorm(
  db: Database.Database,
  vectors: string,
  row: NamespaceRow,
  maxNorm: number,
): void {
  const bound = maxNorm * NORM_HEADROOM;
  const rows = db.prepare(`select rowid, embedding from ${vectors}`).all() as Array<{
    rowid: number | bigint;
    embedding: Buffer;
  }>;
  const update = db.prepare(`update ${vectors} set embedding = ? where rowid = ?`);
  for (const r of rows) {
    const f = new Float32Array(
      r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength),
    );
    const x = f.subarray(0, f.length - 1);
    f[f.length - 1] = Math.sqrt(Math.max(0, bound * bound - squaredNorm(x)));
    update.run(toBlob(f), BigInt(r.rowid));
  }
  db.prepare(`update ${NAMESPACES} set max_norm = ? where namespace = ?`).run(bound, row.namespace);
  row.max_norm = bound;
}

/** dot_product: the bound M as committed (another process may have raised it). */
export function refreshMaxNorm(db: Database.Database, row: NamespaceRow): void {
  const found = db.prepare(`select max_norm from ${NAMESPACES} where namespace = ?`).get(row.namespace) as
    { max_norm: number } | undefined;
  if (found) row.max_norm = found.max_norm;
}
