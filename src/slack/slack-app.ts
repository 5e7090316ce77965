import type { RequestListener } from "node:http";
import { App, HTTPReceiver, SocketModeReceiver } from "@slack/bolt";
import type { ExtendedErrorHandlerArgs } from "@slack/bolt/dist/App.js";
import type { Logger } from "pino";
import type { TurnHandler } from "../agent/turn-handler.js";
import { boltLogger } from "../logging/bolt-logger.js";
import { register as registerAppMention } from "./listeners/app-mention.js";
import { register as registerDirectMessage } from "./listeners/direct-message.js";
import { dedupeMiddleware, EventDeduper } from "./middleware/dedupe.js";

export interface SlackAppOptions {
  botToken: string;
  /** HTTP mode: verifies `x-slack-signature` on `POST /slack/events`. */
  signingSecret?: string | undefined;
  /** Socket Mode when set. */
  appToken?: string | undefined;
  /** Web API base URL (tests, proxies); Slack's own when unset. */
  apiUrl?: string | undefined;
  agent: TurnHandler;
  logger: Logger;
}

export interface SlackFrontEnd {
  mode: "http" | "socket";
  app: App;
  /** HTTP mode: the request listener for `POST /slack/events`, mounted on the project's HTTP server. */
  httpListener?: RequestListener;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The Bolt app in HTTP mode (events through the project's own HTTP server) or Socket Mode.
 * Events are acked at once (`processBeforeResponse: false`); the model work runs after the ack.
 */
export function createSlackApp(options: SlackAppOptions): SlackFrontEnd {
  const logger = options.logger.child({ component: "slack" });
  const boltLog = boltLogger(options.logger);
  const clientOptions = options.apiUrl ? { slackApiUrl: options.apiUrl } : {};
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
  const app = new App({
    token: options.botToken,
    receiver,
    logger: boltLog,
    clientOptions,
    extendedErrorHandler: true,
  });

  app.use(dedupeMiddleware(new EventDeduper()));
  registerDirectMessage(app, { agent: options.agent, logger });
  registerAppMention(app, { agent: options.agent, logger });

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
      start: async () => {
        await app.start();
      },
      stop: () => app.stop() as Promise<void>,
    };
  }
  const http = receiver as HTTPReceiver;
  return {
    mode: "http",
    app,
    httpListener: http.requestListener,
    // The project's HTTP server owns the port; the app only needs its listener.
    start: async () => undefined,
    stop: async () => undefined,
  };
}
