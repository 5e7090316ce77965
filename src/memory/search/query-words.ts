/**
 * A query's words as a memory may write them otherwise: in the other script (tokenizer.ts
 * `crossScriptQueryWords`: 볼링 / bowling) or by another name of the same thing (fact-words.ts
 * `otherNamesOf`, the lexicon of words/same-thing.ts: 내선 / extension, 비행기 / flight). The keyword
 * search looks for those spellings too, and a memory that holds one counts as holding the query word,
 * for coverage and for the recency step's topic words.
 */
import { otherNamesOf } from "../../extraction/fact-words.js";
import { isEnglishStopWord, stemEnglishWord } from "../../text/english.js";
import { isHangulSyllableCode, stripSearchSuffixes } from "../../text/korean.js";
import {
  contentTokens,
  crossScriptQueryWords,
  tokenize,
  tokensWrittenOtherwise,
  type CrossScriptWord,
} from "../../text/tokenizer.js";

/** Runs of Hangul syllables and of Latin letters (a run with a digit is a code and has no other name). */
const WORD_RE = /[\p{Script=Hangul}]+|[a-z0-9]+/gu;

/** A query word that has other names: its own tokens, and each other name's tokens. */
interface NamedWord {
  tokens: string[];
  names: string[][];
}

/** How a query's words may be written otherwise ({@link queryWords}). */
export interface QueryWords {
  /** Terms to search for beside the query's own tokens: the other script's sound keys, the other names' tokens. */
  readonly searchTerms: readonly string[];
  /**
   * The query's tokens that a memory holds under another spelling or name: the tokens of each query
   * word whose other-script spelling is in `text`, or all of whose other name's tokens are in `tokens`
   * (the text's own, {@link tokenize}).
   */
  heldOtherwise(text: string, tokens: ReadonlySet<string>): string[];
}

/** The query's words as a memory may write them otherwise (see the module comment). */
export function queryWords(query: string): QueryWords {
  const otherScript: CrossScriptWord[] = crossScriptQueryWords(query);
  const named = namedWords(query);
  return {
    searchTerms: [
      ...otherScript.flatMap((word) => word.terms),
      ...named.flatMap((word) => word.names.flat()),
    ],
    heldOtherwise(text, tokens) {
      const held = tokensWrittenOtherwise(otherScript, text);
      for (const word of named) {
        if (word.names.some((name) => name.every((token) => tokens.has(token)))) held.push(...word.tokens);
      }
      return held;
    },
  };
}

/**
 * Whether another name's search term is safe to look for: an English term of three letters or fewer
 * (ext; wed, the stem of wedding) is also another word's, so it is compared between two notes
 * (fact-words.ts `sameContentWord`) but not searched for.
 */
function isUnambiguous(term: string): boolean {
  return !/^[a-z]{1,3}$/u.test(term);
}

/** The query's words that the same-thing lexicon knows, each with its other names' tokens. */
function namedWords(query: string): NamedWord[] {
  const out: NamedWord[] = [];
  for (const [raw] of query.normalize("NFC").toLowerCase().matchAll(WORD_RE)) {
    let key: string | undefined;
    if (isHangulSyllableCode(raw.charCodeAt(0))) key = `ko:${stripSearchSuffixes(raw)}`;
    else if (/^[a-z]+$/u.test(raw) && !isEnglishStopWord(raw)) key = `en:${stemEnglishWord(raw)}`;
    if (key === undefined) continue;
    const tokens = contentTokens(raw);
    const names = otherNamesOf(key)
      .map((name) => tokenize(name))
      // A short form inside the word (내선 of 내선번호) is the part the text is already credited with.
      .filter(
        (name) => name.length > 0 && name.every(isUnambiguous) && !name.every((t) => tokens.includes(t)),
      );
    if (names.length > 0 && tokens.length > 0) out.push({ tokens, names });
  }
  return out;
}
