/**
 * A word written in the other script (sound-key.ts): the terms the BM25 index posts for a memory's words
 * beside its tokens, the terms a query's words look for, and which of a query's words a text writes
 * the other way (볼링 / bowling; a compound of two loanwords, 피아노레슨 / piano lesson). Linear in the
 * text.
 */
import { isEnglishStopWord } from "./english.js";
import { HANGUL_SYLLABLES, isHangulSyllableCode, syllableJamo } from "./korean.js";
import {
  hangulSoundKey,
  latinSoundKeys,
  type SoundKey,
  soundDocTerms,
  soundKeysMeet,
  soundPairDocTerms,
  soundPairQueryTerms,
  soundQueryTerms,
} from "./sound-key.js";
import { contentTokens, keyedHangulStem } from "./tokenizer.js";

/** A query word's cross-script terms, with the word's own {@link contentTokens} they stand in for. */
export interface CrossScriptWord {
  terms: string[];
  tokens: string[];
}

/**
 * The sound-key terms of a memory's words (sound-key.ts `soundDocTerms`): each Hangul search stem and
 * each Latin word (not part of a code, not a stop word) under its own script. Indexed beside
 * tokenizer.ts `tokenize`'s terms.
 */
export function crossScriptDocTerms(text: string): string[] {
  const terms: string[] = [];
  crossScriptWords(text, {
    word: (script, keys) => {
      for (const key of keys) terms.push(...soundDocTerms(script, key));
    },
    compound: (script, pairs) => {
      for (const [first, second] of pairs) terms.push(...soundPairDocTerms(script, first, second));
    },
  });
  return terms;
}

/**
 * A query's words as the other script would write them (sound-key.ts `soundQueryTerms`): a Hangul
 * word's key among the memories' Latin words and a Latin word's among their Hangul ones (볼링 finds
 * bowling, Berlin finds 베를린), never a word of the same script (two Korean words with one key are
 * different words).
 */
export function crossScriptQueryWords(query: string): CrossScriptWord[] {
  const out: CrossScriptWord[] = [];
  const other = (script: "hangul" | "latin") => (script === "hangul" ? "latin" : "hangul");
  crossScriptWords(query, {
    word: (script, keys, word) => {
      const terms = keys.flatMap((key) => soundQueryTerms(other(script), key));
      out.push({ terms, tokens: contentTokens(word) });
    },
    compound: (script, pairs, word) => {
      const terms = pairs.flatMap(([first, second]) => soundPairQueryTerms(other(script), first, second));
      out.push({ terms, tokens: contentTokens(word) });
    },
  });
  return out;
}

/**
 * The tokens of the query words `text` writes in the other script (its {@link crossScriptDocTerms}
 * meet their terms): what a memory holds of the query once a word's other spelling counts as the word.
 */
export function tokensWrittenOtherwise(queryWords: readonly CrossScriptWord[], text: string): string[] {
  if (queryWords.length === 0) return [];
  const sounds = new Set(crossScriptDocTerms(text));
  return queryWords
    .filter((word) => word.terms.some((term) => sounds.has(term)))
    .flatMap((word) => word.tokens);
}

/** Runs of Hangul syllables, and of Latin letters and digits (a run with a digit is a code, keyed by nothing). */
const WORDS = new RegExp(`[${HANGUL_SYLLABLES}]+|[a-z0-9]+`, "gu");

/** The fewest syllables of each part of a Hangul compound read as two loanwords ({@link crossScriptWords}). */
const MIN_COMPOUND_PART_SYLLABLES = 2;
/**
 * The most syllables of a Hangul word read as such a compound (스마트워치 5, 인스타그램스토리 8): each
 * split keys both parts anew, so a longer word would cost its length squared.
 */
const MAX_COMPOUND_SYLLABLES = 10;

/** What {@link crossScriptWords} finds: a keyed word, or a compound of two words and its parts' keys. */
interface CrossScriptFound {
  word: (script: "hangul" | "latin", keys: readonly SoundKey[], word: string) => void;
  compound: (
    script: "hangul" | "latin",
    pairs: readonly (readonly [SoundKey, SoundKey])[],
    word: string,
  ) => void;
}

/**
 * Calls `found.word` with each keyed word of `text`: its script, its keys (a Latin word may have two,
 * see sound-key.ts `latinSoundKeys`) and the word (a Hangul search stem); and `found.compound` with each
 * compound of two words (sound-key.ts `soundPairDocTerms`): a Hangul search stem of two parts of
 * {@link MIN_COMPOUND_PART_SYLLABLES} or more, once with every such split (피아노레슨: 피아 + 노레슨
 * and 피아노 + 레슨), and two keyed Latin words with only spaces between (piano lesson). One pass
 * over the text.
 */
function crossScriptWords(text: string, found: CrossScriptFound): void {
  const lowered = text.normalize("NFC").toLowerCase();
  let previous: { word: string; keys: readonly SoundKey[]; end: number } | undefined;
  for (const match of lowered.matchAll(WORDS)) {
    const raw = match[0];
    const before = previous;
    previous = undefined;
    if (isHangulSyllableCode(raw.charCodeAt(0))) {
      const stem = keyedHangulStem(raw);
      if (stem === undefined) continue;
      const key = hangulSoundKey(stem);
      if (key) found.word("hangul", [key], stem);
      const pairs = hangulCompoundKeys(stem);
      if (pairs.length > 0) found.compound("hangul", pairs, stem);
    } else if (!isEnglishStopWord(raw)) {
      const keys = latinSoundKeys(raw);
      if (keys.length === 0) continue;
      found.word("latin", keys, raw);
      if (before !== undefined && /^ +$/u.test(lowered.slice(before.end, match.index))) {
        const pairs = before.keys.flatMap((first) => keys.map((second) => [first, second] as const));
        found.compound("latin", pairs, `${before.word} ${raw}`);
      }
      previous = { word: raw, keys, end: match.index + raw.length };
    }
  }
}

/** The keys of each split of a Hangul stem into two parts ({@link crossScriptWords}), both keyed. */
function hangulCompoundKeys(stem: string): (readonly [SoundKey, SoundKey])[] {
  if (stem.length < 2 * MIN_COMPOUND_PART_SYLLABLES || stem.length > MAX_COMPOUND_SYLLABLES) return [];
  const pairs: (readonly [SoundKey, SoundKey])[] = [];
  for (let at = MIN_COMPOUND_PART_SYLLABLES; at <= stem.length - MIN_COMPOUND_PART_SYLLABLES; at++) {
    const first = hangulSoundKey(stem.slice(0, at));
    const second = first && hangulSoundKey(stem.slice(at));
    if (first && second) pairs.push([first, second]);
  }
  return pairs;
}

/**
 * Whether a Hangul word and a Latin word may be one word in two scripts (콩이 / kongi, 피아노 / piano):
 * their sound keys meet as a query word's and a memory's do (sound-key.ts `soundKeysMeet`), or, for a
 * Hangul word with too few consonants for a key (태오, 시우), the Latin word spells it ({@link
 * spelledAlike}). Words of one script never meet here: two Korean words with one key are two words.
 * Recall asks this of the same
 * words again and again (each pair of notes it compares), so each word's keys are kept
 * ({@link KEY_MEMO_WORDS} words of each script, forgotten all at once when full).
 */
export function soundsAlikeAcrossScripts(hangul: string, latin: string): boolean {
  const key = remembered(HANGUL_KEYS, hangul, () => {
    const found = hangulSoundKey(hangul);
    return found === undefined ? [] : [found];
  })[0];
  if (key === undefined) return spelledAlike(hangul, latin);
  return remembered(LATIN_KEYS, latin, () => latinSoundKeys(latin)).some((other) =>
    soundKeysMeet(key, other),
  );
}

/**
 * How many words' keys {@link soundsAlikeAcrossScripts} keeps per script, and the longest word kept (a
 * longer one is keyed each time): a few MB at most.
 */
const KEY_MEMO_WORDS = 20_000;
const MAX_MEMO_WORD_LENGTH = 32;
const HANGUL_KEYS = new Map<string, readonly SoundKey[]>();
const LATIN_KEYS = new Map<string, readonly SoundKey[]>();

function remembered(
  memo: Map<string, readonly SoundKey[]>,
  word: string,
  keysOf: () => readonly SoundKey[],
): readonly SoundKey[] {
  if (word.length > MAX_MEMO_WORD_LENGTH) return keysOf();
  let keys = memo.get(word);
  if (keys === undefined) {
    if (memo.size >= KEY_MEMO_WORDS) memo.clear();
    keys = keysOf();
    memo.set(word, keys);
  }
  return keys;
}

/** Revised Romanization of the initials, medials and finals (Unicode order). */
const RR_INITIALS = "g kk n d tt r m b pp s ss - j jj ch k t p h".split(" ");
const RR_MEDIALS = "a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i".split(" ");
const RR_FINALS = "- k k k n n n t l k m l l l p l m p p t t ng t t k t p t".split(" ");
/** Letters a romanised name needs at least to be compared by spelling (an, ai and imo are words). */
const MIN_SPELLED_LETTERS = 4;

/**
 * Whether a Hangul word too short in consonants for a sound key (태오, 시우, 유나: one consonant sound)
 * and a Latin word are one name spelled in two scripts: the Latin word, spelled as names are (oo and
 * woo for 우, sh for ㅅ before i, ee for 이), is the word's Revised Romanization.
 */
function spelledAlike(hangul: string, latin: string): boolean {
  if (latin.length < MIN_SPELLED_LETTERS || hangul.length < 2) return false;
  let romanised = "";
  for (const char of hangul) {
    const jamo = syllableJamo(char.charCodeAt(0));
    if (jamo === undefined) return false;
    for (const part of [RR_INITIALS[jamo.initial], RR_MEDIALS[jamo.medial], RR_FINALS[jamo.final]]) {
      if (part !== undefined && part !== "-") romanised += part;
    }
  }
  const spelled = latin
    .toLowerCase()
    .replace(/([aeiou])w(oo|u)/gu, "$1$2")
    .replace(/oo/gu, "u")
    .replace(/ee/gu, "i")
    .replace(/sh(?=i)/gu, "s");
  return spelled === romanised;
}
