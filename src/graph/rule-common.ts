/** Types and word tests shared by the rule-extractor modules. */
import { containsHangul, hasBatchim, isHangulSyllable, lastChar } from "./hangul.js";
import { foldText } from "./normalize.js";
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

/** Removes a particle from the end of `word` when it fits (은/이 after a final consonant, 는/가 after a vowel). */
export function stripTopicParticle(
  word: string,
  particles: readonly string[] = ["은", "는", "이", "가"],
): string {
  for (const particle of particles) {
    if (!word.endsWith(particle) || word.length <= particle.length) continue;
    const stem = word.slice(0, -particle.length);
    const last = lastChar(stem);
    if (!isHangulSyllable(last)) return stem;
    const afterConsonant = particle === "은" || particle === "이" || particle === "을" || particle === "으로";
    if (hasBatchim(last) === afterConsonant) return stem;
  }
  return word;
}

/** Kinship word check used by the typed rules ("동생 다인이", "지호 어머님"). */
export function isKinship(word: string): boolean {
  return KINSHIP_WORDS.has(word);
}
