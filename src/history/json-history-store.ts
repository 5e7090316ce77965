import { readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { AppError, isAppError } from "../errors.js";
import { readJsonFile, writeFileAtomic } from "../util/atomic-file.js";
import { KeyedMutex } from "../util/keyed-mutex.js";
import { safeFileName } from "../util/safe-name.js";
import { checkUpdatedRecord, conversationRecordSchema } from "./record-schema.js";
import type { ConversationRecord, HistoryLogger, HistoryStore } from "./types.js";

/** Folder under the data dir that holds one JSON file per conversation. */
export const HISTORY_FOLDER = "history";

const FILE_EXTENSION = ".json";

/**
 * Conversation records as JSON files under `${dataDir}/history/`, one per conversation, named by
 * `safeFileName(id)` so no id (however hostile) can point outside the folder. Files are written
 * atomically (temp file, fsync, rename) and one writer per conversation at a time, so a crash leaves the
 * old or the new file and a restart keeps everything.
 *
 * `listByUser` reads every file: fine for an admin call over one machine's conversations; a shared store
 * (Redis, PostgreSQL) replaces this class when the bot runs as several replicas.
 */
export class JsonHistoryStore implements HistoryStore {
  readonly folder: string;
  private readonly logger: HistoryLogger;
  private readonly mutex = new KeyedMutex();

  constructor(options: { dataDir: string; logger: HistoryLogger }) {
    this.folder = join(options.dataDir, HISTORY_FOLDER);
    this.logger = options.logger;
  }

  async get(id: string): Promise<ConversationRecord | undefined> {
    const record = await this.readFile(this.pathOf(id));
    if (record && record.id !== id) {
      throw new AppError("store_failed", "history file holds another conversation", {
        details: { id, found: record.id },
      });
    }
    return record;
  }

  async update(
    id: string,
    mutate: (current: ConversationRecord | undefined) => ConversationRecord | undefined,
  ): Promise<ConversationRecord | undefined> {
    return this.mutex.run(id, async () => {
      const current = await this.get(id);
      const next = mutate(current);
      if (next === undefined) return current;
      checkUpdatedRecord(id, next);
      try {
        await writeFileAtomic(this.pathOf(id), JSON.stringify(next, null, 2));
      } catch (err) {
        throw new AppError("store_failed", "could not write history file", { cause: err, details: { id } });
      }
      return next;
    });
  }

  async delete(id: string): Promise<boolean> {
    return this.mutex.run(id, async () => {
      try {
        await unlink(this.pathOf(id));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw new AppError("store_failed", "could not delete history file", { cause: err, details: { id } });
      }
    });
  }

  async listByUser(userId: string): Promise<ConversationRecord[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new AppError("store_failed", "could not list history folder", { cause: err });
    }
    const records: ConversationRecord[] = [];
    // Temp files of an atomic write in progress start with a dot; skip them.
    for (const name of names.filter((n) => n.endsWith(FILE_EXTENSION) && !n.startsWith("."))) {
      try {
        const record = await this.readFile(join(this.folder, name));
        if (record?.userIds.includes(userId)) records.push(record);
      } catch (err) {
        // One unreadable file must not hide every other conversation from the admin; report and go on.
        if (!isAppError(err, "store_failed")) throw err;
        this.logger.warn(
          { file: name, code: err.code, details: err.details },
          "skipping unreadable history file",
        );
      }
    }
    return records;
  }

  private pathOf(id: string): string {
    return join(this.folder, safeFileName(id, FILE_EXTENSION));
  }

  private async readFile(path: string): Promise<ConversationRecord | undefined> {
    let raw: unknown;
    try {
      raw = await readJsonFile<unknown>(path);
    } catch (err) {
      throw new AppError("store_failed", "could not read history file", { cause: err, details: { path } });
    }
    if (raw === undefined) return undefined;
    const parsed = conversationRecordSchema.safeParse(raw);
    if (!parsed.success) {
      throw new AppError("store_failed", "history file has an unexpected shape", {
        details: { path, issues: parsed.error.issues.map((issue) => issue.message) },
      });
    }
    return parsed.data;
  }
}
