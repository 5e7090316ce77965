/**
 * Embedders for the ingest benchmark: LlamaIndex's own `OllamaEmbedding` (one `/api/embeddings`
 * request per text) behind the project's Embedder port, and a decorator that times embed calls.
 */
import { OllamaEmbedding } from "@llamaindex/ollama";
import type { Embedder } from "../../../src/core/embedder.js";

/**
 * The project's Embedder port over LlamaIndex's `OllamaEmbedding`. Its `getTextEmbeddings` is
 * LlamaIndex's default: a loop of `getTextEmbedding`, i.e. one HTTP request per text, in sequence.
 */
export class LlamaIndexOllamaEmbedder implements Embedder {
  private constructor(
    private readonly embedding: OllamaEmbedding,
    readonly id: string,
    readonly dimension: number,
  ) {}

  /** Asks for one vector to learn the dimension, as OllamaEmbedder.create does. */
  static async create(options: { host: string; model: string }): Promise<LlamaIndexOllamaEmbedder> {
    const embedding = new OllamaEmbedding({ model: options.model, config: { host: options.host } });
    const probe = await embedding.getTextEmbedding("dimension probe");
    return new LlamaIndexOllamaEmbedder(
      embedding,
      `llamaindex-ollama:${options.model}:${probe.length}`,
      probe.length,
    );
  }

  embed(texts: string[]): Promise<number[][]> {
    return this.embedding.getTextEmbeddings(texts);
  }
}

/** Wraps an Embedder and adds up the wall time spent in its `embed` calls. */
export class TimedEmbedder implements Embedder {
  /** Milliseconds spent inside `embed`. */
  embedMs = 0;

  constructor(private readonly inner: Embedder) {}

  get id(): string {
    return this.inner.id;
  }

  get dimension(): number {
    return this.inner.dimension;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const start = performance.now();
    try {
      return await this.inner.embed(texts);
    } finally {
      this.embedMs += performance.now() - start;
    }
  }
}
