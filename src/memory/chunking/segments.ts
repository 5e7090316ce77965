import { cl100kTokenCounter } from "../../text/token-counter.js";
import { endsSentence, FULL_WIDTH_END, lineBreaks } from "../../text/sentence-end.js";

/** The kind of boundary after a segment, weakest first: the chunker ends a chunk at the strongest. */
export const BREAK = { inside: 0, word: 1, sentence: 2, paragraph: 3 } as const;
export type BreakKind = (typeof BREAK)[keyof typeof BREAK];

/**
 * A text cut into segments: words (runs of non-space characters), each with the kind of boundary that
 * follows it and its approximate cl100k token count. The chunkers cut only between segments.
 *
 * A word longer than `maxTokens` tokens (a run without any space: a URL, base64, Korean typed without
 * spaces) is cut into pieces of at most `maxTokens` at character boundaries, with `BREAK.inside`
 * between them — the only boundaries inside a word.
 *
 * Struct of arrays: a long text has a segment per word, too many for an object each.
 */
export interface Segments {
  readonly length: number;
  /** Offset of the segment's first character (never a space). */
  readonly start: number[];
  /** Offset just after its last non-space character. */
  readonly end: number[];
  /**
   * Tokens of the segment with the whitespace around it, split as tiktoken's pre-tokenizer splits it:
   * the spaces before a word go with it, line breaks after a word with the word before them (so
   * `다.\n` is counted as `다` `.\n`). The sum over consecutive segments is within a token or two of
   * the count of their text; chunkers check the exact count of what they cut.
   */
  readonly tokens: number[];
  readonly breakAfter: BreakKind[];
  /** True where `tokens` is the exact count of the segment's own text (the pieces of a cut run). */
  readonly exact: boolean[];
}

/** Counts of short segment texts are cached: words repeat. */
const CACHED_SEGMENT_CHARS = 24;
const SEGMENT_CACHE_SIZE = 50_000;

/** A cl100k counter with a cache for short texts (one per segmentation: no state between calls). */
function cachedCounter(): (text: string) => number {
  const cache = new Map<string, number>();
  return (text) => {
    if (text.length > CACHED_SEGMENT_CHARS) return cl100kTokenCounter.count(text);
    let count = cache.get(text);
    if (count === undefined) {
      count = cl100kTokenCounter.count(text);
      if (cache.size >= SEGMENT_CACHE_SIZE) cache.clear();
      cache.set(text, count);
    }
    return count;
  };
}

/**
 * A word longer than this many characters per token of `maxTokens` goes straight to cutRun, which
 * counts it a window at a time (the ratio is about 4 for English, 0.4–1 for Korean).
 */
const LONG_WORD_CHARS_PER_TOKEN = 2;

/** Runs of non-space characters. */
const WORD = /\S+/g;

/** Cuts `text` into segments in one pass: O(n) regex work, and O(n log n) for runs without spaces. */
export function segment(text: string, maxTokens: number): Segments {
  const words = findWords(text);
  const out: SegmentArrays = { start: [], end: [], tokens: [], breakAfter: [], exact: [] };
  const count = cachedCounter();
  // Where the counted text of the next segment starts: after the last line break before it.
  let countFrom = 0;
  for (let i = 0; i < words.length; i += 2) {
    const start = words[i]!;
    const end = words[i + 1]!;
    const nextStart = i + 2 < words.length ? words[i + 2]! : text.length;
    const breaks = lineBreaks(text, end, nextStart);
    let breakAfter: BreakKind;
    if (nextStart === text.length || breaks >= 2) breakAfter = BREAK.paragraph;
    else if (breaks === 1 || nextStart === end || endsSentence(text.slice(start, end)))
      breakAfter = BREAK.sentence;
    else breakAfter = BREAK.word;
    // The counted text runs to the last line break after the word; the spaces after it go to the next.
    const countTo = breaks > 0 ? lastLineBreakEnd(text, end, nextStart) : end;
    // A long word goes to cutRun before it is counted whole: counting a run costs time in its length,
    // and cutRun needs only its pieces' counts.
    const tokens =
      end - start > LONG_WORD_CHARS_PER_TOKEN * maxTokens ? Infinity : count(text.slice(countFrom, countTo));
    if (tokens > maxTokens) cutRun(text, { start, end, breakAfter }, maxTokens, out);
    else push(out, start, end, tokens, breakAfter, false);
    countFrom = countTo;
  }
  return { length: out.start.length, ...out };
}

type SegmentArrays = Omit<Segments, "length">;

function push(
  out: SegmentArrays,
  start: number,
  end: number,
  tokens: number,
  breakAfter: BreakKind,
  exact: boolean,
): void {
  out.start.push(start);
  out.end.push(end);
  out.tokens.push(tokens);
  out.breakAfter.push(breakAfter);
  out.exact.push(exact);
}

/**
 * Start and end offsets of the words of `text`, flat: [start0, end0, start1, end1, …]. A word is cut
 * after a full-width terminator (`。`, `！`, `？`) that has more of the word after it.
 */
function findWords(text: string): number[] {
  const words: number[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const word = match[0];
    let from = start;
    if (/[。！？]/u.test(word)) {
      for (const end of word.matchAll(FULL_WIDTH_END)) {
        const cut = start + end.index + end[0].length;
        if (cut < start + word.length) {
          words.push(from, cut);
          from = cut;
        }
      }
    }
    words.push(from, start + word.length);
  }
  return words;
}

/** Offset just after the last line break in text[from, to). */
function lastLineBreakEnd(text: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i + 1;
  }
  return from;
}

interface Run {
  start: number;
  end: number;
  breakAfter: BreakKind;
}

/** A window this much longer than the last piece (in characters) usually holds the next one. */
const WINDOW_SLACK = 1.25;

/**
 * Cuts a word into pieces of at most `maxTokens` tokens at character boundaries (one piece when it
 * fits). Each cut counts a window of the run only: the last piece's length with some slack, doubled
 * while the whole window fits. So each piece costs O(w log w) for w its own length, and the run
 * O(n log n) (js-tiktoken's truncate on the whole run would be quadratic in it).
 */
function cutRun(text: string, run: Run, maxTokens: number, out: SegmentArrays): void {
  let window = maxTokens * 4;
  let from = run.start;
  while (from < run.end) {
    const limit = Math.min(run.end, from + window);
    const slice = text.slice(from, limit);
    let budget = maxTokens;
    let head = cl100kTokenCounter.truncate(slice, budget);
    if (head.length === slice.length && limit < run.end) {
      window *= 2;
      continue;
    }
    // A prefix of tiktoken's tokens may count a token more on its own: cut shorter until it fits.
    let tokens = cl100kTokenCounter.count(head);
    while (tokens > maxTokens && budget > 1) {
      budget = Math.max(1, budget - (tokens - maxTokens));
      head = cl100kTokenCounter.truncate(slice, budget);
      tokens = cl100kTokenCounter.count(head);
    }
    // Never an empty piece: at least one code point.
    if (head.length === 0) {
      head = String.fromCodePoint(slice.codePointAt(0)!);
      tokens = cl100kTokenCounter.count(head);
    }
    const cut = from + head.length;
    push(out, from, cut, tokens, cut >= run.end ? run.breakAfter : BREAK.inside, true);
    window = Math.ceil(head.length * WINDOW_SLACK) + 16;
    from = cut;
  }
}
