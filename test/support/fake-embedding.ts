/** Default dimension of the fake Ollama's embeddings. */
export const FAKE_EMBED_DIM = 64;
/** Character n-gram length hashed into the vector. */
const NGRAM = 3;

/**
 * Deterministic stand-in for an embedding model: hashes the character trigrams of the lower-cased,
 * whitespace-normalised text (padded with spaces) into `dim` buckets with a ±1 sign, then L2-normalises.
 * Same text → same vector; texts sharing many trigrams → high cosine similarity. Empty text maps to
 * the unit vector e₀ so that cosine distance stays defined.
 *
 * @example fakeEmbedding("hello") // number[64], |v| = 1
 */
export function fakeEmbedding(text: string, dim: number = FAKE_EMBED_DIM): number[] {
  const vector = new Array<number>(dim).fill(0);
  const normalised = text.toLowerCase().replace(/\s+/g, " ").trim();
  if (normalised === "") {
    vector[0] = 1;
    return vector;
  }
  const padded = ` ${normalised} `;
  const chars = Array.from(padded);
  for (let i = 0; i + NGRAM <= chars.length; i++) {
    const hash = fnv1a(chars.slice(i, i + NGRAM).join(""));
    const bucket = hash % dim;
    vector[bucket] = (vector[bucket] ?? 0) + ((hash >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((v) => v / norm);
}

/** 32-bit FNV-1a over UTF-16 code units. */
function fnv1a(s: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    hash ^= s.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Cosine similarity of two equal-length vectors. */
export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
