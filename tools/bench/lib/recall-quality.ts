/**
 * Recall@k of a backend's vector search against exact search: for each query, the share of the
 * exact top-k (cosine over every memory of the target user visible in the query's scope, computed
 * here by brute force from the same vectors the embedder gave the store) that the backend's
 * `VectorIndex.query` returned in its own top-k. 1.0 is an exact search. Ties count: a returned hit
 * whose similarity reaches the exact k-th score (within {@link TIE_EPSILON}) is a correct one, so a
 * sparse query whose k-th place is shared by many memories (the offline embedder's hashed n-grams)
 * is not scored by which of the tied ones a backend happened to return.
 */
import { VisibilityRule, isAllowed } from "../../../src/core/visibility.js";
import type { KeywordDoc } from "../../../src/memory/search/keyword-index.js";
import type { BenchVectors } from "./dense-vectors.js";
import type { BenchMemory } from "./memory-harness.js";
import type { BenchQuery } from "./recall-dataset.js";

/** Similarities within this of the exact k-th score are ties (float32 storage and int8 rounding aside). */
export const TIE_EPSILON = 1e-5;

/** One query's exact answer: the top-k ids and the k-th score. */
export interface ExactAnswer {
  ids: string[];
  kthScore: number;
}

/** Recall@k over the queries measured: mean and worst query. */
export interface RecallAtK {
  k: number;
  queries: number;
  mean: number;
  min: number;
}

/**
 * The exact top-k ids of each query over `docs` (one pass over the docs, each vector generated once,
 * scored against every query whose scope may see it).
 */
export function exactTopK(options: {
  docs: readonly KeywordDoc[];
  queries: readonly BenchQuery[];
  vectors: BenchVectors;
  k: number;
}): ExactAnswer[] {
  const { docs, queries, vectors, k } = options;
  const rule = new VisibilityRule();
  const allowed = queries.map((q) => rule.allowedIn(q.scope));
  const qs = queries.map((q) => normalised(q.vector));
  const best: { id: string; score: number }[][] = queries.map(() => []);
  for (const doc of docs) {
    const v = normalised(vectors.memoryVector(doc.text));
    for (let qi = 0; qi < qs.length; qi++) {
      if (!isAllowed([doc.visibility ?? "private"], allowed[qi])) continue;
      const q = qs[qi]!;
      let dot = 0;
      for (let i = 0; i < q.length; i++) dot += q[i]! * v[i]!;
      insertTop(best[qi]!, { id: doc.id, score: dot }, k);
    }
  }
  return best.map((list) => ({ ids: list.map((h) => h.id), kthScore: list.at(-1)?.score ?? 0 }));
}

/** Recall@k of `memory.store.query` against `exact` (from {@link exactTopK}) on the same queries. */
export async function measureRecallAtK(options: {
  memory: BenchMemory;
  queries: readonly BenchQuery[];
  exact: readonly ExactAnswer[];
  k: number;
}): Promise<RecallAtK> {
  const { memory, queries, exact, k } = options;
  const rule = new VisibilityRule();
  const shares: number[] = [];
  for (const [qi, q] of queries.entries()) {
    const truth = exact[qi]!;
    if (truth.ids.length === 0) continue;
    const hits = await memory.store.query({
      vector: q.vector,
      teamId: q.scope.teamId,
      userId: q.scope.userId,
      visibilities: rule.allowedIn(q.scope),
      topK: k,
    });
    const wanted = new Set(truth.ids);
    const correct = hits.filter(
      (h) => wanted.has(h.memory.id) || h.similarity >= truth.kthScore - TIE_EPSILON,
    );
    shares.push(Math.min(correct.length, truth.ids.length) / truth.ids.length);
  }
  return {
    k,
    queries: shares.length,
    mean: shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length),
    min: shares.length ? Math.min(...shares) : Number.NaN,
  };
}

function normalised(v: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(v);
  let n = 0;
  for (let i = 0; i < out.length; i++) n += out[i]! * out[i]!;
  const inv = n > 0 ? 1 / Math.sqrt(n) : 0;
  for (let i = 0; i < out.length; i++) out[i]! *= inv;
  return out;
}

/** Keeps `list` the k highest scores, descending (ties: the earlier stays first). */
function insertTop(
  list: { id: string; score: number }[],
  hit: { id: string; score: number },
  k: number,
): void {
  if (list.length === k && list[k - 1]!.score >= hit.score) return;
  let at = list.length;
  while (at > 0 && list[at - 1]!.score < hit.score) at--;
  list.splice(at, 0, hit);
  if (list.length > k) list.pop();
}
