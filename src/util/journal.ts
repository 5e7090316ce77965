import { mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import type { z } from "zod";
import { AppError } from "../core/errors.js";
import { writeFileAtomic } from "./atomic-file.js";
import { readJsonLines } from "./jsonl.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files.js";

/**
 * An append-only JSON Lines journal on local disk: what must survive a crash or an outage is written
 * here first (appended and fdatasync'ed before `append` resolves), then acted upon. A crash can only
 * tear the last line, which `read` skips (and reports); `compact` rewrites the file atomically with
 * what is still needed.
 */
export class AppendJournal<E> {
  private handle: FileHandle | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  /** False after a failed append until one succeeds again (health). */
  private writable = true;

  constructor(
    readonly path: string,
    private readonly schema: z.ZodType<E>,
  ) {}

  /** Whether the last write went through. */
  get healthy(): boolean {
    return this.writable;
  }

  /**
   * The entries on disk, in order. Lines that do not parse (a line torn by a crash, or damage) are
   * skipped and returned as `skipped` line numbers, never thrown: the rest of the journal still counts.
   */
  async read(): Promise<{ entries: E[]; skipped: number[] }> {
    await mkdir(dirname(this.path), { recursive: true, mode: PRIVATE_DIR_MODE }).catch(() => undefined);
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { entries: [], skipped: [] };
      throw new AppError("journal_failed", `cannot read the journal ${this.path}`, { cause: err });
    }
    const { rows, errors } = readJsonLines(text, this.schema);
    return { entries: rows.map((r) => r.value), skipped: errors.map((e) => e.line) };
  }

  /** Appends entries durably (one write, then fdatasync). Throws AppError `journal_failed`. */
  append(...entries: E[]): Promise<void> {
    const run = async (): Promise<void> => {
      try {
        this.handle ??= await this.openForAppend();
        await this.handle.write(entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
        await this.handle.datasync();
        this.writable = true;
      } catch (err) {
        this.writable = false;
        await this.handle?.close().catch(() => undefined);
        this.handle = undefined;
        throw new AppError("journal_failed", `cannot write the journal ${this.path}`, { cause: err });
      }
    };
    const next = this.tail.then(run, run);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Replaces the journal with `entries` (atomically: temp file, fsync, rename), after pending appends. */
  compact(entries: E[]): Promise<void> {
    const run = async (): Promise<void> => {
      await this.handle?.close().catch(() => undefined);
      this.handle = undefined;
      try {
        await writeFileAtomic(this.path, entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
      } catch (err) {
        throw new AppError("journal_failed", `cannot compact the journal ${this.path}`, { cause: err });
      }
    };
    const next = this.tail.then(run, run);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Waits for pending writes and closes the file. */
  async close(): Promise<void> {
    await this.tail;
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
  }

  private async openForAppend(): Promise<FileHandle> {
    await mkdir(dirname(this.path), { recursive: true, mode: PRIVATE_DIR_MODE });
    return open(this.path, "a", PRIVATE_FILE_MODE);
  }
}
