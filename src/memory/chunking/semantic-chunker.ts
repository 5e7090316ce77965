import { AppError } from "../../core/errors.js";
import { cosineSimilarity } from "../../core/embedder.js";
import { BREAK, type Segments } from "./segments.js";
import { chunkSegments, type SegmentSpan } from "./token-chunker.js";

/** What the semantic chunker needs of an embedder: one vector per text, in order. */
export interface SentenceEmbedder {
  embed(texts: string[]): Promise<number[][]>;
}

export interface SemanticChunkOptions {
  maxTokens: number;
  minTokens: number;
  breakpointThreshold: number;
}

/** A run of segments (inclusive) and its approximate token count. */
interface Unit {
  first: number;
  last: number;
  tokens: number;
}

/**
 * The semantic strategy: sentences, one embedding request for all of them, a boundary wherever the
 * cosine similarity of two consecutive sentences is below `breakpointThreshold`; groups under
 * `minTokens` merged into a neighbour; groups over `maxTokens` cut by the token strategy (no overlap).
 *
 * A sentence over `maxTokens` is cut by the token strategy first and its pieces count as sentences,
 * so no text sent to the embedder is longer than a chunk. Linear in the text, plus the embedder.
 */
export async function chunkSemantically(
  text: string,
  seg: Segments,
  embedder: SentenceEmbedder,
  options: SemanticChunkOptions,
): Promise<SegmentSpan[]> {
  const units = sentenceUnits(text, seg, options.maxTokens);
  if (units.length < 2) return chunkSegments(text, seg, { from: 0, to: seg.length }, noOverlap(options));
  const texts = units.map((u) => text.slice(seg.start[u.first]!, seg.end[u.last]!));
  const vectors = await embedder.embed(texts);
  if (vectors.length !== texts.length) {
    throw new AppError(
      "embed_failed",
      `the embedder returned ${vectors.length} vectors for ${texts.length} sentences`,
    );
  }
  // similarity[i]: sentence i against sentence i + 1.
  const similarity = units.slice(1).map((_, i) => cosineSimilarity(vectors[i]!, vectors[i + 1]!));
  const groups = mergeSmallGroups(topicGroups(units, similarity, options.breakpointThreshold), options);
  const chunks: SegmentSpan[] = [];
  for (const group of groups) {
    chunks.push(...chunkSegments(text, seg, { from: group.first, to: group.last + 1 }, noOverlap(options)));
  }
  return chunks;
}

function noOverlap(options: SemanticChunkOptions) {
  return { maxTokens: options.maxTokens, overlapTokens: 0 };
}

/** Sentences as segment runs (a sentence ends at a segment followed by a sentence or paragraph end). */
function sentenceUnits(text: string, seg: Segments, maxTokens: number): Unit[] {
  const units: Unit[] = [];
  let first = 0;
  let tokens = 0;
  for (let i = 0; i < seg.length; i++) {
    tokens += seg.tokens[i]!;
    if (seg.breakAfter[i]! < BREAK.sentence && i < seg.length - 1) continue;
    if (tokens <= maxTokens) units.push({ first, last: i, tokens });
    else {
      const pieces = chunkSegments(text, seg, { from: first, to: i + 1 }, { maxTokens, overlapTokens: 0 });
      for (const p of pieces) units.push({ first: p.first, last: p.last, tokens: p.tokens });
    }
    first = i + 1;
    tokens = 0;
  }
  return units;
}

/** A group of consecutive units, with the similarity across the boundary before it. */
interface Group extends Unit {
  /** Similarity of the group's first sentence to the sentence before it (-Infinity for the first group). */
  similarityBefore: number;
}

/** Consecutive units grouped, a new group wherever the similarity drops below the threshold. */
function topicGroups(units: Unit[], similarity: number[], threshold: number): Group[] {
  const groups: Group[] = [];
  let current: Group = { ...units[0]!, similarityBefore: -Infinity };
  for (let i = 1; i < units.length; i++) {
    const unit = units[i]!;
    const sim = similarity[i - 1]!;
    if (sim < threshold) {
      groups.push(current);
      current = { ...unit, similarityBefore: sim };
    } else {
      current.last = unit.last;
      current.tokens += unit.tokens;
    }
  }
  groups.push(current);
  return groups;
}

/**
 * Each group under `minTokens` joins a neighbour: of those it still fits with (within `maxTokens`), the
 * one across the boundary of higher similarity; when it fits with neither, the more similar one all
 * the same (the token strategy then cuts the result). One pass, left to right: a group that took a
 * small one in on its left is looked at again when its turn comes.
 */
function mergeSmallGroups(groups: Group[], options: SemanticChunkOptions): Group[] {
  const out: Group[] = [];
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const left = out.at(-1);
    const right = groups[i + 1];
    if (group.tokens >= options.minTokens || (!left && !right)) {
      out.push(group);
      continue;
    }
    const fitsLeft = left !== undefined && left.tokens + group.tokens <= options.maxTokens;
    const fitsRight = right !== undefined && right.tokens + group.tokens <= options.maxTokens;
    const leftSim = left ? group.similarityBefore : -Infinity;
    const rightSim = right ? right.similarityBefore : -Infinity;
    const toLeft = fitsLeft === fitsRight ? leftSim >= rightSim : fitsLeft;
    if (toLeft && left) {
      left.last = group.last;
      left.tokens += group.tokens;
    } else if (right) {
      // The right neighbour starts where this group starts and keeps this group's boundary before it.
      groups[i + 1] = {
        ...right,
        first: group.first,
        tokens: right.tokens + group.tokens,
        similarityBefore: group.similarityBefore,
      };
    }
  }
  return out;
}
