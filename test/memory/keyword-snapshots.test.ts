import { mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { configSchema } from "../../src/config/config.js";
import { createMemoryStack } from "../../src/app/memory-stack.js";
import type { KeywordDoc } from "../../src/memory/search/keyword-index.js";
import { KeywordSnapshots } from "../../src/memory/search/keyword-snapshots.js";

const logger = pino({ level: "silent" });
const alice = { teamId: "T1", userId: "U_ALICE" };
const bob = { teamId: "T1", userId: "U_BOB" };

function docs(...texts: string[]): KeywordDoc[] {
  return texts.map((text, i) => ({
    id: `m${i}`,
    text,
    timestamp: 1_700_000_000_000 + i,
    channelId: "D1",
    channelType: "im",
    visibility: "private",
    ...(i === 0 ? { topics: ["health"] } : {}),
  }));
}

describe("KeywordSnapshots", () => {
  let dir: string;
  let snapshots: KeywordSnapshots;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "snapshots-"));
    snapshots = new KeywordSnapshots(dir, logger, { minMemories: 1 });
  });

  const onlyFile = async () => {
    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    return path.join(dir, names[0]!);
  };

  it("keeps no snapshot of a user with fewer memories than minMemories", async () => {
    const few = new KeywordSnapshots(dir, logger, { minMemories: 3 });
    await few.write(alice, "v1", docs("a", "b"));
    expect(await readdir(dir)).toEqual([]);
    await few.write(alice, "v1", docs("a", "b", "c"));
    expect(await few.read(alice, "v1")).toHaveLength(3);
  });

  it("gives back what was written at the same version, readable by its owner only", async () => {
    const written = docs("치과 예약 금요일", "비타민 D 아침");
    await snapshots.write(alice, "v1", written);
    expect(await snapshots.read(alice, "v1")).toEqual(written);
    expect((await stat(await onlyFile())).mode & 0o777).toBe(0o600);
  });

  it("removes a snapshot read at another version, or damaged, or of another owner", async () => {
    await snapshots.write(alice, "v1", docs("a"));
    expect(await snapshots.read(alice, "v2")).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);

    for (const damage of [
      (text: string) => text.slice(0, text.length - 5), // cut short
      (text: string) => text.replace(/"timestamp":\d+/, '"timestamp":"x"'), // a field of the wrong type
      (text: string) => text.replace('"docs":1', '"docs":2'), // count does not match
      (text: string) => text.replace('"U_ALICE"', '"U_BOB"'), // someone else's header
      () => "not json at all",
    ]) {
      await snapshots.write(alice, "v1", docs("a"));
      const file = await onlyFile();
      await writeFile(file, damage(await readFile(file, "utf8")));
      expect(await snapshots.read(alice, "v1")).toBeUndefined();
      expect(await readdir(dir)).toEqual([]);
    }
  });

  it("drops a user's snapshot, and one being written while it was dropped", async () => {
    await snapshots.write(alice, "v1", docs("a"));
    await snapshots.write(bob, "v1", docs("b"));
    snapshots.drop(alice);
    // Gone when drop returns: a read begun after it cannot find the old file.
    expect(await snapshots.read(alice, "v1")).toBeUndefined();
    expect(await readdir(dir)).toHaveLength(1);
    expect(await snapshots.read(bob, "v1")).toHaveLength(1);

    const writing = snapshots.write(alice, "v2", docs("old text"));
    snapshots.drop(alice); // the user's memories changed meanwhile
    await writing;
    expect(await snapshots.read(alice, "v2")).toBeUndefined();
    expect(await readdir(dir)).toHaveLength(1);

    snapshots.dropAll();
    await expect.poll(() => readdir(dir)).toEqual([]);
  });

  it("sweeps out snapshots whose version moved on or is damaged, keeps those it cannot check", async () => {
    await snapshots.write(alice, "v1", docs("a"));
    await snapshots.write(bob, "v1", docs("b"));
    await snapshots.write({ teamId: "T2", userId: "U_C" }, "v1", docs("c"));
    await writeFile(path.join(dir, "0000.json"), "garbage");
    await writeFile(path.join(dir, "0001.json.1.abc.tmp"), "a write a crash cut short"); // pid 1: not this one
    const versions: Record<string, string> = { U_ALICE: "v1", U_BOB: "v2" };
    const removed = await snapshots.sweep(async (owner) => {
      if (owner.userId === "U_C") throw new Error("store down");
      return versions[owner.userId];
    });
    expect(removed).toBe(3); // bob's, the damaged file and the crash's temporary file
    expect(await snapshots.read(alice, "v1")).toHaveLength(1);
    expect(await snapshots.read({ teamId: "T2", userId: "U_C" }, "v1")).toHaveLength(1);
    expect(await readdir(dir)).toHaveLength(2);
  });
});

describe("the assistant's memory stack (Chroma)", () => {
  it("keeps snapshots under DATA_DIR/bm25 and, at start, sweeps those of users changed while it was stopped", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "snapshot-stack-"));
    const config = configSchema.parse({
      EMBEDDER: "offline",
      OLLAMA_HOST: "http://127.0.0.1:9",
      CHROMA_URL: inject("chromaUrl"),
      VECTOR_NAMESPACE_PREFIX: `snap_${randomBytes(4).toString("hex")}`,
      DATA_DIR: dataDir,
      BM25_SNAPSHOT_MIN_MEMORIES: "1",
    });
    const bm25Dir = path.join(dataDir, "bm25");
    const scope = { teamId: "T1", userId: "U1" };
    // The assistant: a build from the store leaves a snapshot. (Index-only: a topic labeler would
    // build the user's index before the save, from an empty store, and keep it.)
    const assistant = await createMemoryStack(config, { logger, journal: true, indexOnly: true });
    try {
      await assistant.lifecycle.saveMany(scope, [{ text: "우편함 비밀번호 2580", source: "slack" }]);
      await assistant.memory.search(scope, "우편함");
      await expect.poll(() => readdir(bm25Dir)).toHaveLength(1);
    } finally {
      await assistant.stop();
    }
    // While it is stopped, another process (the memory CLI: no journal, no snapshots) changes the user.
    const cli = await createMemoryStack(config, { logger });
    try {
      await cli.lifecycle.saveMany(scope, [{ text: "우편함 열쇠는 신발장 위", source: "import" }]);
    } finally {
      await cli.stop();
    }
    expect(await readdir(bm25Dir)).toHaveLength(1); // the CLI keeps none and touches none
    const restarted = await createMemoryStack(config, { logger, journal: true });
    try {
      await expect.poll(() => readdir(bm25Dir)).toEqual([]);
      await restarted.store.dropAll();
    } finally {
      await restarted.stop();
    }
  });
});
