/**
 * Topic labels for a memory, offline: evidence per label from the words of the topic lexicon
 * (topic-lexicon.ts), from the shape of the values (a phone number → contacts, a date or a time →
 * schedule, money → finance), and from what the user said earlier about a name (솜이 is a rabbit →
 * pets; 승우 is the boyfriend → family). Each piece of evidence has a weight w; a label's confidence is
 * their noisy-or, 1 − Π(1 − wᵢ), so one strong word (0.85) passes the default min_confidence of 0.6
 * and one weak word (0.45) does not.
 *
 * Taxonomies (the seed's `[memory.topics]`):
 * - `fixed`: only `custom_topics`. A custom label the lexicon knows (by its name or a translation:
 *   "업무" is work) gets that topic's evidence; another gets evidence only from its own name in the text.
 * - `hybrid`: `custom_topics` first; when none of them reaches min_confidence, the lexicon's labels.
 * - `auto`: the lexicon's labels (a model, see topics-llm.ts, can name new ones).
 */
import { foldText } from "../text/korean.js";
import type { TopicsConfig } from "./pipeline-config.js";
import { STRONG_EVIDENCE, TOPIC_WORDS, WEAK_EVIDENCE } from "./topic-lexicon.js";
import { valueKeys } from "./value-keys.js";

/** A label and how sure the extractor is of it (0–1). */
export interface TopicAssignment {
  label: string;
  confidence: number;
}

/** What the extractor may know about the user beyond the text. */
export interface TopicContext {
  /** Names the user mentioned before, folded, with the topics they belong to (솜이 → pets). */
  entityTopics?: ReadonlyMap<string, readonly string[]>;
}

/** Something that labels a memory with topics (the rules here, or a model). */
export interface TopicExtractor {
  extract(text: string, context?: TopicContext): Promise<TopicAssignment[]>;
}

/** Evidence of a phone number for contacts, of a date or time for schedule, of money for finance. */
export const VALUE_EVIDENCE = { contacts: 0.9, schedule: 0.8, finance: 0.8, monthOnly: 0.45 } as const;
/** Evidence of a name the user tied to a topic before. */
export const ENTITY_EVIDENCE = 0.85;
/** Birthdays take the person's topic, not schedule (a yearly date is no appointment). */
const BIRTHDAY_RE = /생일|생신|birthday|bday/iu;
/** A food named next to an allergy or a diet is food as well as health. */
const ALLERGY_OR_DIET_RE = /알레르기|알러지|allerg|디카페인|decaf|카페인|caffeine|저염|diet/iu;

/** Korean lexicon words of 2+ syllables, longest first, found inside words. */
interface CompiledLexicon {
  koreanInside: RegExp;
  koreanWhole: RegExp;
  english: RegExp;
  /** folded word → [(topic, weight)] */
  weights: Map<string, Array<readonly [string, number]>>;
}

const LEXICON = compileLexicon();

/**
 * Evidence of every lexicon topic in `text` (topic → confidence), before any taxonomy is applied.
 *
 * @example topicEvidence("솜이 병원 02-464-3318").get("contacts") // ≈ 0.99
 */
export function topicEvidence(text: string, context: TopicContext = {}): Map<string, number> {
  const lower = foldText(text);
  const pieces = new Map<string, number[]>();
  const add = (topic: string, weight: number): void => {
    const list = pieces.get(topic) ?? [];
    list.push(weight);
    pieces.set(topic, list);
  };
  const seen = new Set<string>();
  for (const pattern of [LEXICON.koreanInside, LEXICON.koreanWhole, LEXICON.english]) {
    for (const match of lower.matchAll(pattern)) {
      const word = match[1] ?? match[0];
      if (seen.has(word)) continue;
      seen.add(word);
      for (const [topic, weight] of LEXICON.weights.get(word) ?? []) add(topic, weight);
    }
  }
  addValueEvidence(text, add);
  for (const [name, topics] of context.entityTopics ?? []) {
    if (lower.includes(name)) for (const topic of topics) add(topic, ENTITY_EVIDENCE);
  }
  const scores = new Map<string, number>();
  for (const [topic, weights] of pieces) scores.set(topic, noisyOr(weights));
  if (ALLERGY_OR_DIET_RE.test(text) && scores.has("food"))
    scores.set("food", Math.max(scores.get("food")!, STRONG_EVIDENCE));
  return scores;
}

/**
 * The offline extractor. `extractSync` is what the content filter calls on every message; `extract`
 * is the same behind the async {@link TopicExtractor} port.
 */
export class RuleTopicExtractor implements TopicExtractor {
  private readonly config: TopicsConfig;
  /** custom label → the lexicon topic it names, if any. */
  private readonly customTopics: ReadonlyArray<readonly [label: string, topic: string | undefined]>;

  constructor(config: TopicsConfig) {
    this.config = config;
    this.customTopics = config.custom_topics.map((label) => [label, lexiconTopicOf(label)] as const);
  }

  async extract(text: string, context?: TopicContext): Promise<TopicAssignment[]> {
    return this.extractSync(text, context);
  }

  extractSync(text: string, context: TopicContext = {}): TopicAssignment[] {
    if (!this.config.enabled) return [];
    const evidence = topicEvidence(text, context);
    const lower = foldText(text);
    const custom = this.customTopics.map(([label, topic]) => ({
      label,
      confidence: Math.max(
        topic === undefined ? 0 : (evidence.get(topic) ?? 0),
        lower.includes(foldText(label)) ? STRONG_EVIDENCE : 0,
      ),
    }));
    const generated = [...evidence].map(([label, confidence]) => ({ label, confidence }));
    const passing = (list: TopicAssignment[]): TopicAssignment[] =>
      list
        .filter((t) => t.confidence >= this.config.min_confidence)
        .sort((a, b) => b.confidence - a.confidence);
    let chosen: TopicAssignment[];
    if (this.config.taxonomy === "fixed") chosen = passing(custom);
    else if (this.config.taxonomy === "hybrid")
      chosen = passing(custom).length > 0 ? passing(custom) : passing(generated);
    else chosen = passing(generated);
    return chosen.slice(0, this.config.max_topics_per_entry);
  }
}

/** The lexicon topic a label names ("Work", "업무" → work), by its names and translations. */
export function lexiconTopicOf(label: string): string | undefined {
  const folded = foldText(label);
  for (const [topic, words] of Object.entries(TOPIC_WORDS)) {
    if (topic === folded || words.names.some((name) => foldText(name) === folded)) return topic;
  }
  return undefined;
}

function addValueEvidence(text: string, add: (topic: string, weight: number) => void): void {
  const keys = [...valueKeys(text)];
  const has = (prefix: string): boolean => keys.some((key) => key.startsWith(prefix));
  if (has("p:")) add("contacts", VALUE_EVIDENCE.contacts);
  if (has("a:")) add("finance", VALUE_EVIDENCE.finance);
  const dated = has("d:") || has("t:") || has("w:");
  if (dated && !(BIRTHDAY_RE.test(text) && !has("t:"))) add("schedule", VALUE_EVIDENCE.schedule);
  else if (has("m:")) add("schedule", VALUE_EVIDENCE.monthOnly);
}

function noisyOr(weights: readonly number[]): number {
  let miss = 1;
  for (const w of weights) miss *= 1 - w;
  return 1 - miss;
}

function compileLexicon(): CompiledLexicon {
  const weights = new Map<string, Array<readonly [string, number]>>();
  for (const [topic, words] of Object.entries(TOPIC_WORDS)) {
    const entries: Array<readonly [string, number]> = [
      ...words.strong.map((w) => [w, STRONG_EVIDENCE] as const),
      ...words.weak.map((w) => [w, WEAK_EVIDENCE] as const),
    ];
    for (const [word, weight] of entries) {
      const key = foldText(word);
      const list = weights.get(key) ?? [];
      if (!list.some(([t]) => t === topic)) list.push([topic, weight]);
      weights.set(key, list);
    }
  }
  const all = [...weights.keys()].sort((a, b) => b.length - a.length);
  const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
  const koreanLong = all.filter((w) => /^[가-힣]{2,}$/u.test(w));
  const koreanShort = all.filter((w) => /^[가-힣]$/u.test(w));
  const english = all.filter((w) => /^[a-z]/u.test(w));
  return {
    weights,
    koreanInside: new RegExp(`(${koreanLong.map(escape).join("|")})`, "gu"),
    koreanWhole: new RegExp(
      `(?<![가-힣])(${koreanShort.join("|")})(?:이|은|는|가|을|를|도|랑|이랑|의|에|에서|로|으로|만|네)?(?![가-힣])`,
      "gu",
    ),
    english: new RegExp(`\\b(${english.map(escape).join("|")})(?:s|es|ing|ed|'s)?\\b`, "gu"),
  };
}
