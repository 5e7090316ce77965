/**
 * English for search: the stop words BM25 ignores and the Porter2 ("Snowball English") stemmer, so
 * "moved", "moving" and "moves" meet at "move" and "the", "did", "we" match nothing. The tokenizer
 * (tokenizer.ts) applies both to every Latin word, in English and in mixed Korean/English text alike;
 * Hangul never reaches this module.
 *
 * The stemmer follows the published algorithm (Porter, "The English (Porter2) stemming algorithm",
 * snowballstem.org/algorithms/english/stemmer.html) step by step; the names below are its names.
 * Written here rather than taken from npm because the shared node_modules must not change under this
 * project's parallel branches; `stemmer` (npm, Porter 1) or `wink-porter2-stemmer` could replace it.
 */

/**
 * English stop words: the Snowball/NLTK English list (pronouns, auxiliaries, determiners,
 * prepositions, conjunctions, question words) plus the fragments an apostrophe leaves behind
 * (didn't → didn + t; we'll → we + ll). "may" is left out: in chat it is as often the month.
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
    "ll ve re im ive id youre youve theyre thats whats lets"
  ).split(" "),
);

/** True for a lower-cased English word that search ignores. */
export function isEnglishStopWord(word: string): boolean {
  return ENGLISH_STOP_WORDS.has(word);
}

/** Words the algorithm leaves alone or maps directly (its "exceptional forms"). */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ["skis", "ski"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["idly", "idl"],
  ["gently", "gentl"],
  ["ugly", "ugli"],
  ["early", "earli"],
  ["only", "onli"],
  ["singly", "singl"],
  ["sky", "sky"],
  ["news", "news"],
  ["howe", "howe"],
  ["atlas", "atlas"],
  ["cosmos", "cosmos"],
  ["bias", "bias"],
  ["andes", "andes"],
]);

/** Left as they are after step 1a. */
const EXCEPTIONS_AFTER_1A = new Set([
  "inning",
  "outing",
  "canning",
  "herring",
  "earring",
  "proceed",
  "exceed",
  "succeed",
]);

const DOUBLES = new Set(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]);
const LI_ENDINGS = new Set(["c", "d", "e", "g", "h", "k", "m", "n", "r", "t"]);

const STEP2: ReadonlyArray<readonly [string, string]> = [
  ["ization", "ize"],
  ["ational", "ate"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["iveness", "ive"],
  ["tional", "tion"],
  ["biliti", "ble"],
  ["lessli", "less"],
  ["entli", "ent"],
  ["ation", "ate"],
  ["alism", "al"],
  ["aliti", "al"],
  ["ousli", "ous"],
  ["iviti", "ive"],
  ["fulli", "ful"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["abli", "able"],
  ["izer", "ize"],
  ["ator", "ate"],
  ["alli", "al"],
  ["bli", "ble"],
  ["ogi", "og"],
  ["li", ""],
];

const STEP3: ReadonlyArray<readonly [string, string]> = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["alize", "al"],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ative", ""],
  ["ical", "ic"],
  ["ness", ""],
  ["ful", ""],
];

const STEP4 = [
  "ement",
  "ance",
  "ence",
  "able",
  "ible",
  "ment",
  "ant",
  "ent",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
  "ion",
  "al",
  "er",
  "ic",
];

function isVowel(ch: string | undefined): boolean {
  return ch === "a" || ch === "e" || ch === "i" || ch === "o" || ch === "u" || ch === "y";
}

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionAfter(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
  }
  return word.length;
}

/** A short syllable ends at index `end` (exclusive). */
function endsInShortSyllable(word: string, end: number): boolean {
  if (end === 2) return isVowel(word[0]) && !isVowel(word[1]);
  if (end < 3) return false;
  const [a, b, c] = [word[end - 3], word[end - 2], word[end - 1]];
  return !isVowel(a) && isVowel(b) && !isVowel(c) && c !== "w" && c !== "x" && c !== "Y";
}

/**
 * The Porter2 stem of a lower-case English word (letters only). Words of one or two letters are
 * returned as they are.
 *
 * @example stem("moving") === "move"; stem("relational") === "relat"; stem("cats") === "cat"
 */
export function stemEnglishWord(input: string): string {
  if (input.length <= 2) return input;
  let stem = STEM_CACHE.get(input);
  if (stem === undefined) {
    if (STEM_CACHE.size >= STEM_CACHE_SIZE) STEM_CACHE.clear();
    stem = porter2(input);
    STEM_CACHE.set(input, stem);
  }
  return stem;
}

/** Stems of recent words: a vocabulary repeats, and a stem costs a few microseconds. */
const STEM_CACHE = new Map<string, string>();
const STEM_CACHE_SIZE = 50_000;

function porter2(input: string): string {
  const exception = EXCEPTIONS.get(input);
  if (exception !== undefined) return exception;
  let w = input.startsWith("'") ? input.slice(1) : input;
  // y at the start or after a vowel is a consonant: mark it Y.
  let marked = "";
  for (let i = 0; i < w.length; i++) {
    const ch = w[i]!;
    marked += ch === "y" && (i === 0 || isVowel(w[i - 1])) ? "Y" : ch;
  }
  w = marked;
  const r1 = /^(gener|commun|arsen)/.test(w)
    ? w.match(/^(gener|commun|arsen)/)![0].length
    : regionAfter(w, 0);
  const r2 = regionAfter(w, r1);
  const inR1 = (suffix: string) => w.length - suffix.length >= r1;
  const inR2 = (suffix: string) => w.length - suffix.length >= r2;

  // Step 0: possessive.
  for (const s of ["'s'", "'s", "'"]) {
    if (w.endsWith(s)) {
      w = w.slice(0, -s.length);
      break;
    }
  }
  // Step 1a.
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ied") || w.endsWith("ies")) w = w.slice(0, -3) + (w.length > 4 ? "i" : "ie");
  else if (w.endsWith("us") || w.endsWith("ss")) {
    // unchanged
  } else if (w.endsWith("s")) {
    const stem = w.slice(0, -1);
    if (/[aeiouy]/.test(stem.slice(0, -1))) w = stem;
  }
  if (EXCEPTIONS_AFTER_1A.has(w)) return w;
  // Step 1b.
  const eed = ["eedly", "eed"].find((s) => w.endsWith(s));
  if (eed !== undefined) {
    if (inR1(eed)) w = w.slice(0, -eed.length) + "ee";
  } else {
    const ed = ["ingly", "edly", "ing", "ed"].find((s) => w.endsWith(s));
    if (ed !== undefined) {
      const stem = w.slice(0, -ed.length);
      if (/[aeiouy]/.test(stem)) {
        w = stem;
        if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
        else if (DOUBLES.has(w.slice(-2))) w = w.slice(0, -1);
        else if (r1 >= w.length && endsInShortSyllable(w, w.length)) w += "e";
      }
    }
  }
  // Step 1c.
  if (w.length > 2 && (w.endsWith("y") || w.endsWith("Y")) && !isVowel(w[w.length - 2])) {
    w = w.slice(0, -1) + "i";
  }
  // Step 2.
  for (const [suffix, replacement] of STEP2) {
    if (!w.endsWith(suffix)) continue;
    if (inR1(suffix)) {
      if (suffix === "ogi") {
        if (w[w.length - 4] === "l") w = w.slice(0, -3) + "og";
      } else if (suffix === "li") {
        if (LI_ENDINGS.has(w[w.length - 3] ?? "")) w = w.slice(0, -2);
      } else {
        w = w.slice(0, -suffix.length) + replacement;
      }
    }
    break;
  }
  // Step 3.
  for (const [suffix, replacement] of STEP3) {
    if (!w.endsWith(suffix)) continue;
    if (inR1(suffix) && (suffix !== "ative" || inR2(suffix))) w = w.slice(0, -suffix.length) + replacement;
    break;
  }
  // Step 4.
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    if (inR2(suffix)) {
      if (suffix === "ion") {
        const before = w[w.length - 4];
        if (before === "s" || before === "t") w = w.slice(0, -3);
      } else {
        w = w.slice(0, -suffix.length);
      }
    }
    break;
  }
  // Step 5.
  if (w.endsWith("e")) {
    if (inR2("e") || (inR1("e") && !endsInShortSyllable(w, w.length - 1))) w = w.slice(0, -1);
  } else if (w.endsWith("ll") && inR2("l")) {
    w = w.slice(0, -1);
  }
  return w.replace(/Y/g, "y");
}
