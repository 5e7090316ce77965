import { describe, expect, it, vi } from "vitest";
import type { Embedder } from "../../src/core/embedder.js";
import { Int8Rows } from "../../src/backends/int8-scan.js";
import { channelVisibility, SHARED } from "../../src/core/visibility.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { InMemoryVectorIndex } from "../../src/backends/in-process/in-memory-vector-index.js";
import { similarityOf, SIMILARITY_METRICS } from "../../src/core/vector-index.js";
import { describeVectorIndexContract } from "./vector-index-contract.js";
import { clusteredVectors } from "../support/clustered-vectors.js";

describeVectorIndexContract({
  name: "memory",
  persistent: false,
  hnsw: false,
  open: (options) => InMemoryVectorIndex.open(options),
});

describe("InMemoryVectorIndex exact search", () => {
  it("finds the same nearest memories as a plain scan, for every metric, after deletes and replacements", async () => {
    const embedder = new OfflineEmbedder();
    const owner = { teamId: "T1", userId: "U1" };
    const texts = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? `또리 산책 ${i}번째 기록, 공원 ${i % 7}`
        : i % 3 === 1
          ? `meeting note ${i} about budget ${i % 11}`
          : `점심 메뉴 ${i} 김치찌개 ${i % 5}`,
    );
    for (const metric of SIMILARITY_METRICS) {
      const index = await InMemoryVectorIndex.open({
        embedder,
        embedBatchSize: 64,
        metric,
        efSearch: 64,
        namespace: "exact",
        timeoutMs: 1000,
      });
      const memories = texts.map((text, i) => ({
        id: `m${i}`,
        text,
        ...owner,
        timestamp: i,
        channelId: "D1",
        channelType: "im" as const,
        source: "slack" as const,
      }));
      await index.upsert(memories);
      // Enough deletes and replacements to compact the posting lists more than once.
      await index.delete(
        owner,
        memories.filter((_, i) => i % 2 === 0).map((m) => m.id),
      );
      await index.upsert(
        memories
          .filter((_, i) => i % 2 !== 0 && i % 5 === 1)
          .map((m) => ({ ...m, text: `${m.text} 수정됨` })),
      );
      const live = new Map<string, string>();
      memories.forEach((m, i) => {
        if (i % 2 !== 0) live.set(m.id, i % 5 === 1 ? `${m.text} 수정됨` : m.text);
      });
      for (const query of ["또리 공원 산책", "budget meeting", "김치찌개 점심"]) {
        const [q] = await embedder.embed([query]);
        const vectors = await embedder.embed([...live.values()]);
        const truth = new Map([...live.keys()].map((id, i) => [id, similarityOf(metric, q!, vectors[i]!)]));
        const expected = [...truth.values()].sort((a, b) => b - a).slice(0, 10);
        const hits = await index.query({ ...owner, vector: q!, topK: 10 });
        // The ten best similarities (ties may come in either order), each the hit's own.
        expect(hits.map((h) => h.similarity)).toEqual(expected.map((e) => expect.closeTo(e, 5)));
        for (const hit of hits) {
          expect(hit.similarity).toBeCloseTo(truth.get(hit.memory.id)!, 5);
          expect(hit.memory.text).toBe(live.get(hit.memory.id));
        }
      }
      expect(await index.count(owner)).toBe(live.size);
    }
  });

  describe("large owners of dense vectors: the int8 pass (shared with sqlite-vec) and its exact rescore", () => {
    const dimension = 48;
    const vectors = clusteredVectors(3000, dimension, 7);
    const table = new Map<string, number[]>(vectors.map((v, i) => [`r${i}`, v]));
    const far = vectors[0]!.map((x) => -x);
    const embedder: Embedder = {
      id: "test:table:48",
      dimension,
      embed: async (texts) => texts.map((t) => (t === "far" ? far : table.get(t)!)),
    };
    const owner = { teamId: "T1", userId: "U1" };
    const memories = vectors.map((_, i) => ({
      id: `r${i}`,
      text: `r${i}`,
      ...owner,
      timestamp: i,
      channelId: i % 4 === 0 ? "C1" : "D1",
      channelType: i % 4 === 0 ? ("channel" as const) : ("im" as const),
      source: "slack" as const,
    }));
    const queries = clusteredVectors(40, dimension, 99);

    it("agrees with the exact search (recall@10 ≥ 0.99, the same similarities) for every metric, after deletes and replacements", async () => {
      const top = vi.spyOn(Int8Rows.prototype, "top");
      for (const metric of SIMILARITY_METRICS) {
        const open = (approxMinRows: number) =>
          InMemoryVectorIndex.open({
            embedder,
            embedBatchSize: 64,
            metric,
            efSearch: 64,
            namespace: "int8",
            timeoutMs: 1000,
            approxMinRows,
          });
        const approx = await open(1000);
        const exact = await open(Number.MAX_SAFE_INTEGER);
        for (const index of [approx, exact]) {
          await index.upsert(memories);
          await index.delete(owner, ["r1", "r2", "r3"]);
          await index.upsert([{ ...memories[5]!, text: "far" }]);
        }
        let found = 0;
        for (const [i, q] of queries.entries()) {
          const visibilities = i % 3 === 0 ? [channelVisibility("C1"), SHARED] : undefined;
          const truth = await exact.query({ ...owner, vector: q, topK: 10, visibilities });
          const hits = await approx.query({ ...owner, vector: q, topK: 10, visibilities });
          expect(hits).toHaveLength(10);
          const bySimilarity = new Map(truth.map((h) => [h.memory.id, h.similarity]));
          for (const hit of hits) {
            if (bySimilarity.has(hit.memory.id)) {
              found++;
              expect(hit.similarity).toBe(bySimilarity.get(hit.memory.id));
            }
            const id = Number(hit.memory.id.slice(1));
            expect([1, 2, 3]).not.toContain(id);
            if (visibilities) expect(id % 4).toBe(0);
          }
        }
        expect(found / (queries.length * 10), metric).toBeGreaterThanOrEqual(0.99);
        expect(top).toHaveBeenCalled();
        // The replaced row is found where it now is.
        const [hit] = await approx.query({ ...owner, vector: far, topK: 1 });
        expect(hit!.memory.id).toBe("r5");
        top.mockClear();
      }
      top.mockRestore();
    });

    it("keeps sparse vectors (the offline embedder's) on the posting lists", async () => {
      const top = vi.spyOn(Int8Rows.prototype, "top");
      const offline = new OfflineEmbedder();
      const index = await InMemoryVectorIndex.open({
        embedder: offline,
        embedBatchSize: 64,
        metric: "cosine",
        efSearch: 64,
        namespace: "sparse",
        timeoutMs: 1000,
        approxMinRows: 100,
      });
      await index.upsert(
        Array.from({ length: 300 }, (_, i) => ({ ...memories[i]!, text: `meeting note ${i} about budget` })),
      );
      const [q] = await offline.embed(["budget meeting"]);
      expect(await index.query({ ...owner, vector: q!, topK: 5 })).toHaveLength(5);
      expect(top).not.toHaveBeenCalled();
      top.mockRestore();
    });
  });
});
