import {
  changeOverlap,
  changesAnotherFact,
  factEntities,
  FactSlotMemo,
  sameFactSlot,
  sharedFactSlots,
  statesCorrectionOf,
  statesOwnersDiffer,
  statesSameFact,
} from "../../extraction/fact-slots.js";
import { statesCorrectionByValueOf, statesMarkedCorrectionOf } from "../../extraction/follow-ups.js";
import {
  holdsContentWord,
  holdsWordOrCompound,
  namesAThing,
  sameContentWord,
} from "../../extraction/content-words.js";
import { changeNoteRestates, NEAR_CHANGE_RANKS, nearChangeNote } from "./change-notes.js";
import { dice, namesOlderValue, SAME_FACT_MIN_DICE, type NotePair } from "./note-pair.js";
import {
  askedValueKinds,
  statementWords,
  type StatementWords,
  type ValueKind,
} from "../../extraction/fact-words.js";
import { readQuestion } from "../../extraction/asked-attributes.js";
import { seriesNumbers } from "../../extraction/words/value-words.js";
import {
  asksAboutHome,
  asksAboutWorkplace,
  isHomeNote,
  isWorkplaceNote,
  namesRent,
  statesHomeMove,
  statesWorkplaceMove,
} from "../../extraction/home-moves.js";
import { isFirstPerson } from "../../extraction/normalize.js";
import { tokenize } from "../../text/tokenizer.js";
import { asksCurrentState, asksWhenItHappened } from "../../text/speech-act.js";
import {
  holdsTopic,
  saysOutsideQuery,
  sharesQueryTopic,
  topicTie,
  topicWords,
  type TopicWord,
} from "./query-topic.js";

/**
 * The recency step of hybrid recall (hybrid-ranking.ts `rankHybrid`, step 3): which of two recalled
 * memories of one user restates the other's fact with a newer value, for this query, and the reordering
 * that puts the newer one first. The one owner of "this newer note supersedes that one" in recall; the
 * texts' own tests (same fact slot, same fact by words, a change of it) are extraction/fact-slots.ts';
 * the tests of a note that says a change, change-notes.ts'; the pair compared, note-pair.ts'. Pure.
 */

/** What the recency step reads and writes of a ranked memory. */
export interface RankedMemory {
  id: string;
  score: number;
  /** ms since the epoch. */
  timestamp: number;
  text: string;
  /** Whether it clears the relevance gate (hybrid-ranking.ts). */
  relevant: boolean;
  /** Id of an older memory of the same fact that this one was moved above, or already ranked above. */
  supersedes?: string;
}

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
  /** Where the texts' slots are remembered (hybrid-ranking.ts `RankHybridOptions.factSlots`). */
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
  if (texts && correctsForQuery({ older, newer, queryTerms, texts, factSlots: options.factSlots }))
    return true;
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
  const { olderMatched, bothMatched } = queryOverlap(older, newer, queryTerms);
  if (bothMatched === 0) return false;
  if (bothMatched / olderMatched >= SAME_FACT_MIN_QUERY_OVERLAP) return true;
  // A note that says what changed names the thing by fewer of the question's words than the note it
  // changes ("차량 시간표 바뀌어서 이제 4시 10분" after "딸 피아노 학원 차량 오후 3시 40분에 와").
  if (texts === undefined) return false;
  const memo = options.factSlots ?? new FactSlotMemo();
  const after = memo.words(texts.newer);
  return after.changes && !changesAnotherFact(memo.words(texts.older), after);
}

/**
 * Whether `newer`, found to restate `older` for the query ({@link isSameFact}), may be said to replace
 * it — marked `supersedes`, so that the answer calls `older` out of date and leaves out its graph fact:
 * the two share a fact slot or state one fact by their words (fact-slots.ts), `newer` says that a value
 * of a kind `older` gives changed or, by a verb of change right after it, that the thing `older` is
 * about (its first content word) changed, or they share a content word besides that one. Two notes that
 * share only that word are two facts of one thing ("단비는 푸들", "단비 산책 저녁 7시", both asked by a
 * question that names only 단비): the newer may still be ranked first, but replaces nothing.
 */
function replacesFact(pair: RecencyPair): boolean {
  const { texts } = pair;
  const memo = pair.factSlots ?? new FactSlotMemo();
  if (
    sameFactSlot(texts.older, texts.newer, memo) ||
    statesSameFact(texts.older, texts.newer, memo) ||
    correctsForQuery(pair)
  )
    return true;
  const before = memo.words(texts.older);
  const after = memo.words(texts.newer);
  if (after.changes && [...after.kinds].some((kind) => before.kinds.has(kind))) return true;
  const thing = before.content[0];
  // "팀장 바뀜", "gym changed: now …": the thing itself changed, so the fact that names it does — not a
  // fact of something of it ("헬스장 사물함 12번": its first word modifies a noun of the lexicon).
  const ofAPart = before.modifies[0] === true && namesAThing(before.content[1] as string);
  if (
    thing !== undefined &&
    !ofAPart &&
    after.changedAfter === 1 &&
    sameContentWord(after.content[0] as string, thing)
  )
    return true;
  // Both read by the rules, in no shared slot ("동생 이름은 지우야", "지우 생일 7/14"): a shared word that
  // only names whom the facts are of says no fact was replaced.
  const olderEntities = factEntities(texts.older, memo);
  const newerEntities = factEntities(texts.newer, memo);
  const whom = (word: string): boolean => {
    const bare = word.slice(word.indexOf(":") + 1);
    return olderEntities.has(bare) && newerEntities.has(bare);
  };
  return before.content.some(
    (word) =>
      (thing === undefined || !sameContentWord(word, thing)) &&
      holdsContentWord(after.content, word) &&
      !whom(word),
  );
}

/**
 * Whether `newer` corrects a value or a name `older` gives (fact-slots.ts `statesCorrectionOf`: "SRT 8시
 * 아니고 8시 40분" after "SRT 8시꺼 예매"), and the two share a word of the query: a correction names
 * nothing the older note does not, so the shared word says it is that note's fact the query asks for.
 * Recalled notes may stand weeks apart, so a bare "아니 3457이야" (no word of its own) corrects none —
 * unless the value it puts right names the older note by itself (follow-ups.ts
 * `statesCorrectionByValueOf`: "B214 말고 B241", a phone number one slip off under "잘못 적었다").
 */
function correctsForQuery(
  pair: Pick<NotePair, "older" | "newer" | "queryTerms" | "texts" | "factSlots">,
): boolean {
  const { older, newer, queryTerms, texts } = pair;
  return (
    ([...queryTerms].some((term) => older.has(term) && newer.has(term)) &&
      (statesCorrectionOf(texts.older, texts.newer, pair.factSlots) ||
        statesMarkedCorrectionOf(texts.older, texts.newer, pair.factSlots))) ||
    statesCorrectionByValueOf(texts.older, texts.newer, pair.factSlots)
  );
}

/** How many of the query's terms `older` holds, and how many of those `newer` holds too. */
function queryOverlap(
  older: ReadonlySet<string>,
  newer: ReadonlySet<string>,
  queryTerms: ReadonlySet<string>,
): { olderMatched: number; bothMatched: number } {
  let olderMatched = 0;
  let bothMatched = 0;
  for (const term of queryTerms) {
    if (!older.has(term)) continue;
    olderMatched++;
    if (newer.has(term)) bothMatched++;
  }
  return { olderMatched, bothMatched };
}

/**
 * Whether `newer`, a note under the relevance gate, holds every query word that `older`, a relevant one,
 * holds (two at least: in a captured chat every line of a speaker holds the speaker's name), overlaps it
 * by Dice ≥ {@link SAME_FACT_MIN_DICE} and names no other owner: the word-overlap link of
 * {@link isSameFact} at its strictest. It is as much about what is asked as `older` is, which cleared the
 * gate by its vector or by the words the question weighs more ("이모 병실 몇 호야?" asked of "이모 병실
 * 501호. 창가 침대 …" and, later, "이모 병실 3층 307호로. 간호사실 앞 …"). With one word, kconv-en's
 * negative pass fell 0.63 → 0.50 (docs/benchmarks.md).
 */
function holdsAllOlderQueryWords(pair: RecencyPair): boolean {
  const { older, newer, queryTerms, texts, factSlots } = pair;
  if (dice(older, newer) < SAME_FACT_MIN_DICE) return false;
  const { olderMatched, bothMatched } = queryOverlap(older, newer, queryTerms);
  return (
    bothMatched >= 2 &&
    bothMatched === olderMatched &&
    !statesOwnersDiffer(texts.older, texts.newer, factSlots)
  );
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
type RecencyPair = NotePair;

function restatesForQuery(options: NotePair): boolean {
  const { older, newer, texts, topic } = options;
  if (namesOlderValue(options)) return false;
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
    options.current === true ||
    change.namesOldValue ||
    saysOutsideQuery(change.factNouns, options.queryTerms);
  const tie = topicTie(older, newer, topic, { mayDropQualifier });
  // Asked what is so now, a newer note that shares a noun of the fact with the older one and gives the
  // kind of value asked for answers through the older one, though it holds none of the question's words.
  if (tie === "none" && options.current === true) return givesAsked && holdsTopic(older, topic);
  return tie === "shares" || (tie === "keeps" && givesAsked);
}

/**
 * Whether the two texts state a fact of the same (entity, attribute) slot (fact-slots.ts) that the
 * question asks for: the attribute of the speaker ("where do I live?" of "I live in …" and a later
 * "이사했어! 이제 …"), or of an entity the question names — and the question names no value of `older`
 * only.
 */
function asksSharedSlot(pair: RecencyPair): boolean {
  const { texts, question, queryTerms } = pair;
  if (question === undefined || namesOlderValue(pair)) return false;
  return sharedFactSlots(texts.older, texts.newer, pair.factSlots).some(({ entity, attribute }) =>
    isFirstPerson(entity)
      ? question.asksOfSpeaker(attribute)
      : question.asksFor(attribute) && tokenize(entity).every((term) => queryTerms.has(term)),
  );
}

/**
 * Whether `newer`, under the relevance gate, restates `older`, a relevant answer, for the query: by a
 * fact slot both state and the question asks for (`asksSharedSlot`), by the value asked for
 * (`givesAskedValueAgain`) or a change of it (`changesAskedValue`), by its text (`restatesForQuery`),
 * as a change note (`changeNoteRestates`), or by holding every question word `older` holds
 * (`holdsAllOlderQueryWords`). Then it is the answer.
 */
function restatesFromUnderGate(pair: RecencyPair, questionWords: readonly string[]): boolean {
  return (
    asksSharedSlot(pair) ||
    givesAskedValueAgain(pair, questionWords) ||
    changesAskedValue(pair, questionWords) ||
    correctsForQuery(pair) ||
    restatesForQuery(pair) ||
    changeNoteRestates(pair, questionWords) ||
    holdsAllOlderQueryWords(pair)
  );
}

/**
 * Whether `newer` gives again the kind of value the question asks for (며칠, 몇 시, 얼마: fact-words.ts
 * `askedValueKinds`) for the fact `older` gives it for, with a value `older` lacks: `older` holds two
 * of the question's words or more (`questionWords`, fact-words.ts `statementWords`) and `newer` holds
 * each of them, names its value by no word `older` lacks (the words before its first digit: "아빠
 * 오늘 검진 결과 180" names a result, not the next check-up), and names no other owner. Neither need
 * say a change ("지우 피아노 6시에 끝남" after "지우 피아노학원 끝나는 시간 5시 20분"): the question
 * asks for one value, and two notes that give it by the question's words are two of its values.
 */
function givesAskedValueAgain(pair: RecencyPair, questionWords: readonly string[]): boolean {
  const given = newAskedValue(pair);
  if (given === undefined) return false;
  const { before, after, memo } = given;
  const { texts } = pair;
  const held = questionWords.filter((word) => holdsWordOrCompound(before.content, word));
  if (held.length < 2 || !held.every((word) => holdsWordOrCompound(after.content, word))) return false;
  const firstDigit = texts.newer.search(/\d/u);
  if (firstDigit < 0) return false;
  const naming = memo.words(texts.newer.slice(0, firstDigit)).content;
  if (!naming.every((word) => holdsWordOrCompound(before.content, word))) return false;
  return !statesOwnersDiffer(texts.older, texts.newer, memo);
}

/**
 * Whether `newer` says that the kind of value the question asks for changed (며칠, 몇 시, 얼마:
 * fact-words.ts `askedValueKinds`), giving a value of that kind `older` lacks, for the fact `older`
 * gives it for: both hold two of the question's words at least (a Korean word may be shorter or longer,
 * as in 합창 / 합창공연), and `newer` names no other owner nor another fact of the thing
 * (`changesAnotherFact`): "합창 리허설 6시 반으로 당겨짐" after "합창공연 5월 9일 리허설 7시", asked
 * what time the choir's rehearsal is. One shared word is not enough: "엄마 검진 다음 주로 밀림" moves
 * another of her appointments than the dentist's.
 */
function changesAskedValue(pair: RecencyPair, questionWords: readonly string[]): boolean {
  const given = newAskedValue(pair);
  if (given === undefined || !given.after.changes) return false;
  const { before, after, memo } = given;
  const { texts } = pair;
  const both = questionWords.filter(
    (word) => holdsWordOrCompound(before.content, word) && holdsWordOrCompound(after.content, word),
  );
  if (both.length < MIN_SHARED_QUESTION_WORDS) return false;
  return !statesOwnersDiffer(texts.older, texts.newer, memo) && !changesAnotherFact(before, after);
}

/**
 * Both notes' words when `newer` gives a kind of value the question asks for that `older` gives too,
 * with a value `older` lacks, and the question names no value only `older` holds (`namesOlderValue`);
 * else undefined.
 */
function newAskedValue(
  pair: RecencyPair,
): { before: StatementWords; after: StatementWords; memo: FactSlotMemo } | undefined {
  const { asked, texts } = pair;
  if (asked === undefined || asked.size === 0 || namesOlderValue(pair)) return undefined;
  const memo = pair.factSlots ?? new FactSlotMemo();
  const before = memo.words(texts.older);
  const after = memo.words(texts.newer);
  if (![...asked].some((kind) => before.kinds.has(kind) && after.kinds.has(kind))) return undefined;
  if (![...after.values].some((value) => !before.values.has(value))) return undefined;
  return { before, after, memo };
}

/** Question words both notes hold for {@link changesAskedValue}. */
const MIN_SHARED_QUESTION_WORDS = 2;

/**
 * Walks the ranked memories best first: a memory is moved directly above the highest-ranked older one
 * whose fact it restates ({@link isSameFact}; under the relevance gate, above a relevant one only by
 * {@link restatesFromUnderGate}), taking its score and marking what it supersedes.
 */
export function applyRecency<T extends RankedMemory>(options: {
  /** Best first. */
  ranked: readonly T[];
  query: string;
  /** The query's tokens (tokenizer.ts `tokenize`). */
  queryTerms: ReadonlySet<string>;
  /** Each ranked memory's terms: its tokens and the query words it writes otherwise (query-words.ts). */
  termsOf: ReadonlyMap<string, Set<string>>;
  factSlots: FactSlotMemo;
}): T[] {
  const { ranked, query, queryTerms, termsOf, factSlots } = options;
  const topic = topicWords(query);
  const asked = askedValueKinds(query);
  const current = asksCurrentState(query);
  const questionWords = statementWords(query).content;
  const question = readQuestion(query);
  const series = seriesNumbers(query);
  // A question about when something happened asks for that event: a later one of its kind (the same
  // words, another date) does not restate it; a shared fact slot still does.
  const restatements = !asksWhenItHappened(query);
  // A question about one's home: a later note that says one moved restates every note of the old home …
  const home = asksAboutHome(query);
  const rent = home && namesRent(query);
  // … and so, asked where one's workplace is, does a later note that says it moved.
  const workplace = asksAboutWorkplace(query);
  const moved = ({ texts }: RecencyPair): boolean =>
    ((home && statesHomeMove(texts.newer) && (!rent || namesRent(texts.newer)) && isHomeNote(texts.older)) ||
      (workplace !== undefined &&
        statesWorkplaceMove(texts.newer, workplace) &&
        isWorkplaceNote(texts.older, workplace))) &&
    !statesOwnersDiffer(texts.older, texts.newer, factSlots);
  const out: T[] = [];
  const pairOf = (older: T, newer: T): RecencyPair => ({
    older: termsOf.get(older.id) as Set<string>,
    newer: termsOf.get(newer.id) as Set<string>,
    queryTerms,
    texts: { older: older.text, newer: newer.text },
    factSlots,
    topic,
    asked,
    current,
    question,
    series,
  });
  // Whether `newer` restates `older`'s fact for the query: by isSameFact or by giving the value asked
  // for again (givesAskedValueAgain), or, when both stand on the same side of the gate, as a change
  // note about it — the test a note under the gate passes to jump a
  // relevant one holds between two under it too; one that names the old value needs no word of the
  // question only when both cleared it (`changeNoteRestates`, `byOldValue`: between notes under the
  // gate it reordered notes of other things).
  const restates = (older: T, newer: T): boolean => {
    const pair = pairOf(older, newer);
    if (isSameFact({ ...pair, restatements })) return true;
    if (!restatements) return false;
    if (moved(pair)) return true;
    if (givesAskedValueAgain(pair, questionWords)) return true;
    if (older.relevant && newer.relevant) return changeNoteRestates(pair, questionWords, true);
    return !older.relevant && !newer.relevant && changeNoteRestates(pair, questionWords);
  };
  // Whether `newer` restates `older`'s fact for the query and replaces it (marked `supersedes`).
  const replaces = (older: T, newer: T): boolean =>
    restates(older, newer) && replacesFact(pairOf(older, newer));
  for (const [rank, candidate] of ranked.entries()) {
    let restated = false;
    let near = false;
    // A memory may jump an older one only if it is at least as relevant (never junk over an answer),
    // unless its text states the older one's fact with a new value: then it is the answer.
    const at = out.findIndex((placed) => {
      if (placed.timestamp >= candidate.timestamp) return false;
      if (!candidate.relevant && placed.relevant) {
        if (!restatements) return false;
        const pair = pairOf(placed, candidate);
        restated = restatesFromUnderGate(pair, questionWords) || moved(pair);
        near = !restated && rank < NEAR_CHANGE_RANKS && nearChangeNote(pair, questionWords);
        return restated || near;
      }
      if (restates(placed, candidate)) return true;
      // Both under the gate: a near change note leads all the same, though neither is an answer.
      return (
        restatements &&
        !placed.relevant &&
        !candidate.relevant &&
        rank < NEAR_CHANGE_RANKS &&
        nearChangeNote(pairOf(placed, candidate), questionWords)
      );
    });
    if (at < 0) {
      if (candidate.relevant && restatements) liftRestatements(out, candidate, pairOf, questionWords);
      markRestatedBy(out, candidate, (newer) => replaces(candidate, newer));
      out.push(candidate);
      continue;
    }
    const displaced = out[at] as T;
    // It supersedes the one it jumped when it replaces that one's fact; else an older one ranked lower
    // whose fact it restates and replaces ("gym changed: now …" jumps the gym's locker note, both about
    // the gym, and replaces "my gym is …" below it).
    // A near change note (`nearChangeNote`, a looser tie) jumps as the answer but replaces the older
    // fact only by replacesFact's own test.
    const replaced =
      restated || replacesFact(pairOf(displaced, candidate))
        ? displaced
        : out.find(
            (placed, i) => i > at && placed.timestamp < candidate.timestamp && replaces(placed, candidate),
          );
    // A newer one already placed may replace this one's fact in turn, as it would had this one not jumped.
    markRestatedBy(out, candidate, (newer) => replaces(candidate, newer));
    out.splice(at, 0, {
      ...candidate,
      score: displaced.score,
      ...(replaced === undefined ? {} : { supersedes: replaced.id }),
      ...(restated || near ? { relevant: true } : {}),
    });
  }
  return out;
}

/**
 * An `older` memory ranked below a newer one that restates its fact and needed no jump to lead: the
 * newer one is marked as superseding it all the same (the first such, best ranked), so that what the
 * answer takes from `older` (its graph facts, its value) is known to be out of date. A newer one under
 * the gate over a relevant `older` is `liftRestatements`' to decide.
 */
function markRestatedBy<T extends RankedMemory>(
  placed: T[],
  older: T,
  restates: (newer: T) => boolean,
): void {
  const i = placed.findIndex(
    (newer) =>
      newer.supersedes === undefined &&
      newer.timestamp > older.timestamp &&
      (newer.relevant || !older.relevant) &&
      restates(newer),
  );
  if (i >= 0) placed[i] = { ...(placed[i] as T), supersedes: older.id };
}

/**
 * A relevant `older` ranked below a newer memory that did not clear the gate itself but restates its
 * fact for the query ("회의 4시로 바뀌었어" above "내일 오후 3시에 팀 회의"): the newer one is the
 * answer, as it is when it comes second and jumps the older (applyRecency), so it is marked relevant
 * and as superseding `older`. Otherwise an answer from relevant memories alone would give the old value.
 */
function liftRestatements<T extends RankedMemory>(
  placed: T[],
  older: T,
  pairOf: (older: T, newer: T) => RecencyPair,
  questionWords: readonly string[],
): void {
  placed.forEach((newer, i) => {
    if (newer.relevant || newer.timestamp <= older.timestamp) return;
    const pair = pairOf(older, newer);
    if (!restatesFromUnderGate(pair, questionWords)) return;
    placed[i] = { ...newer, relevant: true, ...(newer.supersedes ? {} : { supersedes: older.id }) };
  });
}
