import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryJournal } from "../../src/memory/lifecycle/memory-journal.js";
import type { Memory } from "../../src/core/types.js";

const scope = { teamId: "T1", userId: "U1" };
const memory = (id: string): Memory => ({
  id,
  text: `memory ${id}`,
  userId: "U1",
  teamId: "T1",
  timestamp: 1000,
  channelId: "D1",
  channelType: "im",
  source: "slack",
});

describe("MemoryJournal", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "journal-"));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it("gives back, after a restart, the parts of each operation that were not done", async () => {
    const journal = new MemoryJournal(dir);
    await journal.load();
    const save = await journal.record({ op: "save", scope, memories: [memory("a")] });
    const del = await journal.record({ op: "delete", scope, ids: ["b"] });
    await journal.done(save.seq, "store");
    await journal.done(del.seq, "store");
    await journal.done(del.seq, "graph");
    await journal.close();

    const reopened = new MemoryJournal(dir);
    const { pending, skipped } = await reopened.load();
    expect(skipped).toEqual([]);
    expect(pending.map((p) => [p.operation.op, [...p.parts]])).toEqual([["save", ["graph"]]]);
    // Numbering goes on after the last sequence number seen.
    const next = await reopened.record({ op: "deleteAll", scope, history: false });
    expect(next.seq).toBe(del.seq + 1);
  });

  it("skips a line torn by a crash and keeps the rest", async () => {
    const journal = new MemoryJournal(dir);
    await journal.load();
    await journal.record({ op: "save", scope, memories: [memory("a")] });
    await journal.close();
    await appendFile(journal.path, '{"op":"save","seq":2,"scope":{"team');
    const { pending, skipped } = await new MemoryJournal(dir).load();
    expect(pending).toHaveLength(1);
    expect(skipped).toEqual([2]);
  });

  it("compacts to the pending operations only", async () => {
    const journal = new MemoryJournal(dir);
    await journal.load();
    const done = await journal.record({ op: "save", scope, memories: [memory("a")] });
    const open = await journal.record({ op: "save", scope, memories: [memory("b")] });
    await journal.done(done.seq, "store");
    await journal.done(done.seq, "graph");
    await journal.done(open.seq, "store");
    await journal.compact();
    const lines = (await readFile(journal.path, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { op: string; seq: number });
    expect(lines).toEqual([
      expect.objectContaining({ op: "save", seq: open.seq }),
      { op: "done", seq: open.seq, part: "store" },
    ]);
  });

  it("a delete with nothing else pending rewrites the journal: no line keeps the forgotten text", async () => {
    const journal = new MemoryJournal(dir);
    await journal.load();
    const save = await journal.record({ op: "save", scope, memories: [memory("a"), memory("b")] });
    await journal.done(save.seq, "store");
    await journal.done(save.seq, "graph");
    expect(await readFile(journal.path, "utf8")).toContain("memory a");

    const del = await journal.record({ op: "delete", scope, ids: ["a"] });
    const text = await readFile(journal.path, "utf8");
    expect(text).not.toContain("memory a");
    expect(text).not.toContain("memory b"); // finished: not kept either
    expect(
      text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([{ op: "delete", seq: del.seq, scope, ids: ["a"] }]);
    await journal.done(del.seq, "graph");
    await journal.done(del.seq, "store");
    await journal.close();
    expect((await new MemoryJournal(dir).load()).pending).toEqual([]);
  });

  it("a delete takes its memories out of a save still pending, across a restart", async () => {
    const journal = new MemoryJournal(dir);
    await journal.load();
    const save = await journal.record({ op: "save", scope, memories: [memory("a"), memory("b")] });
    const other = await journal.record({
      op: "save",
      scope: { teamId: "T1", userId: "U2" },
      memories: [{ ...memory("a"), userId: "U2", text: "memory a of U2" }],
    });
    await journal.done(save.seq, "graph");
    const del = await journal.record({ op: "delete", scope, ids: ["a"] });
    expect(journal.current(save.seq)).toMatchObject({ memories: [{ id: "b" }] });
    expect(journal.current(other.seq)).toMatchObject({ memories: [{ id: "a", text: "memory a of U2" }] });
    const text = await readFile(journal.path, "utf8");
    expect(text).not.toContain('"memory a"');
    expect(text).toContain("memory b");
    await journal.close();

    const { pending } = await new MemoryJournal(dir).load();
    expect(pending.map((p) => [p.operation.seq, [...p.parts]])).toEqual([
      [save.seq, ["store"]],
      [other.seq, ["store", "graph"]],
      [del.seq, ["store", "graph"]],
    ]);
    expect(pending[0]!.operation).toMatchObject({ memories: [{ id: "b" }] });
  });

  it("a delete-all drops the user's pending saves; a delete line of an earlier version loses its texts once its history part ran", async () => {
    await mkdir(path.join(dir, "journal"));
    const legacy = { op: "delete", seq: 1, scope, ids: ["x"], texts: ["memory x"] };
    await writeFile(path.join(dir, "journal", "memory.jsonl"), `${JSON.stringify(legacy)}\n`);
    const journal = new MemoryJournal(dir);
    const { pending } = await journal.load();
    expect(pending[0]!.operation).toMatchObject({ texts: ["memory x"] });
    await journal.done(1, "graph");
    await journal.record({ op: "save", scope, memories: [memory("c")] });
    await journal.record({ op: "deleteAll", scope, history: false });
    const text = await readFile(journal.path, "utf8");
    expect(text).not.toContain("memory x");
    expect(text).not.toContain("memory c");
    expect(journal.pendingOperations.map((p) => p.operation.op)).toEqual(["delete", "deleteAll"]);
  });
});
