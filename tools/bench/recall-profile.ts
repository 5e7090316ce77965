/**
 * Where one recall's time goes at a size: loads one user (and the others' share) into a backend,
 * then, for each query, times MemorySearch.search beside its two halves alone (the backend's vector
 * query, the live BM25 index's search); "the rest" is the search minus its halves (run one after the
 * other in process, overlapped against a server). With `--cpu-prof FILE` only the timed query passes
 * are profiled (node:inspector), and the functions with the most self time are printed.
 *
 *   npx tsx tools/bench/recall-profile.ts [--backend chroma|memory|sqlite-vec|pgvector] [--size 10000]
 *        [--vectors offline|dense1024|dense768] [--queries 200] [--passes 3] [--cpu-prof FILE]
 */
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import { VisibilityRule, isAllowed } from "../../src/core/visibility.js";
import { CANDIDATES_PER_RETRIEVER } from "../../src/memory/search/hybrid-ranking.js";
import { positiveInt } from "./lib/args.js";
import { benchVectors, vectorKindOption } from "./lib/dense-vectors.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { backendOption, BENCH_RECALL_TOP_K, startBenchBackend } from "./lib/memory-harness.js";
import { readMemory } from "./lib/memory-usage.js";
import { buildRecallDataset } from "./lib/recall-dataset.js";
import { loadUpTo, WARMUP_QUERIES } from "./lib/recall-runner.js";
import { elapsedMs, median, percentile } from "./lib/stats.js";

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "chroma" },
      size: { type: "string", default: "10000" },
      vectors: { type: "string", default: "offline" },
      queries: { type: "string", default: "200" },
      passes: { type: "string", default: "3" },
      seed: { type: "string", default: "42" },
      "cpu-prof": { type: "string" },
    },
  });
  const backend = backendOption(values.backend);
  const size = positiveInt(values.size);
  const vectors = benchVectors(vectorKindOption(values.vectors), positiveInt(values.seed));
  const passes = positiveInt(values.passes);
  console.log(`recall profile (${backend}, ${vectors.kind}, ${size}) on ${describeMachine(machineInfo())}`);
  const built = buildRecallDataset({
    seed: positiveInt(values.seed),
    maxSize: size,
    queryCount: positiveInt(values.queries),
  });
  const queries = built.queries.map((q) => ({ ...q, vector: vectors.queryVector(q.text) }));
  const store = await startBenchBackend(backend);
  try {
    const memory = await store.open({ embedder: vectors.embedder, collectionPrefix: "bench_profile" });
    const loadMs = await loadUpTo(memory, built, size, { target: 0, others: [] });
    const search = (i: number) =>
      memory.search.search(queries[i]!.scope, queries[i]!.text, {
        k: BENCH_RECALL_TOP_K,
        queryVector: queries[i]!.vector,
      });
    for (let i = 0; i < WARMUP_QUERIES; i++) await search(i);
    await memory.store.warmUp?.(built.target.scope);
    const rss = readMemory();
    console.log(
      `loaded in ${(loadMs / 1000).toFixed(1)} s; rss ${rss.rssMiB.toFixed(0)} MiB, heapUsed ${rss.heapUsedMiB.toFixed(0)} MiB`,
    );
    const session = values["cpu-prof"] ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 100 });
      await session.post("Profiler.start");
    }
    const total: number[] = [];
    const vector: number[] = [];
    const bm25: number[] = [];
    const rule = new VisibilityRule();
    const topK = Math.max(BENCH_RECALL_TOP_K, CANDIDATES_PER_RETRIEVER);
    for (let pass = 0; pass < passes; pass++) {
      for (let i = 0; i < queries.length; i++) {
        const q = queries[i]!;
        let start = performance.now();
        await search(i);
        total.push(elapsedMs(start));
        const visibilities = rule.allowedIn(q.scope);
        start = performance.now();
        await memory.store.query({ ...q.scope, vector: q.vector, visibilities, topK });
        vector.push(elapsedMs(start));
        const index = memory.keywordIndexes.peek(q.scope.teamId, q.scope.userId);
        start = performance.now();
        index?.search(q.text, {
          limit: topK,
          ...(visibilities
            ? { filter: (doc) => isAllowed([doc.visibility ?? "private"], visibilities) }
            : {}),
        });
        bm25.push(elapsedMs(start));
      }
    }
    if (session) {
      const { profile } = (await session.post("Profiler.stop")) as { profile: Profile };
      await writeFile(values["cpu-prof"]!, JSON.stringify(profile));
      printTop(profile);
    }
    const rest = total.map((t, i) => t - vector[i]! - bm25[i]!);
    const row = (name: string, xs: number[]) =>
      console.log(
        `${name.padEnd(28)} p50 ${median(xs).toFixed(2).padStart(7)}  p95 ${percentile(xs, 95).toFixed(2).padStart(7)} ms`,
      );
    console.log(`\n${total.length} searches (${passes} passes of ${queries.length} queries):`);
    row("MemorySearch.search", total);
    row("vector half alone", vector);
    row("BM25 half alone", bm25);
    row("search − vector − BM25", rest);
  } finally {
    await store.stop();
  }
}

/** The functions with the most self time. */
function printTop(profile: Profile, count = 30): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    all += dt;
    const cf = byId.get(id)!.callFrame;
    const key = `${cf.functionName || "(anonymous)"} ${cf.url.replace(/^.*\/(node_modules|src)\//, "$1/")}:${cf.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  console.log(`\nSelf time, ${(all / 1000).toFixed(0)} ms profiled:`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(
      `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / all).toFixed(1).padStart(5)} %  ${key}`,
    );
  }
}

await main();
