import type { webApi } from "@slack/bolt";
import type { Logger } from "../logging/logger.js";
import type { Memory, MemoryScope } from "../core/types.js";
import type { SlackMemoryPort } from "./memory-blocks.js";

/**
 * Reaction left on a message the memory pipeline kept as a memory by itself (📝); its author removing
 * it undoes that.
 */
export const AUTOSAVED_REACTION = "memo";

/** The one message a memory was kept from: where it was said and its ts. */
export interface SourceMessage {
  channelId: string;
  messageTs: string;
}

/**
 * The answer to an undo that forgot something. It names no memory: the message it came from is right
 * there, and a reply never carries a memory's text to where it was not said.
 */
export const FORGOTTEN_TEXT =
  "🗑 기억에서 지웠어요: 이 메시지로 기억해 둔 것 (Forgotten: what this message kept)";

/** The answer to an Undo pressed when the message keeps nothing any more. */
export const NOTHING_TO_FORGET_TEXT =
  "이미 잊었거나 여기서는 지울 수 없는 기억이에요. (Already forgotten, or not visible here.)";

/**
 * Undo from a Slack message: forgets, through the lifecycle (vectors, BM25, graph facts, history,
 * the journal on disk), exactly what autosave kept of `message` for the scope's user — never another
 * user's, and in a channel never a DM's (the scope is that conversation) — then takes the bot's 📝 off
 * the message (a failure there is only logged). Returns what was forgotten.
 */
export async function undoAutosave(
  deps: { memory: SlackMemoryPort; logger: Logger },
  client: webApi.WebClient,
  scope: MemoryScope,
  message: SourceMessage,
): Promise<Memory[]> {
  const forgotten = await deps.memory.forgetSavedFrom(scope, message);
  deps.logger.info(
    { teamId: scope.teamId, userId: scope.userId, channel: message.channelId, count: forgotten.length },
    "undo from the message",
  );
  if (forgotten.length > 0) {
    await client.reactions
      .remove({ channel: message.channelId, timestamp: message.messageTs, name: AUTOSAVED_REACTION })
      .catch((err: unknown) => deps.logger.warn({ err }, "could not take the 📝 off an undone message"));
  }
  return forgotten;
}
