/** How long "which one should I forget?" waits for its answer. */
export const FORGET_QUESTION_TTL_MS = 10 * 60 * 1000;
/** Open questions one process keeps at most (the oldest lapse first). */
export const MAX_OPEN_FORGET_QUESTIONS = 10_000;

/** The memories a "which one should I forget?" question listed, in the order shown. */
export interface OpenForgetQuestion {
  ids: string[];
  askedAt: number;
  /** The language the question was asked in: its answer ("1", "ok") is replied to in it. */
  lang: "ko" | "en";
  /** "Forget everything?": a yes deletes every memory of the user, not `ids` (empty then). */
  all?: true;
  /** "Forget all of these?": a yes deletes every one of `ids` (as a question of one memory does). */
  confirm?: true;
}

/**
 * Where open forget questions wait, one per conversation key (team, user, channel, thread): this
 * process's memory ({@link InProcessForgetQuestions}), or PostgreSQL shared by several replicas
 * (src/stores/pg-forget-questions.ts), so that the user's next message takes the question whichever
 * replica Slack delivers it to — a "취소" there cancels it, and a later "네" elsewhere finds nothing.
 */
export interface ForgetQuestionStore {
  /** Puts `question` in place of the conversation's open one. */
  put(key: string, question: OpenForgetQuestion): Promise<void>;
  /** Removes and returns the conversation's open question, lapsed or not; undefined when none. */
  take(key: string): Promise<OpenForgetQuestion | undefined>;
}

/** Open forget questions in this process: one assistant per DATA_DIR (the embedded mode). */
export class InProcessForgetQuestions implements ForgetQuestionStore {
  private readonly open = new Map<string, OpenForgetQuestion>();

  constructor(private readonly max = MAX_OPEN_FORGET_QUESTIONS) {}

  put(key: string, question: OpenForgetQuestion): Promise<void> {
    this.open.delete(key);
    this.open.set(key, question);
    while (this.open.size > this.max) this.open.delete(this.open.keys().next().value!);
    return Promise.resolve();
  }

  take(key: string): Promise<OpenForgetQuestion | undefined> {
    const question = this.open.get(key);
    this.open.delete(key);
    return Promise.resolve(question);
  }

  /** The open questions, oldest asked first (for a store that keeps them on disk). */
  entries(): [string, OpenForgetQuestion][] {
    return [...this.open.entries()];
  }
}
