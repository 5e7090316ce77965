import { describe, expect, it } from "vitest";
import {
  MIN_KEYWORD_COVERAGE,
  MIN_VECTOR_SIMILARITY,
  dice,
  rankHybrid,
  relevantOnly,
  type KeywordCandidate,
  type VectorCandidate,
} from "../../src/memory/hybrid-ranking.js";

const DAY = 86_400_000;

const vec = (id: string, similarity: number, text: string, timestamp = 0): VectorCandidate => ({
  id,
  similarity,
  text,
  timestamp,
});
const kw = (id: string, score: number, coverage: number, text: string, timestamp = 0): KeywordCandidate => ({
  id,
  score,
  coverage,
  text,
  timestamp,
});

describe("rankHybrid", () => {
  it("fuses by RRF: a memory found by both retrievers ranks first", () => {
    const results = rankHybrid({
      query: "사과",
      vector: [vec("a", 0.9, "사과 A"), vec("b", 0.8, "사과 B")],
      keyword: [kw("b", 10, 1, "사과 B"), kw("c", 5, 1, "사과 C")],
      topK: 10,
      recency: false,
    });
    expect(results.map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(results[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(results[0]?.ranks).toEqual({ vector: 2, keyword: 1 });
    expect(results[0]).toMatchObject({ similarity: 0.8, keywordScore: 10, keywordCoverage: 1 });
  });

  it("marks relevance on the raw signals, not the fused score", () => {
    const results = rankHybrid({
      query: "혈액형",
      vector: [vec("low", MIN_VECTOR_SIMILARITY - 0.01, "x"), vec("high", MIN_VECTOR_SIMILARITY, "y")],
      keyword: [kw("cov", 1, MIN_KEYWORD_COVERAGE, "z"), kw("weak", 50, MIN_KEYWORD_COVERAGE - 0.01, "w")],
      topK: 10,
    });
    const relevant = Object.fromEntries(results.map((r) => [r.id, r.relevant]));
    expect(relevant).toEqual({ low: false, high: true, cov: true, weak: false });
    expect(
      relevantOnly(results)
        .map((r) => r.id)
        .sort(),
    ).toEqual(["cov", "high"]);
  });

  it("honours a raw BM25 floor when given", () => {
    const [result] = rankHybrid({
      query: "q",
      vector: [],
      keyword: [kw("a", 2, 1, "a")],
      topK: 1,
      minKeywordScore: 3,
    });
    expect(result?.relevant).toBe(false);
  });

  it("treats a memory holding the query's number or code as relevant", () => {
    const [result] = rankHybrid({
      query: "8816으로 끝나는 번호",
      vector: [],
      keyword: [kw("m", 3, 0.2, "테일러온 0507-1432-8816")],
      topK: 1,
    });
    expect(result?.relevant).toBe(true);
  });

  it("puts the newer memory of the same fact above the older one", () => {
    const older = "도현이 전화번호 010-4821-7735";
    const newer = "도현이 전화번호 바꿨대. 새 번호 010-9312-0468";
    const results = rankHybrid({
      query: "도현이 전화번호",
      vector: [vec("old", 0.6, older, 1 * DAY), vec("new", 0.5, newer, 90 * DAY)],
      keyword: [kw("old", 12, 1, older, 1 * DAY), kw("new", 10, 1, newer, 90 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["new", "old"]);
    expect(results[0]?.supersedes).toBe("old");
    expect(results[0]?.score).toBe(results[1]?.score);
  });

  it("does not let a newer memory about another part of the query jump", () => {
    const answer = "테일러온 전화번호 0507-1432-8816";
    const other = "테일러온 가봉 3월 9일 토요일 오전 11시";
    const results = rankHybrid({
      query: "테일러온 전화번호",
      vector: [vec("answer", 0.6, answer, 1 * DAY), vec("other", 0.4, other, 60 * DAY)],
      keyword: [kw("answer", 12, 1, answer, 1 * DAY), kw("other", 5, 0.5, other, 60 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["answer", "other"]);
  });

  it("keeps the fused order without recency when asked", () => {
    const older = "도현이 전화번호 010-4821-7735";
    const newer = "도현이 전화번호 바꿨대 010-9312-0468";
    const results = rankHybrid({
      query: "도현이 전화번호",
      vector: [vec("old", 0.6, older, 1), vec("new", 0.5, newer, 2)],
      keyword: [],
      topK: 10,
      recency: false,
    });
    expect(results.map((r) => r.id)).toEqual(["old", "new"]);
  });

  it("returns at most topK", () => {
    const results = rankHybrid({
      query: "q",
      vector: [vec("a", 0.9, "a"), vec("b", 0.8, "b"), vec("c", 0.7, "c")],
      keyword: [],
      topK: 2,
    });
    expect(results).toHaveLength(2);
  });
});

describe("dice", () => {
  it("is 2|A∩B| / (|A|+|B|)", () => {
    expect(dice(new Set(["a", "b"]), new Set(["b", "c", "d"]))).toBeCloseTo(0.4, 12);
    expect(dice(new Set(), new Set())).toBe(0);
  });
});
