/**
 * Recall latency of one user's hybrid search at 1k, 10k and 100k memories, through the real path
 * (a `[memory.vector]` backend — default a local Chroma server —, MemorySearch.search with a
 * precomputed query vector, i.e. without the embedding call), side by side with the seeds' "before"
 * design (BM25 rebuilt per query) as baseline. Loading is timed too: bulk ingest with the offline
 * embedder.
 *
 *   npm run bench:recall -- [--backend chroma|memory|sqlite-vec|pgvector] [--sizes 1000,10000,100000]
 *                           [--queries 200] [--rounds 3] [--baseline-queries N] [--seed 42] [--k 5]
 *
 * Prints tables, then, as its last line, one JSON object with every figure.
 */
import { parseArgs } from "node:util";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { backendOption, BENCH_RECALL_TOP_K, startBenchBackend } from "./lib/memory-harness.js";
import { machineInfo, describeMachine } from "./lib/machine.js";
import { keywordDocOf, buildRecallDataset } from "./lib/recall-dataset.js";
import { loadUpTo, measureMemory, timeSize, type LoadState } from "./lib/recall-runner.js";
import { printRecallReport, type SizeReport } from "./lib/recall-report.js";
import { positiveInt } from "./lib/args.js";

const DEFAULT_SIZES = "1000,10000,100000";
const DEFAULT_QUERIES = 200;
const DEFAULT_ROUNDS = 3;
const DEFAULT_SEED = 42;
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
  const baselineFor = (size: number): number =>
    values["baseline-queries"] !== undefined
      ? Math.min(queryCount, positiveInt(values["baseline-queries"]))
      : Math.min(queryCount, Math.max(MIN_BASELINE_QUERIES, Math.floor(BASELINE_DOCS_PER_ROUND / size)));

  const machine = machineInfo();
  console.log(`recall benchmark (${backend}) on ${describeMachine(machine)}`);
  const started = performance.now();
  const data = buildRecallDataset({ seed: positiveInt(values.seed), maxSize: sizes.at(-1) ?? 0, queryCount });
  const store = await startBenchBackend(backend);
  const reports: SizeReport[] = [];
  try {
    const memory = await store.open({ embedder: new OfflineEmbedder(), collectionPrefix: "bench_recall" });
    const state: LoadState = { target: 0, others: [] };
    for (const size of sizes) {
      const before = state.target + sum(state.others);
      const loadMs = await loadUpTo(memory, data, size, state);
      const loaded = state.target + sum(state.others) - before;
      const memoryUse = measureMemory(data.target.inputs.slice(0, size).map(keywordDocOf));
      console.log(
        `size ${size}: loaded in ${(loadMs / 1000).toFixed(1)} s; rss ${memoryUse.rssMiB.toFixed(0)} MiB, ` +
          `heapUsed ${memoryUse.heapUsedMiB.toFixed(0)} MiB; timing ${rounds} rounds...`,
      );
      const baselineQueries = baselineFor(size);
      const latency = await timeSize({ memory, data, size, rounds, baselineQueries, k });
      console.log(
        `size ${size}: current p50 ${latency.candidate.p50.toFixed(1)} ms, p95 ${latency.candidate.p95.toFixed(1)} ms; ` +
          `baseline p50 ${latency.baseline.p50.toFixed(1)} ms (${baselineQueries} queries per round)`,
      );
      reports.push({
        size,
        otherMemories: sum(state.others),
        loadMs,
        loaded,
        memory: memoryUse,
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
