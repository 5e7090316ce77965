/**
 * What a copula clause says of its subject, by the shape of the predicate: "Y 소속이에요" (소속), "프리랜서
 * 번역가야" (직업), "우리 팀 새 QA예요" (역할), "말티즈야" (품종), "3반이야" (반), "B형이야" (혈액형).
 */
import { COPULA_END_RE, foldText, stripCopula } from "../text/korean.js";
import { cleanValue } from "./normalize.js";
import {
  breedOf,
  hasSubjectParticle,
  hasTopicParticle,
  isKinship,
  isNameLike,
  isOrgUnit,
  isPredicate,
  knownNounKind,
  type ClauseContext,
} from "./rule-common.js";
import { ADVERBIAL_WORD_RE } from "./rule-patterns.js";
import { scheduleOf } from "./rule-schedule.js";
import { CONNECTIVE_COPULA_RE, isFirstPersonPossessive, MAX_VALUE_WORDS } from "./rule-subject.js";
import { ANIMAL_WORDS } from "./words/animals.js";
import { AFFILIATION_NOUNS } from "./words/attributes.js";
import { PLACE_NOUNS } from "./words/organisations.js";
import { OCCUPATION_HEADS, occupationAttribute, ROLE_HEADS, ROLE_WORDS } from "./words/people.js";
import { NUMBERED_UNIT_NOUNS } from "./words/units.js";

/** "우리 팀 새 PM": words before a role that say whose team it is. */
export const TEAM_WORDS = new Set([
  "우리",
  "팀",
  "우리팀",
  "회사",
  "새",
  "신규",
  "이번",
  "저희",
  "저희팀",
  "반",
  "우리반",
  "학교",
  "가게",
  "동아리",
  "모임",
  "부서",
]);
/** The end of a value that says where: a floor, a unit, a building, a station, a neighbourhood, a road. */
const PLACE_VALUE_END_RE = /(?:\d층|\d호|타워|빌딩|센터|상가|건물|역|동|로|길|앞|옆|근처|사거리|단지)$/u;
/** Blood types ("B형", "AB형"). */
const BLOOD_TYPE_RE = /^(?:A|B|O|AB)형$/iu;
/** Latin role acronyms ("PM", "PO", "CTO", "TL"). */
const ROLE_ACRONYM_RE = /^[A-Z]{2,4}$/u;
/** An MBTI type ("ENFP"): checked before the role acronyms it looks like. */
const MBTI_RE = /^[EI][NS][TF][JP]$/u;
/** Diets ("락토 채식주의자", "비건"). */
const DIET_RE = /(?:베지테리언|비건|채식주의자|채식|vegan|vegetarian)$/iu;
/** A number (with a letter) and a unit noun in one word: "52병동", "3반". */
const NUMBERED_UNIT_RE = new RegExp(`^(\\d{1,4}[A-Z]?)(${NUMBERED_UNIT_NOUNS.join("|")})$`, "u");

/** What a copula sentence says of `entity`: "Y 소속이에요", "프리랜서 번역가야", "우리 팀 새 QA예요". */
export function predicateOf(entity: string, allWords: readonly string[], clause: ClauseContext): boolean {
  const { state } = clause;
  // "5A 병동 새 charge nurse예요", "3반이야": a numbered unit first is a fact of its own.
  // "반은 3반": the subject is the unit's own noun, so this is "attribute is value", not a fact of 반.
  const found = leadingUnit(allWords);
  const unit = found !== undefined && foldText(entity) !== found.noun ? found : undefined;
  if (found !== undefined && unit === undefined) return false;
  const words = unit === undefined ? allWords : allWords.slice(unit.words);
  const unitEmitted = unit !== undefined && state.emit(entity, unit.noun, unit.value);
  return copulaPredicate(entity, words, clause) || unitEmitted;
}

function copulaPredicate(
  entity: string,
  words: readonly string[],
  { state, korean }: ClauseContext,
): boolean {
  const last = words[words.length - 1];
  if (last === undefined || words.length > MAX_VALUE_WORDS) return false;
  // "가윤이 직업은 약사예요" names an attribute: that is "X Y는 Z", not "X는 Z".
  if (words.slice(0, -1).some(hasTopicParticle)) return false;
  const closed = COPULA_END_RE.test(last) || CONNECTIVE_COPULA_RE.test(last);
  const noun = stripCopula(last.replace(CONNECTIVE_COPULA_RE, "")).replace(/(?:이|가)$/u, "");
  const before = words.slice(0, -1);
  if (AFFILIATION_NOUNS.has(noun) && isNounPhrase(before)) return affiliation(entity, noun, before, state);
  // "아내는 교사", "민지는 대학생": a short note may leave out the copula after a noun the rules know
  // the kind of (an occupation, a role, a relation, a breed, an animal).
  if (!closed && !(words.length === 1 && knownNounKind(last))) return false;
  const phrase = [...words.slice(0, -1), stripCopula(last).replace(/이?고$/u, "")].filter(
    (word) => word.length > 0,
  );
  const value = cleanValue(phrase.join(" "));
  if (value.length === 0) return false;
  const head = phrase[phrase.length - 1] ?? "";
  const withoutTeam = phrase.filter((word) => !TEAM_WORDS.has(word));
  const inTeam = withoutTeam.length < phrase.length;
  if (MBTI_RE.test(value)) return state.emit(entity, "MBTI", value);
  if (breedOf(value) !== undefined) return state.emit(entity, korean ? "품종" : "breed", value);
  if (withoutTeam.length === 1 && isRole(head)) return state.emit(entity, korean ? "역할" : "role", head);
  // "평일 오전 알바예요": a role held at certain times, and those times.
  const schedule = scheduleOf(withoutTeam.slice(0, -1));
  if (schedule !== undefined && isRole(head) && korean) {
    const emitted = state.emit(entity, "역할", head);
    return state.emit(entity, "근무 시간", schedule) || emitted;
  }
  const occupation = OCCUPATION_HEADS.some((job) => head.toLowerCase().endsWith(job));
  // "우리 팀 새 charge nurse예요": a new member's place in a team is a role, whatever the noun.
  if (inTeam && (occupation || isRole(head)) && withoutTeam.every(isNameLike))
    return state.emit(entity, korean ? "역할" : "role", withoutTeam.join(" "));
  if (occupation) return state.emit(entity, occupationAttribute(korean), value);
  const bare = withoutTeam.filter((word) => !isFirstPersonPossessive(word));
  if (bare.length === 1 && isKinship(head)) return state.emit(entity, korean ? "관계" : "relation", head);
  if (bare.length === 1 && ANIMAL_WORDS.has(head)) return state.emit(entity, korean ? "종" : "kind", head);
  if (BLOOD_TYPE_RE.test(value)) return state.emit(entity, "혈액형", value);
  // "우리 사무실은 역삼동 한빛빌딩 4층이다": where a place someone keeps is.
  if (PLACE_NOUNS.has(entity) && PLACE_VALUE_END_RE.test(value) && phrase.every((word) => !isPredicate(word)))
    return state.emit(entity, korean ? "위치" : "location", value);
  if (DIET_RE.test(value)) return state.emit(entity, "식단", value);
  return false;
}

/** A numbered unit and the noun that names its attribute. */
interface Unit {
  noun: string;
  value: string;
  /** How many words it spans. */
  words: number;
}

/** "52병동", "5A 병동", "3반이야" at the start of a predicate: (…, 병동, 5A 병동). */
export function leadingUnit(words: readonly string[]): Unit | undefined {
  const [first = "", second = ""] = words;
  const joined = NUMBERED_UNIT_RE.exec(stripCopula(first));
  if (joined !== null) return { noun: joined[2] ?? "", value: stripCopula(first), words: 1 };
  const bare = stripCopula(second);
  if (/^[\dA-Z]{1,5}$/u.test(first) && NUMBERED_UNIT_NOUNS.includes(bare))
    return { noun: bare, value: `${first} ${bare}`, words: 2 };
  return undefined;
}

/** Words that can stand before 소속/담당 as its value: bare nouns ending in a name-like one ("월요일 마감"). */
function isNounPhrase(words: readonly string[]): boolean {
  const last = words[words.length - 1];
  return (
    last !== undefined &&
    isNameLike(last) &&
    words.every(
      (word) =>
        !isPredicate(word) && !ADVERBIAL_WORD_RE.test(word) && !hasSubjectParticle(word) && word !== "안",
    )
  );
}

/**
 * "Y 소속이에요" → (X, 소속, Y); "다솜은행 여신심사팀 소속" → (X, 직장, 다솜은행) and (X, 소속, 여신심사팀):
 * an organisation named before its unit is where X works.
 */
function affiliation(
  entity: string,
  noun: string,
  words: readonly string[],
  state: ClauseContext["state"],
): boolean {
  const [org = "", ...units] = words;
  if (noun === "소속" && units.length > 0 && !isOrgUnit(org) && units.every(isOrgUnit)) {
    const emitted = state.emit(entity, "직장", org);
    return state.emit(entity, noun, units.join(" ")) || emitted;
  }
  return state.emit(entity, noun, words.join(" "));
}

/** A role in a team or a service: a Latin acronym ("PM"), a role word ("팀장") or head ("베이비시터"). */
export function isRole(word: string): boolean {
  const folded = foldText(word);
  // "부반장", "부팀장", "부총무": a deputy of a role holds a role too.
  const deputy = folded.startsWith("부") && ROLE_WORDS.has(folded.slice(1));
  return (
    ROLE_ACRONYM_RE.test(word) ||
    ROLE_WORDS.has(folded) ||
    deputy ||
    ROLE_HEADS.some((head) => folded.endsWith(head))
  );
}
