/**
 * Two recalled memories of one user that the recency step (recency.ts) compares, older first, with what
 * it knows of the query, and the word measures on such a pair that its tests share. Pure.
 */
import type { AttributeQuestion } from "../../extraction/asked-attributes.js";
import type { FactSlotMemo } from "../../extraction/fact-slots.js";
import type { ValueKind } from "../../extraction/fact-words.js";
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
export function namesOlderValue(pair: Pick<NotePair, "older" | "newer" | "queryTerms">): boolean {
  return namesValueOnlyIn(pair.queryTerms, pair.older, pair.newer);
}

/** Dice coefficient of two sets: 2·|A ∩ B| / (|A| + |B|). */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const term of small) if (large.has(term)) shared++;
  return (2 * shared) / (a.size + b.size);
}
