/**
 * The clause rules in the order they are tried (the first rule that emits something wins), the
 * typed-value rule, and the relation a clause may open with ("동생 다인이 …", "my sister Claire …").
 */
import { foldText, stripParticle, TOPIC_SUBJECT_PARTICLES } from "../text/korean.js";
import {
  isKinship,
  isNameLike,
  isPersonName,
  isPredicate,
  type ClauseContext,
  type ClauseRule,
} from "./rule-common.js";
import { ENGLISH_RULES } from "./rule-english.js";
import {
  allergy,
  attributeIsValue,
  changedTo,
  closedDay,
  eventPlace,
  identity,
  isPlacePhrase,
  nameIntro,
  placeOfSubject,
} from "./rule-korean.js";
import {
  listContinuation,
  roleIsPerson,
  roleNameTitle,
  roleTaken,
  roleThenName,
  titledSubject,
} from "./rule-roles.js";
import { ANIMAL_WORDS, COMMON_ATTRIBUTE_WORDS, FILLER_WORDS, NAME_WORDS } from "./rule-words.js";
import { findTypedValues, typedFact } from "./rule-typed.js";

/** Possessives that may stand before a kinship word ("우리 아들", "내 동생", "my sister", "우리 집 토끼"). */
const KIN_OWNERS = new Set(["우리", "내", "제", "나의", "저의", "my", "our", "집", "우리집"]);
/** "우리 집 토끼 솜이": at most two owner words. */
const MAX_KIN_OWNER_WORDS = 2;

/** Typed values (phone, date, time, age, measure, amount, e-mail, address) with the words before them. */
const typedValues: ClauseRule = (clause) => {
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
  // "현우 결혼식 9월 12일 토요일 1시 대전 그랜드컨벤션": the place after a life event's date.
  const trailing = clause.text
    .slice(cursor)
    .trim()
    .split(" ")
    .filter((token) => token.length > 0);
  const pending = clause.state.eventPlace;
  if (
    emitted &&
    pending !== undefined &&
    cursor > 0 &&
    /^\s/u.test(clause.text.slice(cursor)) &&
    isPlacePhrase(trailing)
  ) {
    clause.state.emit(pending.entity, pending.attribute, trailing.join(" "));
    clause.state.eventPlace = undefined;
  }
  return emitted;
};

/** The rules in the order they are tried; specific shapes first, the generic ones last. */
export const CLAUSE_RULES: readonly ClauseRule[] = [
  ...ENGLISH_RULES,
  nameIntro,
  roleTaken,
  allergy,
  placeOfSubject,
  titledSubject,
  typedValues,
  changedTo,
  roleNameTitle,
  roleThenName,
  listContinuation,
  eventPlace,
  closedDay,
  roleIsPerson,
  identity,
  attributeIsValue,
];

/**
 * A clause that opens with a kinship word and a name ("동생 다인이 생일 8월 21일", "아들 시우는 우유
 * 알레르기가 있어요", "my sister Claire lives in Busan") states the relation — (다인, 관계, 동생) — and
 * is then read from the name on. Returns the clause to read.
 */
export function withLeadingRelation(clause: ClauseContext): ClauseContext {
  const { tokens } = clause;
  let start = 0;
  while (start < MAX_KIN_OWNER_WORDS && KIN_OWNERS.has(foldText(tokens[start] ?? ""))) start += 1;
  const kin = tokens[start];
  const nameToken = tokens[start + 1];
  const rest = tokens.slice(start + 2);
  const animal = kin !== undefined && ANIMAL_WORDS.has(foldText(kin));
  if (kin === undefined || nameToken === undefined || (!isKinship(kin) && !animal)) return clause;
  const name = stripParticle(nameToken, TOPIC_SUBJECT_PARTICLES);
  if (!isNameLike(nameToken) || isKinship(name) || NAME_WORDS.has(name) || COMMON_ATTRIBUTE_WORDS.has(name))
    return clause;
  if (!isPersonName(name) && !isPersonName(nameToken)) return clause;
  // A bare word after a kinship word is a name only with a sign of one: the 이 of a name (다인이), 씨/님,
  // a particle before a verb ("시우는 … 있어요"), or an attribute word after it ("현우 번호").
  const marked = /(?:[이의]|씨|님)$/u.test(nameToken);
  const attributeNext = COMMON_ATTRIBUTE_WORDS.has(stripParticle(rest[0] ?? "", TOPIC_SUBJECT_PARTICLES));
  const topicBeforeVerb = nameToken !== name && isPredicate(rest.join(" "));
  const latinName = /^\p{Lu}/u.test(nameToken);
  if (!marked && !attributeNext && !topicBeforeVerb && !latinName) return clause;
  // "아들 현우" alone needs the sign of a name; with more words it may be "엄마 고향 …".
  if (rest.length === 0 && !marked && !latinName && !animal) return clause;
  const relation = animal ? (clause.korean ? "종" : "kind") : clause.korean ? "관계" : "relation";
  clause.state.emit(nameToken, relation, kin);
  clause.state.topic = nameToken;
  const remaining = tokens.slice(start + 1);
  const text = remaining.join(" ");
  return { ...clause, tokens: remaining, text, typed: findTypedValues(text) };
}
