import { describe, expect, it } from "vitest";
import { RRF_K, reciprocalRankFusion } from "../../src/memory/search/rrf.js";

describe("reciprocalRankFusion", () => {
  it("uses k = 60", () => {
    expect(RRF_K).toBe(60);
  });

  it("sums 1 / (k + rank) over the lists", () => {
    const fused = reciprocalRankFusion([
      { source: "vector", ids: ["a", "b", "c"] },
      { source: "keyword", ids: ["b", "d"] },
    ]);
    expect(fused.map((f) => f.id)).toEqual(["b", "a", "d", "c"]);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[0]?.ranks).toEqual({ vector: 2, keyword: 1 });
    expect(fused[1]?.score).toBeCloseTo(1 / 61, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 62, 12);
    expect(fused[3]?.score).toBeCloseTo(1 / 63, 12);
  });

  it("applies per-source weights and a custom k", () => {
    const fused = reciprocalRankFusion(
      [
        { source: "vector", ids: ["a"] },
        { source: "keyword", ids: ["b"] },
      ],
      { k: 1, weights: { keyword: 3 } },
    );
    expect(fused.map((f) => [f.id, f.score])).toEqual([
      ["b", 1.5],
      ["a", 0.5],
    ]);
  });

  it("counts an id repeated in one list at its best rank only", () => {
    const fused = reciprocalRankFusion([{ source: "vector", ids: ["a", "a"] }]);
    expect(fused).toEqual([{ id: "a", score: 1 / 61, ranks: { vector: 1 } }]);
  });

  it("returns nothing for no lists", () => {
    expect(reciprocalRankFusion([])).toEqual([]);
  });
});
