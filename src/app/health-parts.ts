import type { Config } from "../config/config.js";
import { HEALTH_PROBE_TIMEOUT_MS, type HealthPart } from "../core/health.js";
import type { VectorIndex } from "../core/vector-index.js";
import { probeOllama } from "../llm/ollama-client.js";
import type { QueuedLlm } from "../llm/queued-llm.js";
import type { MemoryLifecycle } from "../memory/lifecycle/memory-lifecycle.js";

/** The `/healthz` parts of the memory and the model (the state backend's come from shared-state.ts). */
export function appHealthParts(parts: {
  config: Config;
  store: Omit<VectorIndex, "upsert" | "delete" | "deleteAll">;
  memory: MemoryLifecycle;
  llm: QueuedLlm | undefined;
  /** `[memory.vector] enabled`: whether recall searches these vectors or BM25 alone. */
  vectorSearch: boolean;
}): HealthPart[] {
  const { config, store, memory, llm } = parts;
  return [
    // The vector index is where memories live: without it the assistant is degraded (503).
    {
      name: "vectors",
      critical: true,
      facts: {
        kind: store.info.kind,
        location: store.info.location,
        metric: store.info.metric,
        efSearch: store.info.efSearch,
        search: parts.vectorSearch ? "hybrid" : "bm25",
      },
      probe: () => store.ping(),
    },
    // The journal is what makes "기억했어요" true during an outage: unusable, nothing can be kept.
    {
      name: "journal",
      critical: true,
      facts: () => ({ pending: memory.pendingOperations }),
      probe: () => memory.journalWritable(),
    },
    // Without Ollama the assistant still answers (from memory, or with an apology): reported only.
    {
      name: "ollama",
      critical: false,
      okKey: "reachable",
      facts: () => ({
        host: config.OLLAMA_HOST,
        chatModel: config.OLLAMA_CHAT_MODEL,
        ...(llm ? { queue: llm.stats() } : {}),
      }),
      probe: async () => (await probeOllama(config.OLLAMA_HOST, HEALTH_PROBE_TIMEOUT_MS)).reachable,
    },
  ];
}
