import { NodeRelationship, TextNode } from "llamaindex";
import { toMetadata } from "../../src/backends/chroma/memory-metadata.js";
import type { Memory } from "../../src/core/types.js";

/**
 * A memory as the node the Chroma store wrote through LlamaIndex's `ChromaVectorStore.add` before the
 * compact rows (flat metadata, the memory id as SOURCE, which LlamaIndex writes as `ref_doc_id`): for
 * tests and benchmarks that need rows in the old format.
 */
export function legacyNode(memory: Memory, vector: number[]): TextNode {
  return new TextNode({
    id_: memory.id,
    text: memory.text,
    metadata: toMetadata(memory),
    embedding: vector,
    relationships: { [NodeRelationship.SOURCE]: { nodeId: memory.id, metadata: {} } },
  });
}
