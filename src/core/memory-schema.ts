import { z } from "zod";
import type { Memory } from "./types.js";

/** Where a memory was said, as the project names it (core/types.ts `ChannelType`). */
export const channelTypeSchema = z.enum(["im", "mpim", "channel", "group"]);

/**
 * A stored memory as files and archives hold it: the memory journal and the backup / migration
 * stream read it back through this one schema, so the two never disagree on what a memory is.
 */
export const memorySchema = z.object({
  id: z.string().min(1),
  text: z.string(),
  userId: z.string().min(1),
  teamId: z.string().min(1),
  timestamp: z.number(),
  channelId: z.string(),
  channelType: channelTypeSchema,
  source: z.enum(["slack", "autosave", "admin", "import"]),
  topics: z.array(z.string()).optional(),
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
}) satisfies z.ZodType<Memory>;
