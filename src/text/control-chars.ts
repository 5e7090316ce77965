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
