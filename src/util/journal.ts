import { mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import type { z } from "zod";
import { AppError } from "../core/errors.js";
import { writeFileAtomic } from "./atomic-file.js";
import { readJsonLines } from "./jsonl.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files.js";

/** Opens the journal's file for appending (and reading its last byte); replaceable in tests. */
export type OpenForAppend = (path: string) => Promise<FileHandle>;

/**
 * Where a journal's lines are kept: a file under DATA_DIR, or rows in PostgreSQL (shared mode, so a
 * replacement replica finds them). Text in, text out: JSON Lines, each line ending with a newline.
 */
export interface JournalStorage {
  /** For logs and health: the file's path, or the database and stream. */
  readonly location: string;
  /** A local file: its folder must stay writable (health). */
  readonly onDisk: boolean;
  /** Every line kept, in order ("" when none). */
  readText(): Promise<string>;
  /** Appends whole lines durably; a failure leaves none of them readable as lines. */
  append(text: string): Promise<void>;
  /** Replaces every line at once: a crash leaves the old lines or the new ones. */
  replace(text: string): Promise<void>;
  close(): Promise<void>;
}

export interface AppendJournalOptions {
  /** How the file is opened (`a+`, private mode); tests wrap the real handle to count or fail calls. */
  open?: OpenForAppend | undefined;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** A unit of work of the write queue: appended lines, or a rewrite of the whole journal. */
type Batch<E> =
  | { kind: "append"; text: string; waiters: Waiter[] }
  | { kind: "compact"; entries: () => E[]; waiters: Waiter[] };

/**
 * An append-only JSON Lines journal on local disk: what must survive a crash or an outage is written
 * here first (appended and fdatasync'ed before `append` resolves), then acted upon. A crash can only
 * tear the last line, which `read` skips (and reports); `compact` rewrites the file atomically with
 * what is still needed.
 *
 * Group commit: appends are queued, and every append queued while the previous write is in flight
 * (or in the same turn of the event loop) goes out in one write and one fdatasync; each caller is
 * resolved after that sync, in order. A failed write rejects every caller of its batch and cuts the
 * file back to its last synced length, so a torn line never glues itself to the next one. Rewrites
 * (`compact`) are barriers in the same queue; back-to-back rewrites are done once, with the latest
 * entries.
 */
export class AppendJournal<E> {
  private readonly storage: JournalStorage;
  private readonly queue: Array<Batch<E>> = [];
  private flushing: Promise<void> | undefined;
  /** False after a failed write until one succeeds again (health). */
  private writable = true;

  /** `where`: a file path (a {@link FileJournalStorage}), or another storage. */
  constructor(
    where: string | JournalStorage,
    private readonly schema: z.ZodType<E>,
    options: AppendJournalOptions = {},
  ) {
    this.storage = typeof where === "string" ? new FileJournalStorage(where, options) : where;
  }

  /** The file's path, or the storage's location. */
  get path(): string {
    return this.storage.location;
  }

  /** Whether the journal is a local file (whose folder must stay writable). */
  get onDisk(): boolean {
    return this.storage.onDisk;
  }

  /** Whether the last write went through. */
  get healthy(): boolean {
    return this.writable;
  }

  /** Callers waiting for their write (queued or in flight). */
  get pendingWrites(): number {
    return this.queue.reduce((n, b) => n + b.waiters.length, 0);
  }

  /**
   * The entries on disk, in order. Lines that do not parse (a line torn by a crash, or damage) are
   * skipped and returned as `skipped` line numbers, never thrown: the rest of the journal still counts.
   */
  async read(): Promise<{ entries: E[]; skipped: number[] }> {
    let text: string;
    try {
      text = await this.storage.readText();
    } catch (err) {
      throw new AppError("journal_failed", `cannot read the journal ${this.path}`, { cause: err });
    }
    const { rows, errors } = readJsonLines(text, this.schema);
    return { entries: rows.map((r) => r.value), skipped: errors.map((e) => e.line) };
  }

  /**
   * Appends entries durably: resolves once they are written and fdatasync'ed (together with whatever
   * else was appended meanwhile). The entries are serialised now, so later changes to them do not
   * count. Throws AppError `journal_failed`.
   */
  append(...entries: E[]): Promise<void> {
    const text = entries.map((e) => `${JSON.stringify(e)}\n`).join("");
    return new Promise<void>((resolve, reject) => {
      const tail = this.queue.at(-1);
      if (tail?.kind === "append") {
        tail.text += text;
        tail.waiters.push({ resolve, reject });
      } else this.queue.push({ kind: "append", text, waiters: [{ resolve, reject }] });
      this.schedule();
    });
  }

  /**
   * Replaces the journal with `entries` (atomically: temp file, fsync, rename), after the writes
   * queued before it. `entries` may be a function, called when the rewrite runs: rewrites queued back
   * to back are then done once, with what it returns at that moment.
   */
  compact(entries: E[] | (() => E[])): Promise<void> {
    const produce = typeof entries === "function" ? entries : () => entries;
    return new Promise<void>((resolve, reject) => {
      const tail = this.queue.at(-1);
      if (tail?.kind === "compact") {
        // The later rewrite holds everything the earlier one would have written: one is enough.
        tail.entries = produce;
        tail.waiters.push({ resolve, reject });
      } else this.queue.push({ kind: "compact", entries: produce, waiters: [{ resolve, reject }] });
      this.schedule();
    });
  }

  /** Waits for pending writes and closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.storage.close();
  }

  /**
   * Starts the writer on the next turn of the event loop unless it runs: every append made before
   * then (e.g. by the other requests read in the same poll) joins the first write.
   */
  private schedule(): void {
    if (this.flushing) return;
    this.flushing = new Promise<void>((done) => {
      setImmediate(() => {
        void this.drain().finally(() => {
          this.flushing = undefined;
          done();
          // Appended by a caller's continuation after the last batch was taken: write it too.
          if (this.queue.length > 0) this.schedule();
        });
      });
    });
  }

  /** Writes the queue, one batch at a time; a batch taken off the queue takes no more callers. */
  private async drain(): Promise<void> {
    for (let batch = this.queue.shift(); batch; batch = this.queue.shift()) {
      try {
        if (batch.kind === "append") await this.storage.append(batch.text);
        else
          await this.storage.replace(
            batch
              .entries()
              .map((e) => `${JSON.stringify(e)}\n`)
              .join(""),
          );
        this.writable = true;
        for (const w of batch.waiters) w.resolve();
      } catch (err) {
        this.writable = false;
        const verb = batch.kind === "append" ? "write" : "compact";
        const error = new AppError("journal_failed", `cannot ${verb} the journal ${this.path}`, {
          cause: err,
        });
        for (const w of batch.waiters) w.reject(error);
      }
    }
  }
}

/**
 * A journal file under DATA_DIR: appends are one write and one fdatasync; a failed write is cut back
 * to the file's last synced length, so a torn line never glues itself to the next one; a file whose
 * last line was torn by a crash gets its newline before the next append.
 */
export class FileJournalStorage implements JournalStorage {
  readonly onDisk = true;
  private handle: FileHandle | undefined;
  /** Bytes of the file known to be whole lines (synced); where a failed write is cut back to. */
  private syncedSize = 0;
  private readonly openFile: OpenForAppend;

  constructor(
    readonly location: string,
    options: AppendJournalOptions = {},
  ) {
    this.openFile = options.open ?? ((p) => open(p, "a+", PRIVATE_FILE_MODE));
  }

  async readText(): Promise<string> {
    await mkdir(dirname(this.location), { recursive: true, mode: PRIVATE_DIR_MODE }).catch(() => undefined);
    try {
      return await readFile(this.location, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return "";
      throw err;
    }
  }

  async append(text: string): Promise<void> {
    try {
      this.handle ??= await this.openForAppend();
      const data = Buffer.from(text, "utf8");
      await this.handle.write(data);
      await this.handle.datasync();
      this.syncedSize += data.length;
    } catch (err) {
      await this.cutBack();
      throw err;
    }
  }

  async replace(text: string): Promise<void> {
    await this.close();
    await writeFileAtomic(this.location, text);
  }

  async close(): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
  }

  /**
   * After a failed write: drops the handle and cuts off whatever part of the batch reached the file,
   * so the next append starts on a line of its own. If even that fails, the next open ends the torn
   * line with a newline (the torn line is then skipped by `read`).
   */
  private async cutBack(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return;
    await handle.truncate(this.syncedSize).catch(() => undefined);
    await handle.close().catch(() => undefined);
  }

  /** Opens the file; a last line without its newline (a crash mid-write) is closed first. */
  private async openForAppend(): Promise<FileHandle> {
    await mkdir(dirname(this.location), { recursive: true, mode: PRIVATE_DIR_MODE });
    const handle = await this.openFile(this.location);
    try {
      let { size } = await handle.stat();
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) {
          await handle.write("\n");
          await handle.datasync();
          size += 1;
        }
      }
      this.syncedSize = size;
      return handle;
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }
}
