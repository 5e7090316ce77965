import { syllableJamo } from "./korean.js";

/**
 * A cross-script sound key: a name or loanword written in Hangul and the same word in Latin letters
 * meet at one key, so a Korean question finds an English note about the same class, pet or place and
 * the other way round.
 *
 * The key is the word's consonants as classes, vowels left out and repeats merged:
 *
 * | class | Hangul                    | Latin                                  |
 * | ----- | ------------------------- | -------------------------------------- |
 * | P     | ㅂ ㅃ ㅍ                  | p b f v, ph                            |
 * | T     | ㄷ ㄸ ㅌ, final ㅅ ㅆ ㅈ ㅊ | t d, th at a word's start              |
 * | K     | ㄱ ㄲ ㅋ                  | k g q, c before a back vowel, ck, x(K S) |
 * | S     | ㅅ ㅆ                     | s, sh, c before e i y, th inside a word |
 * | J     | ㅈ ㅉ ㅊ                  | j z, ch, tch                           |
 * | M N L | ㅁ, ㄴ, ㄹ                | m, n, l and r before a vowel           |
 * | G     | final ㅇ                  | ng, n before k g                       |
 * | H     | ㅎ                        | h before a vowel, at the start or after a vowel |
 *
 * This follows the standard romanisation of loanwords (외래어 표기법): a final t is written ㅅ (넷), an
 * r after a vowel is not written (파크), the epenthetic ㅡ carries no sound of its own. Consonants alone
 * collide often (무지 and match, 보리 and barley, 바다 and body), so a key also says whether the word
 * begins with a vowel, holds its first vowel (a Hangul vowel's class must be one the Latin vowel
 * letter is written with in Hangul) and counts its vowel beats (within one of each other). That rules
 * out most such pairs, not all (다리 and dairy still meet): a met key makes a search candidate and
 * counts toward a query's coverage; it never makes a fact by itself (two statements compared side by
 * side may read a name in both scripts as one word, content-words.ts `sameWordAcrossScripts`, and the
 * rest of them must agree).
 *
 * All functions are one pass over the word: linear in its length.
 */

/** A word's key: its consonant classes, the classes of its first vowel, and how many beats it has. */
export interface SoundKey {
  /** The consonant classes, after "_" when the word begins with a vowel (아파트, apartment). */
  consonants: string;
  /** The classes the word's first vowel may have (one for Hangul, those a Latin letter is written with). */
  vowels: readonly string[];
  /**
   * Its vowel beats: a Latin word's vowel groups (a final silent e not counted), a Hangul word's
   * syllables not voiced by ㅡ. The two spellings of a word may differ by one (로빈 for Robin, 마이크
   * for Mike: Hangul writes a diphthong or a glide as a syllable of its own; 존스 for Jones).
   */
  beats: number;
}

/** Keys of fewer classes than this mean nothing (one consonant: most words of either script). */
export const MIN_KEY_CLASSES = 2;

/** Initials in Unicode order (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ), "-" for the silent ㅇ. */
const INITIALS = "K K N T T L M P P S S - J J J K T P H".split(" ");
/** Medials in Unicode order (ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ), "-" for ㅡ. */
const MEDIALS = "a e a e o e o e o a e e o u o e i u - i i".split(" ");
/** Finals in Unicode order (none ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ). */
const FINALS = "- K K K N N N T L LK LM LP L LT LP L M P P T T G T T K T P -".split(" ");

/** The Hangul vowel classes a Latin vowel letter is written with in loanwords (Mike 마이크, bus 버스). */
const LATIN_VOWELS: Readonly<Record<string, readonly string[]>> = {
  a: ["a", "e"],
  e: ["e", "i", "o"],
  i: ["i", "a"],
  o: ["o", "u"],
  u: ["u", "o"],
  y: ["i", "a"],
};

const GLIDE_E_VOWELS: readonly string[] = ["e", "o"];
/** "ew" is written 우 or 유 (crew 크루, news 뉴스), beside what e alone may be. */
const EW_VOWELS: readonly string[] = [...(LATIN_VOWELS.e as readonly string[]), "u"];

const sound = (c: string): string => (c === "-" ? "" : c);

/** The key of a word of Hangul syllables (a search stem, particles already stripped). */
export function hangulSoundKey(word: string): SoundKey | undefined {
  let classes = "";
  let vowel: string | undefined;
  let beats = 0;
  for (let i = 0; i < word.length; i++) {
    const jamo = syllableJamo(word.charCodeAt(i));
    if (jamo === undefined) return undefined;
    const initial = sound(INITIALS[jamo.initial]!);
    classes += i === 0 && initial === "" ? "_" : initial;
    const medial = sound(MEDIALS[jamo.medial]!);
    if (medial !== "") {
      vowel ??= medial;
      beats += 1;
    }
    classes += sound(FINALS[jamo.final]!);
  }
  return keyOf(classes, vowel === undefined ? [] : [vowel], beats);
}

const isVowelLetter = (c: string | undefined): boolean => c !== undefined && "aeiouy".includes(c);
/** y and w: a glide before a vowel, not a consonant of their own. */
const isGlide = (c: string): boolean => c === "y" || c === "w";

/**
 * The keys of a word of Latin letters under each way Hangul may write it: one, or two when an ng comes
 * before a vowel, which is ㅇ and ㄱ in a loanword (finger 핑거, Singapore 싱가포르) but ㅇ alone in a
 * romanised Korean name or place (Kongi 콩이, Yongin 용인). None for anything but lower-case letters,
 * or for a word without a vowel (an acronym is read letter by letter in Korean, 피티 for PT).
 */
export function latinSoundKeys(word: string): SoundKey[] {
  const keys: SoundKey[] = [];
  const withK = latinKey(word, true);
  if (withK) keys.push(withK);
  if (/ng[aeiouy]/u.test(word)) {
    const withoutK = latinKey(word, false);
    if (withoutK && withoutK.consonants !== withK?.consonants) keys.push(withoutK);
  }
  return keys;
}

function latinKey(word: string, ngVowelHasK: boolean): SoundKey | undefined {
  if (!/^[a-z]+$/u.test(word)) return undefined;
  let classes = "";
  let vowel: readonly string[] | undefined;
  let beats = 0;
  let afterVowel = false;
  const n = word.length;
  let i = 0;
  while (i < n) {
    const c = word[i]!;
    const next = word[i + 1];
    if (isVowelLetter(c) && !(c === "y" && (i === 0 || isVowelLetter(next)))) {
      // A word that begins with its vowel, or with a glide before it, begins with a vowel in Hangul:
      // Hangul writes y and w before a vowel inside the vowel (예린 for Yerin, 원 for Won, 웨딩 for wedding).
      const afterGlide = i === 1 && isGlide(word[0]!);
      if (i === 0 || afterGlide) classes += "_";
      // After a glide, e is 웨, 예 or 여, never the 이 it may be alone (email 이메일).
      vowel ??=
        afterGlide && c === "e" ? GLIDE_E_VOWELS : c === "e" && next === "w" ? EW_VOWELS : LATIN_VOWELS[c];
      // A new group of vowel letters is a beat, but not a final e after a consonant (mike, code).
      if (!afterVowel && !(c === "e" && i === n - 1 && beats > 0)) beats += 1;
      afterVowel = true;
      i += 1;
      continue;
    }
    afterVowel = false;
    let add = "";
    let step = 1;
    switch (c) {
      case "p":
        add = "P";
        if (next === "h") step = 2;
        break;
      case "b":
      case "f":
      case "v":
        add = "P";
        break;
      case "t":
        if (next === "c" && word[i + 2] === "h") {
          add = "J";
          step = 3;
        } else if (next === "h") {
          add = i === 0 ? "T" : "S";
          step = 2;
        } else add = "T";
        break;
      case "d":
        add = "T";
        break;
      case "k":
      case "q":
        add = "K";
        break;
      case "g":
        if (next === "h") {
          add = i === 0 ? "K" : "";
          step = 2;
        } else add = "K";
        break;
      case "c":
        if (next === "h") {
          add = word[i + 2] === "r" ? "K" : "J";
          step = 2;
        } else if (next === "k") {
          add = "K";
          step = 2;
        } else add = next === "e" || next === "i" || next === "y" ? "S" : "K";
        break;
      case "x":
        add = "KS";
        break;
      case "s":
        add = "S";
        if (next === "h") step = 2;
        break;
      case "j":
      case "z":
        add = "J";
        break;
      case "m":
        add = "M";
        break;
      case "n":
        add = next === "g" || next === "k" ? "G" : "N";
        if (next === "g" && (!ngVowelHasK || !isVowelLetter(word[i + 2]))) step = 2;
        break;
      case "l":
        add = "L";
        break;
      case "r":
        add = isVowelLetter(next) ? "L" : "";
        break;
      case "h":
        add = isVowelLetter(next) && (i === 0 || isVowelLetter(word[i - 1])) ? "H" : "";
        break;
      default:
        // w, and y before a vowel: glides, written as part of the vowel in Hangul.
        add = "";
    }
    classes += add;
    i += step;
  }
  if (vowel === undefined) return undefined;
  return keyOf(classes, vowel, beats);
}

/** Merges repeated classes; a key too short to mean anything (or without a vowel) is undefined. */
function keyOf(classes: string, vowels: readonly string[], beats: number): SoundKey | undefined {
  let merged = "";
  for (const c of classes) if (merged[merged.length - 1] !== c) merged += c;
  if (merged.replace("_", "").length < MIN_KEY_CLASSES || vowels.length === 0) return undefined;
  return { consonants: merged, vowels, beats };
}

/** How far apart the beats of a word's two spellings may be ({@link SoundKey.beats}). */
const BEAT_SLACK = 1;

/**
 * The terms a memory's word is indexed under: its script, consonant classes, and each class its first
 * vowel may have with its beats. Few per word, since every memory's words are indexed.
 */
export function soundDocTerms(script: "hangul" | "latin", key: SoundKey): string[] {
  const prefix = `~${script === "hangul" ? "h" : "l"}:${key.consonants}`;
  return key.vowels.map((v) => `${prefix}:${v}${key.beats}`);
}

/**
 * The terms a query's word looks for among the memories' words of the other script: its key with
 * each vowel class it may have and each count of beats within {@link BEAT_SLACK} of its own — a
 * memory's word meets it when one of its {@link soundDocTerms} is among these.
 */
export function soundQueryTerms(otherScript: "hangul" | "latin", key: SoundKey): string[] {
  const prefix = `~${otherScript === "hangul" ? "h" : "l"}:${key.consonants}`;
  const terms: string[] = [];
  for (const v of key.vowels) for (const b of beatsNear(key)) terms.push(`${prefix}:${v}${b}`);
  return terms;
}

/**
 * Whether a Hangul word's key and a Latin word's meet: what {@link soundQueryTerms} of the one finds
 * among {@link soundDocTerms} of the other, compared without building the terms.
 */
export function soundKeysMeet(hangul: SoundKey, latin: SoundKey): boolean {
  return (
    hangul.consonants === latin.consonants &&
    hangul.beats >= 1 &&
    Math.abs(hangul.beats - latin.beats) <= BEAT_SLACK &&
    hangul.vowels.some((vowel) => latin.vowels.includes(vowel))
  );
}

/** The counts of beats within {@link BEAT_SLACK} of a key's own, at least one. */
function beatsNear(key: SoundKey): number[] {
  const out: number[] = [];
  for (let b = Math.max(1, key.beats - BEAT_SLACK); b <= key.beats + BEAT_SLACK; b++) out.push(b);
  return out;
}

/**
 * The terms of a compound of two words under their two keys: a Hangul word that runs two loanwords
 * together (피아노레슨, 게임센터, split where each part has two syllables or more) and two Latin words
 * side by side (piano lesson, game center) meet when, in order, each part's consonants agree and its
 * beats are within {@link BEAT_SLACK}, and the first parts' first vowels agree. Korean writes such a
 * compound as one word, English as two, so neither whole word has the other's key. Two parts that each
 * agree are rarer by chance than one long key (which met a name of five syllables to two English
 * words); the second part's vowel is left out, which keeps a Latin pair's terms few (one per vowel of
 * its first word) and measured the same on the evaluation sets (docs/benchmarks.md).
 */
export function soundPairDocTerms(script: "hangul" | "latin", first: SoundKey, second: SoundKey): string[] {
  const prefix = `~${script === "hangul" ? "h" : "l"}2:`;
  const rest = `${second.consonants}:${second.beats}`;
  return first.vowels.map((v) => `${prefix}${first.consonants}:${v}${first.beats}|${rest}`);
}

/** The terms a query's compound of two words looks for among the other script's ({@link soundPairDocTerms}). */
export function soundPairQueryTerms(
  otherScript: "hangul" | "latin",
  first: SoundKey,
  second: SoundKey,
): string[] {
  const prefix = `~${otherScript === "hangul" ? "h" : "l"}2:`;
  const firsts = first.vowels.flatMap((v) => beatsNear(first).map((b) => `${first.consonants}:${v}${b}`));
  const seconds = beatsNear(second).map((b) => `${second.consonants}:${b}`);
  return firsts.flatMap((a) => seconds.map((b) => `${prefix}${a}|${b}`));
}
