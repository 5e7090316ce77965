/**
 * What one user's BM25 index costs in heap, to check KeywordIndex.estimatedBytes (the weight of the
 * BM25 cache, BM25_CACHE_MB): builds indexes of synthetic memories — short ones as chat saves them,
 * and long ones (20 joined, like a document's chunks) — reads heapUsed after a forced gc before and
 * after, and fits heap = a·docs + b·postings + c·terms + 2·chars (terms: the distinct ones) by least
 * squares over every build.
 *
 *   npx tsx tools/bench/bm25-bytes.ts [--sizes 2000,5000,10000] [--seed 42]
 *
 * Prints a table (measured vs estimated) and the fitted a, b and c (bytes per doc, posting and term).
 */
import { parseArgs } from "node:util";
import {
  BYTES_PER_DOC,
  BYTES_PER_POSTING,
  BYTES_PER_TERM,
  KeywordIndex,
  type KeywordDoc,
} from "../../src/memory/search/keyword-index.js";
import { tokenize } from "../../src/text/tokenizer.js";
import { crossScriptDocTerms } from "../../src/text/cross-script.js";
import { readMemory } from "./lib/memory-usage.js";
import { createRng } from "./lib/prng.js";
import { generateMemories } from "./lib/synthetic-memories.js";
import { fixed, markdownTable } from "./lib/table.js";

/** Short memories joined into one long doc (a chunk of a document). */
const JOINED = 20;
const MIB = 1024 * 1024;

/** Heap used plus typed arrays' backing stores (the BM25 postings' Int32Arrays live outside the heap). */
function heapAndBuffers(): number {
  const reading = readMemory();
  return reading.heapUsedMiB + reading.arrayBuffersMiB;
}

interface Sample {
  corpus: string;
  docs: number;
  postings: number;
  terms: number;
  chars: number;
  heapBytes: number;
  estimated: number;
}

function docsOf(texts: string[]): KeywordDoc[] {
  return texts.map((text, i) => ({
    id: `mem_${1700000000000 + i}_${i.toString(16).padStart(8, "0")}`,
    text,
    timestamp: 1700000000000 + i,
    channelId: "D123",
    channelType: "im",
    visibility: "private",
  }));
}

function measure(corpus: string, docs: KeywordDoc[]): Sample {
  const vocabulary = new Set<string>();
  let postings = 0;
  for (const doc of docs) {
    // What KeywordIndex.add posts: the tokens and the words' cross-script sound keys.
    const terms = new Set([...tokenize(doc.text), ...crossScriptDocTerms(doc.text)]);
    postings += terms.size;
    for (const term of terms) vocabulary.add(term);
  }
  const chars = docs.reduce((n, d) => n + d.text.length, 0);
  const before = heapAndBuffers();
  const index = new KeywordIndex();
  index.add(docs);
  const after = heapAndBuffers();
  if (index.size !== docs.length) throw new Error("index lost documents");
  return {
    corpus,
    docs: docs.length,
    postings,
    terms: vocabulary.size,
    chars,
    heapBytes: (after - before) * MIB,
    estimated: index.estimatedBytes,
  };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "2000,5000,10000" },
      seed: { type: "string", default: "42" },
    },
  });
  const sizes = values.sizes.split(",").map(Number);
  const rng = createRng(Number(values.seed));
  const samples: Sample[] = [];
  for (const size of sizes) {
    const short = generateMemories(rng, size).map((m) => m.text);
    samples.push(measure("short", docsOf(short)));
    const long = generateMemories(rng, size).map((m) => m.text);
    const joined: string[] = [];
    for (let i = 0; i < long.length; i += JOINED) joined.push(long.slice(i, i + JOINED).join(" "));
    samples.push(measure(`long (${JOINED} joined)`, docsOf(joined)));
  }
  // Least squares for heap − 2·chars = a·docs + b·postings + c·terms (normal equations, Cramer's rule).
  const rows = samples.map((s) => [s.docs, s.postings, s.terms]);
  const m = [0, 1, 2].map((i) => [0, 1, 2].map((j) => rows.reduce((n, r) => n + r[i]! * r[j]!, 0)));
  const v = [0, 1, 2].map((i) =>
    samples.reduce((n, s, k) => n + rows[k]![i]! * (s.heapBytes - 2 * s.chars), 0),
  );
  const det3 = (x: number[][]) =>
    x[0]![0]! * (x[1]![1]! * x[2]![2]! - x[1]![2]! * x[2]![1]!) -
    x[0]![1]! * (x[1]![0]! * x[2]![2]! - x[1]![2]! * x[2]![0]!) +
    x[0]![2]! * (x[1]![0]! * x[2]![1]! - x[1]![1]! * x[2]![0]!);
  const [a, b, c] = [0, 1, 2].map(
    (col) => det3(m.map((row, i) => row.map((x, j) => (j === col ? v[i]! : x)))) / det3(m),
  );
  console.log(
    markdownTable(
      ["corpus", "docs", "postings", "terms", "chars", "heap MiB", "estimate MiB", "estimate / heap"],
      samples.map((s) => [
        s.corpus,
        String(s.docs),
        String(s.postings),
        String(s.terms),
        String(s.chars),
        fixed(s.heapBytes / MIB),
        fixed(s.estimated / MIB),
        fixed(s.estimated / s.heapBytes, 2),
      ]),
    ),
  );
  console.log(
    `fit: ${a!.toFixed(0)} bytes per doc, ${b!.toFixed(0)} per posting, ${c!.toFixed(0)} per term ` +
      `(in use: ${BYTES_PER_DOC}, ${BYTES_PER_POSTING}, ${BYTES_PER_TERM})`,
  );
}

main();
