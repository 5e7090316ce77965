/**
 * The recall benchmark's steps for one size: load memories up to the size, read memory usage, then
 * time the current search and the baseline over repeated rounds.
 */
import { SAVE_BATCH_SIZE } from "../../../src/cli/batch-save.js";
import { KeywordIndex, type KeywordDoc } from "../../../src/memory/search/keyword-index.js";
import { CANDIDATES_PER_RETRIEVER } from "../../../src/memory/search/hybrid-ranking.js";
import { VisibilityRule } from "../../../src/core/visibility.js";
import type { SearchResult } from "../../../src/memory/search/memory-search.js";
import { baselineSearch } from "./baseline-search.js";
import type { BenchMemory } from "./memory-harness.js";
import { readMemory, type MemoryReading } from "./memory-usage.js";
import { keywordDocOf, OTHER_USERS_SHARE, type RecallDataset } from "./recall-dataset.js";
import { elapsedMs, medianOfRounds, summarize, type LatencySummary } from "./stats.js";

/** Memories per MemoryLifecycle.saveMany call while loading: the pages of `memory import`. */
export const LOAD_BATCH = SAVE_BATCH_SIZE;
/** Untimed queries before each size's rounds (JIT, Chroma caches). */
export const WARMUP_QUERIES = 10;

/** How many memories of each owner are in the store so far. */
export interface LoadState {
  target: number;
  others: number[];
}

/** Loads the target's memories up to `size` (and the other users' share) in batches; returns the ms taken. */
export async function loadUpTo(
  memory: BenchMemory,
  data: RecallDataset,
  size: number,
  state: LoadState,
): Promise<number> {
  const start = performance.now();
  const otherSize = Math.ceil((size * OTHER_USERS_SHARE) / data.others.length);
  const owners = [
    { owner: data.target, from: state.target, to: size },
    ...data.others.map((owner, i) => ({ owner, from: state.others[i] ?? 0, to: otherSize })),
  ];
  for (const { owner, from, to } of owners) {
    for (let at = from; at < to; at += LOAD_BATCH) {
      await memory.lifecycle.saveMany(owner.scope, owner.inputs.slice(at, Math.min(to, at + LOAD_BATCH)));
    }
  }
  state.target = size;
  state.others = data.others.map(() => otherSize);
  return elapsedMs(start);
}

/** Memory usage after loading, plus the heap one user's BM25 index of `docs` takes on its own. */
export interface SizeMemory extends MemoryReading {
  bm25IndexHeapMiB: number;
}

/** Reads process memory, then builds a throw-away index of `docs` to measure its heap alone. */
export function measureMemory(docs: KeywordDoc[]): SizeMemory {
  const reading = readMemory();
  const index = new KeywordIndex();
  index.add(docs);
  const withIndex = readMemory();
  // Keep the index alive until the second reading.
  if (index.size !== docs.length) throw new Error("index lost documents");
  // Heap and typed arrays' backing stores (outside the heap) both count.
  const held = (r: MemoryReading) => r.heapUsedMiB + r.arrayBuffersMiB;
  return { ...reading, bm25IndexHeapMiB: held(withIndex) - held(reading) };
}

/** Latency figures of one size: per-round summaries and their medians. */
export interface SizeLatency {
  candidateRounds: LatencySummary[];
  /** The current search on the baseline's queries only (for a like-for-like ratio). */
  candidateSubsetRounds: LatencySummary[];
  baselineRounds: LatencySummary[];
  candidate: LatencySummary;
  candidateSubset: LatencySummary;
  baseline: LatencySummary;
  /** Baseline queries whose result ids and order matched the current search's. */
  identicalResults: number;
  /** Current-search queries with at least one relevant result. */
  queriesWithRelevant: number;
  /** The two halves of the current search, timed alone in one extra pass over all queries. */
  components: { vector: LatencySummary; bm25: LatencySummary };
  /** The baseline's BM25 rebuild alone (all rounds pooled). */
  baselineRebuild: LatencySummary;
}

/** Times `rounds` rounds: all queries through MemorySearch.search, then the first `baselineQueries` through the baseline. */
export async function timeSize(options: {
  memory: BenchMemory;
  data: RecallDataset;
  size: number;
  rounds: number;
  baselineQueries: number;
  k: number;
}): Promise<SizeLatency> {
  const { memory, data, k } = options;
  const docs = data.target.inputs.slice(0, options.size).map(keywordDocOf);
  const queries = data.queries;
  const baseQueries = queries.slice(0, options.baselineQueries);
  const current = (i: number): Promise<SearchResult[]> => {
    const q = queries[i]!;
    return memory.search.search(q.scope, q.text, { k, queryVector: q.vector });
  };
  const baseline = (i: number) => {
    const q = queries[i]!;
    return baselineSearch({
      store: memory.store,
      docs,
      scope: q.scope,
      query: q.text,
      queryVector: q.vector,
      k,
    });
  };
  for (let i = 0; i < Math.min(WARMUP_QUERIES, queries.length); i++) await current(i);
  // A backend's in-process structures built in the background (sqlite-vec's int8 copy of a large
  // owner: the exact search answers until it is ready) are waited for: the rounds time the steady state.
  const warmStart = performance.now();
  await memory.store.warmUp?.(data.target.scope);
  const warmMs = elapsedMs(warmStart);
  if (warmMs > 100) console.log(`warm-up (the backend's background build): ${(warmMs / 1000).toFixed(1)} s`);
  await baseline(0);

  const result: SizeLatency = {
    candidateRounds: [],
    candidateSubsetRounds: [],
    baselineRounds: [],
    candidate: summarize([]),
    candidateSubset: summarize([]),
    baseline: summarize([]),
    identicalResults: 0,
    queriesWithRelevant: 0,
    components: { vector: summarize([]), bm25: summarize([]) },
    baselineRebuild: summarize([]),
  };
  const rebuildSamples: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const samples: number[] = [];
    const currentIds: string[] = [];
    let withRelevant = 0;
    for (let i = 0; i < queries.length; i++) {
      const start = performance.now();
      const hits = await current(i);
      samples.push(elapsedMs(start));
      currentIds.push(hits.map((h) => h.id).join(","));
      if (hits.some((h) => h.relevant)) withRelevant++;
    }
    const baseSamples: number[] = [];
    let identical = 0;
    for (let i = 0; i < baseQueries.length; i++) {
      const start = performance.now();
      const { results: hits, rebuildMs } = await baseline(i);
      baseSamples.push(elapsedMs(start));
      rebuildSamples.push(rebuildMs);
      if (hits.map((h) => h.id).join(",") === currentIds[i]) identical++;
    }
    result.candidateRounds.push(summarize(samples));
    result.candidateSubsetRounds.push(summarize(samples.slice(0, baseQueries.length)));
    result.baselineRounds.push(summarize(baseSamples));
    result.identicalResults = identical;
    result.queriesWithRelevant = withRelevant;
  }
  result.components = await timeComponents(memory, data, k);
  result.baselineRebuild = summarize(rebuildSamples);
  result.candidate = medianOfRounds(result.candidateRounds);
  result.candidateSubset = medianOfRounds(result.candidateSubsetRounds);
  result.baseline = medianOfRounds(result.baselineRounds);
  return result;
}

/**
 * Times the halves of MemorySearch.search alone, once per query: the Chroma vector query (as
 * VectorMemoryRetriever sends it) and the BM25 search of the user's live index (as BM25Retriever does).
 */
async function timeComponents(
  memory: BenchMemory,
  data: RecallDataset,
  k: number,
): Promise<{ vector: LatencySummary; bm25: LatencySummary }> {
  const topK = Math.max(k, CANDIDATES_PER_RETRIEVER);
  const vector: number[] = [];
  const bm25: number[] = [];
  for (const q of data.queries) {
    const visibilities = new VisibilityRule().allowedIn(q.scope);
    let start = performance.now();
    await memory.store.query({
      vector: q.vector,
      teamId: q.scope.teamId,
      userId: q.scope.userId,
      visibilities,
      topK,
    });
    vector.push(elapsedMs(start));
    const index = memory.keywordIndexes.peek(q.scope.teamId, q.scope.userId);
    start = performance.now();
    index?.search(q.text, {
      limit: topK,
      ...(visibilities
        ? { filter: (doc: KeywordDoc) => visibilities.includes(doc.visibility ?? "private") }
        : {}),
    });
    bm25.push(elapsedMs(start));
  }
  return { vector: summarize(vector), bm25: summarize(bm25) };
}
