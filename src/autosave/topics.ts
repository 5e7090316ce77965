/**
 * Topic labels for a memory, offline: evidence per label from the words of the topic lexicon
 * (topic-lexicon.ts), from the shape of the values (a phone number → contacts, a date or a time →
 * schedule, money → finance), and from what the user said earlier about a name (별이 is a rabbit →
 * pets; 태준 is the boyfriend → family). Each piece of evidence has a weight w; a label's confidence is
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
import type { TopicRegistry } from "./topic-registry.js";
import { STRONG_EVIDENCE, TOPIC_WORDS, WEAK_EVIDENCE } from "./topic-lexicon.js";
import { valueKeys } from "./value-keys.js";

/** A label and how sure the extractor is of it (0–1). */
export interface TopicAssignment {
  label: string;
  confidence: number;
}

/** What the extractor may know about the user beyond the text. */
export interface TopicContext {
  /** Names the user mentioned before, folded, with the topics they belong to (별이 → pets). */
  entityTopics?: ReadonlyMap<string, readonly string[]>;
  /** The user's labels: in `auto` and `hybrid`, a generated label folds into one of them ("work" → "업무"). */
  registry?: TopicRegistry;
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
/** Not eating or drinking something, or eating it well: a taste in food whatever the food. */
const EATING_STANCE_RE = /(?:못|안|잘)\s?(?:먹|마시|마셔)|\b(?:don't|do not|can't|never)\s+(?:eat|drink)\b/iu;
/** A like or dislike: with a weak food word (가지, 회), the message is about food. */
const LIKING_RE = /좋아|싫어|싫음|극혐|\b(?:love|hate|prefer|like)\b/iu;
/** Words that make "병원" a vet when a pet is named (a pet's vet is pets + contacts). */
const HOSPITAL_WORDS = new Set(["병원", "의원", "hospital", "clinic"]);
/** Rent of a shop or an office is work's, not the home's. */
const RENT_WORDS = new Set(["월세", "관리비", "rent"]);
const BUSINESS_PLACE_RE = /가게|매장|사무실|점포|상가|\b(?:shop|store|office)\b/iu;

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
 * Evidence of every lexicon topic in `text` (topic → confidence), before any taxonomy is applied. Each
 * word counts once per topic; the taxonomy's conventions are applied last ({@link applyConventions}).
 *
 * @example topicEvidence("별이 병원 02-571-2086").get("contacts") // ≈ 0.99
 */
export function topicEvidence(text: string, context: TopicContext = {}): Map<string, number> {
  const lower = foldText(text);
  /** topic → (word → weight): the evidence, by the word that gave it. */
  const pieces = new Map<string, Map<string, number>>();
  const add = (topic: string, word: string, weight: number): void => {
    const words = pieces.get(topic) ?? new Map<string, number>();
    words.set(word, Math.max(words.get(word) ?? 0, weight));
    pieces.set(topic, words);
  };
  for (const pattern of [LEXICON.koreanInside, LEXICON.koreanWhole, LEXICON.english]) {
    for (const match of lower.matchAll(pattern)) {
      const word = match[1] ?? match[0];
      for (const [topic, weight] of LEXICON.weights.get(word) ?? []) add(topic, word, weight);
    }
  }
  addValueEvidence(text, add);
  for (const [name, topics] of context.entityTopics ?? []) {
    if (lower.includes(name)) for (const topic of topics) add(topic, name, ENTITY_EVIDENCE);
  }
  applyConventions(text, pieces, add);
  const scores = new Map<string, number>();
  for (const [topic, words] of pieces) if (words.size > 0) scores.set(topic, noisyOr([...words.values()]));
  return scores;
}

/**
 * The taxonomy's conventions: a pet's vet is pets, not health;
 * a shop's rent is not the home's; food allergies, diets and eating habits are food as well.
 */
function applyConventions(
  text: string,
  pieces: Map<string, Map<string, number>>,
  add: (topic: string, word: string, weight: number) => void,
): void {
  const remove = (topic: string, words: ReadonlySet<string>): void => {
    for (const word of words) pieces.get(topic)?.delete(word);
  };
  if (pieces.has("pets")) remove("health", HOSPITAL_WORDS);
  if (BUSINESS_PLACE_RE.test(text)) remove("home", RENT_WORDS);
  const food = pieces.get("food");
  if (
    EATING_STANCE_RE.test(text) ||
    (food !== undefined && food.size > 0 && (ALLERGY_OR_DIET_RE.test(text) || LIKING_RE.test(text)))
  ) {
    add("food", "(taste)", STRONG_EVIDENCE);
  }
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
    const generated = [...evidence].map(([label, confidence]) => ({
      label: context.registry?.normalize(label) ?? label,
      confidence,
    }));
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

function addValueEvidence(text: string, add: (topic: string, word: string, weight: number) => void): void {
  const keys = [...valueKeys(text)];
  const has = (prefix: string): boolean => keys.some((key) => key.startsWith(prefix));
  if (has("p:")) add("contacts", "(phone)", VALUE_EVIDENCE.contacts);
  if (has("a:")) add("finance", "(money)", VALUE_EVIDENCE.finance);
  const dated = has("d:") || has("t:") || has("w:") || has("wk:");
  if (dated && !(BIRTHDAY_RE.test(text) && !has("t:"))) add("schedule", "(date)", VALUE_EVIDENCE.schedule);
  else if (has("m:")) add("schedule", "(month)", VALUE_EVIDENCE.monthOnly);
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
      ...words.names.map((w) => [w, STRONG_EVIDENCE] as const),
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
