/**
 * Where sentences end, for Korean and English text: {@link endsSentence} judges one word (a run of
 * non-space characters; the chunker's segments.ts judges the line breaks between words itself), and
 * {@link splitSentences}, the one sentence splitter (the rule extractor and the speech-act classifier),
 * cuts a text with it.
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

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

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

/** A dash standing alone between words ("A — B", "A - B"), which may end a sentence (see splitSentences). */
const DASH_WORDS = new Set(["—", "–", "-"]);
const WORD_RE = /\S+/gu;

export interface SplitSentencesOptions {
  /**
   * Also end a sentence at a dash standing between two words ("renews on June 8 — ask the team"):
   * the dash itself belongs to neither sentence. A dash that opens a sentence (a list item) stays.
   */
  dashes?: boolean;
  /**
   * Also end a sentence at a chat mark of Hangul letters — laughter or tears, standing alone or glued to
   * the word before ("이사했어 ㅋㅋ 이제 …", "좋다ㅎㅎ", "ㅠㅠ"): Korean chat writes them where a full stop
   * would go. The mark itself belongs to neither sentence.
   */
  chatMarks?: boolean;
  /**
   * Also end a sentence after a number with a full stop when the next word does not begin with a digit
   * ("시급 11500. 연휴 때 …"): a Korean date (`2024. 10. 27.`) goes on with digits.
   */
  numberStops?: boolean;
}

/** Hangul letters (jamo) as chat writes them alone: ㅋ, ㅎ, ㅠ, ㅜ. */
const isHangulLetter = (c: string): boolean => c >= "ㄱ" && c <= "ㅣ";
/** Shortest run of letters that is a chat mark (one "ㅇ" is a yes). */
const MIN_CHAT_MARK_LETTERS = 2;

/** Where a chat mark (a run of Hangul letters, with any closing punctuation) ends `word` begins, or -1. */
function chatMarkStart(word: string): number {
  const letters = trimEndWhile(word, inSet(".!?~"));
  const at = trimEndWhile(letters, isHangulLetter).length;
  return letters.length - at >= MIN_CHAT_MARK_LETTERS ? at : -1;
}

/**
 * The sentences of `text`, in order, each without the whitespace around it: a sentence ends at a word
 * that {@link endsSentence}, after a full-width terminator inside a word (`좋아요。내일`), at a line break,
 * with `dashes` at a dash between words, and with `chatMarks` at a chat mark (ㅋㅋ). Linear in the length of
 * the text.
 *
 * @example splitSentences("Dr. Kim called. 내일 와요!\n끝") → ["Dr. Kim called.", "내일 와요!", "끝"]
 */
export function splitSentences(text: string, options: SplitSentencesOptions = {}): string[] {
  const sentences: string[] = [];
  /** Start of the open sentence, or -1. */
  let from = -1;
  /** End of the open sentence's last word. */
  let to = 0;
  const close = (): void => {
    if (from >= 0) sentences.push(text.slice(from, to));
    from = -1;
  };
  /** Whether the last word was a number with a full stop (`numberStops`). */
  let afterNumberStop = false;
  for (const match of text.matchAll(WORD_RE)) {
    const start = match.index;
    const word = match[0];
    if (from >= 0 && lineBreaks(text, to, start) > 0) close();
    if (afterNumberStop && !isDigit(word.charCodeAt(0))) close();
    afterNumberStop = options.numberStops === true && BARE_NUMBER.test(word);
    if (options.dashes === true && from >= 0 && DASH_WORDS.has(word)) {
      close();
      continue;
    }
    const mark = options.chatMarks === true ? chatMarkStart(word) : -1;
    if (mark >= 0) {
      // The word before the mark, if any, ends the open sentence; the mark is dropped.
      if (mark > 0) {
        if (from < 0) from = start;
        to = start + mark;
      }
      close();
      continue;
    }
    let pieceStart = start;
    for (const end of word.matchAll(FULL_WIDTH_END)) {
      const endAt = start + end.index + end[0].length;
      if (endAt >= start + word.length) break;
      if (from < 0) from = pieceStart;
      to = endAt;
      close();
      pieceStart = endAt;
    }
    if (from < 0) from = pieceStart;
    to = start + word.length;
    if (endsSentence(word.slice(pieceStart - start))) close();
  }
  close();
  return sentences;
}
