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
import { trimEndWhile, trimStartWhile } from "../text/trim.js";
import { messageWordKeys, messageWords, sameContentWord } from "./content-words.js";
import { koreanAttributeFor } from "./attribute-labels.js";
import { defaultAttributes } from "./rule-typed.js";
import { entityDisplayName, isFirstPerson } from "./normalize.js";
import { isKinship } from "./rule-common.js";
import { ANIMAL_WORDS } from "./words/animals.js";
import { ATTRIBUTE_VERBS, NAME_WORDS, WHAT_IT_IS_ATTRIBUTES, WHO_WORDS } from "./words/attributes.js";

/** What one question asks of the graph (see the module comment). */
export interface AttributeQuestion {
  /** Whether it asks for this attribute of an entity it names. */
  asksFor(attribute: string): boolean;
  /** Whether it asks for a name or who (이름, name, 누구, who). */
  readonly asksWho: boolean;
  /** Whether it asks who the entity of this fact is: the fact says what the entity is, and the question names that. */
  asksWhoIs(attribute: string, value: string): boolean;
  /**
   * Whether it names the entity of this fact by what the fact says it is ("my doctor's number" names the
   * one whose role is doctor), whether or not it asks who that is.
   */
  namesByWhatItIs(attribute: string, value: string): boolean;
  /**
   * Whether it asks this attribute of the speaker ({@link asksFor} and no one else owns the word that
   * names it): "what's my wife's name?" and "내 강아지 이름" ask a name, but not the speaker's.
   */
  asksOfSpeaker(attribute: string): boolean;
  /**
   * Whether it names this attribute in full, by all of its words and two at least ("결혼식 장소 어디였지?"
   * names 결혼식 장소): a question that names no entity may still ask it of the one entity that has it.
   */
  namesInFull(attribute: string): boolean;
}

/** Words that ask for someone's number or contact ("his number?", "contact"): a phone number. */
const NUMBER_ASKING_WORDS: ReadonlySet<string> = new Set(["number", "contact", "연락처"]);
/** The attributes the rules store a phone number under (rule-typed.ts), and 연락처 as people name it. */
const PHONE_ATTRIBUTES: ReadonlySet<string> = new Set([...defaultAttributes("phone"), "연락처"]);

/** An attribute of one word (생일, name) belongs to too many entities to be asked without naming one. */
const MIN_WORDS_NAMED_IN_FULL = 2;

/** Reads a question once for its {@link AttributeQuestion} tests. */
export function readQuestion(question: string): AttributeQuestion {
  const tokens = new Set(contentTokens(question));
  const words = messageWords(question);
  const keys = keysOf(question);
  const byVerb = new Set(
    ATTRIBUTE_VERBS.filter((verb) => words.some((word) => statesBy(verb, word))).flatMap(
      (verb) => verb.attributes,
    ),
  );
  const namesKey = (text: string): boolean => {
    const textKeys = storedKeys(text);
    return keys.some((key) => textKeys.some((other) => sameContentWord(key, other)));
  };
  // "누구야", "누구였지": the interrogative with the copula's endings.
  const asksWho = words.some((word) => {
    const bare = stripSearchSuffixes(word);
    return WHO_WORDS.has(word) || WHO_WORDS.has(bare) || NAME_WORDS.has(word) || NAME_WORDS.has(bare);
  });
  const spoken = question
    .normalize("NFC")
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => trimEndWhile(trimStartWhile(word, isNotWordChar), isNotWordOrApostrophe))
    .filter((word) => word.length > 0);
  // "what's his number?", "contact?": a phone number is the number a person is asked for.
  const asksNumber = words.some((word) => NUMBER_ASKING_WORDS.has(word));
  const spokenRead = spokenWords(spoken);
  const asksFor = (attribute: string): boolean =>
    byVerb.has(attribute.toLowerCase()) ||
    ((contentTokens(attribute).some((token) => tokens.has(token)) || namesKey(attribute)) &&
      !namesAnotherKind(spokenRead, attribute)) ||
    (asksNumber && PHONE_ATTRIBUTES.has(attribute.toLowerCase()));
  const namesByWhatItIs = (attribute: string, value: string): boolean =>
    WHAT_IT_IS_ATTRIBUTES.has(attribute) && namesKey(value);
  return {
    asksWho,
    asksOfSpeaker: (attribute) => asksFor(attribute) && !ownedByAnother(spoken, attribute),
    asksFor,
    asksWhoIs: (attribute, value) => asksWho && namesByWhatItIs(attribute, value),
    namesByWhatItIs,
    namesInFull: (attribute) => {
      const own = contentTokens(attribute);
      return own.length >= MIN_WORDS_NAMED_IN_FULL && own.every((token) => tokens.has(token));
    },
  };
}

/**
 * Whether the question names only the head of `attribute` and qualifies it otherwise: the attribute
 * says which one by words before its head that the question does not name, and the question puts a
 * word of its own before the head, in the same word or the word before it. "회의실 비밀번호" and "what's
 * my phone number?" ask no 보관함 번호 or locker number though both end in a number, nor does "와이파이
 * 비밀번호" ask a 전화번호; "내 번호", a bare 번호 asked by "비밀번호", "사물함 번호" (a word of
 * 보관함's group) and "the number of my locker" still ask for them.
 */
function namesAnotherKind(spoken: readonly SpokenWord[], attribute: string): boolean {
  const parts = attribute
    .toLowerCase()
    .split(/\s+/u)
    .filter((part) => part.length > 0)
    .map((part): AttributePart => {
      let keys: string[] | undefined;
      return { tokens: contentTokens(part), keys: () => (keys ??= storedKeys(part)) };
    });
  const head = parts.at(-1);
  if (head === undefined) return false;
  const byToken = (word: SpokenWord, part: AttributePart): boolean =>
    word.tokens.some((token) => part.tokens.includes(token));
  const byKey = (word: SpokenWord, part: AttributePart): boolean =>
    word.keys().some((key) => part.keys().some((other) => sameContentWord(key, other)));
  const names = (word: SpokenWord, part: AttributePart): boolean => byToken(word, part) || byKey(word, part);
  const qualifiers = parts.slice(0, -1);
  // The qualifier named by a token, else by a key (the dearer test, read only when needed).
  const namesQualifier = (test: typeof names): boolean =>
    spoken.some((word) => qualifiers.some((part) => test(word, part)));
  if (qualifiers.length > 0 && (namesQualifier(byToken) || namesQualifier(byKey))) return false;
  const sharing = spoken.flatMap((word, i) => (names(word, head) ? [i] : []));
  if (sharing.length === 0) return false;
  return sharing.every((at) => {
    const word = spoken[at] as SpokenWord;
    // The word's own syllables before the head: 비밀 of 비밀번호, asked of 전화번호 or of 보관함 번호.
    const inWord = word.tokens.findIndex((token) => head.tokens.includes(token));
    const attributeOwn = head.tokens.findIndex((token) => word.tokens.includes(token));
    if (inWord > 0) return qualifiers.length > 0 || attributeOwn > 0;
    if (qualifiers.length === 0) return false;
    const before = spoken[at - 1];
    return before !== undefined && before.tokens.length > 0 && !isFirstPerson(entityDisplayName(before.text));
  });
}

/** A word of the question as {@link namesAnotherKind} reads it: its tokens, and its keys when needed. */
interface SpokenWord {
  text: string;
  tokens: string[];
  keys: () => string[];
}

/** A word of an attribute: its tokens, and its keys as stored when needed. */
interface AttributePart {
  tokens: string[];
  keys: () => string[];
}

/** The question's words, each read once (its keys only when asked for). */
function spokenWords(spoken: readonly string[]): SpokenWord[] {
  return spoken.map((text) => {
    let keys: string[] | undefined;
    return { text, tokens: contentTokens(text), keys: () => (keys ??= keysOf(text)) };
  });
}

/**
 * The question's words that ask for an attribute by a verb that states it (words/attributes.ts
 * `ATTRIBUTE_VERBS`: "drive" in "what car do I drive?", "먹여" in "뭐 먹여?"), each as its content
 * tokens with the content tokens of the attributes it asks for. A word that is no content token (when,
 * 언제) is left out.
 */
export function verbAskedWords(question: string): Array<{ tokens: string[]; attributes: string[] }> {
  return messageWords(question).flatMap((word) => {
    const tokens = contentTokens(word);
    const verbs = ATTRIBUTE_VERBS.filter((verb) => statesBy(verb, word));
    if (tokens.length === 0 || verbs.length === 0) return [];
    return [{ tokens, attributes: verbs.flatMap((verb) => verb.attributes.flatMap(contentTokens)) }];
  });
}

/** Whether a word of the question is one of the verb's forms ("살아", "lives"). */
function statesBy(verb: (typeof ATTRIBUTE_VERBS)[number], word: string): boolean {
  return (
    verb.korean.some((form) => word.startsWith(form)) ||
    verb.english.some((form) => stemEnglishWord(form) === stemEnglishWord(word))
  );
}

/**
 * The content-word keys of a question's words, with the Korean attribute an English word, or two
 * English words side by side (the two-word English name of 혈액형), turn into.
 */
function keysOf(text: string): string[] {
  const words = messageWords(text);
  const attributeKey = (name: string): string[] => {
    const korean = koreanAttributeFor(name);
    return korean === undefined ? [] : [`ko:${korean}`];
  };
  return [
    ...words.flatMap((word) => [...messageWordKeys(word), ...attributeKey(word)]),
    ...words.slice(1).flatMap((word, i) => attributeKey(`${words[i]} ${word}`)),
  ];
}

/** An attribute or value is stored bare (고양이, not 고양이가): its words are keys as they stand too. */
function storedKeys(text: string): string[] {
  return [text.toLowerCase(), ...messageWords(text)].flatMap((word) => messageWordKeys(word));
}

const WORD_CHAR_RE = /[\p{L}\p{N}]/u;
const isNotWordChar = (c: string): boolean => !WORD_CHAR_RE.test(c);
/** A trailing apostrophe stays: it marks a plural possessive ("kids'"). */
const isNotWordOrApostrophe = (c: string): boolean => c !== "'" && isNotWordChar(c);

/** An English possessive ("wife's", "kids'"); a first-person one is the speaker's. */
const POSSESSIVE_END_RE = /(?:'s|s')$/u;

/** A Korean possessive: 의 after two syllables or more ("아내의"), as 회의 and 강의 are words of their own. */
function isKoreanPossessive(word: string): boolean {
  return word.endsWith("의") && [...word].length >= 3;
}

/**
 * Whether the word of the question that names `attribute` (or the verb that states it: live, 살아)
 * belongs to someone other than the speaker: going back from it, an owner word (a possessive, a kinship
 * or animal word: "wife's", "아내", "강아지", "my mom lives") comes before any first-person word. A
 * question that names no owner before it asks it of whoever it names, as before.
 */
function ownedByAnother(spoken: readonly string[], attribute: string): boolean {
  const attributeTokens = new Set(contentTokens(attribute));
  const attributeKeys = storedKeys(attribute);
  const verbs = ATTRIBUTE_VERBS.filter((verb) => verb.attributes.includes(attribute.toLowerCase()));
  const names = (word: string): boolean =>
    contentTokens(word).some((token) => attributeTokens.has(token)) ||
    verbs.some((verb) => statesBy(verb, word)) ||
    keysOf(word).some((key) => attributeKeys.some((other) => sameContentWord(key, other)));
  let at = spoken.findIndex(names);
  if (at < 0) return false;
  while (at > 0 && names(spoken[at - 1] as string)) at -= 1;
  for (let i = at - 1; i >= 0; i -= 1) {
    const word = spoken[i] as string;
    if (isFirstPerson(entityDisplayName(word))) return false;
    const bare = isKoreanPossessive(word) ? word.slice(0, -1) : word.replace(POSSESSIVE_END_RE, "");
    if (bare !== word || isKinship(bare) || ANIMAL_WORDS.has(bare)) return true;
  }
  return false;
}
