import { mkdtemp, open, readFile, rm, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppendJournal } from "../../src/util/journal.js";
import { isAppError } from "../../src/core/errors.js";

const entry = z.object({ n: z.number() });
type Entry = z.infer<typeof entry>;

/**
 * Opens the real file (as the journal does) and records each write and fdatasync; `failNextWrite`
 * makes the next write put half its bytes on disk and then fail, as a full disk would.
 */
function recordingOpen(log: string[], control: { failNextWrite: boolean }) {
  return async (p: string): Promise<FileHandle> => {
    const real = await open(p, "a+", 0o600);
    return new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === "write")
          return async (data: Buffer | string) => {
            const bytes = Buffer.from(data);
            if (control.failNextWrite) {
              control.failNextWrite = false;
              await target.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
              log.push("write-failed");
              throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
            }
            log.push(`write ${bytes.toString("utf8").split("\n").length - 1}`);
            return target.write(bytes);
          };
        if (prop === "datasync")
          return async () => {
            await target.datasync();
            log.push("datasync");
          };
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
}

describe("AppendJournal group commit", () => {
  let dir: string;
  let file: string;
  let log: string[];
  const control = { failNextWrite: false };
  const journal = () => new AppendJournal<Entry>(file, entry, { open: recordingOpen(log, control) });

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "journal-gc-"));
    file = path.join(dir, "j.jsonl");
    log = [];
    control.failNextWrite = false;
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it("writes N concurrent appends with one write and one fdatasync, in order", async () => {
    const j = journal();
    await Promise.all(Array.from({ length: 50 }, (_, n) => j.append({ n })));
    expect(log).toEqual(["write 50", "datasync"]);
    const { entries, skipped } = await j.read();
    expect(entries.map((e) => e.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(skipped).toEqual([]);
    await j.close();
  });

  it("batches what is appended while a sync is in flight into the next write", async () => {
    const j = journal();
    const first = j.append({ n: 0 });
    // Queued after the first write has started: they wait for the next one, together.
    await new Promise((r) => setImmediate(r));
    const rest = Array.from({ length: 10 }, (_, i) => j.append({ n: i + 1 }));
    await Promise.all([first, ...rest]);
    expect(log).toEqual(["write 1", "datasync", "write 10", "datasync"]);
    expect((await j.read()).entries.map((e) => e.n)).toEqual(Array.from({ length: 11 }, (_, n) => n));
    await j.close();
  });

  it("resolves a caller only after the sync, with its line on disk", async () => {
    const j = journal();
    const seen: Array<{ n: number; afterSync: boolean; onDisk: boolean }> = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        j.append({ n }).then(async () => {
          const text = await readFile(file, "utf8");
          seen.push({ n, afterSync: log.includes("datasync"), onDisk: text.includes(`{"n":${n}}\n`) });
        }),
      ),
    );
    expect(seen.sort((a, b) => a.n - b.n)).toEqual(
      [1, 2, 3].map((n) => ({ n, afterSync: true, onDisk: true })),
    );
    await j.close();
  });

  it("rejects every caller of a failed batch, and recovers: no torn line, later appends kept", async () => {
    const j = journal();
    await j.append({ n: 1 });
    control.failNextWrite = true;
    const failed = await Promise.allSettled([j.append({ n: 2 }), j.append({ n: 3 }), j.append({ n: 4 })]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const r of failed)
      expect(isAppError((r as PromiseRejectedResult).reason, "journal_failed")).toBe(true);
    expect(j.healthy).toBe(false);

    await j.append({ n: 5 });
    expect(j.healthy).toBe(true);
    const { entries, skipped } = await j.read();
    expect(entries.map((e) => e.n)).toEqual([1, 5]);
    expect(skipped).toEqual([]);
    await j.close();
  });

  it("ends a torn last line left by a crash before appending", async () => {
    const { writeFile } = await import("node:fs/promises");
    await writeFile(file, '{"n":1}\n{"n":', "utf8");
    const j = journal();
    await j.append({ n: 2 });
    const { entries, skipped } = await j.read();
    expect(entries.map((e) => e.n)).toEqual([1, 2]);
    expect(skipped).toEqual([2]);
    await j.close();
  });

  it("keeps appends and rewrites in order, and does back-to-back rewrites once with the latest", async () => {
    const j = journal();
    let state = [{ n: 1 }];
    const a = j.append({ n: 1 });
    const c1 = j.compact(() => state);
    const c2 = j.compact(() => state);
    state = [{ n: 1 }, { n: 2 }];
    const b = j.append({ n: 3 });
    await Promise.all([a, c1, c2, b]);
    expect((await j.read()).entries.map((e) => e.n)).toEqual([1, 2, 3]);
    await j.close();
  });
});
