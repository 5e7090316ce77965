/**
 * Diagnostic: which queries make the BM25 half's tail. Builds one user's KeywordIndex of the recall
 * benchmark's memories (same seed, same queries) and lists the slowest searches with each query term's
 * document frequency. No Chroma involved.
 *
 *   npx tsx tools/bench/bm25-tail.ts [--size 100000] [--queries 100] [--repeats 3] [--top 10]
 *
 * Prints a table; the last line is one JSON object.
 */
import { parseArgs } from "node:util";
import { CANDIDATES_PER_RETRIEVER } from "../../src/memory/search/hybrid-ranking.js";
import { KeywordIndex } from "../../src/memory/search/keyword-index.js";
import { VisibilityRule } from "../../src/core/visibility.js";
import { tokenize } from "../../src/text/tokenizer.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { buildRecallDataset, keywordDocOf } from "./lib/recall-dataset.js";
import { elapsedMs, median, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

/** The recall benchmark's seed, so the memories and queries are the same. */
const SEED = 42;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "100000" },
      queries: { type: "string", default: "100" },
      repeats: { type: "string", default: "3" },
      top: { type: "string", default: "10" },
    },
  });
  const [size, queryCount, repeats, top] = [values.size, values.queries, values.repeats, values.top].map(
    Number,
  );
  const machine = machineInfo();
  console.log(`BM25 tail diagnostic on ${describeMachine(machine)}`);
  const data = buildRecallDataset({ seed: SEED, maxSize: size!, queryCount: queryCount! });
  const index = new KeywordIndex();
  index.add(data.target.inputs.map(keywordDocOf));
  const rows = data.queries.map((query) => {
    const visibilities = new VisibilityRule().allowedIn(query.scope);
    const filter = visibilities
      ? (doc: { visibility?: string }) => visibilities.includes(doc.visibility ?? "private")
      : undefined;
    const samples: number[] = [];
    for (let r = 0; r < repeats!; r++) {
      const start = performance.now();
      index.search(query.text, { limit: CANDIDATES_PER_RETRIEVER, ...(filter ? { filter } : {}) });
      samples.push(elapsedMs(start));
    }
    const terms = [...new Set(tokenize(query.text))].map((term) => ({
      term,
      df: documentFrequency(index, term),
    }));
    return { query: query.text, channel: visibilities !== undefined, ms: median(samples), terms };
  });
  rows.sort((a, b) => b.ms - a.ms);
  const slowest = rows.slice(0, top);
  console.log(
    `\nSlowest ${top} of ${rows.length} queries on ${size} memories (median of ${repeats} searches)\n`,
  );
  console.log(
    markdownTable(
      ["ms", "query", "scope", "terms (document frequency)"],
      slowest.map((r) => [
        fixed(r.ms),
        r.query,
        r.channel ? "channel" : "DM",
        r.terms.map((t) => `${t.term} ${t.df}`).join(", "),
      ]),
    ),
  );
  console.log(
    JSON.stringify({
      benchmark: "bm25-tail",
      machine,
      size,
      medianMs: round(median(rows.map((r) => r.ms))),
      slowest: slowest.map((r) => ({ ...r, ms: round(r.ms) })),
    }),
  );
}

/**
 * A term's document frequency from the index's public idf: idf = ln(1 + (N − df + 0.5) / (df + 0.5)),
 * so with x = e^idf − 1, df = (N + 0.5 − 0.5·x) / (1 + x).
 */
function documentFrequency(index: KeywordIndex, term: string): number {
  const x = Math.expm1(index.idf(term));
  return Math.round((index.size + 0.5 - 0.5 * x) / (1 + x));
}

await main();
