import { MAX_SEARCH_K, type SearchResult } from "../../memory/search/memory-search.js";
import type { SimilarityMetric } from "../../core/vector-index.js";
import { EXIT_OK, intOption, parseCommandArgs, required, userScopeOption } from "../args.js";
import type { Command } from "../command.js";

/**
 * How the table names a vector hit's similarity, by the index's metric (`[memory.vector]
 * similarity_metric`; vector-index.ts similarityFrom): the cosine, the inner product, 1 / (1 + L2).
 */
export const SIMILARITY_LABELS: Readonly<Record<SimilarityMetric, string>> = {
  cosine: "cos",
  dot_product: "dot",
  euclidean: "1/(1+L2)",
};

/** A search result as `--json` prints it. */
export interface SearchResultJson {
  rank: number;
  id: string;
  text: string;
  timestamp: string;
  score: number;
  relevant: boolean;
  ranks: { vector?: number; keyword?: number };
  similarity?: number;
  keywordScore?: number;
  keywordCoverage?: number;
  supersedes?: string;
}

/**
 * `search`: the user's fused (RRF) results (only those labelled `--topic`, when given), each with where the vector and BM25 retrievers ranked it,
 * their raw scores (the vector one in the index's metric), and whether it clears the relevance
 * threshold. Without `--k`, `[memory.vector] top_k` (or RECALL_TOP_K) results. `--json`: one line
 * `{"query","k","metric","results":[SearchResultJson]}`.
 */
export const searchCommand: Command = {
  name: "search",
  synopsis: "search --user U --query Q [--k top_k] [--topic L] [--team T] [--json]",
  summary: "Hybrid (vector + BM25, RRF) search of one user's memories.",
  readsStoredMemories: true,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      user: { type: "string" },
      query: { type: "string" },
      k: { type: "string" },
      topic: { type: "string" },
      team: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const scope = userScopeOption(values);
    const query = required(values.query, "query");
    const { memory, store, lifecycle } = await ctx.openStack();
    const k = intOption(values.k, "k", { min: 1, max: MAX_SEARCH_K, fallback: memory.recallTopK });
    const { metric } = store.info;
    const results = await memory.search(scope, query, { k, topic: values.topic });
    // An operator's read of a person's memories is recorded, as the admin API's is (ids only).
    await lifecycle.recordRead(
      scope,
      results.map((r) => r.id),
      "cli",
    );
    if (values.json) {
      ctx.out(JSON.stringify({ query, k, metric, results: results.map(toJson) }));
      return EXIT_OK;
    }
    if (results.length === 0) ctx.out("no memories");
    results.forEach((r, i) => {
      ctx.out(
        `${i + 1}. ${r.id}  score ${r.score.toFixed(4)}  ${r.relevant ? "relevant" : "not relevant"}  ${sources(r, metric)}`,
      );
      ctx.out(`   ${new Date(r.timestamp).toISOString()}  ${oneLine(r.text)}`);
    });
    return EXIT_OK;
  },
};

function toJson(r: SearchResult, index: number): SearchResultJson {
  return {
    rank: index + 1,
    id: r.id,
    text: r.text,
    timestamp: new Date(r.timestamp).toISOString(),
    score: r.score,
    relevant: r.relevant,
    ranks: r.ranks,
    ...(r.similarity !== undefined ? { similarity: r.similarity } : {}),
    ...(r.keywordScore !== undefined ? { keywordScore: r.keywordScore } : {}),
    ...(r.keywordCoverage !== undefined ? { keywordCoverage: r.keywordCoverage } : {}),
    ...(r.supersedes !== undefined ? { supersedes: r.supersedes } : {}),
  };
}

/**
 * `vector #1 (cos 0.81)  keyword #2 (bm25 7.3, cov 0.67)` (the vector figure labelled by the metric,
 * {@link SIMILARITY_LABELS}), or `-` for a retriever that missed it.
 */
function sources(r: SearchResult, metric: SimilarityMetric): string {
  const label = SIMILARITY_LABELS[metric];
  const vector =
    r.ranks.vector === undefined
      ? "vector -"
      : `vector #${r.ranks.vector} (${label} ${fixed(r.similarity, 3)})`;
  const keyword =
    r.ranks.keyword === undefined
      ? "keyword -"
      : `keyword #${r.ranks.keyword} (bm25 ${fixed(r.keywordScore, 2)}, cov ${fixed(r.keywordCoverage, 2)})`;
  const supersedes = r.supersedes ? `  supersedes ${r.supersedes}` : "";
  return `${vector}  ${keyword}${supersedes}`;
}

function fixed(x: number | undefined, digits: number): string {
  return x === undefined ? "?" : x.toFixed(digits);
}

/** The text on one line (newlines shown as ⏎) for the table output. */
export function oneLine(text: string): string {
  return text.replace(/\r?\n/g, " ⏎ ");
}
