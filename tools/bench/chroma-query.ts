/**
 * Diagnostic: where the vector half of recall spends its time. Times Chroma queries on the user's
 * collection written by ChromaVectorIndex (so rows carry the production metadata) as it grows: the
 * store's own query (no metadata filter, no vectors returned) against the same request with the owner
 * filter the single shared collection needed, with and without returning the stored vectors (which
 * LlamaIndex's ChromaVectorStore.query always asks for). Every row matches the filter, as every row of
 * a heavy user matched it in the shared collection.
 *
 *   npx tsx tools/bench/chroma-query.ts [--sizes 1000,10000,100000] [--queries 100]
 *
 * Prints a table; the last line is one JSON object.
 */
import { ChromaClient } from "chromadb";
import { parseArgs } from "node:util";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { createBenchMemory, startBenchChroma } from "./lib/memory-harness.js";
import { buildRecallDataset, TARGET_SCOPE } from "./lib/recall-dataset.js";
import { loadUpTo, type LoadState } from "./lib/recall-runner.js";
import { elapsedMs, median, percentile, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

const DEFAULT_SIZES = "1000,10000,100000";
const DEFAULT_QUERIES = 100;
const SEED = 42;
/** Visibility name of the collection holding all of a user's memories (ChromaVectorIndex's `ALL`). */
const ALL_COLLECTION = "all";
/** Candidates per retriever in MemorySearch.search (CANDIDATES_PER_RETRIEVER). */
const N_RESULTS = 20;

type QueryCase = "store.query (now)" | "filter + embeddings (before)" | "filter" | "no filter";
/**
 * `filter + embeddings` is what the single shared collection used to send (an owner filter, and
 * LlamaIndex's ChromaVectorStore.query asking for the stored vectors); `no filter` is the same request
 * as `store.query (now)` without the store's code around it.
 */
const CASES: readonly QueryCase[] = [
  "store.query (now)",
  "filter + embeddings (before)",
  "filter",
  "no filter",
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
    // The user's "all" collection (every memory of the user, the one a DM recall asks): created by
    // the first save, so it is opened after the first load.
    let collection: Awaited<ReturnType<typeof client.getCollection>> | undefined;
    const where = {
      $and: [{ user_id: { $eq: TARGET_SCOPE.userId } }, { team_id: { $eq: TARGET_SCOPE.teamId } }],
    };
    const raw = (vector: number[], include: string[], filtered: boolean) =>
      collection!.query({
        queryEmbeddings: [vector],
        nResults: N_RESULTS,
        ...(filtered ? { where: where as never } : {}),
        include: include as never,
      });
    const withoutVectors = ["distances", "metadatas", "documents"];
    const run: Record<QueryCase, (vector: number[]) => Promise<unknown>> = {
      "store.query (now)": (vector) =>
        memory.store.query({
          vector,
          teamId: TARGET_SCOPE.teamId,
          userId: TARGET_SCOPE.userId,
          topK: N_RESULTS,
        }),
      "filter + embeddings (before)": (vector) => raw(vector, [...withoutVectors, "embeddings"], true),
      filter: (vector) => raw(vector, withoutVectors, true),
      "no filter": (vector) => raw(vector, withoutVectors, false),
    };
    const state: LoadState = { target: 0, others: [] };
    for (const size of sizes) {
      await loadUpTo(memory, data, size, state);
      collection ??= await client.getCollection({
        name: memory.store.collectionName(TARGET_SCOPE, ALL_COLLECTION),
      });
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
