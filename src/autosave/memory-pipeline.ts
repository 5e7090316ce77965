import type { Logger } from "../logging/logger.js";
import type { MessagePipeline } from "../core/ports.js";
import type { MemoryLifecycle } from "../memory/lifecycle/memory-lifecycle.js";
import type { Memory, MemoryScope, Turn } from "../core/types.js";
import type { ContentFilter, FilterDecision } from "./content-filter.js";
import type { TopicLabeler } from "./topic-labeler.js";
import type { TopicExtractor } from "./topics.js";

/** Nearest memories handed to the filter for novelty (a restatement is not always the top cosine). */
export const NOVELTY_NEIGHBOURS = 5;

export interface MemoryPipelineOptions {
  memory: MemoryLifecycle;
  filter: ContentFilter;
  labeler: TopicLabeler;
  /** Topics from the model for what is kept (structured output); without it, the rules' topics. */
  modelTopics?: TopicExtractor | undefined;
  logger: Logger;
  now?: () => number;
}

/**
 * The memory pipeline of the seed (chunker → embedder → topics → content filter), run on every
 * message a user sends the assistant that is not a command, after the reply:
 *
 * 1. the message's embedding (computed once by the agent for recall) finds the user's nearest
 *    memories — novelty;
 * 2. the rules give its topics (with the user's registry and known names) — relevance;
 * 3. the content filter decides: questions, requests, noise, secrets and duplicates are dropped, a fact,
 *    a plan, a decision, a commitment or an update is kept when its composite score clears
 *    `autosave_threshold`;
 * 4. what is kept is saved through the lifecycle like any memory (`source: "autosave"`, its topics —
 *    the model's when one answers — and the score breakdown as `filter_*` metadata; long ones chunked),
 *    so it is journaled, searchable, shown only where it was said, and forgettable.
 *
 * Failures are the caller's to log: nothing here can fail or delay a reply.
 */
export class MemoryPipeline implements MessagePipeline {
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(private readonly options: MemoryPipelineOptions) {
    this.log = options.logger.child({ component: "pipeline" });
    this.now = options.now ?? Date.now;
  }

  async consider(
    turn: Turn,
    options: { vector?: number[] | undefined; onAutosaved?: ((memory: Memory) => void) | undefined },
  ): Promise<void> {
    const decision = await this.judge(turn, options.vector);
    this.log.debug(
      { eventId: turn.eventId, keep: decision.keep, reason: decision.reason, score: decision.score },
      "pipeline decision",
    );
    if (!decision.keep) return;
    const memory = await this.keep(turn, decision);
    // Topics come from the message's content: debug only (the info line says that, not what).
    this.log.info({ eventId: turn.eventId, memoryId: memory.id }, "message autosaved");
    this.log.debug({ eventId: turn.eventId, memoryId: memory.id, topics: memory.topics }, "autosaved topics");
    options.onAutosaved?.(memory);
  }

  /** The filter's decision on a message (no side effect). */
  async judge(turn: Turn, vector?: number[]): Promise<FilterDecision> {
    const scope = scopeOf(turn);
    // Chroma down: judged without neighbours (a repeat may be kept; a new fact is not lost).
    const nearest = vector
      ? await this.options.memory.nearest(scope, vector, NOVELTY_NEIGHBOURS).catch((err: unknown) => {
          this.log.warn(
            { err, eventId: turn.eventId },
            "nearest memories unavailable; judged without novelty",
          );
          return [];
        })
      : [];
    await this.options.labeler.prepare(scope);
    const neighbours = nearest.map((n) => ({ text: n.memory.text, similarity: n.similarity }));
    return this.options.filter.decide({
      text: turn.text,
      now: this.now(),
      messageTime: turn.receivedAt ?? this.now(),
      neighbours,
      topics: this.options.labeler.suggest(scope, turn.text),
      activeTopics: this.options.labeler.active(scope),
    });
  }

  private async keep(turn: Turn, decision: FilterDecision): Promise<Memory> {
    const scope = scopeOf(turn);
    const { labeler, modelTopics } = this.options;
    await labeler.prepare(scope);
    const suggested = modelTopics
      ? await modelTopics.extract(decision.text, labeler.context(scope)).catch((err: unknown) => {
          this.log.warn({ err, eventId: turn.eventId }, "topics by the model failed; the rules' instead");
          return labeler.suggest(scope, decision.text);
        })
      : labeler.suggest(scope, decision.text);
    const topics = labeler.record(
      scope,
      decision.text,
      suggested.map((t) => t.label),
    );
    const [saved] = await this.options.memory.saveMany(scope, [
      {
        text: decision.text,
        timestamp: turn.receivedAt ?? this.now(),
        channelId: turn.channelId,
        channelType: turn.channelType,
        source: "autosave",
        topics,
        extra: {
          filter_score: round(decision.score),
          filter_density: round(decision.breakdown.density),
          filter_novelty: round(decision.breakdown.novelty),
          filter_relevance: round(decision.breakdown.relevance),
          filter_actionability: round(decision.breakdown.actionability),
          filter_recency: round(decision.breakdown.recency),
          ...(decision.reason === "update" ? { filter_update: true } : {}),
          // The message it came from (with channelId): its author's undo forgets exactly this.
          ...(turn.messageTs ? { message_ts: turn.messageTs } : {}),
        },
      },
    ]);
    return saved!;
  }
}

function scopeOf(turn: Turn): MemoryScope {
  return {
    teamId: turn.teamId,
    userId: turn.userId,
    channelId: turn.channelId,
    channelType: turn.channelType,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
