/**
 * One user's topic labels, so that new labels in `auto` and `hybrid` taxonomies fold into the ones the
 * user already has: "Work", "work " and "업무" are one topic, not three. In memory, rebuilt from the
 * topics stored with the user's memories ({@link TopicRegistry.fromMemories}).
 *
 * A new label is matched to an existing one, in order, by:
 * 1. its fold: NFC, lower case, trimmed, runs of spaces, `_` and `-` as one space ("Road_Trip" = "road trip");
 * 2. the ko↔en names of the common topics (topic-lexicon.ts: "업무" and "job" are work, "가족" family);
 * 3. similarity of spelling: a plural ("hobbies" → "hobby"), or a Dice coefficient of character
 *    bigrams ≥ {@link LABEL_SIMILARITY} ("health care" → "healthcare").
 * Otherwise it becomes a new label, kept as first written.
 */
import { foldText } from "../text/korean.js";
import { lexiconTopicOf } from "./topics.js";

/** Dice similarity of two labels' character bigrams at which they are one label. */
export const LABEL_SIMILARITY = 0.8;

interface Entry {
  label: string;
  count: number;
  lastUsed: number;
}

export class TopicRegistry {
  /** fold → entry */
  private readonly entries = new Map<string, Entry>();
  private clock = 0;

  /** A registry holding the labels of a user's stored memories (oldest first), counted. */
  static fromMemories(topicLists: Iterable<readonly string[]>): TopicRegistry {
    const registry = new TopicRegistry();
    for (const topics of topicLists) registry.record(topics);
    return registry;
  }

  /**
   * The label to store for `label`: an existing label it folds into, or `label` itself (tidied) when
   * it is new. Does not record it.
   *
   * @example registry.record(["Work"]); registry.normalize("업무") === "Work"
   */
  normalize(label: string): string {
    return this.find(label)?.label ?? tidyLabel(label);
  }

  /** Normalises and records the labels of one memory; returns them normalised, without repeats. */
  record(labels: readonly string[]): string[] {
    const out: string[] = [];
    this.clock += 1;
    for (const raw of labels) {
      if (tidyLabel(raw) === "") continue;
      const entry = this.find(raw) ?? this.add(raw);
      entry.count += 1;
      entry.lastUsed = this.clock;
      if (!out.includes(entry.label)) out.push(entry.label);
    }
    return out;
  }

  /** The user's labels, most used first (then most recent). */
  labels(): string[] {
    return [...this.entries.values()]
      .sort((a, b) => b.count - a.count || b.lastUsed - a.lastUsed)
      .map((entry) => entry.label);
  }

  /** The `limit` most used labels: the user's active topics. */
  active(limit = 10): string[] {
    return this.labels().slice(0, limit);
  }

  private add(raw: string): Entry {
    const entry = { label: tidyLabel(raw), count: 0, lastUsed: 0 };
    this.entries.set(labelFold(raw), entry);
    return entry;
  }

  private find(label: string): Entry | undefined {
    const fold = labelFold(label);
    if (fold === "") return undefined;
    const exact = this.entries.get(fold);
    if (exact !== undefined) return exact;
    const topic = lexiconTopicOf(fold);
    for (const [otherFold, entry] of this.entries) {
      if (topic !== undefined && lexiconTopicOf(otherFold) === topic) return entry;
      if (singular(otherFold) === singular(fold) || dice(otherFold, fold) >= LABEL_SIMILARITY) return entry;
    }
    return undefined;
  }
}

/** A label as it is stored: NFC, trimmed, inner whitespace collapsed. */
export function tidyLabel(label: string): string {
  return label.normalize("NFC").trim().replace(/\s+/gu, " ");
}

/** The fold two labels are compared by: lower case, `_`/`-`/spaces as one space. */
export function labelFold(label: string): string {
  return foldText(label.replace(/[_-]+/gu, " "));
}

function singular(fold: string): string {
  if (fold.length > 4 && fold.endsWith("ies")) return `${fold.slice(0, -3)}y`;
  if (fold.length > 3 && fold.endsWith("s") && !fold.endsWith("ss")) return fold.slice(0, -1);
  return fold;
}

/** Dice coefficient of the character bigrams of two strings, spaces removed. */
function dice(a: string, b: string): number {
  const grams = (s: string): string[] => {
    const t = s.replace(/\s+/gu, "");
    return t.length < 2 ? [t] : Array.from({ length: t.length - 1 }, (_, i) => t.slice(i, i + 2));
  };
  const ga = grams(a);
  const gb = grams(b);
  const pool = new Map<string, number>();
  for (const g of gb) pool.set(g, (pool.get(g) ?? 0) + 1);
  let shared = 0;
  for (const g of ga) {
    const left = pool.get(g) ?? 0;
    if (left > 0) {
      shared++;
      pool.set(g, left - 1);
    }
  }
  return (2 * shared) / (ga.length + gb.length);
}
