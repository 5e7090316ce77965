/**
 * Cold against warm recall of one user with BM25 built on demand: the first search of a user whose
 * index this process does not hold (built from the store, `VectorIndex.list` page by page, then
 * searched) against a search with the index cached. One user with `--size` memories (default 10k,
 * plus the recall benchmark's other users' share) on each `--backends` backend, MemorySearch.search
 * with a precomputed query vector (no embedding call), for each `--page-sizes` build page.
 *
 *   npx tsx tools/bench/bm25-cold.ts [--backends sqlite-vec,chroma] [--size 10000] [--page-sizes 1000,2000,5000]
 *                              [--cold 20] [--queries 100] [--rounds 3] [--seed 42]
 *
 * A round: `--cold` cold searches, each with a different query, then `--queries` warm ones. A cold
 * search comes "from store" (after MemorySearch.invalidateKeywordIndex: the user's memories changed,
 * so the index is listed from the store again) and, on a store with versions (Chroma), also "from
 * snapshot" (after KeywordIndexRegistry.evict: the index left the cache unchanged, as the LRU or a
 * restart does, and the app's snapshot under DATA_DIR/bm25 is read). Prints per-round p50/p95 and their medians, the build alone
 * (cold − warm) and the target check (cold p95 ≤ 500 ms at 10k); last line: one JSON object.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { KEYWORD_BUILD_PAGE_SIZE } from "../../src/memory/search/keyword-build.js";
import type { IndexType } from "../../src/config/memory-config.js";
import { backendOption, BENCH_RECALL_TOP_K, startBenchBackend } from "./lib/memory-harness.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { buildRecallDataset, TARGET_SCOPE } from "./lib/recall-dataset.js";
import { loadUpTo, type LoadState } from "./lib/recall-runner.js";
import { elapsedMs, medianOfRounds, summarize, type LatencySummary } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";
import { positiveInt } from "./lib/args.js";

/** How long a cold search from snapshot waits for the snapshot the last build writes. */
const SNAPSHOT_WAIT_MS = 30_000;

/** The target: a cold user's first recall at 10k memories. */
const COLD_P95_TARGET_MS = 500;

type ColdFrom = "store" | "snapshot";

interface Row {
  backend: IndexType;
  pageSize: number;
  from: ColdFrom;
  coldRounds: LatencySummary[];
  warmRounds: LatencySummary[];
  cold: LatencySummary;
  warm: LatencySummary;
  indexMiB: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backends: { type: "string", default: "sqlite-vec,chroma" },
      size: { type: "string", default: "10000" },
      "page-sizes": { type: "string", default: String(KEYWORD_BUILD_PAGE_SIZE) },
      cold: { type: "string", default: "20" },
      queries: { type: "string", default: "100" },
      rounds: { type: "string", default: "3" },
      seed: { type: "string", default: "42" },
    },
  });
  const backends = values.backends.split(",").map(backendOption);
  const size = positiveInt(values.size);
  const pageSizes = values["page-sizes"].split(",").map(positiveInt);
  const coldCount = positiveInt(values.cold);
  const queryCount = Math.max(coldCount, positiveInt(values.queries));
  const rounds = positiveInt(values.rounds);
  const started = performance.now();
  console.log(`BM25 cold vs warm recall at ${size} memories on ${describeMachine(machineInfo())}`);
  const data = buildRecallDataset({ seed: positiveInt(values.seed), maxSize: size, queryCount });
  const rows: Row[] = [];
  for (const backend of backends) {
    const store = await startBenchBackend(backend);
    try {
      const loader = await store.open({
        embedder: new OfflineEmbedder(),
        collectionPrefix: "bench_bm25_cold",
      });
      const state: LoadState = { target: 0, others: [] };
      const loadMs = await loadUpTo(loader, data, size, state);
      console.log(`${backend}: loaded ${size} memories (+ other users) in ${(loadMs / 1000).toFixed(1)} s`);
      for (const pageSize of pageSizes) {
        const snapshotsDir = await mkdtemp(path.join(tmpdir(), "bench-bm25-snapshots-"));
        const memory = await store.open({
          embedder: new OfflineEmbedder(),
          collectionPrefix: "bench_bm25_cold",
          keywordBuildPageSize: pageSize,
          keywordSnapshotsDir: snapshotsDir,
        });
        const froms: ColdFrom[] = memory.keywordIndexes.snapshots ? ["store", "snapshot"] : ["store"];
        const search = (i: number) => {
          const q = data.queries[i]!;
          return memory.search.search(q.scope, q.text, { k: BENCH_RECALL_TOP_K, queryVector: q.vector });
        };
        for (const from of froms) {
          const coldStart = async (): Promise<void> => {
            if (from === "store") {
              memory.search.invalidateKeywordIndex(TARGET_SCOPE);
              return;
            }
            memory.keywordIndexes.evict(TARGET_SCOPE.teamId, TARGET_SCOPE.userId);
            // The snapshot is written in the background after a build from the store: wait for it.
            const deadline = Date.now() + SNAPSHOT_WAIT_MS;
            while ((await readdir(snapshotsDir)).filter((n) => n.endsWith(".json")).length === 0) {
              if (Date.now() > deadline) {
                throw new Error(`no BM25 snapshot in ${snapshotsDir} after ${SNAPSHOT_WAIT_MS} ms`);
              }
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          };
          // Warm-up (JIT, the store's caches): one cold and a few warm searches, untimed.
          await coldStart();
          await search(0);
          for (let i = 1; i < 5; i++) await search(i);
          const row: Row = {
            backend,
            pageSize,
            from,
            coldRounds: [],
            warmRounds: [],
            cold: summarize([]),
            warm: summarize([]),
            indexMiB: memory.search.keywordIndexStats().bytes / (1024 * 1024),
          };
          for (let round = 0; round < rounds; round++) {
            const cold: number[] = [];
            for (let i = 0; i < coldCount; i++) {
              await coldStart();
              const t = performance.now();
              await search(i);
              cold.push(elapsedMs(t));
            }
            const warm: number[] = [];
            for (let i = 0; i < queryCount; i++) {
              const t = performance.now();
              await search(i);
              warm.push(elapsedMs(t));
            }
            const coldSummary = summarize(cold);
            const warmSummary = summarize(warm);
            row.coldRounds.push(coldSummary);
            row.warmRounds.push(warmSummary);
            console.log(
              `${backend} page ${pageSize} from ${from} round ${round + 1}: cold p50 ${fixed(coldSummary.p50)} ms, ` +
                `p95 ${fixed(coldSummary.p95)} ms; warm p50 ${fixed(warmSummary.p50)} ms`,
            );
          }
          row.cold = medianOfRounds(row.coldRounds);
          row.warm = medianOfRounds(row.warmRounds);
          rows.push(row);
        }
        await rm(snapshotsDir, { recursive: true, force: true });
      }
    } finally {
      await store.stop();
    }
  }
  console.log(
    "\n" +
      markdownTable(
        [
          "backend",
          "build page",
          "cold from",
          "cold p50 ms",
          "cold p95 ms",
          "cold p95 per round",
          "warm p50 ms",
          "warm p95 ms",
          "build ≈ cold − warm p50",
          "index MiB (estimate)",
          `cold p95 ≤ ${COLD_P95_TARGET_MS} ms`,
        ],
        rows.map((r) => [
          r.backend,
          String(r.pageSize),
          r.from,
          fixed(r.cold.p50),
          fixed(r.cold.p95),
          r.coldRounds.map((s) => fixed(s.p95)).join(" / "),
          fixed(r.warm.p50),
          fixed(r.warm.p95),
          fixed(r.cold.p50 - r.warm.p50),
          fixed(r.indexMiB),
          r.cold.p95 <= COLD_P95_TARGET_MS ? "yes" : "no",
        ]),
      ),
  );
  printRunEnd(performance.now() - started);
  console.log(
    JSON.stringify({
      size,
      rounds,
      coldPerRound: coldCount,
      warmPerRound: queryCount,
      results: rows.map((r) => ({
        backend: r.backend,
        pageSize: r.pageSize,
        from: r.from,
        cold: r.cold,
        warm: r.warm,
        coldRounds: r.coldRounds,
        warmRounds: r.warmRounds,
        indexMiB: r.indexMiB,
      })),
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
