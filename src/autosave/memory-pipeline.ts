import { randomUUID } from "node:crypto";
import type { Logger } from "../logging/logger.js";
import type { MessagePipeline, PipelineHooks } from "../core/ports.js";
import type { MemoryLifecycle } from "../memory/lifecycle/memory-lifecycle.js";
import type { ChannelType, Memory, MemoryScope, Turn } from "../core/types.js";
import {
  OFFER_TTL_MS,
  pauseCovering,
  type AutosaveOffer,
  type UserSettingsStore,
} from "../core/user-settings.js";
import type { ContentFilter, FilterDecision, FilterReason } from "./content-filter.js";
import type { TopicLabeler } from "./topic-labeler.js";
import type { TopicExtractor } from "./topics.js";
import { correctedValue, statesCorrectionOf } from "../extraction/fact-slots.js";
import { statementWords } from "../extraction/fact-words.js";

/** Nearest memories handed to the filter for novelty (a restatement is not always the top cosine). */
export const NOVELTY_NEIGHBOURS = 5;

/**
 * How long after a secret was held in a conversation a correction that gives only a value ("아 잘못
 * 말했다, 4812야", "no, 4812") is taken to correct that secret, and held too.
 */
export const SECRET_CORRECTION_WINDOW_MS = 2 * 60 * 1000;
/**
 * How long after a memory was kept a correction of it that the filter finds too thin ("아니 강남 말고
 * 서초") is kept all the same (MemoryPipeline `correctsLastKept`).
 */
export const CORRECTION_KEEP_WINDOW_MS = 10 * 60 * 1000;
/** The filter's reasons a correction of the memory kept last overrides: too little said, not a kind of message. */
const KEPT_WHEN_CORRECTING: ReadonlySet<FilterReason> = new Set(["low_score", "too_short", "noise"]);
/** Conversations whose last held secret is remembered (oldest forgotten first). */
const MAX_SECRET_CONVERSATIONS = 1000;

export interface MemoryPipelineOptions {
  memory: MemoryLifecycle;
  filter: ContentFilter;
  labeler: TopicLabeler;
  /** Topics from the model for what is kept (structured output); without it, the rules' topics. */
  modelTopics?: TopicExtractor | undefined;
  /**
   * Each person's autosave mode and paused conversations (shared state); without it every message is
   * judged as under `on`.
   */
  settings?: UserSettingsStore | undefined;
  logger: Logger;
  now?: () => number;
}

/** Why the pipeline skipped a message before judging it: the author's setting or a paused conversation. */
type Gate = "on" | "ask" | "off" | "paused";

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
 * Before any of this, the author's settings (the one place they are checked): autosave `off`, or the
 * conversation (DM, channel or thread) paused, and the message is not judged at all — nothing is kept,
 * so no graph facts are extracted from it; `ask`, and what would be kept is offered instead
 * ({@link AutosaveOffer}, in the shared state until Keep, Discard or a day has passed). Settings that
 * cannot be read keep nothing (a person who turned autosave off must not be overheard by an outage).
 *
 * Failures are the caller's to log: nothing here can fail or delay a reply.
 */
export class MemoryPipeline implements MessagePipeline {
  private readonly log: Logger;
  private readonly now: () => number;
  /** Per conversation, when a secret was last held there ({@link correctsHeldSecret}). */
  private readonly heldSecrets = new Map<string, number>();

  constructor(private readonly options: MemoryPipelineOptions) {
    this.log = options.logger.child({ component: "pipeline" });
    this.now = options.now ?? Date.now;
  }

  async consider(turn: Turn, options: PipelineHooks & { vector?: number[] | undefined }): Promise<void> {
    const gate = await this.gate(turn);
    if (gate === "off" || gate === "paused") {
      this.log.debug({ eventId: turn.eventId, gate }, "autosave skipped by the user's setting");
      return;
    }
    // Only the message right after a held secret may correct it.
    const correctsSecret = this.correctsHeldSecret(turn);
    const decision = await this.judge(turn, options.vector);
    this.log.debug(
      { eventId: turn.eventId, keep: decision.keep, reason: decision.reason, score: decision.score },
      "pipeline decision",
    );
    if (!decision.keep && decision.reason === "secret") {
      this.secretHeld(turn);
      options.onSecretHeld?.();
      return;
    }
    if (!decision.keep && !(await this.correctsLastKept(turn, decision))) return;
    if (correctsSecret) {
      this.log.debug({ eventId: turn.eventId }, "a correction of a held secret is held too");
      options.onSecretHeld?.();
      return;
    }
    if (options.stillWanted?.() === false) {
      this.log.info({ eventId: turn.eventId }, "autosave dropped: its author asked to forget it meanwhile");
      return;
    }
    if (gate === "ask") {
      const offer = await this.offer(turn, decision);
      this.log.info({ eventId: turn.eventId, offerId: offer.id }, "autosave offered");
      options.onOffered?.(offer);
      return;
    }
    const memory = await this.keep(turn, decision.text, filterExtra(decision));
    // Topics come from the message's content: debug only (the info line says that, not what).
    this.log.info({ eventId: turn.eventId, memoryId: memory.id }, "message autosaved");
    this.log.debug({ eventId: turn.eventId, memoryId: memory.id, topics: memory.topics }, "autosaved topics");
    options.onAutosaved?.(memory);
  }

  /**
   * Keeps an offer its author accepted (Keep), as the memory autosave would have kept then. The
   * caller has taken the offer from the settings store (so it is kept once).
   */
  async keepOffer(offer: AutosaveOffer): Promise<Memory> {
    const memory = await this.keep(
      {
        teamId: offer.teamId,
        userId: offer.userId,
        channelId: offer.channelId,
        channelType: offer.channelType,
        receivedAt: offer.at,
        eventId: offer.id,
      },
      offer.text,
      { ...offer.extra, confirmed: true },
    );
    this.log.info({ offerId: offer.id, memoryId: memory.id }, "autosave offer kept");
    return memory;
  }

  secretSaid(turn: Turn): void {
    this.secretHeld(turn);
  }

  /** Notes when a secret was held in the turn's conversation (this process only: the time, no text). */
  private secretHeld(turn: Turn): void {
    const key = conversationKey(turn);
    this.heldSecrets.delete(key);
    this.heldSecrets.set(key, turn.receivedAt ?? this.now());
    if (this.heldSecrets.size > MAX_SECRET_CONVERSATIONS)
      this.heldSecrets.delete(this.heldSecrets.keys().next().value as string);
  }

  /**
   * Whether the turn gives only a value in place of what was just said (fact-slots.ts `correctedValue`,
   * nothing else besides the words that reject), right after a secret held in the same conversation and
   * within {@link SECRET_CORRECTION_WINDOW_MS} of it: "회의실 비밀번호 …" held, then "아 잘못 말했다,
   * 4812야" is the secret. Reading it forgets the held secret: only the next message may correct it.
   */
  private correctsHeldSecret(turn: Turn): boolean {
    const key = conversationKey(turn);
    const heldAt = this.heldSecrets.get(key);
    if (heldAt === undefined) return false;
    this.heldSecrets.delete(key);
    const at = turn.receivedAt ?? this.now();
    if (at - heldAt > SECRET_CORRECTION_WINDOW_MS || at < heldAt) return false;
    const value = correctedValue(turn.text);
    return value !== undefined && statementWords(value).content.length === 0;
  }

  /**
   * Whether a message the filter would drop as too short or too thin ("잘못 말했다, 서초야", "아니 강남 말고
   * 서초") puts right the memory kept last in its conversation, within {@link CORRECTION_KEEP_WINDOW_MS}
   * of it (fact-slots.ts `statesCorrectionOf`): then it is kept, as the newer value of that memory's fact.
   * A question, a request, a command or a repeat is never kept so.
   */
  private async correctsLastKept(turn: Turn, decision: FilterDecision): Promise<boolean> {
    if (!KEPT_WHEN_CORRECTING.has(decision.reason) || correctedValue(turn.text) === undefined) return false;
    const at = turn.receivedAt ?? this.now();
    const last = await this.options.memory.latestHere(scopeOf(turn)).catch(() => undefined);
    if (last === undefined || at - last.timestamp > CORRECTION_KEEP_WINDOW_MS || last.timestamp > at)
      return false;
    const corrects = statesCorrectionOf(last.text, turn.text);
    if (corrects) this.log.debug({ eventId: turn.eventId }, "a correction of the memory kept last is kept");
    return corrects;
  }

  /** The author's setting for this message's conversation. */
  private async gate(turn: Turn): Promise<Gate> {
    const settings = this.options.settings;
    if (!settings) return "on";
    try {
      const now = this.now();
      const current = await settings.get(turn, now);
      if (pauseCovering(current.pauses, turn, now)) return "paused";
      return current.autosave;
    } catch (err) {
      this.log.warn({ err, eventId: turn.eventId }, "settings unavailable: nothing autosaved");
      return "off";
    }
  }

  private async offer(turn: Turn, decision: FilterDecision): Promise<AutosaveOffer> {
    const at = turn.receivedAt ?? this.now();
    const offer: AutosaveOffer = {
      id: randomUUID(),
      teamId: turn.teamId,
      userId: turn.userId,
      channelId: turn.channelId,
      channelType: turn.channelType,
      ...(turn.threadTs ? { threadTs: turn.threadTs } : {}),
      text: decision.text,
      at,
      expiresAt: this.now() + OFFER_TTL_MS,
      extra: filterExtra(decision),
    };
    await this.options.settings!.addOffer(offer);
    return offer;
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

  private async keep(
    turn: Pick<
      Turn,
      "teamId" | "userId" | "channelId" | "channelType" | "receivedAt" | "eventId" | "messageTs"
    >,
    text: string,
    filterExtra: Record<string, string | number | boolean>,
  ): Promise<Memory> {
    // The message it came from (with channelId): its author's undo forgets exactly this.
    const extra = { ...filterExtra, ...(turn.messageTs ? { message_ts: turn.messageTs } : {}) };
    const scope = scopeOf(turn);
    const { labeler, modelTopics } = this.options;
    await labeler.prepare(scope);
    const suggested = modelTopics
      ? await modelTopics.extract(text, labeler.context(scope)).catch((err: unknown) => {
          this.log.warn({ err, eventId: turn.eventId }, "topics by the model failed; the rules' instead");
          return labeler.suggest(scope, text);
        })
      : labeler.suggest(scope, text);
    const topics = labeler.record(
      scope,
      text,
      suggested.map((t) => t.label),
    );
    const [saved] = await this.options.memory.saveMany(scope, [
      {
        text,
        timestamp: turn.receivedAt ?? this.now(),
        channelId: turn.channelId,
        channelType: turn.channelType,
        source: "autosave",
        topics,
        extra,
      },
    ]);
    return saved!;
  }
}

/** The filter's score breakdown, as the memory's `filter_*` metadata. */
function filterExtra(decision: FilterDecision): Record<string, string | number | boolean> {
  return {
    filter_score: round(decision.score),
    filter_density: round(decision.breakdown.density),
    filter_novelty: round(decision.breakdown.novelty),
    filter_relevance: round(decision.breakdown.relevance),
    filter_actionability: round(decision.breakdown.actionability),
    filter_recency: round(decision.breakdown.recency),
    ...(decision.reason === "update" ? { filter_update: true } : {}),
  };
}

function scopeOf(turn: {
  teamId: string;
  userId: string;
  channelId: string;
  channelType: ChannelType;
}): MemoryScope {
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

/** One conversation of one person: a DM, a channel or one thread of it. */
function conversationKey(turn: Turn): string {
  return [turn.teamId, turn.userId, turn.channelId, turn.threadTs ?? ""].join("\u0000");
}
