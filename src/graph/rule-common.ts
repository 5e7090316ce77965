/** Types and word tests shared by the rule-extractor modules. */
import { containsHangul, foldText, HANGUL_SYLLABLES } from "../text/korean.js";
import {
  ADVERBIAL_PARTICLE_RE,
  CONNECTIVE_ENDING_RE,
  FILLER_WORDS,
  KINSHIP_WORDS,
  NON_ENTITY_WORDS,
} from "./rule-patterns.js";

/** What the rules share while reading one text. */
export interface ExtractionState {
  /** The entity the text is about so far; facts without their own subject attach to it. */
  topic: string | undefined;
  triplets: { entity: string; attribute: string; value: string }[];
  /** Adds a fact (cleaned and de-duplicated); false when a field is empty after cleaning. */
  emit(entity: string, attribute: string, value: string): boolean;
}

/** One clause being read. */
export interface ClauseContext {
  text: string;
  tokens: string[];
  /** The clause has Hangul: attribute names are then Korean. */
  korean: boolean;
  state: ExtractionState;
}

/** A rule: emits facts and returns true when the clause matched. */
export type ClauseRule = (clause: ClauseContext) => boolean;

/** A token that could be an entity: has letters, is not an adverb/filler, is not a verb in a clause chain. */
export function isNameLike(token: string): boolean {
  if (!/\p{L}/u.test(token) || token.length > 30) return false;
  const folded = foldText(token);
  if (NON_ENTITY_WORDS.has(folded) || FILLER_WORDS.has(folded)) return false;
  if (!containsHangul(token)) return true;
  return !CONNECTIVE_ENDING_RE.test(token) && !ADVERBIAL_PARTICLE_RE.test(token);
}

/** The first word of a text when it can name the topic ("도현이 번호 바꿨대" → "도현이"). */
export function firstNameLikeToken(text: string): string | undefined {
  const first = text.split(/\s+/u).find((token) => token.length > 0);
  if (first === undefined) return undefined;
  const word = first.replace(/[.,!?:;()[\]"']+$/u, "");
  return isNameLike(word) ? word : undefined;
}

/** A Korean personal name: two to four Hangul syllables ("김태식", "다인"). */
const KOREAN_PERSON_NAME_RE = new RegExp(`^[${HANGUL_SYLLABLES}]{2,4}$`, "u");

/** True for a word shaped like a Korean personal name (two to four syllables, nothing else). */
export function isKoreanPersonName(word: string): boolean {
  return KOREAN_PERSON_NAME_RE.test(word);
}

/** Kinship word check used by the typed rules ("동생 다인이", "지호 어머님"). */
export function isKinship(word: string): boolean {
  return KINSHIP_WORDS.has(word);
}
