import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { open, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../../logging/logger.js";
import type { KeywordDoc } from "./keyword-index.js";
import type { Owner } from "../../core/types.js";

/**
 * Snapshot file format; a file of another format is ignored and removed. 2: docs keep `author`;
 * 3: and `messageTs`.
 */
const FORMAT = 3;
/** Bytes read to find a file's header line (owner and version) when sweeping. */
const HEADER_BYTES = 4096;
/** Files checked at a time by {@link KeywordSnapshots.sweep}. */
const SWEEP_CONCURRENCY = 4;

interface Header extends Owner {
  format: number;
  version: string;
  docs: number;
}

/**
 * What a user's BM25 index was built from, kept on disk (`DATA_DIR/bm25/<owner hash>.json`) so that
 * the next build of it — after the index left the in-memory cache, or after a restart — reads one
 * local file instead of listing every memory from the vector store again (a Chroma server lists
 * 10k memories in about a second). Only for stores with {@link VectorIndex.version}: a snapshot is
 * written with the store's version read before and after the listing (equal, or nothing is
 * written) and used only while the store still reports that version; every write to the user's
 * memories, by any process, replaces it.
 *
 * A snapshot holds the user's memory texts, so it never outlives a change this process learns of:
 * {@link drop} removes it at once (the registry calls it for every change of the user's memories,
 * this process's or another's), a snapshot found out of date when read is removed, and
 * {@link sweep} (at start) removes the ones whose user's memories changed while this process was
 * not running, and temporary files a crash left — a forgotten memory does not stay on disk here.
 */
export class KeywordSnapshots {
  private readonly log: Logger;
  /** Per user file: bumped by every drop, so a write that raced a drop removes what it wrote. */
  private readonly drops = new Map<string, number>();

  /**
   * Memories a user needs for their snapshot to be kept (`BM25_SNAPSHOT_MIN_MEMORIES`): fewer are
   * listed from the store in one page, which costs about what reading a snapshot does, and the
   * folder holds only the users for whom a snapshot pays.
   */
  private readonly minMemories: number;

  constructor(
    readonly dir: string,
    logger: Logger,
    options: { minMemories: number },
  ) {
    this.minMemories = options.minMemories;
    this.log = logger.child({ component: "bm25-snapshots" });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** The docs of the owner's snapshot taken at `version`, or undefined (none, another version, damaged: removed). */
  async read(owner: Owner, version: string): Promise<KeywordDoc[] | undefined> {
    const file = this.fileOf(owner);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT")
        this.log.warn({ err, file }, "BM25 snapshot unreadable");
      return undefined;
    }
    const newline = text.indexOf("\n");
    const header = newline < 0 ? undefined : parseHeader(text.slice(0, newline));
    if (!header || header.teamId !== owner.teamId || header.userId !== owner.userId) {
      await this.remove(file, "damaged");
      return undefined;
    }
    if (header.version !== version) {
      await this.remove(file, "out of date");
      return undefined;
    }
    const docs = parseDocs(text.slice(newline + 1), header.docs);
    if (!docs) await this.remove(file, "damaged");
    return docs;
  }

  /**
   * Writes the owner's snapshot (a temporary file renamed over the old one, readable by this user
   * only); nothing for fewer than `minMemories` docs. A {@link drop} of the owner while it was being
   * written removes it again.
   */
  async write(owner: Owner, version: string, docs: readonly KeywordDoc[]): Promise<void> {
    const file = this.fileOf(owner);
    if (docs.length < this.minMemories) return;
    const dropsBefore = this.drops.get(file) ?? 0;
    const header: Header = {
      format: FORMAT,
      teamId: owner.teamId,
      userId: owner.userId,
      version,
      docs: docs.length,
    };
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(header)}\n${JSON.stringify(docs)}`, { mode: 0o600 });
      await rename(temporary, file);
    } catch (err) {
      await unlink(temporary).catch(() => undefined);
      throw err;
    }
    if ((this.drops.get(file) ?? 0) !== dropsBefore) await this.remove(file, "changed while written");
  }

  /**
   * Removes the owner's snapshot: their memories changed. Synchronous (one unlink), so no read begun
   * after it finds the file; never throws.
   */
  drop(owner: Owner): void {
    const file = this.fileOf(owner);
    this.drops.set(file, (this.drops.get(file) ?? 0) + 1);
    try {
      rmSync(file, { force: true });
    } catch (err) {
      this.log.warn({ err, file }, "BM25 snapshot could not be removed");
    }
  }

  /** Removes every snapshot (changes may have been missed). Never throws. */
  dropAll(): void {
    void (async () => {
      for (const file of await this.files()) {
        this.drops.set(file, (this.drops.get(file) ?? 0) + 1);
        await this.remove(file);
      }
    })().catch((err: unknown) => this.log.warn({ err }, "BM25 snapshots could not be removed"));
  }

  /**
   * Removes the snapshots whose owner's memories changed since they were written (`versionOf` is the
   * store's {@link VectorIndex.version}); a snapshot whose version cannot be read now is kept (the
   * version is checked again when it is read). Returns how many were removed.
   */
  async sweep(versionOf: (owner: Owner) => Promise<string | undefined>): Promise<number> {
    const files = await this.files();
    let removed = 0;
    // A write a crash cut short left its temporary file (another pid's: this process's may be writing).
    for (const name of await readdir(this.dir)) {
      if (name.endsWith(".tmp") && !name.includes(`.json.${process.pid}.`)) {
        await this.remove(path.join(this.dir, name), "left by a crash");
        removed += 1;
      }
    }
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < files.length) {
        const file = files[next++]!;
        const header = await readHeader(file);
        if (header === null) continue; // gone meanwhile
        let current: string | undefined;
        try {
          current = header && (await versionOf(header));
        } catch (err) {
          this.log.debug({ err, file }, "BM25 snapshot kept: the store's version is unknown now");
          continue;
        }
        if (!header || current !== header.version) {
          await this.remove(file, header ? "out of date" : "damaged");
          removed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: SWEEP_CONCURRENCY }, worker));
    return removed;
  }

  private fileOf(owner: Owner): string {
    const hash = createHash("sha256")
      .update(`${owner.teamId}\u0000${owner.userId}`)
      .digest("hex")
      .slice(0, 32);
    return path.join(this.dir, `${hash}.json`);
  }

  private async files(): Promise<string[]> {
    const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return [];
      throw err;
    });
    return names.filter((n) => n.endsWith(".json")).map((n) => path.join(this.dir, n));
  }

  private async remove(file: string, why?: string): Promise<void> {
    try {
      await unlink(file);
      if (why) this.log.debug({ file, why }, "BM25 snapshot removed");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") {
        this.log.warn({ err, file }, "BM25 snapshot could not be removed");
      }
    }
  }
}

/** The header of a snapshot file; undefined when damaged, null when the file is gone. */
async function readHeader(file: string): Promise<Header | undefined | null> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8");
    const newline = text.indexOf("\n");
    return newline < 0 ? undefined : parseHeader(text.slice(0, newline));
  } finally {
    await handle.close();
  }
}

function parseHeader(line: string): Header | undefined {
  try {
    const h = JSON.parse(line) as Partial<Header>;
    if (
      h.format === FORMAT &&
      typeof h.teamId === "string" &&
      typeof h.userId === "string" &&
      typeof h.version === "string" &&
      typeof h.docs === "number"
    ) {
      return h as Header;
    }
  } catch {
    // damaged
  }
  return undefined;
}

/** The docs of a snapshot, checked field by field; undefined when anything is off. */
function parseDocs(text: string, expected: number): KeywordDoc[] | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(raw) || raw.length !== expected) return undefined;
  for (const d of raw as Record<string, unknown>[]) {
    if (
      typeof d !== "object" ||
      d === null ||
      typeof d.id !== "string" ||
      typeof d.text !== "string" ||
      typeof d.timestamp !== "number" ||
      typeof d.channelId !== "string" ||
      typeof d.channelType !== "string" ||
      (d.visibility !== undefined && typeof d.visibility !== "string") ||
      (d.topics !== undefined &&
        !(Array.isArray(d.topics) && d.topics.every((t) => typeof t === "string"))) ||
      (d.parentId !== undefined && typeof d.parentId !== "string") ||
      (d.source !== undefined && typeof d.source !== "string") ||
      (d.author !== undefined && typeof d.author !== "string") ||
      (d.messageTs !== undefined && typeof d.messageTs !== "string")
    ) {
      return undefined;
    }
  }
  return raw as KeywordDoc[];
}
