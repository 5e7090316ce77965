/**
 * Reading a Korean clause: its subject (X는, X가, "Maple 회의실은", 나), whose attribute it names (X의,
 * 내), and whether the words after it read as a value — the parts the clause rules are built from. A
 * subject is whatever stands in the subject slot: no name is looked up.
 */
import { COPULA_END_RE, foldText, stripCopula, stripParticle, TOPIC_PARTICLES } from "../text/korean.js";
import { cleanValue, entityDisplayName, FIRST_PERSON_KO, NOUNS_ENDING_IN_UI } from "./normalize.js";
import {
  breedOf,
  hasSubjectParticle,
  hasTopicParticle,
  isKinship,
  isNameLike,
  isOrgUnit,
  isPredicate,
  type ClauseContext,
} from "./rule-common.js";
import { ADVERBIAL_WORD_RE, CONNECTIVE_ENDING_RE } from "./rule-patterns.js";
import {
  AFFILIATION_NOUNS,
  ANIMAL_WORDS,
  OCCUPATION_HEADS,
  ROLE_WORDS,
  VALUE_LEADING_ADVERBS,
} from "./rule-words.js";

/** Most words of a subject ("Maple 회의실은", "노지훈 대리는"). */
export const MAX_SUBJECT_WORDS = 3;
/** Most words of an attribute phrase ("좋아하는 꽃은", "피아노 학원"). */
export const MAX_ATTRIBUTE_WORDS = 3;
/** Longest value of "X Y는 Z", in words. */
export const MAX_VALUE_WORDS = 5;
/**
 * Dependent nouns that open a clause, not a value ("거 6회", "거요", "게 좋아"), and the negations that open
 * a verb phrase ("안 먹어", "못 가").
 */
const DEPENDENT_NOUN_RE = /^(?:거|것|게|걸|데|수|때문|안|못)(?:요|야|예요|이에요)?$/u;
/** A predicate noun phrase closed by a copula or its connective form ("소방관이고", "포메라니안이고"). */
export const CONNECTIVE_COPULA_RE = /(?:이고|고)$/u;
/** "우리 팀 새 PM": words before a role that say whose team it is. */
export const TEAM_WORDS = new Set(["우리", "팀", "우리팀", "회사", "새", "신규", "이번", "저희", "저희팀"]);
/** Blood types ("B형", "AB형"). */
const BLOOD_TYPE_RE = /^(?:A|B|O|AB)형$/iu;
/** Latin role acronyms ("PM", "PO", "CTO", "TL"). */
const ROLE_ACRONYM_RE = /^[A-Z]{2,4}$/u;
/** An MBTI type ("ENFP"): checked before the role acronyms it looks like. */
const MBTI_RE = /^[EI][NS][TF][JP]$/u;
/** Diets ("페스코 베지테리언", "비건"). */
const DIET_RE = /(?:베지테리언|비건|채식주의자|채식|vegan|vegetarian)$/iu;

/** A subject: the words before and including the first one with a particle, and what follows. */
export interface Subject {
  entity: string;
  rest: string[];
}

/** The subject of a clause: up to three words, the last carrying 은/는/이/가 ("Maple 회의실은"). */
export function findSubject(tokens: readonly string[]): Subject | undefined {
  // "우리 회사는": whose it is says nothing about which one.
  const start = tokens[0] === "우리" ? 1 : 0;
  // "내 혈액형은 …", "또리의 품종은 …": an owner and an attribute, not a subject.
  const first = tokens[start] ?? "";
  if (isFirstPersonPossessive(first) || possessiveOwner(first) !== undefined) return undefined;
  const limit = Math.min(tokens.length - 1, start + MAX_SUBJECT_WORDS);
  for (let i = start; i < limit; i += 1) {
    const token = tokens[i] ?? "";
    if (!isNameLike(token) && !isFirstPersonSubject(token)) return undefined;
    if (hasSubjectParticle(token) || isFirstPersonSubject(token)) {
      // 은/는 go here ("형은" → 형); 이/가 go when the fact is stored (entityDisplayName), where a name
      // keeps two syllables ("솜이" stays, "승준이" → 승준).
      const words = [...tokens.slice(start, i), stripParticle(token, TOPIC_PARTICLES)];
      return { entity: words.join(" "), rest: tokens.slice(i + 1) };
    }
  }
  return undefined;
}

/** "나", "난", "나는", "저는": a first-person subject. */
export function isFirstPersonSubject(token: string): boolean {
  return entityDisplayName(token) === FIRST_PERSON_KO && !isFirstPersonPossessive(token);
}

/** "내 생일은", "나의 최애": a first-person possessive. */
export function isFirstPersonPossessive(token: string): boolean {
  return /^(?:내|제|나의|저의)$/u.test(token);
}

/** A value that reads as a noun phrase: short, not a verb, not an adverbial ("…로", "…에서"). */
export function valueWords(allWords: readonly string[]): string | undefined {
  // "무조건 빅퍼스 5A": an adverb before the value is not part of it.
  const skip = allWords.findIndex((word) => !VALUE_LEADING_ADVERBS.has(word));
  const words = skip < 0 ? [] : allWords.slice(skip);
  if (words.length === 0 || words.length > MAX_VALUE_WORDS) return undefined;
  const text = words.join(" ");
  const last = words[words.length - 1] ?? "";
  const closed = COPULA_END_RE.test(last);
  if (!closed && isPredicate(text)) return undefined;
  if (DEPENDENT_NOUN_RE.test(words[0] ?? "")) return undefined;
  const notNoun = (word: string, i: number): boolean =>
    ADVERBIAL_WORD_RE.test(i === words.length - 1 ? stripCopula(word) : word) ||
    (!(closed && i === words.length - 1) && CONNECTIVE_ENDING_RE.test(word)) ||
    (i < words.length - 1 && isPredicate(word));
  if (words.some(notNoun)) return undefined;
  const value = cleanValue(text);
  return value.length > 0 ? value : undefined;
}

/** What a copula sentence says of `entity`: "Y 소속이에요", "프리랜서 디자이너야", "우리 팀 새 PM이에요". */
export function predicateOf(
  entity: string,
  words: readonly string[],
  { state, korean }: ClauseContext,
): boolean {
  const last = words[words.length - 1];
  if (last === undefined || words.length > MAX_VALUE_WORDS) return false;
  // "태린이 직업은 간호사예요" names an attribute: that is "X Y는 Z", not "X는 Z".
  if (words.slice(0, -1).some(hasTopicParticle)) return false;
  const closed = COPULA_END_RE.test(last) || CONNECTIVE_COPULA_RE.test(last);
  const noun = stripCopula(last.replace(CONNECTIVE_COPULA_RE, "")).replace(/(?:이|가)$/u, "");
  const before = words.slice(0, -1);
  if (AFFILIATION_NOUNS.has(noun) && isNounPhrase(before)) return affiliation(entity, noun, before, state);
  if (!closed) return false;
  const phrase = [...words.slice(0, -1), stripCopula(last).replace(/이?고$/u, "")].filter(
    (word) => word.length > 0,
  );
  const value = cleanValue(phrase.join(" "));
  if (value.length === 0) return false;
  const head = phrase[phrase.length - 1] ?? "";
  const withoutTeam = phrase.filter((word) => !TEAM_WORDS.has(word));
  if (MBTI_RE.test(value)) return state.emit(entity, "MBTI", value);
  if (breedOf(value) !== undefined) return state.emit(entity, korean ? "품종" : "breed", value);
  if (withoutTeam.length === 1 && isRole(head)) return state.emit(entity, korean ? "역할" : "role", head);
  if (OCCUPATION_HEADS.some((job) => head.endsWith(job)))
    return state.emit(entity, korean ? "직업" : "job", value);
  const bare = withoutTeam.filter((word) => !isFirstPersonPossessive(word));
  if (bare.length === 1 && isKinship(head)) return state.emit(entity, korean ? "관계" : "relation", head);
  if (bare.length === 1 && ANIMAL_WORDS.has(head)) return state.emit(entity, korean ? "종" : "kind", head);
  if (BLOOD_TYPE_RE.test(value)) return state.emit(entity, "혈액형", value);
  if (DIET_RE.test(value)) return state.emit(entity, "식단", value);
  return false;
}

/** Words that can stand before 소속/담당 as its value: bare nouns ending in a name-like one ("주말 오픈"). */
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
 * "Y 소속이에요" → (X, 소속, Y); "누리대학교 학사지원팀 소속" → (X, 직장, 누리대학교) and (X, 소속, 학사지원팀):
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

/** A role in a team: a Latin acronym ("PM") or a role word ("팀장"). */
export function isRole(word: string): boolean {
  return ROLE_ACRONYM_RE.test(word) || ROLE_WORDS.has(foldText(word));
}

/** The entity a clause's first word names: "또리의" → 또리, "내" → 나, "엄마가" → 엄마, "하준이" → 하준이. */
export function entityOf(first: string): string | undefined {
  if (isFirstPersonPossessive(first)) return FIRST_PERSON_KO;
  const owner = possessiveOwner(first);
  if (owner !== undefined) return owner;
  return isNameLike(first) ? first : undefined;
}

/** "또리의" → 또리; undefined for a word that is no possessive ("회의"). */
function possessiveOwner(word: string): string | undefined {
  if (!word.endsWith("의") || word.length <= 2 || NOUNS_ENDING_IN_UI.some((noun) => word.endsWith(noun)))
    return undefined;
  return word.slice(0, -1);
}

/** Words that can name an attribute: nouns or modifiers, no numbers, no pronoun ("도현은 발리파 나는 …"). */
export function isAttributePhrase(words: readonly string[]): boolean {
  return words.every(
    (word) => isNameLike(word) && !/\d/u.test(word) && entityDisplayName(word) !== FIRST_PERSON_KO,
  );
}
