/**
 * Clause rules of the rule-based extractor. Each rule looks at one clause (a sentence part between
 * commas) and emits facts into the shared state; the first rule that emits something wins.
 */
import { FIRST_PERSON_EN, FIRST_PERSON_KO, NOUNS_ENDING_IN_UI } from "./normalize.js";
import { containsHangul, COPULA_END_RE, foldText, stripParticle } from "../text/korean.js";
import { isKoreanPersonName, isNameLike, type ClauseRule } from "./rule-common.js";
import {
  CHANGE_VERB_RE,
  EN_EVENT_VERBS,
  EN_MOVE_VERBS,
  FILLER_WORDS,
  NAME_INTRO_WORDS,
  TITLE_WORDS,
} from "./rule-patterns.js";
import { findTypedValues, typedFact } from "./rule-typed.js";

/** Korean first-person words that start a statement about me ("나 페스코 베지테리언임"). */
const I_WORDS = new Set(["나", "난", "저", "전"]);
/** Possessive first-person determiners ("내 생일은 …"). */
const MY_WORDS = new Set(["내", "제", "나의", "저의"]);
/** Shortest attribute the generic "X Y는 Z" rule accepts ("같은" is no attribute). */
const MIN_ATTRIBUTE_CHARS = 2;
/** Longest value the generic "X Y는 Z" rule accepts, in words. */
const MAX_GENERIC_VALUE_WORDS = 5;

function endsWithTopicParticle(word: string): boolean {
  return stripParticle(word, ["은", "는"]) !== word;
}

const englishPossessive: ClauseRule = ({ text, state }) => {
  const match = /^(?:(my)|(.+?)'s) (.+?) (?:is|are|was|=) (.+)$/iu.exec(text);
  if (match === null) return false;
  const entity = match[1] !== undefined ? FIRST_PERSON_EN : (match[2] ?? "");
  return state.emit(entity, match[3] ?? "", match[4] ?? "");
};

const englishEvent: ClauseRule = ({ text, state }) => {
  const dates = findTypedValues(text).filter((value) => value.kind === "date");
  const date = dates[0];
  if (date === undefined) return false;
  const before = text.slice(0, date.start).trim();
  for (const [verb, attribute] of Object.entries(EN_EVENT_VERBS)) {
    const match = new RegExp(`^(.+?) ${verb}(?: on| by)?$`, "iu").exec(before);
    if (match !== null) return state.emit(match[1] ?? "", attribute, date.value);
  }
  const on = /^(.+?) (on|due|by)$/iu.exec(before);
  if (on !== null && on[1] !== undefined && !containsHangul(before)) {
    return state.emit(on[1], (on[2] ?? "").toLowerCase() === "on" ? "date" : "due date", date.value);
  }
  const move = new RegExp(`^(.+) (\\S+) (?:${EN_MOVE_VERBS.join("|")})(?: back)? (?:to|until)$`, "iu").exec(
    before,
  );
  if (move !== null) return state.emit(move[1] ?? "", `${move[2] ?? ""} date`, date.value);
  return false;
};

const englishAllergy: ClauseRule = ({ text, state }) => {
  const match = /^(?:(I)(?:'m| am)|(.+?) (?:is|are)) allergic to (.+)$/iu.exec(text);
  if (match === null) return false;
  return state.emit(match[1] !== undefined ? FIRST_PERSON_EN : (match[2] ?? ""), "allergy", match[3] ?? "");
};

/** "도현이 어머님 성함 정미숙" → (정미숙, 관계, 도현이 어머님); the named person becomes the topic. */
const nameIntro: ClauseRule = ({ tokens, state }) => {
  const at = tokens.findIndex((token, i) => i > 0 && NAME_INTRO_WORDS.has(token));
  const name = tokens[at + 1];
  if (at < 1 || name === undefined) return false;
  const emitted = state.emit(name, "관계", tokens.slice(0, at).join(" "));
  if (emitted) state.topic = name;
  return emitted;
};

/** "PM은 윤채원님이 맡음" → (윤채원, 역할, PM). */
const roleTaken: ClauseRule = ({ tokens, state }) => {
  const verbAt = tokens.findIndex((token, i) => i >= 2 && token.startsWith("맡"));
  if (verbAt < 2) return false;
  const person = tokens[verbAt - 1] ?? "";
  const role = tokens[verbAt - 2] ?? "";
  if (!endsWithTopicParticle(role) || stripParticle(person, ["이", "가"]) === person) return false;
  return state.emit(person, "역할", stripParticle(role, ["은", "는"]));
};

/** "(나) 복숭아 알레르기 있음" → (나, 알레르기, 복숭아). */
const koreanAllergy: ClauseRule = ({ tokens, state }) => {
  const at = tokens.findIndex((token, i) => i > 0 && token.startsWith("알레르기"));
  if (at < 1) return false;
  const subject = tokens[at - 2];
  const entity = subject !== undefined && isNameLike(subject) ? subject : (state.topic ?? FIRST_PERSON_KO);
  return state.emit(entity, "알레르기", tokens[at - 1] ?? "");
};

/** "X의 Y는 Z", "내 Y는 Z". */
const koreanPossessive: ClauseRule = ({ tokens, state }) => {
  const first = tokens[0] ?? "";
  let entity: string;
  if (MY_WORDS.has(first)) entity = FIRST_PERSON_KO;
  else if (
    first.endsWith("의") &&
    first.length > 2 &&
    !NOUNS_ENDING_IN_UI.some((noun) => first.endsWith(noun))
  ) {
    entity = first.slice(0, -1);
  } else return false;
  const attrEnd = tokens.findIndex((token, i) => i >= 1 && stripParticle(token) !== token);
  if (attrEnd < 1 || attrEnd >= tokens.length - 1) return false;
  const attribute = [...tokens.slice(1, attrEnd), stripParticle(tokens[attrEnd] ?? "")].join(" ");
  return state.emit(entity, attribute, tokens.slice(attrEnd + 1).join(" "));
};

/** Typed values (phone, date, time, age, weight, address) with the words before them. */
const typedValues: ClauseRule = (clause) => {
  let emitted = false;
  let cursor = 0;
  for (const value of findTypedValues(clause.text)) {
    const between = clause.text.slice(cursor, value.start);
    let words = between.trim().length === 0 ? [] : between.trim().split(" ");
    // "3월 2일인데 …": right after a value, the first word is the tail of that value's word.
    if (cursor > 0 && !/^\s/u.test(between)) words = words.slice(1);
    cursor = value.end;
    const pre = words.filter((token) => !FILLER_WORDS.has(foldText(stripParticle(token))));
    if (typedFact({ clause, pre, value })) emitted = true;
  }
  return emitted;
};

/** "하준이 태권도 한얼태권도로 옮겼어요" → (하준, 태권도, 한얼태권도); the new place becomes the topic. */
const changedTo: ClauseRule = ({ tokens, state }) => {
  const verbAt = tokens.findIndex((token, i) => i >= 2 && CHANGE_VERB_RE.test(token));
  if (verbAt < 2) return false;
  const rawValue = tokens[verbAt - 1] ?? "";
  const value = rawValue.replace(/(?:으로|로)$/u, "");
  if (value === rawValue || value.length === 0) return false;
  const attribute = tokens[verbAt - 2] ?? "";
  // "판교에서 광교로": a place it moved from, not an attribute.
  if (/(?:에서|부터|에게|한테)$/u.test(attribute) || !isNameLike(attribute)) return false;
  const subject = verbAt >= 3 ? tokens[verbAt - 3] : state.topic;
  if (subject === undefined || !isNameLike(subject)) return false;
  const emitted = state.emit(subject, attribute, value);
  if (emitted && isNameLike(value)) state.topic = value;
  return emitted;
};

/** "원장님 최윤호" after a business: (business, 원장, 최윤호). */
const titleThenName: ClauseRule = ({ tokens, state }) => {
  if (tokens.length !== 2 || state.topic === undefined) return false;
  const title = (tokens[0] ?? "").replace(/님$/u, "");
  const name = tokens[1] ?? "";
  if (!TITLE_WORDS.has(title) || !isKoreanPersonName(name)) return false;
  return state.emit(state.topic, title, name);
};

/** "나 페스코 베지테리언임" → (나, 특징, 페스코 베지테리언). */
const firstPersonIdentity: ClauseRule = ({ tokens, state }) => {
  if (!I_WORDS.has(tokens[0] ?? "") || tokens.length < 2 || tokens.length > 4) return false;
  if (!COPULA_END_RE.test(tokens[tokens.length - 1] ?? "")) return false;
  return state.emit(FIRST_PERSON_KO, "특징", tokens.slice(1).join(" "));
};

/** "하준이 담임은 이정화 선생님" → (하준, 담임, 이정화 선생님). */
const entityAttributeIsValue: ClauseRule = ({ tokens, state }) => {
  if (tokens.length < 3 || tokens.length > 2 + MAX_GENERIC_VALUE_WORDS) return false;
  const [entity = "", attribute = ""] = tokens;
  if (!isNameLike(entity) || !endsWithTopicParticle(attribute)) return false;
  const attributeStem = stripParticle(attribute, ["은", "는"]);
  // "같은", "좋은" are adjectives, not attributes: an attribute noun has at least two characters.
  if ([...attributeStem].length < MIN_ATTRIBUTE_CHARS) return false;
  const lastWord = tokens[tokens.length - 1] ?? "";
  if (!isNameLike(lastWord) || /(?:라|고|서|며|면)$/u.test(lastWord)) return false;
  return state.emit(entity, attributeStem, tokens.slice(2).join(" "));
};

/** The rules in the order they are tried; specific shapes first, the generic one last. */
export const CLAUSE_RULES: readonly ClauseRule[] = [
  englishPossessive,
  englishEvent,
  englishAllergy,
  nameIntro,
  roleTaken,
  koreanAllergy,
  koreanPossessive,
  typedValues,
  changedTo,
  titleThenName,
  firstPersonIdentity,
  entityAttributeIsValue,
];
