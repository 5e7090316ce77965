/**
 * Control characters in text a person typed or a terminal shows: they carry no words, and an escape
 * sequence (ESC [ 31 m) drives the terminal that prints it. Linear patterns (regex-safety.ts).
 */

/** An ANSI CSI escape sequence: ESC [, parameter bytes, intermediate bytes, one final byte. */
// eslint-disable-next-line no-control-regex -- the escape character is what this pattern finds
const CSI_SEQUENCE_RE = /\u001b\[[0-?]*[ -/]*[@-~]/gu;
/** C0 and C1 controls and DEL, but tab, line feed and carriage return. */
const CONTROL_CHAR_RE = /(?![\t\n\r])\p{Cc}/gu;

/** `text` without escape sequences and control characters (tab and line breaks stay). */
export function withoutControlChars(text: string): string {
  return text.replace(CSI_SEQUENCE_RE, "").replace(CONTROL_CHAR_RE, "");
}
