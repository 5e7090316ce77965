/**
 * What one user's BM25 index costs to build, search and hold: `KeywordIndex.add` of `--size` synthetic
 * memories (Korean, English and mixed, as tools/bench/lib/synthetic-memories.ts writes them), then
 * `--queries` searches, then the heap the index holds (heap used + ArrayBuffers after a forced gc,
 * before and after the build). Medians over `--rounds` rounds, each with a fresh index.
 *
 *   npx tsx tools/bench/bm25-build.ts [--size 10000] [--queries 500] [--rounds 5] [--seed 42]
 *
 * It uses only `KeywordIndex`'s public API, so the same file runs on an older commit as a baseline
 * (copy it into that commit's checkout): compare the two runs' ratios, on the same machine in one
 * sitting. Last line: one JSON object.
 */
import { parseArgs } from "node:util";
import { KeywordIndex, type KeywordDoc } from "../../src/memory/search/keyword-index.js";
import { positiveInt } from "./lib/args.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { readMemory } from "./lib/memory-usage.js";
import { createRng } from "./lib/prng.js";
import { median } from "./lib/stats.js";
import { generateMemories, generateQueries } from "./lib/synthetic-memories.js";
import { fixed, markdownTable } from "./lib/table.js";

const MIB = 1024 * 1024;

function heapAndBuffersMiB(): number {
  const reading = readMemory();
  return reading.heapUsedMiB + reading.arrayBuffersMiB;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "10000" },
      queries: { type: "string", default: "500" },
      rounds: { type: "string", default: "5" },
      seed: { type: "string", default: "42" },
    },
  });
  const size = positiveInt(values.size);
  const queryCount = positiveInt(values.queries);
  const rounds = positiveInt(values.rounds);
  const rng = createRng(positiveInt(values.seed));
  const memories = generateMemories(rng, size);
  const queries = generateQueries(rng, memories, queryCount);
  const docs: KeywordDoc[] = memories.map((m, i) => ({
    id: `mem_${i}`,
    text: m.text,
    timestamp: 1_700_000_000_000 + i,
    channelId: "D1",
    channelType: "im",
  }));
  console.log(describeMachine(machineInfo()));
  const build: number[] = [];
  const search: number[] = [];
  const heap: number[] = [];
  const estimate: number[] = [];
  let hits = 0;
  // One round in its own call, so that the round's index is garbage before the next one's baseline.
  const measureRound = (): void => {
    const before = heapAndBuffersMiB();
    const index = new KeywordIndex();
    let started = performance.now();
    index.add(docs);
    build.push(performance.now() - started);
    heap.push(heapAndBuffersMiB() - before);
    estimate.push(index.estimatedBytes / MIB);
    started = performance.now();
    hits = 0;
    for (const query of queries) hits += index.search(query, { limit: 10 }).length;
    search.push((performance.now() - started) / queries.length);
  };
  for (let round = 0; round < rounds; round++) measureRound();
  const row = {
    size,
    buildMs: median(build),
    searchMs: median(search),
    heapMiB: median(heap),
    estimateMiB: median(estimate),
    hitsPerQuery: hits / queries.length,
  };
  console.log(
    markdownTable(
      ["memories", "build ms", "search ms/query", "heap MiB", "estimate MiB", "hits/query"],
      [
        [
          String(size),
          fixed(row.buildMs, 0),
          fixed(row.searchMs, 3),
          fixed(row.heapMiB),
          fixed(row.estimateMiB),
          fixed(row.hitsPerQuery, 2),
        ],
      ],
    ),
  );
  console.log(JSON.stringify(row));
}

main();
