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

  /** The open question of this turn's conversation, removed; undefined when none or lapsed. */
  async take(turn: Turn): Promise<OpenForgetQuestion | undefined> {
    const question = await this.store.take(keyOf(turn));
    if (!question || this.now() - question.askedAt > FORGET_QUESTION_TTL_MS) return undefined;
    return question;
  }
}

/** The conversation's key: unambiguous for any ids, and text PostgreSQL can hold (no NUL). */
function keyOf(turn: Turn): string {
  return JSON.stringify([turn.teamId, turn.userId, turn.channelId, turn.threadTs ?? ""]);
}
