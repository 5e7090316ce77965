/**
 * Ingest throughput with batch embedding (OllamaEmbedder: one `/api/embed` request per 64 texts) vs
 * per-text embedding (LlamaIndex's OllamaEmbedding: one `/api/embeddings` request per text), both
 * against the fake Ollama with a fixed latency per request, both through the same lifecycle and search into
 * one `[memory.vector]` backend (default a real local Chroma; separate namespaces).
 *
 *   npm run bench:ingest -- [--backend chroma|memory|sqlite-vec|pgvector] [--n 2000] [--latency 5]
 *                           [--rounds 5] [--seed 7]
 *   npm run bench:ingest -- --vectors offline|dense1024|dense768 [--backend chroma] [--n 110000]
 *                           [--rounds 3] [--lance-vector-index]
 *
 * With `--vectors`: bulk ingest of the same rows and vectors into the backend and into LanceDB in the
 * same run (tools/bench/lib/bulk-ingest.ts), no Ollama involved.
 *
 * Prints a table, then, as its last line, one JSON object with every figure. Resident memory at 100k
 * memories is measured by tools/bench/recall.ts.
 */
import { parseArgs } from "node:util";
import { OllamaEmbedder } from "../../src/llm/ollama-embedder.js";
import type { Embedder } from "../../src/core/embedder.js";
import { startFakeOllama } from "../../fixtures/fake-ollama.js";
import { LlamaIndexOllamaEmbedder, TimedEmbedder } from "./lib/embedders.js";
import { SAVE_BATCH_SIZE } from "../../src/cli/batch-save.js";
import { runIngest, type IngestRun } from "./lib/ingest-runner.js";
import { printIngestReport } from "./lib/ingest-report.js";
import { describeMachine, machineInfo } from "./lib/machine.js";
import { backendOption, startBenchBackend } from "./lib/memory-harness.js";
import { createRng } from "./lib/prng.js";
import { ownerMemories, TARGET_SCOPE } from "./lib/recall-dataset.js";
import { generateMemories } from "./lib/synthetic-memories.js";
import { positiveInt } from "./lib/args.js";
import { benchVectors, vectorKindOption } from "./lib/dense-vectors.js";
import { runBulkIngest } from "./lib/bulk-ingest.js";

const DEFAULT_N = 2000;
const DEFAULT_LATENCY_MS = 5;
const DEFAULT_ROUNDS = 5;
const DEFAULT_SEED = 7;
/** Texts per `/api/embed` request, and the store's embedding slice size in both modes. */
export const EMBED_BATCH_SIZE = 64;
const EMBED_MODEL = "nomic-embed-text";
const EMBED_TIMEOUT_MS = 30_000;

/** The two ways of embedding compared. */
export type IngestMode = "batch" | "per-text";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "chroma" },
      n: { type: "string", default: String(DEFAULT_N) },
      latency: { type: "string", default: String(DEFAULT_LATENCY_MS) },
      rounds: { type: "string", default: String(DEFAULT_ROUNDS) },
      seed: { type: "string", default: String(DEFAULT_SEED) },
      vectors: { type: "string" },
      "lance-vector-index": { type: "boolean", default: false },
    },
  });
  const backend = backendOption(values.backend);
  const n = positiveInt(values.n);
  const latencyMs = nonNegativeNumber(values.latency);
  const rounds = positiveInt(values.rounds);
  const machine = machineInfo();
  console.log(`ingest benchmark (${backend}) on ${describeMachine(machine)}`);
  const started = performance.now();
  const rng = createRng(positiveInt(values.seed));
  const inputs = ownerMemories(rng, TARGET_SCOPE, generateMemories(rng, n)).inputs;

  if (values.vectors !== undefined) {
    await runBulkIngest({
      machine,
      backend,
      vectors: benchVectors(vectorKindOption(values.vectors), positiveInt(values.seed)),
      scope: TARGET_SCOPE,
      inputs,
      rounds,
      embedBatchSize: EMBED_BATCH_SIZE,
      lanceVectorIndex: values["lance-vector-index"],
      startedAt: started,
    });
    return;
  }
  const fake = await startFakeOllama();
  const runs: Record<IngestMode, IngestRun[]> = { batch: [], "per-text": [] };
  try {
    fake.setEmbedLatency(latencyMs);
    const embedders: Record<IngestMode, Embedder> = {
      batch: await OllamaEmbedder.create({
        host: fake.url,
        model: EMBED_MODEL,
        timeoutMs: EMBED_TIMEOUT_MS,
        batchSize: EMBED_BATCH_SIZE,
      }),
      "per-text": await LlamaIndexOllamaEmbedder.create({ host: fake.url, model: EMBED_MODEL }),
    };
    const store = await startBenchBackend(backend);
    try {
      for (let round = 0; round < rounds; round++) {
        // Alternate which mode goes first, so neither always runs on a warmer or fuller server.
        const order: IngestMode[] = round % 2 === 0 ? ["batch", "per-text"] : ["per-text", "batch"];
        for (const mode of order) {
          const embedder = new TimedEmbedder(embedders[mode]);
          const memory = await store.open({
            embedder,
            collectionPrefix: `bench_ingest_${mode}_r${round}`,
            embedBatchSize: EMBED_BATCH_SIZE,
          });
          const run = await runIngest({ memory, embedder, fake, scope: TARGET_SCOPE, inputs });
          console.log(
            `round ${round + 1} ${mode}: ${run.rate.toFixed(0)} memories/s, ${run.requestTotal} requests`,
          );
          runs[mode].push(run);
        }
      }
    } finally {
      await store.stop();
    }
  } finally {
    await fake.close();
  }
  printIngestReport({
    machine,
    backend,
    config: { n, latencyMs, rounds, embedBatchSize: EMBED_BATCH_SIZE, saveBatch: SAVE_BATCH_SIZE },
    runs,
    totalMs: performance.now() - started,
  });
}

function nonNegativeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`expected a number ≥ 0, got "${text}"`);
  return value;
}

await main();
