/**
 * Bulk ingest beside LanceDB (`bench:ingest --vectors ...`): the same rows with the same vectors
 * (offline embedder or dense, tools/bench/lib/dense-vectors.ts) into the project's backend — through
 * `memory import`'s path, saveInBatches → MemoryLifecycle.saveMany (vector store and BM25) — and into
 * LanceDB (lance-peer.ts), alternating which goes first, a fresh backend and a fresh LanceDB
 * directory each round. Both sides call the same embedder inside the timed span.
 */
import { saveInBatches, SAVE_BATCH_SIZE } from "../../../src/cli/batch-save.js";
import type { IndexType } from "../../../src/config/memory-config.js";
import type { SaveInput } from "../../../src/memory/lifecycle/save-input.js";
import type { MemoryScope } from "../../../src/core/types.js";
import type { BenchVectors } from "./dense-vectors.js";
import { TimedEmbedder } from "./embedders.js";
import { lanceIngest, type LanceIngest } from "./lance-peer.js";
import { printRunEnd, type MachineInfo } from "./machine.js";
import { startBenchBackend } from "./memory-harness.js";
import { readMemory } from "./memory-usage.js";
import { processMemory } from "./process-memory.js";
import { elapsedMs, median, round } from "./stats.js";
import { fixed, markdownTable } from "./table.js";

/** Target: the default backend's bulk ingest within this many times LanceDB's, same run. */
export const TARGET_INGEST_VS_LANCEDB = 2;

/** One ingest into the project's backend. */
export interface BackendIngest {
  rows: number;
  ms: number;
  embedMs: number;
  storedRows: number;
  /** This process after GC, and the backend's server (Chroma's) if it has one, MiB. */
  rssMiB: number;
  serverRssMiB: number | null;
}

export async function runBulkIngest(options: {
  machine: MachineInfo;
  backend: IndexType;
  vectors: BenchVectors;
  scope: MemoryScope;
  inputs: SaveInput[];
  rounds: number;
  embedBatchSize: number;
  lanceVectorIndex: boolean;
  startedAt: number;
}): Promise<void> {
  const { backend, vectors, scope, inputs } = options;
  const ours: BackendIngest[] = [];
  const lance: LanceIngest[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? (["backend", "lancedb"] as const) : (["lancedb", "backend"] as const);
    for (const side of order) {
      if (side === "lancedb") {
        const run = await lanceIngest({
          embedder: vectors.embedder,
          scope,
          inputs,
          pageSize: SAVE_BATCH_SIZE,
          embedBatchSize: options.embedBatchSize,
          vectorIndex: options.lanceVectorIndex,
        });
        console.log(
          `round ${round + 1} lancedb: ${fixed(run.ms / 1000, 2)} s (embed ${fixed(run.embedMs / 1000, 2)}, ` +
            `add ${fixed(run.addMs / 1000, 2)}, FTS index ${fixed(run.ftsIndexMs / 1000, 2)} s` +
            (run.vectorIndexMs === null
              ? ""
              : `; IVF-PQ index ${fixed(run.vectorIndexMs / 1000, 1)} s more`) +
            `), ${run.storedRows} rows`,
        );
        lance.push(run);
      } else {
        const run = await backendIngest({ ...options, round });
        console.log(
          `round ${round + 1} ${backend}: ${fixed(run.ms / 1000, 2)} s (embed ${fixed(run.embedMs / 1000, 2)} s), ` +
            `${run.storedRows} rows, rss ${fixed(run.rssMiB, 0)} MiB` +
            (run.serverRssMiB === null ? "" : `, server rss ${fixed(run.serverRssMiB, 0)} MiB`),
        );
        ours.push(run);
      }
    }
  }
  const ourMs = median(ours.map((r) => r.ms));
  const lanceMs = median(lance.map((r) => r.ms));
  const ratio = ourMs / lanceMs;
  const perRowUs = (median(ours.map((r) => r.ms - r.embedMs)) * 1000) / inputs.length;
  console.log(
    `\nBulk ingest of ${inputs.length} memories (${vectors.kind} vectors, ${vectors.dimension}-d), ` +
      `median of ${options.rounds} rounds, both sides embedding with the same embedder inside the span:\n`,
  );
  console.log(
    markdownTable(
      ["store", "seconds", "embed s", "store µs/row (excl. embed)", "rss MiB", "server rss MiB"],
      [
        [
          `${backend} (saveInBatches → saveMany)`,
          fixed(ourMs / 1000, 2),
          fixed(median(ours.map((r) => r.embedMs)) / 1000, 2),
          fixed(perRowUs, 0),
          fixed(median(ours.map((r) => r.rssMiB)), 0),
          ours[0]?.serverRssMiB === null ? "–" : fixed(median(ours.map((r) => r.serverRssMiB ?? 0)), 0),
        ],
        [
          "LanceDB (add per page + FTS index)",
          fixed(lanceMs / 1000, 2),
          fixed(median(lance.map((r) => r.embedMs)) / 1000, 2),
          fixed((median(lance.map((r) => r.ms - r.embedMs)) * 1000) / inputs.length, 0),
          "",
          "",
        ],
      ],
    ),
  );
  const met = ratio <= TARGET_INGEST_VS_LANCEDB;
  console.log(
    `\n${backend} / LanceDB: ${fixed(ratio, 2)}× (target ≤ ${TARGET_INGEST_VS_LANCEDB}×: ${met ? "met" : "NOT met"})`,
  );
  const loadAtEnd = printRunEnd(performance.now() - options.startedAt);
  console.log(
    JSON.stringify({
      benchmark: "ingest-bulk",
      backend,
      vectors: vectors.kind,
      dimension: vectors.dimension,
      machine: options.machine,
      config: {
        n: inputs.length,
        rounds: options.rounds,
        saveBatch: SAVE_BATCH_SIZE,
        embedBatchSize: options.embedBatchSize,
      },
      backendRuns: ours.map((r) => ({
        ...r,
        ms: round(r.ms, 0),
        embedMs: round(r.embedMs, 0),
        rssMiB: round(r.rssMiB, 0),
      })),
      lanceRuns: lance.map((r) => ({
        ...r,
        ms: round(r.ms, 0),
        embedMs: round(r.embedMs, 0),
        addMs: round(r.addMs, 0),
        ftsIndexMs: round(r.ftsIndexMs, 0),
      })),
      backendSeconds: round(ourMs / 1000, 2),
      lanceSeconds: round(lanceMs / 1000, 2),
      storeMicrosPerRow: round(perRowUs, 0),
      ratio: round(ratio, 2),
      targetMet: met,
      loadAverageAtEnd: loadAtEnd,
    }),
  );
}

async function backendIngest(options: {
  backend: IndexType;
  vectors: BenchVectors;
  scope: MemoryScope;
  inputs: SaveInput[];
  embedBatchSize: number;
  round: number;
}): Promise<BackendIngest> {
  const store = await startBenchBackend(options.backend);
  try {
    const embedder = new TimedEmbedder(options.vectors.embedder);
    const memory = await store.open({
      embedder,
      collectionPrefix: `bench_bulk_r${options.round}`,
      embedBatchSize: options.embedBatchSize,
    });
    const start = performance.now();
    await saveInBatches({
      memory: memory.lifecycle,
      teamId: options.scope.teamId,
      rows: options.inputs.map((input) => ({ userId: options.scope.userId, input })),
    });
    const ms = elapsedMs(start);
    const storedRows = await memory.store.count(options.scope);
    const rssMiB = readMemory().rssMiB;
    const serverRssMiB = store.serverPid === undefined ? null : processMemory(store.serverPid).rssMiB;
    return { rows: options.inputs.length, ms, embedMs: embedder.embedMs, storedRows, rssMiB, serverRssMiB };
  } finally {
    await store.stop();
  }
}
