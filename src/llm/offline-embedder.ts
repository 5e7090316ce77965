import type { Embedder } from "../core/embedder.js";
import { isHangulSyllableCode } from "../text/korean.js";
import { embeddingTokens } from "../text/tokenizer.js";

/** Default vector size: large enough that a memory's ~50 features rarely collide, small enough to scan fast. */
export const OFFLINE_EMBEDDER_DIMENSION = 512;

/**
 * Feature weights, compared on kmem-dev with tools/scripts/tune-recall.ts (syllable 0 / 0.35 / 0.7, trigram
 * 0.5 / 1): tokens (the BM25 tokenizer's bigrams, words and numbers) carry the meaning; syllables at
 * 0.35 and trigrams at 0.5 gave the best overall MRR (numeric MRR 0.94 vs 0.84–0.97, mixed-language
 * recall@5 0.39 vs 0.28) without changing keyword, inflection or negative results.
 */
export const OFFLINE_FEATURE_WEIGHTS = { token: 1, syllable: 0.35, trigram: 0.5 } as const;

export interface OfflineEmbedderOptions {
  /** Vector size; default {@link OFFLINE_EMBEDDER_DIMENSION}. */
  dimension?: number;
}

/**
 * Deterministic embedder without model weights, for tests, local mode and benchmarks.
 *
 * Feature hashing (Weinberger et al., 2009) of character n-gram features of the NFC, lower-cased text:
 *
 *   v[h(f) mod D] += sign(f) · w_type(f) · (1 + ln tf(f)),   then v ← v / ‖v‖₂
 *
 * with h = FNV-1a (32 bit) of the feature tagged with its type, sign(f) = ±1 from the hash's top bit
 * (so collisions cancel on average instead of piling up), and features: the tokenizer's tokens
 * (`embeddingTokens`, frozen so that stored vectors stay comparable), Hangul syllables, and Latin
 * character trigrams of each word padded with `_`. Cosine similarity of two vectors then approximates a
 * weighted n-gram overlap: lexical, not semantic.
 */
export class OfflineEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;

  constructor(options: OfflineEmbedderOptions = {}) {
    this.dimension = options.dimension ?? OFFLINE_EMBEDDER_DIMENSION;
    if (!Number.isInteger(this.dimension) || this.dimension <= 0) {
      throw new RangeError(`dimension must be a positive integer, got ${this.dimension}`);
    }
    this.id = `offline:hash-ngram-v1:${this.dimension}`;
  }

  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((text) => this.embedOne(text));
  }

  /** Synchronous form of {@link embed} for one text. */
  embedOne(text: string): number[] {
    const counts = new Map<string, number>();
    const add = (feature: string): void => {
      counts.set(feature, (counts.get(feature) ?? 0) + 1);
    };
    for (const token of embeddingTokens(text)) add(`t:${token}`);
    const normalized = text.normalize("NFC").toLowerCase();
    for (const ch of normalized) {
      if (isHangulSyllableCode(ch.charCodeAt(0))) add(`s:${ch}`);
    }
    for (const word of normalized.match(LATIN_WORD) ?? []) {
      const padded = `_${word}_`;
      for (let k = 0; k + 3 <= padded.length; k++) add(`c:${padded.slice(k, k + 3)}`);
    }
    // A text of none of these (emoji, jamo, a short Latin word, punctuation) by its characters: a
    // vector of no direction would be as near to every text as to none (a store reads it as similar to
    // all). Only a text of spaces alone has none.
    if (counts.size === 0) for (const ch of normalized) if (!/\s/u.test(ch)) add(`t:${ch}`);
    const vector = new Array<number>(this.dimension).fill(0);
    for (const [feature, tf] of counts) {
      const hash = fnv1a(feature);
      const sign = hash & 0x80000000 ? -1 : 1;
      const index = hash % this.dimension;
      // Sublinear term frequency: a repeated n-gram counts, but less than a new one.
      vector[index] = (vector[index] ?? 0) + sign * featureWeight(feature) * (1 + Math.log(tf));
    }
    return l2Normalize(vector);
  }
}

const LATIN_WORD = /[a-z]{3,}/g;

function featureWeight(feature: string): number {
  switch (feature[0]) {
    case "s":
      return OFFLINE_FEATURE_WEIGHTS.syllable;
    case "c":
      return OFFLINE_FEATURE_WEIGHTS.trigram;
    default:
      return OFFLINE_FEATURE_WEIGHTS.token;
  }
}

/** FNV-1a, 32 bit, over UTF-16 code units; returns an unsigned integer. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) {
    hash ^= text.charCodeAt(k);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function l2Normalize(vector: number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  if (sum === 0) return vector;
  const inv = 1 / Math.sqrt(sum);
  return vector.map((x) => x * inv);
}
