/**
 * Which files of ours still hold a text: the forget tests search every file's raw bytes under
 * DATA_DIR, so a forgotten text cannot hide in a journal, a snapshot, a WAL or any file added later.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Every file under `dir` (recursively) whose raw bytes hold one of `needles`, relative to `dir`,
 * sorted. `skip` names folders right under `dir` left out (Chroma's own data folder, say).
 */
export async function filesHolding(
  dir: string,
  needles: readonly string[],
  options: { skip?: readonly string[] } = {},
): Promise<string[]> {
  const patterns = needles.map((n) => Buffer.from(n, "utf8"));
  const skip = new Set(options.skip ?? []);
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!(folder === dir && skip.has(entry.name))) await walk(full);
      } else if (entry.isFile()) {
        const bytes = await readFile(full).catch(() => undefined); // removed meanwhile
        if (bytes && patterns.some((p) => bytes.includes(p))) found.push(path.relative(dir, full));
      }
    }
  };
  await walk(dir);
  return found.sort();
}
