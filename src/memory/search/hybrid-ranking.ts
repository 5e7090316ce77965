import { FactSlotMemo, statesCorrectionOf } from "../../extraction/fact-slots.js";
import { statesFollowUpOf, statesNamedCorrectionOf } from "../../extraction/follow-ups.js";
import { askedValueKinds, statementWords, type ValueKind } from "../../extraction/fact-words.js";
import { seriesNumbers } from "../../extraction/words/value-words.js";
import { namesNoOtherInstance } from "./note-pair.js";
import { RRF_K, reciprocalRankFusion, relativeScoreFusion, type FusedItem } from "./rrf.js";
import { tokenize } from "../../text/tokenizer.js";
import { asksToConfirm } from "../../text/speech-act.js";
import { queryWords } from "./query-words.js";
import { applyRecency } from "./recency.js";

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
  /**
   * The memory said right after a result in its channel, within {@link CONTEXT_WINDOW_MS}, whatever
   * either's source (a correction of an explicit save is still its correction), limited as
   * `neighbours` are; without it, the later of `neighbours`.
   */
  next?(id: string): ContextDoc | undefined;
  /**
   * The memory said next after a result in its channel, however much later, limited as `neighbours`
   * are: read only as a follow-up that points back at the result (fact-slots.ts `statesFollowUpOf`).
   */
  followUp?(id: string): ContextDoc | undefined;
  /**
   * The newest later note of the user, limited as `neighbours` are but in any channel, that changes
   * the fact of a result (successors.ts `newestChangeOf`): put above the best relevant result, or the
   * first result when none is relevant.
   */
  changedBy?(id: string, factSlots: FactSlotMemo): ContextDoc | undefined;
  /**
   * The earlier note of the user, limited as `neighbours` are but in any channel, whose fact a result
   * changes (successors.ts `antecedentOf`): a change listed below it goes right above it (step 6).
   */
  changes?(id: string, factSlots: FactSlotMemo): ContextDoc | undefined;
  /**
   * The newest later note of the user, limited as `neighbours` are but in any channel, that sets the
   * next value of the recurring amount a result names (extraction/amount-steps.ts
   * `stepsRecurringAmount`): for a question that asks an amount, when no note changes the result's fact
   * by its words (step 5).
   */
  steppedBy?(id: string, factSlots: FactSlotMemo): ContextDoc | undefined;
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
  /**
   * The recency prior: the newest candidate gains this share of the best fused score, the oldest none
   * ({@link withRecencyPrior}); default 0, none. The embedder's profile says it
   * (embedder-profiles.ts `FusionSettings.recencyPrior`).
   */
  recencyPrior?: number;
  /** Set false to disable the recency prior and supersession (for measurement). */
  recency?: boolean;
  /** Adds the top results' conversation neighbours (step 4) and the change of the best one (step 5). */
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
 *    Then the recency prior: each gains up to `recencyPrior` of the best score by its rank in time
 *    among the candidates ({@link withRecencyPrior}), and the list is sorted again.
 * 2. relevant(d) = cos(d) ≥ minSimilarity  ∨  (coverage(d) ≥ minKeywordCoverage ∧ bm25(d) ≥ minKeywordScore)
 *                   ∨  d contains an identifier of the query (a number of ≥ {@link MIN_IDENTIFIER_DIGITS}
 *                      digits or a letter-digit code), decided on the raw signals because the fused score
 *                      is only rank-based.
 * 3. Recency (recency.ts `applyRecency`): walking the fused list best first, a memory is moved directly
 *    above the highest-ranked older memory that states the same fact, taking that memory's score, so the
 *    newest version of a changed fact comes first.
 * 4. Context: each of the first {@link CONTEXT_ANCHORS} results brings the memories said just before
 *    and after it in its channel (`options.context`), scored {@link CONTEXT_WEIGHT} × its score (a
 *    result already listed is lifted to that if it scored less) and relevant when it is.
 * 5. Change (`options.context`, {@link addNewestChange}): the newest later note that changes the fact of
 *    the first relevant result (the first result when none is relevant) goes right above it.
 * 6. Listed changes ({@link liftListedChanges}): a change among the first results goes right above the
 *    listed note whose fact it changes, whichever result leads.
 * 7. Answer kind ({@link withAnswerKind}): when the question asks for a kind of value and the first
 *    relevant result gives no value of it, a relevant result just below it that gives one goes above it.
 * 8. The first topK are returned.
 */
export function rankHybrid(options: RankHybridOptions): HybridResult[] {
  const minSimilarity = options.minSimilarity ?? MIN_VECTOR_SIMILARITY;
  const minCoverage = options.minKeywordCoverage ?? MIN_KEYWORD_COVERAGE;
  const minScore = options.minKeywordScore ?? 0;
  const vectorById = new Map(options.vector.map((c) => [c.id, c]));
  const keywordById = new Map(options.keyword.map((c) => [c.id, c]));
  const weights = { ...DEFAULT_SOURCE_WEIGHTS, ...options.weights };
  const scored =
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
  const timestampOf = (id: string): number =>
    ((vectorById.get(id) ?? keywordById.get(id)) as VectorCandidate | KeywordCandidate).timestamp;
  const prior = options.recency === false ? 0 : (options.recencyPrior ?? 0);
  const fused = prior > 0 ? withRecencyPrior(scored, timestampOf, prior) : scored;
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
    // … and a generic head it writes only inside another compound (예약번호 asked 전화번호) does not.
    const foreign = new Set(written.headsOfOtherCompounds(base.text));
    const terms = new Set([
      ...[...own].filter((term) => !foreign.has(term)),
      ...written.writtenOtherwise(base.text),
      ...written.namedOtherwise(own),
    ]);
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
  const factSlots = options.factSlots ?? new FactSlotMemo();
  const ordered =
    options.recency === false
      ? ranked
      : applyRecency({
          ranked,
          query: options.query,
          queryTerms,
          termsOf,
          factSlots,
        });
  const withContext = options.context
    ? liftListedChanges(
        addNewestChange(
          addContext(ordered, options.context, factSlots),
          options.query,
          options.context,
          factSlots,
        ),
        options.query,
        options.context,
        factSlots,
      )
    : ordered;
  return withAnswerKind(withContext, options.query, factSlots).slice(0, Math.max(0, options.topK));
}

/**
 * How many results after the first relevant one step 7 reads for one that gives the kind of value
 * asked: on the 44 read sets, measured with the step's first rule alone (a first result that gives no
 * value), one lifted 6 answers to rank 1, three 8 and five no more (docs/benchmarks.md, "Twenty-eighth
 * round").
 */
export const ANSWER_KIND_READ = 3;

/**
 * Step 7, the kind of the answer: when the question asks for a kind of value (며칠, 몇 번, 연락처, "what
 * time": fact-words.ts `askedValueKinds`) and the first relevant result gives no value of it — none at
 * all (it names the thing asked about and says something else of it: "케이크는 …" asked "생일 며칠이야"),
 * or only values of other kinds, when neither it nor the question has a number of no kind ("other",
 * which may be of any) —, the first of the next {@link ANSWER_KIND_READ} results that gives a value of
 * an asked kind goes right above it, with its score, when it is relevant. A question for a value is
 * answered by a note that gives one. When the first gives values of other kinds and supersedes that
 * note, it stays first: it is a newer statement of that note's fact.
 */
function withAnswerKind(results: HybridResult[], query: string, factSlots: FactSlotMemo): HybridResult[] {
  const asked = askedValueKinds(query);
  if (asked.size === 0) return results;
  const at = results.findIndex((r) => r.relevant);
  const first = results[at];
  if (first === undefined) return results;
  const gives = factSlots.words(first.text).kinds;
  if (gives.size > 0 && (asked.has("other") || gives.has("other") || [...gives].some((k) => asked.has(k))))
    return results;
  // The best of the next results that gives a kind asked, and only when it clears the gate by its own
  // signals (a conversation neighbour is context, not a match): one under it is no answer, and one
  // below it no better than it.
  const answer = results
    .slice(at + 1, at + 1 + ANSWER_KIND_READ)
    .find((r) => [...factSlots.words(r.text).kinds].some((kind) => asked.has(kind)));
  if (answer === undefined || !answer.relevant || answer.byContext === true) return results;
  if (gives.size > 0 && first.supersedes === answer.id) return results;
  const rest = results.filter((r) => r.id !== answer.id);
  rest.splice(at, 0, { ...answer, score: first.score });
  return rest;
}

/**
 * Step 5: the newest note that changes the fact of the best relevant result (successors.ts) goes right
 * above it, relevant, superseding it — found among all of the user's notes, since such a note often
 * shares no word with the question. When no result is relevant, the first result's change goes above
 * it all the same, as relevant as it is or itself: what is under the gate is no answer, but it is
 * still ordered newest fact first. Not when the question names a value with a digit the result
 * gives (it asks about that note: "4417 누구 번호지") or a run of three digits or more, unless it asks
 * to confirm that value (text/speech-act.ts `asksToConfirm`: "… 4일 맞아?" — the change is the
 * answer), nor when the question asks for a kind of value (몇 시, how much) the newer note does not
 * give (a question for a number is answered by a phone number too, and any kind the answer gives by a
 * bare number).
 */
function addNewestChange(
  results: HybridResult[],
  query: string,
  context: ConversationContext,
  factSlots: FactSlotMemo,
): HybridResult[] {
  const anchor = results.find((r) => r.relevant) ?? results[0];
  if (anchor === undefined) return results;
  const changed = context.changedBy?.(anchor.id, factSlots);
  // A step of a recurring amount gives an amount by what it is (amount-steps.ts), asked for here.
  const newer =
    changed ?? (askedValueKinds(query).has("amount") ? context.steppedBy?.(anchor.id, factSlots) : undefined);
  if (newer === undefined || asksAboutOlder(query, anchor.text, newer.text, factSlots)) return results;
  if (changed !== undefined && !answersAsChange(query, anchor.text, newer.text, factSlots)) return results;
  const at = results.findIndex((r) => r.id === newer.id);
  if (at >= 0 && at < results.indexOf(anchor)) return results;
  const listed = at >= 0 ? results[at] : undefined;
  const { byContext: _context, contextOf: _of, ...own } = listed ?? docResult(newer);
  const change: HybridResult = {
    ...own,
    score: anchor.score,
    relevant: anchor.relevant || own.relevant,
    supersedes: anchor.id,
  };
  const rest = results.filter((r) => r.id !== newer.id);
  rest.splice(rest.indexOf(anchor), 0, change);
  return rest;
}

/**
 * Whether the question names a value with a digit `older` gives (it asks about that note: "4417 누구
 * 번호지") or a run of three digits or more, and does not ask to confirm it ({@link addNewestChange}).
 * A number that says which one of a series the question is about (value-words.ts `seriesNumbers`: 2차
 * 접종, chapter 3, 5월 모임) names no value of it, unless `newer` names another one of the series.
 */
function asksAboutOlder(query: string, older: string, newer: string, factSlots: FactSlotMemo): boolean {
  const asked = statementWords(query);
  const held = factSlots.words(older).values;
  // "2차 접종 …", "chapter 3 …": which one of a series, not a value of it — unless `newer` is of another.
  const named = seriesNumbers(query);
  const series = namesNoOtherInstance(newer, named) ? named : new Set<string>();
  return (
    !asksToConfirm(query) &&
    ([...asked.values].some((value) => /\d/u.test(value) && held.has(value) && !series.has(value)) ||
      /\d{3}/u.test(query.replace(/[\s-]/gu, "")))
  );
}

/**
 * Whether `newer`, a change of `older`'s fact, answers the question as well: it gives a kind of value
 * the question asks for, if it asks for any ({@link addNewestChange}).
 */
function answersAsChange(query: string, older: string, newer: string, factSlots: FactSlotMemo): boolean {
  const kinds = askedValueKinds(query);
  if (kinds.size === 0) return true;
  const gives = factSlots.words(newer).kinds;
  const olderGives = factSlots.words(older).kinds;
  // A phone number is a number: "what's the plumber's number" is answered by his new shop line. A bare
  // number in a change takes the unit of the value it replaces (27만원, then "올라서 29"), so it
  // answers the kind the answer gave.
  const answers = (kind: ValueKind): boolean =>
    gives.has(kind) ||
    (kind === "other" && gives.has("phone")) ||
    (gives.has("other") && olderGives.has(kind));
  return [...kinds].some(answers);
}

/**
 * How many of the first results step 6 reads as possible changes of a result listed above them: each
 * one that says a change and has an older result above it asks BM25 once (successors.ts
 * `antecedentOf`), so a recall asks at most this many more times. On the read sets ten put right 16
 * stale pairs more than five, and five 4 more than three, at about the same cost: ×1.1 at the p50 of a
 * recall (docs/benchmarks.md, "Twenty-fourth round").
 */
export const CHANGES_READ = 10;

/**
 * Step 6: a change note listed among the first {@link CHANGES_READ} results goes right above the
 * earlier result whose fact it changes (successors.ts `antecedentOf`), superseding it and as relevant
 * as it — with the tests of step 5: not when the question names that result's value, nor when the
 * change does not give the kind of value asked.
 */
function liftListedChanges(
  results: HybridResult[],
  query: string,
  context: ConversationContext,
  factSlots: FactSlotMemo,
): HybridResult[] {
  if (context.changes === undefined) return results;
  let out = results;
  for (const candidate of results.slice(0, CHANGES_READ)) {
    const from = out.findIndex((r) => r.id === candidate.id);
    // Only an older note listed above it can be the one it changes: no search otherwise.
    if (!out.slice(0, from).some((r) => r.timestamp < candidate.timestamp)) continue;
    const older = context.changes(candidate.id, factSlots);
    if (older === undefined) continue;
    const at = out.findIndex((r) => r.id === older.id);
    if (at < 0 || at > from) continue;
    const above = out[at] as HybridResult;
    if (asksAboutOlder(query, above.text, candidate.text, factSlots)) continue;
    if (!answersAsChange(query, above.text, candidate.text, factSlots)) continue;
    // An answer now, not the context of another (as step 5's change is).
    const { byContext: _context, contextOf: _of, ...own } = candidate;
    const lifted: HybridResult = {
      ...own,
      score: above.score,
      relevant: above.relevant || candidate.relevant,
      supersedes: above.id,
    };
    const rest = out.filter((r) => r.id !== candidate.id);
    rest.splice(at, 0, lifted);
    out = rest;
  }
  return out;
}

/**
 * The fused list with the recency prior added, best first again (stable): each candidate gains `prior`
 * × the best score × its rank in time among the candidates, 0 for the oldest and 1 for the newest,
 * equal times sharing a rank. By rank, so that one old note does not squeeze the others' shares
 * together, and the same whatever span of time the candidates cover.
 */
function withRecencyPrior(
  fused: FusedItem[],
  timestampOf: (id: string) => number,
  prior: number,
): FusedItem[] {
  if (fused.length < 2) return fused;
  const best = Math.max(...fused.map((item) => item.score));
  const times = fused.map((item) => timestampOf(item.id)).sort((a, b) => a - b);
  const rankInTime = (timestamp: number): number => times.indexOf(timestamp) / (times.length - 1);
  return fused
    .map((item) => ({
      ...item,
      score: item.score + prior * best * rankInTime(timestampOf(item.id)),
    }))
    .sort((a, b) => b.score - a.score);
}

/** A digit run of at least {@link MIN_IDENTIFIER_DIGITS} digits, or a code mixing letters and digits. */
function isIdentifier(term: string): boolean {
  if (/^\d+$/.test(term)) return term.length >= MIN_IDENTIFIER_DIGITS;
  return /\d/.test(term) && /[a-z]/.test(term);
}

/**
 * Step 4 of {@link rankHybrid}: the anchors' conversation neighbours, then best first again (stable).
 * The memory said right after an anchor that corrects a value of it ("아 4시 아니고 4시 반이야" after the
 * appointment; fact-slots.ts `statesCorrectionOf`) is the anchor's fact with a newer value, whatever
 * either's source: it takes the anchor's score and relevance, just above it, and supersedes it, as the
 * recency step's restatements do. So is the memory said next in the channel, however much later, that
 * points back at it and says its value changed ("앗 그거 목요일로 옮김": `statesFollowUpOf`) — a follow-up
 * names its fact by nothing but that pointing word.
 */
function addContext(
  ranked: HybridResult[],
  context: ConversationContext,
  factSlots: FactSlotMemo,
): HybridResult[] {
  const byId = new Map(ranked.map((r) => [r.id, r]));
  const results = [...ranked];
  for (const anchor of ranked.slice(0, CONTEXT_ANCHORS)) {
    const neighbours = context.neighbours(anchor.id);
    const near = context.next?.(anchor.id) ?? neighbours.find((doc) => doc.timestamp > anchor.timestamp);
    const later = near === undefined ? context.followUp?.(anchor.id) : undefined;
    const next = near ?? later;
    const listedNext = next === undefined ? undefined : byId.get(next.id);
    if (
      next !== undefined &&
      listedNext?.supersedes !== anchor.id &&
      (statesFollowUpOf(anchor.text, next.text, factSlots) ||
        statesNamedCorrectionOf(anchor.text, next.text, factSlots) ||
        (near !== undefined && statesCorrectionOf(anchor.text, near.text, factSlots)))
    ) {
      const { byContext: _context, contextOf: _of, ...own } = listedNext ?? docResult(next);
      const correction: HybridResult = {
        ...own,
        score: anchor.score,
        relevant: anchor.relevant,
        supersedes: anchor.id,
      };
      if (listedNext) results.splice(results.indexOf(listedNext), 1);
      results.splice(results.indexOf(byId.get(anchor.id) as HybridResult), 0, correction);
      byId.set(next.id, correction);
    }
    const score = anchor.score * CONTEXT_WEIGHT;
    for (const doc of neighbours) {
      const listed = byId.get(doc.id);
      if (listed && (listed.score >= score || listed.supersedes === anchor.id)) continue;
      const lifted: HybridResult = listed
        ? {
            ...listed,
            score,
            relevant: listed.relevant || anchor.relevant,
            contextOf: anchor.id,
            ...(listed.relevant ? {} : { byContext: true as const }),
          }
        : { ...docResult(doc), score, relevant: anchor.relevant, contextOf: anchor.id, byContext: true };
      byId.set(doc.id, lifted);
      if (listed) results[results.indexOf(listed)] = lifted;
      else results.push(lifted);
    }
  }
  return results.sort((a, b) => b.score - a.score);
}

/** A context document as a result not scored by either retriever (the caller sets its score). */
function docResult(doc: ContextDoc): HybridResult {
  return { id: doc.id, score: 0, ranks: {}, timestamp: doc.timestamp, text: doc.text, relevant: false };
}
