/** Prints the ingest benchmark's table and its final JSON line. */
import type { IndexType } from "../../../src/config/memory-config.js";
import type { IngestRun } from "./ingest-runner.js";
import { printRunEnd, type MachineInfo } from "./machine.js";
import { median, round } from "./stats.js";
import { fixed, markdownTable } from "./table.js";

/** Target: batch embedding ingests at least this many times as fast as per-text embedding. */
export const TARGET_INGEST_SPEEDUP = 5;

type Mode = "batch" | "per-text";

/** Medians of one mode's rounds. */
interface ModeSummary {
  rate: number;
  seconds: number;
  embedSeconds: number;
  requests: Record<string, number>;
  requestTotal: number;
  storedRows: number;
}

function summarizeMode(runs: IngestRun[]): ModeSummary {
  const last = runs.at(-1);
  return {
    rate: median(runs.map((r) => r.rate)),
    seconds: median(runs.map((r) => r.ms)) / 1000,
    embedSeconds: median(runs.map((r) => r.embedMs)) / 1000,
    // Request counts are the same every round; the last round's are shown.
    requests: last?.requests ?? {},
    requestTotal: last?.requestTotal ?? 0,
    storedRows: last?.storedRows ?? 0,
  };
}

/** Prints the comparison table, the target and the JSON line (last). */
export function printIngestReport(options: {
  machine: MachineInfo;
  backend: IndexType;
  config: { n: number; latencyMs: number; rounds: number; embedBatchSize: number; saveBatch: number };
  runs: Record<Mode, IngestRun[]>;
  totalMs: number;
}): void {
  const { config } = options;
  const modes: Mode[] = ["batch", "per-text"];
  const summary = {
    batch: summarizeMode(options.runs.batch),
    "per-text": summarizeMode(options.runs["per-text"]),
  };
  const speedup = summary.batch.rate / summary["per-text"].rate;
  const label: Record<Mode, string> = {
    batch: `OllamaEmbedder, /api/embed × ${config.embedBatchSize}`,
    "per-text": "LlamaIndex OllamaEmbedding, /api/embeddings × 1",
  };
  console.log(
    `\nIngest of ${config.n} memories into ${options.backend}, fake Ollama latency ${config.latencyMs} ms/request, ` +
      `median of ${config.rounds} rounds\n`,
  );
  console.log(
    markdownTable(
      ["mode", "memories/s", "total s", "in embed s", "embed share", "embedding requests", "rows stored"],
      modes.map((mode) => {
        const s = summary[mode];
        return [
          label[mode],
          fixed(s.rate, 0),
          fixed(s.seconds, 2),
          fixed(s.embedSeconds, 2),
          `${fixed((100 * s.embedSeconds) / s.seconds, 0)}%`,
          Object.entries(s.requests)
            .map(([path, count]) => `${count} ${path}`)
            .join(", "),
          String(s.storedRows),
        ];
      }),
    ),
  );
  const met = speedup >= TARGET_INGEST_SPEEDUP;
  console.log(
    `\nSpeedup (batch / per-text): ${fixed(speedup)}× — target ≥ ${TARGET_INGEST_SPEEDUP}×: ${met ? "met" : "NOT met"}`,
  );
  const loadAtEnd = printRunEnd(options.totalMs);
  console.log(
    JSON.stringify({
      benchmark: "ingest",
      backend: options.backend,
      machine: options.machine,
      config,
      batch: roundSummary(summary.batch),
      perText: roundSummary(summary["per-text"]),
      speedup: round(speedup, 2),
      target: { speedup: TARGET_INGEST_SPEEDUP, met },
      rounds: {
        batch: options.runs.batch.map((r) => round(r.rate, 1)),
        perText: options.runs["per-text"].map((r) => round(r.rate, 1)),
      },
      totalSeconds: round(options.totalMs / 1000, 1),
      loadAverageAtEnd: loadAtEnd,
    }),
  );
}

function roundSummary(s: ModeSummary): ModeSummary {
  return { ...s, rate: round(s.rate, 1), seconds: round(s.seconds), embedSeconds: round(s.embedSeconds) };
}
