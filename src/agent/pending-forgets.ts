import type { Turn } from "../core/types.js";
import type { Lang } from "../text/language.js";

/** How long "which one should I forget?" waits for its answer. */
export const FORGET_QUESTION_TTL_MS = 10 * 60 * 1000;
/** Open questions kept at most (the oldest lapse first). */
export const MAX_OPEN_FORGET_QUESTIONS = 10_000;

/** The memories a "which one should I forget?" question listed, in the order shown. */
export interface OpenForgetQuestion {
  ids: string[];
  askedAt: number;
  /** The language the question was asked in: its answer ("1", "ok") is replied to in it. */
  lang: Lang;
  /** "Forget everything?": a yes deletes every memory of the user, not `ids` (empty then). */
  all?: true;
  /** "Forget all of these?": a yes deletes every one of `ids` (as a question of one memory does). */
  confirm?: true;
}

/**
 * Forget questions waiting for an answer, one per conversation (team, user, channel, thread). Any
 * next message of that user there takes the question: a number, "전부/all" or "취소/cancel" answers
 * it, anything else lets it lapse. In-process: a question asked by one replica is answered by the
 * user's next message, which Slack may deliver to another (then it simply lapses).
 */
export class PendingForgets {
  private readonly open = new Map<string, OpenForgetQuestion>();

  constructor(private readonly now: () => number = Date.now) {}

  ask(turn: Turn, ids: string[], lang: Lang, options: { all?: true; confirm?: true } = {}): void {
    const key = keyOf(turn);
    this.open.delete(key);
    this.open.set(key, { ids, askedAt: this.now(), lang, ...options });
    while (this.open.size > MAX_OPEN_FORGET_QUESTIONS) this.open.delete(this.open.keys().next().value!);
  }

  /** The open question of this turn's conversation, removed; undefined when none or lapsed. */
  take(turn: Turn): OpenForgetQuestion | undefined {
    const key = keyOf(turn);
    const question = this.open.get(key);
    this.open.delete(key);
    if (!question || this.now() - question.askedAt > FORGET_QUESTION_TTL_MS) return undefined;
    return question;
  }
}

function keyOf(turn: Turn): string {
  return [turn.teamId, turn.userId, turn.channelId, turn.threadTs ?? ""].join("\u0000");
}
