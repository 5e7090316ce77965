import type { PgDatabase } from "../db/postgres.js";
import {
  FORGET_QUESTION_TTL_MS,
  type ForgetQuestionStore,
  type OpenForgetQuestion,
} from "../core/forget-questions.js";

/**
 * Open forget questions shared by replicas: the `forget_questions` table (src/db/migrations/). A
 * question is taken with one `DELETE … RETURNING`, so the user's next message takes it once, on
 * whichever replica answers it: a "취소" on one leaves nothing for a later "네" on another. Lapsed
 * questions are dropped at the next question asked.
 */
export class PgForgetQuestions implements ForgetQuestionStore {
  constructor(
    private readonly db: PgDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async put(key: string, question: OpenForgetQuestion): Promise<void> {
    await this.db.run("forget question write", async (client) => {
      await client.query(
        `INSERT INTO forget_questions (conversation, question, asked_ms) VALUES ($1, $2, $3)
         ON CONFLICT (conversation) DO UPDATE SET question = EXCLUDED.question, asked_ms = EXCLUDED.asked_ms`,
        [key, JSON.stringify(question), question.askedAt],
      );
      await client.query("DELETE FROM forget_questions WHERE asked_ms < $1", [
        this.now() - FORGET_QUESTION_TTL_MS,
      ]);
    });
  }

  async take(key: string): Promise<OpenForgetQuestion | undefined> {
    const { rows } = await this.db.run("forget question take", (client) =>
      client.query<{ question: OpenForgetQuestion }>(
        "DELETE FROM forget_questions WHERE conversation = $1 RETURNING question",
        [key],
      ),
    );
    return rows[0]?.question;
  }
}
