import { join, resolve } from "node:path";
import type { AuditLog, PinStore, RecallTally } from "../core/audit.js";
import type { Logger } from "../logging/logger.js";
import { slackMode, type Config } from "../config/config.js";
import { AppError } from "../core/errors.js";
import { RERANK_MODEL_ACCEPTS, type MemoryConfig } from "../config/memory-config.js";
import { defaultMemoryConfig } from "../config/settings.js";
import { createChunker } from "../memory/chunking/chunker.js";
import { TopicLabeler } from "../autosave/topic-labeler.js";
import { GraphService } from "../graph/graph-service.js";
import { JsonGraphStores } from "../stores/json-graph-store.js";
import type { Embedder } from "../core/embedder.js";
import type { Llm } from "../core/llm.js";
import { OfflineEmbedder } from "../llm/offline-embedder.js";
import { hasModel, probeOllama } from "../llm/ollama-client.js";
import { OllamaEmbedder } from "../llm/ollama-embedder.js";
import { MemoryJournal } from "../memory/lifecycle/memory-journal.js";
import type { JournalStorage } from "../util/journal.js";
import { MemoryLifecycle, type LifecycleHistory } from "../memory/lifecycle/memory-lifecycle.js";
import type { MemorySearch } from "../memory/search/memory-search.js";
import type { KeywordIndexRegistry } from "../memory/search/keyword-index.js";
import { OllamaLlm } from "../llm/ollama-llm.js";
import {
  LlmReranker,
  ollamaRerankModel,
  RERANK_TIMEOUT_MS,
  type Reranker,
} from "../memory/search/reranker.js";
import { recallSettings } from "../memory/search/embedder-profiles.js";
import type { VectorIndex } from "../core/vector-index.js";
import type { ChangeFeed } from "../stores/change-feed.js";
import type { GraphStores } from "../core/graph-types.js";
import { VisibilityRule } from "../core/visibility.js";
import { composeMemoryIndex } from "./memory-index.js";
import type { Metrics } from "../core/metrics.js";
import { meterEmbedder } from "./metered.js";

/** What `probeOllama` found; passed in when the caller has already probed (compose.ts does, for the LLM). */
export interface OllamaProbe {
  reachable: boolean;
  models: string[];
}

export interface MemoryStackOptions {
  logger: Logger;
  /** Ollama's answer to `/api/tags`; probed here when absent and the embedder choice needs it. */
  probe?: OllamaProbe;
  /** Namespace prefix (default VECTOR_NAMESPACE_PREFIX); the eval uses a fresh one per run. */
  collectionPrefix?: string;
  /** The model that extracts graph facts; without one the rule-based extractor does. */
  llm?: Llm | undefined;
  /** Conversation history, so a forget reaches it and a delete-all can clear it on request. */
  history?: LifecycleHistory | undefined;
  /**
   * Journal every memory operation under DATA_DIR/journal (`true`), or in the given storage (the
   * replica's journal stream in PostgreSQL) — the app: nothing kept is lost to an outage or a crash —
   * and replay what is unfinished at start. Off for the CLI, which reports failures to its operator
   * at once.
   */
  journal?: boolean | JournalStorage;
  /** memory.toml (the chunker for long texts; topics); its defaults when absent. */
  memoryConfig?: MemoryConfig | undefined;
  /** Where graphs live (default: JSON files under DATA_DIR). */
  graphStores?: GraphStores | undefined;
  /**
   * The change feed: this stack publishes every change of a user's memories to it and drops a user's
   * BM25 index when another process changed their memories.
   */
  changes?: ChangeFeed | undefined;
  /**
   * The lifecycle writes the index alone — no graph facts, no chunking, no topic labels: the eval's
   * throw-away namespace and the benchmarks that load memories.
   */
  indexOnly?: boolean | undefined;
  /** The audit record, the pins and the recall tally (the shared state's): the lifecycle keeps them. */
  audit?: AuditLog | undefined;
  pins?: PinStore | undefined;
  recalls?: RecallTally | undefined;
  /** The app's metrics (recall halves, store and embedder failures, saves and forgets); none by default. */
  metrics?: Metrics | undefined;
}

/** The memory part of the app, built from the config: by the app's composition (compose.ts) and the memory CLI's (compose-cli.ts). */
export interface MemoryStack {
  /** The one owner of a memory's life: every save, forget and delete goes through it. */
  lifecycle: MemoryLifecycle;
  /** The read side (vectors + BM25): search, recall, list; it cannot write (the lifecycle does). */
  memory: MemorySearch;
  graph: GraphService;
  /** Topic labels of saved memories (the rules and each user's registry). */
  labeler: TopicLabeler;
  visibility: VisibilityRule;
  /** The per-user BM25 indexes this process holds (their count, bytes and evictions: metrics). */
  keywordIndexes: KeywordIndexRegistry;
  /**
   * Where memories and their vectors live (`[memory.vector] index_type`): its info, health, scans and
   * namespace drop; a memory's save and delete are the lifecycle's alone.
   */
  store: Omit<VectorIndex, "upsert" | "delete" | "deleteAll">;
  embedder: Embedder;
  /** Waits for graph extraction in progress, then stops what the stack started (the local Chroma server, if any). */
  stop(): Promise<void>;
}

/**
 * Builds the embedder (see {@link chooseEmbedder}), the vector index `[memory.vector]` names (for
 * Chroma: the configured server, or the chromadb package's own under `DATA_DIR/chroma`), the
 * search, the graph and the lifecycle. On failure, whatever was started is stopped before the
 * error is rethrown.
 */
export async function createMemoryStack(config: Config, options: MemoryStackOptions): Promise<MemoryStack> {
  const { logger } = options;
  let stopIndex: (() => Promise<void>) | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopping ??= stopIndex ? stopIndex() : Promise.resolve());
  try {
    const memoryConfig = (options.memoryConfig ?? defaultMemoryConfig()).memory;
    const probe =
      options.probe ??
      (config.EMBEDDER === "auto" || memoryConfig.vector.rerank
        ? await probeOllama(config.OLLAMA_HOST)
        : undefined);
    const chosen = await chooseEmbedder(config, probe ?? { reachable: false, models: [] }, logger);
    const metrics = options.metrics;
    const embedder = metrics ? meterEmbedder(chosen, metrics) : chosen;
    checkDimension(embedder, memoryConfig.embeddings.dimension);
    const changes = options.changes;
    const visibility = new VisibilityRule(config.ALLOW_DM_MEMORIES_IN_CHANNELS);
    const recall = recallSettings(embedder.id, memoryConfig.vector);
    const vectorSearch = memoryConfig.vector.enabled;
    logger.info(
      { embedder: embedder.id, vectorSearch, ...recall },
      vectorSearch
        ? "recall settings (embedder profile)"
        : "recall settings: vector search off ([memory.vector] enabled = false), BM25 alone",
    );
    const reranker = chooseReranker(
      config,
      memoryConfig.vector,
      probe ?? { reachable: false, models: [] },
      logger,
    );
    // The journal comes first: the search applies its accepted-but-unstored writes to every BM25 build.
    const journal = options.journal
      ? new MemoryJournal(options.journal === true ? resolve(config.DATA_DIR) : options.journal)
      : undefined;
    const index = await composeMemoryIndex({
      config,
      vector: memoryConfig.vector,
      embedder,
      logger,
      namespacePrefix: options.collectionPrefix,
      // The assistant keeps what each BM25 index was built from under DATA_DIR/bm25 when the store is
      // slow to list (Chroma).
      snapshotsDir: options.journal ? join(resolve(config.DATA_DIR), "bm25") : undefined,
      search: { recall, visibility, pending: journal, ...(reranker ? { reranker } : {}) },
      metrics,
    });
    stopIndex = () => index.stop();
    const { store, search: memory, keywordIndexes } = index;
    // Snapshots left by memories changed while the assistant was stopped are removed now.
    const snapshots = index.keywordIndexes.snapshots;
    if (snapshots && store.version) {
      snapshots
        .sweep((owner) => store.version!(owner))
        .then((removed) => logger.debug({ removed }, "BM25 snapshots checked"))
        .catch((err: unknown) => logger.warn({ err }, "BM25 snapshots could not be checked"));
    }
    const graph = GraphService.create({
      stores: options.graphStores ?? new JsonGraphStores(resolve(config.DATA_DIR)),
      llm: options.llm,
      logger: logger.child({ component: "graph" }),
    });
    const labeler = new TopicLabeler(memoryConfig.topics, memory);
    // Another process (replica, CLI) changed a user's memories: what this one derived from them —
    // the BM25 index, the topic registry, the index's own caches — is out of date.
    changes?.subscribe((change) => {
      memory.invalidateKeywordIndex(change);
      store.invalidate?.(change);
      labeler.forgetUser(change);
    });
    const full = !options.indexOnly;
    const lifecycle = new MemoryLifecycle({
      search: memory,
      store,
      keywordIndexes,
      onMemoriesChanged: changes ? (owner) => void changes.publish(owner) : undefined,
      graph: full ? graph : undefined,
      history: full ? options.history : undefined,
      chunker: full ? createChunker(memoryConfig.chunker, { embedder }) : undefined,
      labeler: full ? labeler : undefined,
      journal,
      excludePatterns: memoryConfig.filter.exclude_patterns,
      audit: options.audit,
      pins: options.pins,
      recalls: options.recalls,
      metrics,
      logger,
    });
    await lifecycle.start();
    const stopAll = async () => {
      await lifecycle.stop();
      await graph.drain();
      await stop();
    };
    return {
      lifecycle,
      memory,
      graph,
      labeler,
      visibility,
      keywordIndexes,
      store,
      embedder,
      stop: stopAll,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * The reranker of `[memory.vector] rerank` / `rerank_model` (`ollama:<model>`, the only form the config
 * accepts with `rerank = true`), or none: rerank off, or Ollama unreachable (offline) or without the
 * model, which is said in one warning here rather than on every recall.
 */
export function chooseReranker(
  config: Config,
  vector: MemoryConfig["memory"]["vector"],
  probe: OllamaProbe,
  logger: Logger,
): Reranker | undefined {
  if (!vector.rerank) return undefined;
  const model = ollamaRerankModel(vector.rerank_model);
  if (model === undefined) {
    throw new AppError(
      "config_invalid",
      `memory.vector.rerank_model: ${RERANK_MODEL_ACCEPTS} (got ${JSON.stringify(vector.rerank_model)})`,
      { details: { key: "memory.vector.rerank_model" } },
    );
  }
  if (!probe.reachable) {
    logger.warn({ host: config.OLLAMA_HOST }, "rerank is off: Ollama is unreachable (offline mode)");
    return undefined;
  }
  if (!hasModel(probe.models, model)) {
    logger.warn({ model }, "rerank is off: Ollama does not have the rerank model (ollama pull it)");
    return undefined;
  }
  logger.info({ model: `ollama:${model}` }, "rerank on");
  return new LlmReranker({
    llm: new OllamaLlm({ host: config.OLLAMA_HOST, model, timeoutMs: RERANK_TIMEOUT_MS }),
    logger,
  });
}

/**
 * `[memory.embeddings] dimension`, when set, is what the operator expects the model to produce (the
 * size their vector columns or collections were planned for): the embedder's first vector (Ollama's
 * dimension probe; the offline embedder's fixed size) must have it. A mismatch stops the start with a
 * configuration error naming the key, rather than filling an index with vectors of another size.
 */
export function checkDimension(embedder: Embedder, dimension: number | undefined): void {
  if (dimension === undefined || embedder.dimension === dimension) return;
  throw new AppError(
    "config_invalid",
    `memory.embeddings.dimension: ${dimension}, but the embedder ${embedder.id} makes ` +
      `${embedder.dimension}-dimensional vectors (set it to ${embedder.dimension}, or leave it out)`,
    { details: { key: "memory.embeddings.dimension", expected: dimension, got: embedder.dimension } },
  );
}

/**
 * EMBEDDER=offline uses the built-in offline embedder; `ollama` always Ollama's embedding model;
 * `auto` Ollama's model when `probe` shows it is there, else the offline embedder.
 */
export async function chooseEmbedder(config: Config, probe: OllamaProbe, logger: Logger): Promise<Embedder> {
  const wantOllama =
    config.EMBEDDER === "ollama" ||
    (config.EMBEDDER === "auto" && probe.reachable && hasModel(probe.models, config.OLLAMA_EMBED_MODEL));
  if (!wantOllama) {
    // Local mode without Ollama is a set-up of its own: the offline embedder is what it runs on.
    if (config.EMBEDDER === "auto")
      logger[slackMode(config) === "local" && !probe.reachable ? "info" : "warn"](
        "using the built-in offline embedder (no Ollama embedding model)",
      );
    return new OfflineEmbedder();
  }
  return OllamaEmbedder.create({
    host: config.OLLAMA_HOST,
    model: config.OLLAMA_EMBED_MODEL,
    timeoutMs: config.EMBED_TIMEOUT_MS,
    batchSize: config.EMBED_BATCH_SIZE,
  });
}
