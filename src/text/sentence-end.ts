/**
 * Where sentences end, for Korean and English text. Pure functions on one word (a run of non-space
 * characters); the line breaks between words are judged by the caller (segments.ts).
 *
 * A word ends a sentence when it ends with `.`, `!`, `?` or `…` (Korean 다. 요. 죠. 까? 니다. 음. 함.
 * alike), possibly followed by closing quotes or brackets — except the dots of an abbreviation (`Mr.`,
 * `e.g.`, `U.S.`, a single initial) and of a bare number (`2024. 10. 27.` is a Korean date, `3.` a list
 * item). The full-width `。`, `！`, `？` end a sentence even without a space after them, as Chinese and
 * Japanese write them.
 */
import { inSet, trimEndWhile } from "./trim.js";

/** Closing quotes and brackets that may follow a sentence's final punctuation. */
const isCloser = inSet(`"'”’)]}」』〉》`);
const FINAL_PUNCTUATION = /[.!?…。！？]$/u;
/** Full-width terminators followed by closers, inside a word: a sentence ends after them. */
export const FULL_WIDTH_END = /[。！？]["'”’)\]}」』〉》]*/gu;

/** Words whose final dot is an abbreviation's (lower-cased). */
const ABBREVIATIONS = new Set([
  "mr.",
  "mrs.",
  "ms.",
  "dr.",
  "prof.",
  "sr.",
  "jr.",
  "st.",
  "vs.",
  "no.",
  "fig.",
  "cf.",
  "approx.",
]);

/** Initials and dotted abbreviations: `J.`, `U.S.`, `e.g.`, `i.e.`. */
const DOTTED = /^(?:\p{L}\.)+$/u;
const BARE_NUMBER = /^\d+\.$/;

/** Does this word end a sentence (when a space or the end of the text follows it)? */
export function endsSentence(word: string): boolean {
  const bare = trimEndWhile(word, isCloser);
  if (!FINAL_PUNCTUATION.test(bare)) return false;
  if (!bare.endsWith(".") || bare.endsWith("..")) return true;
  return !(ABBREVIATIONS.has(bare.toLowerCase()) || DOTTED.test(bare) || BARE_NUMBER.test(bare));
}

/** The number of line breaks (`\r\n`, `\n` or `\r`) in `text` from `from` to `to`. */
export function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n++;
  }
  return n;
}
