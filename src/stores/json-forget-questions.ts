import { join, resolve } from "node:path";
import { z } from "zod";
import {
  FORGET_QUESTION_TTL_MS,
  InProcessForgetQuestions,
  MAX_OPEN_FORGET_QUESTIONS,
  type ForgetQuestionStore,
  type OpenForgetQuestion,
} from "../core/forget-questions.js";
import { readJsonFile, writeFileAtomic } from "../util/atomic-file.js";
import { KeyedMutex } from "../util/keyed-mutex.js";

/** The file under DATA_DIR that holds the open questions. */
export const FORGET_QUESTIONS_FILE = "forget_questions.json";
const FILE_VERSION = 1;

const questionSchema = z.object({
  ids: z.array(z.string()),
  askedAt: z.number(),
  lang: z.enum(["ko", "en"]),
  all: z.literal(true).optional(),
  confirm: z.literal(true).optional(),
});
const fileSchema = z.object({
  version: z.literal(FILE_VERSION),
  open: z.record(z.string(), questionSchema),
});

/**
 * Open forget questions of the embedded mode, kept in `${DATA_DIR}/forget_questions.json` as well as in
 * this process: a restart between "전부 잊어줘" and the user's "네" keeps the question, so the yes is
 * read as the answer it is, not as chat ("네, 알겠어요." after which nothing was forgotten). The file
 * holds memory ids only, never a memory's text. Every change is written atomically, in order; a take
 * of a conversation with no open question (every turn's) writes nothing. Lapsed questions are dropped
 * when the file is read; an unreadable one is read as empty.
 */
export class JsonForgetQuestions implements ForgetQuestionStore {
  private readonly path: string;
  private readonly mutex = new KeyedMutex();
  private loaded: Promise<InProcessForgetQuestions> | undefined;

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.path = join(resolve(dataDir), FORGET_QUESTIONS_FILE);
  }

  async put(key: string, question: OpenForgetQuestion): Promise<void> {
    await this.mutex.run(this.path, async () => {
      const open = await this.load();
      await open.put(key, question);
      await this.saveIfAble(open);
    });
  }

  async take(key: string): Promise<OpenForgetQuestion | undefined> {
    return this.mutex.run(this.path, async () => {
      const open = await this.load();
      const question = await open.take(key);
      if (question !== undefined) await this.saveIfAble(open);
      return question;
    });
  }

  private load(): Promise<InProcessForgetQuestions> {
    this.loaded ??= (async () => {
      const open = new InProcessForgetQuestions(MAX_OPEN_FORGET_QUESTIONS);
      const parsed = fileSchema.safeParse(await readJsonFile<unknown>(this.path).catch(() => undefined));
      if (!parsed.success) return open;
      const since = this.now() - FORGET_QUESTION_TTL_MS;
      for (const [key, question] of Object.entries(parsed.data.open)) {
        if (question.askedAt >= since) await open.put(key, question as OpenForgetQuestion);
      }
      return open;
    })();
    return this.loaded;
  }

  /**
   * Writes the open questions. A disk that refuses only costs their surviving a restart: the turn that
   * asked or answered goes on with them in this process, as before the file was kept.
   */
  private async saveIfAble(open: InProcessForgetQuestions): Promise<void> {
    const file = { version: FILE_VERSION, open: Object.fromEntries(open.entries()) };
    await writeFileAtomic(this.path, JSON.stringify(file)).catch(() => undefined);
  }
}
