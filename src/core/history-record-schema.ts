import { z } from "zod";
import { AppError } from "./errors.js";

/**
 * The stored shapes of conversation history, as zod schemas: the one source of their types
 * (core/types.ts re-exports `z.infer` of each) and of the check every file read goes through, so a
 * hand-edited or foreign file fails loudly instead of feeding the model garbage.
 */

/** One exchange: what the user said and what the assistant answered. Times are ms since the epoch. */
export const historyTurnSchema = z.object({
  user: z.string(),
  assistant: z.string(),
  userAt: z.number(),
  assistantAt: z.number(),
  /** Slack event id of the user message; an append with an id already held is ignored (Slack retries). */
  eventId: z.string().optional(),
  /** Who said `user`; useful in channel threads where several people talk to the bot. */
  userId: z.string().optional(),
  /**
   * Said while its writer had paused the conversation ("이 대화는 기억하지 마"): held verbatim while it
   * is among the recent turns the conversation needs, then dropped — never summarised into the
   * long-term record.
   */
  offRecord: z.boolean().optional(),
  /**
   * Memories shown to the model for `assistant` (recalled, by its tools, or as the graph facts'
   * sources): forgetting one takes this answer out of the history, since it may say the memory in
   * other words.
   */
  memoryIds: z.array(z.string()).optional(),
});

/** Where a conversation happens: a DM (one user) or a channel thread (anyone in it). */
export const conversationKeySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("dm"), teamId: z.string(), userId: z.string(), channelId: z.string() }),
  z.object({ kind: z.literal("thread"), teamId: z.string(), channelId: z.string(), threadTs: z.string() }),
]);

/** The rolling summary of every turn older than the verbatim ones. */
export const conversationSummarySchema = z.object({
  text: z.string(),
  /** How many turns (from the first) are folded into `text`. */
  coversTurns: z.number().int().min(0),
  updatedAt: z.number(),
  /** The `memoryIds` of the turns folded into `text`: forgetting one of them drops the summary's text. */
  memoryIds: z.array(z.string()).optional(),
});

/**
 * What is stored per conversation. Turn order: `summary` covers the oldest `summary.coversTurns` turns,
 * then `pending` (aged out of the recent window, not summarised yet), then `recent` (the newest, at most
 * KEEP_RECENT_TURNS); aged off-record turns are only counted (`droppedTurns`).
 * `coversTurns + droppedTurns + pending.length + recent.length === totalTurns` always holds.
 */
export const conversationRecordSchema = z
  .object({
    version: z.literal(1),
    id: z.string().min(1),
    key: conversationKeySchema,
    /** Users who spoke in it (the owner of a DM; every participant of a thread), for admin listing. */
    userIds: z.array(z.string()),
    summary: conversationSummarySchema.optional(),
    pending: z.array(historyTurnSchema),
    recent: z.array(historyTurnSchema),
    totalTurns: z.number().int().min(0),
    /** Off-record turns (see `offRecord`) that aged out of `recent` and were dropped unsummarised. */
    droppedTurns: z.number().int().min(0).optional(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .refine(
    (r) =>
      (r.summary?.coversTurns ?? 0) + (r.droppedTurns ?? 0) + r.pending.length + r.recent.length ===
      r.totalTurns,
    { message: "summary.coversTurns + droppedTurns + pending + recent must equal totalTurns" },
  );

/**
 * What a history store's `update` may store: `next` must keep the conversation's id and be a valid
 * record, else AppError `internal` (a bug in the mutation, never the user's input). Every store calls it.
 */
export function checkUpdatedRecord(id: string, next: z.infer<typeof conversationRecordSchema>): void {
  if (next.id !== id) {
    throw new AppError("internal", "history update changed the conversation id", { details: { id } });
  }
  const checked = conversationRecordSchema.safeParse(next);
  if (!checked.success) {
    throw new AppError("internal", "history update produced an invalid record", {
      details: { id, issues: checked.error.issues.map((issue) => issue.message) },
    });
  }
}
