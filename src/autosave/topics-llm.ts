/**
 * Topic labels from the language model, with its structured output: a zod schema, converted with
 * `z.toJSONSchema`, goes to the model as `format`; the reply is validated with the same schema (as
 * the graph's LlmTripletExtractor does). Then the taxonomy decides what stays:
 * - `fixed`: labels that name one of `custom_topics` (by fold or translation: "Work", "업무" → "work");
 *   any other label is dropped;
 * - `hybrid`: a label naming a custom topic becomes it; others are kept, folded into the user's
 *   existing labels by the registry;
 * - `auto`: every label, folded into the user's existing labels by the registry.
 * Labels under `min_confidence` are dropped, repeats merged (highest confidence), at most
 * `max_topics_per_entry` kept.
 */
import { z } from "zod";
import type { Llm } from "../core/llm.js";
import { parseStructuredReply } from "../core/structured-reply.js";
import type { TopicsConfig } from "./pipeline-config.js";
import { labelFold, tidyLabel, type TopicRegistry } from "./topic-registry.js";
import { lexiconTopicOf, type TopicAssignment, type TopicContext, type TopicExtractor } from "./topics.js";

/** Longest label accepted from the model. */
export const MAX_LABEL_CHARS = 40;
/** Longest text sent to the model. */
export const MAX_TOPIC_INPUT_CHARS = 4000;

/** The reply the model must produce. */
export const topicReplySchema = z.object({
  topics: z.array(
    z.object({
      label: z
        .string()
        .min(1)
        .max(MAX_LABEL_CHARS)
        .describe("A short topic label, e.g. family, work, health"),
      confidence: z.number().min(0).max(1).describe("How sure you are, 0 to 1"),
    }),
  ),
});

/** The JSON Schema sent as Ollama's `format`. */
export const TOPIC_REPLY_FORMAT: Record<string, unknown> = z.toJSONSchema(topicReplySchema);

/** The system prompt for a configuration and the user's existing labels. */
export function topicPrompt(config: TopicsConfig, existingLabels: readonly string[]): string {
  const lines = [
    "You label one memory a user asked their personal assistant to keep with its topics.",
    `Return JSON {"topics":[{"label","confidence"}]} with at most ${config.max_topics_per_entry} labels, the most specific first, and nothing else.`,
    "A label is one or two lower-case English words. Confidence is 0 to 1.",
  ];
  if (config.taxonomy === "fixed") {
    lines.push(
      `Use only these labels: ${config.custom_topics.join(", ")}. If none fits, return {"topics":[]}.`,
    );
  } else if (config.taxonomy === "hybrid") {
    lines.push(
      `Prefer these labels: ${config.custom_topics.join(", ")}. Add a new label only when none fits.`,
    );
  }
  if (config.taxonomy !== "fixed" && existingLabels.length > 0) {
    lines.push(`The user's existing labels (reuse one when it fits): ${existingLabels.join(", ")}.`);
  }
  lines.push(
    "Examples:",
    '"다솜 생일 11월 8일" → {"topics":[{"label":"family","confidence":0.9}]}',
    '"별이 병원 02-318-7702" → {"topics":[{"label":"pets","confidence":0.9},{"label":"contacts","confidence":0.9}]}',
  );
  return lines.join("\n");
}

/** Options of {@link LlmTopicExtractor}. */
export interface LlmTopicExtractorOptions {
  llm: Llm;
  config: TopicsConfig;
}

/**
 * Extracts topics with one structured-output chat call. Throws AppError `llm_bad_output` when the
 * reply is not JSON or does not fit {@link topicReplySchema}; the Llm's own errors pass through.
 */
export class LlmTopicExtractor implements TopicExtractor {
  private readonly llm: Llm;
  private readonly config: TopicsConfig;

  constructor(options: LlmTopicExtractorOptions) {
    this.llm = options.llm;
    this.config = options.config;
  }

  async extract(
    text: string,
    context: TopicContext & { signal?: AbortSignal } = {},
  ): Promise<TopicAssignment[]> {
    if (!this.config.enabled) return [];
    const response = await this.llm.chat({
      priority: "background",
      messages: [
        { role: "system", content: topicPrompt(this.config, context.registry?.labels() ?? []) },
        { role: "user", content: text.normalize("NFC").slice(0, MAX_TOPIC_INPUT_CHARS) },
      ],
      format: TOPIC_REPLY_FORMAT,
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    });
    return parseTopicReply({ content: response.content, config: this.config, registry: context.registry });
  }
}

/** Validates a model reply and applies the taxonomy (see the module comment). */
export function parseTopicReply(options: {
  content: string;
  config: TopicsConfig;
  registry?: TopicRegistry | undefined;
}): TopicAssignment[] {
  const { config, registry } = options;
  const reply = parseStructuredReply(options.content, topicReplySchema, "topic");
  const best = new Map<string, number>();
  for (const { label, confidence } of reply.topics) {
    if (confidence < config.min_confidence) continue;
    // custom_topics count only in fixed and hybrid (the seed).
    const custom = config.taxonomy === "auto" ? undefined : customLabelFor(label, config.custom_topics);
    let chosen: string | undefined;
    if (config.taxonomy === "fixed") chosen = custom;
    else chosen = custom ?? registry?.normalize(label) ?? tidyLabel(label);
    if (chosen === undefined || chosen === "") continue;
    best.set(chosen, Math.max(best.get(chosen) ?? 0, confidence));
  }
  return [...best]
    .map(([label, confidence]) => ({ label, confidence }))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, config.max_topics_per_entry);
}

/** The custom topic a label names: the same fold, or the same lexicon topic ("업무" names "work"). */
function customLabelFor(label: string, customTopics: readonly string[]): string | undefined {
  const fold = labelFold(label);
  const topic = lexiconTopicOf(fold);
  return customTopics.find(
    (custom) =>
      labelFold(custom) === fold || (topic !== undefined && lexiconTopicOf(labelFold(custom)) === topic),
  );
}
