import type { App } from "@slack/bolt";
import { PLAIN_POSTING } from "../mrkdwn.js";
import { answerTurn, type TurnRunner } from "../respond.js";
import { retryRateLimited } from "../rate-limit.js";

/** Said to a file sent with no words: the bot reads a message's text, not what is attached to it. */
export const FILE_ONLY_REPLY =
  "첨부한 파일은 읽지 못해요. 기억할 내용을 글로 알려 주세요. (I can't read attached files yet: tell me in words what to remember.)";

/**
 * DMs to the bot: `message` events in an `im` not from a bot, with no subtype (so no edits, deletions
 * or joins) or with a file shared: such a message's words are answered as any message's (the file
 * itself is not read), and a file with no words gets {@link FILE_ONLY_REPLY} rather than silence.
 * Bolt's `ignoreSelf` already drops the bot's own messages.
 */
export function register(app: App, runner: TurnRunner): void {
  app.message(async ({ message, body, client, context }) => {
    const subtype = message.subtype;
    if ((subtype !== undefined && subtype !== "file_share") || message.channel_type !== "im") return;
    if (("bot_id" in message && message.bot_id) || !message.user) return;
    if (!message.text?.trim()) {
      if (subtype === "file_share")
        await retryRateLimited(() =>
          client.chat.postMessage({
            channel: message.channel,
            ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
            text: FILE_ONLY_REPLY,
            ...PLAIN_POSTING,
          }),
        );
      return;
    }
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
