import { readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { AppError, isAppError } from "../core/errors.js";
import { readJsonFile, writeFileAtomic } from "../util/atomic-file.js";
import { KeyedMutex } from "../util/keyed-mutex.js";
import { safeFileName } from "../util/safe-name.js";
import { checkUpdatedRecord, conversationRecordSchema } from "../core/history-record-schema.js";
import type { Logger } from "../logging/logger.js";
import type { ConversationRecord, HistoryStore } from "../core/history-types.js";

/** Folder under the data dir that holds one JSON file per conversation. */
export const HISTORY_FOLDER = "history";
/** Folder under the data dir with one JSON file per user: the ids of the conversations they are in. */
export const HISTORY_INDEX_FOLDER = "history-users";
/** The file in {@link HISTORY_INDEX_FOLDER} that says the index covers every conversation file. */
const INDEX_COMPLETE = "complete.json";

const FILE_EXTENSION = ".json";

/** A user's index file. */
interface UserIndex {
  userId: string;
  ids: string[];
}

/**
 * Conversation records as JSON files under `${dataDir}/history/`, one per conversation, named by
 * `safeFileName(id)` so no id (however hostile) can point outside the folder. Files are written
 * atomically (temp file, fsync, rename) and one writer per conversation at a time, so a crash leaves the
 * old or the new file and a restart keeps everything.
 *
 * `listByUser` reads the user's index (`${dataDir}/history-users/`, one file per user listing the ids
 * of their conversations) and then only those conversations, never another user's file. The index is a
 * superset of the truth: an id is added before the conversation that names the user is written, and
 * removed after it is deleted, so a crash between the two leaves an id with no file (skipped), never a
 * conversation missing from its users' lists. A data dir from before the index is indexed once, by one
 * scan, on first use. A shared store (PostgreSQL) replaces this class when the bot runs as replicas.
 */
export class JsonHistoryStore implements HistoryStore {
  readonly folder: string;
  private readonly indexFolder: string;
  private readonly logger: Logger;
  private readonly mutex = new KeyedMutex();
  /** Settles when the index covers every conversation file (built once if the data dir predates it). */
  private indexed: Promise<void> | undefined;

  constructor(options: { dataDir: string; logger: Logger }) {
    this.folder = join(options.dataDir, HISTORY_FOLDER);
    this.indexFolder = join(options.dataDir, HISTORY_INDEX_FOLDER);
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
      // Users new to the conversation are indexed before the file names them (see the class comment).
      const joined = next.userIds.filter((userId) => !current?.userIds.includes(userId));
      for (const userId of joined) await this.changeIndex(userId, (ids) => ids.add(id));
      try {
        await writeFileAtomic(this.pathOf(id), JSON.stringify(next, null, 2));
      } catch (err) {
        throw new AppError("store_failed", "could not write history file", { cause: err, details: { id } });
      }
      // Users taken out of it (their "forget everything") leave their indexes after the file no longer
      // names them.
      const left = current?.userIds.filter((userId) => !next.userIds.includes(userId)) ?? [];
      for (const userId of left) await this.changeIndex(userId, (ids) => ids.delete(id));
      return next;
    });
  }

  async delete(id: string): Promise<boolean> {
    return this.mutex.run(id, async () => {
      // Who is in it, to take the id out of their indexes after the file is gone.
      const users = await this.get(id).then(
        (record) => record?.userIds ?? [],
        () => [], // unreadable: its users' indexes keep a dangling id, which listing skips
      );
      try {
        await unlink(this.pathOf(id));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw new AppError("store_failed", "could not delete history file", { cause: err, details: { id } });
      }
      for (const userId of users) await this.changeIndex(userId, (ids) => ids.delete(id));
      return true;
    });
  }

  /** The user's conversations, read by their index: no other user's file is opened. */
  async listByUser(userId: string): Promise<ConversationRecord[]> {
    const records: ConversationRecord[] = [];
    for (const id of await this.indexedIds(userId)) {
      try {
        const record = await this.get(id);
        // No file: deleted after it was indexed (a crash before the index was updated).
        if (record?.userIds.includes(userId)) records.push(record);
      } catch (err) {
        // One unreadable file must not hide every other conversation from the admin; report and go on.
        if (!isAppError(err, "store_failed")) throw err;
        this.logger.warn({ id, code: err.code, details: err.details }, "skipping unreadable history file");
      }
    }
    return records;
  }

  /** The ids in the user's index (once the index covers every conversation). */
  private async indexedIds(userId: string): Promise<string[]> {
    await this.ensureIndexed();
    return (await this.readIndex(userId)).ids;
  }

  /** Reads, changes and writes back one user's index, one change per user at a time. */
  private async changeIndex(userId: string, change: (ids: Set<string>) => unknown): Promise<void> {
    await this.ensureIndexed();
    // Conversation ids start with their kind ("dm:", "thread:"): this key is never one of them.
    await this.mutex.run(`\0index:${userId}`, async () => {
      const ids = new Set((await this.readIndex(userId)).ids);
      const before = ids.size;
      change(ids);
      if (ids.size === before) return;
      await this.writeIndex({ userId, ids: [...ids] });
    });
  }

  private async readIndex(userId: string): Promise<UserIndex> {
    const path = join(this.indexFolder, safeFileName(userId));
    let raw: Partial<UserIndex> | undefined;
    try {
      raw = await readJsonFile<Partial<UserIndex>>(path);
    } catch (err) {
      throw new AppError("store_failed", "could not read a history index", { cause: err, details: { path } });
    }
    if (raw === undefined) return { userId, ids: [] };
    if (raw.userId !== userId || !Array.isArray(raw.ids) || !raw.ids.every((id) => typeof id === "string")) {
      throw new AppError("store_failed", "history index has an unexpected shape", { details: { path } });
    }
    return { userId, ids: raw.ids };
  }

  private async writeIndex(index: UserIndex): Promise<void> {
    const path = join(this.indexFolder, safeFileName(index.userId));
    try {
      if (index.ids.length > 0) await writeFileAtomic(path, JSON.stringify(index));
      else
        await unlink(path).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== "ENOENT") throw err;
        });
    } catch (err) {
      throw new AppError("store_failed", "could not write a history index", {
        cause: err,
        details: { path },
      });
    }
  }

  /**
   * Builds the index from the conversation files once, for a data dir written before it existed (or
   * when a build was cut short): the only time every file is read. Idempotent; a failure is retried
   * on the next call.
   */
  private ensureIndexed(): Promise<void> {
    this.indexed ??= this.buildIndex().catch((err: unknown) => {
      this.indexed = undefined;
      throw err;
    });
    return this.indexed;
  }

  private async buildIndex(): Promise<void> {
    const marker = join(this.indexFolder, INDEX_COMPLETE);
    if ((await readJsonFile(marker).catch(() => undefined)) !== undefined) return;
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT")
        throw new AppError("store_failed", "could not list history folder", { cause: err });
      names = [];
    }
    const byUser = new Map<string, Set<string>>();
    // Temp files of an atomic write in progress start with a dot; skip them.
    for (const name of names.filter((n) => n.endsWith(FILE_EXTENSION) && !n.startsWith("."))) {
      try {
        const record = await this.readFile(join(this.folder, name));
        for (const userId of record?.userIds ?? []) {
          const ids = byUser.get(userId) ?? new Set<string>();
          byUser.set(userId, ids.add(record!.id));
        }
      } catch (err) {
        if (!isAppError(err, "store_failed")) throw err;
        this.logger.warn(
          { file: name, code: err.code, details: err.details },
          "skipping unreadable history file",
        );
      }
    }
    for (const [userId, ids] of byUser) {
      const known = await this.readIndex(userId);
      await this.writeIndex({ userId, ids: [...new Set([...known.ids, ...ids])] });
    }
    try {
      await writeFileAtomic(marker, JSON.stringify({ version: 1 }));
    } catch (err) {
      throw new AppError("store_failed", "could not write the history index marker", { cause: err });
    }
  }

  async idsUpdatedBefore(cutoff: number): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new AppError("store_failed", "could not list history folder", { cause: err });
    }
    const ids: string[] = [];
    for (const name of names.filter((n) => n.endsWith(FILE_EXTENSION) && !n.startsWith("."))) {
      const record = await this.readFile(join(this.folder, name)).catch((err: unknown) => {
        this.logger.warn({ err, file: name }, "skipping unreadable history file");
        return undefined;
      });
      if (record && record.updatedAt < cutoff) ids.push(record.id);
    }
    return ids;
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
