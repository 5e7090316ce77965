/** One timed ingest: N memories saved the way `memory import` saves them, embedding requests counted. */
import { saveInBatches } from "../../../src/cli/batch-save.js";
import type { SaveInput } from "../../../src/memory/lifecycle/save-input.js";
import type { MemoryScope } from "../../../src/core/types.js";
import type { FakeOllama } from "../../../fixtures/fake-ollama.js";
import type { TimedEmbedder } from "./embedders.js";
import type { BenchMemory } from "./memory-harness.js";
import { elapsedMs } from "./stats.js";

/** What one ingest run measured. */
export interface IngestRun {
  memories: number;
  ms: number;
  /** Memories per second, end to end (embedding, splitting, Chroma writes, BM25). */
  rate: number;
  /** Wall time spent inside the embedder. */
  embedMs: number;
  /** Embedding HTTP requests the fake Ollama received, by path. */
  requests: Record<string, number>;
  requestTotal: number;
  /** Rows in the store's collection afterwards (should equal `memories`). */
  storedRows: number;
}

/** Saves `inputs` for `scope` and measures the run. */
export async function runIngest(options: {
  memory: BenchMemory;
  embedder: TimedEmbedder;
  fake: FakeOllama;
  scope: MemoryScope;
  inputs: SaveInput[];
}): Promise<IngestRun> {
  const { memory, embedder, fake, scope, inputs } = options;
  const requestsBefore = fake.embedRequests().length;
  embedder.embedMs = 0;
  const start = performance.now();
  await saveInBatches({
    memory: memory.lifecycle,
    teamId: scope.teamId,
    rows: inputs.map((input) => ({ userId: scope.userId, input })),
  });
  const ms = elapsedMs(start);
  const requests: Record<string, number> = {};
  for (const request of fake.embedRequests().slice(requestsBefore)) {
    requests[request.path] = (requests[request.path] ?? 0) + 1;
  }
  return {
    memories: inputs.length,
    ms,
    rate: (inputs.length / ms) * 1000,
    embedMs: embedder.embedMs,
    requests,
    requestTotal: Object.values(requests).reduce((a, b) => a + b, 0),
    storedRows: await memory.store.count(scope),
  };
}
