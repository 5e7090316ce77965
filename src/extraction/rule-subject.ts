/**
 * Reading a Korean clause: its subject (X는, X가, "Cedar 회의실은", 나), whose attribute it names (X의,
 * 내), and whether the words after it read as a value — the parts the clause rules are built from. A
 * subject is whatever stands in the subject slot: no name is looked up.
 */
import { COPULA_END_RE, stripCopula, stripParticle, TOPIC_PARTICLES } from "../text/korean.js";
import { cleanValue, endsInNounUi, entityDisplayName, FIRST_PERSON_KO } from "./normalize.js";
import { hasSubjectParticle, isKinship, isNameLike, isPredicate } from "./rule-common.js";
import { ADVERBIAL_WORD_RE, CONNECTIVE_ENDING_RE } from "./rule-patterns.js";
import { VALUE_LEADING_ADVERBS } from "./words/function-words.js";
import { isKoreanChangeWord } from "./words/value-words.js";

/** Most words of a subject ("Cedar 회의실은", "육재민 대리는"). */
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
/** Negation adverbs: a phrase with one is a verb phrase ("안 먹어", "기억이 안 나"). */
const NEGATION_RE = /^(?:안|못)$/u;
/** A predicate noun phrase closed by a copula or its connective form ("경찰관이고", "비글이고"). */
export const CONNECTIVE_COPULA_RE = /(?:이고|고)$/u;

/** A subject: the words before and including the first one with a particle, and what follows. */
export interface Subject {
  entity: string;
  rest: string[];
}

/** The subject of a clause: up to three words, the last carrying 은/는/이/가 ("Cedar 회의실은"). */
export function findSubject(tokens: readonly string[]): Subject | undefined {
  // "우리 회사는": whose it is says nothing about which one.
  const start = tokens[0] === "우리" ? 1 : 0;
  // "내 혈액형은 …", "뭉치의 품종은 …": an owner and an attribute, not a subject.
  const first = tokens[start] ?? "";
  if (isFirstPersonPossessive(first) || possessiveOwner(first) !== undefined) return undefined;
  const limit = Math.min(tokens.length - 1, start + MAX_SUBJECT_WORDS);
  for (let i = start; i < limit; i += 1) {
    const token = tokens[i] ?? "";
    if (!isNameLike(token) && !isFirstPersonSubject(token)) return undefined;
    if (hasSubjectParticle(token) || isFirstPersonSubject(token)) {
      // 은/는 go here ("형은" → 형); 이/가 go when the fact is stored (entityDisplayName), where a name
      // keeps two syllables ("별이" stays, "경준이" → 경준).
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

/** "우리", "저희": the speaker's household or group, before what is theirs ("우리 집", "저희 언니"). */
export function isFirstPersonPlural(token: string): boolean {
  return token === "우리" || token === "저희";
}

/** "우리 집", "저희 가게", "내 차": a word that makes what follows the speaker's (or their household's). */
export function isSpeakersOwnerWord(token: string): boolean {
  return isFirstPersonPlural(token) || isFirstPersonPossessive(token);
}

/**
 * Whether a word that ends in a bare 로, inside a value closed by a copula, is a place's name (을지로, 세종로
 * …, as a road is named) rather than the particle "to/by": a particle phrase wants a verb, and the value
 * ends in a noun. Not before a word of change ("3시로 변경이야"), and not after one syllable (걸로, 이걸로
 * end in 로 as a particle far more often than 종로 names a street).
 */
function isPlaceNameInRo(word: string, next: string | undefined): boolean {
  const stem = word.slice(0, -1);
  if (!word.endsWith("로") || stem.endsWith("으") || !/^[가-힣]{2,}$/u.test(stem)) return false;
  return next !== undefined && !isKoreanChangeWord(next);
}

/** A value that reads as a noun phrase: short, not a verb, not an adverbial ("…로", "…에서"). */
export function valueWords(allWords: readonly string[]): string | undefined {
  // "무조건 강남점 3층": an adverb before the value is not part of it.
  const skip = allWords.findIndex((word) => !VALUE_LEADING_ADVERBS.has(word));
  const words = skip < 0 ? [] : allWords.slice(skip);
  if (words.length === 0 || words.length > MAX_VALUE_WORDS) return undefined;
  const text = words.join(" ");
  const last = words[words.length - 1] ?? "";
  const closed = COPULA_END_RE.test(last);
  if (!closed && isPredicate(text)) return undefined;
  if (DEPENDENT_NOUN_RE.test(words[0] ?? "")) return undefined;
  // "기억이 안 나": a negation inside makes it a verb phrase.
  if (words.some((word) => NEGATION_RE.test(word))) return undefined;
  const notNoun = (word: string, i: number): boolean =>
    (ADVERBIAL_WORD_RE.test(i === words.length - 1 ? stripCopula(word) : word) &&
      !(closed && isPlaceNameInRo(word, words[i + 1]))) ||
    (!(closed && i === words.length - 1) && CONNECTIVE_ENDING_RE.test(word)) ||
    (i < words.length - 1 && isPredicate(word));
  if (words.some(notNoun)) return undefined;
  const value = cleanValue(text);
  return value.length > 0 ? value : undefined;
}

/** The entity a clause's first word names: "뭉치의" → 뭉치, "내" → 나, "엄마가" → 엄마, "로운이" → 로운이. */
export function entityOf(first: string): string | undefined {
  if (isFirstPersonPossessive(first)) return FIRST_PERSON_KO;
  const owner = possessiveOwner(first);
  if (owner !== undefined) return owner;
  return isNameLike(first) ? first : undefined;
}

/** "뭉치의" → 뭉치; undefined for a word that is no possessive ("회의"). */
function possessiveOwner(word: string): string | undefined {
  if (!word.endsWith("의") || word.length <= 2 || endsInNounUi(word)) return undefined;
  return word.slice(0, -1);
}

/** Words that can name an attribute: nouns or modifiers, no numbers, no pronoun ("시헌은 캠핑파 나는 …"). */
export function isAttributePhrase(words: readonly string[]): boolean {
  return words.every(
    (word) => isNameLike(word) && !/\d/u.test(word) && entityDisplayName(word) !== FIRST_PERSON_KO,
  );
}

/** Date nouns of a term or an obligation ("납부일", "갱신일", "기간", "deadline"): not 생일 or 날짜. */
const TERM_DATE_NOUN_RE = /^(?:[가-힣]{2,}일|기간|마감|기한|만기|deadline|due date)$/iu;

/**
 * How many of the words before "D는 <date>" name the entity. One, as a rule ("뭉치 생일은", "채아 하원
 * 시간"); but before a date noun of a term or an obligation, every word before it names the thing the date
 * belongs to ("자동차 보험 만기일은" → 자동차 보험, "Slack 유료 플랜 갱신일은" → Slack 유료 플랜) unless the
 * first word marks a person or a pet (로운이, 뭉치의, 엄마, 나).
 */
export function ownerLength(words: readonly string[]): number {
  const [first = ""] = words;
  const head = words[words.length - 1] ?? "";
  if (words.length < 3 || !TERM_DATE_NOUN_RE.test(head)) return 1;
  const marked =
    entityDisplayName(first) !== first ||
    isKinship(first) ||
    isFirstPersonPossessive(first) ||
    first.endsWith("의");
  return marked || !words.slice(0, -1).every(isNameLike) ? 1 : words.length - 1;
}
