import { readFile } from "node:fs/promises";
import type { z } from "zod";
import {
  DEFAULT_RECALL_K,
  MRR_CUTOFF,
  memoryRowSchema,
  queryRowSchema,
  scoreRecall,
  toRecallSummary,
  type MemoryRow,
  type QueryRow,
  type RankedResult,
  type RecallReport,
} from "../../eval/recall-metrics.js";
import type { MemoryService } from "../../memory/memory-service.js";
import { MAX_SEARCH_K } from "../../memory/memory-service.js";
import { EXIT_OK, intOption, parseCommandArgs, required } from "../args.js";
import { saveInBatches } from "../batch-save.js";
import type { Command } from "../command.js";
import type { CliContext } from "../context.js";
import { evalCollectionPrefix } from "../eval-namespace.js";
import { formatRecallReport } from "../eval-report.js";
import { parseJsonLines } from "../../util/jsonl.js";
import { createProgress } from "../progress.js";

/** Team of the eval's memories (in their own collection, so it cannot meet real ones). */
export const EVAL_TEAM = "eval";
/** Searches in flight at once: enough to overlap Chroma and embedding round trips, few enough for a small box. */
export const EVAL_QUERY_CONCURRENCY = 4;

/**
 * `eval`: the kmem-dev recall evaluation through the real pipeline. Loads the memories (each with its
 * user_id, ts and channel_type) into a fresh Chroma collection, runs every query as its user through
 * MemoryService.search with k = max(MRR_CUTOFF, --k), scores with scoreRecall, prints the report and
 * drops the collection. With `--json` the last stdout line is the RecallSummary JSON.
 */
export const evalCommand: Command = {
  name: "eval",
  synopsis: "eval --memories M.jsonl --queries Q.jsonl [--k 5] [--json]",
  summary: "Score recall on a kmem-dev style set in a throw-away collection.",
  readsStoredMemories: false,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      memories: { type: "string" },
      queries: { type: "string" },
      k: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const memoriesFile = required(values.memories, "memories");
    const queriesFile = required(values.queries, "queries");
    const k = intOption(values.k, "k", { min: 1, max: MAX_SEARCH_K, fallback: DEFAULT_RECALL_K });
    const memories = await loadJsonl(memoriesFile, memoryRowSchema);
    const queries = await loadJsonl(queriesFile, queryRowSchema);

    const stack = await ctx.openStack({
      collectionPrefix: evalCollectionPrefix(),
      rebuildKeywordIndexes: false,
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
    const report = await evaluate(ctx, stack.memory, { memories, queries, k, plain: values.json });
    for (const line of formatRecallReport(report)) ctx.out(line);
    if (values.json) ctx.out(JSON.stringify(toRecallSummary(report)));
    return EXIT_OK;
  },
};

/** Loads the memories, runs the queries and scores them (k = max(MRR_CUTOFF, --k) results per query). */
async function evaluate(
  ctx: CliContext,
  memory: MemoryService,
  run: { memories: MemoryRow[]; queries: QueryRow[]; k: number; plain: boolean },
): Promise<RecallReport> {
  await ingest(ctx, memory, run.memories, run.plain);
  const results = await runQueries(ctx, memory, run.queries, {
    k: Math.max(MRR_CUTOFF, run.k),
    plain: run.plain,
    memories: run.memories,
  });
  return scoreRecall({ queries: run.queries, results, k: run.k });
}

async function loadJsonl<T>(file: string, schema: z.ZodType<T>): Promise<T[]> {
  return parseJsonLines(await readFile(file, "utf8"), schema, file);
}

async function ingest(
  ctx: CliContext,
  memory: MemoryService,
  rows: MemoryRow[],
  plain: boolean,
): Promise<void> {
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

/**
 * Runs each query as its user (a DM scope: all of the user's memories are visible). A result's owner
 * comes from the memories file, not from the store, so a result of another user, or an id the file
 * does not have, counts as an isolation violation.
 */
async function runQueries(
  ctx: CliContext,
  memory: MemoryService,
  queries: QueryRow[],
  options: { k: number; plain: boolean; memories: MemoryRow[] },
): Promise<Map<string, RankedResult[]>> {
  const ownerOf = new Map(options.memories.map((m) => [m.id, m.user_id]));
  const results = new Map<string, RankedResult[]>();
  const progress = createProgress({
    label: "eval: queries",
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
        .search({ teamId: EVAL_TEAM, userId: query.user_id }, query.query, { k: options.k })
        .catch((err: unknown) => {
          failed = true; // the other workers stop taking queries
          throw err;
        });
      results.set(
        query.qid,
        found.map((r) => ({
          id: r.id,
          userId: ownerOf.get(r.id) ?? `(unknown owner of ${r.id})`,
          relevant: r.relevant,
        })),
      );
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
