/**
 * Should a user's message (a DM or a mention) become a memory? A pure scorer, run on every message
 * after its one embedding, before anything is saved.
 *
 * Gates first, in order — each drops the message with its reason:
 *   secret (never autosaved, even with the filter off) → filter off (keep) → command → excluded
 *   (exclude_patterns) → too_short (min_length) → question / request (to the assistant: never facts)
 *   → noise (only greetings, thanks, acks, laughter, emoji) → duplicate (novelty.ts: a restatement of
 *   a memory at ≥ novelty_threshold; an update of one is kept).
 * Then the seed's composite, kept when ≥ autosave_threshold:
 *
 *   score = 0.50·density + 0.20·novelty + 0.10·relevance + 0.15·actionability + 0.05·recency
 *
 *   density       = diversity × max(0, lasting − passing) / (lasting + 1): distinct/total content words,
 *                   times how far the lasting information (values, names, people, habits, likes,
 *                   identity, plans, changes) outweighs a passing moment (a mood, the weather, today,
 *                   a laugh); see content-signals.ts. Short Korean facts are dense: "나 굴 못 먹음" has
 *                   four distinct words and a stance.
 *
 * Novelty, relevance and recency together weigh 0.35, under the 0.4 threshold: a message with no
 * lasting content is not kept however new or on-topic it is.
 *
 * The Korean and the English rules both run on every message (one line often mixes the two), so the
 * filter takes no language.
 *   novelty       = 1 − similarity to the nearest memory (1 for an update).
 *   relevance     = the best of the message's topics: its confidence, × {@link NEW_TOPIC_FACTOR} when
 *                   the user has active topics and this is not one of them; 0 without topics.
 *   actionability = plans, decisions, commitments (0.6), with a date or deadline (1).
 *   recency       = 0.5^(age / {@link RECENCY_HALF_LIFE_DAYS}) of the message at `now`.
 */
import { charCount } from "../text/korean.js";
import { contentEvidence } from "./content-signals.js";
import { assessNovelty, type Neighbour, type NoveltyRelation } from "./novelty.js";
import { compileExcludePatterns } from "../config/exclude-patterns.js";
import type { ContentFilterConfig } from "./pipeline-config.js";
import { detectSecret, type SecretKind } from "../text/secrets.js";
import { classifySpeechAct } from "../text/speech-act.js";
import type { TopicAssignment } from "./topics.js";

/** Weights of the composite (the seed: density and novelty high, relevance and actionability medium, recency low). */
export const SCORE_WEIGHTS = {
  density: 0.5,
  novelty: 0.2,
  relevance: 0.1,
  actionability: 0.15,
  recency: 0.05,
} as const;
/** A topic the user has not used before counts this much of its confidence toward relevance. */
export const NEW_TOPIC_FACTOR = 0.6;
/** Age at which recency halves. */
export const RECENCY_HALF_LIFE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Why a message was kept or dropped. */
export type FilterReason =
  | "kept"
  | "update"
  | "filter_disabled"
  | "secret"
  | "command"
  | "excluded"
  | "too_short"
  | "question"
  | "request"
  | "noise"
  | "duplicate"
  | "low_score";

/** The five signals of the composite, each 0–1. */
export interface ScoreBreakdown {
  density: number;
  novelty: number;
  relevance: number;
  actionability: number;
  recency: number;
}

/** One message to judge. */
export interface FilterInput {
  text: string;
  /** Epoch ms of the decision. */
  now: number;
  /** Epoch ms the message was sent (defaults to `now`). */
  messageTime?: number;
  /**
   * The user's memories nearest to the message, with the cosine of the message's embedding to each
   * (nearest first; the nearest alone is enough, a few help: a restatement may not be the top cosine).
   */
  neighbours?: readonly Neighbour[];
  /** The message's topics (from the topic extractor), for relevance. */
  topics?: readonly TopicAssignment[];
  /** The user's active topics (e.g. TopicRegistry.active()). */
  activeTopics?: readonly string[];
}

/** The decision. */
export interface FilterDecision {
  keep: boolean;
  reason: FilterReason;
  /** The composite score (0 when a gate decided). */
  score: number;
  breakdown: ScoreBreakdown;
  /** The text to save: the message cut to max_length. */
  text: string;
  truncated: boolean;
  /** For reason "secret". */
  secret?: SecretKind;
  /** How the message relates to the nearest memories, when it got that far. */
  novelty?: { relation: NoveltyRelation; similarity: number; nearest?: string };
}

/**
 * The content filter for one configuration: exclude patterns compiled once (an invalid one is AppError
 * `config_invalid` here, at start).
 */
export class ContentFilter {
  private readonly config: ContentFilterConfig;
  private readonly exclude: RegExp[];

  constructor(config: ContentFilterConfig) {
    this.config = config;
    this.exclude = compileExcludePatterns(config.exclude_patterns);
  }

  /** Judges one message. Pure: the same input gives the same decision. */
  decide(input: FilterInput): FilterDecision {
    const { text, truncated } = truncate(input.text, this.config.max_length);
    const zero: ScoreBreakdown = { density: 0, novelty: 0, relevance: 0, actionability: 0, recency: 0 };
    const drop = (reason: FilterReason, extra: Partial<FilterDecision> = {}): FilterDecision => ({
      keep: false,
      reason,
      score: 0,
      breakdown: zero,
      text,
      truncated,
      ...extra,
    });
    const secret = detectSecret(text);
    if (secret !== undefined) return drop("secret", { secret: secret.kind });
    if (!this.config.enabled) return { ...drop("filter_disabled"), keep: true };
    const trimmed = text.trim();
    const act = classifySpeechAct(trimmed);
    if (act === "command") return drop("command");
    if (this.exclude.some((pattern) => pattern.test(trimmed))) return drop("excluded");
    if (charCount(trimmed) < this.config.min_length) return drop("too_short");
    if (act === "question" || act === "request") return drop(act);
    if (act === "phatic") return drop("noise");

    const novelty = assessNovelty(trimmed, input.neighbours ?? [], {
      noveltyThreshold: this.config.novelty_threshold,
    });
    if (novelty.relation === "duplicate") return drop("duplicate", { novelty });
    const breakdown = this.breakdown(trimmed, input, novelty.relation === "update" ? 0 : novelty.similarity);
    const score = round(
      Object.entries(SCORE_WEIGHTS).reduce(
        (sum, [signal, weight]) => sum + weight * breakdown[signal as keyof ScoreBreakdown],
        0,
      ),
    );
    const keep = score >= this.config.autosave_threshold;
    const reason: FilterReason = !keep ? "low_score" : novelty.relation === "update" ? "update" : "kept";
    return { keep, reason, score, breakdown, text, truncated, novelty };
  }

  private breakdown(text: string, input: FilterInput, similarity: number): ScoreBreakdown {
    const evidence = contentEvidence(text);
    const lastingShare = Math.max(0, evidence.lasting - evidence.passing) / (evidence.lasting + 1);
    const active = new Set((input.activeTopics ?? []).map((t) => t.toLowerCase()));
    const relevance = Math.max(
      0,
      ...(input.topics ?? []).map(
        (t) => t.confidence * (active.size === 0 || active.has(t.label.toLowerCase()) ? 1 : NEW_TOPIC_FACTOR),
      ),
    );
    const ageDays = Math.max(0, input.now - (input.messageTime ?? input.now)) / DAY_MS;
    return {
      density: round(evidence.diversity * lastingShare),
      novelty: round(1 - Math.max(0, similarity)),
      relevance: round(relevance),
      actionability: round(evidence.actionability),
      recency: round(0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS)),
    };
  }
}

/** Cuts `text` to `max` code points. */
function truncate(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const chars = [...text];
  return chars.length <= max
    ? { text, truncated: false }
    : { text: chars.slice(0, max).join(""), truncated: true };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
