/** The embedding port. `id` names the model and dimension: vectors of different ids never share a collection. */
export interface Embedder {
  /** e.g. `ollama:nomic-embed-text:768` or `offline:hash-ngram-v1:512`. */
  readonly id: string;
  readonly dimension: number;
  /** Embeds texts in order; one vector per text. Throws AppError `embed_failed`. */
  embed(texts: string[]): Promise<number[][]>;
}

/** Cosine similarity of two vectors of equal length (dot product when both are unit vectors). */
export function cosineSimilarity(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let k = 0; k < a.length; k++) {
    const x = a[k] ?? 0;
    const y = b[k] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
