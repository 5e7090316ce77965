import type { App } from "@slack/bolt";
import { answerTurn, type TurnRunner } from "../respond.js";

/**
 * DMs to the bot: `message` events in an `im` with no subtype (so no edits, deletions or joins) and
 * not from a bot. Bolt's `ignoreSelf` already drops the bot's own messages.
 */
export function register(app: App, runner: TurnRunner): void {
  app.message(async ({ message, body, client, context }) => {
    if (message.subtype !== undefined || message.channel_type !== "im") return;
    if (message.bot_id || !message.user || !message.text?.trim()) return;
    await answerTurn({
      message: {
        user: message.user,
        channel: message.channel,
        channelType: "im",
        threadTs: message.thread_ts,
        text: message.text,
        ts: message.ts,
      },
      context,
      body,
      client,
      ...runner,
    });
  });
}
