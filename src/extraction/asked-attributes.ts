/**
 * What a question asks of the graph (graph-service.ts `facts`), in either language.
 *
 * It asks for an attribute when it
 * - names it or one of its words (생일 in "내 생일 언제야?", date for "due date");
 * - names it by another word of its group (words/same-thing.ts, content-words.ts `sameContentWord`:
 *   birthday asks for 생일, 주소 for address), or by the English word a Korean statement turns into it
 *   (attribute-labels.ts `koreanAttributeFor`: deadline asks for 마감일, residence for 거주지);
 * - uses a verb that states it (words/attributes.ts `ATTRIBUTE_VERBS`: "where do I live?" and "어디
 *   살아?" ask for 거주지 and residence).
 *
 * It asks who an entity is when it asks for a name or who (이름, name, 누구, who) and names, in either
 * language, what the entity is (words/attributes.ts `WHAT_IT_IS_ATTRIBUTES`): "what's my dog's name?"
 * asks for the entity of (초코, 종, 강아지), "우리 팀장 누구야?" for that of (…, 역할, 팀장).
 */
import { stemEnglishWord } from "../text/english.js";
import { stripSearchSuffixes } from "../text/korean.js";
import { contentTokens } from "../text/tokenizer.js";
import { messageWordKeys, messageWords, sameContentWord } from "./content-words.js";
import { koreanAttributeFor } from "./attribute-labels.js";
import { ATTRIBUTE_VERBS, NAME_WORDS, WHAT_IT_IS_ATTRIBUTES, WHO_WORDS } from "./words/attributes.js";

/** What one question asks of the graph (see the module comment). */
export interface AttributeQuestion {
  /** Whether it asks for this attribute of an entity it names. */
  asksFor(attribute: string): boolean;
  /** Whether it asks for a name or who (이름, name, 누구, who). */
  readonly asksWho: boolean;
  /** Whether it asks who the entity of this fact is: the fact says what the entity is, and the question names that. */
  asksWhoIs(attribute: string, value: string): boolean;
}

/** Reads a question once for its {@link AttributeQuestion} tests. */
export function readQuestion(question: string): AttributeQuestion {
  const tokens = new Set(contentTokens(question));
  const words = messageWords(question);
  const keys = words.flatMap((word) => {
    const korean = koreanAttributeFor(word);
    return [...messageWordKeys(word), ...(korean === undefined ? [] : [`ko:${korean}`])];
  });
  const byVerb = new Set(
    ATTRIBUTE_VERBS.filter(
      (verb) =>
        words.some((word) => verb.korean.some((form) => word.startsWith(form))) ||
        words.some((word) => verb.english.some((form) => stemEnglishWord(form) === stemEnglishWord(word))),
    ).flatMap((verb) => verb.attributes),
  );
  // An attribute or value is stored bare (고양이, not 고양이가): its words are keys as they stand too.
  const namesKey = (text: string): boolean => {
    const textKeys = [text.toLowerCase(), ...messageWords(text)].flatMap((word) => messageWordKeys(word));
    return keys.some((key) => textKeys.some((other) => sameContentWord(key, other)));
  };
  const asksWho = words.some(
    (word) => WHO_WORDS.has(word) || NAME_WORDS.has(word) || NAME_WORDS.has(stripSearchSuffixes(word)),
  );
  return {
    asksWho,
    asksFor: (attribute) =>
      byVerb.has(attribute.toLowerCase()) ||
      contentTokens(attribute).some((token) => tokens.has(token)) ||
      namesKey(attribute),
    asksWhoIs: (attribute, value) => asksWho && WHAT_IT_IS_ATTRIBUTES.has(attribute) && namesKey(value),
  };
}
