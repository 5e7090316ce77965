/**
 * Control characters in text a person typed or a terminal shows: they carry no words, an escape
 * sequence (ESC [ 31 m) drives the terminal that prints it, and a bidirectional override disguises what
 * a text says. Linear patterns (regex-safety.ts).
 */

/** An ANSI CSI escape sequence: ESC [, parameter bytes, intermediate bytes, one final byte. */
// eslint-disable-next-line no-control-regex -- the escape character is what this pattern finds
const CSI_SEQUENCE_RE = /\u001b\[[0-?]*[ -/]*[@-~]/gu;
/**
 * C0 and C1 controls and DEL, but tab, line feed and carriage return; and the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), which show a text in another order than it is
 * read ("invoice‮fdp.exe"). Joiners, which emoji and some scripts need, stay.
 */
const CONTROL_CHAR_RE = /(?![\t\n\r])\p{Cc}|[\u202a-\u202e\u2066-\u2069]/gu;

/** `text` without escape sequences and control characters (tab and line breaks stay). */
export function withoutControlChars(text: string): string {
  return text.replace(CSI_SEQUENCE_RE, "").replace(CONTROL_CHAR_RE, "");
}

/** Full-width forms of ASCII (U+FF01–U+FF5E: "１２３", "ＡＢ"), typed by a CJK input method. */
const FULL_WIDTH_RE = /[\uff01-\uff5e]/gu;
/** The distance from a full-width form to its ASCII character. */
const FULL_WIDTH_OFFSET = 0xfee0;
/**
 * Characters that show nothing and join nothing: the zero-width space and the byte-order mark. The
 * joiners (U+200C, U+200D, U+2060), which emoji and some scripts need, stay.
 */
const INVISIBLE_RE = /[\u200b\ufeff]/gu;

/** Any character {@link typedText} changes besides composition (tab and line breaks need nothing). */
const NEEDS_CLEANING_RE =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\ufeff\u3000\uff01-\uff5e]/u;

/**
 * A text a person typed, as the project reads and keeps it: without control characters
 * ({@link withoutControlChars}), composed (NFC: Hangul pasted as separate jamo, NFD, reads as the
 * syllables it shows), full-width ASCII as ASCII ("１２３" is 123: the same number to search, forget and
 * the secret filter), the ideographic space as a space, and no zero-width spaces. Not NFKC: it would
 * turn the jamo of "ㅋㅋ" into initial consonants.
 */
export function typedText(text: string): string {
  // Most texts hold none of these: one scan, and only composition.
  if (!NEEDS_CLEANING_RE.test(text)) return text.normalize("NFC");
  return withoutControlChars(text)
    .normalize("NFC")
    .replace(FULL_WIDTH_RE, (c) => String.fromCharCode(c.charCodeAt(0) - FULL_WIDTH_OFFSET))
    .replace(/\u3000/gu, " ")
    .replace(INVISIBLE_RE, "");
}
