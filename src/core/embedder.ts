/** The embedding port. `id` names the model and dimension: vectors of different ids never share a collection. */
export interface Embedder {
  /** e.g. `ollama:nomic-embed-text:768` or `offline:hash-ngram-v1:512`. */
  readonly id: string;
  readonly dimension: number;
  /** Embeds texts in order; one vector per text. Throws AppError `embed_failed`. */
  embed(texts: string[]): Promise<number[][]>;
}
