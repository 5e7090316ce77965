/**
 * Notes said later that put an earlier note's value right or change it without naming its fact: a
 * correction marked anywhere in the note ("뒷자리 잘못 적었다", "typo"), and a follow-up that points
 * back at the note said right before it ("그거 목요일로 옮김"). Recall's recency step and conversation
 * context read them (memory/search/recency.ts, hybrid-ranking.ts); which two notes to compare is the
 * caller's to choose. Pure.
 */
import levenshtein from "damerau-levenshtein";
import { isFillerWord } from "../text/function-words.js";
import { trimEndWhile } from "../text/trim.js";
import { words } from "../text/word-list.js";
import { holdsContentWord, isGenericAttribute } from "./content-words.js";
import { FactSlotMemo, isIdentifyingValue, negatedValues } from "./fact-slots.js";
import type { StatementWords } from "./fact-words.js";
import { isClauseMark } from "./words/value-words.js";

/**
 * Whether `newer` says that a value was put wrong before (value-words.ts `marksCorrection`: "뒷자리
 * 잘못 적었다. … 2209 가 맞음", "correction: it's …, I typed it wrong earlier") and gives a value of a kind
 * `older` gives, that `older` lacks: a slip of one of its values (isSlipOf), or any such value when the
 * two share a word. It names the note it corrects by no word: whether the two are of
 * one fact is the caller's to tie (recall: a word of the question both hold).
 */
export function statesMarkedCorrectionOf(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): boolean {
  const marked = markedCorrection(older, newer, memo);
  if (marked === undefined) return false;
  const { before, after, added } = marked;
  // The right value is a slip away from the wrong one ("2290" → "2209"; a phone number's last digits
  // alone: of another kind than the whole), or one of a kind `older` gives and the two share a word.
  if (added.some((value) => [...before.values].some((wrong) => isSlipOf(value, wrong)))) return true;
  return (
    added.length > 0 &&
    [...after.kinds].some((kind) => before.kinds.has(kind)) &&
    after.content.some((word) => !isGenericAttribute(word) && holdsContentWord(before.content, word)) &&
    !namesAnotherFactOfItsThing(before, after)
  );
}

/**
 * Whether `after` names, right after the thing `before` is about (its first content word), a fact of it
 * `before` does not name, while `before` names one there that `after` lacks: "지호 상담 9일이었음, 잘못
 * 적었네" puts right 지호's appointment, not the note "지호 수영 월수 5시", which shares only whom it is
 * about.
 */
function namesAnotherFactOfItsThing(before: StatementWords, after: StatementWords): boolean {
  const [thing, beforeFact] = before.content;
  if (thing === undefined || beforeFact === undefined) return false;
  const at = after.content.findIndex((word) => holdsContentWord([thing], word));
  const afterFact = at < 0 ? undefined : after.content[at + 1];
  return (
    afterFact !== undefined &&
    !holdsContentWord(before.content, afterFact) &&
    !holdsContentWord(after.content, beforeFact)
  );
}

/**
 * Whether `newer` puts right a value of `older` that names `older` by itself, however much later and
 * whatever else either says: it says that value is not so ("B4 아니고 B14", "not 4417-2290") — or
 * marks a correction (value-words.ts `marksCorrection`) and gives the value with one slip of the keys
 * ("02-745-3316" put right as "02-745-3361", or by its last digits alone: "끝자리 3361") — and
 * gives a value of a kind `older` gives, that `older` lacks (a slip is of its kind). The old value is a
 * code or a long number (fact-slots.ts `isIdentifyingValue`): a day or a time is said by many notes, a
 * room code or a phone number by one.
 */
export function statesCorrectionByValueOf(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): boolean {
  const { rejected, marked } = memo.correction(newer);
  // Most notes neither reject a value nor mark a correction: no words are read for them.
  if (rejected.length === 0 && !marked) return false;
  const before = memo.words(older);
  const after = memo.words(newer);
  const negated = negatedValues(newer);
  const added = [...after.values].filter((value) => !before.values.has(value) && !negated.has(value));
  if (added.length === 0) return false;
  const identifies = (value: string) => before.values.has(value) && isIdentifyingValue(value);
  if (
    marked &&
    added.some((value) => [...before.values].some((wrong) => identifies(wrong) && isSlipOf(value, wrong)))
  )
    return true;
  return [...after.kinds].some((kind) => before.kinds.has(kind)) && [...negated].some(identifies);
}

/**
 * Whether `newer`, said next after `older` in its conversation, marks a correction (value-words.ts
 * `marksCorrection`) of a value it repeats from `older` and gives another of a kind `older` gives ("아까
 * 36 오타 63개임" after "재고 36개"): the old value named beside the mark says which note it puts right,
 * however short the value — but only the note right before can be meant (recall: hybrid-ranking.ts
 * `followUp`); weeks apart, "36" names nothing.
 */
export function statesNamedCorrectionOf(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): boolean {
  const marked = markedCorrection(older, newer, memo);
  if (marked === undefined) return false;
  const { before, after, added } = marked;
  return (
    added.length > 0 &&
    [...after.values].some((value) => before.values.has(value)) &&
    [...after.kinds].some((kind) => before.kinds.has(kind))
  );
}

/** Both notes' words and the values `newer` gives that `older` lacks, when `newer` marks a correction. */
function markedCorrection(
  older: string,
  newer: string,
  memo: FactSlotMemo,
): { before: StatementWords; after: StatementWords; added: string[] } | undefined {
  if (!memo.correction(newer).marked) return undefined;
  const before = memo.words(older);
  const after = memo.words(newer);
  return { before, after, added: [...after.values].filter((value) => !before.values.has(value)) };
}

/**
 * Korean words that point back at what was said before ("그거 3시로 바뀜"; 그분, that person), matched as
 * a word's start (그거는, 그건데).
 */
const POINTING_BACK_STARTS: readonly string[] = words("그거 그건 그게 그걸 그것 그날 거기 그분");
/** The Korean demonstrative that, before a noun, points back at it ("그 교육 …"). */
const THAT_NOUN = "그";
/** English words that open a note by pointing back ("that got pushed to …", "it moved to …"). */
const ENGLISH_POINTING_BACK: ReadonlySet<string> = new Set(words("that it it's that's"));
/** A clock time: 3시, 14:30, 7pm, 오전 / 오후. */
const CLOCK_TIME_RE = /\d\s*시(?![가-힣])|\d\s*시[에반까부로]|\d:\d\d|\d\s*(?:am|pm)\b|오전|오후/iu;

/** How many of a note's first words, after interjections, may hold its pointing word ("치과 그거 …"). */
const POINTING_REACH = 2;

/**
 * The index among `tokens` of the word that points back (for "그" before a noun, the noun's), within
 * {@link POINTING_REACH} words after interjections; -1 when none.
 */
function pointingWordAt(tokens: readonly string[]): number {
  let counted = 0;
  for (const [i, token] of tokens.entries()) {
    if (POINTING_BACK_STARTS.some((start) => token.startsWith(start))) return i;
    if (token === THAT_NOUN && i + 1 < tokens.length) return i + 1;
    if (ENGLISH_POINTING_BACK.has(token)) return counted === 0 ? i : -1;
    if (isFillerWord(token)) continue;
    if (++counted >= POINTING_REACH) return -1;
  }
  return -1;
}

/**
 * Whether `newer`, said next after `older` in its conversation however much later, is a follow-up
 * that changes `older`'s value: it opens by pointing back (그거, 그건, "그 교육", that, it — after an
 * interjection, or after a word `older` holds: "치과 그거 …"), says a change or a correction, and
 * gives a value of a kind `older` gives, that `older` lacks ("앗 그거 목요일 4시로 옮김" after "치과
 * 정기검진 화요일 2시 예약"). A follow-up names its fact by nothing but the pointing word: only the
 * memory right before it can be what it points at (recall: hybrid-ranking.ts `followUp`).
 */
export function statesFollowUpOf(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): boolean {
  const tokens = newer
    .normalize("NFC")
    .toLowerCase()
    .split(/\s+/u)
    .map((token) => trimEndWhile(token, isClauseMark))
    .filter((token) => token.length > 0);
  const at = pointingWordAt(tokens);
  if (at < 0) return false;
  const before = memo.words(older);
  // The words before the pointing word, and the noun "그" points with, are the older note's ("그 교육").
  const named =
    tokens[at - 1] === THAT_NOUN ? [...tokens.slice(0, at - 1), tokens[at] as string] : tokens.slice(0, at);
  const lead = memo.words(named.join(" ")).content;
  if (!lead.every((word) => holdsContentWord(before.content, word))) return false;
  const after = memo.words(newer);
  const { marked, corrected } = memo.correction(newer);
  if (!after.changes && !marked && corrected === undefined) return false;
  // A clock time changes a note that gives one: "그거 3시로 바뀜" said after "엄마 생일 5월 3일" points at
  // something else said in between (a question is not kept), not at the birthday.
  if (CLOCK_TIME_RE.test(newer) && !CLOCK_TIME_RE.test(older)) return false;
  return (
    [...after.kinds].some((kind) => before.kinds.has(kind)) &&
    [...after.values].some((value) => !before.values.has(value))
  );
}

/** Fewest characters a value needs for a slip of it to say which value it corrects. */
const MIN_SLIP_VALUE_LENGTH = 3;

/** Fewest digits a number's last digits need to be put right alone ("뒷자리 2290 아니고 2209"). */
const MIN_TAIL_DIGITS = 4;

/**
 * Whether `value` is a slip of the keys away from `wrong`: as long, with a digit, and one edit apart —
 * one character, or two next to each other that swapped places (4417-2290 / 4417-2209, 10.2.31.7 / 10.2.13.7:
 * Damerau–Levenshtein distance 1) — or, a number of {@link MIN_TAIL_DIGITS} digits or more, a slip of
 * `wrong`'s last digits: a phone number is put right by its tail ("뒷자리 2290 이 맞음", "the last four are 2290").
 */
function isSlipOf(value: string, wrong: string): boolean {
  const tail =
    wrong.length > value.length &&
    value.length >= MIN_TAIL_DIGITS &&
    /^\d+$/u.test(value) &&
    /^\d+$/u.test(wrong)
      ? wrong.slice(-value.length)
      : wrong;
  return (
    value.length === tail.length &&
    value.length >= MIN_SLIP_VALUE_LENGTH &&
    /\d/u.test(value) &&
    levenshtein(value, tail).steps === 1
  );
}
