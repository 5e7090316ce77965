/** Embedded mode: the DATA_DIR lock and the change feed through DATA_DIR/changes.jsonl. */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, truncate, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHANGE_FILE, FileChangeFeed } from "../../src/stores/change-feed.js";
import type { Owner } from "../../src/core/types.js";
import { DataDirLock, LOCK_FILE, LOCK_STALE_MS } from "../../src/util/data-dir-lock.js";

const logger = pino({ level: "silent" });
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "state-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A process that runs until killed: a live holder that is not this process. */
function liveProcess() {
  return spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
}

describe("DataDirLock", () => {
  it("refuses a DATA_DIR held by a live process with one line naming it, and is taken after release", async () => {
    const other = liveProcess();
    try {
      await writeFile(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid: other.pid, host: os.hostname(), startedAt: Date.now() }),
      );
      const refused = await DataDirLock.acquire(dataDir).catch((err: unknown) => err);
      expect(refused).toMatchObject({ code: "data_dir_in_use" });
      const message = (refused as Error).message;
      expect(message).not.toContain("\n");
      expect(message).toContain(`pid ${other.pid}`);
      expect(message).toContain("DATA_DIR");
      expect((await DataDirLock.holder(dataDir))?.pid).toBe(other.pid);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a stale lock: a dead pid on this host, or another host's lock not refreshed", async () => {
    const dead = liveProcess();
    dead.kill("SIGKILL");
    await new Promise((r) => dead.once("exit", r));
    const file = path.join(dataDir, LOCK_FILE);
    await writeFile(file, JSON.stringify({ pid: dead.pid, host: os.hostname(), startedAt: 1 }));
    const lock = await DataDirLock.acquire(dataDir);
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ pid: process.pid });
    await lock.update({ chromaUrl: "http://127.0.0.1:1234" });
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ chromaUrl: "http://127.0.0.1:1234" });
    await lock.release();
    expect(await DataDirLock.holder(dataDir)).toBeUndefined();

    // Another host: alive while its heartbeat is fresh, stale after LOCK_STALE_MS.
    await writeFile(file, JSON.stringify({ pid: 1, host: "another-host", startedAt: 1 }));
    await expect(DataDirLock.acquire(dataDir)).rejects.toMatchObject({ code: "data_dir_in_use" });
    const old = new Date(Date.now() - LOCK_STALE_MS - 1000);
    await utimes(file, old, old);
    const taken = await DataDirLock.acquire(dataDir);
    await taken.release();

    // A damaged lock file names nobody: taken over.
    await writeFile(file, "{not json");
    await (await DataDirLock.acquire(dataDir)).release();
  });
});

describe("FileChangeFeed", () => {
  it("delivers another process's changes to the subscriber, never its own, and 'all' after a truncation", async () => {
    const assistant = new FileChangeFeed(dataDir, logger);
    const cli = new FileChangeFeed(dataDir, logger, false);
    const heard: Array<Owner | "all"> = [];
    await cli.publish({ teamId: "T0", userId: "before" }); // before the subscription: not news
    assistant.subscribe((change) => heard.push(change));
    await new Promise((r) => setTimeout(r, 50));
    await cli.publish({ teamId: "T1", userId: "U1" });
    await assistant.publish({ teamId: "T1", userId: "mine" });
    await cli.publish({ teamId: "T1", userId: "U2" });
    await expect
      .poll(() => heard, { timeout: 1000, interval: 20 })
      .toEqual([
        { teamId: "T1", userId: "U1" },
        { teamId: "T1", userId: "U2" },
      ]);
    // The listening assistant writes nothing: the file holds the CLI's three lines.
    expect((await readFile(path.join(dataDir, CHANGE_FILE), "utf8")).trim().split("\n")).toHaveLength(3);
    await truncate(path.join(dataDir, CHANGE_FILE), 0);
    await assistant.poll();
    await cli.publish({ teamId: "T1", userId: "U3" });
    await expect
      .poll(() => heard.slice(2), { timeout: 1000, interval: 20 })
      .toEqual(["all", { teamId: "T1", userId: "U3" }]);
    await assistant.close();
  });

  it("tells the subscriber when each change was sent (its lag is a metric), and nothing for 'all'", async () => {
    const assistant = new FileChangeFeed(dataDir, logger);
    const cli = new FileChangeFeed(dataDir, logger, false);
    const heard: Array<{ change: Owner | "all"; sentAt: number | undefined }> = [];
    assistant.subscribe((change, sentAt) => heard.push({ change, sentAt }));
    await assistant.poll();
    const before = Date.now();
    await cli.publish({ teamId: "T1", userId: "U1" });
    await assistant.poll();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.sentAt).toBeGreaterThanOrEqual(before);
    expect(heard[0]!.sentAt).toBeLessThanOrEqual(Date.now());
    await truncate(path.join(dataDir, CHANGE_FILE), 0);
    await assistant.poll();
    expect(heard[1]).toEqual({ change: "all", sentAt: undefined });
    await assistant.close();
  });

  it("says it is not receiving changes while the file cannot be read, and recovers", async () => {
    const feed = new FileChangeFeed(dataDir, logger);
    feed.subscribe(() => undefined);
    await feed.poll();
    expect(await feed.ping()).toBe(true);
    await mkdir(path.join(dataDir, CHANGE_FILE)); // a folder where the file should be: reads fail
    await feed.poll();
    expect(await feed.ping()).toBe(false);
    await rm(path.join(dataDir, CHANGE_FILE), { recursive: true });
    await feed.poll();
    expect(await feed.ping()).toBe(true);
    await feed.close();
  });
});
