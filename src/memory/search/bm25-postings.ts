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
 */
export class Bm25Postings {
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly shortIds = new Map<string, number>();
  private readonly ids = new Map<number, string>();
  private readonly lengths = new Map<number, number>();
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
    return this.postings.get(term)?.size ?? 0;
  }

  /** Distinct terms indexed. */
  get termCount(): number {
    return this.postings.size;
  }

  /** Distinct (term, document) pairs indexed. */
  get pairCount(): number {
    return this.postingCount;
  }

  /** Indexes a document's terms (duplicates count as term frequency). Throws on an id already indexed. */
  add(id: string, terms: readonly string[]): void {
    if (this.shortIds.has(id)) throw new Error(`duplicate document id ${id}`);
    const shortId = this.nextShortId++;
    this.shortIds.set(id, shortId);
    this.ids.set(shortId, id);
    this.documentCount += 1;
    const length = new Set(terms).size;
    const count = this.documentCount - 1;
    this.averageLength = (this.averageLength * count + length) / (count + 1);
    this.lengths.set(shortId, length);
    this.postingCount += length;
    for (const term of terms) {
      let docs = this.postings.get(term);
      if (docs === undefined) {
        docs = new Map();
        this.postings.set(term, docs);
      }
      docs.set(shortId, (docs.get(shortId) ?? 0) + 1);
    }
  }

  /** Removes a document indexed with these terms; an unknown id is ignored. */
  remove(id: string, terms: readonly string[]): void {
    const shortId = this.shortIds.get(id);
    if (shortId === undefined) return;
    const length = new Set(terms).size;
    this.postingCount -= length;
    const count = this.documentCount;
    this.averageLength = count === 1 ? 0 : (this.averageLength * count - length) / (count - 1);
    for (const term of new Set(terms)) {
      const docs = this.postings.get(term);
      if (docs === undefined) continue;
      docs.delete(shortId);
      if (docs.size === 0) this.postings.delete(term);
    }
    this.shortIds.delete(id);
    this.ids.delete(shortId);
    this.lengths.delete(shortId);
    this.documentCount -= 1;
  }

  removeAll(): void {
    this.postings.clear();
    this.shortIds.clear();
    this.ids.clear();
    this.lengths.clear();
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
      const docs = this.postings.get(term);
      if (docs === undefined) continue;
      const matching = docs.size;
      const idf = Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
      for (const [shortId, tf] of docs) {
        const length = this.lengths.get(shortId)!;
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
      const id = this.ids.get(shortId)!;
      if (filter && !filter(id)) continue;
      results.push({ id, score: score * (matched.length || 1), terms: matched });
    }
    return results.sort((x, y) => y.score - x.score);
  }
}
