import type { RequestListener } from "node:http";
import { App, HTTPReceiver, type ReceiverEvent, SocketModeReceiver, webApi } from "@slack/bolt";
import type { ExtendedErrorHandlerArgs } from "@slack/bolt/dist/App.js";
import type { Logger } from "../logging/logger.js";
import type { TurnHandler } from "../agent/turn-handler.js";
import type { AuditLog } from "../core/audit.js";
import type { ForgetQuestionStore } from "../core/forget-questions.js";
import type { SlackAboutPort } from "./about-blocks.js";
import { boltLogger } from "../logging/bolt-logger.js";
import { register as registerAppMention } from "./listeners/app-mention.js";
import { register as registerAppHome } from "./listeners/app-home.js";
import { register as registerForgetProposal } from "./listeners/forget-proposal.js";
import { PendingForgets } from "../agent/pending-forgets.js";
import { register as registerAutosaveUndo } from "./listeners/autosave-undo.js";
import { register as registerReactionRemoved } from "./listeners/reaction-removed.js";
import { createAssistantPanel } from "./listeners/assistant-panel.js";
import { register as registerMemoryCommand } from "./listeners/memory-command.js";
import { register as registerRememberShortcut } from "./listeners/remember-shortcut.js";
import { register as registerAutosaveOffer } from "./listeners/autosave-offer.js";
import type { SlackSettingsPort } from "./settings-blocks.js";
import type { SlackGraphPort, SlackMemoryPort } from "./memory-blocks.js";
import { UserTimeZones } from "./user-zones.js";
import { register as registerDirectMessage } from "./listeners/direct-message.js";
import { guardSlackEvents } from "./events-guard.js";
import type { EventDedupe } from "../core/event-dedupe.js";
import { dedupeMiddleware } from "./middleware/dedupe.js";
import type { WorkSet } from "../util/work-set.js";
import type { TurnInbox } from "./inbox.js";
import { authTest, type SlackIdentity } from "./slack-auth.js";
import { type Metrics, secondsSince } from "../core/metrics.js";
import { AckFirstScheduler } from "./ack-first.js";

/**
 * Retries of one Web API call: a few, within 10 s, instead of the client's default of 10 over about
 * 30 minutes (a turn would wait that long for Slack, and a start against an unreachable Slack would
 * fill the log for as long). A call that timed out (`SLACK_TIMEOUT_MS`) is not sent again: Slack may
 * have done it and only answered late, and a second `chat.postMessage` would show the reply twice. The
 * reply's own repost looks first (respond.ts `alreadyAnswered`).
 */
export const SLACK_RETRY = {
  retries: 2,
  maxRetryTime: 10_000,
  onFailedAttempt: (error: Error): void => {
    if (timedOut(error)) throw error;
  },
} as const;

/** Whether a failed Web API call gave up waiting for Slack's answer (the client's `timeout`). */
function timedOut(error: Error): boolean {
  const original = (error as { original?: unknown }).original;
  return original instanceof Error && (original.name === "TimeoutError" || original.name === "AbortError");
}

export interface SlackAppOptions {
  botToken: string;
  /** HTTP mode: verifies `x-slack-signature` on `POST /slack/events`. */
  signingSecret?: string | undefined;
  /** Socket Mode when set. */
  appToken?: string | undefined;
  /** Web API base URL (tests, proxies); Slack's own when unset. */
  apiUrl?: string | undefined;
  /** Upper bound on one Web API request (`SLACK_TIMEOUT_MS`). */
  timeoutMs: number;
  agent: TurnHandler;
  logger: Logger;
  /** The durable inbox of turns (crash safety, and dedupe across restarts). */
  inbox?: TurnInbox | undefined;
  /** Turns being answered, so a graceful stop waits for them. */
  turns?: WorkSet | undefined;
  /**
   * Which deliveries (events, and in HTTP mode signed commands and interactions) are first: this
   * process's memory or PostgreSQL shared by replicas.
   */
  dedupe: EventDedupe;
  /**
   * The memory lifecycle and the graph, for the surfaces that show and edit memories directly (App
   * Home, `/memory`, the "Remember this" shortcut); without them only the chat surfaces run.
   */
  memory?: SlackMemoryPort | undefined;
  graph?: SlackGraphPort | undefined;
  /** Autosave on/off/ask and paused conversations: shown and changed in App Home and `/memory`. */
  settings?: SlackSettingsPort | undefined;
  /** "What do you know about me": `/memory about` and the top of App Home. */
  about?: SlackAboutPort | undefined;
  /** The audit record: each person's "Recent changes" in App Home. */
  audit?: Pick<AuditLog, "page"> | undefined;
  /** Open forget questions (the agent's): a forget proposal's buttons close the one their reply asked. */
  forgetQuestions?: ForgetQuestionStore | undefined;
  /** Turns (surface, outcome, time) and Socket Mode acks are recorded here; none by default. */
  metrics?: Metrics | undefined;
}

export interface SlackFrontEnd {
  mode: "http" | "socket";
  app: App;
  /** The bot's workspace and ids, from auth.test at start. */
  identity: SlackIdentity;
  /** HTTP mode: the request listener for `POST /slack/events`, mounted on the project's HTTP server. */
  httpListener?: RequestListener;
  /** The writers' time zones the listeners use: turns answered again after a restart use them too. */
  zones: UserTimeZones;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Bolt's App, writing each incoming event to the durable inbox before Bolt acks it: Bolt acks an event
 * before any middleware runs, so a crash between the ack and the listener would otherwise lose an event
 * Slack will never send again. The write is group-committed with the other events of the moment (one
 * fdatasync for all of them).
 *
 * Acks first: an Events API event (its ack carries nothing) is acked here, right after that write,
 * and Bolt's middleware and listeners run later, through the {@link AckFirstScheduler}, once the other
 * requests being read are acked too — a burst's turns never hold up its acks. Commands, interactions
 * and `function_executed` events are left to Bolt (their listeners ack them, some with a response).
 */
class InboxApp extends App {
  constructor(
    private readonly inbox: TurnInbox | undefined,
    private readonly log: Logger,
    private readonly scheduler: AckFirstScheduler | undefined,
    private readonly turns: WorkSet | undefined,
    options: ConstructorParameters<typeof App>[0],
  ) {
    super(options);
  }

  /** Socket Mode: each event's time to its ack (HTTP mode's is timed by the HTTP server). */
  onAck: ((seconds: number) => void) | undefined;

  override async processEvent(event: ReceiverEvent): Promise<void> {
    const onAck = this.onAck;
    if (onAck) {
      const started = performance.now();
      const ack = event.ack;
      event = { ...event, ack: (response) => ack(response).finally(() => onAck(secondsSince(started))) };
    }
    const body = event.body as { event_id?: unknown; type?: unknown; event?: { type?: unknown } } | undefined;
    const eventId = body?.event_id;
    if (this.inbox && typeof eventId === "string") {
      // Answer all the same if the disk fails: only this event's crash-safety is lost.
      await this.inbox
        .accept(eventId, event.body)
        .catch((err: unknown) => this.log.warn({ err, eventId }, "could not write the event to the inbox"));
    }
    const ackable = body?.type === "event_callback" && body.event?.type !== "function_executed";
    if (!this.scheduler || !ackable) return super.processEvent(event);
    await event.ack();
    const acked: ReceiverEvent = { ...event, ack: async () => undefined };
    const work = this.scheduler.defer(() => super.processEvent(acked));
    // A graceful stop waits for it; its failures reach app.error() through Bolt already.
    void (this.turns ? this.turns.track(work) : work).catch((err: unknown) =>
      this.log.error({ err, eventId }, "Slack event processing failed"),
    );
  }
}

/** Options of the Web API client: bounded retries and a timeout on each request. */
function clientOptionsOf(options: {
  apiUrl?: string | undefined;
  timeoutMs: number;
}): webApi.WebClientOptions {
  return {
    ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}),
    retryConfig: SLACK_RETRY,
    timeout: options.timeoutMs,
    // A 429 fails the one call (which may wait and retry: rate-limit.ts), not every call of the process.
    rejectRateLimitedCalls: true,
  };
}

/**
 * Checks the bot token with one `auth.test` (after a few quick retries at most) and returns the bot's
 * identity for `createSlackApp`. Throws AppError `slack_unavailable`, e.g. `Slack auth.test failed:
 * invalid_auth`. Run it first at start: a bad token should stop the start before anything else runs.
 */
export async function checkSlackToken(
  options: Pick<SlackAppOptions, "botToken" | "apiUrl" | "timeoutMs" | "logger">,
): Promise<SlackIdentity> {
  const client = new webApi.WebClient(options.botToken, {
    ...clientOptionsOf(options),
    logger: boltLogger(options.logger),
  });
  return authTest(client);
}

/**
 * The Bolt app in HTTP mode (events through the project's own HTTP server) or Socket Mode. Bolt gets
 * the ids `checkSlackToken` found, so it makes no `auth.test` of its own (its constructor would fire
 * one without awaiting it, and a failure of that one crashes the process with a raw stack).
 * Events are acked at once (`processBeforeResponse: false`); the model work runs after the ack.
 */
export function createSlackApp(options: SlackAppOptions & { identity: SlackIdentity }): SlackFrontEnd {
  const { identity } = options;
  const logger = options.logger.child({ component: "slack" });
  const boltLog = boltLogger(options.logger);
  const clientOptions = clientOptionsOf(options);
  const socket = Boolean(options.appToken);
  const receiver = socket
    ? new SocketModeReceiver({
        appToken: options.appToken!,
        logger: boltLog,
        installerOptions: { clientOptions },
      })
    : new HTTPReceiver({
        signingSecret: options.signingSecret ?? "",
        logger: boltLog,
        processBeforeResponse: false,
      });
  const inbox = options.inbox;
  const scheduler = new AckFirstScheduler();
  const app = new InboxApp(inbox, logger, scheduler, options.turns, {
    token: options.botToken,
    botId: identity.botId,
    botUserId: identity.botUserId,
    tokenVerificationEnabled: false,
    receiver,
    logger: boltLog,
    clientOptions,
    extendedErrorHandler: true,
  });
  const metrics = options.metrics;
  if (socket && metrics) app.onAck = (seconds) => metrics.ack("socket", seconds);

  const dedupe = options.dedupe;
  app.use(dedupeMiddleware(dedupe, inbox));
  const zones = new UserTimeZones();
  const runner = {
    agent: options.agent,
    logger,
    inbox,
    turns: options.turns,
    metrics: options.metrics,
    zones,
  };
  // Before the DM listener: a message in an assistant thread goes to the panel, not to app.message.
  app.assistant(createAssistantPanel(runner));
  registerDirectMessage(app, runner);
  registerAppMention(app, runner);
  if (options.memory) {
    const deps = {
      memory: options.memory,
      logger,
      inbox: options.inbox,
      settings: options.settings,
      about: options.about,
    };
    if (options.graph) registerAppHome(app, { ...deps, graph: options.graph, audit: options.audit });
    registerMemoryCommand(app, deps);
    registerRememberShortcut(app, deps);
    registerForgetProposal(app, { ...deps, questions: new PendingForgets(options.forgetQuestions) });
    registerAutosaveUndo(app, deps);
    registerReactionRemoved(app, deps);
  }
  if (options.settings) registerAutosaveOffer(app, { settings: options.settings, logger });

  // The one place a failed listener is reported (the user already got a friendly reply).
  const reportError = async ({ error, body }: ExtendedErrorHandlerArgs): Promise<void> => {
    const envelope = body as
      { event_id?: string; team_id?: string; event?: { channel?: string } } | undefined;
    logger.error(
      {
        err: error.original ?? error,
        code: error.code,
        eventId: envelope?.event_id,
        teamId: envelope?.team_id,
        channel: envelope?.event?.channel,
      },
      "Slack listener failed",
    );
  };
  // With extendedErrorHandler the handler receives { error, body, context, logger }.
  app.error(reportError as unknown as Parameters<App["error"]>[0]);

  if (socket) {
    return {
      mode: "socket",
      app,
      identity,
      zones,
      start: async () => {
        await app.start();
      },
      stop: async () => {
        scheduler.flush();
        await app.stop();
      },
    };
  }
  const http = receiver as HTTPReceiver;
  return {
    mode: "http",
    app,
    identity,
    zones,
    httpListener: guardSlackEvents(http.requestListener, {
      signingSecret: options.signingSecret ?? "",
      logger: options.logger,
      dedupe,
      scheduler,
    }),
    // The project's HTTP server owns the port; the app only needs its listener.
    start: async () => undefined,
    stop: async () => scheduler.flush(),
  };
}
