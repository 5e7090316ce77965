import { BaseEmbedding } from "llamaindex";
import type { Embedder } from "../../core/embedder.js";

/**
 * LlamaIndex's `BaseEmbedding` over the project's `Embedder` port, so `VectorStoreIndex` embeds through
 * it. Batching: the base class cuts node lists into `embedBatchSize` slices and calls
 * `getTextEmbeddings` once per slice; it is replaced here (as an instance field, since the base
 * constructor assigns it per instance) so each slice is one `embed()` call, i.e. one `/api/embed`
 * request for Ollama.
 */
export class EmbedderEmbedding extends BaseEmbedding {
  constructor(
    private readonly embedder: Embedder,
    batchSize: number,
  ) {
    super();
    this.embedBatchSize = batchSize;
    this.getTextEmbeddings = (texts: string[]) => this.embedder.embed(texts);
  }

  async getTextEmbedding(text: string): Promise<number[]> {
    const [vector] = await this.embedder.embed([text]);
    return vector!;
  }
}
