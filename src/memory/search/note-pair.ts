/**
 * Two recalled memories of one user that the recency step (recency.ts) compares, older first, with what
 * it knows of the query, and the word measures on such a pair that its tests share. Pure.
 */
import type { AttributeQuestion } from "../../extraction/asked-attributes.js";
import type { FactSlotMemo } from "../../extraction/fact-slots.js";
import type { ValueKind } from "../../extraction/fact-words.js";
import { seriesNumbers } from "../../extraction/words/value-words.js";
import { namesValueOnlyIn } from "../../text/tokenizer.js";
import type { TopicWord } from "./query-topic.js";

/** Two memories the recency step compares, older first, with what it knows of the query. */
export interface NotePair {
  /** Each memory's terms: its tokens and the query words it writes otherwise (query-words.ts). */
  older: ReadonlySet<string>;
  newer: ReadonlySet<string>;
  /** The query's tokens (tokenizer.ts `tokenize`). */
  queryTerms: ReadonlySet<string>;
  texts: { older: string; newer: string };
  /** Where the texts' slots and words are remembered (hybrid-ranking.ts `RankHybridOptions.factSlots`). */
  factSlots?: FactSlotMemo | undefined;
  /** The query's topic words (query-topic.ts). */
  topic?: readonly TopicWord[] | undefined;
  /** The kinds of value the query asks for (fact-words.ts `askedValueKinds`). */
  asked?: ReadonlySet<ValueKind> | undefined;
  /** Whether the query asks what is so now (speech-act.ts `asksCurrentState`). */
  current?: boolean | undefined;
  /** What the query asks of the graph (asked-attributes.ts `readQuestion`). */
  question?: AttributeQuestion | undefined;
  /** The numbers by which the query names one of a series (value-words.ts `seriesNumbers`: 2차, chapter 3). */
  series?: ReadonlySet<string> | undefined;
}

/**
 * Two memories state the same fact when the Dice overlap of their token sets reaches this,
 * 2·|A ∩ B| / (|A| + |B|). On kmem-dev: 0.20 leaves stale-above-gold at 0.18, 0.15 brings it to 0.12
 * at the cost of one mixed-language answer dropping from rank 3 to 4; memory pairs about unrelated
 * things rarely exceed 0.15.
 */
export const SAME_FACT_MIN_DICE = 0.15;

/**
 * Whether the query names a value (a term with a digit) that `older` holds and `newer` lacks: then it
 * asks for the older memory itself ("메모 3번" among numbered notes), not for the newest value of its fact.
 */
export function namesOlderValue(
  pair: Pick<NotePair, "older" | "newer" | "queryTerms" | "series" | "texts">,
): boolean {
  const { series } = pair;
  // "2차 접종 언제로 바뀌었지": the number of one of a series names which, not a value of it — unless the
  // newer names another one of a series (4월 북클럽 after 3월 북클럽: another instance).
  const terms =
    series === undefined || series.size === 0 || !namesNoOtherInstance(pair.texts.newer, series)
      ? pair.queryTerms
      : [...pair.queryTerms].filter((term) => !series.has(/^\d+/u.exec(term)?.[0] ?? ""));
  return namesValueOnlyIn(terms, pair.older, pair.newer);
}

/** Dice coefficient of two sets: 2·|A ∩ B| / (|A| + |B|). */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const term of small) if (large.has(term)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/**
 * Whether `text` names no number of a series but those of `series` (value-words.ts `seriesNumbers`): a
 * later note of another instance ("4월 북클럽" after "3월 북클럽") is no newer value of the one asked.
 */
export function namesNoOtherInstance(text: string, series: ReadonlySet<string>): boolean {
  return [...seriesNumbers(text)].every((number) => series.has(number));
}
