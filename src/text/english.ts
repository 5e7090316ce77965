/**
 * English for search: the stop words BM25 ignores and the Porter2 ("Snowball English") stemmer, so
 * "moved", "moving" and "moves" meet at "move" and "the", "did", "we" match nothing. The tokenizer
 * (tokenizer.ts) applies both to every Latin word, in English and in mixed Korean/English text alike;
 * Hangul never reaches this module.
 *
 * The stemmer is `wink-porter2-stemmer` (the published algorithm: Porter, "The English (Porter2)
 * stemming algorithm", snowballstem.org/algorithms/english/stemmer.html), with a cache in front.
 */
import winkStem from "wink-porter2-stemmer";

/**
 * English stop words: the Snowball/NLTK English list (pronouns, auxiliaries, determiners,
 * prepositions, conjunctions, question words) plus the fragments an apostrophe leaves behind
 * (didn't → didn + t; we'll → we + ll) and the words of degree a question asks by ("how much", "how
 * many": like 얼마 and 몇, they ask and name nothing). "may" is left out: in chat it is as often the month.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her " +
    "hers herself it its itself they them their theirs themselves what which who whom whose this that " +
    "these those am is are was were be been being have has had having do does did doing a an the and but " +
    "if or because as until while of at by for with about against between into through during before " +
    "after above below to from up down in out on off over under again further then once here there when " +
    "where why how all any both each few more most other some such no nor not only own same so than too " +
    "very can will just should would could might must shall now also ever yet " +
    "don didn doesn isn wasn weren aren hasn haven hadn won wouldn couldn shouldn mustn needn shan ain " +
    "ll ve re im ive id youre youve theyre thats whats lets much many"
  ).split(" "),
);

/** True for a lower-cased English word that search ignores. */
export function isEnglishStopWord(word: string): boolean {
  return ENGLISH_STOP_WORDS.has(word);
}

/**
 * The Porter2 (Snowball English) stem of a lower-case English word (letters only), by
 * `wink-porter2-stemmer`. Words of one or two letters, or of more than {@link MAX_STEMMED_LETTERS}, are
 * returned as they are.
 *
 * @example stem("moving") === "move"; stem("relational") === "relat"; stem("cats") === "cat"
 */
export function stemEnglishWord(input: string): string {
  if (input.length <= 2 || input.length > MAX_STEMMED_LETTERS) return input;
  let stem = STEM_CACHE.get(input);
  if (stem === undefined) {
    if (STEM_CACHE.size >= STEM_CACHE_SIZE) STEM_CACHE.clear();
    stem = winkStem(input);
    STEM_CACHE.set(input, stem);
  }
  return stem;
}

/** English ordinals in words, by their number less one: the ones notes also write in digits (2nd). */
const ORDINAL_WORDS: readonly string[] =
  "first second third fourth fifth sixth seventh eighth ninth tenth".split(" ");
/** An ordinal in digits as the tokenizer keeps it (2nd, 10th). */
const ORDINAL_NUMERAL_RE = /^(\d{1,2})(?:st|nd|rd|th)$/u;

/**
 * The other way to write an English ordinal, first to tenth: "second" → "2nd", "2nd" → "second" (a
 * note writes "2nd violin", a question asks for the second one); undefined for any other word.
 */
export function ordinalOtherForm(word: string): string | undefined {
  const inWords = ORDINAL_WORDS.indexOf(word);
  if (inWords >= 0) {
    const n = inWords + 1;
    return `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
  }
  const digits = ORDINAL_NUMERAL_RE.exec(word)?.[1];
  return digits === undefined ? undefined : ORDINAL_WORDS[Number(digits) - 1];
}

/**
 * Longer "words" are returned as they are: no English word is this long, and the stemmer's regular
 * expressions take time that grows faster than the length (a 20,000-letter run took seconds).
 */
const MAX_STEMMED_LETTERS = 48;

/** Stems of recent words: a vocabulary repeats, and a stem costs a few microseconds. */
const STEM_CACHE = new Map<string, string>();
const STEM_CACHE_SIZE = 50_000;
