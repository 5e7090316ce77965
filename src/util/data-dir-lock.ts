import { hostname } from "node:os";
import { link, mkdir, readFile, rm, utimes, writeFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { AppError } from "../core/errors.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files.js";

/** The lock file under DATA_DIR. */
export const LOCK_FILE = "assistant.lock";
/** The holder refreshes the file's mtime this often... */
export const LOCK_HEARTBEAT_MS = 10_000;
/** ... and a lock of another host not refreshed for this long is stale (its process is gone). */
export const LOCK_STALE_MS = 35_000;

/** What the lock file says about the process holding it. */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: number;
  /** The bundled Chroma server the holder started (the memory CLI uses it instead of starting its own). */
  chromaUrl?: string | undefined;
}

/**
 * One assistant per DATA_DIR: the embedded stores (JSON history and graph files, the bundled Chroma,
 * the journal and the turn inbox) belong to one process. The lock file holds the holder's pid and
 * host; a lock is stale when its process is gone — on the same host, the pid no longer runs; on
 * another host sharing the folder, the file's mtime (refreshed every {@link LOCK_HEARTBEAT_MS}) is
 * older than {@link LOCK_STALE_MS} — and is then taken over.
 */
export class DataDirLock {
  private heartbeat: NodeJS.Timeout | undefined;

  private constructor(
    readonly path: string,
    private holder: LockHolder,
  ) {
    this.heartbeat = setInterval(() => {
      const now = new Date();
      utimes(this.path, now, now).catch(() => undefined);
    }, LOCK_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Takes the lock, or throws AppError `data_dir_in_use` (another assistant runs there: not a
   * configuration error, so the start fails with exit code 1) with one line naming the holder, e.g.
   * `DATA_DIR ./data is in use by another assistant (pid 4242 on host-a, since …)`.
   */
  static async acquire(dataDir: string): Promise<DataDirLock> {
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const path = join(dataDir, LOCK_FILE);
    const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: Date.now() };
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await createExclusive(path, holder)) return new DataDirLock(path, holder);
      const current = await DataDirLock.holder(dataDir);
      if (current !== undefined) {
        throw new AppError(
          "data_dir_in_use",
          `DATA_DIR ${dataDir} is in use by another assistant (pid ${current.pid} on ${current.host}, since ` +
            `${new Date(current.startedAt).toISOString()}): stop it, or give this one its own DATA_DIR ` +
            `(several replicas share state through DATABASE_URL, each with its own DATA_DIR)`,
          { details: { variable: "DATA_DIR", holder: current } },
        );
      }
      await rm(path, { force: true }); // stale: its process is gone
    }
    throw new AppError("data_dir_in_use", `DATA_DIR ${dataDir}: could not take ${LOCK_FILE}`, {
      details: { variable: "DATA_DIR" },
    });
  }

  /** The live holder of DATA_DIR's lock, or undefined when there is none (no file, or a stale one). */
  static async holder(dataDir: string): Promise<LockHolder | undefined> {
    const path = join(dataDir, LOCK_FILE);
    let text: string;
    let mtimeMs: number;
    try {
      [text, mtimeMs] = await Promise.all([readFile(path, "utf8"), stat(path).then((s) => s.mtimeMs)]);
    } catch {
      return undefined;
    }
    let holder: LockHolder;
    try {
      holder = JSON.parse(text) as LockHolder;
    } catch {
      return undefined; // damaged: nobody can be identified as holding it
    }
    if (typeof holder.pid !== "number" || typeof holder.host !== "string") return undefined;
    if (holder.host === hostname()) {
      return holder.pid !== process.pid && isRunning(holder.pid) ? holder : undefined;
    }
    return Date.now() - mtimeMs < LOCK_STALE_MS ? holder : undefined;
  }

  /** Adds facts for other processes (the bundled Chroma's URL). */
  async update(facts: Pick<LockHolder, "chromaUrl">): Promise<void> {
    this.holder = { ...this.holder, ...facts };
    await writeFile(this.path, JSON.stringify(this.holder), { mode: PRIVATE_FILE_MODE });
  }

  async release(): Promise<void> {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    await rm(this.path, { force: true });
  }
}

/** Writes the holder to a temp file and links it to `path`: the lock file appears complete, or not at all. */
async function createExclusive(path: string, holder: LockHolder): Promise<boolean> {
  const temp = `${path}.${process.pid}.${Date.now()}`;
  await writeFile(temp, JSON.stringify(holder), { mode: PRIVATE_FILE_MODE });
  try {
    await link(temp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    await rm(temp, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
