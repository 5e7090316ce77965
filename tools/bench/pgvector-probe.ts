/**
 * Probe of the pgvector backend (src/backends/pgvector/pgvector-vector-index.ts) on PGlite + pgvector served over the
 * Postgres wire protocol in a child process (fixtures/pglite-server.ts), through `pg`: the
 * production path. With the offline embedder (512 dimensions):
 *
 * - bulk ingest of `--size` memories (one user holds `--user-share` of them, the rest belong to users
 *   of `--others-size` memories each), in one upsert (or upserts of `--chunk` memories);
 * - query latency (k = `--k`, precomputed query vectors) for the big user (HNSW path), the big user
 *   in a channel (HNSW + visibility filter) and a small user (exact path), `--rounds` rounds of
 *   `--queries` queries, median p50/p95 over rounds;
 * - ingest of `--ratio-size` memories one text per upsert against one upsert of them all (fresh
 *   tables), and the ratio.
 *
 *   npx tsx tools/bench/pgvector-probe.ts [--size 100000] [--queries 200] [--rounds 3] [--k 10]
 *
 * Prints tables, then, as its last line, one JSON object with every figure.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { PgvectorVectorIndex, tableNameOf } from "../../src/backends/pgvector/pgvector-vector-index.js";
import { channelVisibility, SHARED } from "../../src/core/visibility.js";
import type { Memory } from "../../src/core/types.js";
import { spawnPgliteServer } from "../../fixtures/pglite-server.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { createRng, type Rng } from "./lib/prng.js";
import { elapsedMs, median, medianOfRounds, round, summarize, type LatencySummary } from "./lib/stats.js";
import { generateMemories, generateQueries } from "./lib/synthetic-memories.js";
import { positiveInt } from "./lib/args.js";

const TEAM = "T_BENCH";
const ME = "U_ME";

/** Where a memory was said: 70% DMs, 20% one of 5 channels, 10% shared. */
function placeOf(rng: Rng): Pick<Memory, "channelId" | "channelType" | "extra"> {
  const x = rng.int(1, 100);
  if (x <= 70) return { channelId: "D1", channelType: "im" };
  if (x <= 90) return { channelId: `C${rng.int(1, 5)}`, channelType: "channel" };
  return { channelId: "D1", channelType: "im", extra: { shared: true } };
}

function memoriesOf(rng: Rng, userId: string, texts: readonly string[], start: number): Memory[] {
  return texts.map((text, i) => ({
    id: `m_${userId}_${start + i}`,
    text,
    teamId: TEAM,
    userId,
    timestamp: Date.UTC(2026, 0, 1) + (start + i) * 1000,
    source: "slack",
    ...placeOf(rng),
  }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "100000" },
      "user-share": { type: "string", default: "0.2" },
      "others-size": { type: "string", default: "1000" },
      chunk: { type: "string" },
      queries: { type: "string", default: "200" },
      rounds: { type: "string", default: "3" },
      k: { type: "string", default: "10" },
      "ratio-size": { type: "string", default: "2001" },
      "ef-search": { type: "string", default: "64" },
      seed: { type: "string", default: "42" },
    },
  });
  const size = positiveInt(values.size);
  const mine = Math.round(size * Number(values["user-share"]));
  const othersSize = positiveInt(values["others-size"]);
  const chunk = values.chunk ? positiveInt(values.chunk) : size;
  const queryCount = positiveInt(values.queries);
  const rounds = positiveInt(values.rounds);
  const k = positiveInt(values.k);
  const ratioSize = positiveInt(values["ratio-size"]);
  const efSearch = positiveInt(values["ef-search"]);
  const rng = createRng(positiveInt(values.seed));

  console.log(`pgvector probe on ${describeMachine(machineInfo())}`);
  const started = performance.now();
  const generated = generateMemories(rng, size);
  const texts = generated.map((g) => g.text);
  const queries = generateQueries(rng, generated.slice(0, mine), queryCount);

  const rows: Memory[] = memoriesOf(rng, ME, texts.slice(0, mine), 0);
  for (let at = mine, u = 0; at < size; at += othersSize, u++) {
    rows.push(...memoriesOf(rng, `U_OTHER_${u}`, texts.slice(at, Math.min(size, at + othersSize)), at));
  }
  const smallUser = rows.at(-1)!.userId === ME ? ME : "U_OTHER_0";

  const server = await spawnPgliteServer();
  const embedder = new OfflineEmbedder();
  const open = (namespace: string) =>
    PgvectorVectorIndex.open({
      databaseUrl: server.url,
      embedder,
      embedBatchSize: 64,
      metric: "cosine",
      efSearch,
      namespace,
      timeoutMs: 120_000,
    });
  try {
    // Bulk ingest.
    const index = await open(`bench_${randomBytes(4).toString("hex")}`);
    const ingestStarted = performance.now();
    for (let i = 0; i < rows.length; i += chunk) {
      await index.upsert(rows.slice(i, i + chunk));
      if ((i / chunk) % 10 === 9) {
        console.log(`  ingested ${i + chunk} in ${(elapsedMs(ingestStarted) / 1000).toFixed(1)} s`);
      }
    }
    const ingestMs = elapsedMs(ingestStarted);
    console.log(
      `Bulk ingest: ${rows.length} memories in ${(ingestMs / 1000).toFixed(1)} s ` +
        `(${Math.round(rows.length / (ingestMs / 1000))}/s, offline embedder, upserts of ${chunk})`,
    );

    // Query latency.
    const vectors = await embedder.embed(queries);
    const cases: Array<{ name: string; userId: string; visibilities?: string[] }> = [
      { name: `big user (${mine} rows, HNSW)`, userId: ME },
      {
        name: "big user in a channel (HNSW + filter)",
        userId: ME,
        visibilities: [channelVisibility("C1"), SHARED],
      },
      { name: `small user (${othersSize} rows, exact)`, userId: smallUser },
    ];
    const results: Record<string, LatencySummary & { meanHits: number }> = {};
    for (const c of cases) {
      const summaries: LatencySummary[] = [];
      let hits = 0;
      for (let r = 0; r < rounds; r++) {
        const samples: number[] = [];
        for (const vector of vectors) {
          const t = performance.now();
          const found = await index.query({
            teamId: TEAM,
            userId: c.userId,
            vector,
            topK: k,
            visibilities: c.visibilities,
          });
          samples.push(elapsedMs(t));
          hits += found.length;
        }
        summaries.push(summarize(samples));
      }
      const s = medianOfRounds(summaries);
      results[c.name] = { ...s, meanHits: round(hits / (rounds * vectors.length), 1) };
      console.log(
        `Query ${c.name}: p50 ${round(s.p50)} ms, p95 ${round(s.p95)} ms, p99 ${round(s.p99)} ms ` +
          `(k=${k}, ef_search=${efSearch}, mean hits ${results[c.name]!.meanHits})`,
      );
    }
    const plan = await explain(server.url, tableNameOf(index.info.namespace), vectors[0]!, efSearch);
    console.log(`Plan of the big user's query: ${plan}`);

    // Batch vs per text, fresh tables of ratioSize.
    const sample = rows.slice(0, ratioSize).map((m) => ({ ...m, id: `${m.id}_r` }));
    const ratioRuns: Array<{ perTextMs: number; batchMs: number }> = [];
    for (let r = 0; r < rounds; r++) {
      const one = await open(`bench_one_${randomBytes(4).toString("hex")}`);
      await one.upsert(sample.slice(0, 1)); // creates the table: not part of the timing
      let t = performance.now();
      for (const m of sample.slice(1)) await one.upsert([m]);
      const perTextMs = elapsedMs(t);
      await one.dropAll();
      await one.close();
      const all = await open(`bench_all_${randomBytes(4).toString("hex")}`);
      await all.upsert(sample.slice(0, 1));
      t = performance.now();
      await all.upsert(sample.slice(1));
      const batchMs = elapsedMs(t);
      await all.dropAll();
      await all.close();
      ratioRuns.push({ perTextMs, batchMs });
    }
    const perTextMs = median(ratioRuns.map((x) => x.perTextMs));
    const batchMs = median(ratioRuns.map((x) => x.batchMs));
    const ratio = perTextMs / batchMs;
    console.log(
      `Ingest of ${ratioSize - 1}: per text ${round(perTextMs)} ms, one batch ${round(batchMs)} ms: ` +
        `batch ${round(ratio, 1)}× faster (median of ${rounds})`,
    );

    await index.dropAll();
    await index.close();
    const totalMs = elapsedMs(started);
    const loadAtEnd = printRunEnd(totalMs);
    console.log(
      JSON.stringify({
        bench: "pgvector-probe",
        size,
        bigUserRows: mine,
        k,
        efSearch,
        ingest: {
          memories: rows.length,
          ms: round(ingestMs),
          perSecond: Math.round(rows.length / (ingestMs / 1000)),
        },
        queries: results,
        plan,
        batchVsPerText: {
          size: ratioSize - 1,
          perTextMs: round(perTextMs),
          batchMs: round(batchMs),
          ratio: round(ratio, 1),
        },
        loadAtEnd,
      }),
    );
  } finally {
    await server.stop();
  }
}

/** The plan's scan nodes for the big user's HNSW query (to check the HNSW index is what runs). */
async function explain(url: string, table: string, vector: number[], efSearch: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `BEGIN; SET LOCAL hnsw.ef_search = ${efSearch}; SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL enable_seqscan = off`,
    );
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT memory FROM ${table} WHERE team_id || '' = $1 AND user_id || '' = $2
        ORDER BY embedding <=> $3::vector LIMIT 10`,
      [TEAM, ME, `[${vector.join(",")}]`],
    );
    await client.query("COMMIT");
    return rows
      .map((r) => r["QUERY PLAN"].trim())
      .filter((line) => /Scan|Sort/.test(line))
      .filter((line) => !line.startsWith("Sort Key"))
      .map((line) => line.replace(/^->\s*/, "").replace(/\s+\(cost.*$/, ""))
      .join(" > ");
  } finally {
    await client.end();
  }
}

await main();
