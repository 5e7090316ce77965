/**
 * Which of the graph's attributes a question asks for (graph-service.ts `facts`), in either language.
 * A question asks for an attribute when it
 * - names it or one of its words (생일 in "내 생일 언제야?", date for "due date");
 * - names it by another word of its group (words/same-thing.ts, content-words.ts `sameContentWord`:
 *   birthday asks for 생일, 주소 for address), or by the English word a Korean statement turns into it
 *   (words/attributes.ts `KOREAN_FOR_ENGLISH_ATTRIBUTE`: deadline asks for 마감일);
 * - uses a verb that states it (words/attributes.ts `ATTRIBUTE_VERBS`: "where do I live?" and "어디
 *   살아?" ask for 거주지 and residence).
 */
import { isEnglishStopWord, stemEnglishWord } from "../text/english.js";
import { isHangulSyllableCode, stripSearchSuffixes } from "../text/korean.js";
import { contentTokens } from "../text/tokenizer.js";
import { sameContentWord } from "./content-words.js";
import { ATTRIBUTE_VERBS, KOREAN_FOR_ENGLISH_ATTRIBUTE } from "./words/attributes.js";

/** Runs of Hangul syllables and of Latin letters. */
const WORD_RE = /[\p{Script=Hangul}]+|[a-z]+/gu;

/** A word's content key, as content-words.ts compares them: `ko:` and its stem, `en:` and its stem. */
function keyOf(word: string): string | undefined {
  if (isHangulSyllableCode(word.charCodeAt(0))) return `ko:${stripSearchSuffixes(word)}`;
  return isEnglishStopWord(word) ? undefined : `en:${stemEnglishWord(word)}`;
}

function wordsOf(text: string): string[] {
  return [...text.normalize("NFC").toLowerCase().matchAll(WORD_RE)].map(([word]) => word);
}

/** The test "does `question` ask for this attribute?" (see the module comment), built once per question. */
export function attributeQuestion(question: string): (attribute: string) => boolean {
  const tokens = new Set(contentTokens(question));
  const words = wordsOf(question);
  const keys = words.flatMap((word) => {
    const key = keyOf(word);
    const korean = KOREAN_FOR_ENGLISH_ATTRIBUTE[word];
    return [...(key === undefined ? [] : [key]), ...(korean === undefined ? [] : [`ko:${korean}`])];
  });
  const byVerb = new Set(
    ATTRIBUTE_VERBS.filter(
      (verb) =>
        words.some((word) => verb.korean.some((form) => word.startsWith(form))) ||
        words.some((word) => verb.english.includes(stemEnglishWord(word))),
    ).flatMap((verb) => verb.attributes),
  );
  return (attribute) => {
    if (byVerb.has(attribute.toLowerCase())) return true;
    if (contentTokens(attribute).some((token) => tokens.has(token))) return true;
    const attributeKeys = [attribute, ...wordsOf(attribute)].flatMap((word) => keyOf(word) ?? []);
    return keys.some((key) => attributeKeys.some((other) => sameContentWord(key, other)));
  };
}
