/**
 * Triplet scoring as the kmem-dev README defines it: micro precision / recall / F1 over predicted vs gold
 * triplets after normalising each field (NFC, lowercase, no spaces, no punctuation or symbols).
 *
 *   precision = TP / |predicted|,  recall = TP / |gold|,  F1 = 2·P·R / (P + R)
 *
 * TP counts matches as multisets: a key predicted twice but in gold once is one hit.
 * - strict: the key is (entity, attribute, value)
 * - EV:     the key is (entity, value) — attribute wording legitimately varies (담당 vs 담당자)
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { foldText } from "../text/korean.js";
import type { Triplet } from "../core/types.js";
import { parseJsonLines } from "../util/jsonl.js";

/** One line of a triplet set (kmem-dev's triplets.jsonl shape): a text and its gold triplets. */
export const tripletRowSchema = z.object({
  text: z.string(),
  triplets: z.array(z.object({ entity: z.string(), attribute: z.string(), value: z.string() })),
  source_id: z.string().optional(),
  user_id: z.string().optional(),
});
export type TripletRow = z.infer<typeof tripletRowSchema>;

/** Reads a triplet set; a bad line fails with its file and line number. */
export async function loadTripletSet(file: string): Promise<TripletRow[]> {
  return parseJsonLines(await readFile(file, "utf8"), tripletRowSchema, file);
}

/** Precision, recall and F1 with the counts they come from. */
export interface PrfScore {
  precision: number;
  recall: number;
  f1: number;
  truePositives: number;
  predicted: number;
  gold: number;
}

/** Scores of one evaluation run. */
export interface TripletScores {
  strict: PrfScore;
  ev: PrfScore;
}

/** One example: the gold triplets and the predicted ones for the same text. */
export interface TripletExample {
  gold: readonly Triplet[];
  predicted: readonly Triplet[];
}

/** A field as compared: NFC, lowercase, with whitespace, punctuation and symbols removed. */
export function normalizeField(text: string): string {
  return foldText(text).replace(/[\s\p{P}\p{S}]+/gu, "");
}

function strictKey(triplet: Triplet): string {
  return [triplet.entity, triplet.attribute, triplet.value].map(normalizeField).join("\u0000");
}

function evKey(triplet: Triplet): string {
  return [triplet.entity, triplet.value].map(normalizeField).join("\u0000");
}

function countKeys(triplets: readonly Triplet[], key: (t: Triplet) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const triplet of triplets) counts.set(key(triplet), (counts.get(key(triplet)) ?? 0) + 1);
  return counts;
}

/** Multiset true positives of one example under `key`. */
export function truePositives(options: TripletExample & { key: (t: Triplet) => string }): number {
  const gold = countKeys(options.gold, options.key);
  let hits = 0;
  for (const [key, count] of countKeys(options.predicted, options.key))
    hits += Math.min(count, gold.get(key) ?? 0);
  return hits;
}

/** P/R/F1 from counts; 0 when a denominator is 0. */
export function prf(counts: { truePositives: number; predicted: number; gold: number }): PrfScore {
  const precision = counts.predicted === 0 ? 0 : counts.truePositives / counts.predicted;
  const recall = counts.gold === 0 ? 0 : counts.truePositives / counts.gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, ...counts };
}

/** Micro-averaged strict and EV scores over all examples. */
export function scoreTriplets(examples: readonly TripletExample[]): TripletScores {
  const score = (key: (t: Triplet) => string): PrfScore => {
    let tp = 0;
    let predicted = 0;
    let gold = 0;
    for (const example of examples) {
      tp += truePositives({ ...example, key });
      predicted += example.predicted.length;
      gold += example.gold.length;
    }
    return prf({ truePositives: tp, predicted, gold });
  };
  return { strict: score(strictKey), ev: score(evKey) };
}

/** The gold triplets no prediction matches and the predictions no gold matches, by the strict key. */
export function tripletMisses(example: TripletExample): { missed: Triplet[]; extra: Triplet[] } {
  const gold = new Set(example.gold.map(strictKey));
  const predicted = new Set(example.predicted.map(strictKey));
  return {
    missed: example.gold.filter((t) => !predicted.has(strictKey(t))),
    extra: example.predicted.filter((t) => !gold.has(strictKey(t))),
  };
}
