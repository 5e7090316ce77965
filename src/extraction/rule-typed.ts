/**
 * Typed values — phone numbers, dates, times, ages, measures, amounts, e-mail addresses, addresses — are the
 * most reliable hook for rules: the value is certain from its form, and the words just before it say whose
 * it is and what it is ("밤비 생일 3월 4일", "한길법무 오민재 법무사님 051-633-2047"). Contact numbers
 * are read in `rule-contact.ts`.
 */
import { words } from "../text/word-list.js";
import { containsHangul, foldText, stripParticle, TOPIC_PARTICLES } from "../text/korean.js";
import { entityDisplayName, FIRST_PERSON_EN, FIRST_PERSON_KO, normalizeAttribute } from "./normalize.js";
import {
  breedOf,
  hasSubjectParticle,
  isNameLike,
  topicAsOwner,
  topicHasFacts,
  type ClauseContext,
} from "./rule-common.js";
import {
  AGE_RE,
  AMOUNT_RE,
  CODE_RE,
  PLATE_RE,
  CONNECTIVE_ENDING_RE,
  DATE_RE,
  EMAIL_RE,
  GRADE_RE,
  HAS_CLOCK_TIME_RE,
  LENGTH_RE,
  PHONE_RE,
  RATE_PREFIX_RE,
  TIME_RE,
  WEEK_WORD_RE,
  WEEKDAYS_WORD_RE,
  WEIGHT_RE,
} from "./rule-patterns.js";
import { ADDRESS_WORDS } from "./words/attributes.js";
import { LIFE_EVENT_WORDS } from "./words/events.js";
import { isKoreanChangeWord, KOREAN_TIME_WORDS, valueChangedTo } from "./words/value-words.js";
import { codeFact, contactFact, nameBefore, plateFact } from "./rule-contact.js";
import { isSpeakersOwnerWord, ownerLength } from "./rule-subject.js";

/** Kind of a typed value. */
export type TypedKind =
  | "phone"
  | "date"
  | "time"
  | "age"
  | "weight"
  | "length"
  | "amount"
  | "email"
  | "grade"
  | "address"
  | "code"
  | "plate";

/** A typed value found in a clause, with its character span. */
export interface TypedValue {
  kind: TypedKind;
  start: number;
  end: number;
  value: string;
}

/** Longest range tail looked at after a date ("~7시 30분"). */
const RANGE_TAIL_MAX_CHARS = 12;
/** Most words before a measure that still say whose it is and what it measures ("예담이 키 131cm"). */
const MAX_WORDS_BEFORE_MEASURE = 2;
/** Most words before a date that still read as "entity + what the date is". */
const MAX_DATE_PHRASE_WORDS = 4;
/** Attribute words that already say "date" ("생일", "이사 날짜", "마감"); others get " 일시"/" 날짜" added. */
const DATE_NOUN_RE =
  /(?:일|날|날짜|일시|일정|시간|타임|생신|기한|기간|마감|만기|때|date|day|birthday|deadline|time)$/iu;
/** Attribute words that say "time of day" ("하원 시간", "수업 시각", "런치타임"). */
const TIME_NOUN_RE = /(?:시간|시각|타임|time)$/iu;
/** Nouns that say what a length measures; a length with none of them before it is left alone. */
const LENGTH_NOUNS = new Set(["키", "신장", "길이", "폭", "너비", "높이", "둘레", "height", "length"]);
/** Days of one's own life ("생일", "결혼기념일"): with no one named before them they are the speaker's. */
const OWN_DAY_WORDS: ReadonlySet<string> = new Set(words("생일 생신 결혼기념일 기념일 birthday anniversary"));
/** Nouns that say what an age measures. */
const AGE_NOUNS = new Set(["나이", "연세", "age"]);
/** Nouns that say what a weight measures. */
const WEIGHT_NOUNS = new Set(["몸무게", "체중", "무게", "weight"]);
/** English words that introduce a date; the word before them is no attribute ("booked … for Jun 27"). */
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

const TYPED_PATTERNS: ReadonlyArray<readonly [TypedKind, RegExp]> = [
  ["phone", PHONE_RE],
  ["plate", PLATE_RE],
  ["email", EMAIL_RE],
  ["date", DATE_RE],
  ["amount", AMOUNT_RE],
  ["time", TIME_RE],
  ["age", AGE_RE],
  ["weight", WEIGHT_RE],
  ["length", LENGTH_RE],
  ["grade", GRADE_RE],
  ["code", CODE_RE],
];

const DEFAULT_ATTRIBUTE: Record<TypedKind, readonly [korean: string, english: string]> = {
  phone: ["전화번호", "phone"],
  date: ["날짜", "date"],
  time: ["시간", "time"],
  age: ["나이", "age"],
  weight: ["몸무게", "weight"],
  length: ["키", "height"],
  amount: ["금액", "amount"],
  email: ["이메일", "email"],
  grade: ["학년", "grade"],
  address: ["주소", "address"],
  code: ["번호", "number"],
  plate: ["차량번호", "license plate"],
};

/** The attributes the rules store a typed value of this kind under, when nothing names another (Korean, English). */
export function defaultAttributes(kind: TypedKind): readonly string[] {
  return DEFAULT_ATTRIBUTE[kind];
}

/** Typed values in `text`, left to right, without overlaps (the earlier, longer match wins). */
export function findTypedValues(text: string): TypedValue[] {
  const found: TypedValue[] = [];
  for (const [kind, pattern] of TYPED_PATTERNS) {
    if (kind === "email" && !text.includes("@")) continue;
    // The shared global pattern, restarted: every pattern consumes at least one character per match.
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      found.push({ kind, start: match.index, end: match.index + match[0].length, value: match[0] });
    }
  }
  // `\s+\S`: the spaces and the address cannot trade characters, so a failed try costs one pass.
  const address = /(?:^|(?<=\s))(주소[는가]?|address)\s+(\S.*)$/isu.exec(text);
  if (address !== null && ADDRESS_WORDS.has((address[1] ?? "").toLowerCase())) {
    const start = address.index + address[0].indexOf(address[1] ?? "");
    found.push({ kind: "address", start, end: text.length, value: address[2] ?? "" });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: TypedValue[] = [];
  for (const value of found) {
    const last = kept[kept.length - 1];
    if (last !== undefined && isRange(last, value, text)) {
      // "4월 28일~5월 2일", "오후 2시~7시": one value from the first to the last; "12시 반부터 1시
      // 반까지" is written so too, its 까지 taken with it.
      const spelled = isSpelledRange(last, value, text);
      const end = spelled && text.startsWith(UNTIL, value.end) ? value.end + UNTIL.length : value.end;
      const range = spelled ? `${last.value}~${value.value}` : text.slice(last.start, value.end);
      kept[kept.length - 1] = { ...last, end, value: range };
    } else if (last === undefined || value.start >= last.end) kept.push(value);
  }
  return kept.map((value) => extendRange(value, text));
}

const RANGE_KINDS: ReadonlySet<TypedKind> = new Set(["date", "time"]);
/** What joins the two ends of a range. */
const RANGE_JOIN_RE = /^\s?[~–-]\s?$/u;
/** The short end of a range after a date or time: "~15일", "–25", "~7시 30분". */
const RANGE_TAIL_RE = /^\s?[~–-]\s?\d{1,2}(?:일|시(?:\s?\d{1,2}분)?)?(?![\d\p{L}])/u;

/** "부터 … 까지": the words of a range from one value to another. */
const FROM = "부터";
const UNTIL = "까지";

function isRange(first: TypedValue, second: TypedValue, text: string): boolean {
  if (!RANGE_KINDS.has(first.kind) || !RANGE_KINDS.has(second.kind) || second.start < first.end) return false;
  return RANGE_JOIN_RE.test(text.slice(first.end, second.start)) || isSpelledRange(first, second, text);
}

/** "12시 반부터 1시 반(까지)": 부터 right after the first value, the second after a space at most. */
function isSpelledRange(first: TypedValue, second: TypedValue, text: string): boolean {
  const between = text.slice(first.end, second.start);
  return between === FROM || between === `${FROM} `;
}

function extendRange(value: TypedValue, text: string): TypedValue {
  if (!RANGE_KINDS.has(value.kind)) return value;
  const tail = RANGE_TAIL_RE.exec(text.slice(value.end, value.end + RANGE_TAIL_MAX_CHARS));
  if (tail === null) return value;
  const end = value.end + tail[0].length;
  return { ...value, end, value: text.slice(value.start, end) };
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
    case "email":
      return contactFact(input);
    case "code":
      return codeFact(input);
    case "plate":
      return plateFact(input);
    case "date":
    case "time":
      return dateFact(input);
    case "address":
      return addressFact(input);
    case "amount":
      return amountFact(input);
    case "grade":
      return gradeFact(input);
    default:
      return measureFact(input);
  }
}

export function defaultAttribute(kind: TypedKind, korean: boolean): string {
  const [ko, en] = DEFAULT_ATTRIBUTE[kind];
  return korean ? ko : en;
}

/** "밤비(햄스터)" → entity 밤비 with 종 햄스터; "코코(시츄)" → 품종 비숑. */
function splitParenthetical(word: string, clause: ClauseContext): string {
  const match = /^([^()]+)\(([^()]+)\)$/u.exec(word);
  if (match === null) return word;
  const kind = match[2] ?? "";
  const attribute = breedOf(kind) !== undefined ? "품종" : "종";
  clause.state.emit(match[1] ?? "", clause.korean ? attribute : "kind", kind);
  return match[1] ?? word;
}

/** "결혼식" before a date means its date: "결혼식 일시" (with a time) or "결혼식 날짜"; a time alone: "… 시간". */
function dateAttribute(phrase: string, value: TypedValue, korean: boolean): string {
  if (DATE_NOUN_RE.test(phrase)) return phrase;
  if (value.kind === "time") return `${phrase} ${korean ? "시간" : "time"}`;
  const hasTime = HAS_CLOCK_TIME_RE.test(value.value);
  if (korean) return `${phrase} ${hasTime ? "일시" : "날짜"}`;
  return `${phrase} ${hasTime ? "time" : "date"}`;
}

/**
 * "회의 11월 24일, 별관 세미나실에서 해요": after the date of an event (a phrase that is no date noun), its
 * place may follow; bare only when the date has a clock time (an appointment), else with "에서 해요".
 */
function awaitPlace(
  entity: string,
  phrase: string,
  value: TypedValue,
  { state, korean }: ClauseContext,
): void {
  if (!korean || DATE_NOUN_RE.test(phrase)) return;
  state.eventPlace = { entity, attribute: `${phrase} 장소`, bare: HAS_CLOCK_TIME_RE.test(value.value) };
}

/**
 * The words before a new date without the verb of change and how far the date moved ("예약 다음주로 밀림
 * 3/21", "회의 일주일 연기 5/3", "정모 날짜 변경 4/12"): they say that the date changed, not what it is
 * the date of. The first word stays, whatever it is: it names the thing.
 */
function withoutChangeWords(pre: readonly string[]): string[] {
  // 갱신일, 변경일: a date noun that begins like a verb of change names the date.
  const verb = pre.findIndex(
    (word, i) => i > 0 && isKoreanChangeWord(word) && !DATE_NOUN_RE.test(normalizeAttribute(word)),
  );
  if (verb < 0) return [...pre];
  let from = verb;
  while (from > 1 && isShiftWord(pre[from - 1] as string)) from--;
  return pre.slice(0, from);
}

/** How far a date moved: a span (하루, 이틀, 일주일, 2주, 한 달) or a relative time (다음주로, 담주로). */
const SHIFT_SPAN_RE =
  /^(?:하루|이틀|사흘|나흘|일주일|한주|한달|\d+(?:일|주|달|개월))(?:로|으로|쯤|정도|만큼|씩)?$/u;

function isShiftWord(word: string): boolean {
  return SHIFT_SPAN_RE.test(word) || KOREAN_TIME_WORDS.has(word.replace(/(?:으로|로)$/u, ""));
}

/** The bare attribute of a date: "일시" with a clock time, else "날짜". */
function bareDateAttribute(value: TypedValue, korean: boolean): string {
  if (value.kind === "time") return defaultAttribute("time", korean);
  const hasTime = HAS_CLOCK_TIME_RE.test(value.value);
  if (korean) return hasTime ? "일시" : "날짜";
  return hasTime ? "time" : "date";
}

/**
 * A date or time after words: the first word names the entity and the rest says what the date is
 * ("밤비 생일 3월 4일", "새봄식당 메뉴판 시안 마감 4월 8일", "동생 수은이 생일 …" with 동생 as a relation).
 * An event of its own ("안과 진료 9월 3일", "자격증 시험 11월 2일") is the entity, with 일시 or 날짜;
 * a person's life event ("재오 결혼식 …") stays the person's.
 * Words before a verb in a clause chain ("코코 생일은 모르고 분양일 …") are skipped for the attribute.
 */
function dateFact({ clause, pre: said, value }: TypedFactInput): boolean {
  const { state } = clause;
  // An English clause names its dates with prepositions ("for Jun 27"); only the topic's date is safe.
  if (said.length > 0 && !containsHangul(clause.text)) return false;
  const pre = withoutChangeWords(said);
  if (pre.some((word) => EN_FUNCTION_WORDS.has(word.toLowerCase()))) return false;
  // "고등학교 친구 소미 결혼식 6월 6일": a life event is the date of the one named just before it.
  const eventAt = pre.findIndex((word, i) => i >= 1 && LIFE_EVENT_WORDS.has(normalizeAttribute(word)));
  const words = eventAt >= 1 ? pre.slice(eventAt - 1, eventAt + 1) : pre;
  const lastBreak = words.reduce((at, word, i) => (isNameLike(word) ? at : i), -1);
  // Words inside the phrase carry no particle of their own ("기획안 draft는 내가 …" is a clause).
  const inner = words.slice(Math.max(lastBreak + 1, 1), -1);
  if (inner.some((word) => hasSubjectParticle(word) || isFirstPerson(word))) return false;
  const first = words[0];
  if (
    words.length >= 2 &&
    words.length <= MAX_DATE_PHRASE_WORDS &&
    first !== undefined &&
    isNameLike(first) &&
    lastBreak <= 0
  ) {
    // "Slack 유료 플랜 갱신일은 7월 2일": the words before a term's date noun name what it is of.
    const owner = ownerLength([...words.slice(0, -1), normalizeAttribute(words[words.length - 1] ?? "")]);
    const rest = words.slice(owner);
    // "요가 목요일 7시로 옮김": weekdays right before a time said to be the new one (and which week) are
    // when, not what the time is of.
    const weekAt = owner > 1 && WEEK_WORD_RE.test(words[owner - 1] ?? "") ? owner - 1 : owner;
    if (rest.length > 0 && rest.every((word) => WEEKDAYS_WORD_RE.test(word))) {
      const when = { ...value, value: `${words.slice(weekAt).join(" ")} ${value.value}` };
      const entity = words.slice(0, weekAt).join(" ");
      return (
        saysNewValue(clause, value) && state.emit(entity, bareDateAttribute(when, clause.korean), when.value)
      );
    }
    const phrase = normalizeAttribute(rest.join(" "));
    if (phrase.length === 0) return false;
    const head = normalizeAttribute(rest[rest.length - 1] ?? "");
    // A bare clock time is a fact only when the words say it is a time ("등원 시간 8시 50분"), or that it
    // is the new one ("요가 수업 7시로 옮김").
    if (value.kind === "time" && !TIME_NOUN_RE.test(phrase) && !saysNewValue(clause, value)) return false;
    const entity = owner > 1 ? words.slice(0, owner).join(" ") : splitParenthetical(first, clause);
    // A new clock time of something ("첫차 출발 6시로 바뀜") is its time, not an event's.
    if (
      !DATE_NOUN_RE.test(head) &&
      !LIFE_EVENT_WORDS.has(head) &&
      rest.length === 1 &&
      value.kind !== "time"
    ) {
      // "안과 진료 9월 3일": the appointment is the entity.
      // "요가 수업은 …": the topic particle is no part of the event's name.
      const event = `${entity} ${stripParticle(rest.join(" "), TOPIC_PARTICLES)}`;
      const emitted = state.emit(event, bareDateAttribute(value, clause.korean), value.value);
      if (emitted) state.topic = event;
      // "치과 예약 3월 14일 오후 2시, 바른치과": where the appointment is may follow.
      if (emitted && clause.korean)
        state.eventPlace = { entity: event, attribute: "장소", bare: HAS_CLOCK_TIME_RE.test(value.value) };
      return emitted;
    }
    const emitted = state.emit(entity, dateAttribute(phrase, value, clause.korean), value.value);
    if (emitted) state.topic = entity;
    if (emitted && LIFE_EVENT_WORDS.has(head))
      state.eventPlace = { entity, attribute: `${head} 장소`, bare: true };
    else if (emitted) awaitPlace(entity, phrase, value, clause);
    return emitted;
  }
  if (words.length >= 2 && lastBreak > 0) {
    // "코코 생일은 모르고 분양일 …": the words after the last verb say what the date is.
    const tail = words.slice(lastBreak + 1);
    const owner = words[0];
    if (tail.length === 0 || owner === undefined || !isNameLike(owner)) return false;
    if (value.kind === "time" && !TIME_NOUN_RE.test(tail.join(" "))) return false;
    const phrase = normalizeAttribute(tail.join(" "));
    const emitted = state.emit(owner, dateAttribute(phrase, value, clause.korean), value.value);
    if (emitted) awaitPlace(owner, phrase, value, clause);
    return emitted;
  }
  const only = words.length === 1 && first !== undefined && isNameLike(first) ? first : undefined;
  const onlyIsTopic =
    only !== undefined && state.topic !== undefined && foldText(only) === foldText(state.topic);
  if (only !== undefined && state.topic !== undefined && !onlyIsTopic) {
    // "…, 결혼기념일은 5월 27일": what the date is, of the entity named before.
    if (value.kind === "time" && !TIME_NOUN_RE.test(only)) return false;
    return state.emit(
      state.topic,
      dateAttribute(normalizeAttribute(only), value, clause.korean),
      value.value,
    );
  }
  // "생일 7월 9일", "결혼기념일은 6월 12일": a day of one's own life with no one named is the speaker's.
  const ownDay = only === undefined ? undefined : normalizeAttribute(stripParticle(only, TOPIC_PARTICLES));
  if (ownDay !== undefined && OWN_DAY_WORDS.has(ownDay) && value.kind === "date")
    return state.emit(clause.korean ? FIRST_PERSON_KO : FIRST_PERSON_EN, ownDay, value.value);
  if (only !== undefined) {
    if (value.kind === "time" && !saysNewValue(clause, value)) return false;
    const entity = splitParenthetical(only, clause);
    state.topic = entity;
    return state.emit(entity, bareDateAttribute(value, clause.korean), value.value);
  }
  if (words.length > 0 || state.topic === undefined) return false;
  return state.emit(state.topic, bareDateAttribute(value, clause.korean), value.value);
}

/** Whether the clause says the value is the new one: (으)로 right after it, then a verb of change ("4시로 바뀜"). */
function saysNewValue(clause: ClauseContext, value: TypedValue): boolean {
  const [to = "", verb] = clause.text.slice(value.end).split(" ");
  return valueChangedTo(to, verb) === "";
}

/** An age, weight or length: "뭉치 … 여섯 살", "예담이 키 131cm", "몸무게 24kg" after the topic. */
function measureFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  if (value.kind !== "age" && pre.length > MAX_WORDS_BEFORE_MEASURE) return false;
  const nouns = value.kind === "length" ? LENGTH_NOUNS : value.kind === "weight" ? WEIGHT_NOUNS : AGE_NOUNS;
  // "몸무게 21kg", "키 117cm": the word is the attribute, so the owner is the word before it or the topic.
  const attributeAt = pre.findIndex((word) => nouns.has(normalizeAttribute(word)));
  if (value.kind === "length" && attributeAt < 0) return false;
  const attribute =
    attributeAt >= 0
      ? normalizeAttribute(pre[attributeAt] ?? "")
      : defaultAttribute(value.kind, clause.korean);
  const owners = attributeAt >= 0 ? pre.slice(0, attributeAt) : pre;
  const first = owners[0];
  // The owner is the one word before the measure (and a breed after it: "밤비 포메라니안 2.7kg"); words
  // that only continue a sentence ("푸들이고 올해 일곱 살") leave it to the topic; anything else
  // ("어린이날 동물원에서 7살 …") is no measure of anyone.
  const ownerWords = owners.filter((word) => breedOf(word) === undefined);
  if (
    ownerWords.length > 1 ||
    (ownerWords.length === 1 && !isNameLike(first ?? "") && !isContinuation(first ?? ""))
  )
    return false;
  const explicit =
    ownerWords.length === 1 && first !== undefined && isNameLike(first)
      ? splitParenthetical(first, clause)
      : undefined;
  const entity = explicit ?? state.topic;
  if (entity === undefined) return false;
  // "밤비 포메라니안 2.7kg", "푸들이고 올해 일곱 살": a breed among the words before says the 품종.
  for (const word of owners) {
    const breed = breedOf(word);
    if (breed !== undefined && clause.korean) state.emit(entity, "품종", breed);
  }
  if (explicit !== undefined) state.topic = explicit;
  return state.emit(entity, attribute, value.value);
}

/** A word that continues the sentence about the topic: a connective ("말티즈고") or a breed. */
function isFirstPerson(word: string): boolean {
  return entityDisplayName(word) === FIRST_PERSON_KO;
}

function isContinuation(word: string): boolean {
  return CONNECTIVE_ENDING_RE.test(word) || breedOf(word) !== undefined;
}

/**
 * An amount after what it is for: "필라테스 회비는 월 15만원", "월세 58만원" after the topic; a rate alone after
 * the topic is its 요금.
 */
function amountFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  // "청소 도우미 남궁별님 …, 1회에 6만원": a rate alone, after someone or something, is what they charge.
  if (
    pre.length === 0 &&
    RATE_PREFIX_RE.test(value.value) &&
    state.topic !== undefined &&
    topicHasFacts(state)
  )
    return state.emit(state.topic, clause.korean ? "요금" : "rate", value.value);
  // "수영장 6개월 48만원", "PT 10회 50만원": a period or a count before the amount is part of it, a
  // rate; the words before name what charges it (and, after the thing, which charge: "회비").
  // A word of "per" before the period is part of it too ("월 4회 22만원"). After the topic, the period
  // alone ("…. 3개월 27만원") is what the topic charges.
  const periodAt = pre.length > 0 && PERIOD_RE.test(pre.at(-1) ?? "") ? pre.length - 1 : -1;
  if (periodAt >= 0) {
    const start = periodAt > 0 && PER_WORDS.has(pre[periodAt - 1] ?? "") ? periodAt - 1 : periodAt;
    const rate = [...pre.slice(start), value.value].join(" ");
    const [thing = state.topic, ...charge] = pre.slice(0, start);
    if (thing === undefined || !isNameLike(thing) || charge.length > 1 || !charge.every(isNameLike))
      return false;
    const attribute =
      charge.length > 0 ? normalizeAttribute(charge.join(" ")) : clause.korean ? "요금" : "rate";
    return state.emit(thing, attribute, rate);
  }
  if (pre.length === 0 || pre.length > MAX_WORDS_BEFORE_MEASURE || !pre.every(isNameLike)) return false;
  const [first = "", ...rest] = pre;
  if (rest.length === 0) {
    return state.topic !== undefined && state.emit(state.topic, normalizeAttribute(first), value.value);
  }
  return state.emit(first, normalizeAttribute(rest.join(" ")), value.value);
}

/** A period or a count of times that an amount is charged for: 3개월, 1년, 10회, 6주. */
const PERIOD_RE = /^\d{1,3}(?:개월|달|년|주|회|번|일|시간)$/u;
/** Words of "per" before a period: 월 4회, 주 2회. */
const PER_WORDS: ReadonlySet<string> = new Set(["월", "주", "연", "매달", "매월", "매주", "하루", "인당"]);

/** "중2 선호", "선호 중2", "대학교 2학년" after the topic: (선호, 학년, 중2). */
function gradeFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  const after = clause.text.slice(value.end).trim().split(" ")[0] ?? "";
  // "나 건축학과 2학년": the person comes first; "선호 중2", "중2 선호".
  const first = pre[0];
  let entity =
    first !== undefined ? (isNameLike(first) || isFirstPerson(first) ? first : undefined) : state.topic;
  if (pre.length === 0 && after.length > 0 && isNameLike(after)) entity = after;
  if (entity === undefined) return false;
  state.topic = entity;
  return state.emit(entity, defaultAttribute("grade", clause.korean), value.value);
}

/** A home, as the word before an address's attribute says it. */
const HOME_WORDS: ReadonlySet<string> = new Set(["집", "home", "house"]);

function addressFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  const last = pre[pre.length - 1] ?? "";
  const owner = pre[pre.length - 2];
  // "민수 집 주소는 …", "부모님 집 주소 …": the address of someone's home; a home of no one named is the
  // speaker's, or the topic's.
  const home =
    HOME_WORDS.has(foldText(last)) && owner !== undefined && isNameLike(owner) && !isSpeakersOwnerWord(owner);
  const entity = home
    ? `${entityDisplayName(owner)} ${last}`
    : (nameBefore(pre) ?? topicAsOwner(state) ?? FIRST_PERSON_KO);
  return state.emit(entity, defaultAttribute("address", clause.korean), value.value);
}
