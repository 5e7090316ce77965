import type { MemoryScope } from "../../core/types.js";
import type { Chunker } from "../chunking/chunker.js";
import { MAX_MEMORY_CHARS, newDocumentId, type SaveInput } from "./save-input.js";

/** Texts up to this long are never chunked (below any max_tokens the chunker accepts). */
const MIN_DOCUMENT_CHARS = 200;

/**
 * The inputs with every long text (a document: over the chunker's max_tokens) replaced by its
 * chunks. A chunk keeps the input's time, place, source and topics and gets `parent_id` (the input's
 * id, or a new `doc_…` id), `chunk_index` and `chunk_count`. A document saved again under its id
 * first has `forgetChunks(parentId)` called (the lifecycle deletes its old chunks), so a shorter new
 * version leaves none behind.
 */
export async function chunkLongInputs(
  scope: MemoryScope,
  inputs: SaveInput[],
  options: {
    chunker: Chunker;
    now: () => number;
    forgetChunks: (scope: MemoryScope, parentId: string) => Promise<void>;
  },
): Promise<SaveInput[]> {
  const out: SaveInput[] = [];
  for (const input of inputs) {
    if (input.text.length <= MIN_DOCUMENT_CHARS) {
      out.push(input);
      continue;
    }
    const chunks = await options.chunker.chunk(input.text.normalize("NFC"));
    if (chunks.length <= 1) {
      out.push(input);
      continue;
    }
    const parentId = input.id ?? newDocumentId(input.timestamp ?? options.now());
    if (input.id !== undefined) await options.forgetChunks(scope, parentId);
    for (const chunk of chunks) {
      out.push({
        ...input,
        id: `${parentId}#${chunk.index}`,
        text: chunk.text.slice(0, MAX_MEMORY_CHARS),
        extra: {
          ...input.extra,
          parent_id: parentId,
          chunk_index: chunk.index,
          chunk_count: chunks.length,
        },
      });
    }
  }
  return out;
}
