import { Ollama } from "ollama/browser";
import { AppError } from "../core/errors.js";
import type { Embedder } from "../core/embedder.js";
import { ollamaError, timeoutFetch } from "./ollama-client.js";

export interface OllamaEmbedderOptions {
  host: string;
  model: string;
  timeoutMs: number;
  /** Texts per `/api/embed` request. */
  batchSize: number;
}

/**
 * Embeddings from Ollama's batch endpoint `POST /api/embed {model, input: [...]}`: one request per
 * batch of texts, where LlamaIndex's `OllamaEmbedding` sends one `/api/embeddings` request per text.
 * Create with `OllamaEmbedder.create()`, which asks for one vector to learn the dimension.
 */
export class OllamaEmbedder implements Embedder {
  readonly id: string;

  private constructor(
    private readonly client: Ollama,
    private readonly options: OllamaEmbedderOptions,
    readonly dimension: number,
  ) {
    this.id = `ollama:${options.model}:${dimension}`;
  }

  static async create(options: OllamaEmbedderOptions): Promise<OllamaEmbedder> {
    const client = new Ollama({ host: options.host, fetch: timeoutFetch(options.timeoutMs) });
    const probe = new OllamaEmbedder(client, options, 0);
    const [vector] = await probe.embed(["dimension probe"]);
    if (!vector?.length)
      throw new AppError("embed_failed", `Ollama model ${options.model} returned an empty embedding`);
    return new OllamaEmbedder(client, options, vector.length);
  }

  async embed(texts: string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.options.batchSize) {
      const batch = texts.slice(i, i + this.options.batchSize);
      let embeddings: number[][];
      try {
        ({ embeddings } = await this.client.embed({ model: this.options.model, input: batch }));
      } catch (err) {
        const e = ollamaError(err, "embed", this.options.host);
        throw new AppError("embed_failed", e.message, { cause: err });
      }
      if (embeddings.length !== batch.length) {
        throw new AppError(
          "embed_failed",
          `Ollama returned ${embeddings.length} vectors for ${batch.length} texts`,
        );
      }
      for (const vector of embeddings) this.check(vector);
      out.push(...embeddings);
    }
    return out;
  }

  /**
   * A vector a store can compare: numbers only, finite, not all zero (a vector of no direction reads
   * as similar to every text in some stores), and as long as the model's (after the dimension probe).
   * Anything else is the model's fault, reported as `embed_failed`: a save waits for it in the journal,
   * recall goes on by words alone.
   */
  private check(vector: unknown): asserts vector is number[] {
    if (!Array.isArray(vector) || vector.length === 0)
      throw new AppError("embed_failed", `Ollama model ${this.options.model} returned an empty embedding`);
    if (this.dimension > 0 && vector.length !== this.dimension)
      throw new AppError(
        "embed_failed",
        `Ollama model ${this.options.model} returned ${vector.length} numbers, not ${this.dimension}`,
      );
    let norm = 0;
    for (const x of vector) {
      if (typeof x !== "number" || !Number.isFinite(x))
        throw new AppError(
          "embed_failed",
          `Ollama model ${this.options.model} returned a non-number in an embedding`,
        );
      norm += x * x;
    }
    if (norm === 0)
      throw new AppError("embed_failed", `Ollama model ${this.options.model} returned an embedding of zeros`);
  }
}
