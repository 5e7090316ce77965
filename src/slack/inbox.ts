import { join } from "node:path";
import { z } from "zod";
import { JOURNAL_DIR } from "../memory/lifecycle/memory-journal.js";
import type { Turn } from "../core/types.js";
import type { ForgetPlan } from "../agent/turn-handler.js";
import { AppendJournal, type JournalStorage } from "../util/journal.js";

/** The inbox's file in DATA_DIR/journal. */
export const INBOX_FILE = "inbox.jsonl";

/** How long a handled event id is remembered, across restarts (Slack retries within minutes). */
export const INBOX_SEEN_TTL_MS = 60 * 60 * 1000;
/** An event received this long ago or less and not answered at a crash is answered after the restart. */
export const INBOX_REPLAY_MAX_AGE_MS = 15 * 60 * 1000;

const turnSchema = z.object({
  teamId: z.string(),
  userId: z.string(),
  channelId: z.string(),
  channelType: z.enum(["im", "mpim", "channel", "group"]),
  threadTs: z.string().optional(),
  text: z.string(),
  eventId: z.string(),
  receivedAt: z.number().optional(),
}) satisfies z.ZodType<Turn>;

const entrySchema = z.discriminatedUnion("op", [
  /** An event as Slack sent it, written before Bolt acks it (its listener has not run yet). */
  z.object({ op: z.literal("accepted"), at: z.number(), eventId: z.string(), body: z.unknown() }),
  z.object({ op: z.literal("received"), at: z.number(), turn: turnSchema, messageTs: z.string() }),
  z.object({ op: z.literal("answered"), at: z.number(), eventId: z.string() }),
  /** An open turn is deleting memories (`TurnHooks.onForgetting`): which, by id, or all of them. */
  z.object({
    op: z.literal("deleting"),
    at: z.number(),
    eventId: z.string(),
    plan: z.union([z.object({ ids: z.array(z.string()) }), z.object({ all: z.literal(true) })]),
  }),
]);
type InboxEntry = z.infer<typeof entrySchema>;

/** A Slack turn received and not answered yet, with the message's ts (for reactions). */
export interface OpenTurn {
  turn: Turn;
  messageTs: string;
  at: number;
  /** The deletion the turn had begun, if any: answering it again finishes that (`finishForget`). */
  deleting?: ForgetPlan | undefined;
}

/** An event acked but whose listener never ran (a crash right after the ack): Slack's body, kept. */
export interface AcceptedEvent {
  eventId: string;
  body: unknown;
  at: number;
}

/**
 * The durable inbox of Slack turns (DATA_DIR/journal/inbox.jsonl, or PostgreSQL in shared mode). An event is acked at once and
 * answered afterwards; a crash in between would lose it. So the event is written here before Bolt acks
 * it (`accept`), its turn when the work starts (`receive`), and it is marked answered once the reply
 * (or the apology) is posted. After a restart, accepted events are handed to Bolt again and received
 * turns are answered, or the user is told the message was missed. It also remembers handled event ids
 * for an hour, across restarts, so a Slack retry is never answered twice.
 *
 * An answered event keeps no text: marking it answered rewrites the inbox (atomically) with the open
 * turns and events in full and every other event id it still remembers as a bare `answered` line, so
 * what a user said — a memory they may forget next — stays on disk only while it is unanswered.
 */
export class TurnInbox {
  private readonly journal: AppendJournal<InboxEntry>;
  private readonly open = new Map<string, OpenTurn>();
  private readonly accepted = new Map<string, AcceptedEvent>();
  private readonly seen = new Map<string, number>();
  /** Turns being answered by this process now (`begin` … `settled`). */
  private readonly working = new Set<string>();

  /** `where`: DATA_DIR (the file DATA_DIR/journal/inbox.jsonl), or another storage (PostgreSQL). */
  constructor(
    where: string | JournalStorage,
    private readonly now: () => number = Date.now,
  ) {
    this.journal = new AppendJournal(
      typeof where === "string" ? join(where, JOURNAL_DIR, INBOX_FILE) : where,
      entrySchema,
    );
  }

  /**
   * Reads the inbox after a restart: the turns left unanswered, and the events acked whose listener
   * never ran, oldest first.
   */
  async load(): Promise<{ turns: OpenTurn[]; events: AcceptedEvent[] }> {
    const { entries } = await this.journal.read();
    for (const entry of entries) {
      if (entry.op === "accepted") {
        if (this.seen.has(entry.eventId)) continue;
        this.seen.set(entry.eventId, entry.at);
        this.accepted.set(entry.eventId, { eventId: entry.eventId, body: entry.body, at: entry.at });
      } else if (entry.op === "received") {
        this.seen.set(entry.turn.eventId, entry.at);
        this.accepted.delete(entry.turn.eventId);
        this.open.set(entry.turn.eventId, { turn: entry.turn, messageTs: entry.messageTs, at: entry.at });
      } else if (entry.op === "deleting") {
        const open = this.open.get(entry.eventId);
        if (open) open.deleting = entry.plan;
      } else {
        this.seen.set(entry.eventId, entry.at);
        this.accepted.delete(entry.eventId);
        this.open.delete(entry.eventId);
      }
    }
    await this.compact();
    const byAge = <T extends { at: number }>(items: Iterable<T>) => [...items].sort((a, b) => a.at - b.at);
    return { turns: byAge(this.open.values()), events: byAge(this.accepted.values()) };
  }

  /**
   * Writes an event as Slack sent it, before it is acked. An event id seen before (a retry) is not
   * written again: the dedupe and `receive` drop it.
   */
  async accept(eventId: string, body: unknown): Promise<void> {
    this.prune();
    if (this.seen.has(eventId)) return;
    const at = this.now();
    this.seen.set(eventId, at);
    this.accepted.set(eventId, { eventId, body, at });
    await this.append({ op: "accepted", at, eventId, body });
  }

  /**
   * Records a turn whose work starts now. False when its event id was already received (a retry, or
   * a delivery after a restart): then it must not be answered again.
   */
  async receive(turn: Turn, messageTs: string): Promise<boolean> {
    this.prune();
    // Accepted before the ack: this is its first listener run, not a repeat.
    const first = this.accepted.delete(turn.eventId);
    if (this.seen.has(turn.eventId) && !first) return false;
    const at = this.now();
    this.seen.set(turn.eventId, at);
    // Before the write, as every change here: a rewrite queued meanwhile must see the turn open.
    this.open.set(turn.eventId, { turn, messageTs, at });
    await this.append({ op: "received", at, turn, messageTs });
    return true;
  }

  /**
   * Records that an open turn is about to delete memories (ids only, never a text), before it does: a
   * restart then finishes that deletion rather than answering the message anew.
   */
  async deleting(eventId: string, plan: ForgetPlan): Promise<void> {
    const open = this.open.get(eventId);
    if (!open) return;
    open.deleting = plan;
    await this.append({ op: "deleting", at: this.now(), eventId, plan });
  }

  /**
   * Marks a turn answered (its reply, or its apology, is posted) — or an accepted event done with —
   * by rewriting the inbox without its text.
   */
  async answered(eventId: string): Promise<void> {
    const wasOpen = this.open.delete(eventId);
    if (!this.accepted.delete(eventId) && !wasOpen) return;
    await this.compact();
  }

  /** Marks a turn as being answered now: it is not {@link unattended} until `settled`. */
  begin(eventId: string): void {
    this.working.add(eventId);
  }

  /** The turn's answer ended (posted or not: an unposted one stays open, and unattended). */
  settled(eventId: string): void {
    this.working.delete(eventId);
  }

  /**
   * Open turns nothing in this process is answering: their reply (and apology) did not reach Slack,
   * or they were left by a restart. Oldest first.
   */
  unattended(): OpenTurn[] {
    return [...this.open.values()]
      .filter((t) => !this.working.has(t.turn.eventId))
      .sort((a, b) => a.at - b.at);
  }

  close(): Promise<void> {
    return this.journal.close();
  }

  private async append(entry: InboxEntry): Promise<void> {
    await this.journal.append(entry);
  }

  /**
   * Keeps the open turns and the ids seen within the TTL (as `answered` lines, without any text). The
   * entries are taken when the rewrite runs, after every write queued before it: they hold every
   * change made until then (each change is made before its own write is queued), and rewrites asked
   * for back to back (a burst of answered turns) are done once.
   */
  private async compact(): Promise<void> {
    await this.journal.compact(() => this.snapshot());
  }

  private snapshot(): InboxEntry[] {
    this.prune();
    const entries: InboxEntry[] = [];
    for (const [eventId, at] of this.seen) {
      const open = this.open.get(eventId);
      const accepted = this.accepted.get(eventId);
      entries.push(
        open
          ? { op: "received", at, turn: open.turn, messageTs: open.messageTs }
          : accepted
            ? { op: "accepted", at, eventId, body: accepted.body }
            : { op: "answered", at, eventId },
      );
      if (open?.deleting) entries.push({ op: "deleting", at, eventId, plan: open.deleting });
    }
    return entries;
  }

  private prune(): void {
    const oldest = this.now() - INBOX_SEEN_TTL_MS;
    for (const [eventId, at] of this.seen) {
      if (at >= oldest) break; // insertion order is time order
      if (!this.open.has(eventId) && !this.accepted.has(eventId)) this.seen.delete(eventId);
    }
  }
}
