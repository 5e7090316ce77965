/**
 * Two shapes of a change note read in their plain form, so that the statement gets the triplet its
 * plain form gets and no rule needs a second shape:
 * - a change said first, then its new value after a word of "now" ("콩이 사료 바꿈 이제 오리젠", "주차
 *   자리 바뀜. 이제 B3 12번 씀") states what "콩이 사료는 이제 오리젠이야" states ({@link withChangeThenValue});
 * - a change that names the old value before the new one ("요가 화요일 말고 목요일로 옮김") states what
 *   "요가 목요일로 옮김" states ({@link withoutReplacedValue}).
 * Each rewrites a line — the same words in the same order, with a particle and a copula at most.
 */
import { inSet, trimEndWhile } from "../text/trim.js";
import { words } from "../text/word-list.js";
import {
  containsHangul,
  hasBatchim,
  isHangulSyllable,
  isHangulWord,
  lastChar,
  stripCopula,
  syllableJamo,
} from "../text/korean.js";
import { isNameLike, isPredicate } from "./rule-common.js";
import { findTypedValues, type TypedKind } from "./rule-typed.js";
import {
  CHANGE_EVENT_NOUNS,
  isKoreanChangeWord,
  KOREAN_BOUND_WORDS,
  KOREAN_ENDING_CHANGE_STEMS,
  NOW_WORDS,
} from "./words/value-words.js";

/** The words naming what changed: "사료" … "우리 팀 회의실", "my bike lock code", before the verb of change. */
const MAX_NAME_WORDS = 3;
/** English verbs of change that say the thing now has another value ("my gym changed, now …"). */
const ENGLISH_REPLACING_VERBS: ReadonlySet<string> = new Set(words("changed moved switched updated"));
/** English pronouns: "we moved, now …" is a move of people, not a thing's new value. */
const ENGLISH_PRONOUNS: ReadonlySet<string> = new Set(words("i we you he she they it"));
/** The words of the new value: "오리젠" … "금요일 오후 네 시 반". */
const MAX_VALUE_WORDS = 4;
/** A word's end that closes a sentence or a clause inside the line. */
const isClosingMark = inSet(".,!~;:");
/** The index of ㅁ among a syllable's finals: 바꿈, 옮김, 갈아탐, 다님 (a predicate as a noun). */
const FINAL_MIEUM = 16;
/** A word that ends in the (으)로 of a new value ("LG로", "강남점으로"). */
const TO_RE = /(?:으로|로)$/u;
/** The kinds of typed value that are someone's contact. */
const CONTACT_KINDS: ReadonlySet<TypedKind> = new Set(["phone", "email"]);
/** The object particles a name may carry before the verb ("사료를 바꿨어"). */
const OBJECT_PARTICLE_RE = /^(.{2,})(?:을|를)$/u;

/**
 * `line` with its opening "NAME VERB-OF-CHANGE, NOW VALUE" written as "NAME는 이제 VALUE야" ("NAME is now
 * VALUE" in English: "my bike lock code changed, now 4417"), the rest of the line kept; `line` itself when it
 * does not open so. NAME is one to {@link MAX_NAME_WORDS} words ending in a noun, VALUE one to
 * {@link MAX_VALUE_WORDS} words up to the end of the clause, without a closing verb ("다님", "먹임") or
 * copula ("…임").
 */
export function withChangeThenValue(line: string): string {
  const tokens = line.split(" ");
  const english = withEnglishChangedTo(tokens);
  if (english !== undefined) return english;
  for (let verbAt = 1; verbAt <= MAX_NAME_WORDS && verbAt + 2 < tokens.length; verbAt += 1) {
    const verb = withoutClosingMark(tokens[verbAt] ?? "");
    const english = ENGLISH_REPLACING_VERBS.has(verb.toLowerCase());
    if (!english && !saysItChanged(verb)) continue;
    const now = tokens[verbAt + 1];
    if (now === undefined || !NOW_WORDS.has(now.toLowerCase())) return line;
    const nameWords = tokens.slice(0, verbAt);
    const name = english ? englishName(nameWords) : namedThing(nameWords);
    const value = newValue(tokens.slice(verbAt + 2));
    if (name === undefined || value === undefined) return line;
    const rest = tokens.slice(verbAt + 2 + value.taken);
    const said = value.words.join(" ");
    const statement = english
      ? `${name} is now ${said}`
      : `${name} 이제 ${said}${copulaAfter(value.words.at(-1) ?? "")}`;
    return [statement + value.mark, ...rest].join(" ");
  }
  return line;
}

/** Possessives that open an English change of one's own thing ("my locker number changed to 305"). */
const ENGLISH_OWNERS: ReadonlySet<string> = new Set(words("my our"));
/** Words that may open the line before the possessive ("actually, my …", "btw my …"). */
const ENGLISH_OPENERS: ReadonlySet<string> = new Set(words("actually so btw oh ok okay also fyi update"));
/** Words that may stand between the thing and its verb of change ("has changed", "just switched"). */
const ENGLISH_AUXILIARIES: ReadonlySet<string> = new Set(words("has have just got"));
/**
 * Verbs that say one's thing was replaced by another value ("my gym changed to …"). Not "moved": a thing
 * that moved to a place or a time ("my team moved to the 5th floor") keeps its name; the place or time
 * is a fact of it.
 */
const ENGLISH_REPLACED_VERBS: ReadonlySet<string> = new Set(words("changed switched"));

/**
 * "my NAME changed to VALUE" and "my NAME changed, now VALUE" (switched; "has changed", "just switched";
 * after an opener, "actually, my …") written as "my NAME is now VALUE", the rest of the line kept: the
 * change states the thing's new value as the plain form does. NAME is one to {@link MAX_NAME_WORDS}
 * words with no closing mark; undefined when the line does not open so.
 */
function withEnglishChangedTo(tokens: readonly string[]): string | undefined {
  const opened = ENGLISH_OPENERS.has(withoutClosingMark(tokens[0] ?? "").toLowerCase()) ? 1 : 0;
  const owner = tokens[opened] ?? "";
  if (!ENGLISH_OWNERS.has(owner.toLowerCase())) return undefined;
  const first = opened + 1;
  for (
    let verbAt = first + 1;
    verbAt <= first + MAX_NAME_WORDS + 1 && verbAt + 2 < tokens.length;
    verbAt += 1
  ) {
    const said = tokens[verbAt] ?? "";
    const verb = withoutClosingMark(said).toLowerCase();
    if (!ENGLISH_REPLACED_VERBS.has(verb)) continue;
    const next = (tokens[verbAt + 1] ?? "").toLowerCase();
    const followed = said.endsWith(",") ? next === "now" : said === verb && next === "to";
    if (!followed) return undefined;
    const before = tokens.slice(first, verbAt);
    const nameWords = ENGLISH_AUXILIARIES.has((before.at(-1) ?? "").toLowerCase())
      ? before.slice(0, -1)
      : before;
    if (nameWords.length === 0 || nameWords.length > MAX_NAME_WORDS || nameWords.some(hasClosingMark))
      return undefined;
    if (containsHangul(nameWords.join(" ")) || ENGLISH_PRONOUNS.has((nameWords.at(-1) ?? "").toLowerCase()))
      return undefined;
    return [owner, ...nameWords, "is", "now", ...tokens.slice(verbAt + 2)].join(" ");
  }
  return undefined;
}

/** Words after the old value that say the new one replaces it ("화요일 말고 목요일로 옮김"). */
const INSTEAD_OF_WORDS: ReadonlySet<string> = new Set(words("말고 대신 아니고"));

/**
 * `line` without the old value a change names before the new one ("요가 화요일 말고 목요일로 옮김" →
 * "요가 목요일로 옮김", "치과 예약 4시 반 말고 5시로 바꿈" → "치과 예약 5시로 바꿈"): the old value is no
 * part of the name of what changed. It is the typed value (a date, a time) that ends before 말고, or else
 * the words that parallel the new value ({@link parallelWords}); `line` itself when no "OLD 말고
 * NEW(으)로 VERB" is in it.
 */
export function withoutReplacedValue(line: string): string {
  const tokens = line.split(" ");
  for (let at = 1; at + 2 < tokens.length; at += 1) {
    if (!INSTEAD_OF_WORDS.has(withoutClosingMark(tokens[at] ?? ""))) continue;
    // Each look is bounded (the new value's words, the old value's), so a line stays linear to read.
    const near = tokens.slice(at + 1, at + 1 + MAX_VALUE_WORDS).findIndex((token) => TO_RE.test(token));
    const toAt = near < 0 ? -1 : at + 1 + near;
    if (toAt < 0 || !saysItChanged(withoutClosingMark(tokens[toAt + 1] ?? ""))) continue;
    const before = tokens.slice(Math.max(0, at - MAX_VALUE_WORDS), at).join(" ");
    const typed = findTypedValues(before).at(-1);
    const oldWords =
      typed !== undefined && typed.end === before.length
        ? before.slice(typed.start).split(" ").length
        : parallelWords(tokens.slice(Math.max(0, at - MAX_VALUE_WORDS), at), tokens.slice(at + 1, toAt + 1));
    if (oldWords >= at) continue;
    return [...tokens.slice(0, at - oldWords), ...tokens.slice(at + 1)].join(" ");
  }
  return line;
}

/**
 * How many of the last words of `before` are the old value, read against the new one (`after`, its last
 * word with (으)로) word by word from the end: the last word always; a word before it when it is the new
 * value's word there ("카페 온도 / 카페 숲"), has its shape (both with digits, "B2 37번 / B3 12번"; the same
 * ending, "먹는 거 / 바르는 약"), comes before a word both share ("김순자 선생님 / 오미경 선생님") or before
 * a bound noun ("먹는 거 말고 습식 캔으로"). A word of neither kind names what changed ("밥 렙토민 말고 조아
 * 거북이스틱으로": 밥).
 */
function parallelWords(before: readonly string[], after: readonly string[]): number {
  const newWords = [...after.slice(0, -1), (after.at(-1) ?? "").replace(TO_RE, "")];
  let count = 1;
  while (count < newWords.length && count < before.length) {
    const old = before[before.length - 1 - count] ?? "";
    const aligned = newWords[newWords.length - 1 - count] ?? "";
    const next = before[before.length - count] ?? "";
    const sharedNext = next === newWords[newWords.length - count];
    // "먹는 거 말고": a bound noun (거, 것) stands only with the word before it.
    if (!(old === aligned || sameShape(old, aligned) || sharedNext || KOREAN_BOUND_WORDS.has(next))) break;
    count += 1;
  }
  return count;
}

/** Two words of one shape in parallel values: both hold a digit, or both end in the same character. */
function sameShape(a: string, b: string): boolean {
  return (/\d/u.test(a) && /\d/u.test(b)) || (a.length > 1 && b.length > 1 && a.at(-1) === b.at(-1));
}

/** "my bike lock code", "Coco's food": the words before the verb, when no pronoun stands for the thing. */
function englishName(words: readonly string[]): string | undefined {
  const last = (words.at(-1) ?? "").toLowerCase();
  if (ENGLISH_PRONOUNS.has(last) || words.some(hasClosingMark) || containsHangul(words.join(" ")))
    return undefined;
  return words.join(" ");
}

/** "바꿈", "바뀜.", "옮겼어", "갈아탐": a verb of change that ends its clause (not "취소", "그만둠", "이사했어"). */
function saysItChanged(word: string): boolean {
  if (!isKoreanChangeWord(word) || KOREAN_ENDING_CHANGE_STEMS.some((stem) => word.startsWith(stem)))
    return false;
  // "이사했어. 이제 부산": a move, which the rules read as where the mover lives now.
  if ([...CHANGE_EVENT_NOUNS].some((noun) => word.startsWith(noun))) return false;
  return isPredicate(word) || endsAsNoun(word);
}

/**
 * Whether a value's last word is the verb that closes it ("다님", "씀", "다녀요", "먹인다"): a predicate
 * as the rules know them, one written as a noun, or a polite or plain ending.
 */
function closesAsVerb(word: string): boolean {
  return isPredicate(word) || endsAsNoun(word) || (isHangulWord(word) && /(?:요|다)$/u.test(word));
}

/** Whether the word ends in a syllable with ㅁ as its final: a predicate written as a noun (갈아탐, 다님). */
function endsAsNoun(word: string): boolean {
  const final = syllableJamo(word.charCodeAt(word.length - 1));
  return final !== undefined && final.final === FINAL_MIEUM;
}

/** The words naming what changed with a topic particle on the last ("콩이 사료" → "콩이 사료는"). */
function namedThing(words: readonly string[]): string | undefined {
  const bare = words.map((word, i) =>
    i === words.length - 1 ? (OBJECT_PARTICLE_RE.exec(word)?.[1] ?? word) : word,
  );
  const last = bare.at(-1) ?? "";
  // "우리 팀 회의실": an owner word may come first; the rules read whose it is from the plain form. A
  // word with (으)로 is a value the thing changed to ("통신사 KT로 갈아탐"), not part of its name.
  if (!isNameLike(last) || bare.some((word) => hasClosingMark(word) || isPredicate(word) || TO_RE.test(word)))
    return undefined;
  const particle = isHangulSyllable(lastChar(last)) && !hasBatchim(lastChar(last)) ? "는" : "은";
  return [...bare.slice(0, -1), last + particle].join(" ");
}

/**
 * The new value: the words after the word of "now" up to the first that closes a clause, at most
 * {@link MAX_VALUE_WORDS}, without a closing verb; how many words it took and the mark that closed it.
 */
function newValue(tokens: readonly string[]): { words: string[]; taken: number; mark: string } | undefined {
  const end = tokens.findIndex(hasClosingMark);
  const taken = end < 0 ? tokens.length : end + 1;
  if (taken === 0 || taken > MAX_VALUE_WORDS) return undefined;
  const words = tokens.slice(0, taken);
  const closing = words.at(-1) ?? "";
  const bareLast = withoutClosingMark(closing);
  const mark = closing.slice(bareLast.length);
  words[words.length - 1] = bareLast;
  const stated = stripCopula(bareLast);
  if (stated !== bareLast && stated.length > 0) words[words.length - 1] = stated;
  else if (words.length > 1 && closesAsVerb(bareLast)) words.pop();
  if (words.some((word) => word.length === 0 || isKoreanChangeWord(word) || NOW_WORDS.has(word)))
    return undefined;
  // "이제 남궁 주임님 010-…": a phone number or an e-mail address is a person's or a place's contact,
  // which the contact rules give to whom the words name; the plain form would give it to the thing.
  if (findTypedValues(words.join(" ")).some((typed) => CONTACT_KINDS.has(typed.kind))) return undefined;
  return { words, taken, mark };
}

/** 이야 after a final consonant or a character that is not Hangul ("B3 12번이야", "010-…이야"), else 야. */
function copulaAfter(word: string): string {
  const last = lastChar(word);
  return isHangulSyllable(last) && !hasBatchim(last) ? "야" : "이야";
}

function hasClosingMark(word: string): boolean {
  return isClosingMark(word.at(-1) ?? "");
}

function withoutClosingMark(word: string): string {
  return trimEndWhile(word, isClosingMark);
}
