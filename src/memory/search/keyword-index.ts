import { LRUCache } from "lru-cache";
import { queryContentTokens, tokenize } from "../../text/tokenizer.js";
import { crossScriptDocTerms } from "../../text/cross-script.js";
import { Bm25Postings } from "./bm25-postings.js";
import type { KeywordSnapshots } from "./keyword-snapshots.js";
import { OTHER_NAME_COVERAGE_WEIGHT, queryWords } from "./query-words.js";

/** A memory as the keyword index sees it: its text plus the fields recall filters on. */
export interface KeywordDoc {
  id: string;
  text: string;
  /** ms since the epoch. */
  timestamp: number;
  channelId: string;
  channelType: string;
  /** Who may see it in a channel (core/visibility.ts); set by keywordDoc (keyword-build.ts). */
  visibility?: string;
  /** Its topic labels, for recall narrowed by topic and topic counts. */
  topics?: string[];
  /** The document it is a chunk of (`extra.parent_id`). */
  parentId?: string;
  /** How it came (`MemorySource`): conversation context links only captured conversation. */
  source?: string;
  /** Who wrote the text when it is a message the user saved ("Remember this": `extra.author`). */
  author?: string;
  /** The Slack message it was kept from, with `channelId` (`extra.message_ts`): undo from the message. */
  messageTs?: string;
}

export interface KeywordSearchOptions {
  /** Maximum hits returned, best first. */
  limit: number;
  /** Keeps only the docs it returns true for (e.g. the channel scope). Applied before `limit`. */
  filter?: (doc: KeywordDoc) => boolean;
}

/** One BM25 hit. */
export interface KeywordHit {
  id: string;
  /** The BM25+ score (times the number of matched query terms, as MiniSearch ranks; bm25-postings.ts). */
  score: number;
  /**
   * IDF-weighted share of the query's content terms (its tokens minus the bigrams joining two words,
   * see contentTokens) the doc contains, in [0, 1]:
   *   coverage(d) = Σ_{t ∈ q ∩ d} idf(t) / Σ_{t ∈ q} idf(t),  idf(t) = ln(1 + (N − df_t + 0.5) / (df_t + 0.5))
   * using BM25's own idf over this index. A term no memory contains has the largest idf, so a query
   * about something never said keeps a low coverage even when its common words match. A query word
   * the doc writes in the other script counts as contained; one it holds only by another name of the
   * thing counts {@link OTHER_NAME_COVERAGE_WEIGHT} of its idf (query-words.ts).
   */
  coverage: number;
  /** The query terms the doc contains (in the other script or by another name included). */
  matchedTerms: string[];
}

/** BM25+ parameters: MiniSearch's defaults (k1 = 1.2, b = 0.7, δ = 0.5); short memories gain little from tuning them. */
export const BM25_PARAMS = { k: 1.2, b: 0.7, d: 0.5 } as const;

/**
 * A query term counts as common above this share of the docs...
 * At 100k docs that is df > 1,000: idf ≤ ln(100) ≈ 4.6 against ≈ 11.5 for a term seen once.
 * The rule (KeywordIndex.search) removes the BM25 tail on large indexes (docs/benchmarks.md, "The
 * BM25 tail"); small indexes, the dev sets' included, are never affected.
 */
export const COMMON_TERM_DF_RATIO = 0.01;
/** ... and above this absolute df, so that small indexes (a few thousand memories) are never pruned. */
export const COMMON_TERM_MIN_DF = 1000;

/**
 * At most this many query terms are scored: the rarest ones (lowest df), which carry the largest idf and
 * have the shortest posting lists. Scoring costs a posting list per term, so without a cap a long message
 * (thousands of characters, a thousand distinct terms or more) costs a thousand posting lists; ordinary
 * questions and messages have far fewer terms than the cap, so they are never cut.
 */
export const MAX_QUERY_TERMS = 128;

/**
 * A term in at least this share of a user's memories is *ubiquitous*: Robertson–Spärck Jones idf,
 * ln((N − df + 0.5) / (df + 0.5)), is ≤ 0 from here on, i.e. containing the term is no evidence of
 * being relevant (BM25 implementations add 1 inside the log only to keep scores positive). A speaker's
 * name in a two-person conversation ("Odette: …" on every other turn) is the typical one. A hit that
 * matches nothing but ubiquitous terms is dropped when the query has a rarer term some memory
 * contains: "Wren: at 90!" is not an answer to "what is Wren allergic to?" just for being short.
 */
export const UBIQUITOUS_TERM_DF_RATIO = 0.5;
/** ... judged only in an index of at least this many memories (a handful of memories says nothing). */
export const UBIQUITY_MIN_DOCS = 20;

/**
 * Memory per indexed doc and per distinct (term, doc) posting, for {@link KeywordIndex.estimatedBytes}.
 * Measured as process.memoryUsage() heapUsed + arrayBuffers (the postings are typed arrays, outside
 * the heap) after a forced gc, before and after building indexes (npx tsx tools/bench/bm25-bytes.ts):
 * short synthetic memories and 20 joined into one (a document's chunks), fitted to a·docs +
 * b·postings + c·terms + 2·chars, then rounded up so that the estimate errs high — a posting is 8
 * bytes plus up to as much again of spare capacity (the run and the estimate's error per build are in
 * docs/benchmarks.md, "BM25 on demand").
 */
export const BYTES_PER_DOC = 240;
export const BYTES_PER_POSTING = 10;
/** Memory per distinct term (its posting list: an object and an Int32Array). */
export const BYTES_PER_TERM = 330;

/**
 * BM25 index of one user's memories (BM25+, {@link Bm25Postings}), with the Korean-aware {@link tokenize}.
 *
 * Texts are tokenized here once and handed to the postings pre-split, so documents and queries go
 * through exactly the same tokenizer; the postings' document frequencies also give
 * {@link KeywordHit.coverage}.
 */
/** How many docs {@link KeywordIndex.around} looks at, as a multiple of the docs it returns at most. */
export const AROUND_SCAN = 4;

export class KeywordIndex {
  private readonly bm25 = new Bm25Postings(BM25_PARAMS);
  private readonly docs = new Map<string, KeywordDoc>();
  /** Per channel, its docs' ids in time order (ties by id): a memory's neighbours in its conversation. */
  private readonly timelines = new Map<string, string[]>();
  /** All docs' ids in time order (ties by id), whatever their channel: the notes said around one. */
  private readonly timeline: string[] = [];
  /** Characters of the indexed texts: for {@link estimatedBytes}. */
  private chars = 0;

  /** Number of indexed docs. */
  get size(): number {
    return this.docs.size;
  }

  /** Adds docs; a doc whose id is already indexed replaces the old version. */
  add(docs: KeywordDoc[]): void {
    for (const doc of docs) {
      if (this.docs.has(doc.id)) this.remove([doc.id]);
      this.chars += doc.text.length;
      this.docs.set(doc.id, { ...doc });
      this.bm25.add(doc.id, tokenize(doc.text), crossScriptDocTerms(doc.text));
      const line = this.timelines.get(channelKey(doc));
      if (line) line.splice(this.timelineAt(line, doc), 0, doc.id);
      else this.timelines.set(channelKey(doc), [doc.id]);
      this.timeline.splice(this.timelineAt(this.timeline, doc), 0, doc.id);
    }
  }

  /** Removes docs by id; unknown ids are ignored. */
  remove(ids: readonly string[]): void {
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc === undefined) continue;
      this.chars -= doc.text.length;
      this.bm25.remove(id, tokenize(doc.text), crossScriptDocTerms(doc.text));
      const line = this.timelines.get(channelKey(doc))!;
      line.splice(this.timelineAt(line, doc), 1);
      if (line.length === 0) this.timelines.delete(channelKey(doc));
      this.timeline.splice(this.timelineAt(this.timeline, doc), 1);
      this.docs.delete(id);
    }
  }

  removeAll(): void {
    this.bm25.removeAll();
    this.timelines.clear();
    this.timeline.length = 0;
    this.docs.clear();
    this.chars = 0;
  }

  /**
   * Roughly how many bytes of heap the index holds, from counters kept as docs come and go:
   * {@link BYTES_PER_DOC} per doc, {@link BYTES_PER_POSTING} per distinct (term, doc) pair,
   * {@link BYTES_PER_TERM} per distinct term and 2 per character of text (V8 keeps Hangul two bytes a character; Latin-1 text takes less, so this errs
   * high). Constant time: the LRU of {@link KeywordIndexRegistry} weighs indexes with it.
   */
  get estimatedBytes(): number {
    return (
      this.docs.size * BYTES_PER_DOC +
      this.bm25.pairCount * BYTES_PER_POSTING +
      this.bm25.termCount * BYTES_PER_TERM +
      this.chars * 2
    );
  }

  /** Every indexed doc (topic counts, chunk siblings). */
  all(): IterableIterator<KeywordDoc> {
    return this.docs.values();
  }

  /** The indexed doc with this id, if any. */
  get(id: string): KeywordDoc | undefined {
    return this.docs.get(id);
  }

  /**
   * The docs said just before and just after this one in the same channel, later or earlier than it
   * (not at the same instant: a batch saved at once is no conversation) and at most `windowMs` away:
   * its conversation's context (a reply often holds the answer its question asked for). Unknown id:
   * none.
   */
  neighbours(id: string, windowMs: number): KeywordDoc[] {
    const doc = this.docs.get(id);
    if (!doc) return [];
    const line = this.timelines.get(channelKey(doc))!;
    const at = this.timelineAt(line, doc);
    return [line[at - 1], line[at + 1]]
      .map((other) => (other === undefined ? undefined : this.docs.get(other)))
      .filter((other): other is KeywordDoc => {
        const apart = other ? Math.abs(other.timestamp - doc.timestamp) : 0;
        return apart > 0 && apart <= windowMs;
      });
  }

  /**
   * The docs said right before (or after) this one in any channel, nearest first, that pass `accept`:
   * at most `limit` of them, looking at no more than `scan` docs — by default {@link AROUND_SCAN} times
   * `limit` (bounded work however many a scope may not see). Unknown id: none.
   */
  around(
    id: string,
    side: "before" | "after",
    limit: number,
    accept: (doc: KeywordDoc) => boolean,
    scan = limit * AROUND_SCAN,
  ): KeywordDoc[] {
    const doc = this.docs.get(id);
    if (doc === undefined) return [];
    const at = this.timelineAt(this.timeline, doc);
    const step = side === "before" ? -1 : 1;
    const out: KeywordDoc[] = [];
    for (let i = at + step, seen = 0; i >= 0 && i < this.timeline.length && out.length < limit; i += step) {
      if (++seen > scan) break;
      const other = this.docs.get(this.timeline[i]!)!;
      if (other.timestamp !== doc.timestamp && accept(other)) out.push(other);
    }
    return out;
  }

  /** Where `doc` is (or would go) in its channel's timeline: binary search on (timestamp, id). */
  private timelineAt(line: readonly string[], doc: KeywordDoc): number {
    let lo = 0;
    let hi = line.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.docs.get(line[mid]!)!;
      const before =
        other.timestamp < doc.timestamp || (other.timestamp === doc.timestamp && line[mid]! < doc.id);
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** How many indexed docs hold a term. */
  documentFrequency(term: string): number {
    return this.bm25.documentFrequency(term);
  }

  /** BM25 idf of a term in this index: ln(1 + (N − df + 0.5) / (df + 0.5)). */
  idf(term: string): number {
    const df = this.bm25.documentFrequency(term);
    const n = this.docs.size;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * BM25 search, best first; an empty or stop-word-only query finds nothing.
   *
   * Common terms are the index's own stop words: a query term in more than
   * max({@link COMMON_TERM_MIN_DF}, {@link COMMON_TERM_DF_RATIO}·N) docs is left out of the BM25
   * query, and a query of only common terms finds nothing here (the vector half still answers it).
   * Such a term tells thousands of docs apart by little more than their length (its idf is near
   * zero), while scoring its posting list is what made the BM25 tail (docs/benchmarks.md,
   * `tools/bench/bm25-tail.ts`). Coverage is computed
   * on the hits' own tokens, so it still counts a pruned term a hit contains. A long query is scored
   * on its {@link MAX_QUERY_TERMS} rarest terms. A hit matching only ubiquitous terms (in half the
   * memories or more, {@link UBIQUITOUS_TERM_DF_RATIO}) is left out when the query has a rarer term.
   */
  search(query: string, options: KeywordSearchOptions): KeywordHit[] {
    const written = queryWords(query);
    const queryTerms = [...new Set([...tokenize(query), ...written.searchTerms])];
    if (queryTerms.length === 0 || this.docs.size === 0 || options.limit <= 0) return [];
    const searchTerms = this.distinctiveTerms(queryTerms);
    if (searchTerms.length === 0) return [];
    const userFilter = options.filter;
    const filter =
      userFilter === undefined
        ? undefined
        : (id: string) => {
            const doc = this.docs.get(id);
            return doc !== undefined && userFilter(doc);
          };
    const found = this.bm25.search(searchTerms, filter);
    const informative = (term: string) => !this.isUbiquitous(term);
    const results = searchTerms.some(informative)
      ? found.filter((result) => result.terms.some(informative))
      : found;
    const idfs = new Map([...new Set(queryContentTokens(query))].map((term) => [term, this.idf(term)]));
    let idfTotal = 0;
    for (const value of idfs.values()) idfTotal += value;
    const hits: KeywordHit[] = [];
    for (const result of results.slice(0, options.limit)) {
      const id = String(result.id);
      const text = this.docs.get(id)?.text ?? "";
      // A query word the doc writes in the other script counts as present; by another name, in part.
      const tokens = new Set(tokenize(text));
      const named = new Set([...written.namedOtherwise(tokens), ...written.askedByVerb(tokens)]);
      const present = new Set([...tokens, ...written.writtenOtherwise(text)]);
      for (const term of written.answeredBy(new Set([...present, ...named]), text)) present.add(term);
      const matchedTerms: string[] = [];
      let matchedIdf = 0;
      for (const [term, idf] of idfs) {
        const weight = present.has(term) ? 1 : named.has(term) ? OTHER_NAME_COVERAGE_WEIGHT : 0;
        if (weight === 0) continue;
        matchedTerms.push(term);
        matchedIdf += weight * idf;
      }
      hits.push({
        id,
        score: result.score,
        coverage: idfTotal > 0 ? matchedIdf / idfTotal : 0,
        matchedTerms,
      });
    }
    return hits;
  }

  /** See {@link UBIQUITOUS_TERM_DF_RATIO}. */
  private isUbiquitous(term: string): boolean {
    const n = this.docs.size;
    return n >= UBIQUITY_MIN_DOCS && this.bm25.documentFrequency(term) >= UBIQUITOUS_TERM_DF_RATIO * n;
  }

  /** The terms some doc contains, without the common ones; the MAX_QUERY_TERMS rarest of a long query. */
  private distinctiveTerms(terms: string[]): string[] {
    const maxDf = Math.max(COMMON_TERM_MIN_DF, COMMON_TERM_DF_RATIO * this.docs.size);
    const distinctive = terms.filter((term) => {
      const df = this.bm25.documentFrequency(term);
      return df > 0 && df <= maxDf;
    });
    if (distinctive.length <= MAX_QUERY_TERMS) return distinctive;
    const df = (term: string) => this.bm25.documentFrequency(term);
    // Array.prototype.sort is stable: among equally rare terms the earlier ones stay.
    return distinctive.sort((a, b) => df(a) - df(b)).slice(0, MAX_QUERY_TERMS);
  }
}

/** BM25_CACHE_MB's default. */
export const DEFAULT_BM25_CACHE_MB = 256;

/** A doc's channel, for its conversation's timeline. */
function channelKey(doc: KeywordDoc): string {
  return `${doc.channelType}\u0000${doc.channelId}`;
}

/** One user's index being built: shared by every caller that asks meanwhile. */
interface Build {
  promise: Promise<KeywordIndex>;
  /** Set when the user's memories changed while it ran: its result is used once, never cached. */
  stale: boolean;
}

/** What a build gives: the index, and whether it may be cached (false: partial, e.g. the store down). */
export interface BuiltIndex {
  index: KeywordIndex;
  cacheable: boolean;
}

/**
 * The per-user BM25 indexes of this process, keyed `${teamId}:${userId}` (a query only ever scores
 * its own user's memories), built on demand and kept in an LRU bounded by their estimated size
 * ({@link KeywordIndex.estimatedBytes}, `BM25_CACHE_MB` in all): the least recently used are dropped
 * and built again from the vector index when needed.
 *
 * - {@link load}: the cached index, or one build shared by every caller asking meanwhile.
 * - {@link update}: a change this process made to the user's memories — applied to the cached index;
 *   a build in progress is marked stale instead (it may have read the store before the change).
 * - {@link invalidate}: the user's memories changed elsewhere — the cached index is dropped and a
 *   build in progress marked stale; the next use builds from the store.
 *
 * With `snapshots` (stores that version each user's memories, i.e. Chroma), what a build read from
 * the store is also kept on disk and the next build of an unchanged user reads it instead; a change
 * of the store — {@link stored} (this process's write), {@link invalidate}, {@link invalidateAll} —
 * removes it.
 *
 * A stale build (the per-user generation it started in has moved on) still answers the callers
 * waiting for it — as a search begun a moment earlier would have — but is not cached, and the next
 * caller starts a fresh build. An index larger than the whole cache is built and used, never kept.
 */
export class KeywordIndexRegistry {
  private readonly cache: LRUCache<string, KeywordIndex>;
  private readonly builds = new Map<string, Build>();
  /** Builds started (tests and logs). */
  buildsStarted = 0;
  /** Indexes the LRU dropped to make room since the start (metrics). */
  evictions = 0;
  /** What the indexes were built from, on disk, for stores that version their memories (see KeywordSnapshots). */
  readonly snapshots: KeywordSnapshots | undefined;

  constructor(options: { maxBytes?: number; snapshots?: KeywordSnapshots | undefined } = {}) {
    this.snapshots = options.snapshots;
    this.cache = new LRUCache<string, KeywordIndex>({
      maxSize: Math.max(1, Math.floor(options.maxBytes ?? DEFAULT_BM25_CACHE_MB * 1024 * 1024)),
      // lru-cache wants a positive integer; an empty index still weighs its Maps.
      sizeCalculation: (index) => Math.max(1, Math.ceil(index.estimatedBytes)),
      dispose: (_index, _key, reason) => {
        if (reason === "evict") this.evictions += 1;
      },
    });
  }

  /** The user's cached index, if any, without building one or touching its recency. */
  peek(teamId: string, userId: string): KeywordIndex | undefined {
    return this.cache.peek(userKey(teamId, userId));
  }

  /**
   * The user's index: the cached one (now the most recently used), or the result of `build` — one
   * build per user at a time, shared by every caller meanwhile. A failed build rejects every waiter
   * and leaves nothing cached; the next call builds again.
   */
  load(teamId: string, userId: string, build: () => Promise<BuiltIndex>): Promise<KeywordIndex> {
    const key = userKey(teamId, userId);
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const running = this.builds.get(key);
    if (running) return running.promise;
    const entry: Build = { stale: false, promise: Promise.resolve(undefined as never) };
    this.buildsStarted += 1;
    entry.promise = build().then(
      ({ index, cacheable }) => {
        if (this.builds.get(key) === entry) this.builds.delete(key);
        if (cacheable && !entry.stale) this.cache.set(key, index);
        return index;
      },
      (err: unknown) => {
        if (this.builds.get(key) === entry) this.builds.delete(key);
        throw err;
      },
    );
    this.builds.set(key, entry);
    return entry.promise;
  }

  /**
   * A change this process makes to the user's memories: `change` is applied to the cached index (then
   * weighed again); a build in progress is marked stale. Nothing happens when neither exists: the next
   * build reads the change from the store.
   */
  update(teamId: string, userId: string, change?: (index: KeywordIndex) => void): void {
    const key = userKey(teamId, userId);
    this.markStale(key);
    const cached = this.cache.peek(key);
    if (!cached || !change) return;
    change(cached);
    // Weighed again (lru-cache re-weighs only a new value, so out and in); an index grown past the
    // whole cache is dropped, and built again when next needed.
    this.cache.delete(key);
    this.cache.set(key, cached);
  }

  /**
   * This process's write to the user's memories reached the store: a build that ran across it is
   * stale, and their snapshot no longer matches the store.
   */
  stored(teamId: string, userId: string): void {
    this.markStale(userKey(teamId, userId));
    this.snapshots?.drop({ teamId, userId });
  }

  /** Drops the user's index and marks a build in progress stale; returns whether one was cached. */
  invalidate(teamId: string, userId: string): boolean {
    const key = userKey(teamId, userId);
    this.markStale(key);
    this.snapshots?.drop({ teamId, userId });
    return this.cache.delete(key);
  }

  /** Drops every index and marks every build in progress stale (changes may have been missed). */
  invalidateAll(): void {
    for (const key of [...this.builds.keys()]) this.markStale(key);
    this.cache.clear();
    this.snapshots?.dropAll();
  }

  /**
   * Takes the user's index out of memory as the LRU does when it needs room — nothing changed, so a
   * snapshot stays (benchmarks of a cold user, tests). Returns whether one was cached.
   */
  evict(teamId: string, userId: string): boolean {
    return this.cache.delete(userKey(teamId, userId));
  }

  /** Number of users with a cached index. */
  get size(): number {
    return this.cache.size;
  }

  /** Estimated bytes of the cached indexes. */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  private markStale(key: string): void {
    const running = this.builds.get(key);
    if (!running) return;
    running.stale = true;
    this.builds.delete(key);
  }
}

function userKey(teamId: string, userId: string): string {
  return `${teamId}:${userId}`;
}
