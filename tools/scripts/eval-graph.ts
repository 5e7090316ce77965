import { fileURLToPath } from "node:url";
/**
 * Scores the rule-based triplet extractor on kmem-dev's triplets.jsonl and on kmem-own's (a second set
 * written before the rules were tuned, so a gap between the two shows overfitting).
 *
 *   npx tsx tools/scripts/eval-graph.ts [--file path/to/triplets.jsonl] [--verbose]
 *
 * Prints a table per set, then (as the last line) one JSON object: with `--file`, that file's strict and
 * EV precision/recall/F1; without it, `{"kmem-dev": {…}, "kmem-own": {…}}` with the same fields per set.
 */
import { parseArgs } from "node:util";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import {
  loadTripletSet,
  scoreTriplets,
  tripletMisses,
  type PrfScore,
  type TripletExample,
  type TripletRow,
} from "../../src/eval/triplet-metrics.js";

/** The sets scored when no `--file` is given, by name. */
const DEFAULT_SETS: Record<string, string> = {
  "kmem-dev": fileURLToPath(new URL("../../eval/kmem-dev/triplets.jsonl", import.meta.url)),
  "kmem-own": fileURLToPath(new URL("../../eval/kmem-own/triplets.jsonl", import.meta.url)),
};
const DECIMALS = 3;

interface Rounded {
  precision: number;
  recall: number;
  f1: number;
}

/** What the JSON line holds for one set. */
interface SetSummary {
  strict: Rounded;
  ev: Rounded;
  n: number;
  gold: number;
  predicted: number;
}

function fmt(score: PrfScore): string[] {
  return [score.precision, score.recall, score.f1].map((n) => n.toFixed(DECIMALS));
}

function round(score: PrfScore): Rounded {
  return {
    precision: Number(score.precision.toFixed(DECIMALS)),
    recall: Number(score.recall.toFixed(DECIMALS)),
    f1: Number(score.f1.toFixed(DECIMALS)),
  };
}

function showMisses(row: TripletRow, predicted: TripletExample["predicted"]): void {
  const { missed, extra } = tripletMisses({ gold: row.triplets, predicted });
  if (missed.length === 0 && extra.length === 0) return;
  console.log(`\n${row.source_id ?? ""} ${row.text}`);
  for (const t of missed) console.log(`  - missed ${t.entity} | ${t.attribute} | ${t.value}`);
  for (const t of extra) console.log(`  + extra  ${t.entity} | ${t.attribute} | ${t.value}`);
}

/** Scores one file and prints its table; returns the figures for the JSON line. */
async function scoreFile(file: string, verbose: boolean): Promise<SetSummary> {
  const rows = await loadTripletSet(file);
  const examples: TripletExample[] = rows.map((row) => {
    const predicted = extractTriplets(row.text);
    if (verbose) showMisses(row, predicted);
    return { gold: row.triplets, predicted };
  });
  const scores = scoreTriplets(examples);
  console.log(`\ntriplets: ${file} (${rows.length} texts, ${scores.strict.gold} gold triplets)`);
  console.log("variant | precision | recall | f1    | tp/pred/gold");
  console.log("--------|-----------|--------|-------|-------------");
  for (const [name, score] of Object.entries(scores)) {
    const [p, r, f] = fmt(score);
    console.log(
      `${name.padEnd(7)} | ${p}     | ${r}  | ${f} | ${score.truePositives}/${score.predicted}/${score.gold}`,
    );
  }
  return {
    strict: round(scores.strict),
    ev: round(scores.ev),
    n: rows.length,
    gold: scores.strict.gold,
    predicted: scores.strict.predicted,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      file: { type: "string" },
      verbose: { type: "boolean", default: false },
    },
  });
  const verbose = values.verbose ?? false;
  if (values.file !== undefined) {
    console.log(JSON.stringify(await scoreFile(values.file, verbose)));
    return;
  }
  const summaries: Record<string, SetSummary> = {};
  for (const [name, file] of Object.entries(DEFAULT_SETS)) summaries[name] = await scoreFile(file, verbose);
  console.log(JSON.stringify(summaries));
}

await main();
