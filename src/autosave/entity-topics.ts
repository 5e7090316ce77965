/**
 * Names the user has tied to a topic, learnt from the memories they keep: "우리 집 햄스터 꿀떡" makes 꿀떡
 * a pet, "남친 기태준" makes 기태준 (and 태준) family, "My cat Nacho" makes Nacho a pet. Later messages
 * that name them ("꿀떡 몸무게 53g") get that topic as evidence (topics.ts, `entityTopics`).
 *
 * Learnt from the graph's rule extractor (a relation or a species stated for an entity) and from a kin
 * or animal word right before a name, or "named/called/이름은" before one. In memory, per user;
 * rebuilt by learning the user's stored memories again.
 */
import { entityDisplayName } from "../extraction/normalize.js";
import { isKoreanPersonName, isNameLike } from "../extraction/rule-common.js";
import { extractTriplets } from "../extraction/rule-extractor.js";
import { ANIMAL_WORDS, BREED_WORDS } from "../extraction/words/animals.js";
import { KINSHIP_WORDS, NOT_FAMILY } from "../extraction/words/kinship.js";
import { foldText } from "../text/korean.js";
import { TOPIC_WORDS } from "./topic-lexicon.js";

/** Attributes of the rule extractor that state a relation or a species. */
const RELATION_ATTRIBUTES = new Set(["관계", "relation", "relationship"]);
const SPECIES_ATTRIBUTES = new Set(["종", "품종", "kind", "breed", "species"]);
/** Words that introduce a name: "named Waffle", "이름은 꼬물이". */
const NAMING_WORDS = new Set(["named", "called", "이름은", "이름이", "이름", "name"]);
/** Shortest name kept (a one-syllable "name" would match inside too many words). */
const MIN_NAME_CHARS = 2;
/** Korean full names of three syllables are a family name and a given name; people use the given name. */
const KOREAN_FULL_NAME_CHARS = 3;

const LEXICON_WORDS: ReadonlySet<string> = new Set(
  Object.values(TOPIC_WORDS).flatMap((t) => [...t.strong, ...t.weak, ...t.names].map(foldText)),
);

export class EntityTopics {
  private readonly topics = new Map<string, Set<string>>();

  /** Learns the names one kept memory ties to family or pets. */
  learn(text: string): void {
    for (const triplet of extractTriplets(text)) {
      const attribute = foldText(triplet.attribute);
      const value = foldText(triplet.value);
      if (RELATION_ATTRIBUTES.has(attribute) && isFamilyWord(value)) this.add(triplet.entity, "family");
      if (SPECIES_ATTRIBUTES.has(attribute) && isAnimalWord(value)) this.add(triplet.entity, "pets");
    }
    const words = text.split(/[\s.:;!?()'"“”‘’]+/u).filter((w) => w !== "");
    const textTopic = words.some((w) => isAnimalWord(bare(w.replace(/,$/u, "")))) ? "pets" : undefined;
    for (let i = 0; i + 1 < words.length; i++) {
      const word = bare(words[i]!.replace(/,$/u, ""));
      const topic = isFamilyWord(word)
        ? "family"
        : isAnimalWord(word)
          ? "pets"
          : NAMING_WORDS.has(foldText(words[i]!))
            ? textTopic
            : undefined;
      if (topic === undefined) continue;
      // "딸 채아, 다현이": names listed after the first take its topic too.
      for (let j = i + 1; j < words.length; j++) {
        if (!this.add(words[j]!.replace(/,$/u, ""), topic) || !words[j]!.endsWith(",")) break;
      }
    }
  }

  /** folded name → topics, for {@link TopicContext.entityTopics}. */
  map(): ReadonlyMap<string, readonly string[]> {
    return new Map([...this.topics].map(([name, topics]) => [name, [...topics]]));
  }

  /** Adds a name; false when `raw` is no name. */
  private add(raw: string, topic: string): boolean {
    const name = entityDisplayName(raw.replace(/(?:'s|’s)$/u, ""));
    const folded = foldText(name);
    if ([...folded].length < MIN_NAME_CHARS || !isNameLike(name) || LEXICON_WORDS.has(folded)) return false;
    // A Latin name is capitalised ("Nacho"); "is", "a" are not names. Digits make a value.
    if (/^[a-z]/u.test(name) || /\d/u.test(name)) return false;
    this.put(folded, topic);
    if (isKoreanPersonName(name) && [...name].length === KOREAN_FULL_NAME_CHARS) {
      this.put(folded.slice(1), topic);
    }
    return true;
  }

  private put(name: string, topic: string): void {
    const topics = this.topics.get(name) ?? new Set<string>();
    topics.add(topic);
    this.topics.set(name, topics);
  }
}

function bare(word: string): string {
  return foldText(word.replace(/(?:이|은|는|가|랑|이랑|의|도|네|'s|’s)$/u, ""));
}

function isFamilyWord(word: string): boolean {
  return KINSHIP_WORDS.has(word) && !NOT_FAMILY.has(word);
}

function isAnimalWord(word: string): boolean {
  return ANIMAL_WORDS.has(word) || BREED_WORDS.includes(word);
}
