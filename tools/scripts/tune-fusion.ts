/**
 * Sweeps the fusion on a recall set fully in memory (no Chroma), per query type: BM25 alone, vectors
 * alone (the offline embedder) and weighted RRF over a grid of vector weights and k.
 *
 *   npx tsx tools/scripts/tune-fusion.ts --set eval/kconv-en [--k 10] [--no-recency] [--weights 0,0.1,0.25,0.5,1] [--rrf-k 60]
 *
 * Every user's memories are indexed; each query runs as its user, as tools/scripts/tune-recall.ts does. The
 * fusion alone: the app's search then adds conversation context (rankHybrid step 4), so the production
 * path, `npm run memory -- eval --set DIR --ablate`, gives these numbers only where that adds nothing
 * (kmem-dev); on the conversation sets it gives more.
 */
import { parseArgs } from "node:util";
import { inMemoryCandidates } from "../../src/eval/in-memory-candidates.js";
import { rankHybrid, type RankHybridOptions } from "../../src/memory/search/hybrid-ranking.js";
import {
  ownersOf,
  scoreRecall,
  toRankedResults,
  type RankedResult,
  type RecallReport,
} from "../../src/eval/recall-metrics.js";
import { loadRecallSet, recallSetFiles } from "../../src/eval/recall-set.js";

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
  const ownerOf = ownersOf(memories);
  const prepared = await inMemoryCandidates(memories, queries);
  const run = (
    pick: "keyword" | "vector" | "hybrid",
    overrides: Partial<RankHybridOptions>,
  ): RecallReport => {
    const results = new Map<string, RankedResult[]>();
    for (const p of prepared) {
      const ranked = rankHybrid({
        query: p.query.query,
        vector: pick === "keyword" ? [] : p.vector,
        keyword: pick === "vector" ? [] : p.keyword,
        topK: Math.max(10, k),
        recency: !values["no-recency"],
        ...overrides,
      });
      results.set(p.query.qid, toRankedResults(ranked, ownerOf));
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
        query: p.query.query,
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
      const lost = p.query.gold.filter((g) => other.includes(g) && !fused.includes(g));
      for (const g of lost) {
        console.log(
          `[${p.query.type}] ${p.query.query}\n   lost ${g} (${values.diff} rank ${other.indexOf(g) + 1}): ${textOf.get(g)}`,
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
