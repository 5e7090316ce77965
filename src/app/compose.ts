/**
 * The composition root: the one place that builds the assistant's adapters (the state backend and its
 * change feed and event dedupe, the vector index and the bundled Chroma server, Ollama's clients) and
 * services (history, the memory lifecycle, the graph, autosave, the agent), from the config. The
 * entry point (main.ts) starts the interfaces — Slack, the HTTP server, the console chat — on what it
 * returns; the memory CLI composes through compose-cli.ts and the benchmarks through memory-index.ts.
 */
import type { ForgetQuestionStore } from "../core/forget-questions.js";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createFileLogger, createLogger, type Logger } from "../logging/logger.js";
import { AgentService } from "../agent/agent-service.js";
import { AboutMeService } from "../agent/about-me.js";
import { slackMode, type Config, type SlackMode } from "../config/config.js";
import type { MemoryConfig } from "../config/memory-config.js";
import { defaultMemoryConfig } from "../config/settings.js";
import type { EventDedupe } from "../core/event-dedupe.js";
import type { HealthPart } from "../core/health.js";
import { AgentGraph } from "../graph/graph-port.js";
import type { GraphService } from "../graph/graph-service.js";
import { AgentHistory } from "../history/history-port.js";
import { HistoryService, preloadTokenizer } from "../history/index.js";
import { hasModel, probeOllama } from "../llm/ollama-client.js";
import { OllamaLlm } from "../llm/ollama-llm.js";
import { QueuedLlm } from "../llm/queued-llm.js";
import type { MemoryLifecycle } from "../memory/lifecycle/memory-lifecycle.js";
import { JOURNAL_DIR } from "../memory/lifecycle/memory-journal.js";
import { ContentFilter } from "../autosave/content-filter.js";
import { MemoryPipeline } from "../autosave/memory-pipeline.js";
import { AutosaveSettings } from "../autosave/autosave-settings.js";
import { LlmTopicExtractor } from "../autosave/topics-llm.js";
import { GRAPH_STORE_DIR } from "../stores/json-graph-store.js";
import { HISTORY_FOLDER, HISTORY_INDEX_FOLDER } from "../stores/json-history-store.js";
import { USER_SETTINGS_DIR } from "../stores/json-user-settings-store.js";
import { removeStaleTempFiles } from "../util/atomic-file.js";
import { DataDirLock } from "../util/data-dir-lock.js";
import { PRIVATE_DIR_MODE } from "../util/private-files.js";
import { WorkSet } from "../util/work-set.js";
import { createMemoryStack } from "./memory-stack.js";
import { openSharedState } from "./shared-state.js";
import { RetentionSweep } from "./retention-sweep.js";
import type { AuditLog } from "../core/audit.js";
import { appHealthParts } from "./health-parts.js";
import type { Metrics } from "../core/metrics.js";
import { type Exposition, PromMetrics } from "./prom-metrics.js";
import { MeteredLlm, meterStore } from "./metered.js";
import type { JournalStorage } from "../util/journal.js";

export interface ComposeOptions {
  /** Where the app logs; default {@link createAppLogger}. */
  logger?: Logger | undefined;
  /** memory.toml; its defaults when absent. */
  memoryConfig?: MemoryConfig | undefined;
}

/** A step of a stop; a failure is logged and the next step runs. */
export type StopStep = () => Promise<void>;

/** The composed assistant without its interfaces: what the entry point starts Slack, HTTP or the console on. */
export interface App {
  config: Config;
  mode: SlackMode;
  logger: Logger;
  /** DATA_DIR, resolved, created and locked for this process. */
  dataDir: string;
  agent: AgentService;
  /** "What do you know about me" (`/memory about`, App Home). */
  about: AboutMeService;
  /** The one owner of memories' lives (save, search, forget, delete). */
  memory: MemoryLifecycle;
  history: HistoryService;
  graph: GraphService;
  /** Each person's autosave mode, paused conversations and autosave offers (shared state). */
  settings: AutosaveSettings;
  /** Which Slack deliveries are first: this process's memory, or PostgreSQL shared by replicas. */
  dedupe: EventDedupe;
  /** Who touched a memory (the shared state's audit record). */
  audit: AuditLog;
  /** Open "which one should I forget?" questions (shared state): the Slack proposal buttons close them too. */
  forgetQuestions: ForgetQuestionStore;
  /** `[memory.retention]`'s sweep (its timer runs when retention is on). */
  retention: RetentionSweep;
  /** The model queue; undefined when there is no model (local mode offline). */
  llm: QueuedLlm | undefined;
  /** Whether a model answers (Ollama reachable with the chat model). */
  llmOnline: boolean;
  embedderId: string;
  /** `[memory.vector] enabled`: recall by vectors and BM25, or by BM25 alone. */
  recall: "hybrid" | "bm25";
  /** `/healthz` parts: the state backend, the change feed, the vectors, the journal, Ollama. */
  healthParts: HealthPart[];
  /** Where the front ends record (turns, acks); this app's own registry. */
  metrics: Metrics;
  /** The metrics in Prometheus' text format, for `GET /metrics`. */
  scrapeMetrics(): Promise<Exposition>;
  /** Turns being answered (by a front end), so a graceful stop waits for them. */
  turns: WorkSet;
  /**
   * Where the Slack front end keeps its turn inbox: DATA_DIR (a path), or this replica's journal
   * stream in PostgreSQL (shared mode).
   */
  inboxStorage: string | JournalStorage;
  /** Adds a step that {@link stop} runs first (the newest first): a front end stops taking work. */
  onStop(step: StopStep): void;
  /** Adds a step that {@link stop} runs once the work has finished (or the wait timed out), before the stores close. */
  onClose(step: StopStep): void;
  /** Waits for the turns being answered and the background work (autosave, graph extraction, summaries). */
  drain(): Promise<void>;
  /**
   * Graceful stop: the front ends' steps, then a wait (at most SHUTDOWN_TIMEOUT_MS) for {@link drain},
   * then everything closes. What is not finished stays in the journal (and the turn inbox) and is
   * finished by the next start.
   */
  stop(): Promise<void>;
}

/** The app's logger at LOG_LEVEL; in local mode on stderr, so logs don't interleave with the chat's replies. */
export function createAppLogger(config: Config): Logger {
  return createLogger({
    level: config.LOG_LEVEL,
    ...(slackMode(config) === "local" ? { destination: process.stderr, pretty: false } : {}),
  });
}

/** Where a terminal chat's logs go, under DATA_DIR. */
export const CHAT_LOG_FILE = join("logs", "assistant.log");

/**
 * The logger of `npm start`. A chat on a terminal — local mode, stdout a terminal, LOG_LEVEL not set
 * (in the environment or `.env`) — logs to DATA_DIR/logs/assistant.log, and only warnings and errors
 * reach the terminal (stderr, pretty), so the screen holds the conversation. Otherwise (Slack, a pipe,
 * LOG_LEVEL set) {@link createAppLogger}'s JSON lines, for servers. `logFile`: the file, when it is one.
 */
export function chooseAppLogger(
  config: Config,
  options: { terminal: boolean; logLevelSet: boolean },
): { logger: Logger; logFile: string | undefined } {
  if (slackMode(config) !== "local" || !options.terminal || options.logLevelSet)
    return { logger: createAppLogger(config), logFile: undefined };
  const logFile = join(config.DATA_DIR, CHAT_LOG_FILE);
  const logger = createFileLogger({
    level: config.LOG_LEVEL,
    file: logFile,
    terminalFd: 2,
    colorize: process.stderr.isTTY === true,
  });
  return { logger, logFile };
}

/**
 * Builds every part of the assistant from the config. One assistant per DATA_DIR: a second one is
 * refused with one line naming the holder. On failure whatever was started is stopped before the
 * error is rethrown.
 */
export async function composeApp(config: Config, options: ComposeOptions = {}): Promise<App> {
  const mode = slackMode(config);
  const logger = options.logger ?? createAppLogger(config);
  const dataDir = resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const lock = await DataDirLock.acquire(dataDir);
  const closes: StopStep[] = [() => lock.release()];
  const frontEnds: StopStep[] = [];
  const afterWork: StopStep[] = [];
  const run = async (steps: StopStep[]) => {
    for (const step of steps.splice(0).reverse()) {
      await step().catch((err: unknown) => logger.error({ err }, "error while stopping"));
    }
  };
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await run(frontEnds);
      await run(closes);
    })());

  // One registry per app (not prom-client's global one): several apps in one process never collide.
  const metrics = new PromMetrics();

  try {
    // A write killed before its rename leaves a temp file; the file it was replacing is intact.
    for (const folder of [
      HISTORY_FOLDER,
      HISTORY_INDEX_FOLDER,
      GRAPH_STORE_DIR,
      JOURNAL_DIR,
      USER_SETTINGS_DIR,
    ])
      await removeStaleTempFiles(join(dataDir, folder));

    // Ollama: probe once; local mode without it answers from memory alone.
    const probe = await probeOllama(config.OLLAMA_HOST);
    const llmOnline = probe.reachable && hasModel(probe.models, config.OLLAMA_CHAT_MODEL);
    // Local mode without Ollama is a set-up of its own (the chat's banner says so), not a fault.
    if (!probe.reachable)
      logger[mode === "local" ? "info" : "warn"](
        { host: config.OLLAMA_HOST },
        "Ollama is unreachable: the language model is offline",
      );
    else if (!llmOnline)
      logger.warn(
        { model: config.OLLAMA_CHAT_MODEL },
        "Ollama does not have the chat model (ollama pull it)",
      );
    // Every model call (answers, summaries, extraction) waits its turn in one queue of OLLAMA_MAX_PARALLEL.
    const llm: QueuedLlm | undefined =
      llmOnline || mode !== "local"
        ? new QueuedLlm(
            // Timed inside the queue: the model's own time, not the wait for a slot.
            new MeteredLlm(
              new OllamaLlm({
                host: config.OLLAMA_HOST,
                model: config.OLLAMA_CHAT_MODEL,
                timeoutMs: config.LLM_TIMEOUT_MS,
              }),
              metrics,
            ),
            {
              maxParallel: config.OLLAMA_MAX_PARALLEL,
              maxQueue: config.OLLAMA_MAX_QUEUE,
              queueTimeoutMs: config.LLM_QUEUE_TIMEOUT_MS,
              logger,
            },
          )
        : undefined;

    // History, graphs, event dedupe and the change feed: DATA_DIR files, or PostgreSQL (DATABASE_URL).
    const state = await openSharedState({
      config,
      dataDir,
      logger,
      listen: true,
      journals: true,
      journalLeaseMs: config.JOURNAL_LEASE_MS,
    });
    closes.push(() => state.close());
    logger.info({ state: state.mode, changes: state.changes.info.kind }, "shared state opened");

    preloadTokenizer();
    // The change feed's lag: how long after another process's change this one hears it.
    state.changes.subscribe((_change, sentAt) => {
      if (sentAt !== undefined) metrics.changeFeedLag((Date.now() - sentAt) / 1000);
    });
    const history = new HistoryService({
      store: meterStore(state.history, "history", metrics),
      llm,
      logger: logger.child({ component: "history" }),
    });
    closes.push(() => history.stop());

    // The embedder, the vector index of memory.toml (Chroma by default: the configured server, or the
    // chromadb package's own under DATA_DIR), the knowledge graph, and the lifecycle that keeps them
    // consistent.
    const memoryConfig = options.memoryConfig ?? defaultMemoryConfig();
    const stack = await createMemoryStack(config, {
      logger,
      probe,
      llm,
      history,
      journal: state.journals?.memory ?? true,
      memoryConfig,
      graphStores: state.graphs,
      changes: state.changes,
      audit: state.audit,
      pins: state.pins,
      recalls: state.recalls,
      metrics,
    });
    closes.push(() => stack.stop());
    const { lifecycle: memory, graph, labeler, visibility, store, embedder, keywordIndexes } = stack;
    metrics.watch({
      llmQueue: llm ? () => llm.stats() : undefined,
      journalPending: () => memory.pendingOperations,
      bm25Cache: () => ({
        users: keywordIndexes.size,
        bytes: keywordIndexes.bytes,
        evictions: keywordIndexes.evictions,
      }),
    });
    // The memory CLI beside this assistant uses its bundled Chroma rather than starting a second one.
    if (store.info.kind === "chroma" && !config.CHROMA_URL)
      await lock.update({ chromaUrl: store.info.location });

    // Autosave: every message that is not a command is judged after the reply (memory.toml's
    // [memory.filter]; `enabled = false` turns autosave off, leaving "기억해줘" and the tools).
    const { filter, topics } = memoryConfig.memory;
    const pipeline = filter.enabled
      ? new MemoryPipeline({
          memory,
          filter: new ContentFilter(filter),
          labeler,
          modelTopics:
            llm && llmOnline && topics.enabled ? new LlmTopicExtractor({ llm, config: topics }) : undefined,
          settings: state.settings,
          logger,
        })
      : undefined;
    const settings = new AutosaveSettings({ store: state.settings, pipeline, logger });

    const agentGraph = new AgentGraph(graph, visibility);
    // "What do you know about me": in chat, `/memory about` and App Home.
    const about = new AboutMeService({ memory, graph: agentGraph, llm });
    const agent = new AgentService({
      about,
      llm,
      memory,
      graph: agentGraph,
      history: new AgentHistory(history),
      pipeline,
      settings: state.settings,
      forgetQuestions: state.forgetQuestions,
      logger,
    });

    // [memory.retention]: hourly, in one replica at a time; off unless memory.toml sets it.
    const retention = new RetentionSweep({
      memory,
      history,
      state,
      retention: memoryConfig.memory.retention,
      logger: logger.child({ component: "retention" }),
    });
    retention.start();
    closes.push(() => retention.stop());

    const turns = new WorkSet();
    const drain = async () => {
      await turns.drain();
      await agent.drain();
      await memory.drain();
      await graph.drain();
      await history.flush();
    };
    // Run after the front ends' stops: waits for the turns being answered and the background work,
    // then closes what the front ends' work used (the turn inbox); the stores close after.
    closes.push(async () => {
      const started = Date.now();
      const finished = await Promise.race([
        drain().then(() => true),
        new Promise<false>((done) => setTimeout(() => done(false), config.SHUTDOWN_TIMEOUT_MS).unref()),
      ]);
      if (finished) logger.info({ ms: Date.now() - started }, "in-flight work finished");
      else
        logger.warn(
          { turns: turns.size, pending: memory.pendingOperations },
          "shutdown timeout: unfinished work is left to the next start (journal and inbox)",
        );
      await run(afterWork);
    });

    const vectorSearch = stack.memory.vectorSearch;
    return {
      config,
      mode,
      logger,
      dataDir,
      agent,
      about,
      memory,
      history,
      graph,
      settings,
      dedupe: state.dedupe,
      audit: state.audit,
      forgetQuestions: state.forgetQuestions,
      retention,
      llm,
      llmOnline: llm !== undefined && llmOnline,
      embedderId: embedder.id,
      recall: vectorSearch ? "hybrid" : "bm25",
      healthParts: [...state.healthParts, ...appHealthParts({ config, store, memory, llm, vectorSearch })],
      metrics,
      scrapeMetrics: () => metrics.scrape(),
      turns,
      inboxStorage: state.journals?.inbox ?? dataDir,
      onStop: (step) => void frontEnds.push(step),
      onClose: (step) => void afterWork.push(step),
      drain,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
