import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files.js";

/**
 * Writes `data` to `path` so that a crash leaves either the old file or the new one, never half of one:
 * write a temp file in the same folder, fsync it, rename it over the target, fsync the folder.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const tmp = join(dir, `.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(tmp, "w", PRIVATE_FILE_MODE);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (err) {
    // A failed write (a full disk) or rename leaves no temp file behind; its error is the one to report.
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  const dirHandle = await open(dir, "r");
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

/** Reads a JSON file, or returns undefined when it does not exist. Other errors (and bad JSON) throw. */
export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  return JSON.parse(text) as T;
}

/** The temp files `writeFileAtomic` makes: `.<12 hex>.tmp`. */
const TEMP_FILE = /^\.[0-9a-f]{12}\.tmp$/;

/**
 * Deletes temp files a crash left behind in `dir` (a write killed before its rename); call at start,
 * before anything writes there. Returns how many. A missing folder is fine.
 */
export async function removeStaleTempFiles(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  const stale = names.filter((name) => TEMP_FILE.test(name));
  await Promise.all(stale.map((name) => unlink(join(dir, name)).catch(() => undefined)));
  return stale.length;
}
