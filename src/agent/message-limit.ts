/**
 * Longest user message the model sees, in characters (UTF-16 code units). Slack accepts up to 40,000;
 * a longer message than this is still answered, from its first MAX_MESSAGE_CHARS characters and a note
 * telling the model it was cut, and its recall query is cut the same way, so the work of one turn stays
 * bounded however long the message. The conversation history keeps the message whole (its token budget
 * trims it for later prompts). Equal to MAX_MEMORY_CHARS: a message that fits the prompt fits a memory.
 */
export const MAX_MESSAGE_CHARS = 4_000;

/**
 * Longest answer of the model that is passed on, whole or streamed: Slack cuts a message at 40,000
 * characters (and its streaming fields earlier), and the history keeps what was said. A longer answer
 * ends with "…" there; the pieces streamed past it are not sent.
 */
export const MAX_ANSWER_CHARS = 12_000;

/** The first MAX_MESSAGE_CHARS characters of `text`, never ending in half a surrogate pair. */
export function clipMessage(text: string): string {
  return clipTo(text, MAX_MESSAGE_CHARS);
}

/** The model's answer as it is passed on: at most MAX_ANSWER_CHARS characters, "…" when cut. */
export function clipAnswer(text: string): string {
  return text.length <= MAX_ANSWER_CHARS ? text : `${clipTo(text, MAX_ANSWER_CHARS - 1)}…`;
}

/** The first `max` characters of `text`, never ending in half a surrogate pair. */
function clipTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splitsPair ? max - 1 : max);
}

/**
 * The user's message as the prompt carries it: whole when it fits, else clipped and followed by
 *
 * ```text
 * [Message cut: only its first 4000 of 20000 characters are shown here.]
 * ```
 */
export function promptMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  return `${clipMessage(text)}\n\n[Message cut: only its first ${MAX_MESSAGE_CHARS} of ${text.length} characters are shown here.]`;
}
