import {
  changeOverlap,
  FactSlotMemo,
  sameFactSlot,
  statesOwnersDiffer,
  statesSameFact,
} from "../../extraction/fact-slots.js";
import { sameContentWord } from "../../extraction/content-words.js";
import { askedValueKinds, statementWords, type ValueKind } from "../../extraction/fact-words.js";
import { asksCurrentState, asksWhenItHappened } from "../../text/speech-act.js";
import { RRF_K, reciprocalRankFusion, relativeScoreFusion } from "./rrf.js";
import { tokenize } from "../../text/tokenizer.js";
import { queryWords } from "./query-words.js";
import {
  holdsTopic,
  saysOutsideQuery,
  sharesQueryTopic,
  topicTie,
  topicWords,
  type TopicWord,
} from "./query-topic.js";

/**
 * Final ranking of hybrid recall: fuses the vector and keyword candidates (weighted RRF or relative
 * score fusion, as the embedder's profile says: embedder-profiles.ts), marks which are
 * relevant enough to answer from, and lets a newer memory of the same fact supersede an older one.
 * Pure: the production retriever and tools/scripts/tune-recall.ts both call {@link rankHybrid}.
 */

/** A vector-search candidate. */
export interface VectorCandidate {
  id: string;
  /** Similarity to the query in the index's metric (the cosine by default; vector-index.ts similarityFrom). */
  similarity: number;
  /** ms since the epoch. */
  timestamp: number;
  text: string;
}

/** A BM25 candidate (see KeywordIndex.search). */
export interface KeywordCandidate {
  id: string;
  /** Raw BM25 score. */
  score: number;
  /** IDF-weighted share of the query terms the memory contains, in [0, 1]. */
  coverage: number;
  timestamp: number;
  text: string;
}

export interface HybridResult {
  id: string;
  /** RRF score, after any recency reordering (see {@link rankHybrid}). */
  score: number;
  /** 1-based rank in each retriever's list. */
  ranks: { vector?: number; keyword?: number };
  similarity?: number;
  keywordScore?: number;
  keywordCoverage?: number;
  timestamp: number;
  text: string;
  /** Whether the raw signals clear the relevance thresholds; false means the answer is that nothing is known. */
  relevant: boolean;
  /** Id of an older memory of the same fact that this one was moved above. */
  supersedes?: string;
  /** Id of the result this one was added or lifted beside as its conversation's context. */
  contextOf?: string;
  /**
   * Relevant only as that context: its own signals do not clear the relevance gate (`relevant` is its
   * anchor's). Said beside the answer, not an answer itself.
   */
  byContext?: true;
}

/** A memory said right before or after another in the same conversation ({@link ConversationContext}). */
export interface ContextDoc {
  id: string;
  timestamp: number;
  text: string;
}

/**
 * Conversation context: a memory said just before or after a top result in the same channel, within
 * {@link CONTEXT_WINDOW_MS}, joins the results at {@link CONTEXT_WEIGHT} of that result's score. In chat
 * a question and its answer are often two messages ("what's the farthest you've biked?" / "maybe 30 km"),
 * and only one of them shares words with what is asked later. Which memories have context (captured
 * conversation, not explicit saves) is the caller's rule (conversation-context.ts). Measured with the offline embedder
 * (`npm run memory -- eval --set … --k 10 --ablate`, docs/benchmarks.md): kconv-en R@10 0.50 → 0.62,
 * kconv-en-blind 0.51 → 0.68, kmem-dev unchanged (its memories are not conversations); the same with
 * 3–5 anchors and a weight of 0.3–0.5.
 */
export interface ConversationContext {
  /** The neighbours of a result, already limited to what the scope may see. */
  neighbours(id: string): ContextDoc[];
}

/** How many of the best results bring their neighbours. */
export const CONTEXT_ANCHORS = 5;
/** A neighbour's score as a share of its anchor's. */
export const CONTEXT_WEIGHT = 0.5;
/** At most this far apart in time, two memories of a channel are one conversation's neighbours. */
export const CONTEXT_WINDOW_MS = 10 * 60_000;

/**
 * A memory counts as relevant when its BM25 coverage of the query reaches this: the value that passes
 * every negative of kmem-dev while keeping its lexical answers relevant, between one that lets a
 * negative through and one that drops an inflection answer (swept with
 * `tools/scripts/tune-recall.ts --grid`; the figures in docs/benchmarks.md, "Relevance thresholds").
 */
export const MIN_KEYWORD_COVERAGE = 0.45;

/**
 * Relevance by cosine alone, for candidates BM25 did not find well. Tuned for the OfflineEmbedder,
 * whose cosine is lexical: on kmem-dev a range of values gives the same negative pass and nearly the
 * same answers, and this is the middle of that plateau (docs/benchmarks.md, "Relevance thresholds"). A semantic embedder needs its own value
 * (pass `minSimilarity`).
 */
export const MIN_VECTOR_SIMILARITY = 0.45;

/**
 * A memory that contains a number of at least this many digits, or a letter-digit code (OZ7031), from
 * the query is relevant whatever its coverage: asking by a phone tail or booking code is asking for
 * exactly that memory. Four digits = a phone number's last group; shorter numbers are dates and times.
 */
export const MIN_IDENTIFIER_DIGITS = 4;

/**
 * Two memories state the same fact when the Dice overlap of their token sets reaches this,
 * 2·|A ∩ B| / (|A| + |B|). On kmem-dev: 0.20 leaves stale-above-gold at 0.18, 0.15 brings it to 0.12
 * at the cost of one mixed-language answer dropping from rank 3 to 4; memory pairs about unrelated
 * things rarely exceed 0.15.
 */
export const SAME_FACT_MIN_DICE = 0.15;

/**
 * ... and the newer memory contains at least this share (by count) of the query terms the older one
 * matched, i.e. it answers the same question; one shared query term is enough when the newer one says
 * that something changed (fact-words.ts `changes`: 바뀜, 이제, now, switched). On kmem-dev 0.60 also
 * fixes one more update but pushes an inflection answer off rank 1; 0.75 does not. On the eighteen
 * unseen sets 0.50 for every note lowers stale-above-gold as much as the change-note rule but costs
 * more rank-1 answers (docs/benchmarks.md, "A change note needs one of the question's words").
 */
export const SAME_FACT_MIN_QUERY_OVERLAP = 0.75;

/**
 * How many candidates each retriever hands to the fusion. 20 covers the largest entity gold (8) twice
 * over; more only adds tail noise to RRF.
 */
export const CANDIDATES_PER_RETRIEVER = 20;

/**
 * Equal weights, rankHybrid's default when none are given; production passes the embedder profile's
 * (embedder-profiles.ts), e.g. BM25 1 / vector 0.05 with relative score fusion for the offline embedder.
 */
export const DEFAULT_SOURCE_WEIGHTS = { vector: 1, keyword: 1 } as const;

export interface RankHybridOptions {
  /** The query text: used to tell whether two memories answer the same question. */
  query: string;
  vector: VectorCandidate[];
  keyword: KeywordCandidate[];
  topK: number;
  /** Default {@link MIN_VECTOR_SIMILARITY}. */
  minSimilarity?: number;
  /** Default {@link MIN_KEYWORD_COVERAGE}. */
  minKeywordCoverage?: number;
  /** Optional floor on the raw BM25 score as well (default 0: coverage decides). */
  minKeywordScore?: number;
  /** RRF weights per source; default {@link DEFAULT_SOURCE_WEIGHTS}. */
  weights?: { vector?: number; keyword?: number };
  /** RRF k; default {@link RRF_K}. */
  k?: number;
  /** "rrf" (default): weighted reciprocal rank fusion; "score": relative score fusion (rrf.ts). */
  method?: "rrf" | "score";
  /** Set false to disable recency supersession (for measurement). */
  recency?: boolean;
  /** Adds the top results' conversation neighbours (step 4); none without it. */
  context?: ConversationContext | undefined;
  /**
   * The fact slots read so far, for the recency step; a retriever passes the one it keeps so that a
   * memory is read once across queries. Without it, each call reads its candidates afresh.
   */
  factSlots?: FactSlotMemo;
}

/**
 * Ranks hybrid candidates:
 *
 * 1. score(d) = w_v / (k + rank_v(d)) + w_k / (k + rank_k(d))   (RRF, k = {@link RRF_K}), vector
 *    candidates ranked by cosine, keyword candidates by BM25; or with `method: "score"`,
 *    score(d) = w_v · cos(d) / max cos + w_k · bm25(d) / max bm25 (relativeScoreFusion).
 * 2. relevant(d) = cos(d) ≥ minSimilarity  ∨  (coverage(d) ≥ minKeywordCoverage ∧ bm25(d) ≥ minKeywordScore)
 *                   ∨  d contains an identifier of the query (a number of ≥ {@link MIN_IDENTIFIER_DIGITS}
 *                      digits or a letter-digit code), decided on the raw signals because the fused score
 *                      is only rank-based.
 * 3. Recency: walking the fused list best first, a relevant memory is moved directly above the
 *    highest-ranked older memory that states the same fact ({@link isSameFact}), taking that memory's
 *    score, so the newest version of a changed fact comes first.
 * 4. Context: each of the first {@link CONTEXT_ANCHORS} results brings the memories said just before
 *    and after it in its channel (`options.context`), scored {@link CONTEXT_WEIGHT} × its score (a
 *    result already listed is lifted to that if it scored less) and relevant when it is.
 * 5. The first topK are returned.
 */
export function rankHybrid(options: RankHybridOptions): HybridResult[] {
  const minSimilarity = options.minSimilarity ?? MIN_VECTOR_SIMILARITY;
  const minCoverage = options.minKeywordCoverage ?? MIN_KEYWORD_COVERAGE;
  const minScore = options.minKeywordScore ?? 0;
  const vectorById = new Map(options.vector.map((c) => [c.id, c]));
  const keywordById = new Map(options.keyword.map((c) => [c.id, c]));
  const weights = { ...DEFAULT_SOURCE_WEIGHTS, ...options.weights };
  const fused =
    options.method === "score"
      ? relativeScoreFusion(
          [
            { source: "vector", items: options.vector.map((c) => ({ id: c.id, score: c.similarity })) },
            { source: "keyword", items: options.keyword.map((c) => ({ id: c.id, score: c.score })) },
          ],
          { weights },
        )
      : reciprocalRankFusion(
          [
            {
              source: "vector",
              ids: [...options.vector].sort((a, b) => b.similarity - a.similarity).map((c) => c.id),
            },
            {
              source: "keyword",
              ids: [...options.keyword].sort((a, b) => b.score - a.score).map((c) => c.id),
            },
          ],
          { k: options.k ?? RRF_K, weights },
        );
  const queryTerms = new Set(tokenize(options.query));
  const written = queryWords(options.query);
  const identifiers = [...queryTerms].filter(isIdentifier);
  const termsOf = new Map<string, Set<string>>();
  const ranked: HybridResult[] = fused.map((item) => {
    const v = vectorById.get(item.id);
    const kw = keywordById.get(item.id);
    const base = (v ?? kw) as VectorCandidate | KeywordCandidate;
    // A query word the text writes in the other script or by another name counts as there (볼링 in
    // "bowling …", 내선 in "extension …").
    const own = new Set(tokenize(base.text));
    const terms = new Set([...own, ...written.writtenOtherwise(base.text), ...written.namedOtherwise(own)]);
    termsOf.set(item.id, terms);
    const relevantByVector = v !== undefined && v.similarity >= minSimilarity;
    const relevantByKeyword = kw !== undefined && kw.coverage >= minCoverage && kw.score >= minScore;
    const relevantByIdentifier = identifiers.some((term) => terms.has(term));
    const result: HybridResult = {
      id: item.id,
      score: item.score,
      ranks: { ...item.ranks },
      timestamp: base.timestamp,
      text: base.text,
      relevant: relevantByVector || relevantByKeyword || relevantByIdentifier,
    };
    if (v !== undefined) result.similarity = v.similarity;
    if (kw !== undefined) {
      result.keywordScore = kw.score;
      result.keywordCoverage = kw.coverage;
    }
    return result;
  });
  const ordered =
    options.recency === false
      ? ranked
      : applyRecency({
          ranked,
          queryTerms,
          topic: topicWords(options.query),
          asked: askedValueKinds(options.query),
          current: asksCurrentState(options.query),
          questionWords: statementWords(options.query).content,
          termsOf,
          factSlots: options.factSlots ?? new FactSlotMemo(),
          // A question about when something happened asks for that event: a later one of its kind
          // (the same words, another date) does not restate it.
          restatements: !asksWhenItHappened(options.query),
        });
  const withContext = options.context ? addContext(ordered, options.context) : ordered;
  return withContext.slice(0, Math.max(0, options.topK));
}

/**
 * Whether `newer` restates the fact of `older` for this query: the rule extractor finds the same
 * (entity, attribute) slot in both texts, or their texts state the same fact with another value
 * (`statesSameFact`: the content words agree once values are set aside), or `newer` says that what the
 * query asks about in `older` changed (`restatesForQuery`), or, by words, their token sets overlap by Dice ≥
 * {@link SAME_FACT_MIN_DICE} and `newer` contains at least {@link SAME_FACT_MIN_QUERY_OVERLAP} of the
 * query terms `older` contains (one of them when `newer` says that something changed). An `older` that
 * contains no query term is about something else and is
 * superseded only by a shared slot: words alone linked a dentist appointment to a dog's birthday. Nor
 * by words when one text says the thing is the speaker's and the other names another owner
 * (fact-slots.ts `statesOwnersDiffer`).
 */
export function isSameFact(options: {
  older: ReadonlySet<string>;
  newer: ReadonlySet<string>;
  queryTerms: ReadonlySet<string>;
  /** The two texts, for their fact slots; without them, words alone decide. */
  texts?: { older: string; newer: string };
  /** Where the texts' slots are remembered (see {@link RankHybridOptions.factSlots}). */
  factSlots?: FactSlotMemo;
  /** Whether a text-only restatement counts (default true; not for "when did it happen" questions). */
  restatements?: boolean;
  /** The query's topic words (query-topic.ts); without them, a change statement alone does not link. */
  topic?: readonly TopicWord[];
  /** The kinds of value the query asks for (fact-words.ts `askedValueKinds`). */
  asked?: ReadonlySet<ValueKind>;
  /** Whether the query asks what is so now (speech-act.ts `asksCurrentState`). */
  current?: boolean;
}): boolean {
  const { older, newer, queryTerms, texts } = options;
  if (texts && sameFactSlot(texts.older, texts.newer, options.factSlots)) return true;
  // "내 생일은 …" and "아내 생일은 …" share every word the query asks by, and are two people's facts.
  if (texts && statesOwnersDiffer(texts.older, texts.newer, options.factSlots)) return false;
  if (
    texts &&
    options.restatements !== false &&
    restatesForQuery({
      older,
      newer,
      queryTerms,
      texts,
      factSlots: options.factSlots,
      topic: options.topic,
      asked: options.asked,
      current: options.current,
    })
  )
    return true;
  if (dice(older, newer) < SAME_FACT_MIN_DICE) return false;
  let olderMatched = 0;
  let bothMatched = 0;
  for (const term of queryTerms) {
    if (!older.has(term)) continue;
    olderMatched++;
    if (newer.has(term)) bothMatched++;
  }
  if (bothMatched === 0) return false;
  if (bothMatched / olderMatched >= SAME_FACT_MIN_QUERY_OVERLAP) return true;
  // A note that says what changed names the thing by fewer of the question's words than the note it
  // changes ("차량 시간표 바뀌어서 이제 4시 10분" after "딸 피아노 학원 차량 오후 3시 40분에 와").
  return texts !== undefined && (options.factSlots ?? new FactSlotMemo()).words(texts.newer).changes;
}

/**
 * Whether `newer`, a note under the relevance gate, restates the fact of `older`, a relevant one, for
 * the query by words alone: the word-overlap link of {@link isSameFact} for a change note (it says that
 * something changed, overlaps `older` by Dice ≥ {@link SAME_FACT_MIN_DICE} and holds one of the query
 * words `older` holds, and neither names another owner of the thing). Since it jumps an answer, it must
 * also
 * - give a value, or hold a word of the question besides the thing `older` is about (its first content
 *   word): a line that shares only a name with the answer ("Odile: …" in a captured chat) is not it;
 * - keep that thing when the question names it ("어항 청소 날 바꿨어" does not change what a turtle eats).
 * A change note about another fact of the same subject ("지호 치과 예약 바뀜" asked about 지호's piano
 * lessons) still passes: the price measured in docs/benchmarks.md ("A change note needs one of the
 * question's words").
 */
function changeNoteRestates(pair: RecencyPair, questionWords: readonly string[]): boolean {
  const { older, newer, queryTerms, texts, factSlots } = pair;
  const memo = factSlots ?? new FactSlotMemo();
  const before = memo.words(texts.older);
  const after = memo.words(texts.newer);
  if (!after.changes || dice(older, newer) < SAME_FACT_MIN_DICE) return false;
  if (statesOwnersDiffer(texts.older, texts.newer, memo)) return false;
  if (![...queryTerms].some((term) => older.has(term) && newer.has(term))) return false;
  const thing = before.content[0];
  const isThing = (word: string) => thing !== undefined && sameContentWord(word, thing);
  const holds = (content: readonly string[], word: string) => content.some((w) => sameContentWord(w, word));
  const sharesMore = questionWords.some(
    (word) => !isThing(word) && holds(before.content, word) && holds(after.content, word),
  );
  if (after.values.size === 0 && !sharesMore) return false;
  return !questionWords.some(isThing) || (thing !== undefined && holds(after.content, thing));
}

/**
 * Whether `newer`'s text states `older`'s fact with a new value (`statesSameFact`), or says that what
 * the query asks about in `older` changed — unless the query names a value (a term with a digit) that
 * `older` holds and `newer` lacks: then the query asks for the older memory itself ("메모 3번" among
 * numbered notes), not for the newest value of its fact. A change statement (fact-slots.ts
 * `changeOverlap`) is tied to the query when
 * - both hold most of the query's topic ({@link sharesQueryTopic}), or
 * - the two share a noun that says which fact is meant, and either both hold one of the query's topic
 *   words past its first, or `newer` holds one and both give a value of the kind the question asks for
 *   (며칠, 얼마, "what time": `askedValueKinds`) — {@link topicTie}; `newer` may leave out the query's
 *   qualifier when one of those nouns is not the query's (a name) or it repeats `older`'s code or long
 *   number beside a new one (`namesOldValue`: "R-301 말고 R-405") — either points at `older` itself, or
 * - `newer` names nothing before its new value but `older`'s thing (`namesOnlyTheThing`), holds a
 *   topic word and gives the kind of value asked for.
 * A question that asks what is so now (지금, 요즘, now: speech-act.ts `asksCurrentState`) says the change
 * itself: `newer` need not mark one (`changeOverlap`'s `changeSaid`), may leave out the question's
 * qualifier, and, sharing a noun of the fact with `older` and giving the kind of value asked for, is
 * tied through `older` even when it holds none of the question's words (락커 for 사물함, asked
 * "요즘 쓰는 칸 몇 번").
 * A change note names what changed in its own words ("정수기 바꿈, 이제 24,500원" after "집 정수기
 * 렌탈료 매달 29,900원"), rarely all the words of the question.
 */
/** Two memories the recency step compares, older first, with what it knows of the query. */
type RecencyPair = Parameters<typeof restatesForQuery>[0];

function restatesForQuery(options: {
  older: ReadonlySet<string>;
  newer: ReadonlySet<string>;
  queryTerms: ReadonlySet<string>;
  texts: { older: string; newer: string };
  factSlots?: FactSlotMemo | undefined;
  topic?: readonly TopicWord[] | undefined;
  asked?: ReadonlySet<ValueKind> | undefined;
  current?: boolean | undefined;
}): boolean {
  const { older, newer, queryTerms, texts, topic } = options;
  for (const term of queryTerms) if (/\d/u.test(term) && older.has(term) && !newer.has(term)) return false;
  if (statesSameFact(texts.older, texts.newer, options.factSlots)) return true;
  if (topic === undefined) return false;
  const change = changeOverlap(texts.older, texts.newer, options.factSlots, {
    changeSaid: options.current === true,
  });
  if (change === undefined) return false;
  if (sharesQueryTopic(older, newer, topic)) return true;
  const givesAsked = [...change.kinds].some((kind) => options.asked?.has(kind) === true);
  if (change.factNouns.length === 0)
    return change.namesOnlyTheThing && givesAsked && topicTie(older, newer, topic) !== "none";
  // A follow-up may leave out the question's qualifier when it points at the older memory by what the
  // question does not say (the old value, a name), or when the question asks what is so now: it says
  // the change itself, and a newer note with a qualifier of its own is no change note (changeOverlap).
  const mayDropQualifier =
    options.current === true || change.namesOldValue || saysOutsideQuery(change.factNouns, queryTerms);
  const tie = topicTie(older, newer, topic, { mayDropQualifier });
  // Asked what is so now, a newer note that shares a noun of the fact with the older one and gives the
  // kind of value asked for answers through the older one, though it holds none of the question's words.
  if (tie === "none" && options.current === true) return givesAsked && holdsTopic(older, topic);
  return tie === "shares" || (tie === "keeps" && givesAsked);
}

/** Dice coefficient of two sets: 2·|A ∩ B| / (|A| + |B|). */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const term of small) if (large.has(term)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** A digit run of at least {@link MIN_IDENTIFIER_DIGITS} digits, or a code mixing letters and digits. */
function isIdentifier(term: string): boolean {
  if (/^\d+$/.test(term)) return term.length >= MIN_IDENTIFIER_DIGITS;
  return /\d/.test(term) && /[a-z]/.test(term);
}

/** Step 4 of {@link rankHybrid}: the anchors' conversation neighbours, then best first again (stable). */
function addContext(ranked: HybridResult[], context: ConversationContext): HybridResult[] {
  const byId = new Map(ranked.map((r) => [r.id, r]));
  const results = [...ranked];
  for (const anchor of ranked.slice(0, CONTEXT_ANCHORS)) {
    const score = anchor.score * CONTEXT_WEIGHT;
    for (const doc of context.neighbours(anchor.id)) {
      const listed = byId.get(doc.id);
      if (listed && listed.score >= score) continue;
      const lifted: HybridResult = listed
        ? {
            ...listed,
            score,
            relevant: listed.relevant || anchor.relevant,
            contextOf: anchor.id,
            ...(listed.relevant ? {} : { byContext: true as const }),
          }
        : {
            id: doc.id,
            score,
            ranks: {},
            timestamp: doc.timestamp,
            text: doc.text,
            relevant: anchor.relevant,
            contextOf: anchor.id,
            byContext: true,
          };
      byId.set(doc.id, lifted);
      if (listed) results[results.indexOf(listed)] = lifted;
      else results.push(lifted);
    }
  }
  return results.sort((a, b) => b.score - a.score);
}

function applyRecency(options: {
  ranked: HybridResult[];
  queryTerms: ReadonlySet<string>;
  termsOf: ReadonlyMap<string, Set<string>>;
  factSlots: FactSlotMemo;
  /** Whether a text-only restatement (`statesSameFact`) may supersede; a shared slot always may. */
  restatements: boolean;
  topic: readonly TopicWord[];
  asked: ReadonlySet<ValueKind>;
  current: boolean;
  /** The query's content words (fact-words.ts `statementWords`). */
  questionWords: readonly string[];
}): HybridResult[] {
  const { ranked, queryTerms, termsOf, factSlots, restatements, topic, asked, current, questionWords } =
    options;
  const out: HybridResult[] = [];
  const pairOf = (older: HybridResult, newer: HybridResult) => ({
    older: termsOf.get(older.id) as Set<string>,
    newer: termsOf.get(newer.id) as Set<string>,
    queryTerms,
    texts: { older: older.text, newer: newer.text },
    factSlots,
    topic,
    asked,
    current,
  });
  for (const candidate of ranked) {
    let restated = false;
    // A memory may jump an older one only if it is at least as relevant (never junk over an answer),
    // unless its text states the older one's fact with a new value: then it is the answer.
    const at = out.findIndex((placed) => {
      if (placed.timestamp >= candidate.timestamp) return false;
      const pair = pairOf(placed, candidate);
      if (!candidate.relevant && placed.relevant) {
        restated = restatements && (restatesForQuery(pair) || changeNoteRestates(pair, questionWords));
        return restated;
      }
      return isSameFact({ ...pair, restatements });
    });
    if (at < 0) {
      if (candidate.relevant && restatements) liftRestatements(out, candidate, pairOf, questionWords);
      out.push(candidate);
      continue;
    }
    const displaced = out[at] as HybridResult;
    out.splice(at, 0, {
      ...candidate,
      score: displaced.score,
      supersedes: displaced.id,
      ...(restated ? { relevant: true } : {}),
    });
  }
  return out;
}

/**
 * A relevant `older` ranked below a newer memory that did not clear the gate itself but restates its
 * fact for the query ("회의 4시로 바뀌었어" above "내일 오후 3시에 팀 회의"): the newer one is the
 * answer, as it is when it comes second and jumps the older (applyRecency), so it is marked relevant
 * and as superseding `older`. Otherwise an answer from relevant memories alone would give the old value.
 */
function liftRestatements(
  placed: HybridResult[],
  older: HybridResult,
  pairOf: (older: HybridResult, newer: HybridResult) => RecencyPair,
  questionWords: readonly string[],
): void {
  placed.forEach((newer, i) => {
    if (newer.relevant || newer.timestamp <= older.timestamp) return;
    const pair = pairOf(older, newer);
    if (!restatesForQuery(pair) && !changeNoteRestates(pair, questionWords)) return;
    placed[i] = { ...newer, relevant: true, ...(newer.supersedes ? {} : { supersedes: older.id }) };
  });
}
