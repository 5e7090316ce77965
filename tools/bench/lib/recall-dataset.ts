/**
 * The recall benchmark's data: one target user whose memory grows through the benchmark sizes, a few
 * other users (one with the same user id in another team) so the user and team filters matter, and a
 * fixed query list with precomputed offline query vectors.
 */
import { OfflineEmbedder } from "../../../src/llm/offline-embedder.js";
import type { KeywordDoc } from "../../../src/memory/search/keyword-index.js";
import { visibilityOf } from "../../../src/core/visibility.js";
import type { SaveInput } from "../../../src/memory/lifecycle/save-input.js";
import type { ChannelType, MemoryScope } from "../../../src/core/types.js";
import { createRng, type Rng } from "./prng.js";
import { generateMemories, generateQueries, type SyntheticMemory } from "./synthetic-memories.js";

export const BENCH_TEAM = "T-bench";
export const TARGET_SCOPE: MemoryScope = { teamId: BENCH_TEAM, userId: "U-target" };
/** Other owners; the last one shares the target's user id in another team, so only the team filter tells them apart. */
export const OTHER_SCOPES: readonly MemoryScope[] = [
  { teamId: BENCH_TEAM, userId: "U-other-1" },
  { teamId: BENCH_TEAM, userId: "U-other-2" },
  { teamId: BENCH_TEAM, userId: "U-other-3" },
  { teamId: "T-elsewhere", userId: "U-target" },
];
/** Other users' memories, as a share of the target's: 10k alongside the target's 100k. */
export const OTHER_USERS_SHARE = 0.1;
/** Share of memories said in a channel rather than a DM (they get a `channel:<id>` visibility). */
export const CHANNEL_SHARE = 0.15;
/** Share of queries asked in a channel, where only that channel's (and shared) memories are visible. */
export const CHANNEL_QUERY_SHARE = 0.2;
/** Queries are drawn from memories every size holds: the first this many. */
export const ANSWERABLE_POOL = 1000;
const CHANNELS = ["C-general", "C-team", "C-random"] as const;
const FIRST_TIMESTAMP = Date.UTC(2024, 0, 1);
/** Seven minutes between consecutive memories of one owner. */
const TIMESTAMP_STEP_MS = 7 * 60 * 1000;

/** A benchmark query: its text, the scope it is asked in, and its precomputed vector. */
export interface BenchQuery {
  text: string;
  scope: MemoryScope;
  vector: number[];
}

/** One owner's memories as save inputs (SaveInput). */
export interface OwnerMemories {
  scope: MemoryScope;
  inputs: SaveInput[];
}

/** Every memory and query of a run, generated from one seed. */
export interface RecallDataset {
  target: OwnerMemories;
  others: OwnerMemories[];
  queries: BenchQuery[];
}

/** Generates the dataset for sizes up to `maxSize` target memories and `queryCount` queries. */
export function buildRecallDataset(options: {
  seed: number;
  maxSize: number;
  queryCount: number;
}): RecallDataset {
  const rng = createRng(options.seed);
  const targetMemories = generateMemories(rng, options.maxSize);
  const target = ownerMemories(rng, TARGET_SCOPE, targetMemories);
  const otherCount = Math.ceil((options.maxSize * OTHER_USERS_SHARE) / OTHER_SCOPES.length);
  const others = OTHER_SCOPES.map((scope) => ownerMemories(rng, scope, generateMemories(rng, otherCount)));
  const pool = targetMemories.slice(0, ANSWERABLE_POOL);
  const embedder = new OfflineEmbedder();
  const queries = generateQueries(rng, pool, options.queryCount).map((text) => ({
    text,
    scope: rng.chance(CHANNEL_QUERY_SHARE)
      ? { ...TARGET_SCOPE, channelId: CHANNELS[0], channelType: "channel" as ChannelType }
      : { ...TARGET_SCOPE, channelType: "im" as ChannelType },
    vector: embedder.embedOne(text),
  }));
  return { target, others, queries };
}

/** Turns synthetic memories into one owner's save inputs (ids, timestamps, channels). */
export function ownerMemories(rng: Rng, scope: MemoryScope, memories: SyntheticMemory[]): OwnerMemories {
  const owner = `${scope.teamId}-${scope.userId}`;
  const inputs = memories.map((memory, i): SaveInput => {
    const inChannel = rng.chance(CHANNEL_SHARE);
    return {
      id: `bench_${owner}_${i}`,
      text: memory.text,
      timestamp: FIRST_TIMESTAMP + i * TIMESTAMP_STEP_MS,
      channelId: inChannel ? rng.pick(CHANNELS) : `D-${scope.userId}`,
      channelType: inChannel ? "channel" : "im",
      source: "import",
    };
  });
  return { scope, inputs };
}

/** The keyword doc the lifecycle would index for a saved input (the baseline rebuilds from these). */
export function keywordDocOf(input: SaveInput): KeywordDoc {
  const channelId = input.channelId ?? "";
  const channelType = input.channelType ?? "im";
  return {
    id: input.id ?? "",
    text: input.text.normalize("NFC").trim(),
    timestamp: input.timestamp ?? 0,
    channelId,
    channelType,
    visibility: visibilityOf({ channelId, channelType }),
    source: input.source,
  };
}
