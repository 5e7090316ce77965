/**
 * A query's words as a memory may write them otherwise: in the other script (cross-script.ts
 * `crossScriptQueryWords`: 볼링 / bowling) or by another name of the same thing (content-words.ts
 * `otherNamesOf`, the lexicon of words/same-thing.ts: 내선 / extension, 비행기 / flight). The keyword
 * search looks for those spellings too; a memory that holds one holds the query word for the recency
 * step's topic words, and for its coverage (an other name at {@link OTHER_NAME_COVERAGE_WEIGHT}). A
 * question that asks for a weekday ("무슨 요일") is held by a note that gives one in short (월수금); for
 * the coverage, one that asks for a phone number ("치과 번호") by a note of the thing that gives one.
 */
import {
  kinOtherLanguageNamesOf,
  messageWordKeys,
  messageWords,
  otherNamesOf,
  phrasesIn,
} from "../../extraction/content-words.js";
import { contentTokens, tokenize } from "../../text/tokenizer.js";
import {
  crossScriptQueryWords,
  tokensWrittenOtherwise,
  type CrossScriptWord,
} from "../../text/cross-script.js";
import { ordinalOtherForm } from "../../text/english.js";
import { stripSearchSuffixes } from "../../text/korean.js";
import { words } from "../../text/word-list.js";
import { PHONE_RE } from "../../extraction/rule-patterns.js";
import { GENERIC_ATTRIBUTE_WORDS, KOREAN_PHONE_QUESTION_WORDS } from "../../extraction/words/value-words.js";
import { verbAskedWords } from "../../extraction/asked-attributes.js";
import {
  asksAboutHome,
  asksAboutWorkplace,
  HOME_MOVE_SEARCH_WORDS,
  WORKPLACE_MOVE_SEARCH_WORDS,
} from "../../extraction/home-moves.js";

/** A query word that has other names: its own tokens, and each other name's tokens. */
interface NamedWord {
  tokens: string[];
  names: string[][];
}

/** How a query's words may be written otherwise ({@link queryWords}). */
export interface QueryWords {
  /** Terms to search for beside the query's own tokens: the other script's sound keys, the other names' tokens. */
  readonly searchTerms: readonly string[];
  /** The tokens of the query words that `text` writes in the other script. */
  writtenOtherwise(text: string): string[];
  /**
   * The tokens of the query words that ask for a phone number ("치과 번호"), when `text` gives one and
   * holds another of the query's words (`tokens`, by any spelling): it answers them by its value. For the
   * keyword coverage only — not for the recency step, where any two phone notes would share them.
   */
  answeredBy(tokens: ReadonlySet<string>, text: string): string[];
  /**
   * The generic heads of the query's Korean compounds (the 번호 of 전화번호: value-words.ts
   * `GENERIC_ATTRIBUTE_WORDS`) that `text` writes only as the head of another compound (예약번호,
   * 퇴근시간): there the head is that compound's, so the text does not hold the query word by it. A
   * head standing alone ("세탁소 번호 바뀜") or after the query word's own first part is the word's.
   */
  headsOfOtherCompounds(text: string): string[];
  /**
   * The tokens of the query words that a text holds by another name: all of one other name's tokens
   * are among `tokens` (the text's own, {@link tokenize}).
   */
  namedOtherwise(tokens: ReadonlySet<string>): string[];
  /**
   * The tokens of the query words that ask for an attribute by a verb that states it ("drive" in "what
   * car do I drive?": asked-attributes.ts `verbAskedWords`), when `tokens` (a text's own) hold a word of
   * that attribute and another of the query's words: the text names what the verb asks for ("my car is
   * …"). For the keyword coverage only, at {@link OTHER_NAME_COVERAGE_WEIGHT}, like another name.
   */
  askedByVerb(tokens: ReadonlySet<string>): string[];
}

/**
 * What a query word a memory holds only by another name counts for in its coverage, against 1 for the
 * word itself: a group's words may part in a sense (예약 / book a flight), so a name alone is half the
 * evidence. Full weight cost a negative on two sets; none gave back every new relevant answer
 * (docs/benchmarks.md, "Other names of a query's words").
 */
export const OTHER_NAME_COVERAGE_WEIGHT = 0.5;

/** The noun of "무슨 요일": what a weekday is. */
const WEEKDAY_NOUN = "요일";
/** "무슨 요일", "어느 요일", "몇 요일": the question asks for a weekday. */
const ASKS_WEEKDAY_RE = /(?:무슨|어느|몇) ?요일/u;
/**
 * A weekday as short notes write it, which holds no 요일: a run of weekday syllables standing as a word
 * (월수금, 화목으로), a colloquial X욜 (일욜), or one in brackets ("(토)"). Such a note holds what "무슨
 * 요일" asks, as a note that says 목요일 holds it by its letters.
 */
const WEEKDAY_WORD_RE =
  /(?<![가-힣])(?:[월화수목금토일]{2,7}(?=$|[^가-힣]|[은는이가을를에으로도만랑과와])|[월화수목금토일]욜)|\([월화수목금토일]\)/u;

/**
 * Words that ask for a phone number ("치과 번호", "dentist number?", "연락처"): a note that gives one holds
 * the word by its value, as a note that gives a weekday holds "무슨 요일".
 */
const PHONE_ASKING_WORDS: ReadonlySet<string> = new Set([
  ...KOREAN_PHONE_QUESTION_WORDS,
  ...words("번호 전화 전번 phone number contact"),
]);

/** Whether `text` gives a phone number (rule-patterns.ts `PHONE_RE`, which is global: a fresh copy here). */
function givesPhone(text: string): boolean {
  return new RegExp(PHONE_RE.source, "u").test(text);
}

/** The tokens of the query's words that ask for a phone number ({@link PHONE_ASKING_WORDS}). */
function phoneAskingTokens(query: string): string[] {
  return messageWords(query)
    .filter((raw) => PHONE_ASKING_WORDS.has(stripSearchSuffixes(raw.normalize("NFC").toLowerCase())))
    .flatMap((raw) => contentTokens(raw));
}

/** The query's words as a memory may write them otherwise (see the module comment). */
export function queryWords(query: string): QueryWords {
  const otherScript: CrossScriptWord[] = crossScriptQueryWords(query);
  const ordinals = ordinalWords(query);
  const named = namedWords(query);
  const asksWeekday = ASKS_WEEKDAY_RE.test(query);
  const asksPhone = phoneAskingTokens(query);
  const contentTerms = contentTokens(query);
  const byVerb = verbAskedWords(query);
  const compounds = compoundsWithGenericHead(query);
  return {
    searchTerms: [
      ...(asksAboutHome(query) ? HOME_MOVE_SEARCH_WORDS.flatMap((word) => tokenize(word)) : []),
      ...(asksAboutWorkplace(query) === undefined
        ? []
        : WORKPLACE_MOVE_SEARCH_WORDS.flatMap((word) => tokenize(word))),
      ...otherScript.flatMap((word) => word.terms),
      ...ordinals.map((word) => word.other),
      ...named.flatMap((word) => word.names.flat()),
    ],
    writtenOtherwise: (text) => [
      ...tokensWrittenOtherwise(otherScript, text),
      ...ordinalsWrittenOtherwise(ordinals, text),
      ...(asksWeekday && WEEKDAY_WORD_RE.test(text) ? [WEEKDAY_NOUN] : []),
    ],
    answeredBy: (tokens, text) =>
      asksPhone.length > 0 &&
      contentTerms.some((term) => !asksPhone.includes(term) && tokens.has(term)) &&
      givesPhone(text)
        ? asksPhone
        : [],
    askedByVerb: (tokens) =>
      byVerb
        .filter(
          (verb) =>
            verb.attributes.some((token) => tokens.has(token)) &&
            contentTerms.some((term) => !verb.tokens.includes(term) && tokens.has(term)),
        )
        .flatMap((verb) => verb.tokens),
    headsOfOtherCompounds: (text) =>
      compounds
        .filter((compound) => writesHeadOnlyInOtherCompounds(text.normalize("NFC"), compound))
        .map((compound) => compound.head),
    namedOtherwise: (tokens) =>
      named
        .filter((word) => word.names.some((name) => name.every((token) => tokens.has(token))))
        .flatMap((word) => word.tokens),
  };
}

/** A query's Korean compound that ends in a generic attribute noun of two syllables: 전화 + 번호. */
interface HeadedCompound {
  first: string;
  head: string;
}

/** Generic attribute nouns of two Korean syllables (one search term each: 번호, 시간, 주소). */
const GENERIC_HEADS: readonly string[] = [...GENERIC_ATTRIBUTE_WORDS].filter((word) =>
  /^[가-힣]{2}$/u.test(word),
);

/** The query's Korean compounds with a generic head ({@link HeadedCompound}). */
function compoundsWithGenericHead(query: string): HeadedCompound[] {
  return messageWords(query).flatMap((raw) => {
    const word = stripSearchSuffixes(raw.normalize("NFC").toLowerCase());
    if (!/^[가-힣]+$/u.test(word)) return [];
    const head = GENERIC_HEADS.find((noun) => word.length > noun.length && word.endsWith(noun));
    return head === undefined ? [] : [{ first: word.slice(0, -head.length), head }];
  });
}

/** Whether `text` writes `compound`'s head, and each time right after a syllable of another word's. */
function writesHeadOnlyInOtherCompounds(text: string, compound: HeadedCompound): boolean {
  const { first, head } = compound;
  let found = false;
  for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
    found = true;
    if (at === 0 || !/[가-힣]/u.test(text.charAt(at - 1)) || text.startsWith(first, at - first.length))
      return false;
  }
  return found;
}

/**
 * Whether another name's search term is safe to look for: an English term of three letters or fewer
 * (ext; wed, the stem of wedding) is also another word's, so it is compared between two notes
 * (content-words.ts `sameContentWord`) but not searched for.
 */
function isUnambiguous(term: string): boolean {
  return !/^[a-z]{1,3}$/u.test(term);
}

/** The query's words that the same-thing lexicon knows, each with its other names' tokens. */
/** A query's ordinal (second, 2nd) with its other spelling (english.ts `ordinalOtherForm`). */
interface OrdinalWord {
  token: string;
  other: string;
}

/** The query's ordinals that a note may write the other way. */
function ordinalWords(query: string): OrdinalWord[] {
  return tokenize(query).flatMap((token) => {
    const other = ordinalOtherForm(token);
    return other === undefined ? [] : [{ token, other }];
  });
}

/** The query's ordinals that `text` writes the other way ("2nd" for "second"). */
function ordinalsWrittenOtherwise(ordinals: readonly OrdinalWord[], text: string): string[] {
  if (ordinals.length === 0) return [];
  const tokens = new Set(tokenize(text));
  return ordinals.filter((word) => tokens.has(word.other)).map((word) => word.token);
}

function namedWords(query: string): NamedWord[] {
  const out: NamedWord[] = [];
  const add = (tokens: string[], keys: readonly string[]) => {
    const names = [...new Set(keys.flatMap((key) => [...otherNamesOf(key), ...kinOtherLanguageNamesOf(key)]))]
      .map((name) => tokenize(name))
      // A short form inside the word (내선 of 내선번호) is the part the text is already credited with.
      .filter(
        (name) => name.length > 0 && name.every(isUnambiguous) && !name.every((t) => tokens.includes(t)),
      );
    if (names.length > 0 && tokens.length > 0) out.push({ tokens, names });
  };
  for (const raw of messageWords(query)) {
    const keys = messageWordKeys(raw);
    if (keys.length > 0) add(contentTokens(raw), keys);
  }
  // An English phrase of the lexicon names what its words alone do not.
  for (const phrase of phrasesIn(query)) add(contentTokens(phrase.words.join(" ")), [phrase.key]);
  return out;
}
