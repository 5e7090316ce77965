import { z } from "zod";
import type { ConversationRecord } from "./types.js";

const turnSchema = z.object({
  user: z.string(),
  assistant: z.string(),
  userAt: z.number(),
  assistantAt: z.number(),
  eventId: z.string().optional(),
  userId: z.string().optional(),
});

const keySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("dm"), teamId: z.string(), userId: z.string(), channelId: z.string() }),
  z.object({ kind: z.literal("thread"), teamId: z.string(), channelId: z.string(), threadTs: z.string() }),
]);

/**
 * Shape of a stored conversation file. Checked on every read, so a hand-edited or foreign file fails
 * loudly instead of feeding the model garbage.
 */
export const conversationRecordSchema = z
  .object({
    version: z.literal(1),
    id: z.string().min(1),
    key: keySchema,
    userIds: z.array(z.string()),
    summary: z
      .object({ text: z.string(), coversTurns: z.number().int().min(0), updatedAt: z.number() })
      .optional(),
    pending: z.array(turnSchema),
    recent: z.array(turnSchema),
    totalTurns: z.number().int().min(0),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .refine((r) => (r.summary?.coversTurns ?? 0) + r.pending.length + r.recent.length === r.totalTurns, {
    message: "summary.coversTurns + pending + recent must equal totalTurns",
  }) satisfies z.ZodType<ConversationRecord>;
