import type { App } from "@slack/bolt";
import type { Logger } from "pino";
import type { TurnHandler } from "../../agent/turn-handler.js";
import type { ChannelType } from "../../types.js";
import { answerTurn } from "../respond.js";

/** `<@U123>` mentions, removed from the text the agent sees. */
const MENTION = /<@[A-Z0-9_]+(?:\|[^>]*)?>/g;

/** Mentions of the bot in channels: answered in the mention's thread. Bots' mentions are ignored. */
export function register(app: App, deps: { agent: TurnHandler; logger: Logger }): void {
  app.event("app_mention", async ({ event, body, client, context }) => {
    if (event.bot_id || !event.user) return;
    const text = event.text.replace(MENTION, " ").replace(/\s+/g, " ").trim();
    if (!text) return;
    const envelope = body as { event_id?: string; team_id?: string };
    const channelType: ChannelType = event.channel.startsWith("G") ? "group" : "channel";
    await answerTurn({
      turn: {
        teamId: context.teamId ?? envelope.team_id ?? "",
        userId: event.user,
        channelId: event.channel,
        channelType,
        threadTs: event.thread_ts ?? event.ts,
        text,
        eventId: envelope.event_id ?? event.ts,
        receivedAt: Math.round(Number(event.ts) * 1000),
      },
      messageTs: event.ts,
      client,
      agent: deps.agent,
      logger: deps.logger,
    });
  });
}
