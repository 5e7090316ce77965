import type { ChannelType, Memory, MemorySource } from "../types.js";
import { visibilityOf } from "./visibility.js";

/** Prefix of caller-given metadata keys in Chroma, so they can never overwrite the project's own keys. */
export const EXTRA_PREFIX = "x_";

/** Separator of a memory's topics in its flat `topics` metadata (Chroma metadata holds no lists). */
export const TOPIC_SEPARATOR = "|";

/** Flat Chroma metadata for a memory (LlamaIndex adds its own `_node_*`, `doc_id`, `ref_doc_id`). */
export function toMetadata(memory: Memory): Record<string, string | number | boolean> {
  const meta: Record<string, string | number | boolean> = {
    user_id: memory.userId,
    team_id: memory.teamId,
    timestamp: memory.timestamp,
    channel_id: memory.channelId,
    channel_type: memory.channelType,
    source: memory.source,
    visibility: visibilityOf(memory),
    ...(memory.topics?.length ? { topics: memory.topics.join(TOPIC_SEPARATOR) } : {}),
  };
  for (const [key, value] of Object.entries(memory.extra ?? {})) meta[EXTRA_PREFIX + key] = value;
  return meta;
}

/** The inverse of `toMetadata`, given the row's text and the memory id (`ref_doc_id`). */
export function fromMetadata(id: string, text: string, meta: Record<string, unknown>): Memory {
  const extra: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(meta)) {
    if (key.startsWith(EXTRA_PREFIX) && (typeof value !== "object" || value === null)) {
      extra[key.slice(EXTRA_PREFIX.length)] = value as string | number | boolean;
    }
  }
  return {
    id,
    text,
    userId: String(meta.user_id ?? ""),
    teamId: String(meta.team_id ?? ""),
    timestamp: Number(meta.timestamp ?? 0),
    channelId: String(meta.channel_id ?? ""),
    channelType: String(meta.channel_type ?? "im") as ChannelType,
    source: String(meta.source ?? "slack") as MemorySource,
    ...(typeof meta.topics === "string" && meta.topics !== ""
      ? { topics: meta.topics.split(TOPIC_SEPARATOR) }
      : {}),
    ...(Object.keys(extra).length ? { extra } : {}),
  };
}
