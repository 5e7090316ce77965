import type { App } from "@slack/bolt";
import type { Logger } from "pino";
import type { TurnHandler } from "../../agent/turn-handler.js";
import { answerTurn } from "../respond.js";

/**
 * DMs to the bot: `message` events in an `im` with no subtype (so no edits, deletions or joins) and
 * not from a bot. Bolt's `ignoreSelf` already drops the bot's own messages.
 */
export function register(app: App, deps: { agent: TurnHandler; logger: Logger }): void {
  app.message(async ({ message, body, client, context }) => {
    if (message.subtype !== undefined || message.channel_type !== "im") return;
    if (message.bot_id || !message.user || !message.text?.trim()) return;
    const envelope = body as { event_id?: string; team_id?: string };
    await answerTurn({
      turn: {
        teamId: context.teamId ?? envelope.team_id ?? "",
        userId: message.user,
        channelId: message.channel,
        channelType: "im",
        threadTs: message.thread_ts,
        text: message.text,
        eventId: envelope.event_id ?? message.ts,
        receivedAt: Math.round(Number(message.ts) * 1000),
      },
      messageTs: message.ts,
      client,
      agent: deps.agent,
      logger: deps.logger,
    });
  });
}
