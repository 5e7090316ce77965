/**
 * Types of conversation memory: the turns of one conversation, its rolling summary, and the small
 * storage port. The agent turns a Slack `Turn` into a {@link Conversation} with `conversationFromTurn`.
 */
import type { z } from "zod";
import type {
  conversationKeySchema,
  conversationRecordSchema,
  conversationSummarySchema,
  historyTurnSchema,
} from "./history-record-schema.js";

/** One exchange (see {@link historyTurnSchema}). */
export type HistoryTurn = z.infer<typeof historyTurnSchema>;

/** Where a conversation happens (see {@link conversationKeySchema}). */
export type ConversationKey = z.infer<typeof conversationKeySchema>;

/** A conversation as the service addresses it: its key, its stable id, and the user speaking now. */
export interface Conversation {
  /** Stable id derived from the key, e.g. `dm:T1:U1:D1`; the admin API uses it in URLs. */
  id: string;
  key: ConversationKey;
  /** The user of this turn: the owner of a DM, or a participant of a thread. */
  userId: string;
}

/** The rolling summary (see {@link conversationSummarySchema}). */
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** What is stored per conversation (see {@link conversationRecordSchema}). */
export type ConversationRecord = z.infer<typeof conversationRecordSchema>;

/**
 * Storage port for conversation records. Implementations run `update` and `delete` one at a time per
 * id, so a read-modify-write never loses a concurrent one.
 */
export interface HistoryStore {
  get(id: string): Promise<ConversationRecord | undefined>;
  /**
   * Reads the record, calls `mutate`, and stores what it returns (`undefined` leaves the record as it is).
   * Resolves with the record as stored afterwards. `mutate` must be synchronous and must not keep or
   * change `current` (it is the store's copy), but return a new object.
   */
  update(
    id: string,
    mutate: (current: ConversationRecord | undefined) => ConversationRecord | undefined,
  ): Promise<ConversationRecord | undefined>;
  /** Removes a record; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** Every record whose `userIds` include `userId`, in no particular order. */
  listByUser(userId: string): Promise<ConversationRecord[]>;
  /** Ids of the conversations last updated before `cutoff` (ms since the epoch): the retention sweep's. */
  idsUpdatedBefore(cutoff: number): Promise<string[]>;
}

/** The history to show the model for the next reply. Render it with `renderContext`. */
export interface HistoryContext {
  /** The rolling summary of the oldest turns, if any have been summarised. */
  summary?: string;
  /** Aged turns still verbatim because they are not summarised yet (oldest may be left out, see below). */
  olderTurns: HistoryTurn[];
  /** The last KEEP_RECENT_TURNS turns, verbatim. */
  recent: HistoryTurn[];
  /** Unsummarised turns left out of this context to fit the token budget. They stay stored. */
  omittedTurns: number;
  /** cl100k_base tokens of the rendered context. */
  tokens: number;
}

/** A conversation as the admin API shows it (`GET /admin/history/:userId`). */
export interface ConversationView {
  id: string;
  key: ConversationKey;
  userIds: string[];
  /** The rolling summary; null until the first aged turns are summarised. */
  summary: ConversationSummary | null;
  /** Aged turns waiting for the summary (kept verbatim until then). */
  pending: HistoryTurn[];
  recent: HistoryTurn[];
  counts: { total: number; summarised: number; pending: number; recent: number };
  createdAt: number;
  updatedAt: number;
}
