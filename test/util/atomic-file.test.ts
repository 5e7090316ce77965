/** `writeFileAtomic` leaves the old file or the new one, and no temp file, whatever happens. */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeStaleTempFiles, writeFileAtomic } from "../../src/util/atomic-file.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "atomic-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("writeFileAtomic", () => {
  it("replaces the file and leaves no temp file", async () => {
    const file = path.join(dir, "a.json");
    await writeFileAtomic(file, "old");
    await writeFileAtomic(file, "new");
    expect(await readFile(file, "utf8")).toBe("new");
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("leaves the old file and no temp file when the write fails", async () => {
    const file = path.join(dir, "a.json");
    await writeFileAtomic(file, "old");
    // Data the file handle refuses: the write throws after the temp file is open.
    await expect(writeFileAtomic(file, 42 as unknown as string)).rejects.toThrow();
    expect(await readFile(file, "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("leaves no temp file when the rename fails", async () => {
    // The target is a folder that is not empty: rename over it fails.
    const target = path.join(dir, "taken");
    await writeFileAtomic(path.join(target, "inside.json"), "x");
    await expect(writeFileAtomic(target, "new")).rejects.toThrow();
    expect(await readdir(dir)).toEqual(["taken"]);
  });
});

describe("removeStaleTempFiles", () => {
  it("removes only the temp files writeFileAtomic makes", async () => {
    await writeFile(path.join(dir, ".0123456789ab.tmp"), "{ half");
    await writeFile(path.join(dir, "keep.tmp"), "not ours");
    await writeFile(path.join(dir, "a.json"), "{}");
    expect(await removeStaleTempFiles(dir)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(["a.json", "keep.tmp"]);
    expect(await removeStaleTempFiles(path.join(dir, "missing"))).toBe(0);
  });
});
