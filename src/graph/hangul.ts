/** Small Hangul helpers: syllable tests and final-consonant (받침) detection, used to strip particles. */

const HANGUL_SYLLABLE_FIRST = 0xac00;
const HANGUL_SYLLABLE_LAST = 0xd7a3;
/** Each initial+medial pair spans 28 finals; index 0 means "no final consonant". */
const FINALS_PER_SYLLABLE = 28;

/** True for a precomposed Hangul syllable (가–힣). */
export function isHangulSyllable(char: string | undefined): boolean {
  if (char === undefined || char.length === 0) return false;
  const code = char.codePointAt(0) ?? 0;
  return code >= HANGUL_SYLLABLE_FIRST && code <= HANGUL_SYLLABLE_LAST;
}

/** True when `char` is a Hangul syllable with a final consonant (받침), e.g. 현 → true, 리 → false. */
export function hasBatchim(char: string | undefined): boolean {
  if (!isHangulSyllable(char)) return false;
  const code = (char ?? "").codePointAt(0) ?? 0;
  return (code - HANGUL_SYLLABLE_FIRST) % FINALS_PER_SYLLABLE !== 0;
}

/** True when the text contains any Hangul syllable. */
export function containsHangul(text: string): boolean {
  return /[\uac00-\ud7a3]/u.test(text);
}

/** Last character of a string (code-point aware). */
export function lastChar(text: string): string | undefined {
  const chars = [...text];
  return chars[chars.length - 1];
}

/** Number of code points (a Hangul syllable counts once). */
export function charCount(text: string): number {
  return [...text].length;
}
