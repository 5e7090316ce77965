import { createHash } from "node:crypto";
import type { App, MessageShortcut, webApi } from "@slack/bolt";
import type { Logger } from "../../logging/logger.js";
import { toAppError } from "../../core/errors.js";
import { quote } from "../../agent/messages.js";
import { detectLanguage } from "../../text/language.js";
import { plainFromSlack } from "../incoming-text.js";
import { channelTypeOf, escapeMrkdwn, type SlackMemoryPort } from "../memory-blocks.js";
import { visibilityOf } from "../../core/visibility.js";
import { PLAIN_POSTING } from "../mrkdwn.js";

/** The message shortcut's callback id (the manifest's `shortcuts`). */
export const REMEMBER_SHORTCUT = "remember_this";

export interface RememberShortcutDeps {
  memory: SlackMemoryPort;
  logger: Logger;
}

/**
 * One memory id per (user, message): saving the same message again replaces it instead of keeping it
 * twice. The `mem_<ms>_<hex>` shape of every memory id.
 */
export function shortcutMemoryId(userId: string, channelId: string, messageTs: string, at: number): string {
  const hash = createHash("sha256").update(`${userId}\u0000${channelId}\u0000${messageTs}`).digest("hex");
  return `mem_${at}_${hash.slice(0, 16)}`;
}

/**
 * "Remember this" on a message: the message (its text, author and permalink) becomes a memory of the
 * user who used the shortcut — theirs alone, never the author's or anyone else's — with the visibility
 * of the conversation it came from (a channel's message is recalled in that channel and the user's DMs;
 * a DM's stays private). Confirmed ephemerally to that user only.
 */
export function register(app: App, deps: RememberShortcutDeps): void {
  app.shortcut<MessageShortcut>(
    { callback_id: REMEMBER_SHORTCUT, type: "message_action" },
    async ({ ack, shortcut, client, respond }) => {
      await ack();
      const userId = shortcut.user.id;
      const teamId = shortcut.team?.id ?? shortcut.user.team_id ?? "";
      const channelId = shortcut.channel.id;
      const channelType = channelTypeOf(channelId);
      const text = plainFromSlack(shortcut.message.text ?? "").trim();
      const lang = detectLanguage(text);
      const tell = (message: string) =>
        confirm(client, respond, { channel: channelId, user: userId, text: message }, deps.logger);
      if (!text) {
        await tell(
          lang === "en" ? "That message has no text to remember." : "이 메시지에는 기억할 글이 없어요.",
        );
        return;
      }
      const messageTs = shortcut.message.ts ?? shortcut.message_ts;
      const at = Math.round(Number(messageTs) * 1000) || Date.now();
      const author = shortcut.message.user;
      const permalink = await client.chat
        .getPermalink({ channel: channelId, message_ts: messageTs })
        .then((r) => r.permalink)
        .catch(() => undefined);
      try {
        const saved = await deps.memory.save(
          { teamId, userId, channelId, channelType },
          {
            text,
            id: shortcutMemoryId(userId, channelId, messageTs, at),
            timestamp: at,
            channelId,
            channelType,
            source: "slack",
            extra: {
              saved_by: "shortcut",
              message_ts: messageTs,
              ...(author ? { author } : {}),
              ...(permalink ? { permalink } : {}),
            },
          },
        );
        const where = visibilityOf(saved).startsWith("channel:")
          ? lang === "en"
            ? ` It is recalled in <#${channelId}> and in your DMs with me, to you only.`
            : ` <#${channelId}> 대화와 저와의 DM에서, 나에게만 떠올려요.`
          : lang === "en"
            ? " It stays private: recalled only in your DMs with me."
            : " 비공개로 저장했어요: 저와의 DM에서만 떠올려요.";
        await tell(
          (lang === "en"
            ? `Got it, I'll remember: "${escapeMrkdwn(quote(text))}".`
            : `기억했어요: "${escapeMrkdwn(quote(text))}".`) + where,
        );
        deps.logger.info({ teamId, userId, channelType }, "message remembered through the shortcut");
      } catch (err) {
        const appError = toAppError(err);
        deps.logger.warn({ err: appError }, "could not remember a message through the shortcut");
        await tell(
          appError.code === "bad_request"
            ? `⚠️ ${escapeMrkdwn(appError.message)}`
            : lang === "en"
              ? "Sorry, I couldn't save that message. Please try again in a moment."
              : "죄송해요, 이 메시지를 저장하지 못했어요. 잠시 후 다시 시도해 주세요.",
        );
      }
    },
  );
}

/**
 * An ephemeral note to the user where the message is (chat.postEphemeral); where the bot is not a
 * member, through the shortcut's `response_url` instead.
 */
async function confirm(
  client: webApi.WebClient,
  respond: ((message: { response_type: "ephemeral"; text: string }) => Promise<unknown>) | undefined,
  message: { channel: string; user: string; text: string },
  log: Logger,
): Promise<void> {
  try {
    await client.chat.postEphemeral({ ...message, ...PLAIN_POSTING });
  } catch (err) {
    if (!respond) throw err;
    log.info({ reason: toAppError(err).message }, "postEphemeral refused; answering through response_url");
    await respond({ response_type: "ephemeral", text: message.text });
  }
}
