import type { MemoryConfig } from "../../config/memory-config.js";
import { segment } from "./segments.js";
import { chunkSemantically, type SentenceEmbedder } from "./semantic-chunker.js";
import { chunkSegments, type SegmentSpan } from "./token-chunker.js";

/** A piece of a text, cut by a {@link Chunker}. */
export interface Chunk {
  /** `input.slice(start, end)`: it starts and ends with a non-space character. */
  text: string;
  /** 0, 1, 2, … in the order of the input. */
  index: number;
  /** cl100k_base tokens of `text` (exact). */
  tokens: number;
  /** Character offsets (UTF-16 code units) into the input. */
  start: number;
  end: number;
}

/** Cuts a text into chunks for embedding (the first stage of the memory pipeline). */
export interface Chunker {
  /** The chunks of `text` in order; none for an empty or all-space text. */
  chunk(text: string): Promise<Chunk[]>;
}

export type ChunkerConfig = MemoryConfig["memory"]["chunker"];

export interface ChunkerDeps {
  /** Needed by the semantic strategy; without one it falls back to the token strategy. */
  embedder?: SentenceEmbedder | undefined;
}

/**
 * The chunker `[memory.chunker]` configures (README: "Memory pipeline configuration"):
 *
 * - `strategy = "token"`: chunks of at most `max_tokens` cl100k tokens (a text that fits is one chunk),
 *   each ending at the last paragraph or sentence end in its last quarter, else at its last word
 *   boundary — never inside a word, except inside a run without spaces longer than `max_tokens`,
 *   which is cut at a character boundary. Each chunk after the first repeats the last at most
 *   `overlap_tokens` tokens of the one before, from a word boundary (none inside such a run).
 * - `strategy = "semantic"`: sentences embedded in one `embed` call; a boundary where two consecutive
 *   sentences' cosine similarity is below `breakpoint_threshold`; chunks under `min_tokens` merged
 *   into a neighbour; chunks over `max_tokens` cut by the token rules. Without an embedder: the token
 *   strategy with the same `max_tokens` and `overlap_tokens`.
 *
 * Sentence ends: `.`, `!`, `?`, `…` before a space (Korean 다. 요. 죠. 까? 니다. 음. 함. alike; not
 * abbreviations or bare numbers), `。！？`, and line breaks; a blank line ends a paragraph
 * (sentence-end.ts). The work is linear in the text (throughput: docs/benchmarks.md, "Chunker
 * throughput").
 *
 * LlamaIndex's `SentenceSplitter` is not used: its sentence tokenizer is quadratic (docs/benchmarks.md,
 * "Chunker throughput"), its primary sentence rule cannot be replaced, and it returns trimmed
 * strings without offsets and overlaps by whole sentences (no overlap when the last sentence is over
 * the budget). `TokenTextSplitter` is linear but knows no sentences.
 *
 * @example
 * const chunker = createChunker(memoryConfig.memory.chunker, { embedder });
 * const chunks = await chunker.chunk(longNote); // [{ text, index: 0, tokens: 498, start: 0, end: 1290 }, …]
 */
export function createChunker(config: ChunkerConfig, deps: ChunkerDeps = {}): Chunker {
  const maxTokens = config.max_tokens;
  const { embedder } = deps;
  return {
    async chunk(text: string): Promise<Chunk[]> {
      const seg = segment(text, maxTokens);
      if (seg.length === 0) return [];
      const spans: SegmentSpan[] =
        config.strategy === "semantic" && embedder
          ? await chunkSemantically(text, seg, embedder, {
              maxTokens,
              minTokens: config.min_tokens,
              breakpointThreshold: config.breakpoint_threshold,
            })
          : chunkSegments(
              text,
              seg,
              { from: 0, to: seg.length },
              { maxTokens, overlapTokens: config.overlap_tokens },
            );
      return spans.map((s, index) => ({ text: s.text, index, tokens: s.tokens, start: s.start, end: s.end }));
    },
  };
}
