/**
 * An attribute's name in the language a question is asked in: "where do I live?" is answered
 * "you: residence = 부산", not with the 거주지 the Korean statement was stored under, and "내 사물함 번호
 * 뭐야?" with "나: 사물함 번호 = 112" for a fact said as "my locker number is 112". Values are never
 * translated: they are what the user said.
 *
 * A name is translated as a whole (words/attributes.ts `ATTRIBUTE_NAME_PAIRS`, then
 * `KOREAN_FOR_ENGLISH_ATTRIBUTE`, then another word of its group of words/same-thing.ts), else word by
 * word when every word of it has a translation (locker, number → 사물함 번호); otherwise it is shown as
 * stored. A Korean compound written as one word (사물함번호) is not split.
 */
import type { Lang } from "../text/language.js";
import { containsHangul } from "../text/korean.js";
import { messageWordKeys, otherNamesOf } from "./content-words.js";
import { ATTRIBUTE_NAME_PAIRS, INITIALISMS, KOREAN_FOR_ENGLISH_ATTRIBUTE } from "./words/attributes.js";

const ENGLISH_FOR_KOREAN: ReadonlyMap<string, string> = new Map(ATTRIBUTE_NAME_PAIRS);
const KOREAN_FOR_ENGLISH: ReadonlyMap<string, string> = new Map([
  ...Object.entries(KOREAN_FOR_ENGLISH_ATTRIBUTE),
  ...ATTRIBUTE_NAME_PAIRS.map(([korean, english]) => [english, korean] as const),
]);

/**
 * `attribute` as it is named in `lang`; as stored when it is in that language already or has no
 * translation. An initialism, stored folded like every attribute, is shown in capitals (mbti → MBTI).
 */
export function attributeLabel(attribute: string, lang: Lang): string {
  return withInitialisms(namedIn(attribute, lang));
}

/** Each word of an attribute that is an initialism (words/attributes.ts `INITIALISMS`), in capitals. */
function withInitialisms(attribute: string): string {
  return attribute
    .split(" ")
    .map((word) => (INITIALISMS.has(word.toLowerCase()) ? word.toUpperCase() : word))
    .join(" ");
}

function namedIn(attribute: string, lang: Lang): string {
  const korean = containsHangul(attribute);
  if ((lang === "ko") === korean) return attribute;
  const name = attribute.trim().toLowerCase();
  const whole = translateWord(name, lang);
  if (whole !== undefined) return whole;
  const parts = name.split(/\s+/u);
  if (parts.length < 2) return attribute;
  const translated = parts.map((part) => translateWord(part, lang));
  return translated.every((part) => part !== undefined) ? translated.join(" ") : attribute;
}

/**
 * The Korean attribute an English attribute word names (deadline → 마감일, residence → 거주지): a
 * question asked in English asks for facts a Korean statement stored under it (asked-attributes.ts).
 */
export function koreanAttributeFor(english: string): string | undefined {
  return KOREAN_FOR_ENGLISH.get(english);
}

function translateWord(word: string, lang: Lang): string | undefined {
  const listed = lang === "en" ? ENGLISH_FOR_KOREAN.get(word) : KOREAN_FOR_ENGLISH.get(word);
  if (listed !== undefined) return listed;
  if (word.includes(" ")) return undefined;
  // Another name of the same thing, in the other script (사물함 → locker), as the lexicon writes it.
  const inLang = (other: string): boolean => containsHangul(other) === (lang === "ko");
  const [key] = messageWordKeys(word);
  return key === undefined ? undefined : otherNamesOf(key).find(inLang);
}
