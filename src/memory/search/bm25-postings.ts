/** BM25+ parameters (k1, b, δ). */
export interface Bm25Params {
  k: number;
  b: number;
  d: number;
}

/** One scored document. */
export interface Bm25Result {
  id: string;
  /** Σ over matched query terms of BM25+, times the number of query terms matched. */
  score: number;
  /** The query terms the document contains, in query order. */
  terms: string[];
}

interface Posting {
  score: number;
  terms: string[];
}

/**
 * An inverted index of pre-tokenized documents scored with BM25+ — exactly MiniSearch 7's scoring and
 * order (`combineWith: "OR"`, no prefix or fuzzy match, one field), which the project used before,
 * without MiniSearch's radix tree: building a user's index on first use is what a cold recall waits
 * for, and a map of term → (document → term frequency) is built in less than half the time. The equality
 * (ids, order and scores, through adds, removes and searches) is tested against MiniSearch itself
 * (test/memory/bm25-postings.test.ts).
 *
 * What MiniSearch does and this keeps: a document's length is its number of distinct terms; the
 * average length is updated incrementally as documents come and go; idf = ln(1 + (N − n + 0.5) /
 * (n + 0.5)); a term's score per document is idf · (δ + tf·(k1 + 1) / (tf + k1·(1 − b + b·len/avg)));
 * results are accumulated term by term in posting order, multiplied by the number of matched query
 * terms and sorted by score, ties kept in that order.
 *
 * Memory: a user's index is held for as long as the user is in the BM25 cache, so the postings are
 * flat typed arrays rather than a Map per term — each term's (short id, term frequency) pairs
 * interleaved in one Int32Array in insertion order (which is ascending short id: ids are never
 * reused), document lengths in an Int32Array indexed by short id.
 */
export class Bm25Postings {
  private readonly postings = new Map<string, PostingList>();
  private readonly shortIds = new Map<string, number>();
  /** Document id by short id; undefined once removed. */
  private ids: (string | undefined)[] = [];
  /** Distinct terms of each document, by short id. */
  private lengths = new Int32Array(INITIAL_DOCS);
  private nextShortId = 0;
  private documentCount = 0;
  private averageLength = 0;
  private postingCount = 0;

  constructor(private readonly params: Bm25Params) {}

  get size(): number {
    return this.documentCount;
  }

  /** How many documents contain `term`. */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.length ?? 0;
  }

  /** Distinct terms indexed. */
  get termCount(): number {
    return this.postings.size;
  }

  /** Distinct (term, document) pairs indexed. */
  get pairCount(): number {
    return this.postingCount;
  }

  /**
   * Indexes a document's terms (duplicates count as term frequency). `spellings` are matched like
   * terms but add nothing to the document's length: other spellings of words its terms already count
   * (a word's cross-script sound key), so that a document is not scored as longer for having them.
   * Throws on an id already indexed.
   */
  add(id: string, terms: readonly string[], spellings: readonly string[] = []): void {
    if (this.shortIds.has(id)) throw new Error(`duplicate document id ${id}`);
    const shortId = this.nextShortId++;
    this.shortIds.set(id, shortId);
    this.ids.push(id);
    const frequencies = new Map<string, number>();
    for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    const length = frequencies.size;
    for (const term of spellings) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    this.documentCount += 1;
    const count = this.documentCount - 1;
    this.averageLength = (this.averageLength * count + length) / (count + 1);
    if (shortId >= this.lengths.length) this.lengths = grown(this.lengths, shortId + 1);
    this.lengths[shortId] = length;
    this.postingCount += frequencies.size;
    for (const [term, tf] of frequencies) {
      let list = this.postings.get(term);
      if (list === undefined) {
        list = new PostingList();
        this.postings.set(term, list);
      }
      list.push(shortId, tf);
    }
  }

  /** Removes a document indexed with these terms and spellings; an unknown id is ignored. */
  remove(id: string, terms: readonly string[], spellings: readonly string[] = []): void {
    const shortId = this.shortIds.get(id);
    if (shortId === undefined) return;
    const distinct = new Set(terms);
    const length = distinct.size;
    for (const term of spellings) distinct.add(term);
    this.postingCount -= distinct.size;
    const count = this.documentCount;
    this.averageLength = count === 1 ? 0 : (this.averageLength * count - length) / (count - 1);
    for (const term of distinct) {
      const list = this.postings.get(term);
      if (list === undefined) continue;
      list.delete(shortId);
      if (list.length === 0) this.postings.delete(term);
    }
    this.shortIds.delete(id);
    this.ids[shortId] = undefined;
    this.lengths[shortId] = 0;
    this.documentCount -= 1;
  }

  removeAll(): void {
    this.postings.clear();
    this.shortIds.clear();
    this.ids = [];
    this.lengths = new Int32Array(INITIAL_DOCS);
    this.nextShortId = 0;
    this.documentCount = 0;
    this.averageLength = 0;
    this.postingCount = 0;
  }

  /** Documents containing any of `terms` (distinct), best first; `filter` drops ids before sorting. */
  search(terms: readonly string[], filter?: (id: string) => boolean): Bm25Result[] {
    const { k, b, d } = this.params;
    const combined = new Map<number, Posting>();
    for (const term of terms) {
      const list = this.postings.get(term);
      if (list === undefined) continue;
      const matching = list.length;
      const idf = Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
      const pairs = list.pairs;
      for (let at = 0; at < matching * 2; at += 2) {
        const shortId = pairs[at]!;
        const tf = pairs[at + 1]!;
        const length = this.lengths[shortId]!;
        const score = idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / this.averageLength)));
        const existing = combined.get(shortId);
        if (existing === undefined) combined.set(shortId, { score, terms: [term] });
        else {
          existing.score += score;
          if (!existing.terms.includes(term)) existing.terms.push(term);
        }
      }
    }
    const results: Bm25Result[] = [];
    for (const [shortId, { score, terms: matched }] of combined) {
      const id = this.ids[shortId]!;
      if (filter && !filter(id)) continue;
      results.push({ id, score: score * (matched.length || 1), terms: matched });
    }
    return results.sort((x, y) => y.score - x.score);
  }
}

/** Documents the lengths array starts with; it doubles as needed. */
const INITIAL_DOCS = 64;
/** Pairs a new posting list has room for: most terms occur in one or two documents. */
const INITIAL_PAIRS = 2;

/** A copy of `array` with room for at least `needed` elements (doubling). */
function grown(array: Int32Array<ArrayBuffer>, needed: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

/**
 * One term's documents: (short id, term frequency) pairs interleaved, in insertion order — ascending
 * short id, since short ids only grow — so a removal finds its pair by binary search.
 */
class PostingList {
  pairs = new Int32Array(INITIAL_PAIRS * 2);
  /** Pairs in use. */
  length = 0;

  push(shortId: number, tf: number): void {
    if ((this.length + 1) * 2 > this.pairs.length) this.pairs = grown(this.pairs, (this.length + 1) * 2);
    this.pairs[this.length * 2] = shortId;
    this.pairs[this.length * 2 + 1] = tf;
    this.length += 1;
  }

  /** Removes the pair of `shortId`, keeping the others' order; absent: nothing happens. */
  delete(shortId: number): void {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.pairs[mid * 2]!;
      if (at === shortId) {
        this.pairs.copyWithin(mid * 2, mid * 2 + 2, this.length * 2);
        this.length -= 1;
        return;
      }
      if (at < shortId) lo = mid + 1;
      else hi = mid - 1;
    }
  }
}
