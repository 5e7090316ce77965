/**
 * The typed-value rule, the born-on rule, and the relation a clause may open with ("동생 수은이 …",
 * "my sister Irene …"). The order the rules are tried in is rule-table.ts.
 */
import { COPULA_END_RE, foldText, stripParticle, TOPIC_SUBJECT_PARTICLES } from "../text/korean.js";
import {
  breedOf,
  hasSubjectParticle,
  isKinship,
  isFullKoreanName,
  isNameLike,
  isPersonName,
  isPredicate,
  topicHasFacts,
  type ClauseContext,
  type ClauseRule,
} from "./rule-common.js";
import { words } from "../text/word-list.js";
import { isPlacePhrase } from "./rule-places.js";
import { HONORIFIC_WORD_RE, roleAttribute } from "./rule-roles.js";
import { ANIMAL_CARE_WORDS, ANIMAL_WORDS } from "./words/animals.js";
import { LESSON_SUBJECTS } from "./words/events.js";
import { COMMON_ATTRIBUTE_WORDS, NAME_WORDS } from "./words/attributes.js";
import { FILLER_WORDS } from "./words/function-words.js";
import { TITLE_WORDS } from "./words/people.js";
import { findTypedValues, typedFact } from "./rule-typed.js";

/** Possessives that may stand before a kinship word ("우리 아들", "내 동생", "my sister", "우리 집 토끼"). */
export const KIN_OWNERS: ReadonlySet<string> = new Set([
  "우리",
  "내",
  "제",
  "나의",
  "저의",
  "my",
  "our",
  "집",
  "우리집",
]);
/** "우리 집 햄스터 꿀떡": at most two owner words. */
const MAX_KIN_OWNER_WORDS = 2;
/** "재활의학과 전공의 고은별 선생님": a role before a name is at most two words. */
const MAX_ROLE_WORDS = 2;

/** Typed values (phone, date, time, age, measure, amount, e-mail, address) with the words before them. */
export const typedValues: ClauseRule = (clause) => {
  let emitted = false;
  let cursor = 0;
  for (const value of clause.typed) {
    const between = clause.text.slice(cursor, value.start);
    let words = between.trim().length === 0 ? [] : between.trim().split(" ");
    // "3월 2일인데 …": right after a value, the first word is the tail of that value's word.
    if (cursor > 0 && !/^\s/u.test(between)) words = words.slice(1);
    cursor = value.end;
    const pre = words.filter(
      (token) => !FILLER_WORDS.has(foldText(stripParticle(token, TOPIC_SUBJECT_PARTICLES))),
    );
    if (typedFact({ clause, pre, value })) emitted = true;
  }
  // "진수 결혼식 5월 17일 토요일 2시 광주 보은홀": the place after a life event's date.
  const trailing = clause.text
    .slice(cursor)
    .trim()
    .split(" ")
    .filter((token) => token.length > 0);
  const pending = clause.state.eventPlace;
  if (
    emitted &&
    pending?.bare === true &&
    cursor > 0 &&
    /^\s/u.test(clause.text.slice(cursor)) &&
    isPlacePhrase(trailing)
  ) {
    clause.state.emit(pending.entity, pending.attribute, trailing.join(" "));
    clause.state.eventPlace = undefined;
  }
  return emitted;
};

/** 생 after a date, maybe with a copula: "… 5월 3일생", "…생이에요". */
const BORN_RE = /^생(?:이고|이야|이에요|입니다|임|이다|이래|)$/u;
/** A year, maybe with its month, then 생: "1990년생", "95년생", "2020년 5월생" (each part bounded). */
const BORN_IN_YEAR_RE =
  /(?:^|\s)((?:\d{4}|\d{2})년(?: ?\d{1,2}월)?)생(?:이고|이야|이에요|입니다|임|이다|이래)?(?=\s|$)/u;

/**
 * "1990년생", "초코는 2020년 5월생": a year (born then: 출생연도) or a year and month (the birthday as far
 * as it is known: 생일), where it starts and ends in `text`.
 */
function bornInYear(
  text: string,
): { start: number; end: number; value: string; attribute: string } | undefined {
  const match = BORN_IN_YEAR_RE.exec(text);
  if (match === null) return undefined;
  const value = match[1] ?? "";
  const start = match.index + match[0].indexOf(value);
  return { start, end: start + value.length, value, attribute: value.includes("월") ? "생일" : "출생연도" };
}

/** "라희는 2월 11일생이고", "2019년 3월 2일생": a date followed by 생 is a birthday. */
export const bornOn: ClauseRule = ({ text, tokens, typed, state, korean }) => {
  if (!korean) return false;
  const typedDate = typed.find((value) => value.kind === "date");
  const date =
    typedDate !== undefined && BORN_RE.test(text.slice(typedDate.end).split(" ")[0] ?? "")
      ? { ...typedDate, attribute: "생일" }
      : bornInYear(text);
  if (date === undefined) return false;
  const before = text
    .slice(0, date.start)
    .trim()
    .split(" ")
    .filter((word) => word.length > 0);
  const owner =
    before.length === 0
      ? state.topic
      : before.length === 1 && (isNameLike(before[0] ?? "") || hasSubjectParticle(before[0] ?? ""))
        ? stripParticle(
            before[0] ?? "",
            TOPIC_SUBJECT_PARTICLES.filter((p) => p === "은" || p === "는"),
          )
        : undefined;
  if (owner === undefined || tokens.length === 0) return false;
  const emitted = state.emit(owner, date.attribute, date.value);
  if (emitted) state.topic = owner;
  return emitted;
};

/** What a clause's first words say of the name after them. */
interface Lead {
  attribute: string;
  value: string;
  /** Where the name stands. */
  nameAt: number;
  animal: boolean;
  /** A role or a title, not a kinship word or an animal. */
  role: boolean;
}

/** Units of an animal's age or weight: "고양이 X는 3살" names X (고양이 캣타워는 5만원 does not). */
const AGE_OR_WEIGHT_UNITS: ReadonlySet<string> = new Set(words("살 세 개월 kg 키로 킬로"));
/** A number at the start of a text, with the spaces after it. */
const LEADING_NUMBER_RE = /^[\d.]+\s*/u;

/**
 * A clause that opens with a kinship word, an animal kind or a role and a name ("동생 수은이 생일 8월
 * 21일", "딸 예림이는 새우 알레르기가 있어요", "my brother Owen lives in Daegu", "베이비시터 연다빈님 연락처 …",
 * "변호사 채도윤 사무실은 …") states what the name is — (수은, 관계, 동생), (채도윤, 직업, 변호사) — and is
 * then read from the name on. Returns the clause to read.
 */
export function withLeadingRelation(clause: ClauseContext): ClauseContext {
  const { tokens } = clause;
  let start = 0;
  while (start < MAX_KIN_OWNER_WORDS && KIN_OWNERS.has(foldText(tokens[start] ?? ""))) start += 1;
  const lead = leadingWords(tokens, start, clause);
  const nameToken = lead === undefined ? undefined : tokens[lead.nameAt];
  if (lead === undefined || nameToken === undefined) return clause;
  const rest = tokens.slice(lead.nameAt + 1);
  const name = stripParticle(nameToken, TOPIC_SUBJECT_PARTICLES);
  if (!isNameLike(nameToken) || isKinship(name) || NAME_WORDS.has(name) || COMMON_ATTRIBUTE_WORDS.has(name))
    return clause;
  // "거북이 사료는 …" tells of the animal's food, not of an animal named 사료; "딸 피아노 학원" of the
  // daughter's piano lessons, not of a daughter named 피아노.
  if (lead.animal ? ANIMAL_CARE_WORDS.has(name) : !lead.role && LESSON_SUBJECTS.has(name)) return clause;
  // "영양사 선생님", "재무팀 신입 인턴은": a title or a role after a role is no name.
  if (isTitleWord(name) || roleAttribute(name, clause.korean) !== undefined) return clause;
  if (!isPersonName(name) && !isPersonName(nameToken)) return clause;
  // A bare word after a kinship word is a name only with a sign of one: the 이 of a name (수은이), 씨/님,
  // a particle before a verb or a copula ("로하는 … 있어요", "두리는 비숑이야"), an attribute word after
  // it ("재오 번호") or a title ("고은별 선생님").
  const marked = /(?:[이의]|씨|님)$/u.test(nameToken) || /(?:이|씨|님)$/u.test(name);
  const next = stripParticle(rest[0] ?? "", TOPIC_SUBJECT_PARTICLES);
  // After an animal word, a word of its care names what the named one has ("고양이 X 사료는 …").
  const attributeNext = COMMON_ATTRIBUTE_WORDS.has(next) || (lead.animal && ANIMAL_CARE_WORDS.has(next));
  const restText = rest.join(" ");
  // After an animal word, a note may give the named one's age or weight without a copula ("고양이 X는 3살").
  const topicBeforeVerb =
    nameToken !== name &&
    (isPredicate(restText) ||
      COPULA_END_RE.test(restText) ||
      (rest.length === 1 && breedOf(restText) !== undefined) ||
      (lead.animal && AGE_OR_WEIGHT_UNITS.has(restText.replace(LEADING_NUMBER_RE, ""))));
  const latinName = /^\p{Lu}/u.test(nameToken);
  const titleNext = isTitleWord(rest[0] ?? "");
  // After a role the signs must be stronger: "대리 시절이 그립다" names no one.
  const honored = /(?:씨|님)$/u.test(nameToken);
  // "알바 탁윤희 …": a full name (surname and given name) needs no other sign.
  const fullName = isFullKoreanName(name);
  const named = lead.role
    ? honored || attributeNext || latinName || titleNext || fullName
    : marked || attributeNext || topicBeforeVerb || latinName || titleNext;
  if (!named) return clause;
  // "아들 재오" alone needs the sign of a name; with more words it may be "엄마 고향 …".
  if (rest.length === 0 && !marked && !latinName && !lead.animal) return clause;
  clause.state.emit(nameToken, lead.attribute, lead.value);
  clause.state.topic = nameToken;
  const remaining = tokens.slice(lead.nameAt);
  const text = remaining.join(" ");
  return { ...clause, tokens: remaining, text, typed: findTypedValues(text) };
}

/** "선생님", "부장님", "님": a word after a name that marks it as one. */
function isTitleWord(word: string): boolean {
  return HONORIFIC_WORD_RE.test(word) || TITLE_WORDS.has(word.replace(/님$/u, ""));
}

/** The kinship word, animal kind or role (one or two words: "재활의학과 전공의") at `start`, if any. */
function leadingWords(tokens: readonly string[], start: number, clause: ClauseContext): Lead | undefined {
  const { korean, state } = clause;
  const first = tokens[start];
  if (first === undefined) return undefined;
  if (isKinship(first)) {
    // "둘째 손녀 보은이", "큰 아들": a kinship word may be narrowed by the one before it.
    const width = isKinship(tokens[start + 1] ?? "") ? 2 : 1;
    return {
      attribute: korean ? "관계" : "relation",
      value: tokens.slice(start, start + width).join(" "),
      nameAt: start + width,
      animal: false,
      role: false,
    };
  }
  if (ANIMAL_WORDS.has(foldText(first)))
    return { attribute: korean ? "종" : "kind", value: first, nameAt: start + 1, animal: true, role: false };
  // Once an entity was told about, "원장님 방태섭" names its 원장 (see roleThenName), not a role of 방태섭.
  if (topicHasFacts(state)) return undefined;
  for (let width = 1; width <= MAX_ROLE_WORDS; width += 1) {
    const words = tokens.slice(start, start + width);
    const head = words[words.length - 1];
    if (words.length < width || head === undefined || (width > 1 && HONORIFIC_WORD_RE.test(head))) break;
    const modifiers = words.slice(0, -1);
    if (modifiers.some((word) => !isNameLike(word) || hasSubjectParticle(word) || /\d/u.test(word))) break;
    const attribute = roleAttribute(head, korean);
    if (attribute !== undefined)
      return { attribute, value: words.join(" "), nameAt: start + width, animal: false, role: true };
  }
  return undefined;
}
