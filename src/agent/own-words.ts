import { contentTokens } from "../text/tokenizer.js";

/**
 * Whether `text` — what the model asks its `remember` tool to keep — is the speaker's own words: every
 * content word of it (the keyword index's {@link contentTokens}: Hangul bigrams with particles stripped,
 * English stems without stop words, numbers) occurs in `ownMessages`, the speaker's own messages of
 * this conversation (this turn's message and their earlier turns; never another participant's, a
 * memory or a tool result). Reordering and dropping words pass; a word the speaker never wrote — one
 * taken from someone else's message, a memory saved from another person's text, or the model's own
 * — refuses the whole text. A text without content words is refused too: it keeps nothing.
 */
export function isOwnWords(text: string, ownMessages: readonly string[]): boolean {
  const wanted = new Set(contentTokens(text));
  if (wanted.size === 0) return false;
  const own = new Set(ownMessages.flatMap((message) => contentTokens(message)));
  for (const token of wanted) if (!own.has(token)) return false;
  return true;
}
