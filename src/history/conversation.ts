import type { Owner, Turn } from "../core/types.js";
import type { Conversation, ConversationKey } from "../core/history-types.js";

/**
 * The stable id of a conversation key, e.g. `dm:T1:U1:D1` or `thread:T1:C1:1712345678.000100`. Each part
 * is URI-encoded, so a part holding `:` cannot make two keys share an id.
 */
export function conversationIdOf(key: ConversationKey): string {
  const parts =
    key.kind === "dm" ? [key.teamId, key.userId, key.channelId] : [key.teamId, key.channelId, key.threadTs];
  return [key.kind, ...parts.map((part) => encodeURIComponent(part))].join(":");
}

/** A direct-message conversation: one user with the bot in one DM channel. */
export function dmConversation(options: Owner & { channelId: string }): Conversation {
  const key: ConversationKey = { kind: "dm", ...options };
  return { id: conversationIdOf(key), key, userId: options.userId };
}

/** A channel thread: everyone in the thread shares its history; `userId` is who speaks now. */
export function threadConversation(options: {
  teamId: string;
  channelId: string;
  threadTs: string;
  userId: string;
}): Conversation {
  const { userId, ...rest } = options;
  const key: ConversationKey = { kind: "thread", ...rest };
  return { id: conversationIdOf(key), key, userId };
}

/**
 * The conversation a Slack turn belongs to: a DM (`im`) is keyed by team + user + channel; a message in a
 * thread elsewhere by team + channel + thread; a channel message outside any thread falls back to the
 * user's own conversation in that channel, so it never joins someone else's history.
 */
export function conversationFromTurn(turn: Turn): Conversation {
  if (turn.channelType !== "im" && turn.threadTs !== undefined && turn.threadTs !== "") {
    return threadConversation({
      teamId: turn.teamId,
      channelId: turn.channelId,
      threadTs: turn.threadTs,
      userId: turn.userId,
    });
  }
  return dmConversation({ teamId: turn.teamId, userId: turn.userId, channelId: turn.channelId });
}
