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
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import {
  normalizeField,
  scoreTriplets,
  type PrfScore,
  type TripletExample,
} from "../../src/eval/triplet-metrics.js";

/** The sets scored when no `--file` is given, by name. */
const DEFAULT_SETS: Record<string, string> = {
  "kmem-dev": fileURLToPath(new URL("../../eval/kmem-dev/triplets.jsonl", import.meta.url)),
  "kmem-own": fileURLToPath(new URL("../../eval/kmem-own/triplets.jsonl", import.meta.url)),
};
const DECIMALS = 3;

const rowSchema = z.object({
  text: z.string(),
  triplets: z.array(z.object({ entity: z.string(), attribute: z.string(), value: z.string() })),
  source_id: z.string().optional(),
  user_id: z.string().optional(),
});
type Row = z.infer<typeof rowSchema>;

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

async function readRows(file: string): Promise<Row[]> {
  const text = await readFile(file, "utf8");
  return text
    .split("\n")
    .map((line, i) => ({ line: line.trim(), lineNo: i + 1 }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, lineNo }) => {
      const parsed = rowSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${lineNo}: ${parsed.error.message}`);
      return parsed.data;
    });
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

function showMisses(row: Row, predicted: TripletExample["predicted"]): void {
  const key = (t: { entity: string; attribute: string; value: string }): string =>
    [t.entity, t.attribute, t.value].map(normalizeField).join("|");
  const gold = new Set(row.triplets.map(key));
  const pred = new Set(predicted.map(key));
  const missed = row.triplets.filter((t) => !pred.has(key(t)));
  const extra = predicted.filter((t) => !gold.has(key(t)));
  if (missed.length === 0 && extra.length === 0) return;
  console.log(`\n${row.source_id ?? ""} ${row.text}`);
  for (const t of missed) console.log(`  - missed ${t.entity} | ${t.attribute} | ${t.value}`);
  for (const t of extra) console.log(`  + extra  ${t.entity} | ${t.attribute} | ${t.value}`);
}

/** Scores one file and prints its table; returns the figures for the JSON line. */
async function scoreFile(file: string, verbose: boolean): Promise<SetSummary> {
  const rows = await readRows(file);
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
