/**
 * Plain project types shared by every part. Slack, HTTP and LlamaIndex types stop at their adapters;
 * the agent and services work on these.
 */

/** Where a message was said. `im` is a direct message with the bot. */
export type ChannelType = "im" | "mpim" | "channel" | "group";

/** Whose memories, history and graph: a Slack user of one workspace (team). */
export interface Owner {
  teamId: string;
  userId: string;
}

/** One user message to answer, from Slack or the local console. */
export interface Turn extends Owner {
  channelId: string;
  channelType: ChannelType;
  /** Thread the reply belongs in (a mention's thread); undefined for a plain DM. */
  threadTs?: string | undefined;
  text: string;
  /** Slack event id (or a generated id for console turns); used for dedupe and logs. */
  eventId: string;
  /** Message time, ms since the epoch. */
  receivedAt?: number;
  /**
   * The Slack message's own ts (Slack turns only): what autosave keeps of the message carries it, so
   * the message's author can undo exactly that (removing 📝, or "Undo").
   */
  messageTs?: string | undefined;
  /** The writer's time zone (IANA, from Slack's `users.info`): what "today" is for them. */
  timeZone?: string | undefined;
}

/** The scope a memory is read or written in: whose it is and where it was said. */
export interface MemoryScope extends Owner {
  /** Set when recalling in a channel: only memories said in that channel (or shared) come back. */
  channelId?: string | undefined;
  channelType?: ChannelType | undefined;
}

/** How a memory came: asked for in chat, kept by the content filter, the admin API, a CLI import. */
export type MemorySource = "slack" | "autosave" | "admin" | "import";

/** A stored memory as the project sees it. */
export interface Memory {
  id: string;
  text: string;
  userId: string;
  teamId: string;
  /** ms since the epoch. */
  timestamp: number;
  channelId: string;
  channelType: ChannelType;
  source: MemorySource;
  /** Topic labels (memory/topics), at most `max_topics_per_entry`. */
  topics?: string[];
  /** Extra flat metadata given at save time (strings, numbers, booleans). */
  extra?: Record<string, string | number | boolean>;
}

/** One (entity, attribute, value) fact. */
export interface Triplet {
  entity: string;
  attribute: string;
  value: string;
}
