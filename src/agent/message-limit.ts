/**
 * Longest user message the model sees, in characters (UTF-16 code units). Slack accepts up to 40,000;
 * a longer message than this is still answered, from its first MAX_MESSAGE_CHARS characters and a note
 * telling the model it was cut, and its recall query is cut the same way, so the work of one turn stays
 * bounded however long the message. The conversation history keeps the message whole (its token budget
 * trims it for later prompts). Equal to MAX_MEMORY_CHARS: a message that fits the prompt fits a memory.
 */
export const MAX_MESSAGE_CHARS = 4_000;

/** The first MAX_MESSAGE_CHARS characters of `text`, never ending in half a surrogate pair. */
export function clipMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  const last = text.charCodeAt(MAX_MESSAGE_CHARS - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splitsPair ? MAX_MESSAGE_CHARS - 1 : MAX_MESSAGE_CHARS);
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
