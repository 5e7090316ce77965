import { createHash, randomBytes } from "node:crypto";
import { AppError } from "../../core/errors.js";
import type { ChannelType, Memory, MemoryScope, MemorySource } from "../../core/types.js";
import { typedText } from "../../text/control-chars.js";

/** Longest memory text accepted, in characters. */
export const MAX_MEMORY_CHARS = 4000;
/**
 * Longest text a save accepts (admin POST, import line): anything over the chunker's max_tokens is
 * stored as chunks, each a memory of at most MAX_MEMORY_CHARS.
 */
export const MAX_DOCUMENT_CHARS = 100_000;

export interface SaveInput {
  text: string;
  /** Replaces the memory with this id when it exists; a new id is made otherwise. */
  id?: string | undefined;
  /** ms since the epoch; now by default. */
  timestamp?: number | undefined;
  channelId?: string | undefined;
  channelType?: ChannelType | undefined;
  source: MemorySource;
  /** Topic labels, already normalised (memory/topics). */
  topics?: string[] | undefined;
  extra?: Record<string, string | number | boolean> | undefined;
}

/**
 * Validates inputs into memories of the scope's user (AppError `bad_request` for empty or over-long
 * text). `fresh` holds the ids generated here: new, so they replace nothing.
 */
export function prepareMemories(
  scope: MemoryScope,
  inputs: SaveInput[],
  now: () => number,
): { memories: Memory[]; fresh: Set<string> } {
  const memories = inputs.map((input) => toMemory(scope, input, now));
  const fresh = new Set(memories.filter((_, i) => inputs[i]!.id === undefined).map((m) => m.id));
  return { memories, fresh };
}

function toMemory(scope: MemoryScope, input: SaveInput, now: () => number): Memory {
  // Every way in (a turn, a shortcut, the admin API, an import) keeps no control characters: they carry
  // no words, and a bidirectional override or an escape sequence would disguise the text where shown.
  const text = typedText(input.text).trim();
  if (!text) throw new AppError("bad_request", "text must not be empty");
  if (text.length > MAX_MEMORY_CHARS) {
    throw new AppError("bad_request", `text is longer than ${MAX_MEMORY_CHARS} characters`);
  }
  const timestamp = input.timestamp ?? now();
  return {
    id: input.id ?? newMemoryId(timestamp),
    text,
    userId: scope.userId,
    teamId: scope.teamId,
    timestamp,
    channelId: input.channelId ?? scope.channelId ?? "",
    channelType: input.channelType ?? scope.channelType ?? "im",
    source: input.source,
    ...(input.topics?.length ? { topics: input.topics } : {}),
    ...(input.extra && Object.keys(input.extra).length ? { extra: input.extra } : {}),
  };
}

/** `doc_<ms>_<random>`: the source of a chunked text (its chunks are `<id>#<n>`). */
export function newDocumentId(timestamp: number): string {
  return `doc_${timestamp}_${randomBytes(4).toString("hex")}`;
}

/** `mem_<ms>_<random>`: sortable by time, unique across processes. */
export function newMemoryId(timestamp: number): string {
  return `mem_${timestamp}_${randomBytes(4).toString("hex")}`;
}

/**
 * `mem_<ms>_<hash>` of a memory a chat turn saves: the same turn (Slack event id `key`) saving the
 * same text gets the same id, so a turn answered again after a restart replaces instead of adding.
 */
export function turnMemoryId(timestamp: number, key: string, text: string): string {
  return `mem_${timestamp}_${createHash("sha256").update(`${key}\u0000${text}`).digest("hex").slice(0, 8)}`;
}
