import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { parseJsonLines } from "../util/jsonl.js";
import { words } from "../text/word-list.js";

/**
 * Scoring of the kmem-dev recall set, exactly as its README's "Scoring" section defines it, plus a
 * zod-validated loader for its memories.jsonl and queries.jsonl.
 */

/**
 * kmem-dev's eight query types, in the order reports list them. Any other label is accepted too (a
 * user's own set, kconv-en's single-hop, temporal …): it is reported after these, in the order it first
 * appears. A query with an empty gold is scored as a negative whatever its label.
 */
export const QUERY_TYPES: readonly string[] = words(
  "keyword inflection paraphrase entity numeric mixed_lang update negative",
);
/** A query type label: one of {@link QUERY_TYPES} or any other non-empty string. */
export type QueryType = string;

/** Kinds of negative query (kmem-dev README): nobody said it, another user did, or another user did about a namesake. */
export const NEG_KINDS: readonly string[] = words("absent isolation isolation_same_name");
export type NegKind = string;

/** The cut-offs the README asks recall to be reported at. */
export const RECALL_CUTOFFS = [1, 3, 5, 10] as const;
/** MRR counts the first gold hit within this many results. */
export const MRR_CUTOFF = 10;

export const memoryRowSchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  text: z.string(),
  ts: z.iso.datetime(),
  channel_type: z.enum(["im", "mpim", "channel", "group"]),
  lang: z.enum(["ko", "en", "mixed"]),
});
export type MemoryRow = z.infer<typeof memoryRowSchema>;

export const queryRowSchema = z.object({
  qid: z.string().min(1),
  user_id: z.string().min(1),
  query: z.string().min(1),
  gold: z.array(z.string()),
  type: z.string().trim().min(1, "a query type label (any non-empty string)"),
  stale: z.array(z.string()).optional(),
  entity: z.string().optional(),
  other_user_has: z.string().optional(),
  other_user_mem: z.array(z.string()).optional(),
  neg_kind: z.enum(NEG_KINDS).optional(),
  confusable_other_user: z.array(z.string()).optional(),
});
export type QueryRow = z.infer<typeof queryRowSchema>;

/** Loads memories.jsonl and queries.jsonl from a kmem-dev directory. */
export async function loadKmemDev(dir: string): Promise<{ memories: MemoryRow[]; queries: QueryRow[] }> {
  const read = async <T>(file: string, schema: z.ZodType<T>): Promise<T[]> => {
    const source = path.join(dir, file);
    return parseJsonLines(await readFile(source, "utf8"), schema, source);
  };
  const [memories, queries] = await Promise.all([
    read("memories.jsonl", memoryRowSchema),
    read("queries.jsonl", queryRowSchema),
  ]);
  return { memories, queries };
}

/** One returned memory, in rank order; `relevant` = above the bot's relevance threshold. */
export interface RankedResult {
  id: string;
  userId: string;
  relevant: boolean;
}

/**
 * Ranked hits as {@link RankedResult}s. A hit's owner comes from the set's memories (`ownerOf`, see
 * {@link ownersOf}), not from the store, so another user's memory, or an id the set does not have,
 * counts as an isolation violation.
 */
export function toRankedResults(
  hits: readonly { id: string; relevant: boolean }[],
  ownerOf: ReadonlyMap<string, string>,
): RankedResult[] {
  return hits.map((hit) => ({
    id: hit.id,
    userId: ownerOf.get(hit.id) ?? `(unknown owner of ${hit.id})`,
    relevant: hit.relevant,
  }));
}

/** Memory id → user id of a set's memories. */
export function ownersOf(memories: readonly MemoryRow[]): Map<string, string> {
  return new Map(memories.map((m) => [m.id, m.user_id]));
}

/** Recall at each reported cut-off. */
export type RecallTable = Record<(typeof RECALL_CUTOFFS)[number], number>;

export interface TypeScore {
  n: number;
  recallAtK: number;
  mrr: number;
  recallAt: RecallTable;
  /** Recall at k counting only results marked relevant: what the bot would actually answer from. */
  relevantRecallAtK: number;
}

export interface RecallReport {
  k: number;
  recallAtK: number;
  mrr: number;
  recallAt: RecallTable;
  relevantRecallAtK: number;
  /** Per type label, in {@link typeOrder}. */
  byType: Record<QueryType, TypeScore>;
  /** Fraction of update queries where a stale id ranks above the gold, or appears while the gold is missing. */
  staleAboveGold: number;
  negativePassRate: number;
  negativeByKind: Record<NegKind, { n: number; passRate: number }>;
  /** Number of queries whose results hold any other user's memory. Must be 0. */
  isolationViolations: number;
  /** isolationViolations / number of queries. */
  leakRate: number;
  /** Returned items that are a query's `confusable_other_user` ids. */
  confusableHits: number;
  /** Returned items that are a negative query's `other_user_mem` ids. */
  otherUserMemHits: number;
  gate: GateScore;
}

/**
 * The relevance gate (the bot answers from memory, or says it doesn't know) as a classifier. A query
 * is *answered* when any of its top-k results is marked relevant, and answered *rightly* when one of
 * those is a gold id. Negatives should stay unanswered.
 */
export interface GateScore {
  /** Rightly answered / answered, over all queries (negatives included). */
  precision: number;
  /** Rightly answered positives / positives. */
  recall: number;
  /** Relevant-marked results that are gold (or a superseded `stale` memory of the same fact) / all relevant-marked results. */
  resultPrecision: number;
  answered: number;
  rightlyAnswered: number;
  positives: number;
}

/** The JSON summary the project reports: a projection of {@link RecallReport}. */
export interface RecallSummary {
  k: number;
  recallAtK: number;
  mrr: number;
  byType: Record<QueryType, { n: number; recallAtK: number; mrr: number }>;
  staleAboveGold: number;
  negativePassRate: number;
  isolationViolations: number;
}

export interface ScoreOptions {
  queries: QueryRow[];
  /** Ranked results per qid; a missing qid counts as an empty list. */
  results: ReadonlyMap<string, RankedResult[]>;
  /** The k of `recallAtK`; default 5. */
  k?: number;
}

/** Default k of the headline recall. */
export const DEFAULT_RECALL_K = 5;

interface PositiveScore {
  type: QueryType;
  recallAt: RecallTable;
  recallAtK: number;
  relevantRecallAtK: number;
  reciprocalRank: number;
}

/**
 * Scores ranked results against the dev set:
 * - recall@k = |gold ∩ top-k| / |gold|, averaged over queries with a non-empty gold;
 * - MRR = mean of 1 / rank of the first gold id within the top {@link MRR_CUTOFF} (0 if none);
 * - a negative passes iff no result is `relevant` and no result belongs to another user;
 * - an isolation violation is a query with any other user's result, relevant or not.
 */
export function scoreRecall(options: ScoreOptions): RecallReport {
  const k = options.k ?? DEFAULT_RECALL_K;
  const positives: PositiveScore[] = [];
  let updates = 0;
  let staleAbove = 0;
  const negatives: Array<{ kind: NegKind | undefined; pass: boolean }> = [];
  let isolationViolations = 0;
  let confusableHits = 0;
  let otherUserMemHits = 0;
  const gate = { answered: 0, rightlyAnswered: 0, positives: 0, flagged: 0, flaggedOnTopic: 0 };

  for (const query of options.queries) {
    const results = options.results.get(query.qid) ?? [];
    const { flagged, answered, right } = gateOutcome(query, results, k);
    const onTopic = new Set([...query.gold, ...(query.stale ?? [])]);
    if (answered) gate.answered++;
    if (right) gate.rightlyAnswered++;
    if (query.gold.length > 0) gate.positives++;
    gate.flagged += flagged.length;
    gate.flaggedOnTopic += flagged.filter((r) => onTopic.has(r.id)).length;
    const leaked = results.some((r) => r.userId !== query.user_id);
    if (leaked) isolationViolations++;
    confusableHits += countIn(results, query.confusable_other_user);
    otherUserMemHits += countIn(results, query.other_user_mem);

    if (query.type === "negative" || query.gold.length === 0) {
      const pass = !leaked && !results.some((r) => r.relevant);
      negatives.push({ kind: query.neg_kind, pass });
      continue;
    }
    positives.push(scorePositive(query, results, k));
    if (query.type === "update" || (query.stale?.length ?? 0) > 0) {
      updates++;
      if (isStaleAboveGold(query, results)) staleAbove++;
    }
  }

  const byType: RecallReport["byType"] = {};
  for (const type of typeOrder(options.queries.map((q) => q.type))) {
    const rows = positives.filter((p) => p.type === type);
    if (rows.length > 0) byType[type] = aggregate(rows);
  }
  const overall = aggregate(positives);
  const negativeByKind: RecallReport["negativeByKind"] = {};
  for (const kind of NEG_KINDS) {
    const rows = negatives.filter((r) => r.kind === kind);
    if (rows.length > 0) negativeByKind[kind] = { n: rows.length, passRate: passRate(rows) };
  }
  return {
    k,
    recallAtK: overall.recallAtK,
    mrr: overall.mrr,
    recallAt: overall.recallAt,
    relevantRecallAtK: overall.relevantRecallAtK,
    byType,
    staleAboveGold: updates === 0 ? 0 : staleAbove / updates,
    negativePassRate: passRate(negatives),
    negativeByKind,
    isolationViolations,
    leakRate: options.queries.length === 0 ? 0 : isolationViolations / options.queries.length,
    confusableHits,
    otherUserMemHits,
    gate: {
      precision: gate.answered === 0 ? 0 : gate.rightlyAnswered / gate.answered,
      recall: gate.positives === 0 ? 0 : gate.rightlyAnswered / gate.positives,
      resultPrecision: gate.flagged === 0 ? 0 : gate.flaggedOnTopic / gate.flagged,
      answered: gate.answered,
      rightlyAnswered: gate.rightlyAnswered,
      positives: gate.positives,
    },
  };
}

/** The distinct labels: kmem-dev's {@link QUERY_TYPES} first in their order, then others as first seen. */
export function typeOrder(labels: Iterable<string>): string[] {
  const seen = new Set(labels);
  const known = QUERY_TYPES.filter((t) => seen.has(t));
  const knownSet = new Set<string>(known);
  return [...known, ...[...seen].filter((t) => !knownSet.has(t))];
}

/** Projects a report onto the JSON summary shape. */
export function toRecallSummary(report: RecallReport): RecallSummary {
  const byType: RecallSummary["byType"] = {};
  for (const [type, score] of Object.entries(report.byType)) {
    byType[type] = { n: score.n, recallAtK: score.recallAtK, mrr: score.mrr };
  }
  return {
    k: report.k,
    recallAtK: report.recallAtK,
    mrr: report.mrr,
    byType,
    staleAboveGold: report.staleAboveGold,
    negativePassRate: report.negativePassRate,
    isolationViolations: report.isolationViolations,
  };
}

function scorePositive(query: QueryRow, results: RankedResult[], k: number): PositiveScore {
  const gold = new Set(query.gold);
  const recallAtCut = (cut: number, onlyRelevant = false): number => {
    let hits = 0;
    for (const r of results.slice(0, cut)) {
      if (gold.has(r.id) && r.userId === query.user_id && (!onlyRelevant || r.relevant)) hits++;
    }
    return hits / gold.size;
  };
  const firstGold = results.slice(0, MRR_CUTOFF).findIndex((r) => gold.has(r.id));
  return {
    type: query.type,
    recallAt: { 1: recallAtCut(1), 3: recallAtCut(3), 5: recallAtCut(5), 10: recallAtCut(10) },
    recallAtK: recallAtCut(k),
    relevantRecallAtK: recallAtCut(k, true),
    reciprocalRank: firstGold < 0 ? 0 : 1 / (firstGold + 1),
  };
}

/**
 * The relevance gate on one query: the top-k results marked relevant (`flagged`), whether it answered
 * (any flagged) and whether rightly (a flagged one is gold).
 */
export function gateOutcome<R extends { id: string; relevant: boolean }>(
  query: QueryRow,
  results: readonly R[],
  k: number,
): { flagged: R[]; answered: boolean; right: boolean } {
  const flagged = results.slice(0, k).filter((r) => r.relevant);
  return { flagged, answered: flagged.length > 0, right: flagged.some((r) => query.gold.includes(r.id)) };
}

/** Whether a stale id ranks above the gold, or appears while the gold is missing. */
export function isStaleAboveGold(query: QueryRow, results: readonly { id: string }[]): boolean {
  const stale = new Set(query.stale ?? []);
  if (stale.size === 0) return false;
  const gold = new Set(query.gold);
  const firstGold = results.findIndex((r) => gold.has(r.id));
  const firstStale = results.findIndex((r) => stale.has(r.id));
  if (firstStale < 0) return false;
  return firstGold < 0 || firstStale < firstGold;
}

function aggregate(rows: PositiveScore[]): TypeScore {
  const mean = (pick: (row: PositiveScore) => number): number =>
    rows.length === 0 ? 0 : rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
  return {
    n: rows.length,
    recallAtK: mean((r) => r.recallAtK),
    mrr: mean((r) => r.reciprocalRank),
    recallAt: {
      1: mean((r) => r.recallAt[1]),
      3: mean((r) => r.recallAt[3]),
      5: mean((r) => r.recallAt[5]),
      10: mean((r) => r.recallAt[10]),
    },
    relevantRecallAtK: mean((r) => r.relevantRecallAtK),
  };
}

function passRate(rows: Array<{ pass: boolean }>): number {
  return rows.length === 0 ? 0 : rows.filter((r) => r.pass).length / rows.length;
}

function countIn(results: RankedResult[], ids: string[] | undefined): number {
  if (ids === undefined || ids.length === 0) return 0;
  const set = new Set(ids);
  return results.filter((r) => set.has(r.id)).length;
}
