/**
 * What a query asks about, for telling whether a newer memory says that the older one's fact changed
 * (recency.ts `restatesForQuery`): the query's topic words, and whether two memories share them
 * in the way a fact and its update do.
 */
import { isChangeMarkerTerm, statementWords } from "../../extraction/fact-words.js";
import { stemEnglishWord } from "../../text/english.js";
import { stripSearchSuffixes } from "../../text/korean.js";
import { contentTokens, nameTokens, queryContentTokens, tokenize } from "../../text/tokenizer.js";
import { trimEndWhile } from "../../text/trim.js";
import { words } from "../../text/word-list.js";

/** Query terms too short or too common to say what a memory is about: units after a number (4시, 7번). */
const UNIT_TERMS: ReadonlySet<string> = new Set(words("시 분 초 일 월 년 번 원 층 호 개 명 살 주"));

const WORD_CHAR_RE = /[\p{L}\p{N}]/u;
const isNotWordChar = (c: string): boolean => !WORD_CHAR_RE.test(c);

/** A word of a query that says which thing it asks about ({@link topicWords}). */
export interface TopicWord {
  /** Its search terms (any one found in a memory means the memory holds the word). */
  terms: readonly string[];
  /** Whether it qualifies the topic word right after it: bare, before a noun ("누나 차", "office printer"). */
  qualifies: boolean;
}

/**
 * The words of a query that say which thing it asks about, in order: its content words (fact-words.ts
 * `statementWords`: no predicate, value, time or function word), each as its search terms, without
 * units ({@link UNIT_TERMS}), names (a person is in many memories of many facts) and change markers
 * ("new", "now": the words of the change, not of the thing).
 */
export function topicWords(query: string): TopicWord[] {
  const names = new Set(nameTokens(query));
  // Two readings, each dropping what the other keeps: the query reading drops the light verb that ends
  // a question (가, 와, 해), the statement reading drops predicates, values and time words.
  const kept = new Set(queryContentTokens(query));
  // A statement word is kept as its stem (en:…), which the tokenizer stems once more: a term is
  // allowed if it or its stem is among these.
  const allowed = new Set(
    statementWords(query).content.flatMap((word) => contentTokens(word.slice(word.indexOf(":") + 1))),
  );
  const found: { terms: string[]; bare: boolean }[] = [];
  for (const raw of query.normalize("NFC").split(/\s+/u)) {
    const terms = contentTokens(raw).filter(
      (term) =>
        (allowed.has(term) || allowed.has(stemEnglishWord(term))) &&
        kept.has(term) &&
        !/\d/u.test(term) &&
        !UNIT_TERMS.has(term) &&
        !names.has(term) &&
        !isChangeMarkerTerm(term),
    );
    const word = raw.toLowerCase();
    const bare = trimEndWhile(word, isNotWordChar) === word && stripSearchSuffixes(word) === word;
    found.push({ terms, bare });
  }
  return found.flatMap((word, i) =>
    word.terms.length === 0
      ? []
      : [{ terms: word.terms, qualifies: word.bare && (found[i + 1]?.terms.length ?? 0) > 0 }],
  );
}

/**
 * Whether `newer` holds what the query asks about in `older`. Of the topic words `older` holds (any of
 * a word's terms), `newer` must hold more than half, and it must not lack one that names which thing is
 * meant: the last one `older` holds (what is asked about the thing: the 생일 of "도율이 생일", while a
 * name or a place alone is shared by many facts) or a qualifier (the 누나 of "누나 차": two things of
 * one kind). When the query has more than one, the first alone is not enough.
 */
export function sharesQueryTopic(
  older: ReadonlySet<string>,
  newer: ReadonlySet<string>,
  topic: readonly TopicWord[],
): boolean {
  let inOlder = 0;
  let inBoth = 0;
  let lastShared = -1;
  let lastInOlder = -1;
  topic.forEach((word, i) => {
    if (!holds(older, word)) return;
    inOlder++;
    lastInOlder = i;
    if (holds(newer, word)) {
      inBoth++;
      lastShared = i;
    }
  });
  if (inBoth === 0 || 2 * inBoth <= inOlder || lastShared !== lastInOlder) return false;
  // Sharing only the query's first word (the thing: "도율이" of "도율이 … 취미") says nothing of which fact.
  if (topic.length > 1 && lastShared === 0) return false;
  return !dropsQualifier(older, newer, topic);
}

/**
 * How a change statement whose own words say which fact it changes (fact-slots.ts `changeOverlap`) is
 * tied to the query when it holds too little of it for {@link sharesQueryTopic}:
 * - `"shares"`: both memories hold one of the query's topic words, not only its first when it has
 *   more (the thing, which its many facts share);
 * - `"keeps"`: `newer` holds one of them (enough when the value asked for ties the rest);
 * - `"none"`: `newer` holds none, or lacks a qualifier of the query `older` holds (another thing of
 *   the kind) — unless `mayDropQualifier`: the caller found that `newer` points at `older` itself,
 *   as a follow-up that leaves the qualifier out does ("방문 선생님 한미숙 님" → "한미숙 님 그만두셔서
 *   다음 주부터 새 선생님").
 */
export function topicTie(
  older: ReadonlySet<string>,
  newer: ReadonlySet<string>,
  topic: readonly TopicWord[],
  options: { mayDropQualifier?: boolean } = {},
): "shares" | "keeps" | "none" {
  if (!holdsTopic(newer, topic)) return "none";
  if (options.mayDropQualifier !== true && dropsQualifier(older, newer, topic)) return "none";
  const shares = topic.some(
    (word, i) => (i > 0 || topic.length === 1) && holds(older, word) && holds(newer, word),
  );
  return shares ? "shares" : "keeps";
}

/**
 * Whether `newer` lacks a query word that qualifies the thing (the 아빠 of "아빠 병원 예약") which
 * `older` holds: then `newer` may be about another thing of the kind, whatever else they share.
 */
function dropsQualifier(
  older: ReadonlySet<string>,
  newer: ReadonlySet<string>,
  topic: readonly TopicWord[],
): boolean {
  return topic.some((word) => word.qualifies && holds(older, word) && !holds(newer, word));
}

/** Whether a memory's terms hold any of the query's topic words. */
export function holdsTopic(memory: ReadonlySet<string>, topic: readonly TopicWord[]): boolean {
  return topic.some((word) => holds(memory, word));
}

function holds(memory: ReadonlySet<string>, word: TopicWord): boolean {
  return word.terms.some((term) => memory.has(term));
}

/**
 * Whether some content key (fact-words.ts: `ko:` or `en:` and a stem) names what the query's terms do
 * not: an English stem that is no term, or a Korean word none of whose search terms (the tokenizer's)
 * is one.
 */
export function saysOutsideQuery(keys: readonly string[], queryTerms: ReadonlySet<string>): boolean {
  return keys.some((key) => {
    const word = key.slice(key.indexOf(":") + 1);
    const terms = key.startsWith("ko:") ? tokenize(word) : [word];
    return !terms.some((term) => queryTerms.has(term));
  });
}
