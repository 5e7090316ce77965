import { basename } from "node:path";
import { fileURLToPath } from "node:url";
/**
 * Runs hybrid recall over the kmem-dev set fully in memory and prints the scores.
 *
 *   npx tsx tools/scripts/tune-recall.ts [--dir <kmem-dev dir>] [--k 5] [--grid] [--misses] [--gate] [--context] [--answers]
 *   npx tsx tools/scripts/tune-recall.ts --dir <set> --dir <set> … [--k 10] [--context] [--answers]
 *
 * With more than one `--dir`, each set is scored in turn: one line per set (stale-above-gold, R@1,
 * MRR, relevant recall@k, negative pass) and their unweighted mean — the set means of docs/benchmarks.md
 * — or, with `--answers`, every set's answer lines, each qid prefixed by its set's folder name.
 *
 * Every user's memories are indexed (as in production); each query runs as its user: BM25 on the
 * user's own KeywordIndex, brute-force cosine over the user's OfflineEmbedder vectors, then
 * rankHybrid. `--answers` prints, for each query, where its first gold memory ranks, whether a stale one
 * is above it, and the first result — one line per query, to diff between two commits (the per-query
 * top-1 lists of docs/benchmarks.md). `--grid` sweeps the relevance thresholds; `--misses` lists the failing queries; `--gate` the queries the relevance gate gets wrong (answered
 * without a gold memory, or a positive left unanswered).
 */
import { parseArgs } from "node:util";
import { inMemoryCandidates } from "../../src/eval/in-memory-candidates.js";
import { EMBEDDER_PROFILES } from "../../src/memory/search/embedder-profiles.js";
import {
  MIN_KEYWORD_COVERAGE,
  MIN_VECTOR_SIMILARITY,
  rankHybrid,
  type HybridResult,
  type RankHybridOptions,
} from "../../src/memory/search/hybrid-ranking.js";
import {
  RECALL_CUTOFFS,
  gateOutcome,
  isStaleAboveGold,
  loadKmemDev,
  ownersOf,
  scoreRecall,
  toRankedResults,
  toRecallSummary,
  type MemoryRow,
  type QueryRow,
  type RankedResult,
  type RecallReport,
} from "../../src/eval/recall-metrics.js";

const DEFAULT_DIR = fileURLToPath(new URL("../../eval/kmem-dev", import.meta.url));
const TOP_K = 10;
const OFFLINE_FUSION = EMBEDDER_PROFILES.offline.fusion;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: "string", multiple: true, default: [DEFAULT_DIR] },
      k: { type: "string", default: "5" },
      grid: { type: "boolean", default: false },
      misses: { type: "boolean", default: false },
      gate: { type: "boolean", default: false },
      "no-recency": { type: "boolean", default: false },
      // The conversation context of `npm run memory -- eval` (rankHybrid step 4).
      context: { type: "boolean", default: false },
      answers: { type: "boolean", default: false },
    },
  });
  const k = Number(values.k);
  if (values.dir.length > 1) {
    await scoreSets(values.dir, { k, context: values.context, answers: values.answers });
    return;
  }
  const { memories, queries } = await loadKmemDev(values.dir[0] ?? DEFAULT_DIR);
  const prepared = await inMemoryCandidates(memories, queries, { context: values.context });
  const ownerOf = ownersOf(memories);
  const run = (overrides: Partial<RankHybridOptions>) => rankAll(prepared, queries, ownerOf, k, overrides);

  if (values.grid) {
    printGrid(run);
    return;
  }
  const { ranked, report } = run({ recency: !values["no-recency"] });
  if (values.answers) {
    printAnswers(queries, ranked);
    return;
  }
  printTable(report);
  if (values.misses) printMisses(queries, ranked, memories);
  if (values.gate) printGateErrors(queries, ranked, memories, k);
  console.log(JSON.stringify(toRecallSummary(report), null, 2));
}

/** Every query ranked as production ranks it (the offline embedder's fusion, unless overridden), and scored. */
function rankAll(
  prepared: Awaited<ReturnType<typeof inMemoryCandidates>>,
  queries: QueryRow[],
  ownerOf: Map<string, string>,
  k: number,
  overrides: Partial<RankHybridOptions>,
): { ranked: Map<string, HybridResult[]>; report: RecallReport } {
  const ranked = new Map<string, HybridResult[]>();
  for (const p of prepared) {
    ranked.set(
      p.query.qid,
      rankHybrid({
        query: p.query.query,
        vector: p.vector,
        keyword: p.keyword,
        topK: TOP_K,
        method: OFFLINE_FUSION.method,
        k: OFFLINE_FUSION.k,
        weights: OFFLINE_FUSION.weights,
        recencyPrior: OFFLINE_FUSION.recencyPrior,
        ...(p.context ? { context: p.context } : {}),
        ...overrides,
      }),
    );
  }
  const results = new Map<string, RankedResult[]>();
  for (const [qid, list] of ranked) results.set(qid, toRankedResults(list, ownerOf));
  return { ranked, report: scoreRecall({ queries, results, k }) };
}

/** Scores each set in turn (see the module comment): one line per set and the mean, or the answers. */
async function scoreSets(
  dirs: readonly string[],
  options: { k: number; context: boolean; answers: boolean },
): Promise<void> {
  const columns = ["stale", "R@1", "MRR", `relR@${options.k}`, "negPass"] as const;
  const sums: number[] = columns.map(() => 0);
  for (const dir of dirs) {
    const name = basename(dir);
    const { memories, queries } = await loadKmemDev(dir);
    const prepared = await inMemoryCandidates(memories, queries, { context: options.context });
    const { ranked, report } = rankAll(prepared, queries, ownersOf(memories), options.k, {});
    if (options.answers) {
      printAnswers(queries, ranked, `${name}:`);
      continue;
    }
    const figures = [
      report.staleAboveGold,
      report.recallAt[1],
      report.mrr,
      report.relevantRecallAtK,
      report.negativePassRate,
    ];
    figures.forEach((value, i) => (sums[i] = (sums[i] ?? 0) + value));
    console.log(`${name.padEnd(28)} ${figures.map((v, i) => `${columns[i]} ${v.toFixed(3)}`).join("  ")}`);
  }
  if (!options.answers) {
    const mean = sums.map((sum, i) => `${columns[i]} ${(sum / dirs.length).toFixed(3)}`).join("  ");
    console.log(`${`mean of ${dirs.length} sets`.padEnd(28)} ${mean}`);
  }
}

function printAnswers(queries: QueryRow[], ranked: Map<string, HybridResult[]>, prefix = ""): void {
  for (const q of queries) {
    const list = ranked.get(q.qid) ?? [];
    const gold = list.findIndex((r) => q.gold.includes(r.id));
    const first = list[0];
    const stale = isStaleAboveGold(q, list) ? "STALE" : "ok";
    console.log(`${prefix}${q.qid} gold@${gold} ${stale} | ${q.query} | first: ${first ? first.id : "-"}`);
  }
}

function pct(x: number): string {
  return x.toFixed(2);
}

function printTable(report: RecallReport): void {
  const header = ["type", "n", ...RECALL_CUTOFFS.map((c) => `R@${c}`), "MRR", `relR@${report.k}`];
  const rows: string[][] = [];
  for (const [type, s] of Object.entries(report.byType)) {
    rows.push([
      type,
      String(s.n),
      ...RECALL_CUTOFFS.map((c) => pct(s.recallAt[c])),
      pct(s.mrr),
      pct(s.relevantRecallAtK),
    ]);
  }
  rows.push([
    "ALL",
    "",
    ...RECALL_CUTOFFS.map((c) => pct(report.recallAt[c])),
    pct(report.mrr),
    pct(report.relevantRecallAtK),
  ]);
  for (const row of [header, ...rows])
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(11) : cell.padStart(7))).join(""));
  console.log(`stale-above-gold ${pct(report.staleAboveGold)}`);
  const kinds = Object.entries(report.negativeByKind).map(
    ([kind, v]) => `${kind} ${pct(v.passRate)} (n=${v.n})`,
  );
  console.log(`negative pass ${pct(report.negativePassRate)}: ${kinds.join(", ")}`);
  console.log(
    `isolation violations ${report.isolationViolations}, confusable hits ${report.confusableHits}, other-user-mem hits ${report.otherUserMemHits}`,
  );
}

function printGrid(run: (o: Partial<RankHybridOptions>) => { report: RecallReport }): void {
  console.log("minCov minSim  negPass  relR@5  relR@5(kw/inf/num)  R@5  stale");
  for (const minKeywordCoverage of [0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8]) {
    for (const minSimilarity of [0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 1.01]) {
      const { report } = run({ minKeywordCoverage, minSimilarity });
      const lexical = (["keyword", "inflection", "numeric"] as const).map((t) =>
        pct(report.byType[t]?.relevantRecallAtK ?? 0),
      );
      console.log(
        [
          minKeywordCoverage,
          minSimilarity,
          pct(report.negativePassRate),
          pct(report.relevantRecallAtK),
          lexical.join("/"),
          pct(report.recallAtK),
          pct(report.staleAboveGold),
        ].join("\t"),
      );
    }
  }
  console.log(`(defaults: minCov ${MIN_KEYWORD_COVERAGE}, minSim ${MIN_VECTOR_SIMILARITY})`);
}

function printMisses(queries: QueryRow[], ranked: Map<string, HybridResult[]>, memories: MemoryRow[]): void {
  const textOf = new Map(memories.map((m) => [m.id, m.text]));
  for (const q of queries) {
    const list = ranked.get(q.qid) ?? [];
    const gold = new Set(q.gold);
    const stale = new Set(q.stale ?? []);
    const top = list.slice(0, q.type === "entity" ? 10 : 5).map((r) => r.id);
    const missed = q.gold.filter((g) => !top.includes(g));
    const staleBad = isStaleAboveGold(q, list);
    const negFail = q.type === "negative" && list.some((r) => r.relevant);
    if (missed.length === 0 && !staleBad && !negFail) continue;
    console.log(
      `\n${q.qid} [${q.type}] ${q.query}  gold=${q.gold.join(",")} missed=${missed.join(",")}${staleBad ? " STALE" : ""}`,
    );
    for (const r of list.slice(0, 5)) {
      const mark = gold.has(r.id) ? "G" : stale.has(r.id) ? "S" : " ";
      console.log(
        `  ${mark} ${r.id} rel=${r.relevant ? 1 : 0} cos=${r.similarity?.toFixed(2) ?? "-"} cov=${r.keywordCoverage?.toFixed(2) ?? "-"} bm25=${r.keywordScore?.toFixed(1) ?? "-"} ${textOf.get(r.id)?.slice(0, 50)}`,
      );
    }
  }
}

function printGateErrors(
  queries: QueryRow[],
  ranked: Map<string, HybridResult[]>,
  memories: MemoryRow[],
  k: number,
): void {
  const textOf = new Map(memories.map((m) => [m.id, m.text]));
  for (const q of queries) {
    const top = (ranked.get(q.qid) ?? []).slice(0, k);
    const { answered, right } = gateOutcome(q, top, k);
    const wrongAnswer = answered && !right;
    const unanswered = q.gold.length > 0 && !right;
    if (!wrongAnswer && !unanswered) continue;
    console.log(
      `\n${q.qid} [${q.type}] ${wrongAnswer ? "ANSWERED-WRONG" : "UNANSWERED"} ${q.query}  gold=${q.gold.join(",")}`,
    );
    for (const r of top) {
      const mark = q.gold.includes(r.id) ? "G" : (q.stale ?? []).includes(r.id) ? "S" : " ";
      console.log(
        `  ${mark} ${r.id} rel=${r.relevant ? 1 : 0} ranks=${r.ranks.vector ?? "-"}/${r.ranks.keyword ?? "-"} cos=${r.similarity?.toFixed(2) ?? "-"} cov=${r.keywordCoverage?.toFixed(2) ?? "-"} ${textOf.get(r.id)?.slice(0, 50)}`,
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
