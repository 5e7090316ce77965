/**
 * Diagnostic: what a bulk write into one Chroma collection costs per row format and write size. Each
 * variant writes the same synthetic memories with precomputed offline vectors (so only Chroma's part
 * is timed) into its own fresh Chroma server, and prints the time per 10k rows as the collection grows:
 *
 * - `llamaindex-1000`: the rows as the store wrote them before — LlamaIndex's `ChromaVectorStore.add`
 *   of one `TextNode` per memory (flat metadata keys, `_node_content`, the text as document, vectors as
 *   JSON numbers), pages of 1,000, Chroma's default HNSW sync threshold (1,000);
 * - `compact-1000`: the store's compact rows (`toRowMetadata`: `ref_doc_id` + the memory as JSON, no
 *   document, vectors base64-encoded by the current `chromadb` client), same pages and threshold;
 * - `compact-5000`: the same rows in calls of 5,000 (`WRITE_CALL_ROWS`) into a collection with that
 *   HNSW sync threshold (Chroma saves the index once per call instead of once per 1,000 rows) — tried,
 *   not kept: no faster;
 * - `bare-5000`: ids and vectors only (Chroma's floor), as `compact-5000`.
 *
 *   npx tsx tools/bench/chroma-ingest.ts [--rows 110000] [--variants llamaindex-1000,compact-1000,compact-5000,bare-5000]
 *
 * Prints a table; the last line is one JSON object.
 */
import { parseArgs } from "node:util";
import { ChromaVectorStore } from "@llamaindex/chroma";
import { ChromaClient } from "chromadb";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { EmbedderEmbedding } from "../../src/backends/chroma/llamaindex-embedding.js";
import { WRITE_CALL_ROWS } from "../../src/backends/chroma/chroma-vector-index.js";
import { toRowMetadata } from "../../src/backends/chroma/memory-metadata.js";
import type { Memory } from "../../src/core/types.js";
import { legacyNode } from "../../fixtures/legacy-chroma-rows.js";
import { positiveInt } from "./lib/args.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { startBenchChroma } from "./lib/memory-harness.js";
import { createRng } from "./lib/prng.js";
import { BENCH_TEAM } from "./lib/recall-dataset.js";
import { elapsedMs, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";
import { generateMemories } from "./lib/synthetic-memories.js";

const SEED = 5;
const REPORT_EVERY = 10_000;
const VARIANTS = ["llamaindex-1000", "compact-1000", "compact-5000", "bare-5000"] as const;
type Variant = (typeof VARIANTS)[number];

interface VariantResult {
  variant: Variant;
  totalSeconds: number;
  /** Seconds per REPORT_EVERY rows, in order. */
  perTenThousand: number[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "110000" },
      variants: { type: "string", default: VARIANTS.join(",") },
    },
  });
  const rows = positiveInt(values.rows);
  const variants = values.variants.split(",").map((v) => {
    if (!(VARIANTS as readonly string[]).includes(v))
      throw new Error(`unknown variant "${v}" (${VARIANTS.join(", ")})`);
    return v as Variant;
  });
  const machine = machineInfo();
  console.log(`chroma ingest diagnostic on ${describeMachine(machine)}`);
  const embedder = new OfflineEmbedder();
  const memories: Memory[] = generateMemories(createRng(SEED), rows).map((m, i) => ({
    id: `m${i}`,
    text: m.text,
    teamId: BENCH_TEAM,
    userId: "U-ingest",
    timestamp: 1_767_225_600_000 + i * 1000,
    channelId: "D-ingest",
    channelType: "im",
    source: "import",
  }));
  const vectors = await embedder.embed(memories.map((m) => m.text));
  const results: VariantResult[] = [];
  for (const variant of variants) {
    const chroma = await startBenchChroma();
    try {
      results.push(await run(variant, chroma.url, memories, vectors, embedder));
    } finally {
      await chroma.stop();
    }
    const last = results.at(-1)!;
    console.log(`${variant}: ${fixed(last.totalSeconds)} s`);
  }
  console.log(`\n${rows} rows into one collection, seconds per ${REPORT_EVERY} rows as it grows\n`);
  const columns = Math.max(...results.map((r) => r.perTenThousand.length));
  console.log(
    markdownTable(
      [
        "variant",
        "total s",
        ...Array.from({ length: columns }, (_, i) => `≤${((i + 1) * REPORT_EVERY) / 1000}k`),
      ],
      results.map((r) => [r.variant, fixed(r.totalSeconds), ...r.perTenThousand.map((s) => fixed(s))]),
    ),
  );
  console.log(
    JSON.stringify({
      benchmark: "chroma-ingest",
      machine,
      rows,
      variants: results.map((r) => ({
        ...r,
        totalSeconds: round(r.totalSeconds),
        perTenThousand: r.perTenThousand.map((s) => round(s)),
      })),
    }),
  );
}

async function run(
  variant: Variant,
  chromaUrl: string,
  memories: Memory[],
  vectors: number[][],
  embedder: OfflineEmbedder,
): Promise<VariantResult> {
  const name = `ingest_${variant.replace(/\W/g, "_")}`;
  const url = new URL(chromaUrl);
  const client = new ChromaClient({ host: url.hostname, port: Number(url.port) });
  const call = variant.endsWith("-5000") ? WRITE_CALL_ROWS : 1000;
  const collection = await client.getOrCreateCollection({
    name,
    metadata: {
      "hnsw:space": "cosine",
      ...(call === WRITE_CALL_ROWS ? { "hnsw:sync_threshold": call } : {}),
    },
    embeddingFunction: null as never,
  });
  const legacy = new ChromaVectorStore({
    collectionName: name,
    chromaClientParams: { path: chromaUrl },
    embeddingModel: new EmbedderEmbedding(embedder, 64),
  });
  const write = async (from: number, to: number): Promise<void> => {
    const page = memories.slice(from, to);
    const pageVectors = vectors.slice(from, to);
    switch (variant) {
      case "llamaindex-1000":
        await legacy.add(page.map((m, i) => legacyNode(m, pageVectors[i]!)));
        return;
      case "compact-1000":
      case "compact-5000":
        await collection.add({
          ids: page.map((m) => m.id),
          embeddings: pageVectors,
          metadatas: page.map(toRowMetadata),
        });
        return;
      case "bare-5000":
        await collection.add({ ids: page.map((m) => m.id), embeddings: pageVectors });
        return;
    }
  };
  const perTenThousand: number[] = [];
  const start = performance.now();
  let mark = start;
  for (let at = 0; at < memories.length; at += call) {
    await write(at, Math.min(memories.length, at + call));
    const done = Math.min(memories.length, at + call);
    if (done % REPORT_EVERY === 0 || done === memories.length) {
      perTenThousand.push(elapsedMs(mark) / 1000);
      mark = performance.now();
    }
  }
  const totalSeconds = elapsedMs(start) / 1000;
  const stored = await collection.count();
  if (stored !== memories.length) throw new Error(`${variant}: ${stored} rows stored of ${memories.length}`);
  return { variant, totalSeconds, perTenThousand };
}

await main();
