import { Tiktoken } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";

/** Counts and cuts text in model tokens. Injected so tests can count something simpler. */
export interface TokenCounter {
  count(text: string): number;
  /** The longest prefix of `text` of at most `maxTokens` tokens (no broken character at the end). */
  truncate(text: string, maxTokens: number): string;
}

let encoder: Tiktoken | undefined;

// Building the cl100k_base encoder takes most of a second, so it happens on first use (or at start with
// preloadTokenizer), never at import.
function cl100k(): Tiktoken {
  encoder ??= new Tiktoken(cl100kBase);
  return encoder;
}

// An empty disallowed list makes text such as "<|endoftext|>" count as plain text instead of throwing.
const NO_SPECIAL: string[] = [];

/** Decoding a prefix may end inside a multi-byte character; that shows as U+FFFD. */
const BROKEN_TAIL = /\uFFFD+$/u;

/** cl100k_base token counts (js-tiktoken), as the project budgets prompts. */
export const cl100kTokenCounter: TokenCounter = {
  count(text: string): number {
    return text === "" ? 0 : cl100k().encode(text, NO_SPECIAL, NO_SPECIAL).length;
  },
  truncate(text: string, maxTokens: number): string {
    if (maxTokens <= 0) return "";
    const tokens = cl100k().encode(text, NO_SPECIAL, NO_SPECIAL);
    if (tokens.length <= maxTokens) return text;
    return cl100k().decode(tokens.slice(0, maxTokens)).replace(BROKEN_TAIL, "");
  },
};

/** Builds the cl100k_base encoder now, so the first reply does not pay for it. */
export function preloadTokenizer(): void {
  cl100k();
}
