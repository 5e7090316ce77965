import { Assistant, type webApi } from "@slack/bolt";
import { panelGreeting, suggestedPrompts } from "../../agent/messages.js";
import type { Lang } from "../../text/language.js";
import { plainFromSlack } from "../incoming-text.js";
import { answerTurn, type TurnRunner } from "../respond.js";
import { retryRateLimited } from "../rate-limit.js";

/** Longest thread title taken from the first message. */
export const MAX_TITLE_CHARS = 60;
/** Threads remembered as titled (a bounded set: the oldest are forgotten first). */
const MAX_TITLED_THREADS = 10_000;

/**
 * The user's language for a greeting, before they have written anything: their Slack locale
 * (`users.info` with `include_locale`), English for an `en-*` locale, else Korean (most users here).
 */
async function userLanguage(client: webApi.WebClient, user: string): Promise<Lang> {
  try {
    const info = await client.users.info({ user, include_locale: true });
    return info.user?.locale?.toLowerCase().startsWith("en") ? "en" : "ko";
  } catch {
    return "ko";
  }
}

/** A thread title from a message: its first line, at most {@link MAX_TITLE_CHARS} characters. */
export function titleOf(text: string): string {
  const line = (text.split("\n").find((l) => l.trim() !== "") ?? text).replace(/\s+/g, " ").trim();
  return line.length > MAX_TITLE_CHARS ? `${line.slice(0, MAX_TITLE_CHARS - 1)}…` : line;
}

/**
 * The assistant panel (Bolt's `Assistant`): a greeting and suggested prompts in the user's language
 * when a thread starts; each message in the thread is a DM turn (same agent, memory, history and
 * privacy rules) answered with a status line ("기억을 찾는 중…") and streamed; the thread gets its
 * title from its first message.
 */
export function createAssistantPanel(runner: TurnRunner): Assistant {
  const titled = new Set<string>();
  return new Assistant({
    threadStarted: async ({ event, body, client, logger }) => {
      const { channel_id: channel, thread_ts: threadTs, user_id: user } = event.assistant_thread;
      const lang = await userLanguage(client, user);
      await retryRateLimited(() =>
        client.chat.postMessage({ channel, thread_ts: threadTs, text: panelGreeting(lang) }),
      );
      const { title, prompts } = suggestedPrompts(lang);
      await client.assistant.threads
        .setSuggestedPrompts({ channel_id: channel, thread_ts: threadTs, title, prompts })
        .catch((err: unknown) => logger.warn(`could not set suggested prompts: ${String(err)}`));
      // Greeted: not to be replayed after a restart (the inbox keeps events until they are done).
      const eventId = (body as { event_id?: string }).event_id;
      if (eventId) await runner.inbox?.answered(eventId).catch(() => undefined);
    },
    // The panel's context (the channel the user is looking at) is not used: nothing to save, and
    // nothing to replay after a restart.
    threadContextChanged: async ({ body }) => {
      const eventId = (body as { event_id?: string }).event_id;
      if (eventId) await runner.inbox?.answered(eventId).catch(() => undefined);
    },
    userMessage: async ({ message, body, client, context, setStatus, setTitle, logger }) => {
      // A message with a file shared is answered by its words, as in a DM (direct-message.ts).
      if (message.subtype !== undefined && message.subtype !== "file_share") return;
      if (("bot_id" in message && message.bot_id) || !message.user || !message.text?.trim()) return;
      const threadTs = message.thread_ts;
      if (!threadTs) return;
      const key = `${message.channel}:${threadTs}`;
      if (!titled.has(key)) {
        titled.add(key);
        if (titled.size > MAX_TITLED_THREADS) titled.delete(titled.values().next().value as string);
        void setTitle(titleOf(plainFromSlack(message.text))).catch((err: unknown) =>
          logger.warn(`could not set the thread title: ${String(err)}`),
        );
      }
      await answerTurn({
        message: {
          user: message.user,
          channel: message.channel,
          channelType: "im",
          threadTs,
          text: message.text,
          ts: message.ts,
        },
        context,
        body,
        client,
        surface: { setStatus: (status) => setStatus(status), stream: true },
        ...runner,
      });
    },
  });
}
