import { describe, expect, it } from "vitest";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { InMemoryVectorIndex } from "../../src/memory/in-memory-vector-index.js";
import { similarityOf, SIMILARITY_METRICS } from "../../src/memory/vector-index.js";
import { describeVectorIndexContract } from "./vector-index-contract.js";

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
});
