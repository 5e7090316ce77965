/**
 * Probe: the sqlite-vec backend (SqliteVecVectorIndex) at the recall benchmark's largest size. Each run
 * writes a fresh `vectors.sqlite` in a temp directory: bulk ingest of 100k memories of one user and
 * 10k of four others (110k) with the offline embedder, embedding included, in upserts of `--batch`
 * memories; then `--rounds` rounds of the dataset's queries (k = 10, a fifth of them asked in a
 * channel: visibility-filtered), timing `index.query` with the precomputed query vector. The first
 * query of the user starts building the int8 copy of its vectors in the background (timed apart
 * until the copy is ready: `warm`); recall@10 is the
 * share of the exact search's top 10 (vec0 KNN, through a second index forced exact) that the query
 * returns, counting a hit tied with the exact 10th (within 1e-6) as found.
 *
 *   npx tsx tools/bench/sqlite-vec-probe.ts [--runs 3] [--size 100000] [--queries 200] [--rounds 3]
 *                                     [--batch 1000] [--metric cosine] [--oversample 8]
 *                                     [--approx-min-rows 20000]
 *
 * Wall times and this process's CPU time are both given: on a shared machine under load, the CPU
 * time is the closer estimate of an idle machine's wall time. Prints one line per run and the
 * medians over runs; the last line is one JSON object.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import {
  APPROX_MIN_ROWS,
  OVERSAMPLE,
  SqliteVecVectorIndex,
} from "../../src/backends/sqlite-vec/sqlite-vec-vector-index.js";
import { SIMILARITY_METRICS, type SimilarityMetric } from "../../src/core/vector-index.js";
import { VisibilityRule } from "../../src/core/visibility.js";
import type { Memory } from "../../src/core/types.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { buildRecallDataset, type OwnerMemories } from "./lib/recall-dataset.js";
import { elapsedMs, median, medianOfRounds, round, summarize, type LatencySummary } from "./lib/stats.js";
import { positiveInt } from "./lib/args.js";

const K = 10;

interface RunResult {
  ingestMs: number;
  /** This process's CPU time (user + system) during the ingest: less sensitive to other load than wall time. */
  ingestCpuMs: number;
  /** Per-query CPU time of this process (the query is synchronous, so it is the query's own). */
  queryCpu: LatencySummary;
  rows: number;
  fileMiB: number;
  query: LatencySummary;
  /** The first query and the int8 copy's background build it starts (wall and CPU ms). */
  warmMs: number;
  warmCpuMs: number;
  recall: number;
  exactQueryCpu: LatencySummary;
}

function memoriesOf(owner: OwnerMemories): Memory[] {
  return owner.inputs.map((input) => ({
    id: input.id!,
    text: input.text,
    teamId: owner.scope.teamId,
    userId: owner.scope.userId,
    timestamp: input.timestamp!,
    channelId: input.channelId!,
    channelType: input.channelType!,
    source: input.source ?? "import",
  }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      size: { type: "string", default: "100000" },
      queries: { type: "string", default: "200" },
      rounds: { type: "string", default: "3" },
      batch: { type: "string", default: "1000" },
      metric: { type: "string", default: "cosine" },
      oversample: { type: "string", default: String(OVERSAMPLE) },
      "approx-min-rows": { type: "string", default: String(APPROX_MIN_ROWS) },
    },
  });
  const metric = values.metric as SimilarityMetric;
  if (!SIMILARITY_METRICS.includes(metric))
    throw new Error(`--metric: one of ${SIMILARITY_METRICS.join(", ")}`);
  const [runs, size, queryCount, rounds, batch] = [
    values.runs,
    values.size,
    values.queries,
    values.rounds,
    values.batch,
  ].map(positiveInt) as [number, number, number, number, number];
  const oversample = positiveInt(values.oversample);
  const approxMinRows = positiveInt(values["approx-min-rows"]);

  console.log(`sqlite-vec probe on ${describeMachine(machineInfo())}`);
  const started = performance.now();
  const data = buildRecallDataset({ seed: 42, maxSize: size, queryCount });
  const memories = [data.target, ...data.others].flatMap(memoriesOf);
  const rule = new VisibilityRule();
  const results: RunResult[] = [];
  for (let run = 1; run <= runs; run++) {
    const dir = mkdtempSync(join(tmpdir(), "sqlite-vec-probe-"));
    const path = join(dir, "vectors.sqlite");
    try {
      const options = {
        embedder: new OfflineEmbedder(),
        embedBatchSize: 64,
        metric,
        efSearch: 64,
        namespace: `probe_${metric}`,
        timeoutMs: 10_000,
        path,
      };
      const index = await SqliteVecVectorIndex.open({ ...options, oversample, approxMinRows });
      const ingestStart = performance.now();
      const ingestCpu = process.cpuUsage();
      for (let i = 0; i < memories.length; i += batch) {
        const slice = memories.slice(i, i + batch);
        await index.upsert(slice, { fresh: new Set(slice.map((m) => m.id)) });
      }
      const ingestMs = elapsedMs(ingestStart);
      const ingestCpuMs = cpuMs(process.cpuUsage(ingestCpu));
      const rows = await index.count(data.target.scope);
      const ask = (i: SqliteVecVectorIndex, q: (typeof data.queries)[number]) =>
        i.query({ ...q.scope, vector: q.vector, topK: K, visibilities: rule.allowedIn(q.scope) });
      const warmStart = performance.now();
      const warmCpu = process.cpuUsage();
      await ask(index, data.queries[0]!);
      await index.warmUp(data.target.scope);
      const warmMs = elapsedMs(warmStart);
      const warmCpuMs = cpuMs(process.cpuUsage(warmCpu));
      // The exact answers: the same file through an index that never takes the int8 pass.
      const exact = await SqliteVecVectorIndex.open({ ...options, approxMinRows: Number.MAX_SAFE_INTEGER });
      let found = 0;
      let wanted = 0;
      const exactCpu: number[] = [];
      for (const q of data.queries) {
        const cpu = process.cpuUsage();
        const truth = await ask(exact, q);
        exactCpu.push(cpuMs(process.cpuUsage(cpu)));
        const got = await ask(index, q);
        const tenth = truth[truth.length - 1]?.similarity ?? -Infinity;
        const ids = new Set(truth.map((h) => h.memory.id));
        wanted += truth.length;
        found += Math.min(
          truth.length,
          got.filter((h) => ids.has(h.memory.id) || h.similarity >= tenth - 1e-6).length,
        );
      }
      await exact.close();
      const recall = wanted === 0 ? 1 : found / wanted;
      const summaries: LatencySummary[] = [];
      const cpuSummaries: LatencySummary[] = [];
      for (let r = 0; r < rounds; r++) {
        const samples: number[] = [];
        const cpuSamples: number[] = [];
        for (const q of data.queries) {
          const t = performance.now();
          const cpu = process.cpuUsage();
          await index.query({
            ...q.scope,
            vector: q.vector,
            topK: K,
            visibilities: rule.allowedIn(q.scope),
          });
          samples.push(elapsedMs(t));
          cpuSamples.push(cpuMs(process.cpuUsage(cpu)));
        }
        summaries.push(summarize(samples));
        cpuSummaries.push(summarize(cpuSamples));
      }
      await index.close();
      const fileMiB = (statSync(path).size + sizeOr0(`${path}-wal`)) / 2 ** 20;
      const result: RunResult = {
        ingestMs,
        ingestCpuMs,
        rows,
        fileMiB,
        query: medianOfRounds(summaries),
        queryCpu: medianOfRounds(cpuSummaries),
        warmMs,
        warmCpuMs,
        recall,
        exactQueryCpu: summarize(exactCpu),
      };
      results.push(result);
      console.log(
        `run ${run}: ingest ${memories.length} in ${(ingestMs / 1000).toFixed(1)} s ` +
          `(CPU ${(ingestCpuMs / 1000).toFixed(1)} s); query k=${K} over ${rows} of the user's: ` +
          `p50 ${result.query.p50.toFixed(1)} ms, p95 ${result.query.p95.toFixed(1)} ms, ` +
          `p99 ${result.query.p99.toFixed(1)} ms (CPU p50 ${result.queryCpu.p50.toFixed(1)}, ` +
          `p95 ${result.queryCpu.p95.toFixed(1)}); first query ${warmMs.toFixed(0)} ms (CPU ` +
          `${warmCpuMs.toFixed(0)}); recall@${K} vs exact ${recall.toFixed(4)} (exact CPU p50 ` +
          `${result.exactQueryCpu.p50.toFixed(1)}, p95 ${result.exactQueryCpu.p95.toFixed(1)}); file ${fileMiB.toFixed(0)} MiB`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const summary = {
    metric,
    memories: memories.length,
    targetRows: results[0]?.rows,
    runs,
    ingestS: round(median(results.map((r) => r.ingestMs)) / 1000, 1),
    ingestCpuS: round(median(results.map((r) => r.ingestCpuMs)) / 1000, 1),
    queryP50Ms: round(median(results.map((r) => r.query.p50)), 1),
    queryP95Ms: round(median(results.map((r) => r.query.p95)), 1),
    queryP99Ms: round(median(results.map((r) => r.query.p99)), 1),
    queryCpuP50Ms: round(median(results.map((r) => r.queryCpu.p50)), 1),
    queryCpuP95Ms: round(median(results.map((r) => r.queryCpu.p95)), 1),
    fileMiB: round(median(results.map((r) => r.fileMiB)), 0),
    oversample,
    approxMinRows,
    recallAt10: round(median(results.map((r) => r.recall)), 4),
    firstQueryCpuMs: round(median(results.map((r) => r.warmCpuMs)), 0),
    exactQueryCpuP50Ms: round(median(results.map((r) => r.exactQueryCpu.p50)), 1),
    exactQueryCpuP95Ms: round(median(results.map((r) => r.exactQueryCpu.p95)), 1),
  };
  console.log(
    `median of ${runs} runs: ingest ${summary.ingestS} s (CPU ${summary.ingestCpuS} s); query p50 ` +
      `${summary.queryP50Ms} ms, p95 ${summary.queryP95Ms} ms, p99 ${summary.queryP99Ms} ms ` +
      `(CPU p50 ${summary.queryCpuP50Ms}, p95 ${summary.queryCpuP95Ms})`,
  );
  const loadAtEnd = printRunEnd(elapsedMs(started));
  console.log(JSON.stringify({ ...summary, loadAtEnd }));
}

/** A `process.cpuUsage` difference (µs) in ms. */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function sizeOr0(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
