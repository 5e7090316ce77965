import { pathToFileURL } from "node:url";
import type { Logger } from "./logging/logger.js";
import { createAdminApi } from "./admin/admin-api.js";
import { ConsoleSessions } from "./admin/console/sessions.js";
import type { AgentService } from "./agent/agent-service.js";
import { chooseAppLogger, composeApp, createAppLogger } from "./app/compose.js";
import { type Config, slackMode, type SlackMode } from "./config/config.js";
import type { MemoryConfig } from "./config/memory-config.js";
import { loadSettings, type Settings } from "./config/settings.js";
import { LOCAL_USER, runConsoleChat } from "./console/console-chat.js";
import { isAppError } from "./core/errors.js";
import type { GraphService } from "./graph/graph-service.js";
import type { HistoryService } from "./history/index.js";
import { AuthThrottle } from "./http/auth-throttle.js";
import { HttpServer } from "./http/server.js";
import type { QueuedLlm } from "./llm/queued-llm.js";
import type { MemoryLifecycle } from "./memory/lifecycle/memory-lifecycle.js";
import { TurnInbox } from "./slack/inbox.js";
import { replayOpenTurns, retryOpenTurns } from "./slack/respond.js";
import type { RetentionSweep } from "./app/retention-sweep.js";
import { checkSlackToken, createSlackApp, type SlackFrontEnd } from "./slack/slack-app.js";

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
  /** `[memory.retention]`'s sweep (`sweep()` runs one now). */
  retention: RetentionSweep;
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
 * Starts the assistant: checks the Slack token, composes the app (app/compose.ts builds every part
 * from the config), then starts the interfaces on it — the HTTP server (`/healthz`, `/admin/*`, and
 * `/slack/events` in HTTP mode) and the Slack front end (none in local mode) — and returns a handle.
 */
export async function startAssistant(config: Config, options: StartOptions = {}): Promise<Assistant> {
  const logger = options.logger ?? createAppLogger(config);
  // Slack first: a bad token or an unreachable Slack stops the start before anything else runs.
  const slackOptions = {
    botToken: config.SLACK_BOT_TOKEN ?? "",
    apiUrl: config.SLACK_API_URL,
    timeoutMs: config.SLACK_TIMEOUT_MS,
    logger,
  };
  const identity = slackMode(config) === "local" ? undefined : await checkSlackToken(slackOptions);
  const app = await composeApp(config, { logger, memoryConfig: options.memoryConfig });
  const { mode, agent, memory, history, graph } = app;
  try {
    // Slack turns go into a durable inbox, so one acked before a crash is answered after the restart.
    const inbox = identity ? new TurnInbox(app.inboxStorage) : undefined;
    const open = (await inbox?.load()) ?? { turns: [], events: [] };
    if (inbox) app.onClose(() => inbox.close());
    const slack: SlackFrontEnd | undefined = identity
      ? createSlackApp({
          ...slackOptions,
          identity,
          signingSecret: config.SLACK_SIGNING_SECRET,
          appToken: config.SLACK_APP_TOKEN,
          agent,
          inbox,
          turns: app.turns,
          dedupe: app.dedupe,
          memory,
          graph,
          settings: app.settings,
          about: app.about,
          audit: app.audit,
          forgetQuestions: app.forgetQuestions,
          metrics: app.metrics,
        })
      : undefined;
    const teamId = identity?.teamId ?? LOCAL_USER.teamId;

    // The admin API off is local mode's default (a chat for one person), not a fault.
    if (!config.ADMIN_TOKEN)
      logger[mode === "local" ? "info" : "warn"]("ADMIN_TOKEN is not set: the /admin API is off");
    // One count of wrong admin tokens per address, wherever the token is taken.
    const throttle = new AuthThrottle();
    const http = new HttpServer({
      logger,
      slack: slack?.httpListener,
      admin: config.ADMIN_TOKEN
        ? createAdminApi({
            token: config.ADMIN_TOKEN,
            defaultTeam: teamId,
            memory,
            history,
            graph,
            audit: app.audit,
            throttle,
            sessions: new ConsoleSessions(),
          })
        : undefined,
      adminToken: config.ADMIN_TOKEN,
      throttle,
      health: { info: { slack: mode, embedder: app.embedderId }, parts: app.healthParts },
      metrics: { scrape: app.scrapeMetrics, token: config.METRICS_TOKEN },
      onSlackAck: (seconds) => app.metrics.ack("http", seconds),
    });
    const port = await http.listen(config.HOST, config.PORT);
    app.onStop(() => http.close());
    if (slack) {
      await slack.start();
      app.onStop(() => slack.stop());
      // What answers a turn again: after a restart (the turns left open) and while running.
      const runner = {
        app: slack.app,
        agent,
        logger,
        inbox,
        turns: app.turns,
        metrics: app.metrics,
        zones: slack.zones,
      };
      if (open.turns.length + open.events.length > 0) {
        logger.warn(
          { turns: open.turns.length, events: open.events.length },
          "turns left unanswered by a restart: answering them",
        );
        void app.turns.track(replayOpenTurns({ ...runner, open }));
      }
      const retries = retryOpenTurns({ ...runner, everyMs: config.OPEN_TURN_RETRY_MS });
      app.onStop(() => retries.stop());
    }
    logger.info(
      { mode, port, llmOnline: app.llmOnline, embedder: app.embedderId, recall: app.recall },
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
      retention: app.retention,
      llmOnline: app.llmOnline,
      llmQueue: app.llm,
      embedderId: app.embedderId,
      drain: app.drain,
      stop: app.stop,
    };
  } catch (err) {
    await app.stop();
    throw err;
  }
}

/**
 * The local chat's start-up, three lines: what it is and whether a model answers; where the data, the
 * log and the health check are; how to start and to leave.
 */
function banner(assistant: Assistant, config: Config, logFile: string | undefined): string[] {
  const model = assistant.llmOnline
    ? `Language model: ${config.OLLAMA_CHAT_MODEL} (Ollama).`
    : "Language model: OFFLINE (Ollama unreachable), answering from memory.";
  return [
    `Slack memory assistant — local mode (no SLACK_BOT_TOKEN). ${model}`,
    `Data: ${config.DATA_DIR} · log: ${logFile ?? "stderr"} · health: ${assistant.url}/healthz`,
    'Try "기억해줘: 또리 생일은 10월 27일이야", then "또리 생일 언제야?" · /help · /quit to leave',
  ];
}

async function main(): Promise<void> {
  let assistant: Assistant;
  let settings: Settings;
  let logFile: string | undefined;
  try {
    settings = await loadSettings(process.env);
    const chosen = chooseAppLogger(settings.config, {
      terminal: process.stdout.isTTY === true,
      logLevelSet: Boolean(settings.env["LOG_LEVEL"]?.trim()),
    });
    logFile = chosen.logFile;
    assistant = await startAssistant(settings.config, {
      logger: chosen.logger,
      memoryConfig: settings.memory,
    });
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
      banner: banner(assistant, settings.config, logFile),
      joinPastes: process.stdin.isTTY === true,
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
