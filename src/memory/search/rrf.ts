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

/** One scored list to fuse; higher scores are better. */
export interface ScoredList {
  source: string;
  items: Array<{ id: string; score: number }>;
}

/**
 * Relative score fusion: each list's scores are divided by the list's best score (so its top hit is
 * 1, whatever the scale: BM25's unbounded sums and a cosine alike), then
 *
 *   score(d) = Σ_s w_s · score_s(d) / max_s
 *
 * over the lists that contain d. Unlike RRF it keeps how far apart the hits of one list are: a
 * retriever that is sure of its first hit (a large gap to the second) is not overruled by another
 * retriever's flat list. Ties keep first-seen order; `ranks` as in {@link reciprocalRankFusion}.
 */
export function relativeScoreFusion(
  lists: ScoredList[],
  options: { weights?: Record<string, number> } = {},
): FusedItem[] {
  const fused = new Map<string, FusedItem>();
  for (const list of lists) {
    const weight = options.weights?.[list.source] ?? 1;
    const sorted = [...list.items].sort((a, b) => b.score - a.score);
    const best = sorted[0]?.score ?? 0;
    sorted.forEach((entry, index) => {
      let item = fused.get(entry.id);
      if (item === undefined) {
        item = { id: entry.id, score: 0, ranks: {} };
        fused.set(entry.id, item);
      }
      if (item.ranks[list.source] !== undefined) return;
      item.ranks[list.source] = index + 1;
      item.score += best > 0 ? (weight * Math.max(0, entry.score)) / best : 0;
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
