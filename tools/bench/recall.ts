/**
 * Recall latency of one user's hybrid search at 1k, 10k and 100k memories, through the real path
 * (a `[memory.vector]` backend — default a local Chroma server —, MemorySearch.search with a
 * precomputed query vector, i.e. without the embedding call), side by side with the seeds' "before"
 * design (BM25 rebuilt per query) as baseline. Loading is timed too: bulk ingest with the offline
 * embedder.
 *
 *   npm run bench:recall -- [--backend chroma|memory|sqlite-vec|pgvector] [--sizes 1000,10000,100000]
 *                           [--queries 200] [--rounds 3] [--baseline-queries N] [--seed 42] [--k 5]
 *                           [--vectors offline|dense1024|dense768] [--recall-queries 50]
 *
 * `--vectors`: the offline embedder's (sparse hashed n-grams), or dense vectors of a production
 * embedder's shape (tools/bench/lib/dense-vectors.ts). Each size also reports the backend's vector
 * recall@10 against exact search on the first `--recall-queries` queries.
 *
 * Prints tables, then, as its last line, one JSON object with every figure.
 */
import { parseArgs } from "node:util";
import { backendOption, BENCH_RECALL_TOP_K, startBenchBackend } from "./lib/memory-harness.js";
import { machineInfo, describeMachine } from "./lib/machine.js";
import { keywordDocOf, buildRecallDataset } from "./lib/recall-dataset.js";
import { loadUpTo, measureMemory, timeSize, type LoadState } from "./lib/recall-runner.js";
import { printRecallReport, type SizeReport } from "./lib/recall-report.js";
import { positiveInt } from "./lib/args.js";
import { benchVectors, vectorKindOption } from "./lib/dense-vectors.js";
import { exactTopK, measureRecallAtK } from "./lib/recall-quality.js";
import { describeRss, readMemory } from "./lib/memory-usage.js";

const DEFAULT_SIZES = "1000,10000,100000";
const DEFAULT_QUERIES = 200;
const DEFAULT_ROUNDS = 3;
const DEFAULT_SEED = 42;
const DEFAULT_RECALL_QUERIES = 50;
/** Recall of the vector half is measured at this k (the recall@10). */
const RECALL_K = 10;
/**
 * The baseline rebuilds an index of `size` docs per query; its query count per round is capped so a
 * round indexes about this many docs (200 queries at 1k, 50 at 10k, 10 at 100k).
 */
const BASELINE_DOCS_PER_ROUND = 500_000;
/** The fewest baseline queries per round at any size. */
const MIN_BASELINE_QUERIES = 10;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "chroma" },
      sizes: { type: "string", default: DEFAULT_SIZES },
      queries: { type: "string", default: String(DEFAULT_QUERIES) },
      rounds: { type: "string", default: String(DEFAULT_ROUNDS) },
      "baseline-queries": { type: "string" },
      seed: { type: "string", default: String(DEFAULT_SEED) },
      k: { type: "string", default: String(BENCH_RECALL_TOP_K) },
      vectors: { type: "string", default: "offline" },
      "recall-queries": { type: "string", default: String(DEFAULT_RECALL_QUERIES) },
    },
  });
  const backend = backendOption(values.backend);
  const sizes = values.sizes
    .split(",")
    .map(positiveInt)
    .sort((a, b) => a - b);
  const queryCount = positiveInt(values.queries);
  const rounds = positiveInt(values.rounds);
  const k = positiveInt(values.k);
  const vectors = benchVectors(vectorKindOption(values.vectors), positiveInt(values.seed));
  const recallQueries = positiveInt(values["recall-queries"]);
  const baselineFor = (size: number): number =>
    values["baseline-queries"] !== undefined
      ? Math.min(queryCount, positiveInt(values["baseline-queries"]))
      : Math.min(queryCount, Math.max(MIN_BASELINE_QUERIES, Math.floor(BASELINE_DOCS_PER_ROUND / size)));

  const machine = machineInfo();
  console.log(`recall benchmark (${backend}, ${vectors.kind} vectors) on ${describeMachine(machine)}`);
  const started = performance.now();
  const built = buildRecallDataset({
    seed: positiveInt(values.seed),
    maxSize: sizes.at(-1) ?? 0,
    queryCount,
  });
  const data = {
    ...built,
    queries: built.queries.map((q) => ({ ...q, vector: vectors.queryVector(q.text) })),
  };
  const store = await startBenchBackend(backend);
  const reports: SizeReport[] = [];
  try {
    const memory = await store.open({ embedder: vectors.embedder, collectionPrefix: "bench_recall" });
    const state: LoadState = { target: 0, others: [] };
    for (const size of sizes) {
      const before = state.target + sum(state.others);
      const loadMs = await loadUpTo(memory, data, size, state);
      const loaded = state.target + sum(state.others) - before;
      const memoryUse = measureMemory(data.target.inputs.slice(0, size).map(keywordDocOf));
      console.log(
        `size ${size}: loaded in ${(loadMs / 1000).toFixed(1)} s; rss ${describeRss(memoryUse)} MiB (anon / file), ` +
          `heapUsed ${memoryUse.heapUsedMiB.toFixed(0)} of ${memoryUse.heapTotalMiB.toFixed(0)} MiB, array buffers ${memoryUse.arrayBuffersMiB.toFixed(0)} MiB; timing ${rounds} rounds...`,
      );
      const baselineQueries = baselineFor(size);
      const latency = await timeSize({ memory, data, size, rounds, baselineQueries, k });
      console.log(
        `size ${size}: current p50 ${latency.candidate.p50.toFixed(1)} ms, p95 ${latency.candidate.p95.toFixed(1)} ms; ` +
          `baseline p50 ${latency.baseline.p50.toFixed(1)} ms (${baselineQueries} queries per round)`,
      );
      const afterQueries = readMemory();
      console.log(`size ${size}: after the queries rss ${describeRss(afterQueries)} MiB (anon / file)`);
      const measured = data.queries.slice(0, recallQueries);
      const exactStart = performance.now();
      const exact = exactTopK({
        docs: data.target.inputs.slice(0, size).map(keywordDocOf),
        queries: measured,
        vectors,
        k: RECALL_K,
      });
      const recall = await measureRecallAtK({ memory, queries: measured, exact, k: RECALL_K });
      console.log(
        `size ${size}: vector recall@${RECALL_K} ${recall.mean.toFixed(3)} (min ${recall.min.toFixed(2)}) ` +
          `over ${recall.queries} queries; exact search took ${((performance.now() - exactStart) / 1000).toFixed(1)} s`,
      );
      reports.push({
        recall,
        size,
        otherMemories: sum(state.others),
        loadMs,
        loaded,
        memory: memoryUse,
        memoryAfterQueries: afterQueries,
        baselineQueries,
        latency,
      });
    }
  } finally {
    await store.stop();
  }
  printRecallReport({
    machine,
    backend,
    vectors: vectors.kind,
    queryCount,
    rounds,
    k,
    reports,
    totalMs: performance.now() - started,
  });
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

await main();
