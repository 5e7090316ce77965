import { describe, expect, it } from "vitest";
import {
  rankHybrid,
  type KeywordCandidate,
  type VectorCandidate,
} from "../../src/memory/search/hybrid-ranking.js";
import { EMBEDDER_PROFILES } from "../../src/memory/search/embedder-profiles.js";
import { relativeScoreFusion } from "../../src/memory/search/rrf.js";

const kw = (id: string, score: number): KeywordCandidate => ({
  id,
  score,
  coverage: 0.5,
  timestamp: 0,
  text: `text of ${id}`,
});
const vec = (id: string, similarity: number): VectorCandidate => ({
  id,
  similarity,
  timestamp: 0,
  text: `text of ${id}`,
});

/**
 * The crafted case: BM25 is sure of its first hit (score 12 against 5 and less), while the weak
 * retriever ranks the five next BM25 hits first, with high cosines, and does not find the gold at all.
 */
const keyword = [kw("gold", 12), kw("j1", 5), kw("j2", 4.8), kw("j3", 4.6), kw("j4", 4.4), kw("j5", 4.2)];
const vector = [
  vec("j1", 0.9),
  vec("j2", 0.88),
  vec("j3", 0.86),
  vec("j4", 0.84),
  vec("j5", 0.82),
  vec("x", 0.8),
];
const TOP_K = 5;

function topIds(options: {
  method: "rrf" | "score";
  weights: { keyword: number; vector: number };
}): string[] {
  return rankHybrid({ query: "q", keyword, vector, topK: TOP_K, recency: false, ...options }).map(
    (r) => r.id,
  );
}

describe("fusion of a strong and a weak retriever", () => {
  it("keeps the strong retriever's first hit in the top k with the offline profile", () => {
    const { method, weights } = EMBEDDER_PROFILES.offline.fusion;
    const ids = topIds({ method, weights });
    expect(ids).toContain("gold");
    expect(ids[0]).toBe("gold");
  });

  it("is what equal-weight RRF gets wrong: the weak list's agreement pushes the gold to rank 6", () => {
    const ids = topIds({ method: "rrf", weights: { keyword: 1, vector: 1 } });
    expect(ids).not.toContain("gold");
  });

  it("with relative score fusion at vector weight w, only BM25 hits within (1 − w) of the top can pass it", () => {
    // A hit at 0.96 of the top score with the best cosine passes the gold; one at 0.94 never does.
    const near = rankHybrid({
      query: "q",
      keyword: [kw("gold", 10), kw("near", 9.6), kw("far", 9.4)],
      vector: [vec("near", 0.9), vec("far", 0.9)],
      topK: 3,
      recency: false,
      method: "score",
      weights: { keyword: 1, vector: 0.05 },
    }).map((r) => r.id);
    expect(near).toEqual(["near", "gold", "far"]);
  });

  it("fills the list with vector-only hits after BM25 runs out", () => {
    const ids = rankHybrid({
      query: "q",
      keyword: [kw("a", 3)],
      vector: [vec("b", 0.6), vec("a", 0.5), vec("c", 0.4)],
      topK: 3,
      recency: false,
      method: "score",
      weights: { keyword: 1, vector: 0.05 },
    }).map((r) => r.id);
    expect(ids).toEqual(["a", "b", "c"]);
  });
});

describe("relativeScoreFusion", () => {
  it("divides each list by its best score and sums the weighted shares", () => {
    const fused = relativeScoreFusion(
      [
        {
          source: "keyword",
          items: [
            { id: "a", score: 8 },
            { id: "b", score: 4 },
          ],
        },
        {
          source: "vector",
          items: [
            { id: "b", score: 0.5 },
            { id: "c", score: 0.25 },
          ],
        },
      ],
      { weights: { keyword: 1, vector: 0.5 } },
    );
    expect(fused.map((f) => f.id)).toEqual(["a", "b", "c"]);
    expect(fused[0]?.score).toBeCloseTo(1, 12);
    expect(fused[1]?.score).toBeCloseTo(0.5 + 0.5, 12);
    expect(fused[2]?.score).toBeCloseTo(0.25, 12);
    expect(fused[1]?.ranks).toEqual({ keyword: 2, vector: 1 });
  });

  it("gives nothing for a list whose best score is not positive", () => {
    const fused = relativeScoreFusion([{ source: "vector", items: [{ id: "a", score: 0 }] }]);
    expect(fused).toEqual([{ id: "a", score: 0, ranks: { vector: 1 } }]);
  });
});
