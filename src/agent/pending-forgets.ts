import {
  FORGET_QUESTION_TTL_MS,
  InProcessForgetQuestions,
  type ForgetQuestionStore,
  type OpenForgetQuestion,
} from "../core/forget-questions.js";
import type { Turn } from "../core/types.js";
import type { Lang } from "../text/language.js";

/**
 * Forget questions waiting for an answer, one per conversation (team, user, channel, thread). Any
 * next message of that user there takes the question: a number, "전부/all" or "취소/cancel" answers
 * it, anything else lets it lapse. Kept in a {@link ForgetQuestionStore}: with replicas, PostgreSQL,
 * so the next message takes it whichever replica answers it.
 */
export class PendingForgets {
  constructor(
    private readonly store: ForgetQuestionStore = new InProcessForgetQuestions(),
    private readonly now: () => number = Date.now,
  ) {}

  async ask(
    turn: Turn,
    ids: string[],
    lang: Lang,
    options: { all?: true; confirm?: true } = {},
  ): Promise<void> {
    await this.store.put(keyOf(turn), { ids, askedAt: this.now(), lang, ...options });
  }

  /**
   * Closes the conversation's open question when it lists exactly `ids` (answered another way: the
   * proposal's Forget or Cancel button); a question asked since about other memories stays open.
   */
  async withdraw(conversation: Conversation, ids: readonly string[]): Promise<void> {
    const key = keyOf(conversation);
    const question = await this.store.take(key);
    if (!question) return;
    const same = question.ids.length === ids.length && question.ids.every((id) => ids.includes(id));
    if (!same) await this.store.put(key, question);
  }

  /** The open question of this turn's conversation, removed; undefined when none or lapsed. */
  async take(turn: Turn): Promise<OpenForgetQuestion | undefined> {
    const question = await this.store.take(keyOf(turn));
    if (!question || this.now() - question.askedAt > FORGET_QUESTION_TTL_MS) return undefined;
    return question;
  }
}

/** Where a question is asked: one person's conversation (a channel, and its thread when there is one). */
export type Conversation = Pick<Turn, "teamId" | "userId" | "channelId" | "threadTs">;

/** The conversation's key: unambiguous for any ids, and text PostgreSQL can hold (no NUL). */
function keyOf(turn: Conversation): string {
  return JSON.stringify([turn.teamId, turn.userId, turn.channelId, turn.threadTs ?? ""]);
}
