/**
 * Words that are a value rather than what a fact is about: when (weekdays, months, parts of the day,
 * relative days), how many (number words) and the words that only say a fact changed ("now", 바뀜).
 * Two statements of the same fact differ in these and agree in the rest (fact-words.ts).
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */
import { isSearchSuffix } from "../../text/korean.js";
import { inSet, trimEndWhile } from "../../text/trim.js";
import { words } from "../../text/word-list.js";

/** Korean words of time: weekdays (full and short), parts of the day, relative days, weeks and months. */
export const KOREAN_TIME_WORDS: ReadonlySet<string> = new Set(
  words(
    "월요일 화요일 수요일 목요일 금요일 토요일 일요일 월욜 화욜 수욜 목욜 금욜 토욜 일욜 " +
      "오전 오후 아침 점심 저녁 밤 새벽 낮 정오 자정 " +
      "오늘 내일 모레 글피 어제 그제 그저께 " +
      "이번 다음 지난 저번 담주 다음주 이번주 지난주 주말 평일 주중 " +
      "이번달 다음달 지난달 월말 월초 연말 연초 " +
      "매일 매주 격주 매달 매월 매년 " +
      "반 월 주 달 년",
  ),
);

/** English weekdays, full and short. */
const ENGLISH_WEEKDAYS: ReadonlySet<string> = new Set(
  words(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun",
  ),
);

/** English words of time: weekdays, months (full and short), parts of the day, relative days. */
export const ENGLISH_TIME_WORDS: ReadonlySet<string> = new Set(
  words(
    [...ENGLISH_WEEKDAYS].join(" ") +
      " january february march april may june july august september october november december " +
      "jan feb mar apr jun jul aug sep sept oct nov dec " +
      "am pm noon midnight morning afternoon evening night tonight today tomorrow yesterday " +
      "next last week weekend weekday month year daily weekly monthly every o'clock oclock",
  ),
);

/**
 * Whether a lower-case English word is a time word ({@link ENGLISH_TIME_WORDS}) or its plural (Mondays,
 * weekends) — not any word whose stem is one: "wedding" and "marching" stem to a weekday and a month.
 */
export function isEnglishTimeWord(word: string): boolean {
  return ENGLISH_TIME_WORDS.has(word) || (word.endsWith("s") && ENGLISH_TIME_WORDS.has(word.slice(0, -1)));
}

/** Number words: Korean native and Sino-Korean, and English, as people write small amounts. */
export const NUMBER_WORDS: ReadonlySet<string> = new Set(
  words(
    "한 두 세 네 다섯 여섯 일곱 여덟 아홉 열 스무 하나 둘 셋 넷 " +
      "일 이 삼 사 오 육 칠 팔 구 십 백 천 만 억 " +
      "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty " +
      "hundred thousand million half",
  ),
);

/**
 * Korean words and stems that only say a fact changed or is now so (바뀜, 바꿨어, 옮겼어, 미뤘어; 땡기다,
 * as 당기다 is said): what the newer statement adds around the same fact. Matched as a word's beginning.
 */
export const KOREAN_CHANGE_STEMS: readonly string[] = words(
  "바뀌 바뀐 바뀜 바뀌었 바뀌어 바꾸 바꿨 바꿈 바꿔 변경 옮기 옮겼 옮김 옮겨 이사 " +
    "미뤄 미뤘 미룸 미루 당겨 당겼 당김 땡겨 땡겼 땡김 연기 갱신 업데이트 수정 정정 올려 올렸 올림 내렸 인상 인하 교체 " +
    "조정 갈아타 갈아탔 갈아탐 올랐 늦춰 늦췄 늦춤 밀려 밀렸 밀림 밀었 취소 그만두 그만뒀 그만둠 결정 대체 " +
    "줄었 줄여 줄였 줄임 줄어 늘려 늘렸 늘림 늘었 늘어 정착 재계약 재배정 변동 정함 정했 바꼈 앞당 달라졌 달라짐 연장 " +
    "후임 발령 은퇴 퇴사 이직 전근 퇴직하 퇴직했 퇴직함 넘겼 넘김 넘겨 이전함 이전했 이전됨 이전해 이전하",
);

/**
 * How a verb of arranging begins (예약, 잡았어, 정함, 조정, 신청): after 다시 ("다시 예약함", "다시 잡음")
 * it says the thing was arranged anew, a change of what was arranged before.
 */
export const KOREAN_REDO_STEMS: readonly string[] = words(
  "예약 잡 정하 정했 정함 정해 조정 짜 짰 맞추 맞췄 맞춤 등록 신청 계약 구했 구함 구해 뽑",
);
/** The adverb before a {@link KOREAN_REDO_STEMS} verb that says it was done anew. */
export const KOREAN_ANEW = "다시";

/**
 * Whether `text` says a thing was arranged anew: 다시 before a verb of arranging ("다시 예약함", "다시
 * 잡음"). One pass over its words.
 */
export function saysArrangedAnew(text: string): boolean {
  const spaced = text.normalize("NFC").split(/\s+/u);
  return spaced.some(
    (word, i) =>
      word === KOREAN_ANEW && KOREAN_REDO_STEMS.some((stem) => spaced[i + 1]?.startsWith(stem) === true),
  );
}

/**
 * Words that say a value holds now, not before (이제, 지금은, 요즘, now): they open a new value ("이제
 * 102번", "now Orijen") and are no part of it.
 */
export const NOW_WORDS: ReadonlySet<string> = new Set(words("이제 이제는 이젠 지금 지금은 요즘 요즘은 now"));

/** Verbs of change that say the thing stopped or was settled, not that it changed to a new value. */
export const KOREAN_ENDING_CHANGE_STEMS: readonly string[] =
  words("취소 그만두 그만뒀 그만둠 결정 정함 정했");

/**
 * Verbal nouns of change that, standing alone (with a particle at most), name the event people ask
 * about: "이사 날짜" is the move's date, not a note that something moved; "이사했어" still says a change.
 */
export const CHANGE_EVENT_NOUNS: ReadonlySet<string> = new Set(words("이사"));

/**
 * Verbs of change that, typed glued to the noun before them ("번호바뀜", "시간변경", "자리옮김"), still
 * say the change: the stems of {@link KOREAN_CHANGE_STEMS} that begin no other word's tail. A verbal
 * noun that ends compounds (대표이사, 도쿄올림픽, 발표연기 — acting, too) is left out, as are 올리-/올림,
 * and 변경 counts only with a verb's ending: "구조변경 검사" names an inspection.
 */
const KOREAN_GLUED_CHANGE_STEMS: readonly string[] = words(
  "바뀌 바뀐 바뀜 바꾸 바꿨 바꿈 바꿔 바꼈 옮기 옮겼 옮김 옮겨 미뤄 미뤘 미룸 당겨 당겼 당김 땡겨 땡겼 땡김 앞당 " +
    "늦춰 늦췄 늦춤 밀렸 밀림 달라졌 달라짐 변경됨 변경되 변경돼 변경됐 변경함 변경했",
);
/** The fewest syllables of a noun before a glued verb of change. */
const MIN_GLUED_NOUN_SYLLABLES = 2;

/**
 * The noun of a Korean word that is a noun and a verb of change typed as one ("번호바뀜" → 번호), or
 * undefined. The noun is not itself a verb of change ("바뀜바뀜" is none). Linear in the word.
 */
export function nounBeforeGluedChange(word: string): string | undefined {
  for (let at = MIN_GLUED_NOUN_SYLLABLES; at < word.length; at++) {
    if (!KOREAN_GLUED_CHANGE_STEMS.some((stem) => word.startsWith(stem, at))) continue;
    const noun = word.slice(0, at);
    return /^[가-힣]+$/u.test(noun) && !isKoreanChangeWord(noun) ? noun : undefined;
  }
  return undefined;
}

/** Whether a Korean word is a verb (or verbal noun) of change: it starts with one of {@link KOREAN_CHANGE_STEMS}. */
export function isKoreanChangeWord(word: string): boolean {
  return KOREAN_CHANGE_STEMS.some((stem) => word.startsWith(stem));
}

/**
 * The word before a verb of change with (으)로 at its end, without it ("바다수영장으로 옮겼어" → 바다수영장,
 * "7시로 바뀜" → 7시, a bare "로" → ""): what the thing changed to. Undefined when the word has no (으)로
 * or `verb` is no verb of change — {@link isKoreanChangeWord}, or 이전 "moved (an office)", which only
 * after (으)로 is that and not "before".
 */
export function valueChangedTo(word: string, verb: string | undefined): string | undefined {
  if (verb === undefined || !(isKoreanChangeWord(verb) || verb.startsWith("이전"))) return undefined;
  const value = word.replace(/(?:으로|로)$/u, "");
  return value === word ? undefined : value;
}

/**
 * Time nouns that, with 부터 ("from … on"), start a new state: 11월부터, 다음 주부터, 이번 달부터, 내년부터,
 * 낼부터 (내일 said short), 다음부터 ("from next time"). Not a clock time or a day (2시부터, 15일부터),
 * which begin a span ("2시부터 5시까지").
 */
export const KOREAN_FROM_TIME_ENDINGS: readonly string[] = words(
  "월 주 달 년 학기 내일 낼 모레 오늘 지금 다음",
);

/**
 * English words that, before a time, say from when a new state holds ("from October", "starting next
 * week", "as of June", "effective Monday"): the English of {@link KOREAN_FROM_TIME_ENDINGS} with 부터.
 * "as of" is read by its "of" after "as".
 */
const ENGLISH_FROM_WORDS: ReadonlySet<string> = new Set(words("from starting beginning effective"));
/** The time words after which "from" starts a new state: a month, next, this, today, tomorrow. */
const ENGLISH_FROM_TIMES: ReadonlySet<string> = new Set(
  words(
    "january february march april may june july august september october november december " +
      "jan feb mar apr jun jul aug sep sept oct nov dec next this today tomorrow",
  ),
);
/**
 * The words that may follow "next" or "this" in such a time (next week, this month); the other
 * starters also take a weekday ("beginning Thursday"), which after "from" rather begins a span ("from
 * Monday to Friday"), as a day with 부터 does.
 */
const ENGLISH_FROM_TIME_NOUNS: ReadonlySet<string> = new Set(
  words("week month year semester term season weekend"),
);

/**
 * What may follow an English word that starts a new state: "from" takes a month, next, this, today or
 * tomorrow ({@link ENGLISH_FROM_TIMES}); the other starters a weekday as well; after next or this, a
 * time noun ({@link ENGLISH_FROM_TIME_NOUNS}).
 */
export type FromStarter = "from" | "starting" | "time";

/** Which starter a lower-case word is, given the word before it ("as of"); undefined when none. */
export function fromStarter(word: string, previousWord: string): FromStarter | undefined {
  if (word === "of" && previousWord === "as") return "starting";
  if (!ENGLISH_FROM_WORDS.has(word)) return undefined;
  return word === "from" ? "from" : "starting";
}

/**
 * Whether a lower-case word, its trailing marks off, is a time after a starter of a new state: "no"
 * when not, "more" when a time noun may still follow (next, this), "done" when the time is complete.
 */
export function readsFromTime(word: string, from: FromStarter | undefined): "no" | "more" | "done" {
  if (from === undefined) return "no";
  if (from === "time") return ENGLISH_FROM_TIME_NOUNS.has(word) ? "done" : "no";
  if (word === "next" || word === "this") return "more";
  if (ENGLISH_FROM_TIMES.has(word)) return "done";
  return from === "starting" && ENGLISH_WEEKDAYS.has(word) ? "done" : "no";
}

/**
 * Whether a lower-case word is a date written with its year first and one mark between its parts:
 * 2026-05-21, 2026.5.21, 2026/05/21 (a trailing dot allowed). Its dashes make no phone number, nor its
 * dots a decimal.
 */
export function isFullDate(word: string): boolean {
  const match = FULL_DATE_RE.exec(word);
  if (match === null || match[2] !== match[4]) return false;
  const [month, day] = [Number(match[3]), Number(match[5])];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Year, mark, month, mark, day: each group of digits bounded, so the match is linear. */
const FULL_DATE_RE = /^((?:19|20)\d\d)([-./])(\d{1,2})([-./])(\d{1,2})\.?$/u;

/** Korean adverbs of change, sequence and error ("이제", "새로", "원래", "잘못"): about the change, not the fact. */
export const KOREAN_CHANGE_WORDS: ReadonlySet<string> = new Set(
  words(
    "이제 이젠 새로 새 원래 예전 예전엔 전에 앞으로 부터 대신 말고 아니고 아니라 다시 결국 드디어 그대로 끝 잘못 " +
      "당분간",
  ),
);

/**
 * Korean adverbs and particles-as-words that mark a newer state ("이제", "새로", "말고"; 당분간, "for the
 * time being", a new state that may not last): a statement with one says what changed. A subset of
 * {@link KOREAN_CHANGE_WORDS}; "원래", "예전" point at the old state.
 */
export const KOREAN_NEWER_STATE_WORDS: ReadonlySet<string> = new Set(
  words("이제 이젠 새로 새 대신 말고 당분간"),
);

/**
 * Korean words that say the value before them is not so ("4시 아니고 4시 반", "B2 말고 B3", "화요일이
 * 아니라", "3만 아니었다"): the negative copula's connective and final forms (its past ones typed 였 too),
 * and 말고.
 */
export const KOREAN_NEGATING_WORDS: ReadonlySet<string> = new Set(
  words(
    "아니고 아니구 아니라 아니라서 아니야 아냐 아니에요 아니예요 아님 아닌데 아니었고 아니었어 아니었음 " +
      "아니었다 아니었네 아니었는데 아니었어요 아니였음 아니였어 아니였다 아니더라 아니래 말고 말구",
  ),
);

/**
 * Words that open a reply by rejecting what was just said ("아니 3457이야", "no, 3457"): with a value of
 * the same kind, the reply gives the value that is so instead.
 */
export const REJECTING_OPENERS: ReadonlySet<string> = new Set(
  words("아니 아냐 아니야 아뇨 아니요 아니다 아니지 아님 노노 no nope nah"),
);

/** Interjections that may come before a correction ("아 앗 잘못 말했다"). */
const MAX_INTERJECTIONS = 2;
/** Marks that may follow an opening or a negating word ("정정:", "아니,", "아니고,", "not:"). */
export const isClauseMark = inSet(",.;:!?~");

/** "Wrongly": before a verb of saying or writing, it opens a correction. */
const MISSPOKE = "잘못";

/**
 * How a verb of saying, writing, typing, reading, hearing or knowing begins after 잘못 ("잘못 말했다",
 * "잘못 적어놨었네", "잘못 봤어", "잘못 들었음", "잘못 알았네"): the speaker misspoke. A verb is matched
 * by how it begins, so every ending and auxiliary counts (적었, 적어놨, 적음); a past form is also
 * written with its ㅆ dropped, as people type fast (적엇, 말햇, 봣). 보다 counts in its past forms only
 * (봤, 본, 봄), since a word that begins with 보 is often a noun (보관, 보험).
 */
const MISSPOKE_VERB_STEMS: readonly string[] = words(
  "말했 말햇 말함 말한 말해 말하 썼 썻 씀 쓴 써 적 얘기 이야기 알려 알았 알앗 알고 보냈 보냇 보낸 " +
    "봤 봣 본 봄 읽 들었 들엇 들은 들음 듣 입력 기록 메모 전달 계산 찍 쳤 쳣 저장",
);

/**
 * Single words that open a correction of what was just said ("정정:", "오타", a leading "correction",
 * "actually it's …", "oops, …", "wait, …").
 */
const CORRECTING_WORDS: ReadonlySet<string> = new Set(
  words("정정 정정하면 정정할게 오타 오타임 correction oops whoops"),
);

/**
 * Words that open a correction only as an aside — set off by a mark ("wait, …", "actually: …"), after
 * another opening ("no wait …"), or before "it's" ("actually it's …"): "wait for me", "actually I love
 * sushi" correct nothing.
 */
const ASIDE_OPENERS: ReadonlySet<string> = new Set(words("actually wait"));
/** What an aside opener may stand right before ({@link ASIDE_OPENERS}). */
const POINTING_COPULAS: ReadonlySet<string> = new Set(words("it's its that's thats"));

/** English pairs that open a correction ("I mean 3457", "I meant Thursday"; scratch, that: "… 4pm"). */
const ENGLISH_CORRECTING_PAIRS: ReadonlySet<string> = new Set(["i mean", "i meant", "scratch" + " that"]);

/**
 * How many words, from `first` on, say the speaker misspoke: 2 for 잘못 and a verb of saying or
 * writing ("잘못 적었다"), 1 for the two written as one word ("잘못적음"), else 0.
 */
function misspokeWords(first: string, second: string): number {
  const saysVerb = (verb: string) => MISSPOKE_VERB_STEMS.some((stem) => verb.startsWith(stem));
  if (first === MISSPOKE) return saysVerb(second) ? 2 : 0;
  return first.startsWith(MISSPOKE) && saysVerb(first.slice(MISSPOKE.length)) ? 1 : 0;
}

/**
 * How many of `tokens`' first words reject or correct what was just said — after any interjection:
 * a rejecting word ({@link REJECTING_OPENERS}), "잘못 말했다" and its kin, "정정", "I meant"; 0 when the
 * text does not open so. `isFiller` tells an interjection ("아", "앗", "oops").
 */
export function correctionOpening(tokens: readonly string[], isFiller: (word: string) => boolean): number {
  const word = (i: number) => trimEndWhile((tokens[i] ?? "").normalize("NFC").toLowerCase(), isClauseMark);
  // Openings may follow one another ("no wait, …", "oops, I meant …"): the text opens with all of them.
  let opened = 0;
  let at = 0;
  for (let skipped = 0; skipped <= MAX_INTERJECTIONS && at < tokens.length;) {
    const first = word(at);
    const second = word(at + 1);
    // Set off by a mark: the word as written ends in one ("wait," "actually:").
    const marked = isClauseMark((tokens[at] ?? "").slice(-1));
    const aside = ASIDE_OPENERS.has(first) && (opened > 0 || marked || POINTING_COPULAS.has(second));
    const length =
      REJECTING_OPENERS.has(first) || CORRECTING_WORDS.has(first) || aside
        ? 1
        : misspokeWords(first, second) || (ENGLISH_CORRECTING_PAIRS.has(`${first} ${second}`) ? 2 : 0);
    if (length > 0) {
      at += length;
      opened = at;
      continue;
    }
    if (first.length === 0 || !isFiller(first)) break;
    at += 1;
    skipped += 1;
  }
  return opened;
}

/** English words that say, anywhere in a note, that something was written wrong before ("typo"). */
const ENGLISH_CORRECTION_WORDS: ReadonlySet<string> = new Set(
  words("correction corrected typo mistyped misspoke misread misheard miscounted miscalculated"),
);
/**
 * English verbs of writing that, with "wrong" later in the note, say an earlier value was wrong ("I
 * wrote the wrong date"); "typed", with "earlier" too ("I typed 14 earlier"), while "wrote to the
 * landlord earlier" corrects nothing.
 */
const ENGLISH_WROTE: ReadonlySet<string> = new Set(words("typed wrote"));
const WRONG = "wrong";
/** The verb scratch with that after it: anywhere in a note, what was said before it is taken back. */
const SCRATCH = "scratch";
const THAT = "that";
const TYPED = "typed";
const EARLIER = "earlier";
/** Korean predicates of "that is the right one" after a value and 이/가 ("2209가 맞음", "7218 이 맞아"). */
const KOREAN_RIGHT_ONE: ReadonlySet<string> = new Set(
  words("맞음 맞아 맞아요 맞다 맞습니다 맞네 맞대 맞음요"),
);
/** The subject particles that may stand between a value and {@link KOREAN_RIGHT_ONE}. */
const SUBJECT_PARTICLES: readonly string[] = words("이 가");

/**
 * Whether a note says, anywhere in it, that a value was written or said wrong before and gives the
 * right one: a word of correction (정정, 오타, correction, typo; scratch with that after it), 잘못 before a verb of saying or
 * writing ("뒷자리 잘못 적었다"), "I wrote / typed … wrong", "I typed … earlier", a second look ("다시 보니",
 * "turns out": {@link LOOKED_AGAIN}), or a value followed by 이/가 and 맞다 ("2209가 맞음"). Unlike {@link correctionOpening}, which reads a reply right after what it
 * corrects, it does not say which note is corrected: that is for the caller to tie by shared words.
 */
export function marksCorrection(text: string): boolean {
  const tokens = text
    .normalize("NFC")
    .toLowerCase()
    .split(/\s+/u)
    .map((token) => trimEndWhile(token, isClauseMark));
  let wrote: string | undefined;
  return tokens.some((token, i) => {
    if (CORRECTING_WORDS.has(token) || ENGLISH_CORRECTION_WORDS.has(token)) return true;
    if (token === SCRATCH && tokens[i + 1] === THAT) return true;
    if (token.startsWith("정정") || token.startsWith("오타")) return true;
    if (misspokeWords(token, tokens[i + 1] ?? "") > 0) return true;
    if (learnedOtherwise(token, tokens[i + 1] ?? "")) return true;
    if (ENGLISH_WROTE.has(token)) wrote = token;
    else if (wrote !== undefined && (token === WRONG || (wrote === TYPED && token === EARLIER))) return true;
    return KOREAN_RIGHT_ONE.has(token) && valueBeforeSubjectParticle(tokens, i);
  });
}

/**
 * What opens "on a second look" — 다시 보니(까), 알고 보니, 확인해 보니, glued or apart; "turns out" —
 * before a value that replaces what one believed: the note corrects an earlier one as 잘못 적었다 does.
 */
const LOOKED_AGAIN: readonly string[] = words("다시 알고 확인해");
const LOOKING = "보니";
const TURNS_OUT: ReadonlySet<string> = new Set(words("turns turned"));

/** Whether `first` (and `second`) say one learned otherwise ({@link LOOKED_AGAIN}). */
function learnedOtherwise(first: string, second: string): boolean {
  if (TURNS_OUT.has(first)) return second === "out";
  return LOOKED_AGAIN.some(
    (opener) =>
      (first === opener && second.startsWith(LOOKING)) ||
      (first.startsWith(opener) && first.slice(opener.length).startsWith(LOOKING)),
  );
}

/** Whether the tokens right before `at` are a value with a digit and a subject particle, glued or apart. */
function valueBeforeSubjectParticle(tokens: readonly string[], at: number): boolean {
  const before = tokens[at - 1] ?? "";
  if (SUBJECT_PARTICLES.includes(before)) return /\d/u.test(tokens[at - 2] ?? "");
  return SUBJECT_PARTICLES.some((particle) => before.endsWith(particle)) && /\d/u.test(before);
}

/** English words that say the value after them is not so ("not Tuesday, Wednesday"). */
export const ENGLISH_NEGATING_WORDS: ReadonlySet<string> = new Set(words("not isn't wasn't isnt wasnt"));

/**
 * English words that mark a changed or newer state (now, moved, renamed, new): a statement with one says
 * what changed. Matched by stem (moved, moves → move).
 */
export const ENGLISH_CHANGE_MARKERS: ReadonlySet<string> = new Set(
  words(
    "now new change move switch update instead anymore reschedule push postpone rename raise lower retire resign " +
      "rebook replace swap slip bump drop cancel reset renegotiate increase reduce extend shorten relocate decide " +
      "delay defer upgrade downgrade trade quit successor",
  ),
);

/**
 * English verbs of change made of a verb and a particle (a closed class): "goes up", "went down", "took
 * over", "handed over", "brought forward" — by the particle, the verb forms it follows.
 */
export const ENGLISH_PHRASAL_CHANGES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["up", new Set(words("go goes went going gone"))],
  ["down", new Set(words("go goes went going gone"))],
  ["over", new Set(words("take takes took taking taken hand hands handed handing"))],
  ["forward", new Set(words("pull pulls pulled pulling bring brings brought bringing"))],
]);

/**
 * "down to" or "back to" before a number ("down to 12 left", "back to 9 on Fridays"): the value fell to
 * it, or went back to an earlier one. `end` is where `word` ends in `text`.
 */
export function fellTo(previous: string, word: string, text: string, end: number): boolean {
  if ((previous !== "down" && previous !== "back") || word !== "to") return false;
  let at = end;
  while (text[at] === " ") at++;
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57;
}

/** The English markers of {@link ENGLISH_CHANGE_MARKERS} that are no verb: they say what is so now. */
export const ENGLISH_NEWER_STATE_WORDS: ReadonlySet<string> = new Set(words("now new instead anymore"));

/** English words that only say a fact changed or is now so. */
export const ENGLISH_CHANGE_WORDS: ReadonlySet<string> = new Set(
  words(
    "now new old changed change changes moved move switched switch updated update instead anymore " +
      "longer actually correction rescheduled reschedule pushed postponed back got get",
  ),
);

/**
 * Korean bound nouns and negation adverbs: grammar that never names a thing alone (할 수 있음, 갈 때,
 * 오신 분, 못 감, 한미숙 님, 정우 씨).
 */
export const KOREAN_BOUND_WORDS: ReadonlySet<string> = new Set(
  words("수 때 중 등 분 쪽 데 줄 뿐 듯 적 번 거 게 건 못 안 잘 더 덜 또 같이 함께 다 및 님 씨"),
);

/** The syllables that stand for the days of the week (월수금, 화·목, 토). */
export const KOREAN_WEEKDAY_SYLLABLES: ReadonlySet<string> = new Set([..."월화수목금토일"]);

/**
 * The last syllable of a Korean place name in an address (중랑구, 신림동, 영월군, 진접읍, 망우로9길; 리 and 면 end too many nouns: 자리, 라면): the
 * address's value, not what the statement is about.
 */
export const KOREAN_ADDRESS_UNITS: ReadonlySet<string> = new Set([..."시군구읍동길"]);

/**
 * Attribute nouns that say what kind of value follows but not whose (번호, 주소, number): a statement
 * with only these in common with another must agree on whose it is.
 */
export const GENERIC_ATTRIBUTE_WORDS: ReadonlySet<string> = new Set(
  words(
    "번호 전화번호 연락처 주소 이름 성함 날짜 시간 일정 요일 예약 가격 금액 비용 " +
      "number phone address name date time schedule price cost",
  ),
);

/**
 * Korean question words that ask for a value of one kind (fact-words.ts `askedValueKinds`): a time or
 * an amount (each matched as a word's beginning: 며칠이지, 얼마로), a phone number (by its stem). After
 * 몇 the unit says the kind instead (몇 시, 몇 kg, 몇 번).
 */
export const KOREAN_WHEN_QUESTION_WORDS: readonly string[] = words("언제 며칠 몇일 요일 날짜");
export const KOREAN_AMOUNT_QUESTION_WORD = "얼마";
export const KOREAN_PHONE_QUESTION_WORDS: ReadonlySet<string> = new Set(
  words("전화번호 연락처 핸드폰번호 폰번호 휴대폰번호"),
);

/**
 * Korean counters that number one of a series (a closed class: 2차 접종, 12화, 3회차, 5기, 40주년, 두
 * 번째, 2학기, 3분기, 4주차): the number says which instance a question is about, not a value of its
 * fact. Not those that also count things (사진 3장, 서류 2부, 책 3권, 3회 = three times).
 */
const KOREAN_SERIES_COUNTERS: readonly string[] = words("차 화 회차 기 주년 번째 학년 학기 분기 주차");
/** English nouns a number after which says which of a series (chapter 3, season 2, week 4). */
const ENGLISH_SERIES_NOUNS: ReadonlySet<string> = new Set(
  words(
    "chapter ch chapters episode ep season round part vol volume week lesson unit stage phase semester term",
  ),
);
/** A month named alone, with no day after it (4월 모임, not 4월 10일): the period a question is about. */
const MONTH_RE = /^(\d{1,2})월$/u;
const DAY_RE = /^\d{1,2}일/u;

/**
 * The numbers of `text` that say which one of a series it is about (as digits, the way fact-words.ts
 * `statementWords` gives values): a number with a counter of {@link KOREAN_SERIES_COUNTERS}, after a
 * noun of {@link ENGLISH_SERIES_NOUNS}, or a month named with no day. A question that names one asks
 * about that instance and may still ask for its newest value ("2차 접종 언제로 바뀌었지": the second dose's
 * date), unlike one that names a value itself (a phone number, an amount). One pass over the words.
 */
export function seriesNumbers(text: string): ReadonlySet<string> {
  const out = new Set<string>();
  const spaced = text.normalize("NFC").toLowerCase().split(/\s+/u);
  spaced.forEach((raw, i) => {
    const word = trimEndWhile(raw, isClauseMark);
    const digits = /^\d+/u.exec(word)?.[0];
    if (digits === undefined) return;
    const rest = word.slice(digits.length);
    const month = MONTH_RE.exec(word);
    if (month !== null) {
      if (!DAY_RE.test(spaced[i + 1] ?? "")) out.add(digits);
      return;
    }
    const counted = KOREAN_SERIES_COUNTERS.some((counter) => rest === counter || stripsTo(rest, counter));
    const named = ENGLISH_SERIES_NOUNS.has(trimEndWhile(spaced[i - 1] ?? "", isClauseMark));
    if (counted || (rest === "" && named)) out.add(digits);
  });
  return out;
}

/** Whether `rest` is `counter` with a particle after it (2차에, 12화는, 3기랑). */
function stripsTo(rest: string, counter: string): boolean {
  return rest.startsWith(counter) && isSearchSuffix(rest.slice(counter.length));
}
