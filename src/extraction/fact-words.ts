/**
 * A statement read as the words a fact is about and the values it gives them, for telling two
 * statements of the same fact apart from two facts that merely look alike (fact-slots.ts
 * `statesSameFact`). Grammar and closed classes only, no model:
 *
 * - a value is a word with a digit (dates, times, amounts, counts, codes: 5월, 06:40, 48만원, C3, 9d),
 *   a word of time (weekdays, months, parts of the day, relative days) or a number word;
 * - dropped are function words (English stop words, Korean deictics and the first person, adverbs and
 *   fillers), honorific-free titles stay, and the words that only say a fact changed (now, 바뀜, 이제);
 * - a Korean predicate (a verb or adjective with its ending: 받았음, 예약했어, 있음) says what was done,
 *   not which fact: it is kept apart and compared with nothing — but the noun of a 하다/되다/받다 verb
 *   glued to it is a content word, as it is when written apart (예약했어 → 예약: korean.ts
 *   `predicateNounOf`);
 * - the rest are content words: a Korean word without its particles and endings (현관은 → 현관, 팀장님 →
 *   팀장), an English word by its Porter2 stem.
 *
 * The words keep their order: a word that differs between two statements before the first word they
 * share qualifies the thing ("yearly audit" / "monthly audit"); one after it is where a value goes.
 */
import { isEnglishStopWord, stemEnglishWord } from "../text/english.js";
import { addPhrases } from "./content-words.js";
import { isFillerWord } from "../text/function-words.js";
import { HOW_MANY } from "../text/tokenizer.js";
import { inSet, trimEndWhile } from "../text/trim.js";
import { words } from "../text/word-list.js";
import {
  isHangulSyllableCode,
  isPastTenseSyllable,
  isSearchSuffix,
  predicateNounOf,
  stripCopula,
  stripParticle,
  stripSearchSuffixes,
  TOPIC_SUBJECT_PARTICLES,
} from "../text/korean.js";
import { isLexiconNoun } from "./rule-common.js";
import { FILLER_WORDS, NON_ENTITY_WORDS } from "./words/function-words.js";
import {
  ENGLISH_CHANGE_MARKERS,
  ENGLISH_CHANGE_WORDS,
  ENGLISH_PHRASAL_CHANGES,
  fellTo,
  fromStarter,
  isFullDate,
  readsFromTime,
  type FromStarter,
  ENGLISH_TIME_WORDS,
  isEnglishTimeWord,
  KOREAN_ADDRESS_UNITS,
  KOREAN_BOUND_WORDS,
  CHANGE_EVENT_NOUNS,
  isKoreanChangeWord,
  nounBeforeGluedChange,
  KOREAN_FROM_TIME_ENDINGS,
  KOREAN_CHANGE_WORDS,
  KOREAN_NEWER_STATE_WORDS,
  ENGLISH_NEWER_STATE_WORDS,
  KOREAN_TIME_WORDS,
  KOREAN_WEEKDAY_SYLLABLES,
  KOREAN_AMOUNT_QUESTION_WORD,
  KOREAN_PHONE_QUESTION_WORDS,
  KOREAN_WHEN_QUESTION_WORDS,
  NUMBER_WORDS,
} from "./words/value-words.js";

/** The words of a statement that {@link statementWords} keeps, in text order. */
export interface StatementWords {
  /** Content words: `ko:` + Korean stem or `en:` + English stem, in text order (repeats kept). */
  content: readonly string[];
  /**
   * For each content word, whether it stands as a modifier right before the next one: nothing between
   * them but spaces (no value, no function word, no punctuation), and the word bare or with a particle
   * a noun modifier may carry (의, and 이/가, which also end a name: 도율이) — "안방 에어컨", "weekly
   * meeting". A word with another particle or ending (요청으로, 강의는, 주차장이고) or before a sentence
   * break (정리 끝! 새 일정) modifies nothing after it.
   */
  modifies: readonly boolean[];
  /** Values, normalised (digits and letters, a Korean unit kept: 58번, c3, 0640, 화요일). */
  values: ReadonlySet<string>;
  /** What kinds of value it gives ({@link ValueKind}). */
  kinds: ReadonlySet<ValueKind>;
  /** Whether it says that something changed or is now so (바뀜, 옮겼어, 이제, now, renamed). */
  changes: boolean;
  /**
   * Whether a first-person possessive comes before its first content word ("내 생일은 …", "my locker
   * …"): the fact is the speaker's, so another's word before the same thing ("아내 생일") is another fact.
   */
  speakerOwned: boolean;
  /** How many content words come before its first value ("치과 예약 5일로 바뀜": 2); all when none. */
  lead: number;
  /**
   * How many content words come before its first verb of change ("팀장 바뀜": 1, "gym changed: now …":
   * 1, "서준 피아노 5시로 바뀜": 2); undefined when it has none ("이제 …", "now …" are no verbs).
   */
  changedAfter: number | undefined;
}

/**
 * What a value measures: a time (date, weekday, clock time), an amount of money, a measure (weight,
 * length, age), a phone number (seven digits or more), a place of an address (역삼동, 성동구), or
 * something else (a count, code, room, floor, address number). Two statements of one fact give the same
 * kind of value.
 */
export type ValueKind = "when" | "amount" | "measure" | "phone" | "place" | "other";

/** Units after a number, by the kind of value they make (5시, 48만원, 2.9kg, "9,900 won"). */
const UNIT_KINDS: ReadonlyMap<string, ValueKind> = new Map([
  ...words("년 월 일 시 분 반 am pm").map((unit) => [unit, "when"] as const),
  ...words("원 만 천 억 won krw usd dollar dollars eur euro k").map((unit) => [unit, "amount"] as const),
  ...words("kg g mg cm mm km m lb lbs kcal ml l 살 세 킬로 키로 그램 센티 리터 미터 밀리").map(
    (unit) => [unit, "measure"] as const,
  ),
]);
const PHONE_MIN_DIGITS = 7;

/** First-person possessives, as a chunk of {@link statementWords} reads them (my, 내, 제, 나의, 저의). */
const FIRST_PERSON_POSSESSIVES: ReadonlySet<string> = new Set(words("my 내 제 나의 저의"));

/** The ending of an English possessive after its noun: 's, ’s, or a bare apostrophe after a plural. */
const POSSESSIVE_S_RE = /^['’]s?$/u;

/**
 * Chunks of a text: runs of Latin letters, digits and the marks inside numbers and codes (06:40, C7-12,
 * 2.9kg, #58), and runs of Hangul. Everything else separates. Linear: one character class per run.
 */
const CHUNK_RE = /[\uac00-\ud7a3]+|[a-z0-9#][a-z0-9#'’:./_-]*/gu;
const DIGIT_RE = /\d/u;
/** The comma between a number's thousands (44,000 won; 1,250,000원): one number, not two. */
const THOUSANDS_SEPARATOR_RE = /(?<=\d),(?=\d{3}(?!\d))/gu;
/** Marks that may end a Latin chunk but belong to no word ("3.", "x-"). */
const isTrailingMark = inSet("':./_’-");
const isApostrophe = inSet("'’");

/** First-person possessive glued to a noun (우리집 → 집). */
const POSSESSIVE_PREFIX = "우리";
/** The honorific suffix of a title or kinship word (팀장님 → 팀장). */
const HONORIFIC = "님";
/** The polite suffix after a person's name (은지씨 → 은지); a two-syllable word keeps it (아씨). */
const NAME_HONORIFIC = "씨";

/** Endings of a Korean predicate written as a note or in speech (예약함, 바뀜, 있음, 예약해, 합니다). */
const PREDICATE_ENDINGS: readonly string[] = [
  "합니다",
  "습니다",
  "니다",
  "는다",
  "하기로",
  "하려고",
  "하러",
  "해요",
  "해서",
  "해야",
  "하는",
  "하자",
  "한다",
  "있음",
  "없음",
  "같음",
  "있어",
  "없어",
  "주세요",
  "드림",
  "다고",
  "라고",
  "는데",
  "해",
  "함",
  "됨",
  "둠",
  "옴",
  "엶",
  "줌",
  "줘",
];

/** The copula joining a noun to what follows (주차장이고, 회의라서, 회의라): the noun is kept. */
const COPULA_CONNECTIVES: readonly string[] = ["이라서", "이라", "이고", "인데", "라서", "라"];

/** A place name in an address has at least this many syllables (two-syllable 친구, 운동 are nouns). */
const MIN_ADDRESS_PART_SYLLABLES = 3;

/** Nouns that end in an address unit's syllable but name people or things (여자친구, 장난감 가구). */
const NOT_ADDRESS_ENDINGS: readonly string[] = [
  "친구",
  "가구",
  "운동",
  "도시",
  "연구",
  "요구",
  "기구",
  "회사",
];

/** {@link ENGLISH_CHANGE_MARKERS} by stem. */
const CHANGE_MARKER_STEMS: ReadonlySet<string> = new Set([...ENGLISH_CHANGE_MARKERS].map(stemEnglishWord));

/** Whether a search term (a Porter2 stem, as the tokenizer gives) is an English change marker: now, new. */
export function isChangeMarkerTerm(term: string): boolean {
  return CHANGE_MARKER_STEMS.has(term);
}

/** English past forms of at least this many letters ending in -ed are predicates (booked, weighed). */
const MIN_ENGLISH_PAST_LETTERS = 6;

/** A run of Latin letters and the apostrophes inside it (Hillside, Joe's). Linear: one class per run. */
const LATIN_WORD_RE = /[a-z][a-z'’]*/giu;

/**
 * The content keys (`en:` + stem, as {@link statementWords} gives them) of the English words `text`
 * writes with a capital letter where no sentence starts: names of people, shops, places and products
 * ("Hillside Roastery", "Tofu Clean", "KE 123"), which a common noun or a verb is not.
 */
export function capitalisedKeys(text: string): Set<string> {
  const normal = text.normalize("NFC");
  const keys = new Set<string>();
  for (const match of normal.matchAll(LATIN_WORD_RE)) {
    const word = match[0];
    const first = word[0] as string;
    if (first === first.toLowerCase() || startsSentence(normal, match.index)) continue;
    const bare = (word.split(/['’]/u)[0] as string).toLowerCase();
    if (bare.length < 2 || isEnglishStopWord(bare)) continue;
    keys.add(`en:${stemEnglishWord(bare)}`);
  }
  return keys;
}

/** Whether nothing but spaces stands between the start of `text`, or a sentence's end, and `index`. */
function startsSentence(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && text[i] === " ") i--;
  return i < 0 || ".!?\n".includes(text[i] as string);
}

/** The words of `text` ({@link StatementWords}). */
export function statementWords(text: string): StatementWords {
  const read: Reading = {
    content: [],
    modifies: [],
    modifier: false,
    carry: false,
    values: new Set(),
    kinds: [],
    changes: false,
    changeVerb: false,
    changeGlued: false,
    last: undefined,
  };
  const lower = text.normalize("NFC").toLowerCase().replace(THOUSANDS_SEPARATOR_RE, "");
  let previous: { end: number; value: boolean } = { end: -1, value: false };
  // The last Hangul word and how many content words there were before it: "부치기로 했음" is a decision
  // (-기로 하다), which says what is now so, and its nominalised verb (부치기) names nothing.
  let lastHangul: { word: string; contentBefore: number } | undefined;
  let lead: number | undefined;
  let speakerOwned = false;
  let changedAfter: number | undefined;
  // After an English word that starts a new state ("from", "starting"), which words may follow it.
  let from: FromStarter | undefined;
  let previousChunk = "";
  // The chunk before that: a verb before its object pronoun and particle ("handed it over").
  let chunkBefore = "";
  let contentBeforeStarter = 0;
  for (const match of lower.matchAll(CHUNK_RE)) {
    const chunk = match[0];
    if (read.content.length === 0 && FIRST_PERSON_POSSESSIVES.has(chunk)) speakerOwned = true;
    const end = match.index + chunk.length;
    // Glued to the word before it, or to a bracket or quote closing it ("(토)로", "'로즈힐'에서").
    const glued = previous.end === match.index || closesBefore(lower, previous.end, match.index);
    // The last content word modifies the next only across spaces; whatever this chunk is read as
    // (a value, a function word, a particle) comes between them unless it is a content word itself.
    const contentBefore = read.content.length;
    const modifierBefore = read.modifier && onlySpaces(lower, previous.end, match.index);
    read.modifier = false;
    read.carry = modifierBefore;
    const fromTime = readsFromTime(trimEndWhile(chunk, isTrailingMark), from);
    if (fromTime !== "no") {
      // "From October, …", "beginning next term": when a new state starts is no value of the fact, and
      // the word that starts it names nothing.
      read.changes = true;
      if (from !== "time") {
        read.content.length = Math.min(read.content.length, contentBeforeStarter);
        read.modifies.length = Math.min(read.modifies.length, read.content.length);
      }
      from = fromTime === "more" ? "time" : undefined;
      chunkBefore = previousChunk;
      previousChunk = chunk;
      previous = { end, value: false };
      continue;
    }
    if (fellTo(previousChunk, chunk, lower, end)) read.changes = true;
    if (phrasalChange(chunk, previousChunk, chunkBefore)) {
      // "went up", "took over": a verb of change, whose verb names nothing.
      read.changes = true;
      read.changeVerb = true;
      read.content.length = Math.min(read.content.length, contentBeforeStarter);
      read.modifies.length = Math.min(read.modifies.length, read.content.length);
    }
    from = fromStarter(chunk, previousChunk);
    const newState = startsNewState(chunk, previousChunk);
    chunkBefore = previousChunk;
    previousChunk = chunk;
    contentBeforeStarter = read.content.length;
    if (newState) {
      // When a new state starts is not a value of the fact ("3월부터 구독료 월 9천원", "다음 주부터 9시").
      read.changes = true;
      if (previous.value && read.last !== undefined) {
        read.values.delete(read.last);
        read.kinds.pop();
        read.last = undefined;
      }
      previous = { end, value: false };
      continue;
    }
    // A unit after a number tells its kind (5시, 48만원, "9,900 won"); glued to it, Hangul is the
    // number's unit or particle (58번으로), and a bare particle after a word (gym은) is nothing.
    if (previous.value) {
      const unit = unitKind(chunk, glued);
      if (unit !== undefined) read.kinds[read.kinds.length - 1] = unit;
      if (unit !== undefined || (glued && isHangulSyllableCode(chunk.charCodeAt(0)))) {
        // A myriad is followed by the currency ("398만 원"): an amount may take one more unit.
        previous = { end, value: unit === "amount" };
        continue;
      }
    }
    if (isHangulSyllableCode(chunk.charCodeAt(0))) {
      if (glued && isSearchSuffix(chunk)) {
        previous = { end, value: false };
        continue;
      }
      // "보내기로 했음" is a decision; "이사 완료", "이사 끝" a move done: the verb's noun names nothing.
      if (lastHangul && (isDecision(lastHangul.word, chunk) || isEventDone(lastHangul.word, chunk))) {
        read.changes = true;
        read.content.length = Math.min(read.content.length, lastHangul.contentBefore);
        read.modifies.length = read.content.length;
      }
      lastHangul = { word: chunk, contentBefore: read.content.length };
      previous = { end, value: readKorean(chunk, read) };
    } else {
      previous = { end, value: readLatin(chunk, read) };
    }
    if (modifierBefore && read.content.length > contentBefore && contentBefore > 0) {
      read.modifies[contentBefore - 1] = true;
    }
    if (lead === undefined && read.values.size > 0) lead = read.content.length;
    if (changedAfter === undefined && read.changeVerb)
      changedAfter = read.changeGlued ? read.content.length : Math.min(contentBefore, read.content.length);
  }
  const modifies = read.content.map((_, i) => read.modifies[i] === true);
  let leadWords = Math.min(lead ?? read.content.length, read.content.length);
  // A phrase's key counts where its words stand: before the first value, before the verb of change.
  for (const at of addPhrases(text, read.content, modifies)) {
    if (at <= leadWords) leadWords++;
    if (changedAfter !== undefined && at <= changedAfter) changedAfter++;
  }
  return {
    content: read.content,
    modifies,
    values: read.values,
    kinds: new Set(read.kinds),
    changes: read.changes,
    speakerOwned,
    lead: leadWords,
    changedAfter,
  };
}

interface Reading {
  content: string[];
  /** {@link StatementWords.modifies}, set when the next content word follows. */
  modifies: boolean[];
  /** Whether the chunk just read ended in a content word that may modify the next (see `modifies`). */
  modifier: boolean;
  /** {@link modifier} as it stood before the chunk being read: a number word passes it on. */
  carry: boolean;
  values: Set<string>;
  /** One kind per value read, the last one corrected by a unit that follows it. */
  kinds: ValueKind[];
  changes: boolean;
  /** Whether a verb of change was read ({@link StatementWords.changedAfter}). */
  changeVerb: boolean;
  /** Whether that verb was glued to the noun it follows ("번호바뀜"): the noun comes before the change. */
  changeGlued: boolean;
  /** The value read last. */
  last: string | undefined;
}

function addValue(read: Reading, value: string, kind: ValueKind): void {
  read.values.add(value);
  read.kinds.push(kind);
  read.last = value;
}

/** The kind a unit word or a glued Hangul unit gives the number before it (만원 → amount). */
function unitKind(chunk: string, glued: boolean): ValueKind | undefined {
  // A unit may end its sentence ("45 dollars."): its mark is no part of it, as of any Latin word.
  const exact = UNIT_KINDS.get(trimEndWhile(chunk, isTrailingMark));
  if (exact !== undefined) return exact;
  if (!isHangulSyllableCode(chunk.charCodeAt(0))) return undefined;
  // A unit word apart from its number keeps its particle ("398만 원으로", "4만 원이야").
  if (!glued) return isSearchSuffix(chunk.slice(1)) ? UNIT_KINDS.get(chunk[0] as string) : undefined;
  // A particle glued to a number (010-0000-0000로) leaves its kind as it was; a unit (원에서) sets it below.
  if (isSearchSuffix(chunk)) return undefined;
  const first = UNIT_KINDS.get(chunk[0] as string);
  return first ?? "other";
}

/** The kind of a value written with digits (06:40, 5pm, 4/21, 010-0000-0000, 2.9kg, 48k, C3). */
function digitKind(word: string): ValueKind {
  if (/\d[:/]\d/u.test(word) || /\d(?:am|pm)$/u.test(word) || isFullDate(word)) return "when";
  const digits = word.replace(/[^0-9]/gu, "");
  if (/^[0-9.,-]+$/u.test(word) && digits.length >= PHONE_MIN_DIGITS && /-/u.test(word)) return "phone";
  const unit = /\d([a-z]+)$/u.exec(word)?.[1];
  return (unit === undefined ? undefined : UNIT_KINDS.get(unit)) ?? "other";
}

/** Reads one Latin chunk; returns whether it was a value. */
function readLatin(chunk: string, read: Reading): boolean {
  const word = trimEndWhile(chunk, isTrailingMark).replace(/^#/u, "");
  if (word.length === 0) return false;
  if (DIGIT_RE.test(word)) {
    addValue(read, word.replace(/[#':./_’-]/gu, ""), digitKind(word));
    return true;
  }
  // The word before an apostrophe: Rex's → rex, don't → don.
  const apostrophe = [...word].findIndex(isApostrophe);
  const bare = apostrophe < 0 ? word : word.slice(0, apostrophe);
  const stem = stemEnglishWord(bare);
  if (CHANGE_MARKER_STEMS.has(stem)) {
    read.changes = true;
    if (!ENGLISH_NEWER_STATE_WORDS.has(bare)) read.changeVerb = true;
  }
  if (isEnglishTimeWord(bare)) {
    addValue(read, stem, "when");
    return true;
  }
  // Times joined by a mark are times each ("Mon/Thu", "tue-fri").
  const parts = bare.split(/[:./_-]/u);
  if (parts.length > 1 && parts.every((part) => ENGLISH_TIME_WORDS.has(part))) {
    for (const part of parts) addValue(read, part, "when");
    return true;
  }
  if (
    NUMBER_WORDS.has(bare) ||
    bare.length < 2 ||
    isEnglishStopWord(bare) ||
    isFillerWord(bare) ||
    ENGLISH_CHANGE_WORDS.has(bare)
  ) {
    return false;
  }
  if (ENGLISH_CHANGE_WORDS.has(stem)) return false;
  if (bare.length >= MIN_ENGLISH_PAST_LETTERS && bare.endsWith("ed")) return false;
  const before = read.content.length;
  for (const part of parts) {
    if (part.length >= 2 && !isEnglishStopWord(part)) read.content.push(`en:${stemEnglishWord(part)}`);
  }
  // A possessive modifies what follows as 의 does ("Rex's birthday"); "don't" is no noun.
  read.modifier =
    read.content.length > before && (bare === chunk || POSSESSIVE_S_RE.test(word.slice(bare.length)));
  return false;
}

/** Whether only closing brackets and quotes stand between `from` and `to` (at least one). */
function closesBefore(text: string, from: number, to: number): boolean {
  if (from < 0 || to <= from) return false;
  for (let i = from; i < to; i++) if (!CLOSING_MARKS.has(text[i] as string)) return false;
  return true;
}

const CLOSING_MARKS: ReadonlySet<string> = new Set([...")]}'\"’”」』"]);

/** Reads one Hangul word; returns whether it was a value. */
function readKorean(raw: string, read: Reading): boolean {
  const { content } = read;
  const word =
    raw.length > POSSESSIVE_PREFIX.length && raw.startsWith(POSSESSIVE_PREFIX) ? raw.slice(2) : raw;
  // "번호바뀜", "장소변경": a noun and a verb of change typed as one word are read as two.
  const noun = nounBeforeGluedChange(word);
  if (noun !== undefined) {
    readKorean(noun, read);
    read.changes = true;
    read.changeVerb = true;
    read.changeGlued = true;
    return false;
  }
  const stem = stripSearchSuffixes(word);
  // "이사 날짜", "이사는": the move itself, a thing; "이사했어" says a change.
  const changeVerb =
    isKoreanChangeWord(word) && !CHANGE_EVENT_NOUNS.has(stripParticle(word, TOPIC_SUBJECT_PARTICLES));
  if (changeVerb || KOREAN_NEWER_STATE_WORDS.has(word) || KOREAN_NEWER_STATE_WORDS.has(stem)) {
    read.changes = true;
    if (changeVerb) read.changeVerb = true;
  }
  if (
    KOREAN_TIME_WORDS.has(stem) ||
    KOREAN_TIME_WORDS.has(word) ||
    isWeekdays(stem) ||
    weekdayOf(stem) !== undefined ||
    isAddressPart(word)
  ) {
    addValue(read, weekdayOf(stem) ?? stem, isAddressPart(word) ? "place" : "when");
    return true;
  }
  if (NUMBER_WORDS.has(word) || NUMBER_WORDS.has(stem)) {
    read.modifier = read.carry; // a count between a noun and its counter: "백합 한 다발"
    return false;
  }
  if (isKoreanFunctionWord(word) || isKoreanFunctionWord(stem) || changeVerb) return false;
  if (isAdverbOfLikeness(word)) return false;
  // A noun of the lexicon is no predicate, whatever it ends in (사물함, 보관함: not 함 "did").
  if (isPredicate(word) && !isLexiconNoun(stem)) {
    // "미용 예약했어" names the booking as "미용 예약" does: the noun stays, the verb goes.
    const noun = predicateNounOf(stem);
    if (noun !== undefined && !isKoreanFunctionWord(noun)) content.push(`ko:${noun}`);
    return false;
  }
  const unended = stripConnective(stripCopula(stem));
  let key = unended;
  if (key.length > 1 && key.endsWith(HONORIFIC)) key = key.slice(0, -1);
  else if (key.length > 2 && key.endsWith(NAME_HONORIFIC)) key = key.slice(0, -1);
  if (key.length === 0 || isKoreanFunctionWord(key)) return false;
  content.push(`ko:${key}`);
  read.modifier = word === stem ? unended === stem : MODIFIER_PARTICLES.has(word.slice(stem.length));
  return false;
}

/**
 * Adverbs made of 같다 "be like" and 없다 "be without" with -이 (똑같이, 변함없이, 빠짐없이): their 이 is
 * no subject particle, so they name no thing and modify no noun.
 */
const LIKENESS_ADVERB_ENDINGS: readonly string[] = words("같이 없이");

function isAdverbOfLikeness(word: string): boolean {
  return LIKENESS_ADVERB_ENDINGS.some((ending) => word.endsWith(ending));
}

/** Particles a noun standing before another as its modifier may carry ({@link StatementWords.modifies}). */
const MODIFIER_PARTICLES: ReadonlySet<string> = new Set(words("의 이 가"));

/** Whether `text` holds nothing but spaces or tabs from `start` to `end` (a line break separates). */
function onlySpaces(text: string, start: number, end: number): boolean {
  if (start < 0) return false;
  for (let i = start; i < end; i++) if (text[i] !== " " && text[i] !== "\t") return false;
  return true;
}

/** The particle of a time a new state starts at ({@link KOREAN_FROM_TIME_ENDINGS}). */
const FROM = "부터";

/** Particles 부터 may carry (다음 주부터는, 내일부터도). */
const AFTER_FROM_PARTICLES: readonly string[] = ["는", "도"];

/**
 * Whether a Hangul word is a time a new state starts at: (11)월부터, (다음) 주부터, 내년부터, with a
 * particle after it (주부터는).
 */
function startsNewState(word: string, previousWord: string): boolean {
  const bare = AFTER_FROM_PARTICLES.some((p) => word.endsWith(FROM + p)) ? word.slice(0, -1) : word;
  if (!bare.endsWith(FROM)) return false;
  const time = bare.slice(0, -FROM.length);
  // After 다음 or 이번 any noun with 부터 does ("다음 주문부터", "이번 학기부터"): from the next one on.
  if (time.length > 0 && NEXT_ONE_WORDS.has(previousWord)) return true;
  return KOREAN_FROM_TIME_ENDINGS.some((ending) => time.endsWith(ending));
}

/** Words before a noun that name the next or the current one of a series: 다음 주문, 이번 학기. */
const NEXT_ONE_WORDS: ReadonlySet<string> = new Set(words("다음 이번 담"));

/**
 * Whether `word` after `previous` (and `before` that) is the particle of an English verb of change
 * ({@link ENGLISH_PHRASAL_CHANGES}): right after the verb ("took over"), or after its object pronoun
 * ("handed it over").
 */
function phrasalChange(word: string, previous: string, before: string): boolean {
  const verbs = ENGLISH_PHRASAL_CHANGES.get(word);
  if (verbs === undefined) return false;
  return verbs.has(previous) || (OBJECT_PRONOUNS.has(previous) && verbs.has(before));
}

/** English object pronouns, which may stand between a verb and its particle. */
const OBJECT_PRONOUNS: ReadonlySet<string> = new Set(words("me us him her them it"));

/** Forms of 하다 that follow a -기로 clause to make a decision (하기로 했어, 가기로 함, 오기로 한). */
const DECISION_VERB_STARTS: readonly string[] = ["하", "했", "함", "해", "한"];
/** Syllables a -기로 word has at least: a verb stem's and 기로 (가기로; 기로 alone is a noun). */
const MIN_DECISION_CLAUSE_SYLLABLES = 3;

/** Whether `word` ends a -기로 clause and `next` is the 하다 that makes it a decision. */
function isDecision(word: string, next: string): boolean {
  return (
    word.length >= MIN_DECISION_CLAUSE_SYLLABLES &&
    word.endsWith("기로") &&
    DECISION_VERB_STARTS.some((start) => next.startsWith(start))
  );
}

/** Words that say an event is done or was done ("이사 완료", "이사 끝", "이사 했어"). */
const DONE_WORD_STARTS: readonly string[] = words("완료 끝 했 함 마침 마쳤");

/** Whether `word` is a verbal noun of change standing alone (이사) and `next` says it is done. */
function isEventDone(word: string, next: string): boolean {
  return CHANGE_EVENT_NOUNS.has(word) && DONE_WORD_STARTS.some((start) => next.startsWith(start));
}

/**
 * The day a weekday word names, as its one syllable: 화요일, 화욜 (said short) → 화; undefined for any
 * other word. Two notes then give the same value however each wrote the day.
 */
function weekdayOf(word: string): string | undefined {
  const day = word.endsWith("요일")
    ? word.slice(0, -2)
    : word.endsWith("욜")
      ? word.slice(0, -1)
      : word.length === 2 && word.endsWith("요") && !WEEKDAY_STEMS_OTHERWISE.has(word)
        ? word.slice(0, -1)
        : undefined;
  return day !== undefined && day.length === 1 && KOREAN_WEEKDAY_SYLLABLES.has(day) ? day : undefined;
}

/** 수요 before a noun is demand (수요 조사) as often as Wednesday: only 수요일 and 수욜 say the day. */
const WEEKDAY_STEMS_OTHERWISE: ReadonlySet<string> = new Set(["수요"]);

/** A word of weekday syllables only: 월수금, 화목, 토. */
function isWeekdays(word: string): boolean {
  for (const syllable of word) if (!KOREAN_WEEKDAY_SYLLABLES.has(syllable)) return false;
  return word.length > 0;
}

/** A place name of an address: three syllables or more ending in an address unit (성동구, 역삼동). */
function isAddressPart(word: string): boolean {
  return (
    word.length >= MIN_ADDRESS_PART_SYLLABLES &&
    KOREAN_ADDRESS_UNITS.has(word[word.length - 1] as string) &&
    !NOT_ADDRESS_ENDINGS.some((ending) => word.endsWith(ending))
  );
}

function stripConnective(word: string): string {
  for (const ending of COPULA_CONNECTIVES) {
    if (word.length > ending.length + 1 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

function isKoreanFunctionWord(word: string): boolean {
  return (
    KOREAN_BOUND_WORDS.has(word) ||
    isFillerWord(word) ||
    FILLER_WORDS.has(word) ||
    NON_ENTITY_WORDS.has(word) ||
    KOREAN_CHANGE_WORDS.has(word)
  );
}

/** A Korean verb or adjective with its ending (korean.ts `isPastTenseSyllable`, {@link PREDICATE_ENDINGS}). */
function isPredicate(word: string): boolean {
  // No noun starts with one either (했어, 갔음, 샀어): from the first syllable when another follows.
  for (let i = word.length > 1 ? 0 : 1; i < word.length; i++) {
    if (isPastTenseSyllable(word[i])) return true;
  }
  return PREDICATE_ENDINGS.some((ending) => word.endsWith(ending));
}

/**
 * The kinds of value a question asks for, by its question words (a closed class): 언제, 며칠, 몇 시,
 * "when", "what time" ask for a time; 얼마, "how much" for an amount; 몇 kg, "how many km" for a measure;
 * 연락처, "phone" for a phone number; 몇 번, 몇 층, "number" for another number. Empty for a question
 * that names no kind of value ("어디", "who") and for a statement.
 */
export function askedValueKinds(text: string): ReadonlySet<ValueKind> {
  const kinds = new Set<ValueKind>();
  const chunks = Array.from(text.normalize("NFC").toLowerCase().matchAll(CHUNK_RE), (match) => match[0]);
  // An English question fronts its one question word: a "when" after another ("who do I call when …")
  // opens a clause of time and asks nothing.
  const firstWh = chunks.findIndex((chunk) => ENGLISH_QUESTION_WORDS.has(chunk));
  chunks.forEach((chunk, i) => {
    const next = chunks[i + 1] ?? "";
    const stem = stripSearchSuffixes(chunk);
    if (chunk === "when" && firstWh >= 0 && firstWh < i) return;
    if (KOREAN_WHEN_QUESTION_WORDS.some((word) => chunk.startsWith(word))) kinds.add("when");
    else if (chunk.startsWith(KOREAN_AMOUNT_QUESTION_WORD)) kinds.add("amount");
    else if (KOREAN_PHONE_QUESTION_WORDS.has(stem)) kinds.add("phone");
    else if (chunk.startsWith(HOW_MANY)) {
      const glued = stripSearchSuffixes(chunk.slice(HOW_MANY.length));
      kinds.add(unitKindOf(glued.length > 0 ? glued : stripSearchSuffixes(next)));
    } else if (ENGLISH_QUESTION_KINDS.has(chunk)) kinds.add(ENGLISH_QUESTION_KINDS.get(chunk) as ValueKind);
    else if ((chunk === "what" || chunk === "which") && ENGLISH_WHEN_NOUNS.has(next)) kinds.add("when");
    else if (chunk === "how" && next === "much") kinds.add("amount");
    else if (chunk === "how" && next === "many") kinds.add(unitKindOf(chunks[i + 2] ?? ""));
  });
  return kinds;
}

/** English words that ask for a kind of value wherever they stand in a question. */
const ENGLISH_QUESTION_KINDS: ReadonlyMap<string, ValueKind> = new Map([
  ["when", "when"],
  ["phone", "phone"],
  ["number", "other"],
]);
/** The English question words (wh-words). */
const ENGLISH_QUESTION_WORDS: ReadonlySet<string> = new Set(
  words("who whom whose what which where when why how"),
);
/** Nouns after "what" / "which" that ask for a time. */
const ENGLISH_WHEN_NOUNS: ReadonlySet<string> = new Set(words("time day date"));

/**
 * The kind of value counted in a unit word (시 → when, kg → measure), "other" for any other counter. A
 * Korean unit may have more after it (시간, 분쯤); an English word is a unit only whole ("global" is no g).
 */
function unitKindOf(unit: string): ValueKind {
  const head = isHangulSyllableCode(unit.charCodeAt(0)) ? UNIT_KINDS.get(unit.charAt(0)) : undefined;
  return UNIT_KINDS.get(unit) ?? head ?? "other";
}
