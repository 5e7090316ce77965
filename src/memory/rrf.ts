/** Reciprocal rank fusion (Cormack, Clarke & Büttcher, 2009). */

/** The RRF damping constant: 60 as in the paper and the seed implementation. */
export const RRF_K = 60;

/** One ranked list to fuse; `ids` best first. */
export interface RankedList {
  source: string;
  ids: string[];
}

/** A fused item: its score and its 1-based rank in each list it appeared in. */
export interface FusedItem {
  id: string;
  score: number;
  ranks: Record<string, number>;
}

export interface RrfOptions {
  /** Damping constant; default {@link RRF_K}. */
  k?: number;
  /** Per-source weight; a missing source weighs 1. */
  weights?: Record<string, number>;
}

/**
 * Fuses ranked lists:
 *
 *   score(d) = Σ_s w_s / (k + rank_s(d))
 *
 * over the lists s that contain d, with rank_s 1-based. An id repeated within one list counts at its
 * best rank only. Sorted by score descending; ties keep first-seen order (earlier list, better rank).
 *
 * @example
 * reciprocalRankFusion([{ source: "vector", ids: ["a", "b"] }, { source: "keyword", ids: ["b"] }])
 * // b: 1/62 + 1/61 ≈ 0.03252, a: 1/61 ≈ 0.01639
 */
export function reciprocalRankFusion(lists: RankedList[], options: RrfOptions = {}): FusedItem[] {
  const k = options.k ?? RRF_K;
  const fused = new Map<string, FusedItem>();
  for (const list of lists) {
    const weight = options.weights?.[list.source] ?? 1;
    list.ids.forEach((id, index) => {
      let item = fused.get(id);
      if (item === undefined) {
        item = { id, score: 0, ranks: {} };
        fused.set(id, item);
      }
      if (item.ranks[list.source] !== undefined) return;
      const rank = index + 1;
      item.ranks[list.source] = rank;
      item.score += weight / (k + rank);
    });
  }
  // Array.prototype.sort is stable, so equal scores keep insertion order.
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
