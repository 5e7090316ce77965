import { toAppError } from "../core/errors.js";
import type { Llm } from "../core/llm.js";
import { backoffDelay } from "../util/retry.js";
import { fitContext } from "./context-budget.js";
import {
  appendTurn,
  applySummary,
  holdsEvent,
  needsCompaction,
  newRecord,
  selectBatch,
  toView,
} from "./conversation-record.js";
import {
  DEFAULT_HISTORY_TOKEN_BUDGET,
  DEFAULT_SUMMARY_MAX_RETRIES,
  MAX_BATCHES_PER_RUN,
  MAX_SUMMARY_INPUT_TOKENS,
  SUMMARY_RETRY_INITIAL_MS,
  SUMMARY_RETRY_MAX_MS,
  SUMMARY_TIMEOUT_MS,
} from "./policy.js";
import { renderContext, renderTurn } from "./render-context.js";
import { summariseTurns } from "./summarise.js";
import type { Logger } from "../logging/logger.js";
import type { Owner } from "../core/types.js";
import { cl100kTokenCounter, type TokenCounter } from "../text/token-counter.js";
import type {
  Conversation,
  ConversationRecord,
  ConversationView,
  HistoryContext,
  HistoryStore,
  HistoryTurn,
} from "../core/history-types.js";
import { contentTokens } from "../text/tokenizer.js";

/** Background retries of a failed summary: `maxRetries` timers, delay doubling from `initialMs` to `maxMs`. */
export interface SummaryRetryOptions {
  maxRetries?: number;
  initialMs?: number;
  maxMs?: number;
}

/** Narrows the conversations of a user, e.g. to one workspace. */
export interface ConversationFilter {
  teamId?: string;
}

function matches(record: ConversationRecord, filter: ConversationFilter): boolean {
  return filter.teamId === undefined || record.key.teamId === filter.teamId;
}

export interface HistoryServiceOptions {
  store: HistoryStore;
  /** The summariser. Without one, aged turns stay verbatim (and the token budget trims them). */
  llm?: Llm | undefined;
  logger: Logger;
  /** Token budget of the rendered context; default DEFAULT_HISTORY_TOKEN_BUDGET (1,500). */
  tokenBudget?: number | undefined;
  tokenCounter?: TokenCounter | undefined;
  summaryTimeoutMs?: number | undefined;
  retry?: SummaryRetryOptions | undefined;
  now?: (() => number) | undefined;
}

/** What a forgotten memory's text becomes in conversation history. */
export const FORGOTTEN_MARK = "(잊은 내용 / forgotten)";
/** Shortest memory text taken out of history when forgotten. */
export const MIN_FORGET_CHARS = 4;

/**
 * `text` with every verbatim occurrence of the forgotten `texts` replaced by {@link FORGOTTEN_MARK}
 * (texts shorter than {@link MIN_FORGET_CHARS} are left alone: too likely to be part of other words).
 */
export function redactForgotten(text: string, texts: readonly string[]): string {
  return texts
    .map((t) => t.trim())
    .filter((t) => t.length >= MIN_FORGET_CHARS)
    .reduce((out, target) => out.split(target).join(FORGOTTEN_MARK), text);
}

/**
 * Share of a forgotten text's search terms a summary must hold to be taken as saying it in its own
 * words: a summary folds turns that may have said the fact in passing, before it was kept.
 */
export const SUMMARY_PARAPHRASE_SHARE = 0.5;

/**
 * Whether `summary` holds at least {@link SUMMARY_PARAPHRASE_SHARE} of the search terms of one of
 * `texts` (tokenizer.ts `contentTokens`: syllable pairs within words, numbers), of three terms at least: it likely
 * says that text in other words ("여권은 안방 옷장 서랍에 넣어 뒀어" summarised as "패스포트는 안방 옷장
 * 서랍"). A false match costs the summary's text, never a fact.
 */
function paraphrases(summary: string, texts: readonly string[]): boolean {
  const held = new Set(contentTokens(summary));
  return texts.some((text) => {
    const terms = [...new Set(contentTokens(text))];
    return (
      terms.length >= 3 &&
      terms.filter((term) => held.has(term)).length >= terms.length * SUMMARY_PARAPHRASE_SHARE
    );
  });
}

/**
 * Conversation memory: stores each turn, keeps the last KEEP_RECENT_TURNS (3) verbatim, and once more than
 * MAX_HISTORY_TURNS (5) turns are verbatim folds the older ones into a rolling summary written by the model.
 *
 * Summarising never delays a reply: `append` schedules it in the background (one run at a time per
 * conversation) and `context` never waits for the model; it shows the current summary plus any aged turns
 * not summarised yet, verbatim, within the token budget. A failed summary logs a warning, keeps the turns
 * and is retried with backoff and on the next append. Call `flush()` to wait for background work and
 * `stop()` at shutdown.
 */
export class HistoryService {
  readonly tokenBudget: number;
  private readonly store: HistoryStore;
  private readonly llm: Llm | undefined;
  private readonly logger: Logger;
  private readonly counter: TokenCounter;
  private readonly summaryTimeoutMs: number;
  private readonly retry: Required<SummaryRetryOptions>;
  private readonly now: () => number;
  private readonly running = new Map<string, Promise<void>>();
  private readonly rerun = new Set<string>();
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private readonly failures = new Map<string, number>();
  private readonly shutdown = new AbortController();

  constructor(options: HistoryServiceOptions) {
    this.store = options.store;
    this.llm = options.llm;
    this.logger = options.logger;
    this.tokenBudget = options.tokenBudget ?? DEFAULT_HISTORY_TOKEN_BUDGET;
    this.counter = options.tokenCounter ?? cl100kTokenCounter;
    this.summaryTimeoutMs = options.summaryTimeoutMs ?? SUMMARY_TIMEOUT_MS;
    this.retry = {
      maxRetries: options.retry?.maxRetries ?? DEFAULT_SUMMARY_MAX_RETRIES,
      initialMs: options.retry?.initialMs ?? SUMMARY_RETRY_INITIAL_MS,
      maxMs: options.retry?.maxMs ?? SUMMARY_RETRY_MAX_MS,
    };
    this.now = options.now ?? Date.now;
  }

  /**
   * Stores a finished turn and, when the conversation is over MAX_HISTORY_TURNS verbatim turns, schedules
   * the summary in the background. Returns false when a turn with the same `eventId` is already held (a
   * Slack retry). Throws AppError `store_failed` when the turn cannot be stored.
   */
  async append(conversation: Conversation, turn: HistoryTurn): Promise<boolean> {
    let appended = false;
    const stored =
      turn.userId === undefined && conversation.key.kind === "thread"
        ? { ...turn, userId: conversation.userId }
        : turn;
    const record = await this.store.update(conversation.id, (current) => {
      const base = current ?? newRecord(conversation, this.now());
      if (stored.eventId !== undefined && holdsEvent(base, stored.eventId)) return undefined;
      appended = true;
      return appendTurn(base, stored, { userId: conversation.userId, now: this.now() });
    });
    if (!appended) {
      this.logger.debug(
        { conversationId: conversation.id, eventId: turn.eventId },
        "turn already in history",
      );
      return false;
    }
    if (record && needsCompaction(record)) this.scheduleCompaction(conversation.id);
    return true;
  }

  /**
   * The history for the next reply, without waiting for any summary in progress: the current summary, the
   * aged turns not summarised yet (verbatim) and the last 3 turns, fitted to the token budget by leaving
   * out the oldest unsummarised turns first (storage keeps them). Render it with `renderContext`.
   */
  async context(conversation: Conversation): Promise<HistoryContext> {
    const record = await this.store.get(conversation.id);
    if (!record) return { olderTurns: [], recent: [], omittedTurns: 0, tokens: 0 };
    const context = fitContext(
      { summary: record.summary?.text, olderTurns: record.pending, recent: record.recent },
      { budget: this.tokenBudget, counter: this.counter },
    );
    if (context.omittedTurns > 0) {
      this.logger.debug(
        { conversationId: conversation.id, omittedTurns: context.omittedTurns, tokens: context.tokens },
        "history context trimmed to the token budget",
      );
    }
    return context;
  }

  /** `renderContext(await context(conversation))`: the prompt text, "" for a new conversation. */
  async renderedContext(conversation: Conversation): Promise<string> {
    return renderContext(await this.context(conversation));
  }

  /**
   * Summarises a conversation's aged turns in the background if they need it. At most one run per
   * conversation at a time; a request during a run makes it go again afterwards.
   */
  scheduleCompaction(conversationId: string): void {
    if (!this.llm || this.shutdown.signal.aborted) return;
    if (this.running.has(conversationId)) {
      this.rerun.add(conversationId);
      return;
    }
    const run = this.runCompaction(conversationId).finally(() => {
      this.running.delete(conversationId);
      if (this.rerun.delete(conversationId)) this.scheduleCompaction(conversationId);
    });
    this.running.set(conversationId, run);
  }

  /** Waits until no summary is running (retries waiting on a timer are not waited for). */
  async flush(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /** Cancels retry timers, aborts summaries in progress and waits for them. Turns stay stored. */
  async stop(): Promise<void> {
    this.shutdown.abort();
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    await this.flush();
  }

  /** A user's conversations for the admin API, newest activity first; only one workspace's with `teamId`. */
  async list(userId: string, filter: ConversationFilter = {}): Promise<ConversationView[]> {
    const records = await this.store.listByUser(userId);
    return records
      .filter((record) => matches(record, filter))
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map(toView);
  }

  /**
   * Deletes one of a user's conversations (in workspace `teamId` when given); false when there is none
   * with that id for that user.
   */
  async delete(userId: string, conversationId: string, filter: ConversationFilter = {}): Promise<boolean> {
    const record = await this.store.get(conversationId);
    if (!record?.userIds.includes(userId) || !matches(record, filter)) return false;
    this.clearRetry(conversationId);
    return this.store.delete(conversationId);
  }

  /**
   * Takes the user out of every conversation of the team they took part in: their DMs are deleted, and
   * so is a thread only they spoke in; from a thread others spoke in too, their turns (with the replies
   * to them) and the summary go — it mixes everyone's words, so it cannot keep one person's out — and
   * the others' turns stay, as those people said them. Returns how many conversations were changed.
   */
  async deleteUser(key: Owner): Promise<number> {
    const records = (await this.store.listByUser(key.userId)).filter((r) => r.key.teamId === key.teamId);
    let deleted = 0;
    for (const record of records) {
      this.clearRetry(record.id);
      if (record.key.kind === "dm" || record.userIds.every((userId) => userId === key.userId)) {
        if (await this.store.delete(record.id)) deleted += 1;
        continue;
      }
      const left = await this.store.update(record.id, (current) =>
        current === undefined ? undefined : withoutUser(current, key.userId),
      );
      if (left !== undefined) deleted += 1;
    }
    return deleted;
  }

  /**
   * Deletes every conversation (of any user) last updated before `cutoff` (ms since the epoch): the
   * retention sweep's `history_days`. Returns how many.
   */
  async deleteUpdatedBefore(cutoff: number): Promise<number> {
    let deleted = 0;
    for (const id of await this.store.idsUpdatedBefore(cutoff)) {
      // Looked at again: a conversation that went on since the listing stays.
      const record = await this.store.get(id);
      if (!record || record.updatedAt >= cutoff) continue;
      this.clearRetry(id);
      if (await this.store.delete(id)) deleted += 1;
    }
    return deleted;
  }

  /**
   * Takes forgotten memories out of the user's conversations in the team: every verbatim occurrence
   * of their texts in a turn (theirs or the assistant's confirmation) or a summary becomes
   * {@link FORGOTTEN_MARK} ({@link redactForgotten}); an answer the model gave with one of the memories
   * `ids` before it (a turn's `memoryIds`), which may say it in other words, becomes the mark as a
   * whole, and so does a summary that folded such an answer, and every answer from the turn whose user
   * text said it on (the model had it in the conversation). So a forgotten fact is not handed back to
   * the model as history. A summary of turns that said it, which paraphrases them, keeps what it wrote
   * unless its text quotes the memory or its `memoryIds` name it. Returns how many conversations changed.
   */
  async forgetTexts(key: Owner, texts: readonly string[], ids: readonly string[] = []): Promise<number> {
    const wanted = texts.map((t) => t.trim()).filter((t) => t.length >= MIN_FORGET_CHARS);
    const gone = new Set(ids);
    if (wanted.length === 0 && gone.size === 0) return 0;
    const redact = (text: string): string => redactForgotten(text, wanted);
    const usedGone = (used: readonly string[] | undefined): boolean =>
      used?.some((id) => gone.has(id)) === true;
    const records = (await this.store.listByUser(key.userId)).filter((r) => r.key.teamId === key.teamId);
    let changed = 0;
    for (const record of records) {
      const hit = (text: string) => wanted.some((target) => text.includes(target));
      const turns = [...record.pending, ...record.recent];
      if (
        !turns.some((t) => hit(t.user) || hit(t.assistant) || usedGone(t.memoryIds)) &&
        !(
          record.summary &&
          (hit(record.summary.text) ||
            usedGone(record.summary.memoryIds) ||
            paraphrases(record.summary.text, wanted))
        )
      )
        continue;
      await this.store.update(record.id, (current) => {
        if (!current) return undefined;
        const all = [...current.pending, ...current.recent];
        // Said here: every answer from then on may have used it, in words of its own.
        const said = all.findIndex((turn) => hit(turn.user));
        const clean = (turn: HistoryTurn, i: number): HistoryTurn => ({
          ...turn,
          user: redact(turn.user),
          assistant:
            usedGone(turn.memoryIds) || (said >= 0 && i >= said) ? FORGOTTEN_MARK : redact(turn.assistant),
        });
        const cleaned = all.map(clean);
        const summary = current.summary && {
          ...current.summary,
          text:
            usedGone(current.summary.memoryIds) || paraphrases(current.summary.text, wanted)
              ? FORGOTTEN_MARK
              : redact(current.summary.text),
        };
        return {
          ...current,
          pending: cleaned.slice(0, current.pending.length),
          recent: cleaned.slice(current.pending.length),
          ...(summary ? { summary } : {}),
        };
      });
      changed += 1;
    }
    return changed;
  }

  /**
   * Records that the turn of `eventId` became (or gave) the memories `ids`, kept after its reply was
   * recorded (autosave): its `memoryIds` take them, so that forgetting one takes the turn's answer —
   * and, once the turn is folded, the summary's text — out of the history. A turn already folded
   * gives them to the summary. Nothing happens when the conversation holds no such turn or summary.
   */
  async noteMemories(conversation: Conversation, eventId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const add = (known: readonly string[] | undefined): string[] => [...new Set([...(known ?? []), ...ids])];
    await this.store.update(conversation.id, (current) => {
      if (!current) return undefined;
      const holds = (turn: HistoryTurn) => turn.eventId === eventId;
      const tag = (turn: HistoryTurn): HistoryTurn =>
        holds(turn) ? { ...turn, memoryIds: add(turn.memoryIds) } : turn;
      if (current.pending.some(holds) || current.recent.some(holds))
        return { ...current, pending: current.pending.map(tag), recent: current.recent.map(tag) };
      return current.summary
        ? { ...current, summary: { ...current.summary, memoryIds: add(current.summary.memoryIds) } }
        : undefined;
    });
  }

  private async runCompaction(conversationId: string): Promise<void> {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.shutdown.signal.aborted; batch += 1) {
      try {
        const record = await this.store.get(conversationId);
        if (!record || !needsCompaction(record)) return;
        await this.compactOnce(record);
        this.clearRetry(conversationId);
      } catch (err) {
        this.onCompactionFailure(conversationId, err);
        return;
      }
    }
  }

  /** Summarises the oldest pending batch and commits it if the record has not moved on meanwhile. */
  private async compactOnce(record: ConversationRecord): Promise<void> {
    const llm = this.llm;
    if (!llm) return;
    const batch = selectBatch(record, {
      maxTokens: MAX_SUMMARY_INPUT_TOKENS,
      countTurnTokens: (turn) => this.counter.count(renderTurn(turn)),
    });
    const started = this.now();
    const text = await summariseTurns({
      llm,
      previousSummary: record.summary?.text,
      turns: batch,
      languageSample: [...record.pending, ...record.recent].map((turn) => turn.user).join("\n"),
      timeoutMs: this.summaryTimeoutMs,
      signal: this.shutdown.signal,
    });
    const basedOnCoversTurns = record.summary?.coversTurns ?? 0;
    let committed = false;
    const stored = await this.store.update(record.id, (current) => {
      const next = current && applySummary(current, { basedOnCoversTurns, batch, text, now: this.now() });
      committed = next !== undefined;
      return next;
    });
    this.logger.info(
      {
        conversationId: record.id,
        folded: batch.length,
        coversTurns: stored?.summary?.coversTurns ?? 0,
        committed,
        ms: this.now() - started,
      },
      committed ? "history summarised" : "history changed during summary; discarded it",
    );
  }

  private onCompactionFailure(conversationId: string, err: unknown): void {
    const error = toAppError(err);
    const attempts = (this.failures.get(conversationId) ?? 0) + 1;
    this.failures.set(conversationId, attempts);
    const retry = !this.shutdown.signal.aborted && attempts <= this.retry.maxRetries;
    const retryInMs = retry
      ? backoffDelay({ minMs: this.retry.initialMs, maxMs: this.retry.maxMs }, attempts)
      : undefined;
    this.logger.warn(
      { conversationId, code: error.code, error: error.message, attempts, retryInMs },
      "history summary failed; aged turns stay verbatim until a retry succeeds",
    );
    if (retryInMs === undefined) return;
    const existing = this.retryTimers.get(conversationId);
    if (existing) clearTimeout(existing);
    const timer = setTimeout(() => {
      this.retryTimers.delete(conversationId);
      this.scheduleCompaction(conversationId);
    }, retryInMs);
    timer.unref(); // a pending retry must not keep the process alive at shutdown
    this.retryTimers.set(conversationId, timer);
  }

  private clearRetry(conversationId: string): void {
    this.failures.delete(conversationId);
    const timer = this.retryTimers.get(conversationId);
    if (timer) clearTimeout(timer);
    this.retryTimers.delete(conversationId);
  }
}

/**
 * A thread's record without one participant: their turns (and the replies to them) and the summary
 * (which mixes everyone's words) gone, the counts kept consistent; the others' turns as they were.
 */
function withoutUser(record: ConversationRecord, userId: string): ConversationRecord {
  const theirs = (turn: HistoryTurn) => turn.userId === userId;
  const pending = record.pending.filter((turn) => !theirs(turn));
  const recent = record.recent.filter((turn) => !theirs(turn));
  const { summary, ...rest } = record;
  const removed =
    (summary?.coversTurns ?? 0) +
    (record.pending.length - pending.length) +
    (record.recent.length - recent.length);
  return {
    ...rest,
    userIds: record.userIds.filter((id) => id !== userId),
    pending,
    recent,
    totalTurns: record.totalTurns - removed,
  };
}
