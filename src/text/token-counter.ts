import cl100kBase from "js-tiktoken-real/ranks/cl100k_base";
import { bytePairTokenEnds, parseBpeRanks, toByteString, type BpeRanks } from "./byte-pair.js";
import { trimEndWhile } from "./trim.js";

/** Counts and cuts text in model tokens. Injected so tests can count something simpler. */
export interface TokenCounter {
  count(text: string): number;
  /** The longest prefix of `text` of at most `maxTokens` tokens (no broken character at the end). */
  truncate(text: string, maxTokens: number): string;
}

interface Encoding {
  /** tiktoken's pre-tokenizer: the text is cut into these pieces and each is encoded on its own. */
  pieces: RegExp;
  ranks: BpeRanks;
}

let encoding: Encoding | undefined;

// Building the rank table parses the whole vocabulary, so it happens on first use (or at start with
// preloadTokenizer), never at import.
function cl100k(): Encoding {
  encoding ??= { pieces: new RegExp(cl100kBase.pat_str, "gu"), ranks: parseBpeRanks(cl100kBase.bpe_ranks) };
  return encoding;
}

/** Decoding a prefix may end inside a multi-byte character; that shows as U+FFFD. */
const isReplacementChar = (c: string): boolean => c === "\uFFFD";

/** Pieces up to this many characters have their token counts cached (words, numbers, punctuation). */
const CACHED_PIECE_CHARS = 32;
/** The cache is emptied when it holds this many pieces: its memory stays bounded whatever the traffic. */
const PIECE_CACHE_SIZE = 20_000;
const pieceCounts = new Map<string, number>();

/** Tokens of one piece, from the cache when it is short and was seen before. */
function countPiece(piece: string, ranks: BpeRanks): number {
  const cacheable = piece.length <= CACHED_PIECE_CHARS;
  const cached = cacheable ? pieceCounts.get(piece) : undefined;
  if (cached !== undefined) return cached;
  const bytes = toByteString(piece);
  const count = ranks.byBytes.has(bytes) ? 1 : bytePairTokenEnds(bytes, ranks).length;
  if (cacheable) {
    if (pieceCounts.size >= PIECE_CACHE_SIZE) pieceCounts.clear();
    pieceCounts.set(piece, count);
  }
  return count;
}

function tokenEnds(piece: string, ranks: BpeRanks): number[] {
  return bytePairTokenEnds(toByteString(piece), ranks);
}

/**
 * cl100k_base token counts, as the project budgets prompts: the same tokens as js-tiktoken's
 * `encode(text, [], [])` (special-token text such as "<|endoftext|>" counts as plain text), in time
 * O(n log n) in the longest run without spaces, where js-tiktoken's is quadratic (see byte-pair.ts).
 *
 * Both functions walk the text piece by piece with tiktoken's own pre-tokenizer regex, and `truncate`
 * stops at the piece where the budget runs out.
 */
export const cl100kTokenCounter: TokenCounter = {
  count(text: string): number {
    const { pieces, ranks } = cl100k();
    let total = 0;
    for (const match of text.matchAll(pieces)) total += countPiece(match[0], ranks);
    return total;
  },
  truncate(text: string, maxTokens: number): string {
    if (maxTokens <= 0) return "";
    const { pieces, ranks } = cl100k();
    let used = 0;
    for (const match of text.matchAll(pieces)) {
      const piece = match[0];
      // A long piece is merged once here, for its count and its cut alike.
      const ends = piece.length > CACHED_PIECE_CHARS ? tokenEnds(piece, ranks) : undefined;
      const count = ends?.length ?? countPiece(piece, ranks);
      if (used + count <= maxTokens) {
        used += count;
        continue;
      }
      const head = text.slice(0, match.index);
      const room = maxTokens - used;
      if (room === 0) return head;
      const bytes = toByteString(piece);
      const end = (ends ?? tokenEnds(piece, ranks))[room - 1];
      return (
        head + trimEndWhile(Buffer.from(bytes.slice(0, end), "latin1").toString("utf8"), isReplacementChar)
      );
    }
    return text;
  },
};

/** Builds the cl100k_base rank table now, so the first reply does not pay for it. */
export function preloadTokenizer(): void {
  cl100k();
}
