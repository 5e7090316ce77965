import { describe, expect, it } from "vitest";
import { cosineSimilarity } from "../../src/core/embedder.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";

const norm = (v: number[]): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe("OfflineEmbedder", () => {
  it("names its model and dimension", () => {
    expect(new OfflineEmbedder().id).toBe("offline:hash-ngram-v1:512");
    const small = new OfflineEmbedder({ dimension: 64 });
    expect(small.dimension).toBe(64);
    expect(small.id).toBe("offline:hash-ngram-v1:64");
  });

  it("rejects a non-positive dimension", () => {
    expect(() => new OfflineEmbedder({ dimension: 0 })).toThrow(RangeError);
  });

  it("is deterministic across instances and returns unit vectors in order", async () => {
    const texts = ["또리 생일 8월 9일", "Pluto cutover pushed to Mar 13"];
    const a = await new OfflineEmbedder().embed(texts);
    const b = await new OfflineEmbedder().embed(texts);
    expect(a).toEqual(b);
    expect(a).toHaveLength(2);
    for (const v of a) {
      expect(v).toHaveLength(512);
      expect(norm(v)).toBeCloseTo(1, 10);
    }
    expect(a[0]).not.toEqual(a[1]);
  });

  it("embeds a text without words by its characters, and only spaces as zeros", async () => {
    const embedder = new OfflineEmbedder({ dimension: 64 });
    const [thumbs, again, party, spaces] = await embedder.embed(["👍", "👍👍", "🎉", "  "]);
    const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    // A vector of no direction would read as near every text in a store that divides by its norm.
    expect(dot(thumbs!, thumbs!)).toBeCloseTo(1);
    expect(dot(thumbs!, again!)).toBeCloseTo(1);
    expect(Math.abs(dot(thumbs!, party!))).toBeLessThan(0.5);
    expect(spaces).toEqual(new Array(64).fill(0));
  });

  it("scores a memory sharing the query's words above an unrelated one", async () => {
    const embedder = new OfflineEmbedder();
    const [query, related, unrelated] = await embedder.embed([
      "또리의 생일이 언제야?",
      "또리 생일 8월 9일이야. 말티즈고 올해 여섯 살",
      "회사 주차 등록한 차량번호 38너 5127",
    ]);
    const near = cosineSimilarity(query as number[], related as number[]);
    const far = cosineSimilarity(query as number[], unrelated as number[]);
    expect(near).toBeGreaterThan(0.3);
    expect(near).toBeGreaterThan(far + 0.2);
  });

  it("embeds a batch of 64 texts quickly", async () => {
    const embedder = new OfflineEmbedder();
    const texts = Array.from(
      { length: 64 },
      (_, i) => `결혼정장 업체명: 테일러온 ${i}, 전화번호: 0507-1432-8816, Figma plan`,
    );
    await embedder.embed(texts);
    const start = performance.now();
    await embedder.embed(texts);
    expect(performance.now() - start).toBeLessThan(50);
  });
});

describe("cosineSimilarity", () => {
  it("is the normalised dot product", () => {
    expect(cosineSimilarity([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });
});
