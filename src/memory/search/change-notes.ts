/**
 * Change notes in the recency step (recency.ts): whether a newer note that says something changed
 * ("바뀜", "이제 …", "moved to …") restates an older recalled note for the query, by the strict test a
 * note needs to jump a relevant answer from under the gate ({@link changeNoteRestates}) and by the
 * looser one for a note ranked among the first few ({@link nearChangeNote}). Pure.
 */
import {
  changesAnotherFact,
  FactSlotMemo,
  negatedValues,
  statesOwnersDiffer,
} from "../../extraction/fact-slots.js";
import { holdsContentWord, namesAThing, sameContentWord } from "../../extraction/content-words.js";
import { capitalisedKeys, type StatementWords } from "../../extraction/fact-words.js";
import { isFullKoreanName, isKinship } from "../../extraction/rule-common.js";
import { contentTokens } from "../../text/tokenizer.js";
import { crossScriptQueryWords, tokensWrittenOtherwise } from "../../text/cross-script.js";
import { dice, namesOlderValue, SAME_FACT_MIN_DICE, type NotePair } from "./note-pair.js";

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
 *   the first note gave ("합창단 리허설 또 미뤄짐" after "솔빛 합창단 리허설 목요일"); one word is
 *   not enough (another thing of its kind) — unless it also repeats a word of `older`'s value or a
 *   person's name `older` gives ("회식 장소 바뀜, 솥뚜껑집 예약이 꽉 차서 …" after "부장님 환송 회식 …
 *   을지로 솥뚜껑집"): that points at `older` itself.
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
export function changeNoteRestates(
  pair: NotePair,
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
    sharedBesideThing >= 2 ||
    repeatsOlderValueWord(
      { content: before.content, names: capitalisedKeys(texts.older), lead: before.lead },
      after.content,
      questionWords,
    )
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
  older: { content: readonly string[]; names: ReadonlySet<string>; lead?: number },
  after: readonly string[],
  questionWords: readonly string[],
): boolean {
  const before = older.content;
  const lead = older.lead;
  // Given `lead`, only a word that stands among the older note's values or is a person's name: a
  // word before its first value may name what the fact is of (시간, 장소), which notes of other things say too.
  const ofTheValue = (word: string, i: number) =>
    lead === undefined ||
    i >= lead ||
    isFullKoreanName(word.slice(word.indexOf(":") + 1).replace(GLUED_HONORIFIC_RE, ""));
  const asked = (word: string | undefined) =>
    word !== undefined && questionWords.some((q) => sameContentWord(q, word));
  const namesValue = (word: string) =>
    word.startsWith("ko:") ? word.length > "ko:".length + 1 && !namesAThing(word) : older.names.has(word);
  return before.some(
    (word, i) =>
      i > 0 &&
      !sameContentWord(word, before[0] as string) &&
      namesValue(word) &&
      ofTheValue(word, i) &&
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

/** An honorific glued to a name ("최하윤쌤", "윤서진님"). */
const GLUED_HONORIFIC_RE = /(?:선생님|쌤|님|씨)$/u;

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
 * cross-script.ts `tokensWrittenOtherwise`: 스트링 / string)
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
 *   "엘베 점검" names another thing than the "소화전 점검" asked about).
 * A note that rejects one of `older`'s values by name ("필테 화요일 말고 금요일로 바꿈" after "필라테스
 * … 매주 화요일": fact-slots.ts `negatedValues`) needs, of all this, only the change, the kind of value,
 * the owner and the question's value: the rejected value names `older`'s fact however it calls the thing.
 */
export function nearChangeNote(pair: NotePair, questionWords: readonly string[]): boolean {
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
  // "토요일 말고 목요일로 바꿈": it rejects a value `older` gives, by name — that names `older`'s fact.
  if ([...negatedValues(texts.newer)].some((value) => before.values.has(value))) return true;
  return (
    (before.lead === 0 ? before.content : before.content.slice(0, before.lead)).some(inNewer) &&
    shared.some((word) => !names.has(word) && (!sameContentWord(word, thing) || namesAThingNotKin(word))) &&
    (changed.length === 0 || changed.some((word) => holdsContentWord(before.content, word) || asked(word))) &&
    !questionWords.some(
      (word) => isKinshipKey(word) && holdsContentWord(before.content, word) && !inNewer(word),
    ) &&
    !qualifiesOtherwise(before, after, shared, asked)
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
 * where `before` puts a word of the question (`asked`): two things of one kind, and the question asks for
 * `before`'s ("토요 강좌" asked, "평일 강좌" in the newer note). Modifiers as fact-words.ts
 * `modifies` reads them: nothing but spaces between the two words.
 */
function qualifiesOtherwise(
  before: StatementWords,
  after: StatementWords,
  shared: readonly string[],
  asked: (word: string) => boolean,
): boolean {
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
