import type { App } from "@slack/bolt";
import { channelTypeOf } from "../memory-blocks.js";
import { answerTurn, type TurnRunner } from "../respond.js";

/** `<@U123>` mentions, removed from the text the agent sees. */
const MENTION = /<@[A-Z0-9_]+(?:\|[^<>]*)?>/g;

/** Mentions of the bot in channels: answered in the mention's thread. Bots' mentions are ignored. */
export function register(app: App, runner: TurnRunner): void {
  app.event("app_mention", async ({ event, body, client, context }) => {
    if (event.bot_id || !event.user) return;
    const text = event.text.replace(MENTION, " ").replace(/\s+/g, " ").trim();
    if (!text) return;
    await answerTurn({
      message: {
        user: event.user,
        channel: event.channel,
        channelType: channelTypeOf(event.channel),
        threadTs: event.thread_ts ?? event.ts,
        text,
        ts: event.ts,
      },
      context,
      body,
      client,
      ...runner,
    });
  });
}
