/**
 * A note that names an attribute and its value side by side with no particle or verb, as people type
 * short notes: "내 혈액형 B형", "아빠 고향 대구", "헬스장 사물함 번호 40", "회원번호 2231". The
 * grammar alone (an owner word, an attribute noun, a value) says the fact; the rules with particles
 * (rule-korean.ts `attributeIsValue`) read the same notes written out in full.
 */
import { stripCopula, stripParticle, TOPIC_SUBJECT_PARTICLES } from "../text/korean.js";
import {
  isFullKoreanName,
  isKinship,
  isNameLike,
  topicHasFacts,
  type ClauseRule,
  type ExtractionState,
} from "./rule-common.js";
import { isFirstPersonPossessive, isAttributePhrase } from "./rule-subject.js";
import { FIRST_PERSON_KO } from "./normalize.js";
import { words } from "../text/word-list.js";
import { COMMON_ATTRIBUTE_WORDS } from "./words/attributes.js";
import { valueChangedTo } from "./words/value-words.js";
import { namesAThing } from "./content-words.js";

/** The noun of "a number that names one thing of many" (사물함 번호, 회원번호), glued or apart. */
const NUMBER_NOUN = "번호";
/** Nouns of one numbered place of many, written apart: "주차 자리 B2-17", "기차 좌석 14". */
const NUMBERED_PLACE_NOUNS: ReadonlySet<string> = new Set(words("자리 좌석 칸 slot"));
/** Nouns whose 번호 is a phone number or a plate: typed values of their own (rule-typed.ts). */
const TYPED_NUMBER_OWNERS: ReadonlySet<string> = new Set(words("폰 핸드폰 휴대폰 전화 집 차 차량 내선"));
/** Words between the attribute and a number that only say it is the current one ("이제", "→"). */
const NOW_WORDS: ReadonlySet<string> = new Set(["이제", "now", "→", "->"]);
/**
 * A number-like value: letters (at most three) and digits, dashes inside, an optional 번 counter
 * ("B-117", "40", "C12", "112번"). Anchored, one quantifier per class: linear.
 */
const NUMBER_VALUE_RE = /^[A-Za-z]{0,3}-?\d[\dA-Za-z-]{0,11}(?:번)?$/u;
/** 우리, 저희: "our", the speaker's as much as 내 is. */
const OUR_WORDS: ReadonlySet<string> = new Set(words("우리 저희"));
/** A digit or a Latin letter: a value's mark (B형, 270, K5, INTJ). */
const VALUE_MARK_RE = /[\dA-Za-z]/u;
/** Attributes whose value is a place's name, whatever its letters. */
const PLACE_VALUED_ATTRIBUTES: ReadonlySet<string> = new Set(words("고향"));

/** Most words before the attribute that may say whose it is or where ("우리 헬스장 사물함 번호 40"). */
const MAX_OWNER_WORDS = 2;

/**
 * "X 번호 N", "X번호 N", "X 자리 N" (N number-like and the last word, after "이제"/"now", or before a
 * verb of change with (으)로: "주차 자리 B3-02로 옮김"): the number of a thing of the speaker's
 * ("헬스장 사물함 번호 40" → (나, 사물함 번호, 40)), of a person named first ("엄마 사물함 번호 …"), or
 * of the topic told about before ("…필라테스 …, 회원번호 2231"). Before changed-to (rule-korean.ts),
 * which would read "사물함 번호 12로 바뀜" as 사물함's phone number.
 */
export const numberedThing: ClauseRule = ({ tokens, state }) => {
  const at = tokens.findIndex(
    (token) => numberedHead(stripParticle(token, TOPIC_SUBJECT_PARTICLES)) !== undefined,
  );
  if (at < 0) return countedNumberChanged(tokens, state);
  const value = numberAfter(tokens.slice(at + 1).filter((token) => !NOW_WORDS.has(token.toLowerCase())));
  if (value === undefined) return false;
  const word = stripParticle(tokens[at] ?? "", TOPIC_SUBJECT_PARTICLES);
  const head = numberedHead(word) ?? "";
  const glued = word !== head;
  const thing = glued ? word.slice(0, -head.length) : (tokens[at - 1] ?? "");
  if (thing.length === 0 || TYPED_NUMBER_OWNERS.has(thing.toLowerCase()) || !isAttributePhrase([thing]))
    return false;
  const owners = tokens.slice(0, glued ? at : at - 1);
  if (owners.length > MAX_OWNER_WORDS) return false;
  const entity = ownerOf(owners, state);
  return entity !== undefined && state.emit(entity, glued ? word : `${thing} ${head}`, value);
};

/** A number that names one of many rather than counts times: two digits at least, or a letter (B12번). */
const NUMBER_NOT_COUNT_RE = /^(?:[A-Za-z]|\d\d)/u;
/** Words of a period before a count ("주 3번", "하루 2번"): the 번 after them counts times, not a number. */
const PERIOD_WORDS: ReadonlySet<string> = new Set(
  words("주 매주 하루 매일 일주일 일주일에 한달 한달에 달 월 년 일"),
);

/**
 * "사물함 이제 305번", "헬스장 사물함 305번으로 바뀜": a thing, then its new number with the 번 counter
 * after "이제" or before a verb of change — the thing's number, as "사물함 번호 305번" says it. Only a
 * change, and a number of two digits or with a letter: "N번" may count times ("운동 이제 3번").
 */
function countedNumberChanged(tokens: readonly string[], state: ExtractionState): boolean {
  const nowAt = tokens.findIndex((token) => NOW_WORDS.has(token.toLowerCase()));
  const rest = tokens.filter((token) => !NOW_WORDS.has(token.toLowerCase()));
  const numberAt = rest.findIndex((token, i) => i > 0 && /\d/u.test(token));
  if (numberAt < 0) return false;
  const after = rest.slice(numberAt);
  if (after.length === 1 && nowAt < 0) return false;
  const value = numberAfter(after);
  if (value === undefined || !value.endsWith("번") || !NUMBER_NOT_COUNT_RE.test(value)) return false;
  const thing = stripParticle(rest[numberAt - 1] ?? "", TOPIC_SUBJECT_PARTICLES);
  if (PERIOD_WORDS.has(thing) || TYPED_NUMBER_OWNERS.has(thing.toLowerCase()) || !isAttributePhrase([thing]))
    return false;
  const owners = rest.slice(0, numberAt - 1);
  if (owners.length > MAX_OWNER_WORDS) return false;
  const entity = changedNumberOwner(owners);
  return entity !== undefined && state.emit(entity, `${thing} ${NUMBER_NOUN}`, value);
}

/**
 * Whose a changed number is, by the words before the thing: none, a first-person possessive or a
 * place the lexicon knows ("헬스장 사물함 …") say the speaker's; a kinship word or any other one word
 * names the owner ("엄마 사물함 …", "민수 락커 …" is 민수's locker). Unlike {@link ownerOf}, no
 * topic: the change is a note of its own.
 */
function changedNumberOwner(owners: readonly string[]): string | undefined {
  const [first] = owners;
  if (first === undefined || isFirstPersonPossessive(first) || OUR_WORDS.has(first)) return FIRST_PERSON_KO;
  if (owners.length > 1 || !isNameLike(first)) return undefined;
  if (isKinship(first) || isFullKoreanName(first)) return first;
  return namesAThing(`ko:${first}`) ? FIRST_PERSON_KO : first;
}

/** The head noun `word` is or ends in (회원번호 → 번호); a head that is no number's is whole words only. */
function numberedHead(word: string): string | undefined {
  if (word.endsWith(NUMBER_NOUN)) return NUMBER_NOUN;
  return NUMBERED_PLACE_NOUNS.has(word) ? word : undefined;
}

/** The number the words after the attribute give: it alone, or it with (으)로 and a verb of change. */
function numberAfter(rest: readonly string[]): string | undefined {
  const [first = "", verb] = rest;
  if (rest.length > 2) return undefined;
  const value = verb === undefined ? stripCopula(first) : valueChangedTo(first, verb);
  return value !== undefined && NUMBER_VALUE_RE.test(value) ? value : undefined;
}

/**
 * "내 혈액형 B형", "아빠 고향 대구": a first-person possessive or a kinship word, an everyday attribute noun,
 * one value word. The value holds a digit or a Latin letter (B형, 270, K5), or names a place (고향);
 * "아빠 병원 예약", "내 차 고장" are notes about something, not a value.
 */
export const ownedAttribute: ClauseRule = ({ tokens, state }) => {
  if (tokens.length !== 3) return false;
  const [owner = "", attribute = "", raw = ""] = tokens;
  const entity = isFirstPersonPossessive(owner) ? FIRST_PERSON_KO : isKinship(owner) ? owner : undefined;
  const value = stripCopula(raw);
  if (entity === undefined || !COMMON_ATTRIBUTE_WORDS.has(attribute)) return false;
  if (!isNameLike(value) && !NUMBER_VALUE_RE.test(value)) return false;
  if (!VALUE_MARK_RE.test(value) && !PLACE_VALUED_ATTRIBUTES.has(attribute)) return false;
  return state.emit(entity, attribute, value);
};

/**
 * Whose a numbered thing is, by the words before it: a first-person possessive says the speaker's, a
 * person or kin named first theirs; else the topic the text told facts about, else the speaker's (a
 * place before it, "헬스장", says where the thing is, not whose).
 */
function ownerOf(owners: readonly string[], state: ExtractionState): string | undefined {
  const [first] = owners;
  if (first !== undefined && (isFirstPersonPossessive(first) || OUR_WORDS.has(first))) return FIRST_PERSON_KO;
  if (first !== undefined && !isNameLike(first)) return undefined;
  if (first !== undefined && (isKinship(first) || isFullKoreanName(first))) return first;
  if (owners.length === 0 && topicHasFacts(state)) return state.topic;
  return FIRST_PERSON_KO;
}
