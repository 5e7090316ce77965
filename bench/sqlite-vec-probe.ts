/**
 * Probe: the sqlite-vec backend (SqliteVecIndex) at the recall benchmark's largest size. Each run
 * writes a fresh `vectors.sqlite` in a temp directory: bulk ingest of 100k memories of one user and
 * 10k of four others (110k) with the offline embedder, embedding included, in upserts of `--batch`
 * memories; then `--rounds` rounds of the dataset's queries (k = 10, a fifth of them asked in a
 * channel: visibility-filtered), timing `index.query` with the precomputed query vector.
 *
 *   npx tsx bench/sqlite-vec-probe.ts [--runs 3] [--size 100000] [--queries 200] [--rounds 3]
 *                                     [--batch 1000] [--metric cosine]
 *
 * Wall times and this process's CPU time are both given: on a shared machine under load, the CPU
 * time is the closer estimate of an idle machine's wall time. Prints one line per run and the
 * medians over runs; the last line is one JSON object.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { OfflineEmbedder } from "../src/llm/offline-embedder.js";
import { SqliteVecIndex } from "../src/memory/sqlite-vec-index.js";
import { SIMILARITY_METRICS, type SimilarityMetric } from "../src/memory/vector-index.js";
import { VisibilityRule } from "../src/memory/visibility.js";
import type { Memory } from "../src/types.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { buildRecallDataset, type OwnerMemories } from "./lib/recall-dataset.js";
import { elapsedMs, median, medianOfRounds, round, summarize, type LatencySummary } from "./lib/stats.js";

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
      const index = await SqliteVecIndex.open({
        embedder: new OfflineEmbedder(),
        embedBatchSize: 64,
        metric,
        efSearch: 64,
        namespace: `probe_${metric}`,
        timeoutMs: 10_000,
        path,
      });
      const ingestStart = performance.now();
      const ingestCpu = process.cpuUsage();
      for (let i = 0; i < memories.length; i += batch) {
        const slice = memories.slice(i, i + batch);
        await index.upsert(slice, { fresh: new Set(slice.map((m) => m.id)) });
      }
      const ingestMs = elapsedMs(ingestStart);
      const ingestCpuMs = cpuMs(process.cpuUsage(ingestCpu));
      const rows = await index.count(data.target.scope);
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
      };
      results.push(result);
      console.log(
        `run ${run}: ingest ${memories.length} in ${(ingestMs / 1000).toFixed(1)} s ` +
          `(CPU ${(ingestCpuMs / 1000).toFixed(1)} s); query k=${K} over ${rows} of the user's: ` +
          `p50 ${result.query.p50.toFixed(1)} ms, p95 ${result.query.p95.toFixed(1)} ms, ` +
          `p99 ${result.query.p99.toFixed(1)} ms (CPU p50 ${result.queryCpu.p50.toFixed(1)}, ` +
          `p95 ${result.queryCpu.p95.toFixed(1)}); file ${fileMiB.toFixed(0)} MiB`,
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

function positiveInt(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`not a positive integer: ${text}`);
  return n;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
