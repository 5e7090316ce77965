import { isDeepStrictEqual } from "node:util";
import { KEEP_RECENT_TURNS, MAX_HISTORY_TURNS } from "./policy.js";
import type {
  Conversation,
  ConversationRecord,
  ConversationView,
  HistoryTurn,
} from "../core/history-types.js";

/**
 * Pure operations on a {@link ConversationRecord}. Each returns a new record and leaves its input as it
 * was, so a store can hand out its copy safely.
 */

/** An empty record for a conversation seen for the first time. */
export function newRecord(conversation: Conversation, now: number): ConversationRecord {
  return {
    version: 1,
    id: conversation.id,
    key: conversation.key,
    userIds: [conversation.userId],
    pending: [],
    recent: [],
    totalTurns: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/** Whether a turn with this Slack event id is still held verbatim (a retried event is not stored twice). */
export function holdsEvent(record: ConversationRecord, eventId: string): boolean {
  return [...record.pending, ...record.recent].some((turn) => turn.eventId === eventId);
}

/**
 * Adds a turn at the end. Turns pushed out of the last {@link KEEP_RECENT_TURNS} move to `pending`,
 * where they wait for the summary — except off-record ones (said in a paused conversation), which are
 * dropped there: the conversation no longer needs them and the long-term record must not keep them.
 */
export function appendTurn(
  record: ConversationRecord,
  turn: HistoryTurn,
  options: { userId: string; now: number },
): ConversationRecord {
  const all = [...record.recent, { ...turn }];
  const aged = all.slice(0, Math.max(0, all.length - KEEP_RECENT_TURNS));
  const kept = aged.filter((t) => t.offRecord !== true);
  const dropped = (record.droppedTurns ?? 0) + aged.length - kept.length;
  return {
    ...record,
    userIds: record.userIds.includes(options.userId) ? record.userIds : [...record.userIds, options.userId],
    ...(dropped > 0 ? { droppedTurns: dropped } : {}),
    pending: [...record.pending, ...kept],
    recent: all.slice(aged.length),
    totalTurns: record.totalTurns + 1,
    updatedAt: options.now,
  };
}

/**
 * Whether the aged turns should be summarised now: more than {@link MAX_HISTORY_TURNS} turns are held
 * verbatim and some of them are older than the last {@link KEEP_RECENT_TURNS}.
 */
export function needsCompaction(record: ConversationRecord): boolean {
  return record.pending.length > 0 && record.pending.length + record.recent.length > MAX_HISTORY_TURNS;
}

/**
 * The oldest pending turns whose token count (by `countTurnTokens`) stays within `maxTokens`, and always
 * at least one, so a single huge turn still gets summarised rather than blocking the queue.
 */
export function selectBatch(
  record: ConversationRecord,
  options: { maxTokens: number; countTurnTokens: (turn: HistoryTurn) => number },
): HistoryTurn[] {
  const batch: HistoryTurn[] = [];
  let tokens = 0;
  for (const turn of record.pending) {
    const cost = options.countTurnTokens(turn);
    if (batch.length > 0 && tokens + cost > options.maxTokens) break;
    batch.push(turn);
    tokens += cost;
  }
  return batch;
}

/**
 * Folds `batch` into the summary: the new summary `text` replaces the old one and the batch leaves
 * `pending`. Returns undefined when the record moved on since the batch was read (another summary landed,
 * or the conversation was deleted and started again), so a stale summary is never committed.
 */
export function applySummary(
  record: ConversationRecord,
  options: { basedOnCoversTurns: number; batch: HistoryTurn[]; text: string; now: number },
): ConversationRecord | undefined {
  const covers = record.summary?.coversTurns ?? 0;
  const head = record.pending.slice(0, options.batch.length);
  if (covers !== options.basedOnCoversTurns || !isDeepStrictEqual(head, options.batch)) return undefined;
  // The memories its answers rested on stay known: forgetting one drops the summary's text.
  const memoryIds = [
    ...new Set([
      ...(record.summary?.memoryIds ?? []),
      ...options.batch.flatMap((turn) => turn.memoryIds ?? []),
    ]),
  ];
  return {
    ...record,
    summary: {
      text: options.text,
      coversTurns: covers + options.batch.length,
      updatedAt: options.now,
      ...(memoryIds.length > 0 ? { memoryIds } : {}),
    },
    pending: record.pending.slice(options.batch.length),
    updatedAt: options.now,
  };
}

/** The admin view of a record, with its counts. */
export function toView(record: ConversationRecord): ConversationView {
  const summarised = record.summary?.coversTurns ?? 0;
  return {
    id: record.id,
    key: record.key,
    userIds: [...record.userIds],
    summary: record.summary ? { ...record.summary } : null,
    pending: record.pending.map((turn) => ({ ...turn })),
    recent: record.recent.map((turn) => ({ ...turn })),
    counts: {
      total: record.totalTurns,
      summarised,
      pending: record.pending.length,
      recent: record.recent.length,
    },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
