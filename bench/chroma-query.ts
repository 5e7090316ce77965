/**
 * Diagnostic: where the vector half of recall spends its time. Times Chroma queries on a collection
 * written by ChromaMemoryStore (so rows carry the production metadata) as the number of rows matching
 * the owner filter grows, with and without the filter and with and without returning embeddings
 * (LlamaIndex's ChromaVectorStore.query always asks for them).
 *
 *   npx tsx bench/chroma-query.ts [--sizes 1000,10000,100000] [--queries 100]
 *
 * Prints a table; the last line is one JSON object.
 */
import { ChromaClient } from "chromadb";
import { parseArgs } from "node:util";
import { OfflineEmbedder } from "../src/llm/offline-embedder.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { createBenchMemory, startBenchChroma } from "./lib/memory-harness.js";
import { buildRecallDataset, TARGET_SCOPE } from "./lib/recall-dataset.js";
import { loadUpTo, type LoadState } from "./lib/recall-runner.js";
import { elapsedMs, median, percentile, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

const DEFAULT_SIZES = "1000,10000,100000";
const DEFAULT_QUERIES = 100;
const SEED = 42;
/** Candidates per retriever in MemoryService.search (CANDIDATES_PER_RETRIEVER). */
const N_RESULTS = 20;

type QueryCase =
  "store.query" | "filter, no embeddings" | "filter, ids+distances" | "no filter, ids+distances";
const CASES: readonly QueryCase[] = [
  "store.query",
  "filter, no embeddings",
  "filter, ids+distances",
  "no filter, ids+distances",
];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: DEFAULT_SIZES },
      queries: { type: "string", default: String(DEFAULT_QUERIES) },
    },
  });
  const sizes = values.sizes
    .split(",")
    .map(Number)
    .sort((a, b) => a - b);
  const queryCount = Number(values.queries);
  const machine = machineInfo();
  console.log(`chroma query diagnostic on ${describeMachine(machine)}`);
  const data = buildRecallDataset({ seed: SEED, maxSize: sizes.at(-1) ?? 0, queryCount });
  const chroma = await startBenchChroma();
  const rows: { size: number; ms: Record<QueryCase, { p50: number; p95: number }> }[] = [];
  try {
    const memory = await createBenchMemory({
      chromaUrl: chroma.url,
      embedder: new OfflineEmbedder(),
      collectionPrefix: "bench_chroma_query",
    });
    const url = new URL(chroma.url);
    const client = new ChromaClient({ host: url.hostname, port: Number(url.port), ssl: false });
    const collection = await client.getCollection({
      name: memory.store.collectionName(TARGET_SCOPE, "private"),
    });
    const where = {
      $and: [{ user_id: { $eq: TARGET_SCOPE.userId } }, { team_id: { $eq: TARGET_SCOPE.teamId } }],
    };
    const raw = (vector: number[], include: string[], filtered: boolean) =>
      collection.query({
        queryEmbeddings: [vector],
        nResults: N_RESULTS,
        ...(filtered ? { where: where as never } : {}),
        include: include as never,
      });
    const run: Record<QueryCase, (vector: number[]) => Promise<unknown>> = {
      "store.query": (vector) =>
        memory.store.query({
          vector,
          teamId: TARGET_SCOPE.teamId,
          userId: TARGET_SCOPE.userId,
          topK: N_RESULTS,
        }),
      "filter, no embeddings": (vector) => raw(vector, ["distances", "metadatas", "documents"], true),
      "filter, ids+distances": (vector) => raw(vector, ["distances"], true),
      "no filter, ids+distances": (vector) => raw(vector, ["distances"], false),
    };
    const state: LoadState = { target: 0, others: [] };
    for (const size of sizes) {
      await loadUpTo(memory, data, size, state);
      const samples = Object.fromEntries(CASES.map((c) => [c, [] as number[]])) as Record<
        QueryCase,
        number[]
      >;
      // Interleaved per query, so every case sees the same server state and noise.
      for (const query of data.queries) {
        for (const c of CASES) {
          const start = performance.now();
          await run[c](query.vector);
          samples[c].push(elapsedMs(start));
        }
      }
      const ms = Object.fromEntries(
        CASES.map((c) => [c, { p50: round(median(samples[c])), p95: round(percentile(samples[c], 95)) }]),
      ) as Record<QueryCase, { p50: number; p95: number }>;
      rows.push({ size, ms });
      console.log(`size ${size} done`);
    }
  } finally {
    await chroma.stop();
  }
  console.log(`\nChroma query latency, ms (p50 / p95 over ${queryCount} queries, nResults ${N_RESULTS})\n`);
  console.log(
    markdownTable(
      ["user's rows", ...CASES],
      rows.map((r) => [String(r.size), ...CASES.map((c) => `${fixed(r.ms[c].p50)} / ${fixed(r.ms[c].p95)}`)]),
    ),
  );
  console.log(JSON.stringify({ benchmark: "chroma-query", machine, queries: queryCount, rows }));
}

await main();
