/**
 * The values a note names as the old ones it replaces: "7:40 instead of 7:15", "from 31 to 46",
 * "4시→5시", "4시 → 5시", "4시에서 5시로", and what it negates ("C4 말고 C7", "not Monday":
 * fact-slots.ts `negatedValues`). A change note that names its old value points at the note that gave
 * it: an earlier note that gives none of them states another fact (memory/search/successors.ts).
 * Values as {@link statementWords} normalises them. One pass over the words: linear in the text.
 * Also whether a note says its fact changed again ({@link saysChangedAgain}) or that its value is now
 * settled ({@link saysSettled}).
 */
import { dateShiftOf } from "./date-shift.js";
import { negatedValues, rejectedWords } from "./fact-slots.js";
import { statementWords, type ValueKind } from "./fact-words.js";
import { valueForms } from "./value-forms.js";
import { stemEnglishWord } from "../text/english.js";
import { stripSearchSuffixes } from "../text/korean.js";
import { trimEndWhile, trimStartWhile } from "../text/trim.js";
import { words } from "../text/word-list.js";

/** Arrows between an old value and a new one. */
const ARROWS: readonly string[] = ["→", "->", "=>", "⇒"];
/** The Korean particle of a starting point ("4시에서 5시로"): the value before it is the old one. */
const KOREAN_FROM = "에서";
/** The Korean particles of a destination ("5시로", "3층으로"). */
const KOREAN_TO: readonly string[] = ["으로", "로"];

/**
 * How the words begin that say a plan cannot be kept (못함, 못 해, 안됨, 안 돼, 불가): the value right
 * before one is the old value of a change ("비 와서 10일 못함, 17일로").
 */
const KOREAN_CANNOT: readonly string[] = ["못", "안돼", "안되", "안됨", "불가"];
/** 안 and the forms of 되다 after it, written apart ("안 돼", "안 됨"). */
const KOREAN_NOT = "안";
const KOREAN_BE_DONE: readonly string[] = ["돼", "되", "됨"];

/** The values `text` says were so before: see the module comment. Empty when it names none. */
export function formerValues(text: string): ReadonlySet<string> {
  const out = new Set(negatedValues(text));
  const add = (raw: string | undefined): void => {
    if (raw === undefined) return;
    for (const value of statementWords(raw).values) out.add(value);
    for (const form of valueForms(raw)) out.add(form);
  };
  for (const word of rejectedWords(text.toLowerCase())) for (const form of valueForms(word)) out.add(form);
  for (const form of shiftedBack(text)) out.add(form);
  const spaced = text.normalize("NFC").trim().split(/\s+/u);
  spaced.forEach((raw, i) => {
    const word = raw.toLowerCase();
    // "10일날 못함", "3시는 안 돼": a value it says cannot be kept is the old one.
    const next = spaced[i + 1] ?? "";
    const cannot =
      KOREAN_CANNOT.some((stem) => next.startsWith(stem)) ||
      (next === KOREAN_NOT && KOREAN_BE_DONE.some((stem) => spaced[i + 2]?.startsWith(stem) === true));
    if (cannot) add(raw);
    // "instead of 7:15": the value after "of".
    if (word === "instead" && spaced[i + 1]?.toLowerCase() === "of") add(spaced[i + 2]);
    // "from 31 to 46": the value after "from", when "to" follows it.
    if (word === "from" && spaced[i + 2]?.toLowerCase() === "to") add(spaced[i + 1]);
    for (const arrow of ARROWS) {
      const at = raw.indexOf(arrow);
      if (at < 0) continue;
      // "4시→5시" in one word, or "4시 → 5시" with the arrow apart.
      add(at > 0 ? raw.slice(0, at) : spaced[i - 1]);
    }
    // "4시에서 5시로": a value with 에서, and the next word a value with 로/으로.
    if (raw.endsWith(KOREAN_FROM)) {
      const next = spaced[i + 1] ?? "";
      const bare = raw.slice(0, -KOREAN_FROM.length);
      if (KOREAN_TO.some((to) => next.endsWith(to)) && statementWords(next).values.size > 0) add(bare);
    }
  });
  return out;
}

/**
 * The names `text` says were so before, where it rejects a thing's name rather than a value ("동문역
 * 말고 서문역", "한빛홀이 아니라 …", "not Dunmore"): the content words (fact-words.ts keys) of each word
 * a negating word rejects that gives no value. An English one counts only when capitalised: after
 * "not" a lower-case word is a verb or an adjective ("not sure", "not going"), not a name; a
 * demonstrative ("그건 아니고") is no content word (words/function-words.ts). Empty when it rejects
 * none; which earlier note gave the name is the caller's to find. Linear in the text.
 */
export function formerNames(text: string): readonly string[] {
  const out = new Set<string>();
  for (const word of rejectedWords(text)) {
    const read = statementWords(word);
    if (read.values.size > 0) continue;
    if (/^[a-z]/u.test(word)) continue;
    for (const key of read.content) out.add(key);
  }
  return [...out];
}

/**
 * Whether `text` points an arrow at a value with a digit ("면담 30분 늦춤 → 16:10", "rate → 55,000"): the
 * shorthand of a change, whether or not a value stands before the arrow ({@link formerValues} reads
 * that one). An arrow between two codes ("ICN→LAX") is a route, no change. One pass over the words.
 */
export function arrowsToValue(text: string): boolean {
  const spaced = text.normalize("NFC").trim().split(/\s+/u);
  return spaced.some((raw, i) => {
    for (const arrow of ARROWS) {
      const at = raw.indexOf(arrow);
      if (at < 0) continue;
      const after = raw.slice(at + arrow.length) || (spaced[i + 1] ?? "");
      if (/^\p{P}*\d/u.test(after)) return true;
    }
    return false;
  });
}

/**
 * Whether a clause of `text` ends on a value with (으)로 and no verb after it ("… 17일로", "결국 3시로."):
 * the shorthand of a change, its verb left out ("17일로 바뀜"). One pass over the words.
 */
export function endsOnNewValue(text: string): boolean {
  const spaced = text.normalize("NFC").trim().split(/\s+/u);
  return spaced.some((raw, i) => {
    const word = trimEndWhile(raw, isClosingMark);
    const endsClause = i === spaced.length - 1 || word.length < raw.length;
    if (!endsClause || !KOREAN_TO.some((to) => word.endsWith(to))) return false;
    const read = statementWords(word);
    return read.values.size > 0 && (/\d/u.test(word) || read.kinds.has("when"));
  });
}

/** Marks and letters that may close a clause after its last word: punctuation, ㅠ, ㅋ, ~. */
const isClosingMark = (c: string): boolean => !/[\p{L}\p{N}]/u.test(c) || /[\u3131-\u318e]/u.test(c);

/**
 * The day a note that moves a date by an amount and gives the new day ("하루 당겨짐, 17일로", "담주로
 * 미뤄짐. 25일 같은 시간": date-shift.ts `dateShiftOf`) says the date was before: the new day less the
 * move (18, 18), as value-forms.ts writes a day of the month, and a whole date when it gives its month.
 * Empty when it names no such move or no day, or the day falls outside the month.
 */
function shiftedBack(text: string): string[] {
  const shift = dateShiftOf(text);
  if (shift === undefined) return [];
  const out: string[] = [];
  for (const form of valueForms(text)) {
    const day = /^dom:(\d+)$/u.exec(form);
    const date = /^date:(\d+)-(\d+)$/u.exec(form);
    const before = Number(day?.[1] ?? date?.[2] ?? 0) - shift;
    if ((day === null && date === null) || before < 1 || before > 31) continue;
    out.push(day !== null ? `dom:${before}` : `date:${date?.[1] ?? ""}-${before}`);
  }
  return out;
}

/**
 * Adverbs that say a change happened before (a closed class): 또, 다시, 또다시, 재차, "again". A note
 * with one ("또 미뤄짐 …", "postponed again") changes the fact's latest value, not its first.
 */
const AGAIN_WORDS: ReadonlySet<string> = new Set(["또", "다시", "또다시", "재차", "again"]);

/**
 * Whether `text` says its fact changed again ({@link AGAIN_WORDS} as a word of its own, with any
 * punctuation around it). One pass over the words: linear in the text.
 */
export function saysChangedAgain(text: string): boolean {
  return wordsOf(text).some((word) => AGAIN_WORDS.has(word));
}

/**
 * Words that say a value is now settled or set right (a closed class): Korean stems that take endings
 * and particles (확정됨, 최종으로, "정정:"; 결국, eventually), English words as they stand. A note with
 * one ("회비 최종 3만원", "Venue final: …") gives the value that replaces a draft or a mistake said
 * before it, whether or not it says that anything changed.
 */
const SETTLED_KOREAN_STEMS: readonly string[] = ["최종", "확정", "정정", "결국"];
const SETTLED_ENGLISH_WORDS: ReadonlySet<string> = new Set(["final", "finalized", "finalised", "confirmed"]);

/** Whether `text` says its value is settled or corrected ({@link SETTLED_KOREAN_STEMS}). Linear in the text. */
export function saysSettled(text: string): boolean {
  return wordsOf(text).some((word) => SETTLED_ENGLISH_WORDS.has(word) || isSettledKorean(word));
}

/**
 * Whether a content word (fact-words.ts key, `ko:` or `en:`) is one of {@link saysSettled}'s: it says how
 * the value stands, not which fact it is, so two notes that share only it share no fact.
 */
export function isSettlingWord(key: string): boolean {
  const word = key.slice(key.indexOf(":") + 1);
  return key.startsWith("ko:") ? isSettledKorean(word) : SETTLED_ENGLISH_STEMS.has(word);
}

/** A Korean word on a stem of {@link SETTLED_KOREAN_STEMS}, with whatever ending or particle. */
function isSettledKorean(word: string): boolean {
  return SETTLED_KOREAN_STEMS.some((stem) => word.startsWith(stem));
}

/** {@link SETTLED_ENGLISH_WORDS} as content keys stem them. */
const SETTLED_ENGLISH_STEMS: ReadonlySet<string> = new Set([...SETTLED_ENGLISH_WORDS].map(stemEnglishWord));

/** The words of `text`, lower-cased, without the punctuation around each. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => trimEndWhile(trimStartWhile(word, notALetter), notALetter));
}

const notALetter = (c: string): boolean => !/\p{L}/u.test(c);

/**
 * The nouns that name what kind of value a fact has (a closed class), as a change note names what it
 * leaves as it was: "일시는 동일", "요일 같고", "same hall", "price unchanged".
 */
const ATTRIBUTE_KINDS: ReadonlyMap<string, readonly ValueKind[]> = new Map(
  (
    [
      ["when", "날짜 날 일자 일시 요일 시간 시각 일정 타임 time times date dates day days schedule"],
      ["amount", "금액 가격 값 비용 요금 단가 price prices cost fee fees rate amount"],
      ["place", "장소 위치 곳 주소 place venue location address"],
      ["phone other", "번호 연락처 number"],
      ["other", "호실 room"],
    ] as const
  ).flatMap(([kinds, nouns]) => words(nouns).map((noun) => [noun, words(kinds) as ValueKind[]] as const)),
);

/** How a Korean word begins that says the attribute before it stays as it was (그대로, 동일, 똑같이, 같고, 유지). */
const KOREAN_KEPT_STEMS: readonly string[] = ["그대로", "동일", "똑같", "같", "유지", "변동"];
/** 같이 "together" (시간 같이 정하자) begins like 같고 "the same" and says nothing of a value. */
const TOGETHER = "같이";
/** English words after an attribute that say it stays ("cost unchanged", "venue stays"). */
const ENGLISH_KEPT_AFTER: ReadonlySet<string> = new Set(words("unchanged stays stay same"));
/**
 * Words that may stand between two attributes of one list or after it ("날짜, 시각", "요일이랑 시각",
 * "date & venue", "요일 시각 다 그대로", "the date is the same").
 */
const LIST_WORDS: ReadonlySet<string> = new Set(words("and & 및 랑 하고 다 모두 전부 both all is are the"));

/**
 * The kinds of value a change note says stay as they were ({@link ATTRIBUTE_KINDS} before a word of
 * {@link KOREAN_KEPT_STEMS} or {@link ENGLISH_KEPT_AFTER}, or after "same": "회식 장소 변경, 날짜 시간 동일",
 * "moved to Room 4, same time"): the note it changes gave values of those kinds. Empty when it names
 * none. One pass over the words and a walk back over each list: linear in the text.
 */
export function keptValueKinds(text: string): ReadonlySet<ValueKind> {
  const out = new Set<ValueKind>();
  const spaced = wordsOf(text);
  const kindsOf = (word: string): readonly ValueKind[] | undefined =>
    ATTRIBUTE_KINDS.get(word) ?? ATTRIBUTE_KINDS.get(stripSearchSuffixes(word));
  spaced.forEach((word, i) => {
    // "same time": the attribute after it; "the time is the same": the attributes before it.
    if (word === "same") for (const kind of kindsOf(spaced[i + 1] ?? "") ?? []) out.add(kind);
    const kept =
      ENGLISH_KEPT_AFTER.has(word) ||
      (KOREAN_KEPT_STEMS.some((stem) => word.startsWith(stem)) && !word.startsWith(TOGETHER));
    if (!kept) return;
    // The attributes right before it, a list of them read back to its first ("요일 시각 다 그대로").
    for (let at = i - 1; at >= 0; at--) {
      const before = spaced[at] as string;
      if (LIST_WORDS.has(before)) continue;
      const kinds = kindsOf(before);
      if (kinds === undefined) break;
      for (const kind of kinds) out.add(kind);
    }
  });
  return out;
}

/**
 * The kinds of value a content word (fact-words.ts key, `ko:` or `en:`) names when it only names a kind
 * of value ({@link ATTRIBUTE_KINDS}: 장소, 시간, time); undefined for any other word. A change note whose
 * words before its value are all such ("그거 위치 옮김, …") names no thing of its own.
 */
export function attributeKindsOf(key: string): readonly ValueKind[] | undefined {
  const word = key.slice(key.indexOf(":") + 1);
  return ATTRIBUTE_KINDS.get(word) ?? ATTRIBUTE_KINDS_BY_STEM.get(word);
}

/** {@link ATTRIBUTE_KINDS}' English nouns as content keys stem them (times → time). */
const ATTRIBUTE_KINDS_BY_STEM: ReadonlyMap<string, readonly ValueKind[]> = new Map(
  [...ATTRIBUTE_KINDS].map(([noun, kinds]) => [stemEnglishWord(noun), kinds]),
);
