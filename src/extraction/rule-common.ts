/** Types and word tests shared by the rule-extractor modules. */
import type { TypedValue } from "./rule-typed.js";
import {
  containsHangul,
  foldText,
  HANGUL_SYLLABLES,
  stripCopula,
  stripParticle,
  TOPIC_PARTICLES,
  TOPIC_SUBJECT_PARTICLES,
} from "../text/korean.js";
import {
  ADVERBIAL_PARTICLE_RE,
  CONNECTIVE_ENDING_RE,
  MODIFIER_END_RE,
  PREDICATE_END_RE,
} from "./rule-patterns.js";
import { ENGLISH_FIRST_PERSON, entityDisplayName, isHonorificWord } from "./normalize.js";
import { ANIMAL_WORDS, BREED_WORDS } from "./words/animals.js";
import { FILLER_WORDS, NON_ENTITY_WORDS, STATUS_WORDS } from "./words/function-words.js";
import { KINSHIP_WORDS } from "./words/kinship.js";
import { ENGLISH_PLACE_HEADS, ORG_UNIT_SUFFIXES } from "./words/organisations.js";
import { SAME_THING_GROUPS } from "./words/same-thing.js";
import { CHANGE_EVENT_NOUNS, ENGLISH_TIME_WORDS, isKoreanChangeWord } from "./words/value-words.js";
import { KOREAN_SURNAMES, OCCUPATION_HEADS, ROLE_HEADS, ROLE_WORDS, TITLE_WORDS } from "./words/people.js";
import { inSet, trimEndWhile, trimStartWhile } from "../text/trim.js";
import { isEnglishStopWord } from "../text/english.js";

/** What the rules share while reading one text. */
export interface ExtractionState {
  /** The entity the text is about so far; facts without their own subject attach to it. */
  topic: string | undefined;
  /** The line (then the sentence) being read has Hangul: its attributes are named in Korean. */
  korean: boolean;
  /** The activity the line's header names ("과외: …"); a bare 날짜/일시/시간 of the line is its. */
  activity: string | undefined;
  triplets: { entity: string; attribute: string; value: string }[];
  /** The list the sentence is naming ("심사위원 곽민재, 표성진, …"); cleared at each sentence. */
  list: { entity: string; attribute: string } | undefined;
  /**
   * An event whose place may follow its date ("결혼식 9월 12일 … 청주 라벨라홀", "회의는 11월 24일,
   * 별관 세미나실에서 해요"); per sentence. `bare`: a bare place may follow (a life event, or a date with a
   * clock time); otherwise only "Y에서 해요" says it is the event's place.
   */
  eventPlace: { entity: string; attribute: string; bare: boolean } | undefined;
  /** Who moved home, said with no place yet ("이사했어!"): the next clause may say where to. */
  movedHome: string | undefined;
  /** Adds a fact (cleaned and de-duplicated); false when a field is empty after cleaning. */
  emit(entity: string, attribute: string, value: string): boolean;
}

/** One clause being read. */
export interface ClauseContext {
  text: string;
  tokens: string[];
  /** The typed values of `text` (phone numbers, dates …), found once per clause. */
  typed: readonly TypedValue[];
  /** The clause has Hangul: attribute names are then Korean. */
  korean: boolean;
  /** An earlier part of the same clause named the subject ("두리는 비숑이고 | 네 살이에요"). */
  continued?: boolean;
  state: ExtractionState;
}

/** A rule: emits facts and returns true when the clause matched. */
export type ClauseRule = (clause: ClauseContext) => boolean;

/** "6월", "1분기": a word that starts with a number is a date or a count, never an entity. */
export const STARTS_WITH_DIGIT_RE = /^\d/u;
/** Longest word that can be (part of) an entity name. */
const MAX_NAME_CHARS = 30;
/** A Korean personal name: two to four Hangul syllables ("편상훈", "수은"). */
const KOREAN_PERSON_NAME_RE = new RegExp(`^[${HANGUL_SYLLABLES}]{2,4}$`, "u");
/** A Latin personal name: capitalised words ("Ella Park", "Dr. Rao"). */
const LATIN_PERSON_NAME_RE = /^(?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,2}$/u;

/** A token that could be an entity: has letters, is not an adverb/filler, is not a verb in a clause chain. */
export function isNameLike(token: string): boolean {
  if (token.length > MAX_NAME_CHARS || !/\p{L}/u.test(token)) return false;
  // Tokens are NFC and single words already: lower-casing is all the folding they need.
  const folded = token.toLowerCase();
  if (NON_ENTITY_WORDS.has(folded) || FILLER_WORDS.has(folded)) return false;
  if (!containsHangul(token)) return !isEnglishFunctionWord(token);
  return !CONNECTIVE_ENDING_RE.test(token) && !ADVERBIAL_PARTICLE_RE.test(token) && !isPredicate(token);
}

/**
 * An English function word written in lower case ("the", "is", "was", "with"): never a name, as "the
 * plate number is …" names no owner. The speaker's own words (I, my) are names of the speaker; a
 * capitalised one may be a name ("Will").
 */
function isEnglishFunctionWord(token: string): boolean {
  return token === token.toLowerCase() && isEnglishStopWord(token) && !ENGLISH_FIRST_PERSON.has(token);
}

/** An English title, with or without its dot, and a capitalised name after it: "Dr. Park", "Ms Lee". */
const TITLED_NAME_RE = /^\s*((?:Dr|Mr|Mrs|Ms|Prof)\.? \p{Lu}\p{Ll}+)(?![\p{L}])/u;

/** The first word of a text when it can name the topic ("가온이 번호 바꿨대" → "가온이"). */
export function firstNameLikeToken(text: string): string | undefined {
  // "Dr. Park moved …": a title and the name after it are one name.
  const titled = TITLED_NAME_RE.exec(text)?.[1];
  if (titled !== undefined) return titled;
  const first = text.split(/\s+/u).find((token) => token.length > 0);
  if (first === undefined) return undefined;
  const word = trimEndWhile(first, inSet(`.,!?:;()[]"'`));
  return isNameLike(word) && !STARTS_WITH_DIGIT_RE.test(word) ? word : undefined;
}

/**
 * True for a word shaped like a Korean personal name: two to four syllables, and not an adverb ("우리"), a
 * verb ("구했어"), or a word for a job, a title or a relation ("간호사", "부장", "동생").
 */
export function isKoreanPersonName(word: string): boolean {
  if (!KOREAN_PERSON_NAME_RE.test(word) || NON_ENTITY_WORDS.has(word) || FILLER_WORDS.has(word)) return false;
  if (isLexiconNoun(word) || STATUS_WORDS.has(word)) return false;
  const bare = word.replace(/님$/u, "");
  return (
    !isPredicate(word) &&
    !TITLE_WORDS.has(bare) &&
    !ROLE_WORDS.has(bare) &&
    !ROLE_HEADS.some((head) => bare.endsWith(head)) &&
    !OCCUPATION_HEADS.includes(word) &&
    !KINSHIP_WORDS.has(word)
  );
}

/** "탁윤희", "목서현": a name of three syllables that starts with a common surname (a full name). */
export function isFullKoreanName(word: string): boolean {
  return (
    [...word].length === 3 &&
    KOREAN_SURNAMES.has(word.charAt(0)) &&
    isKoreanPersonName(word) &&
    !/[다요음함]$/u.test(word)
  );
}

/** True for a person's name in either script: "구하영", "구하영님", "Ella Park". */
export function isPersonName(words: string): boolean {
  const bare = words.replace(/(?:님|씨)$/u, "");
  return isKoreanPersonName(bare) || LATIN_PERSON_NAME_RE.test(bare);
}

/** Korean courtesy words written after a name, glued or apart ("가온쌤", "편도윤 씨", "모하진 선생님"), 님 read off first. */
const AFTER_NAME_COURTESIES: readonly string[] = ["쌤", "샘", "선생", "씨"];
/** A capitalised Latin word as a name's part ("Ilse", "O'Neil"). */
const LATIN_NAME_PART_RE = /^\p{Lu}\p{Ll}[\p{L}'-]*$/u;
const trimName = (token: string): string => trimStartWhile(trimEndWhile(token, notNamePart), notNamePart);
const notNamePart = (c: string): boolean => !/[\p{L}\p{N}]/u.test(c);

/**
 * The people a text names: a Korean name with a courtesy or a job title after it, glued or apart
 * ("가온쌤", "편도윤 씨가", "진태서 주무관"), and two capitalised Latin words, lower-cased, that are
 * neither function words nor words of time, the second no place's ("Ilse Brandt"; "Since June",
 * "Lakeview Park" are none). A title alone ("원장님") names no one, nor does a bare word of a name's
 * shape: too many words are (a surname syllable and two more: "지키기"). One pass over the words:
 * linear in the text.
 */
export function personNamesIn(text: string): string[] {
  const tokens = text.normalize("NFC").split(/\s+/u).map(trimName);
  const out = new Set<string>();
  // "모하진님이" → 모하진: the particle, then the courtesy 님.
  const bareOf = (token: string): string => stripParticle(token, PERSON_PARTICLES).replace(/님$/u, "");
  tokens.forEach((token, i) => {
    if (containsHangul(token)) {
      const bare = bareOf(token);
      const unparticled = stripParticle(token, PERSON_PARTICLES);
      const glued =
        unparticled.length > bare.length
          ? "님"
          : AFTER_NAME_COURTESIES.find((courtesy) => bare.endsWith(courtesy));
      const stem = glued === undefined ? undefined : glued === "님" ? bare : bare.slice(0, -glued.length);
      if (stem !== undefined) {
        if (isKoreanPersonName(stem) && !isKinship(stem) && !isHonorificWord(stem)) out.add(stem);
      } else if (isKoreanPersonName(bare) && !isKinship(bare)) {
        const next = bareOf(tokens[i + 1] ?? "");
        if (AFTER_NAME_COURTESIES.includes(next) || TITLE_WORDS.has(next)) out.add(bare);
      }
      return;
    }
    const next = tokens[i + 1] ?? "";
    const place = ENGLISH_PLACE_HEADS.has(next.toLowerCase());
    if (isLatinNamePart(token) && isLatinNamePart(next) && !place) out.add(`${token} ${next}`.toLowerCase());
  });
  return [...out];
}

/** The particles that may follow a person's name in a note ("진태서가", "편도윤 씨가", "쌤한테"). */
const PERSON_PARTICLES: readonly string[] = [
  ...TOPIC_SUBJECT_PARTICLES,
  "한테",
  "에게",
  "께서",
  "께",
  "이랑",
  "랑",
  "도",
];

function isLatinNamePart(word: string): boolean {
  const folded = word.toLowerCase();
  return LATIN_NAME_PART_RE.test(word) && !isEnglishStopWord(folded) && !ENGLISH_TIME_WORDS.has(folded);
}

/** Kinship word check ("동생 수은이", "선호 어머님", "my sister"). */
export function isKinship(word: string): boolean {
  return KINSHIP_WORDS.has(foldText(word));
}

/**
 * True when a clause or word ends in a verb or adjective ending ("있어", "했음", "챙기는 중"). A noun of
 * the lexicon (words/same-thing.ts) is none, whatever it ends in: 사물함, 우편함 end like 함 "did".
 */
export function isPredicate(text: string): boolean {
  if (!PREDICATE_END_RE.test(text)) return false;
  return !isLexiconNoun(text.slice(text.lastIndexOf(" ") + 1));
}

/** Whether `word` is a Korean noun of the lexicon (words/same-thing.ts): a thing, whatever it ends in. */
export function isLexiconNoun(word: string): boolean {
  return LEXICON_KOREAN_NOUNS.has(word);
}

/** The Korean nouns of the lexicon (words/same-thing.ts): things, never a verb or a person's name. */
const LEXICON_KOREAN_NOUNS: ReadonlySet<string> = new Set(
  SAME_THING_GROUPS.flat().filter((word) => containsHangul(word)),
);

/** The breed a word names ("토이푸들", "말티즈고", "진돗개 믹스" → itself without the ending), if any. */
export function breedOf(word: string): string | undefined {
  const bare = stripCopula(word.replace(/(?:이고|고)$/u, ""));
  const head =
    bare
      .split(" ")
      .filter((part) => part !== "믹스")
      .pop() ?? "";
  return BREED_WORDS.some((breed) => head.endsWith(breed)) ? bare : undefined;
}

/** A noun the rules know the kind of: a breed, an occupation, a role, a relation or an animal. */
export function knownNounKind(word: string): boolean {
  const folded = foldText(word);
  return (
    breedOf(word) !== undefined ||
    OCCUPATION_HEADS.some((job) => folded.endsWith(job)) ||
    ROLE_WORDS.has(folded) ||
    ROLE_HEADS.some((head) => folded.endsWith(head)) ||
    KINSHIP_WORDS.has(folded) ||
    ANIMAL_WORDS.has(folded)
  );
}

/** True when `word` carries a topic particle (은/는) that fits the syllable before it. */
export function hasTopicParticle(word: string): boolean {
  return stripParticle(word, TOPIC_PARTICLES) !== word && !MODIFIER_END_RE.test(word);
}

/** True when `word` carries a topic or subject particle (은/는/이/가) that fits the syllable before it. */
export function hasSubjectParticle(word: string): boolean {
  return stripParticle(word, TOPIC_SUBJECT_PARTICLES) !== word;
}

/** "여신심사팀", "재무팀", "총무부": a unit of an organisation, by its ending. */
export function isOrgUnit(word: string): boolean {
  return (
    isNameLike(word) &&
    !hasSubjectParticle(word) &&
    !/\d/u.test(word) &&
    ORG_UNIT_SUFFIXES.some((suffix) => word.length > suffix.length && word.endsWith(suffix))
  );
}

/**
 * The text's topic as the owner of an address or a number, or undefined: not a change ("이사 완료! 새
 * 주소 …", "이사했어": a move has a date, but the address is the mover's).
 */
export function topicAsOwner(state: ExtractionState): string | undefined {
  const { topic } = state;
  if (topic === undefined) return undefined;
  const bare = stripParticle(topic, TOPIC_SUBJECT_PARTICLES);
  return CHANGE_EVENT_NOUNS.has(bare) || isKoreanChangeWord(bare) ? undefined : topic;
}

/** True when facts were already told about the text's topic (a sentence's first word alone is no topic). */
export function topicHasFacts(state: ExtractionState): boolean {
  if (state.topic === undefined) return false;
  const topic = foldText(entityDisplayName(state.topic));
  return state.triplets.some((triplet) => foldText(triplet.entity) === topic);
}
