import {
  changeOverlap,
  changesAnotherFact,
  factEntities,
  FactSlotMemo,
  sameFactSlot,
  sharedFactSlots,
  statesOwnersDiffer,
  statesSameFact,
} from "../../extraction/fact-slots.js";
import { holdsContentWord, namesAThing, sameContentWord } from "../../extraction/content-words.js";
import {
  askedValueKinds,
  capitalisedKeys,
  statementWords,
  type StatementWords,
  type ValueKind,
} from "../../extraction/fact-words.js";
import { readQuestion, type AttributeQuestion } from "../../extraction/asked-attributes.js";
import { isFirstPerson } from "../../extraction/normalize.js";
import { isKinship } from "../../extraction/rule-common.js";
import {
  contentTokens,
  crossScriptQueryWords,
  namesValueOnlyIn,
  tokenize,
  tokensWrittenOtherwise,
} from "../../text/tokenizer.js";
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
 * texts' own tests (same fact slot, same fact by words, a change of it) are extraction/fact-slots.ts'.
 * Pure.
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
  if (sameFactSlot(texts.older, texts.newer, memo) || statesSameFact(texts.older, texts.newer, memo))
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
 * Whether `newer`, a note under the relevance gate, restates the fact of `older`, a relevant one, for
 * the query by words alone: the word-overlap link of {@link isSameFact} for a change note (it says that
 * something changed, overlaps `older` by Dice ≥ {@link SAME_FACT_MIN_DICE} or repeats the word that named
 * its old value ({@link repeatsOlderValueWord}), holds one of the query words `older` holds, and neither
 * names another owner of the thing). Since it jumps an answer, it must also
 * - give a value, repeat the old value's word, or hold a word of the question besides the thing `older`
 *   is about (its first content word): a line that shares only a name with the answer ("Odile: …" in a
 *   captured chat) is not it;
 * - keep that thing when the question names it ("어항 청소 날 바꿨어" does not change what a turtle eats),
 *   unless it holds two more of the question's words that `older` holds: a follow-up drops the name
 *   the first note gave ("합창단 리허설 또 밀림" after "솔빛 합창단 리허설 목요일"); one word is
 *   not enough (another thing of its kind).
 * A change note about another fact of the same subject ("지호 치과 예약 바뀜" asked about 지호's piano
 * lessons) still passes: the price measured in docs/benchmarks.md ("A change note needs one of the
 * question's words") — unless it shares nothing else with `older` and gives another kind of value
 * ({@link changesAnotherFact}: a weight after a food).
 *
 * `byOldValue`, between two notes that both cleared the gate: one that names the older note's old value
 * needs no question word `older` holds ("traded in the Brompton, now riding …" after "my bike is a blue
 * Brompton", asked "what bike do I ride?"): the old value stands for the thing. Taken between notes under
 * the gate too, it lowered stale-above-gold on the nineteen unseen sets by reordering notes no answer
 * lists, and cost the fresh kstale-own10 a rank-1 answer: not kept (docs/benchmarks.md, "Found by
 * chatting, fourth round").
 */
function changeNoteRestates(
  pair: RecencyPair,
  questionWords: readonly string[],
  byOldValue = false,
): boolean {
  const { older, newer, queryTerms, texts, factSlots } = pair;
  const memo = factSlots ?? new FactSlotMemo();
  const before = memo.words(texts.older);
  const after = memo.words(texts.newer);
  if (!after.changes) return false;
  // Read only when the overlap or the values do not decide (the older text is scanned for names).
  let namesOld: boolean | undefined;
  const namesOldValue = (): boolean =>
    (namesOld ??= repeatsOlderValueWord(
      { content: before.content, names: capitalisedKeys(texts.older) },
      after.content,
      questionWords,
    ));
  if (dice(older, newer) < SAME_FACT_MIN_DICE && !namesOldValue()) return false;
  if (statesOwnersDiffer(texts.older, texts.newer, memo)) return false;
  const sharesTerm = [...queryTerms].some((term) => older.has(term) && newer.has(term));
  if (!sharesTerm && !(byOldValue && namesOldValue())) return false;
  const thing = before.content[0];
  const isThing = (word: string) => thing !== undefined && sameContentWord(word, thing);
  const sharedBesideThing = questionWords.filter(
    (word) =>
      !isThing(word) && holdsContentWord(before.content, word) && holdsContentWord(after.content, word),
  ).length;
  if (after.values.size === 0 && sharedBesideThing === 0 && !namesOldValue()) return false;
  if (changesAnotherFact(before, after)) return false;
  if (!sharesTerm) return true;
  return (
    !questionWords.some(isThing) ||
    (thing !== undefined && holdsContentWord(after.content, thing)) ||
    sharedBesideThing >= 2
  );
}

/**
 * Whether a change note (content words `after`) repeats a word of the older note that names what its
 * fact was rather than what it is about: a word past the older note's first (its thing), not a word of
 * the question, not a noun of the lexicon (병원, 번호, 유치원 name a kind of thing, which many notes
 * share), not a Korean word of one syllable (앞, 옆, 원: a place beside something, a unit), an English
 * word only as the older note writes a name, with a capital (a verb or a common noun is shared by
 * unrelated notes), and not part of a name the question asks by (beside the question's word, in that
 * order, in both notes: "Birchwood Mills"). A note that says the old value is over ("냥스밀을 안 먹어서
 * 다른 걸로 갈아탐" after "사료 냥스밀 먹이는 중") is about that fact, however few other words the two share.
 */
function repeatsOlderValueWord(
  older: { content: readonly string[]; names: ReadonlySet<string> },
  after: readonly string[],
  questionWords: readonly string[],
): boolean {
  const before = older.content;
  const asked = (word: string | undefined) =>
    word !== undefined && questionWords.some((q) => sameContentWord(q, word));
  const namesValue = (word: string) =>
    word.startsWith("ko:") ? word.length > "ko:".length + 1 && !namesAThing(word) : older.names.has(word);
  return before.some(
    (word, i) =>
      i > 0 &&
      !sameContentWord(word, before[0] as string) &&
      namesValue(word) &&
      !asked(word) &&
      after.some((w, j) => sameContentWord(w, word) && !besideAskedWord(before, i, after, j, asked)),
  );
}

/** Whether `before[i]` and `after[j]` (one word) stand beside the same question word on the same side. */
function besideAskedWord(
  before: readonly string[],
  i: number,
  after: readonly string[],
  j: number,
  asked: (word: string | undefined) => boolean,
): boolean {
  return [-1, 1].some((side) => {
    const a = before[i + side];
    const b = after[j + side];
    return a !== undefined && b !== undefined && asked(a) && sameContentWord(a, b);
  });
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
  /** What the query asks of the graph (asked-attributes.ts `readQuestion`). */
  question?: AttributeQuestion | undefined;
}): boolean {
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
 * Whether the query names a value (a term with a digit) that `older` holds and `newer` lacks: then it
 * asks for the older memory itself ("메모 3번" among numbered notes), not for the newest value of its fact.
 */
function namesOlderValue(pair: Pick<RecencyPair, "older" | "newer" | "queryTerms">): boolean {
  return namesValueOnlyIn(pair.queryTerms, pair.older, pair.newer);
}

/** Dice coefficient of two sets: 2·|A ∩ B| / (|A| + |B|). */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const term of small) if (large.has(term)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/**
 * How far down the fused list a change note under the gate may stand and still be tied to an older
 * note above it by {@link nearChangeNote}: ranked among the best three for the question, it is about what
 * is asked. With four or five, rank-1 answers were lost on kmem-dev and the unseen sets for no lower
 * stale-above-gold (docs/benchmarks.md, "Eighth round").
 */
export const NEAR_CHANGE_RANKS = 3;

/**
 * The looser tie of a change note to an older note ranked above it, for a note ranked among the first
 * {@link NEAR_CHANGE_RANKS}: under the gate, it jumps a relevant older note and is the answer, or, with
 * the older one under the gate too, leads it and is no answer. A follow-up names the thing by fewer
 * words than the note it changes ("예약 다음주로 밀림 3/21" after a note that says whose 예약, where
 * and when), so the question's words alone do not tie them. `newer` must say a change (fact-words.ts
 * `changes`) and give a kind of value `older` gives; name no other owner, and not lose to a value the
 * question names in `older` only; and share a content word with `older` (the lexicon's other names
 * count, content-words.ts `holdsContentWord`, and so does a loanword written in the other script,
 * tokenizer.ts `tokensWrittenOtherwise`: 스트링 / string)
 * - among the words `older` names its fact by, before its first value (`lead`): "태권도 4시, 끝나면 …
 *   발레 학원" does not tie a later ballet note to the 태권도 question (a note that opens with a value,
 *   "2학기 …", "v3.1 …", names its fact after it: any of its words then);
 * - not one of `older`'s capitalised names, nor its thing (its first content word) unless that is a
 *   noun of the lexicon and no kinship word: two notes of one person or one firm are not one fact
 *   ("서준 수영 4시" / "서준 피아노 5시로 바뀜"), while "비행기 … 바꿨어" follows "flight to …";
 * and it must
 * - say that something of `older` or of the question changed, when it names what changed before its
 *   verb of change ("어항 청소 날 바꿨어" names neither the food nor the question's 사료);
 * - keep a kinship word the question asks by that `older` holds ("아내 차" against "차 바꿨어": maybe
 *   the speaker's own car);
 * - not name a shared thing by another qualifier than the question's ({@link qualifiesOtherwise}:
 *   "엘베 점검" is not the "소화전 점검" asked about).
 */
function nearChangeNote(pair: RecencyPair, questionWords: readonly string[]): boolean {
  const { texts } = pair;
  const memo = pair.factSlots ?? new FactSlotMemo();
  const before = memo.words(texts.older);
  const after = memo.words(texts.newer);
  if (!after.changes || ![...after.kinds].some((kind) => before.kinds.has(kind))) return false;
  if (namesOlderValue(pair) || statesOwnersDiffer(texts.older, texts.newer, memo)) return false;
  let sounds: ReadonlySet<string> | undefined;
  const writtenOtherwise = (word: string): boolean => {
    sounds ??= new Set(tokensWrittenOtherwise(crossScriptQueryWords(texts.older), texts.newer));
    const tokens = contentTokens(word.slice(word.indexOf(":") + 1));
    return tokens.length > 0 && tokens.every((token) => sounds?.has(token) === true);
  };
  const inNewer = (word: string) => holdsContentWord(after.content, word) || writtenOtherwise(word);
  const asked = (word: string) => questionWords.some((q) => sameContentWord(q, word));
  const shared = before.content.filter(inNewer);
  const thing = before.content[0] as string;
  const names = capitalisedKeys(texts.older);
  const changed = after.content.slice(0, after.changedAfter ?? 0);
  return (
    (before.lead === 0 ? before.content : before.content.slice(0, before.lead)).some(inNewer) &&
    shared.some((word) => !names.has(word) && (!sameContentWord(word, thing) || namesAThingNotKin(word))) &&
    (changed.length === 0 || changed.some((word) => holdsContentWord(before.content, word) || asked(word))) &&
    !questionWords.some(
      (word) => isKinshipKey(word) && holdsContentWord(before.content, word) && !inNewer(word),
    ) &&
    !qualifiesOtherwise(before, after, shared, questionWords)
  );
}

/** Whether a content key is a noun of the lexicon (flight, 사무실) and no kinship word (엄마, mom). */
function namesAThingNotKin(key: string): boolean {
  return namesAThing(key) && !isKinshipKey(key);
}

/** Whether a content key (`ko:` + stem) is a kinship word (아내, 누나, 엄마). */
function isKinshipKey(key: string): boolean {
  return key.startsWith("ko:") && isKinship(key.slice("ko:".length));
}

/**
 * Whether `after` puts a word of its own before a shared word (`shared`, content words of `before`)
 * where `before` puts a word of the question: two things of one kind, and the question asks for
 * `before`'s ("토요 강좌" asked, "평일 강좌" in the newer note). Modifiers as fact-words.ts
 * `modifies` reads them: nothing but spaces between the two words.
 */
function qualifiesOtherwise(
  before: StatementWords,
  after: StatementWords,
  shared: readonly string[],
  questionWords: readonly string[],
): boolean {
  const asked = (word: string) => questionWords.some((q) => sameContentWord(q, word));
  const modifierOf = (words: StatementWords, head: string): string | undefined => {
    const i = words.content.findIndex(
      (word, k) => k > 0 && words.modifies[k - 1] === true && sameContentWord(word, head),
    );
    return i > 0 ? words.content[i - 1] : undefined;
  };
  return shared.some((head) => {
    const own = modifierOf(before, head);
    const other = modifierOf(after, head);
    return (
      own !== undefined && other !== undefined && asked(own) && !asked(other) && !sameContentWord(own, other)
    );
  });
}

/**
 * Whether `newer`, under the relevance gate, restates `older`, a relevant answer, for the query: by a
 * fact slot both state and the question asks for (`asksSharedSlot`), by its text (`restatesForQuery`),
 * as a change note (`changeNoteRestates`), or by holding every question word `older` holds
 * (`holdsAllOlderQueryWords`). Then it is the answer.
 */
function restatesFromUnderGate(pair: RecencyPair, questionWords: readonly string[]): boolean {
  return (
    asksSharedSlot(pair) ||
    restatesForQuery(pair) ||
    changeNoteRestates(pair, questionWords) ||
    holdsAllOlderQueryWords(pair)
  );
}

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
  // A question about when something happened asks for that event: a later one of its kind (the same
  // words, another date) does not restate it; a shared fact slot still does.
  const restatements = !asksWhenItHappened(query);
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
  });
  // Whether `newer` restates `older`'s fact for the query: by isSameFact, or, when both stand on the
  // same side of the gate, as a change note about it — the test a note under the gate passes to jump a
  // relevant one holds between two under it too; one that names the old value needs no word of the
  // question only when both cleared it (`changeNoteRestates`, `byOldValue`: between notes under the
  // gate it reordered notes of other things).
  const restates = (older: T, newer: T): boolean => {
    const pair = pairOf(older, newer);
    if (isSameFact({ ...pair, restatements })) return true;
    if (!restatements) return false;
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
        restated = restatesFromUnderGate(pair, questionWords);
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
