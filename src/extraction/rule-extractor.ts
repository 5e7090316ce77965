/**
 * Triplet extraction without a model, for the shapes people use to tell an assistant facts:
 * labelled lines (`이름: 값`), "밤비 생일 3월 4일이야", "X의 Y는 Z", "X Y는 Z", "X's Y is Z", "나 땅콩 알레르기 있음",
 * phone numbers after a name, "Y로 옮겼어요", English "renews on May 6". Precision over recall: a clause
 * that fits no rule gives nothing. Measured with `tools/scripts/eval-graph.ts`.
 */
import type { Triplet } from "../core/types.js";
import {
  containsHangul,
  COPULA_END_RE,
  foldText,
  hasBatchim,
  isHangulSyllable,
  isHangulWord,
  nfc,
  stripParticle,
  TOPIC_SUBJECT_PARTICLES,
} from "../text/korean.js";
import {
  cleanValue,
  entityDisplayName,
  FIRST_PERSON_EN,
  FIRST_PERSON_KO,
  normalizeAttribute,
} from "./normalize.js";
import { KIN_OWNERS, withLeadingRelation } from "./rule-clauses.js";
import { FLIGHT_CODE_RE } from "./rule-flight.js";
import { RULES } from "./rule-table.js";
import { findTypedValues } from "./rule-typed.js";
import { MAX_EXTRACTION_CHARS } from "../core/graph-types.js";
import { splitPredicates } from "./rule-split.js";
import { withChangeThenValue, withoutReplacedValue } from "./rule-change-then-value.js";
import { correctionOpening } from "./words/value-words.js";
import { isFillerWord } from "../text/function-words.js";
import {
  knownNounKind,
  firstNameLikeToken,
  isKinship,
  isNameLike,
  STARTS_WITH_DIGIT_RE,
  topicHasFacts,
  type ClauseContext,
  type ExtractionState,
} from "./rule-common.js";
import { extractKeyValueLine, splitSentenceBeforeKey } from "./rule-key-value.js";
import { COMMON_ATTRIBUTE_WORDS, KOREAN_FOR_ENGLISH_ATTRIBUTE } from "./words/attributes.js";
import { STREET_ADDRESS_RE } from "./rule-english.js";
import { inSet, trimEndWhile } from "../text/trim.js";
import { splitSentences } from "../text/sentence-end.js";
import { saysBareMove } from "./rule-places.js";
import { words } from "../text/word-list.js";

/** Clause boundary inside a sentence. */
const CLAUSE_SPLIT_RE = /(?<!\s)\s*[,，;]\s*/u;
/**
 * Longest clause the rules read. A fact is stated in a few words; a longer run without a comma or a full
 * stop is prose (or a paste), and capping it keeps every rule linear in the length of the text.
 */
export const MAX_CLAUSE_CHARS = 300;
const CLAUSE_END_MARK = inSet(".!?~。");
/** The bare time attributes a flight's time comes under. */
const FLIGHT_TIME_ATTRIBUTES = new Set(["time", "date", "일시", "날짜"]);
/** Names of a place that gives classes, by their ending ("해오름수학학원", "바름태권도", "노래교실"). */
const CLASS_PLACE_RE = /(?:학원|교습소|태권도|합기도|검도|유도|도장|교실|아카데미|스쿨|공부방)$/u;
/** Attributes that say only "when"; under an activity's header they become the activity's. */
const BARE_TIME_ATTRIBUTES = new Set(["날짜", "일시", "시간", "date", "time"]);
/** "씨는", "님이", "님:", "씨예요": a detached honorific with at most a particle, a colon or a copula after it. */
const DETACHED_HONORIFIC_RE =
  /^(?:씨|님)(?:은|는|이|가|의|도|께|:|이야|이에요|예요|이고|고|야|이요|입니다)?$/u;
/** "room 412", "Suite 3B", "floor 7": a part of a place that follows it after a comma. */
const PLACE_CONTINUATION_RE =
  /^(?:room|rm\.?|suite|ste\.?|floor|fl\.?|unit|apt\.?|building|bldg\.?|gate)\s?[\p{L}\d-]{1,6}$/iu;
/** "…, Daejeon" after "lives in Yuseong-gu": a city or region that widens the place before it. */
const PLACE_WIDER_RE = /^\p{Lu}[\p{L}-]+$/u;
const IN_PLACE_END_RE = / (?:in|to) \p{Lu}[\p{L}-]*$/u;
/** An English month and day ending a clause ("… on Oct 23"), and a year or clock time starting the next. */
const MONTH_DAY_END_RE =
  / (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.? \d{1,2}(?:st|nd|rd|th)?$/iu;
const YEAR_OR_TIME_START_RE = /^(?:\d{4}\b|\d{1,2}(?::\d{2})? ?[ap]\.?m\b|\d{1,2}:\d{2}\b)/iu;
/** "… on Saturday" ending a clause and a month and day starting the next ("Saturday, June 7"). */
const WEEKDAY_END_RE = / (?:mon|tues|wednes|thurs|fri|satur|sun)day$/iu;
const MONTH_DAY_START_RE =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.? \d{1,2}(?:st|nd|rd|th)?\b/iu;
/** A clause naming an address keeps the commas of the address ("38-5, 3층"). */
const ADDRESS_CLAUSE_RE = /(?:^|\s)(?:주소|address)/iu;

/**
 * Extracts (entity, attribute, value) triplets from one memory text with rules only.
 *
 * @example extractTriplets("구름이 생일 6월 2일이야") → [{ entity: "구름", attribute: "생일", value: "6월 2일" }]
 */
export function extractTriplets(text: string): Triplet[] {
  return traceTriplets(text).triplets;
}

/** What {@link traceTriplets} found: the triplets and the rules that stated them. */
export interface TripletTrace {
  triplets: Triplet[];
  /** The name of the rule (rule-table.ts) that won each clause that stated a fact, in order. */
  rules: string[];
}

/** {@link extractTriplets}, with the names of the rules that fired (for tests and diagnosis). */
export function traceTriplets(text: string): TripletTrace {
  const rules: string[] = [];
  const state = newState();
  const lines = nfc(text.slice(0, MAX_EXTRACTION_CHARS))
    .split(/\r?\n/u)
    .flatMap((rawLine) => splitSentenceBeforeKey(rawLine.replace(/\s+/gu, " ").trim()))
    .map((line) => withChangeThenValue(withoutReplacedValue(withoutCorrectionOpening(line))));
  for (const line of lines) {
    if (line.length === 0) continue;
    state.korean = containsHangul(line);
    const read = extractKeyValueLine(line, state);
    if (read === undefined) continue;
    const { korean } = state;
    // "May 23, …": a line that opens with a date (or another typed value) names no one by its first word.
    if (findTypedValues(read.rest)[0]?.start !== 0) state.topic ??= firstNameLikeToken(read.rest);
    const topicBefore = state.topic;
    state.activity = read.header !== undefined && isActivity(read.header) ? read.header : undefined;
    // Sentences end as text/sentence-end.ts says, at a dash between words ("… on May 6 — ask …") and at a
    // chat mark ("… 이사했어 ㅋㅋ 드디어 …").
    for (const sentence of splitSentences(read.rest, { dashes: true, chatMarks: true }))
      extractSentence(sentence, state, korean, rules);
    state.activity = undefined;
    if (read.header !== undefined) linkHeader(read.header, topicBefore, state);
  }
  return { triplets: state.triplets, rules };
}

/**
 * "과외", "레슨": a Korean header of one plain word names an activity; a longer one names an owner too
 * ("로운이 태권도"), and an English one may name a thing ("Flight").
 */
function isActivity(header: string): boolean {
  return !header.includes(" ") && isHangulWord(header) && isNameLike(header);
}

function newState(): ExtractionState {
  const seen = new Set<string>();
  // What each raw (entity, attribute, value) came to, so a repeated fact is not cleaned again.
  const outcome = new Map<string, boolean>();
  const state: ExtractionState = {
    topic: undefined,
    korean: false,
    activity: undefined,
    triplets: [],
    list: undefined,
    eventPlace: undefined,
    movedHome: undefined,
    emit(entity, attribute, value) {
      const rawKey = `${entity}\u0000${attribute}\u0000${value}`;
      const known = outcome.get(rawKey);
      if (known !== undefined) return known;
      const kept = keep(entity, attribute, value);
      outcome.set(rawKey, kept);
      return kept;
    },
  };
  /** Cleans a fact and adds it unless a field is empty, the entity is a number, or it is already there. */
  function keep(rawEntity: string, attribute: string, value: string): boolean {
    const bare = normalizeAttribute(attribute);
    const entity = ownerOf(rawEntity, bare);
    if (entity === undefined) return false;
    // "레슨: 초5 세나, 월/목 오후 5시": a bare date or time of the line is the header's activity's.
    const activity =
      state.activity !== undefined && BARE_TIME_ATTRIBUTES.has(bare) ? `${state.activity} ${bare}` : bare;
    // "바름태권도 …, 화목 5시 반": a bare clock time of a school or a class is when its classes are.
    const normalized = bare === "시간" && CLASS_PLACE_RE.test(entity) ? "수업 시간" : activity;
    // "Flight: LJ204 …, Aug 3 at 18:45": a flight's time is when it departs.
    const flight = FLIGHT_CODE_RE.test(entity) && FLIGHT_TIME_ATTRIBUTES.has(normalized);
    const triplet = {
      entity: entityDisplayName(entity),
      // "와이프 birthday는 …": a Korean sentence names its attributes in Korean.
      attribute: flight
        ? state.korean
          ? "출발 일시"
          : "departure"
        : ((state.korean ? KOREAN_FOR_ENGLISH_ATTRIBUTE[normalized] : undefined) ?? normalized),
      value: cleanValue(value),
    };
    if (triplet.entity.length === 0 || triplet.attribute.length === 0 || triplet.value.length === 0)
      return false;
    if (isNumberLike(triplet.entity)) return false;
    if (foldText(triplet.entity) === foldText(triplet.value)) return false;
    const key = [triplet.entity, triplet.attribute, triplet.value].map(foldText).join("\u0000");
    if (!seen.has(key)) {
      seen.add(key);
      state.triplets.push(triplet);
    }
    return true;
  }
  /**
   * Who a fact is about when a rule read a word that names no one as its owner: a third-person pronoun
   * ("Her number is …") is the text's topic (or nobody yet), and the attribute's own word ("번호 바꿈
   * 010-…", where 번호 is the phone number itself) is the topic or else the speaker.
   */
  function ownerOf(entity: string, attribute: string): string | undefined {
    const folded = foldText(entity);
    const topicKey = state.topic === undefined ? undefined : foldText(state.topic);
    const topic =
      topicKey === undefined || topicKey === folded || PRONOUNS.has(topicKey) ? undefined : state.topic;
    if (PRONOUNS.has(folded)) return topic;
    const asAttribute = normalizeAttribute(entityDisplayName(entity));
    if (asAttribute !== attribute && KOREAN_FOR_ENGLISH_ATTRIBUTE[asAttribute] !== attribute) return entity;
    return topic ?? (state.korean ? FIRST_PERSON_KO : FIRST_PERSON_EN);
  }
  return state;
}

/** "아내 민지", "my brother Owen": a kinship word (after 우리/my at most) and one name-like word. */
function namesRelative(part: string): boolean {
  const tokens = part.split(" ").filter((token) => !KIN_OWNERS.has(foldText(token)));
  return tokens.length === 2 && isKinship(tokens[0] ?? "") && isNameLike(tokens[1] ?? "");
}

/** A clause that opens with an attribute word ("생일은 …", "번호 010-…", "birthday is …"). */
function startsWithAttribute(part: string): boolean {
  const first = part.split(" ")[0] ?? "";
  return (
    COMMON_ATTRIBUTE_WORDS.has(stripParticle(first, TOPIC_SUBJECT_PARTICLES)) ||
    COMMON_ATTRIBUTE_WORDS.has(first.toLowerCase())
  );
}

/** Third-person pronouns, which stand for someone named before and are never an entity themselves. */
const PRONOUNS: ReadonlySet<string> = new Set(words("he she it they him her his its their them 그녀 그들"));

/**
 * "6월", "3학년": an entity of one word that starts with a digit is a date or a count; "2027학년도 1학기
 * 수강신청" names a thing by its term and stays.
 */
function isNumberLike(entity: string): boolean {
  const words = entity.split(" ");
  return (
    STARTS_WITH_DIGIT_RE.test(words[0] ?? "") && STARTS_WITH_DIGIT_RE.test(words[words.length - 1] ?? "")
  );
}

/**
 * "뭉치 다니는 동물병원: 합정 하얀동물병원 02-…": the header's first word owns what the header's last word
 * names, i.e. the entity the rest of the line was about → (뭉치, 동물병원, 하얀동물병원).
 */
function linkHeader(header: string, topicBefore: string | undefined, state: ExtractionState): void {
  const words = header.split(" ");
  const owner = words[0];
  const attribute = words[words.length - 1];
  const found = state.topic;
  if (words.length < 2 || owner === undefined || attribute === undefined || !isNameLike(owner)) return;
  if (found === undefined || found === topicBefore) return;
  state.emit(owner, attribute, found);
}

function extractSentence(
  rawSentence: string,
  state: ExtractionState,
  korean: boolean,
  fired: string[],
): void {
  const sentence = rawSentence.trim();
  // Questions state no fact ("구름이 생일 언제야?").
  if (sentence.length === 0 || /[?？]\s*$/u.test(sentence)) return;
  state.list = undefined;
  state.eventPlace = undefined;
  // "… due June 12 — 나랑 구하영님 같이 검토": an English sentence keeps English attributes in a mixed line.
  state.korean = containsHangul(sentence);
  for (const clause of splitClauses(sentence)) {
    const text = trimEndWhile(clause, CLAUSE_END_MARK).trim();
    if (text.length === 0 || text.length > MAX_CLAUSE_CHARS) continue;
    for (const { tokens, continued } of splitPredicates(
      withPlainCopula(
        withoutLeadingTime(
          withoutLeadingMarker(joinHonorifics(text.split(" ").filter((token) => token.length > 0))),
        ),
      ),
    )) {
      const clauseText = tokens.join(" ");
      const context = withLeadingRelation({
        text: clauseText,
        tokens,
        korean,
        state,
        continued,
        typed: findTypedValues(clauseText),
      });
      if (!mayStateFact(context)) continue;
      const rule = RULES.find(({ apply }) => apply(context));
      if (rule !== undefined) fired.push(rule.name);
    }
  }
}

/**
 * "나비는 샴고양이다", "형은 경찰관이다": the written copula 다 after a noun that ends in a vowel, read as
 * 야. Only for a noun the rules know the kind of (a breed, a job, a role, a relation, an animal), as most
 * words ending in 다 are verbs ("바쁘다", "간다").
 */
function withPlainCopula(tokens: string[]): string[] {
  const last = tokens[tokens.length - 1] ?? "";
  const stem = last.slice(0, -1);
  if (!last.endsWith("다") || stem.length < 2) return tokens;
  const final = stem.charAt(stem.length - 1);
  if (!isHangulSyllable(final) || hasBatchim(final) || !knownNounKind(stem)) return tokens;
  return [...tokens.slice(0, -1), `${stem}야`];
}

/** "다음 달부터", "3월부터", "내일부터": when a statement starts to hold, no part of it. */
const LEADING_TIME_RE =
  /^(?:(?:다음|이번|지난|올|내) ?(?:달|주|해|학기|분기)|\d{1,2}월|\d{4}년|내일|모레|오늘|이번|다음|내년|올해)부터$/u;

/** "이번 달부터 우리 매장은 …" → "우리 매장은 …": a leading "from when" is dropped. */
function withoutLeadingTime(tokens: string[]): string[] {
  for (const width of [1, 2]) {
    const head = tokens.slice(0, width).join(" ");
    if (tokens.length > width + 1 && LEADING_TIME_RE.test(head)) return tokens.slice(width);
  }
  return tokens;
}

/**
 * Words that open a chat message before what it says ("fyi I'm allergic to …", "btw 나 …", "PS: …",
 * "actually my …", "근데 나 …", "now I live in …"): discourse markers, interjections and the English
 * adverbs of time that open a clause, bare or with a comma or colon. That the clause says what is so now
 * is read from its whole text (fact-words.ts), not from these tokens.
 */
const LEADING_MARKERS = new Set(
  words(
    "fyi btw ps p.s. note update oh also so ok okay actually well anyway anyways hey hmm um uh and but " +
      "now then currently nowadays lately finally " +
      "참고로 근데 그런데 그리고 아무튼 암튼 그나저나 아참 실은 사실은",
  ).flatMap((word) => [word, `${word},`, `${word}:`]),
);

/** "fyi I'm allergic to …" → "I'm allergic to …": a leading discourse marker says nothing of the fact. */
function withoutLeadingMarker(tokens: string[]): string[] {
  let start = 0;
  while (start < tokens.length - 2 && LEADING_MARKERS.has((tokens[start] ?? "").toLowerCase())) start += 1;
  return start === 0 ? tokens : tokens.slice(start);
}

/**
 * A line without an opening that rejects or corrects what was just said ("아니 3457이야", "아 잘못
 * 말했다. 3시 반이야": value-words.ts `correctionOpening`), which says nothing of the fact and would
 * otherwise be read as what it is about. A line of nothing else stays.
 */
function withoutCorrectionOpening(line: string): string {
  const tokens = line.split(" ");
  const opening = correctionOpening(tokens, isFillerWord);
  return opening > 0 && opening < tokens.length ? tokens.slice(opening).join(" ") : line;
}

/** "보경 씨는", "금순자 님": a detached 씨/님 belongs to the name before it. */
function joinHonorifics(tokens: string[]): string[] {
  const joined: string[] = [];
  for (const token of tokens) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && DETACHED_HONORIFIC_RE.test(token))
      joined[joined.length - 1] = previous + token;
    else joined.push(token);
  }
  return joined;
}

/**
 * A clause of one word states a fact only through a typed value ("02-555-0192" after a shop), as the
 * next item of a list the sentence opened ("…, 표성진"), or as a predicate about the topic ("…, 롭이어야");
 * other one-word clauses are skipped before the rules.
 */
function mayStateFact({ tokens, typed, state }: ClauseContext): boolean {
  if (tokens.length >= 2) return true;
  const [only = ""] = tokens;
  return (
    tokens.length === 1 &&
    (typed.length > 0 ||
      state.list !== undefined ||
      state.eventPlace !== undefined ||
      saysBareMove(only) ||
      (COPULA_END_RE.test(only) && topicHasFacts(state)))
  );
}

function splitClauses(sentence: string): string[] {
  const parts: string[] = [];
  // "… is in Building C, room 210": a room or a floor after a comma still belongs to the place before it,
  // as does a city after a district ("lives in Yuseong-gu, Daejeon").
  for (const part of sentence.split(CLAUSE_SPLIT_RE)) {
    const previous = parts.length - 1;
    const widens = PLACE_WIDER_RE.test(part) && IN_PLACE_END_RE.test(parts[previous] ?? "");
    // "Feb 3, 2031", "Aug 8, 7:15pm": a year or a clock time after a month and day is the same date. A
    // weekday before a month and day only says which day it is: "on Friday, May 3" is read "on May 3".
    const dated = YEAR_OR_TIME_START_RE.test(part) && MONTH_DAY_END_RE.test(parts[previous] ?? "");
    // "아내 민지, 생일은 …": a relative and their name, then what the comma goes on to say of them.
    if (previous >= 0 && namesRelative(parts[previous] ?? "") && startsWithAttribute(part))
      parts[previous] = `${parts[previous] ?? ""} ${part}`;
    else if (MONTH_DAY_START_RE.test(part) && WEEKDAY_END_RE.test(parts[previous] ?? ""))
      parts[previous] = `${(parts[previous] ?? "").replace(WEEKDAY_END_RE, "")} ${part}`;
    else if (previous >= 0 && (PLACE_CONTINUATION_RE.test(part) || widens || dated))
      parts[previous] = `${parts[previous] ?? ""}, ${part}`;
    else parts.push(part);
  }
  const addressAt = parts.findIndex((part) => ADDRESS_CLAUSE_RE.test(part) || STREET_ADDRESS_RE.test(part));
  if (addressAt < 0) return parts;
  return [...parts.slice(0, addressAt), parts.slice(addressAt).join(", ")];
}
