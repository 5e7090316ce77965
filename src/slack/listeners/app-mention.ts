import type { App } from "@slack/bolt";
import { channelTypeOf } from "../memory-blocks.js";
import { answerTurn, type TurnRunner } from "../respond.js";

/** A `<@U123>` mention (with a label, `<@U123|name>`): the bot's own is removed from the text. */
const MENTION = /<@([A-Z0-9_]+)(?:\|[^<>]*)?>/g;

/** Mentions of the bot in channels: answered in the mention's thread. Bots' mentions are ignored. */
export function register(app: App, runner: TurnRunner): void {
  app.event("app_mention", async ({ event, body, client, context }) => {
    if (event.bot_id || !event.user) return;
    // Only the bot's own mention is dropped: another person's says who the message is about
    // ("<@U…> 가 발표 담당이야"). Without the bot's id (never in Slack's events), every mention is.
    const bot = context.botUserId;
    const text = event.text
      .replace(MENTION, (mention, id: string) => (bot === undefined || id === bot ? " " : mention))
      .replace(/\s+/g, " ")
      .trim();
    await answerTurn({
      message: {
        user: event.user,
        channel: event.channel,
        channelType: channelTypeOf(event.channel),
        threadTs: event.thread_ts ?? event.ts,
        // The bot mentioned with nothing else asks what it can do.
        text: text || "/help",
        ts: event.ts,
      },
      context,
      body,
      client,
      ...runner,
    });
  });
}
