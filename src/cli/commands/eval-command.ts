import {
  DEFAULT_RECALL_K,
  MRR_CUTOFF,
  ownersOf,
  scoreRecall,
  toRankedResults,
  toRecallSummary,
  type MemoryRow,
  type QueryRow,
  type RankedResult,
  type RecallReport,
} from "../../eval/recall-metrics.js";
import { loadRecallSet, recallSetFiles, type RecallSetFiles } from "../../eval/recall-set.js";
import { MAX_SEARCH_K, type MemorySearch } from "../../memory/search/memory-search.js";
import { RETRIEVER_MODES, type RetrieverMode } from "../../memory/search/retrievers.js";
import { EXIT_OK, intOption, parseCommandArgs, required, usageError } from "../args.js";
import { type BatchSaver, saveInBatches } from "../batch-save.js";
import type { Command } from "../command.js";
import type { CliContext } from "../context.js";
import { evalCollectionPrefix } from "../eval-namespace.js";
import { formatAblation, formatRecallReport } from "../../eval/recall-report.js";
import { createProgress } from "../progress.js";

/** Team of the eval's memories (in their own collection, so it cannot meet real ones). */
export const EVAL_TEAM = "eval";
/** Searches in flight at once: enough to overlap Chroma and embedding round trips, few enough for a small box. */
export const EVAL_QUERY_CONCURRENCY = 4;

/**
 * `eval`: a recall evaluation through the real pipeline. Loads a set (kmem-dev's memories shape or the
 * conversation shape of kconv-en, see eval/recall-set.ts) into a fresh namespace, runs every query as
 * its user through MemorySearch.search with k = max(MRR_CUTOFF, --k), scores with scoreRecall, prints
 * the report and drops the namespace. `--ablate` runs the queries three times — BM25 alone, vectors
 * alone, fused — and prints R@5, R@10 and MRR per query type for each. With `--json` the last stdout
 * line is the RecallSummary JSON (with `ablation: {keyword, vector, hybrid}` under `--ablate`).
 */
export const evalCommand: Command = {
  name: "eval",
  synopsis:
    "eval (--memories M.jsonl --queries Q.jsonl | --conversations C.jsonl --questions Q.jsonl | --set DIR) [--k 5] [--ablate] [--json]",
  summary: "Score recall on a kmem-dev or kconv-en style set in a throw-away collection.",
  readsStoredMemories: false,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      set: { type: "string" },
      memories: { type: "string" },
      queries: { type: "string" },
      conversations: { type: "string" },
      questions: { type: "string" },
      k: { type: "string" },
      ablate: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    });
    const k = intOption(values.k, "k", { min: 1, max: MAX_SEARCH_K, fallback: DEFAULT_RECALL_K });
    const { memories, queries } = await loadRecallSet(setFiles(values));

    const stack = await ctx.openStack({
      collectionPrefix: evalCollectionPrefix(),
      indexOnly: true,
    });
    const { namespace } = stack.store.info;
    ctx.err(`eval: loading into the throw-away collections ${namespace}*`);
    // Dropped however the run ends, Ctrl-C included; a failed drop is an `error:` line and exit 1.
    ctx.defer({
      what: `delete the eval collections ${namespace}*`,
      run: async () => {
        await stack.store.dropAll();
      },
    });
    await ingest(ctx, stack.lifecycle, memories, values.json);
    const evaluate = async (mode: RetrieverMode): Promise<RecallReport> => {
      const results = await runQueries(ctx, stack.memory, queries, {
        k: Math.max(MRR_CUTOFF, k),
        plain: values.json,
        memories,
        mode,
      });
      return scoreRecall({ queries, results, k });
    };
    const reports = new Map<RetrieverMode, RecallReport>();
    for (const mode of values.ablate ? RETRIEVER_MODES : (["hybrid"] as const)) {
      reports.set(mode, await evaluate(mode));
    }
    const report = reports.get("hybrid")!;
    for (const line of formatRecallReport(report)) ctx.out(line);
    if (values.ablate) {
      ctx.out("");
      for (const line of formatAblation(reports)) ctx.out(line);
    }
    if (values.json) {
      const summary = toRecallSummary(report);
      if (!values.ablate) ctx.out(JSON.stringify(summary));
      else {
        const ablation = Object.fromEntries([...reports].map(([mode, r]) => [mode, toRecallSummary(r)]));
        ctx.out(JSON.stringify({ ...summary, ablation }));
      }
    }
    return EXIT_OK;
  },
};

/** The files to read: `--set DIR`, or one of the two pairs of files. */
function setFiles(values: {
  set?: string | undefined;
  memories?: string | undefined;
  queries?: string | undefined;
  conversations?: string | undefined;
  questions?: string | undefined;
}): RecallSetFiles {
  if (values.set !== undefined) return recallSetFiles(values.set);
  if (values.conversations !== undefined || values.questions !== undefined) {
    return {
      conversations: required(values.conversations, "conversations"),
      questions: required(values.questions, "questions"),
    };
  }
  if (values.memories === undefined && values.queries === undefined) {
    throw usageError("give --set DIR, --memories and --queries, or --conversations and --questions");
  }
  return { memories: required(values.memories, "memories"), queries: required(values.queries, "queries") };
}

async function ingest(ctx: CliContext, memory: BatchSaver, rows: MemoryRow[], plain: boolean): Promise<void> {
  const progress = createProgress({ label: "eval: load memories", total: rows.length, output: ctx, plain });
  try {
    await saveInBatches({
      memory,
      teamId: EVAL_TEAM,
      rows: rows.map((row) => ({
        userId: row.user_id,
        input: {
          id: row.id,
          text: row.text,
          timestamp: Date.parse(row.ts),
          channelType: row.channel_type,
          channelId: `${row.channel_type === "im" ? "D" : "C"}-${row.user_id}`,
          source: "import",
        },
      })),
      onSaved: (n) => progress.increment(n),
    });
  } finally {
    progress.stop();
  }
}

/** Runs each query as its user (a DM scope: all of the user's memories are visible). */
async function runQueries(
  ctx: CliContext,
  memory: MemorySearch,
  queries: QueryRow[],
  options: { k: number; plain: boolean; memories: MemoryRow[]; mode: RetrieverMode },
): Promise<Map<string, RankedResult[]>> {
  const ownerOf = ownersOf(options.memories);
  const results = new Map<string, RankedResult[]>();
  const progress = createProgress({
    label: options.mode === "hybrid" ? "eval: queries" : `eval: queries (${options.mode} only)`,
    total: queries.length,
    output: ctx,
    plain: options.plain,
  });
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < queries.length) {
      const query = queries[next++]!;
      const found = await memory
        .search({ teamId: EVAL_TEAM, userId: query.user_id }, query.query, {
          k: options.k,
          retrievers: options.mode,
        })
        .catch((err: unknown) => {
          failed = true; // the other workers stop taking queries
          throw err;
        });
      results.set(query.qid, toRankedResults(found, ownerOf));
      progress.increment(1);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(EVAL_QUERY_CONCURRENCY, queries.length) }, worker));
  } finally {
    progress.stop();
  }
  return results;
}
