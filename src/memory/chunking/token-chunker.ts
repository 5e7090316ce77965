import { cl100kTokenCounter } from "../../text/token-counter.js";
import { BREAK, type Segments } from "./segments.js";

/**
 * A chunk ends at the last paragraph end, else sentence end, found in this last fraction of the
 * tokens that fit; else at the last word boundary.
 */
export const BOUNDARY_WINDOW = 0.25;

/** Most attempts at an overlap whose exact count is over budget before the chunk goes without one. */
const OVERLAP_ATTEMPTS = 8;

/** A run of segments `first..last` (inclusive) and its text, `text.slice(start, end)`. */
export interface SegmentSpan {
  first: number;
  last: number;
  start: number;
  end: number;
  text: string;
  /** Exact cl100k tokens of `text`. */
  tokens: number;
}

export interface TokenChunkOptions {
  maxTokens: number;
  overlapTokens: number;
}

/**
 * The token strategy over segments `from..to-1`: chunks of at most `maxTokens` exact cl100k tokens,
 * each ending at a paragraph or sentence end in its last {@link BOUNDARY_WINDOW} when there is one,
 * else at its last word boundary, else (inside a run without spaces) at a character boundary; each
 * after the first starting with at most `overlapTokens` tokens of the one before, from a word
 * boundary.
 *
 * Linear: every chunk walks its own segments once forward (to fill) and once back (to pick the end
 * and the overlap), and counts its text once — about (1 + overlap / maxTokens) passes over the text.
 */
export function chunkSegments(
  text: string,
  seg: Segments,
  range: { from: number; to: number },
  options: TokenChunkOptions,
): SegmentSpan[] {
  const { from, to } = range;
  const { maxTokens } = options;
  const chunks: SegmentSpan[] = [];
  if (from >= to) return chunks;
  const whole = singleChunk(text, seg, range, maxTokens);
  if (whole) return [whole];
  let first = from;
  let previousLast = from - 1;
  while (first < to) {
    const chunk = fillChunk(text, seg, { first, to, minLast: Math.max(first, previousLast + 1), maxTokens });
    chunks.push(chunk);
    if (chunk.last >= to - 1) break;
    previousLast = chunk.last;
    first = overlapStart(text, seg, chunk, options);
  }
  return chunks;
}

/** The whole range as one chunk when it has at most `maxTokens` tokens. */
function singleChunk(
  text: string,
  seg: Segments,
  { from, to }: { from: number; to: number },
  maxTokens: number,
): SegmentSpan | undefined {
  let approx = 0;
  for (let i = from; i < to && approx <= 2 * maxTokens; i++) approx += seg.tokens[i]!;
  // The approximate sum is never far above the exact count; past twice the limit it cannot fit.
  if (approx > 2 * maxTokens) return undefined;
  const span = spanOf(text, seg, from, to - 1);
  return span.tokens <= maxTokens ? span : undefined;
}

function spanOf(text: string, seg: Segments, first: number, last: number): SegmentSpan {
  const start = seg.start[first]!;
  const end = seg.end[last]!;
  const chunkText = text.slice(start, end);
  // A piece of a cut run was counted exactly already: counting it again is most of a run's cost.
  const tokens =
    first === last && seg.exact[first] ? seg.tokens[first]! : cl100kTokenCounter.count(chunkText);
  return { first, last, start, end, text: chunkText, tokens };
}

/**
 * The chunk that starts at segment `first` and ends at or after `minLast` (so it adds text the one
 * before did not have). Fills by approximate counts, then checks the exact count of the text and, if
 * it is over, fills again with a budget smaller by the excess.
 */
function fillChunk(
  text: string,
  seg: Segments,
  start: { first: number; to: number; minLast: number; maxTokens: number },
): SegmentSpan {
  const { to, minLast, maxTokens } = start;
  let { first } = start;
  let budget = maxTokens;
  for (;;) {
    let total = 0;
    let end = first;
    while (end < to && total + seg.tokens[end]! <= budget) total += seg.tokens[end++]!;
    // Segments are at most maxTokens long, but a budget cut by the excess may fit none of them.
    if (end <= minLast) end = minLast + 1;
    const last = end === to ? to - 1 : chooseLast(seg, { end, total, minLast });
    const span = spanOf(text, seg, first, last);
    if (span.tokens <= maxTokens) return span;
    if (last <= minLast) {
      // No room for new text after the overlap: drop the overlap. A single segment is never over
      // maxTokens (segments.ts cuts longer runs), so this ends.
      if (first === minLast) return span;
      first = minLast;
      budget = maxTokens;
      continue;
    }
    budget -= span.tokens - maxTokens;
  }
}

/**
 * The last segment (at least `minLast`) of a chunk that could hold segments up to `end - 1`, `total`
 * tokens from its first: the last
 * paragraph end, else sentence end, in the window of the last {@link BOUNDARY_WINDOW} of the tokens;
 * else the last word boundary; else `end - 1` (a run without spaces, cut inside).
 */
function chooseLast(
  seg: Segments,
  { end, total, minLast }: { end: number; total: number; minLast: number },
): number {
  const windowStart = total * (1 - BOUNDARY_WINDOW);
  let paragraph = -1;
  let sentence = -1;
  let word = -1;
  let after = 0;
  for (let j = end - 1; j >= minLast; j--) {
    const upTo = total - after; // tokens of first..j
    const kind = seg.breakAfter[j]!;
    if (upTo >= windowStart) {
      if (kind === BREAK.paragraph && paragraph < 0) paragraph = j;
      if (kind >= BREAK.sentence && sentence < 0) sentence = j;
    } else if (word >= 0) break;
    if (kind >= BREAK.word && word < 0) word = j;
    after += seg.tokens[j]!;
  }
  if (paragraph >= 0) return paragraph;
  if (sentence >= 0) return sentence;
  return word >= 0 ? word : end - 1;
}

/**
 * The first segment of the chunk after `chunk`: the earliest segment after a word boundary such that
 * the text from it to the chunk's end has at most `overlapTokens` exact tokens, and the segment after
 * the chunk still fits with it. Without such a segment, the one after the chunk (no overlap).
 */
function overlapStart(text: string, seg: Segments, chunk: SegmentSpan, options: TokenChunkOptions): number {
  const next = chunk.last + 1;
  if (options.overlapTokens <= 0) return next;
  const candidates: number[] = []; // latest first
  let approx = 0;
  for (let k = chunk.last; k > chunk.first; k--) {
    approx += seg.tokens[k]!;
    if (approx > options.overlapTokens) break;
    if (seg.breakAfter[k - 1]! >= BREAK.word) candidates.push(k);
  }
  // Earliest candidate first; an exact count over budget moves to the next one.
  const room = options.maxTokens - (seg.tokens[next] ?? 0);
  for (let i = candidates.length - 1, tries = 0; i >= 0 && tries < OVERLAP_ATTEMPTS; i--, tries++) {
    const k = candidates[i]!;
    const overlap = cl100kTokenCounter.count(text.slice(seg.start[k]!, chunk.end));
    if (overlap <= options.overlapTokens) return overlap <= room ? k : next;
  }
  return next;
}
