import { AppError } from "./errors.js";
import type { Owner } from "./types.js";

/**
 * Who touched a memory: its owner in Slack (`user`), autosave, the model's tool, an operator through
 * the admin API's token or a console session, the retention sweep, or the memory CLI.
 */
export const AUDIT_ACTORS = [
  "user",
  "autosave",
  "tool",
  "admin-token",
  "console-session",
  "sweep",
  "cli",
] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];

/**
 * What was done: `save`, `forget` (one or several memories deleted), `forget-all` (a delete-all; no
 * ids), `expire` (the retention sweep's forget), `read` (an operator's list, search or get), `pin` and
 * `unpin`.
 */
export const AUDIT_ACTIONS = ["save", "forget", "forget-all", "expire", "read", "pin", "unpin"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One audit event. It names memories by id only: a memory's text (or a search's query) is never part
 * of an event, so the audit keeps no copy of what a person asked to forget.
 */
export interface AuditEvent {
  /** ms since the epoch. */
  at: number;
  actor: AuditActor;
  action: AuditAction;
  /** The memories touched (empty for a delete-all, or a read that found nothing). */
  ids: string[];
  /** Whose memories. */
  owner: Owner;
}

/** An event as stored: with the store's sequence number (newer events have larger ones). */
export type StoredAuditEvent = AuditEvent & { seq: number };

export interface AuditPage {
  items: StoredAuditEvent[];
  nextCursor: string | null;
}

/**
 * The audit record in the shared state: append-only, read newest first in pages. An append that
 * fails throws (the caller decides whether the action goes on).
 */
export interface AuditLog {
  append(events: readonly AuditEvent[]): Promise<void>;
  /** Newest first; only one owner's (`userId`, and `teamId` when given) when asked. */
  page(options: {
    limit: number;
    cursor?: string | undefined;
    userId?: string | undefined;
    teamId?: string | undefined;
  }): Promise<AuditPage>;
}

/** The opaque cursor of an audit page: the sequence number the next page starts below. */
export function encodeAuditCursor(seq: number): string {
  return Buffer.from(JSON.stringify({ s: seq })).toString("base64url");
}

/** The sequence number of an {@link encodeAuditCursor} cursor; anything else is a `bad_request`. */
export function decodeAuditCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { s?: unknown };
    const s = parsed.s;
    if (typeof s === "number" && Number.isSafeInteger(s) && s >= 0) return s;
  } catch (err) {
    throw new AppError("bad_request", "cursor is not valid", { cause: err });
  }
  throw new AppError("bad_request", "cursor is not valid");
}

/**
 * Pinned memories (by id, per owner), kept in the shared state: a pinned memory never expires. A pin
 * of a memory that is later forgotten is dropped with it.
 */
export interface PinStore {
  /** Which of `ids` the owner has pinned. */
  pinned(owner: Owner, ids: readonly string[]): Promise<Set<string>>;
  pin(owner: Owner, id: string): Promise<void>;
  unpin(owner: Owner, ids: readonly string[]): Promise<void>;
}

/** How often, and when last, one memory was recalled and used in its owner's turn. */
export interface RecallUse {
  id: string;
  count: number;
  /** ms since the epoch. */
  lastAt: number;
}

/**
 * Which memories were recalled and used (shown to the model or listed in an answer) in their owner's
 * turns, kept in the shared state by id only: "what do you know about me" shows the most used, and
 * the retention sweep never expires a memory that was used.
 */
export interface RecallTally {
  /** Counts one use of each of `ids` at `at`. */
  record(owner: Owner, ids: readonly string[], at: number): Promise<void>;
  /** The owner's most used memories: most uses first, then latest use first. */
  top(owner: Owner, limit: number): Promise<RecallUse[]>;
  /** Which of `ids` were ever used. */
  used(owner: Owner, ids: readonly string[]): Promise<Set<string>>;
  /** Forgotten memories leave the tally. */
  drop(owner: Owner, ids: readonly string[]): Promise<void>;
}

/** Memories tallied per person; beyond it the least used (then oldest) leave the tally. */
export const MAX_TALLIED_MEMORIES = 2_000;

/** The tally kept, most used first: at most {@link MAX_TALLIED_MEMORIES}. */
export function rankRecallUses(uses: Iterable<RecallUse>, limit = MAX_TALLIED_MEMORIES): RecallUse[] {
  return [...uses].sort((a, b) => b.count - a.count || b.lastAt - a.lastAt).slice(0, limit);
}
