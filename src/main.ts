import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Logger } from "./logging/logger.js";
import { createAdminApi } from "./admin/admin-api.js";
import { AgentService } from "./agent/agent-service.js";
import { type Config, slackMode, type SlackMode } from "./config/config.js";
import type { MemoryConfig } from "./config/memory-config.js";
import { defaultMemoryConfig, loadSettings, type Settings } from "./config/settings.js";
import { LOCAL_USER, runConsoleChat } from "./console/console-chat.js";
import { isAppError } from "./core/errors.js";
import { AgentGraph } from "./graph/graph-port.js";
import type { GraphService } from "./graph/graph-service.js";
import { AgentHistory } from "./history/history-port.js";
import { HistoryService, preloadTokenizer } from "./history/index.js";
import { HEALTH_PROBE_TIMEOUT_MS } from "./http/health.js";
import { HttpServer } from "./http/server.js";
import { hasModel, probeOllama } from "./llm/ollama-client.js";
import { OllamaLlm } from "./llm/ollama-llm.js";
import { QueuedLlm } from "./llm/queued-llm.js";
import { createLogger } from "./logging/logger.js";
import type { MemoryLifecycle } from "./memory/lifecycle/memory-lifecycle.js";
import { createMemoryStack } from "./app/memory-stack.js";
import { ContentFilter } from "./autosave/content-filter.js";
import { MemoryPipeline } from "./autosave/memory-pipeline.js";
import { LlmTopicExtractor } from "./autosave/topics-llm.js";
import { GRAPH_STORE_DIR } from "./stores/json-graph-store.js";
import { HISTORY_FOLDER, HISTORY_INDEX_FOLDER } from "./stores/json-history-store.js";
import { JOURNAL_DIR } from "./memory/lifecycle/memory-journal.js";
import { removeStaleTempFiles } from "./util/atomic-file.js";
import { checkSlackToken, createSlackApp, type SlackFrontEnd } from "./slack/slack-app.js";
import type { SlackIdentity } from "./slack/slack-auth.js";
import { TurnInbox } from "./slack/inbox.js";
import { replayOpenTurns } from "./slack/respond.js";
import { openSharedState } from "./app/shared-state.js";
import { DataDirLock } from "./util/data-dir-lock.js";
import { PRIVATE_DIR_MODE } from "./util/private-files.js";
import { AuthThrottle } from "./http/auth-throttle.js";
import { WorkSet } from "./util/work-set.js";

/** A running assistant: what tests and `main()` need to reach and to stop it. */
export interface Assistant {
  mode: SlackMode;
  port: number;
  url: string;
  agent: AgentService;
  /** The one owner of memories' lives (save, search, forget, delete). */
  memory: MemoryLifecycle;
  history: HistoryService;
  graph: GraphService;
  llmOnline: boolean;
  /** The model queue (`stats()` for health); undefined when there is no model (local mode offline). */
  llmQueue: QueuedLlm | undefined;
  embedderId: string;
  /** Waits for background work (summaries, graph extraction) to finish. */
  drain(): Promise<void>;
  /**
   * Graceful stop: takes no new events, waits (at most SHUTDOWN_TIMEOUT_MS) for the turns being
   * answered and the background work (autosave, graph extraction, summaries), then closes everything.
   * What is not finished stays in the journal and the turn inbox and is finished by the next start.
   */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** memory.toml; its defaults when absent. */
  memoryConfig?: MemoryConfig;
}

/**
 * The composition root: builds every part from the config, starts the HTTP server and the Slack
 * front end (or none in local mode), and returns a handle. Nothing else reads the environment.
 */
export async function startAssistant(config: Config, options: StartOptions = {}): Promise<Assistant> {
  const mode = slackMode(config);
  // In local mode the terminal is the chat: logs go to stderr so they don't interleave with replies.
  const logger =
    options.logger ??
    createLogger({
      level: config.LOG_LEVEL,
      ...(mode === "local" ? { destination: process.stderr, pretty: false } : {}),
    });
  const dataDir = resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // One assistant per DATA_DIR (a second one is refused with one line naming the holder).
  const lock = await DataDirLock.acquire(dataDir);
  const stops: Array<() => Promise<void>> = [() => lock.release()];
  const replays = new Set<Promise<void>>();
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      await stop().catch((err: unknown) => logger.error({ err }, "error while stopping"));
    }
  };

  try {
    // A write killed before its rename leaves a temp file; the file it was replacing is intact.
    for (const folder of [HISTORY_FOLDER, HISTORY_INDEX_FOLDER, GRAPH_STORE_DIR, JOURNAL_DIR])
      await removeStaleTempFiles(join(dataDir, folder));
    // Slack first: a bad token or an unreachable Slack stops the start before anything else runs.
    const slackOptions = {
      botToken: config.SLACK_BOT_TOKEN ?? "",
      apiUrl: config.SLACK_API_URL,
      timeoutMs: config.SLACK_TIMEOUT_MS,
      logger,
    };
    const slackIdentity: SlackIdentity | undefined =
      mode === "local" ? undefined : await checkSlackToken(slackOptions);

    // Ollama: probe once; local mode without it answers from memory alone.
    const probe = await probeOllama(config.OLLAMA_HOST);
    const llmOnline = probe.reachable && hasModel(probe.models, config.OLLAMA_CHAT_MODEL);
    if (!probe.reachable)
      logger.warn({ host: config.OLLAMA_HOST }, "Ollama is unreachable: the language model is offline");
    else if (!llmOnline)
      logger.warn(
        { model: config.OLLAMA_CHAT_MODEL },
        "Ollama does not have the chat model (ollama pull it)",
      );
    // Every model call (answers, summaries, extraction) waits its turn in one queue of OLLAMA_MAX_PARALLEL.
    const llm: QueuedLlm | undefined =
      llmOnline || mode !== "local"
        ? new QueuedLlm(
            new OllamaLlm({
              host: config.OLLAMA_HOST,
              model: config.OLLAMA_CHAT_MODEL,
              timeoutMs: config.LLM_TIMEOUT_MS,
            }),
            {
              maxParallel: config.OLLAMA_MAX_PARALLEL,
              maxQueue: config.OLLAMA_MAX_QUEUE,
              queueTimeoutMs: config.LLM_QUEUE_TIMEOUT_MS,
              logger,
            },
          )
        : undefined;

    // History, graphs, event dedupe and the change feed: DATA_DIR files, or PostgreSQL (DATABASE_URL).
    const state = await openSharedState({ config, dataDir, logger, listen: true });
    stops.push(() => state.close());
    logger.info({ state: state.mode, changes: state.changes.info.kind }, "shared state opened");

    preloadTokenizer();
    const history = new HistoryService({
      store: state.history,
      llm,
      logger: logger.child({ component: "history" }),
    });
    stops.push(() => history.stop());

    // The embedder, the vector index of memory.toml (Chroma by default: the configured server, or the
    // chromadb package's own under DATA_DIR), the knowledge graph, and the lifecycle that keeps them
    // consistent.
    const memoryConfig = options.memoryConfig ?? defaultMemoryConfig();
    const stack = await createMemoryStack(config, {
      logger,
      probe,
      llm,
      history,
      journal: true,
      memoryConfig,
      graphStores: state.graphs,
      changes: state.changes,
    });
    stops.push(() => stack.stop());
    const { lifecycle: memory, graph, labeler, visibility, store, embedder } = stack;
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
          logger,
        })
      : undefined;

    const agent = new AgentService({
      llm,
      memory,
      graph: new AgentGraph(graph, visibility),
      history: new AgentHistory(history),
      pipeline,
      logger,
    });
    // Slack turns go into a durable inbox, so one acked before a crash is answered after the restart.
    const inbox = slackIdentity ? new TurnInbox(dataDir) : undefined;
    const open = (await inbox?.load()) ?? { turns: [], events: [] };
    if (inbox) stops.push(() => inbox.close());

    // Stops run last-in first-out: Slack and HTTP stop taking events first, then this waits for the
    // turns being answered and the background work, then the inbox and the stores close.
    const turns = new WorkSet();
    const drain = async () => {
      await Promise.all([...replays]);
      await turns.drain();
      await agent.drain();
      await memory.drain();
      await graph.drain();
      await history.flush();
    };
    stops.push(async () => {
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
    });
    const slack: SlackFrontEnd | undefined = slackIdentity
      ? createSlackApp({
          ...slackOptions,
          identity: slackIdentity,
          signingSecret: config.SLACK_SIGNING_SECRET,
          appToken: config.SLACK_APP_TOKEN,
          agent,
          inbox,
          turns,
          dedupe: state.dedupe,
          memory,
          graph,
        })
      : undefined;
    const teamId = slackIdentity?.teamId ?? LOCAL_USER.teamId;

    if (!config.ADMIN_TOKEN) logger.warn("ADMIN_TOKEN is not set: the /admin API is off");
    // One count of wrong admin tokens per address, wherever the token is taken.
    const throttle = new AuthThrottle();
    const http = new HttpServer({
      logger,
      slack: slack?.httpListener,
      admin: config.ADMIN_TOKEN
        ? createAdminApi({ token: config.ADMIN_TOKEN, defaultTeam: teamId, memory, history, graph, throttle })
        : undefined,
      adminToken: config.ADMIN_TOKEN,
      throttle,
      health: {
        info: { slack: mode, embedder: embedder.id },
        parts: [
          ...state.healthParts,
          // The vector index is where memories live: without it the assistant is degraded (503).
          {
            name: "vectors",
            critical: true,
            facts: {
              kind: store.info.kind,
              location: store.info.location,
              metric: store.info.metric,
              efSearch: store.info.efSearch,
              // `[memory.vector] enabled`: whether recall searches these vectors or BM25 alone.
              search: stack.memory.vectorSearch ? "hybrid" : "bm25",
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
        ],
      },
    });
    const port = await http.listen(config.HOST, config.PORT);
    stops.push(() => http.close());
    if (slack) {
      await slack.start();
      stops.push(() => slack.stop());
      if (open.turns.length + open.events.length > 0) {
        logger.warn(
          { turns: open.turns.length, events: open.events.length },
          "turns left unanswered by a restart: answering them",
        );
        replays.add(
          replayOpenTurns({ open, app: slack.app, agent, logger, inbox, turns }).finally(() =>
            replays.clear(),
          ),
        );
      }
    }
    logger.info(
      { mode, port, llmOnline, embedder: embedder.id, recall: stack.memory.vectorSearch ? "hybrid" : "bm25" },
      "assistant started",
    );

    return {
      mode,
      port,
      url: `http://${config.HOST}:${port}`,
      agent,
      memory,
      history,
      graph,
      llmOnline: llm !== undefined && llmOnline,
      llmQueue: llm,
      embedderId: embedder.id,
      drain,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function banner(assistant: Assistant): string[] {
  return [
    "",
    "Slack memory assistant — local mode (no SLACK_BOT_TOKEN set)",
    assistant.llmOnline
      ? "Language model: online."
      : "Language model: OFFLINE (Ollama unreachable). I still remember what you ask me to and answer from memory.",
    `Embeddings: ${assistant.embedderId}. Admin/health: ${assistant.url}/healthz`,
    'Try: "기억해줘: 또리 생일은 10월 27일이야", then "또리 생일 언제야?". /quit to leave.',
    "To connect Slack, see README.md (Slack app setup).",
    "",
  ];
}

async function main(): Promise<void> {
  let assistant: Assistant;
  try {
    const settings: Settings = await loadSettings(process.env);
    assistant = await startAssistant(settings.config, { memoryConfig: settings.memory });
  } catch (err) {
    // A configuration error is one whether the file's values (loadSettings) or what they mean together
    // at start (pgvector without DATABASE_URL, a dimension the model does not produce) refuse it.
    if (isAppError(err, "config_invalid")) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await assistant.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  if (assistant.mode === "local") {
    await runConsoleChat({
      agent: assistant.agent,
      input: process.stdin,
      output: process.stdout,
      banner: banner(assistant),
    });
    await shutdown(0);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err: unknown) => {
    process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
