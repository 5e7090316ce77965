/**
 * Sweeps the fusion on a recall set fully in memory (no Chroma), per query type: BM25 alone, vectors
 * alone (the offline embedder) and weighted RRF over a grid of vector weights and k.
 *
 *   npx tsx scripts/tune-fusion.ts --set eval/kconv-en [--k 10] [--no-recency] [--weights 0,0.1,0.25,0.5,1] [--rrf-k 60]
 *
 * Every user's memories are indexed; each query runs as its user, as scripts/tune-recall.ts does. The
 * production path with the same numbers is `npm run memory -- eval --set DIR --ablate`.
 */
import { parseArgs } from "node:util";
import { OfflineEmbedder, cosineSimilarity } from "../src/llm/offline-embedder.js";
import { KeywordIndex } from "../src/memory/keyword-index.js";
import {
  CANDIDATES_PER_RETRIEVER,
  rankHybrid,
  type RankHybridOptions,
} from "../src/memory/hybrid-ranking.js";
import { scoreRecall, type RankedResult, type RecallReport } from "../src/eval/recall-metrics.js";
import { loadRecallSet, recallSetFiles } from "../src/eval/recall-set.js";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: "string", default: "eval/kmem-dev" },
      k: { type: "string", default: "10" },
      weights: { type: "string", default: "0,0.1,0.2,0.25,0.3,0.5,0.75,1" },
      "rrf-k": { type: "string", default: "60" },
      "no-recency": { type: "boolean", default: false },
      /** Lists the gold ids one variant (`--diff vector`) finds in the top k and the default fusion misses. */
      diff: { type: "string" },
      method: { type: "string", default: "rrf" },
      "diff-weight": { type: "string", default: "0.25" },
    },
  });
  const k = Number(values.k);
  const { memories, queries } = await loadRecallSet(recallSetFiles(values.set));
  // One BM25 index per user, as the app keeps them (all built here at once).
  const indexes = new Map<string, KeywordIndex>();
  const forUser = (userId: string): KeywordIndex => {
    let index = indexes.get(userId);
    if (!index) indexes.set(userId, (index = new KeywordIndex()));
    return index;
  };
  const embedder = new OfflineEmbedder();
  const vectors = await embedder.embed(memories.map((m) => m.text));
  const byUser = new Map<string, Array<{ id: string; text: string; vector: number[]; timestamp: number }>>();
  memories.forEach((m, i) => {
    const timestamp = Date.parse(m.ts);
    forUser(m.user_id).add([
      { id: m.id, text: m.text, timestamp, channelId: "C", channelType: m.channel_type },
    ]);
    const list = byUser.get(m.user_id) ?? [];
    list.push({ id: m.id, text: m.text, vector: vectors[i]!, timestamp });
    byUser.set(m.user_id, list);
  });
  const ownerOf = new Map(memories.map((m) => [m.id, m.user_id]));
  const queryVectors = await embedder.embed(queries.map((q) => q.query));
  const prepared = queries.map((q, i) => {
    const index = forUser(q.user_id);
    const keyword = index.search(q.query, { limit: CANDIDATES_PER_RETRIEVER }).map((hit) => ({
      id: hit.id,
      score: hit.score,
      coverage: hit.coverage,
      timestamp: index.get(hit.id)!.timestamp,
      text: index.get(hit.id)!.text,
    }));
    const vector = (byUser.get(q.user_id) ?? [])
      .map((e) => ({
        id: e.id,
        similarity: cosineSimilarity(queryVectors[i]!, e.vector),
        timestamp: e.timestamp,
        text: e.text,
      }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, CANDIDATES_PER_RETRIEVER);
    return { q, keyword, vector };
  });
  const run = (
    pick: "keyword" | "vector" | "hybrid",
    overrides: Partial<RankHybridOptions>,
  ): RecallReport => {
    const results = new Map<string, RankedResult[]>();
    for (const p of prepared) {
      const ranked = rankHybrid({
        query: p.q.query,
        vector: pick === "keyword" ? [] : p.vector,
        keyword: pick === "vector" ? [] : p.keyword,
        topK: Math.max(10, k),
        recency: !values["no-recency"],
        ...overrides,
      });
      results.set(
        p.q.qid,
        ranked.map((r) => ({ id: r.id, userId: ownerOf.get(r.id) ?? "?", relevant: r.relevant })),
      );
    }
    return scoreRecall({ queries, results, k });
  };
  const rrfK = Number(values["rrf-k"]);
  const rows: Array<[string, RecallReport]> = [
    ["BM25", run("keyword", {})],
    ["vector", run("vector", {})],
    ...values.weights
      .split(",")
      .map((w): [string, RecallReport] => [
        `w=${w}`,
        run("hybrid", { k: rrfK, weights: { keyword: 1, vector: Number(w) } }),
      ]),
    ...values.weights
      .split(",")
      .map((w): [string, RecallReport] => [
        `s=${w}`,
        run("hybrid", { method: "score", weights: { keyword: 1, vector: Number(w) } }),
      ]),
  ];
  if (values.diff !== undefined) {
    const top = (pick: "keyword" | "vector" | "hybrid", p: (typeof prepared)[number]) =>
      rankHybrid({
        query: p.q.query,
        vector: pick === "keyword" ? [] : p.vector,
        keyword: pick === "vector" ? [] : p.keyword,
        topK: k,
        k: rrfK,
        method: values.method as "rrf" | "score",
        weights: { keyword: 1, vector: Number(values["diff-weight"]) },
      }).map((r) => r.id);
    const textOf = new Map(memories.map((m) => [m.id, m.text]));
    for (const p of prepared) {
      const other = top(values.diff as "keyword" | "vector", p);
      const fused = top("hybrid", p);
      const lost = p.q.gold.filter((g) => other.includes(g) && !fused.includes(g));
      for (const g of lost) {
        console.log(
          `[${p.q.type}] ${p.q.query}\n   lost ${g} (${values.diff} rank ${other.indexOf(g) + 1}): ${textOf.get(g)}`,
        );
        fused.slice(0, 3).forEach((id, i) => console.log(`   fused ${i + 1}: ${textOf.get(id)}`));
      }
    }
  }
  const types = Object.keys(rows[0]![1].byType);
  const f = (x: number) => x.toFixed(2);
  console.log(
    ["variant".padEnd(9), ...types.map((t) => t.slice(0, 10).padStart(16)), "ALL".padStart(16)].join(""),
  );
  for (const [name, r] of rows) {
    const cell = (s: { recallAt: Record<number, number>; mrr: number }) =>
      `${f(s.recallAt[5]!)}/${f(s.recallAt[10]!)}/${f(s.mrr)}`.padStart(16);
    console.log([name.padEnd(9), ...types.map((t) => cell(r.byType[t]!)), cell(r)].join(""));
  }
  console.log("cells: R@5/R@10/MRR");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
