import { AppError } from "../../core/errors.js";
import type { ChannelType, Memory, MemorySource } from "../../core/types.js";
import { visibilityOf } from "../../core/visibility.js";

/** The Chroma metadata key holding the whole memory as JSON in rows of the compact format. */
export const MEMORY_KEY = "memory";

/** Prefix of caller-given metadata keys in Chroma, so they can never overwrite the project's own keys. */
export const EXTRA_PREFIX = "x_";

/** Separator of a memory's topics in its flat `topics` metadata (Chroma metadata holds no lists). */
export const TOPIC_SEPARATOR = "|";

/**
 * A memory's Chroma row metadata (the compact format): the memory as JSON, as the other backends keep
 * it, and `ref_doc_id` (the memory id, as in the rows LlamaIndex wrote), which deletes and gets filter
 * on. Nothing else: Chroma indexes every metadata key of every row, and full-text indexes documents,
 * which nothing here searches (BM25 is the project's own); rows in the LlamaIndex format (a dozen keys,
 * `_node_content`, the text as document) took Chroma 1.6 times as long to write (tools/bench/chroma-ingest.ts).
 */
export function toRowMetadata(memory: Memory): Record<string, string> {
  return { ref_doc_id: memory.id, [MEMORY_KEY]: JSON.stringify(memory) };
}

/**
 * The memory of a Chroma row: the compact format's JSON, else a row in the format LlamaIndex wrote
 * before (flat keys, the text as document; still read, never written). A row whose JSON does not parse
 * is AppError `store_failed` naming it.
 */
export function fromRow(
  id: string,
  document: string | null | undefined,
  meta: Record<string, unknown>,
): Memory {
  const json = meta[MEMORY_KEY];
  if (typeof json !== "string") return fromMetadata(id, document ?? "", meta);
  try {
    return JSON.parse(json) as Memory;
  } catch (err) {
    throw new AppError("store_failed", `Chroma row of memory ${id} is damaged: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

/** Flat Chroma metadata for a memory: the rows LlamaIndex wrote before the compact format (fixtures/legacy-chroma-rows.ts writes such rows). */
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
function fromMetadata(id: string, text: string, meta: Record<string, unknown>): Memory {
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

/** The memory id of a row: LlamaIndex's `ref_doc_id` (the Document's id), else the row id. */
export function memoryIdOf(rowId: string, meta: Record<string, unknown>): string {
  return typeof meta.ref_doc_id === "string" && meta.ref_doc_id !== "None" ? meta.ref_doc_id : rowId;
}
