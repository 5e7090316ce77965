/**
 * Typed values — phone numbers, dates, times, ages, weights, addresses — are the most reliable hook for rules:
 * the value is certain, and the words just before it say whose it is and what it is ("또리 생일 8월 9일",
 * "바른세무회계 김태식 세무사님 042-488-6020").
 */
import { containsHangul, foldText } from "../text/korean.js";
import { FIRST_PERSON_KO, normalizeAttribute } from "./normalize.js";
import { isKinship, isKoreanPersonName, isNameLike, type ClauseContext } from "./rule-common.js";
import {
  ADDRESS_WORDS,
  AGE_RE,
  BUSINESS_SUFFIXES,
  DATE_RE,
  PHONE_RE,
  TIME_RE,
  TITLE_WORDS,
  WEIGHT_RE,
} from "./rule-patterns.js";

/** Kind of a typed value. */
export type TypedKind = "phone" | "date" | "time" | "age" | "weight" | "address";

/** A typed value found in a clause, with its character span. */
export interface TypedValue {
  kind: TypedKind;
  start: number;
  end: number;
  value: string;
}

/** Most words before a weight that still say whose weight it is ("또리 토이푸들 3.2kg"). */
const MAX_WORDS_BEFORE_MEASURE = 2;
/** Attribute words that already say "date" ("생일", "이사 날짜", "마감"); others get " 일시"/" 날짜" added. */
const DATE_NOUN_RE = /(?:일|날|날짜|일시|일정|시간|생신|기한|마감|때|date|day|birthday|deadline|time)$/iu;
/** A date value that includes a clock time ("9월 12일 토요일 1시", "Jun 22 at 19:10"). */
const HAS_TIME_RE = /\d\s*시|\d:\d\d/u;
/** Attribute words that say "time of day" ("하원 시간", "수업 시각"). */
const TIME_NOUN_RE = /(?:시간|시각|time)$/iu;
/** English words that introduce a date; the word before them is no attribute ("booked … for Apr 18"). */
const EN_FUNCTION_WORDS = new Set([
  "for",
  "on",
  "at",
  "by",
  "due",
  "to",
  "in",
  "from",
  "until",
  "is",
  "are",
  "was",
]);
/** Role nouns that look like a business before a person ("새 담당 백승호 팀장"). */
const ROLE_NOUNS = new Set(["담당", "담당자", "연락처", "후임", "전임"]);

const TYPED_PATTERNS: ReadonlyArray<readonly [TypedKind, RegExp]> = [
  ["phone", PHONE_RE],
  ["date", DATE_RE],
  ["time", TIME_RE],
  ["age", AGE_RE],
  ["weight", WEIGHT_RE],
];

const DEFAULT_ATTRIBUTE: Record<TypedKind, readonly [korean: string, english: string]> = {
  phone: ["전화번호", "phone"],
  date: ["날짜", "date"],
  time: ["시간", "time"],
  age: ["나이", "age"],
  weight: ["몸무게", "weight"],
  address: ["주소", "address"],
};

/** Typed values in `text`, left to right, without overlaps (the earlier, longer match wins). */
export function findTypedValues(text: string): TypedValue[] {
  const found: TypedValue[] = [];
  for (const [kind, pattern] of TYPED_PATTERNS) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
      found.push({ kind, start: match.index, end: match.index + match[0].length, value: match[0] });
    }
  }
  const address = /(?:^|\s)(주소[는가]?|address)\s+(.+)$/iu.exec(text);
  if (address !== null && ADDRESS_WORDS.has((address[1] ?? "").toLowerCase())) {
    const start = address.index + address[0].indexOf(address[1] ?? "");
    found.push({ kind: "address", start, end: text.length, value: address[2] ?? "" });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: TypedValue[] = [];
  for (const value of found) {
    const last = kept[kept.length - 1];
    if (last === undefined || value.start >= last.end) kept.push(value);
  }
  return kept;
}

/** Inputs of {@link typedFact}. */
export interface TypedFactInput {
  clause: ClauseContext;
  /** Words between the previous typed value (or the clause start) and this one, fillers removed. */
  pre: string[];
  value: TypedValue;
}

/** Emits the fact a typed value states; false when nothing could be said. */
export function typedFact(input: TypedFactInput): boolean {
  switch (input.value.kind) {
    case "phone":
      return phoneFact(input);
    case "date":
    case "time":
      return dateFact(input);
    case "address":
      return addressFact(input);
    default:
      return measureFact(input);
  }
}

function defaultAttribute(kind: TypedKind, korean: boolean): string {
  const [ko, en] = DEFAULT_ATTRIBUTE[kind];
  return korean ? ko : en;
}

/** "지호 어머님" stays one entity; otherwise the last word names it. */
function nameBefore(words: readonly string[]): string | undefined {
  const last = words[words.length - 1];
  const previous = words[words.length - 2];
  if (last === undefined) return undefined;
  if (isKinship(last) && previous !== undefined) return `${previous} ${last}`;
  // "정민호 대표님": the person, not the title.
  if (TITLE_WORDS.has(last.replace(/님$/u, "")) && previous !== undefined && isKoreanPersonName(previous)) {
    return previous;
  }
  return isNameLike(last) ? last : undefined;
}

function phoneFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  const attribute = defaultAttribute("phone", clause.korean);
  const last = pre[pre.length - 1];
  const phoneWordAt = pre.findLastIndex((word) => normalizeAttribute(word) === attribute);
  if (last === undefined || phoneWordAt >= 0) {
    // "윤채원님 번호 010-…", "새 번호 010-…", "정민호 대표님 번호 바뀌었대: 010-…" (whose: the words before
    // the number word, else the topic).
    const entity = nameBefore(pre.slice(0, Math.max(phoneWordAt, 0))) ?? state.topic;
    return entity !== undefined && state.emit(entity, attribute, value.value);
  }
  const title = last.replace(/님$/u, "");
  const person = pre[pre.length - 2];
  if (TITLE_WORDS.has(title) && person !== undefined && isKoreanPersonName(person)) {
    // "바른세무회계 김태식 세무사님 042-…": the number is the office's; the person holds the title there.
    const org = pre[pre.length - 3];
    if (org !== undefined && isNameLike(org) && !ROLE_NOUNS.has(org)) {
      state.emit(org, attribute, value.value);
      state.emit(org, title, person);
      state.topic = org;
      return true;
    }
    state.topic = person;
    return state.emit(person, attribute, value.value);
  }
  const entity = nameBefore(pre);
  if (entity === undefined) return false;
  const emitted = state.emit(entity, attribute, value.value);
  // "이사업체 짐싸요 1588-…": the word before the name says what kind of business it is.
  const kind = pre[pre.length - 2];
  if (
    emitted &&
    !entity.includes(" ") &&
    kind !== undefined &&
    BUSINESS_SUFFIXES.some((s) => kind.endsWith(s))
  ) {
    state.emit(entity, clause.korean ? "분류" : "category", kind);
  }
  if (emitted) state.topic = entity;
  return emitted;
}

/** "보리(햄스터)" → entity 보리 with 분류 햄스터. */
function splitParenthetical(word: string, clause: ClauseContext): string {
  const match = /^(.+?)\(([^()]+)\)$/u.exec(word);
  if (match === null) return word;
  clause.state.emit(match[1] ?? "", clause.korean ? "분류" : "category", match[2] ?? "");
  return match[1] ?? word;
}

/** "결혼식" before a date means its date: "결혼식 일시" (with a time) or "결혼식 날짜"; a time alone: "… 시간". */
function dateAttribute(phrase: string, value: TypedValue, korean: boolean): string {
  if (DATE_NOUN_RE.test(phrase)) return phrase;
  if (value.kind === "time") return `${phrase} ${korean ? "시간" : "time"}`;
  const hasTime = HAS_TIME_RE.test(value.value);
  if (korean) return `${phrase} ${hasTime ? "일시" : "날짜"}`;
  return `${phrase} ${hasTime ? "time" : "date"}`;
}

/**
 * A date or time after words: the first word names the entity and the rest says what the date is
 * ("또리 생일 8월 9일", "모루커피 로고 시안 마감 2월 6일", "동생 다인이 생일 …" with 동생 as a relation).
 * Words before a verb in a clause chain ("두부 생일은 모르고 입양일 …") are skipped for the attribute.
 */
function dateFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  // An English clause names its dates with prepositions ("for Apr 18"); only the topic's date is safe.
  if (pre.length > 0 && !containsHangul(clause.text)) return false;
  if (pre.some((word) => EN_FUNCTION_WORDS.has(word.toLowerCase()))) return false;
  let words = pre;
  if (words.length >= 3 && isKinship(words[0] ?? "") && isNameLike(words[1] ?? "")) {
    state.emit(words[1] ?? "", clause.korean ? "관계" : "relation", words[0] ?? "");
    words = words.slice(1);
  }
  const first = words[0];
  if (words.length >= 2 && first !== undefined && isNameLike(first)) {
    const rest = words.slice(1);
    const lastBreak = rest.reduce((at, word, i) => (isNameLike(word) ? at : i), -1);
    const phrase = normalizeAttribute(rest.slice(lastBreak + 1).join(" "));
    if (phrase.length === 0) return false;
    // A bare clock time is a fact only when the words say it is a time ("하원 시간 4시 40분").
    if (value.kind === "time" && !TIME_NOUN_RE.test(phrase)) return false;
    const entity = splitParenthetical(first, clause);
    const emitted = state.emit(entity, dateAttribute(phrase, value, clause.korean), value.value);
    if (emitted) state.topic = entity;
    return emitted;
  }
  const only = words.length === 1 && first !== undefined && isNameLike(first) ? first : undefined;
  const onlyIsTopic =
    only !== undefined && state.topic !== undefined && foldText(only) === foldText(state.topic);
  if (only !== undefined && state.topic !== undefined && !onlyIsTopic) {
    if (value.kind === "time" && !TIME_NOUN_RE.test(only)) return false;
    return state.emit(
      state.topic,
      dateAttribute(normalizeAttribute(only), value, clause.korean),
      value.value,
    );
  }
  if (only !== undefined) {
    if (value.kind === "time") return false;
    state.topic = only;
    return state.emit(only, defaultAttribute(value.kind, clause.korean), value.value);
  }
  if (words.length > 0 || state.topic === undefined) return false;
  return state.emit(state.topic, defaultAttribute(value.kind, clause.korean), value.value);
}

function measureFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  if (value.kind === "weight" && pre.length > MAX_WORDS_BEFORE_MEASURE) return false;
  const attribute = defaultAttribute(value.kind, clause.korean);
  // "몸무게 18kg": the word is the attribute, so the owner is the word before it or the topic.
  const attributeAt = pre.findIndex((word) => normalizeAttribute(word) === attribute);
  const owners = attributeAt >= 0 ? pre.slice(0, attributeAt) : pre;
  const first = owners[0];
  const explicit = first !== undefined && isNameLike(first) ? first : undefined;
  const entity = explicit ?? state.topic;
  return entity !== undefined && state.emit(entity, attribute, value.value);
}

function addressFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  const entity = nameBefore(pre) ?? state.topic ?? FIRST_PERSON_KO;
  return state.emit(entity, defaultAttribute("address", clause.korean), value.value);
}
