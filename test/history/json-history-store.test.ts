import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import { dmConversation, threadConversation } from "../../src/history/conversation.js";
import { FORGOTTEN_MARK, HistoryService } from "../../src/history/history-service.js";
import {
  HISTORY_FOLDER,
  HISTORY_INDEX_FOLDER,
  JsonHistoryStore,
} from "../../src/stores/json-history-store.js";
import { renderContext } from "../../src/history/render-context.js";
import { makeDm, makeTurn, recordingLogger, ScriptedLlm } from "./support.js";

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "history-test-"));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function open(llm = new ScriptedLlm()) {
  const logger = recordingLogger();
  const store = new JsonHistoryStore({ dataDir, logger });
  const service = new HistoryService({ store, llm, logger, retry: { maxRetries: 0 } });
  return { store, service, llm, logger };
}

describe("JsonHistoryStore", () => {
  it("keeps summary, pending and recent turns across a restart", async () => {
    const first = open();
    for (let n = 1; n <= 7; n += 1) await first.service.append(makeDm(), makeTurn(n));
    await first.service.flush();
    const before = await first.service.context(makeDm());
    await first.service.stop();

    const second = open();
    const after = await second.service.context(makeDm());
    expect(after).toEqual(before);
    expect(after.summary).toMatch(/^S1\[/);
    expect(after.olderTurns).toEqual([makeTurn(4)]);
    expect(after.recent).toEqual([makeTurn(5), makeTurn(6), makeTurn(7)]);

    // The restarted service goes on from where the first stopped.
    await second.service.append(makeDm(), makeTurn(8));
    await second.service.append(makeDm(), makeTurn(9));
    await second.service.flush();
    expect(second.llm.prompts[0]?.previousSummary).toBe(before.summary);
    expect(second.llm.prompts[0]?.turns.map((t) => t.user)).toEqual(
      [4, 5, 6].map((n) => `사용자 메시지 ${n}`),
    );
    expect((await second.store.get(makeDm().id))?.totalTurns).toBe(9);
  });

  it("loses nothing under concurrent appends to one conversation file", async () => {
    const { service, store } = open();
    await Promise.all(Array.from({ length: 25 }, (_, i) => service.append(makeDm(), makeTurn(i + 1))));
    await service.flush();
    const record = await store.get(makeDm().id);
    expect(record?.totalTurns).toBe(25);
    const text = [record?.summary?.text, ...(record?.pending ?? []).map((t) => t.user)]
      .concat((record?.recent ?? []).map((t) => t.user))
      .join(" ");
    for (let n = 1; n <= 25; n += 1) expect(text).toMatch(new RegExp(`사용자 메시지 ${n}(?!\\d)`));
    const files = await readdir(join(dataDir, HISTORY_FOLDER));
    expect(files.filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps hostile ids inside the data dir", async () => {
    const { service, store } = open();
    const hostile = dmConversation({
      teamId: "../../..",
      userId: "../../etc/passwd",
      channelId: "/tmp/x\0y",
    });
    await service.append(hostile, makeTurn(1));
    expect((await readdir(dataDir)).sort()).toEqual([HISTORY_FOLDER, HISTORY_INDEX_FOLDER].sort());
    // The user's index file is named safely too (beside the marker that the index is complete).
    const indexes = (await readdir(join(dataDir, HISTORY_INDEX_FOLDER))).filter((f) => f !== "complete.json");
    expect(indexes).toHaveLength(1);
    expect(indexes[0]).toMatch(/^[A-Za-z0-9_-]+\.json$/);
    const files = await readdir(join(dataDir, HISTORY_FOLDER));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[A-Za-z0-9_-]+\.json$/);
    expect(resolve(dataDir, HISTORY_FOLDER, files[0] ?? "")).toContain(resolve(dataDir));
    expect((await store.get(hostile.id))?.recent).toEqual([makeTurn(1)]);
    expect(await service.delete("../../etc/passwd", "../../../../etc/passwd")).toBe(false);
    expect(await service.list("../../etc/passwd")).toHaveLength(1);
    expect(await service.delete("../../etc/passwd", hostile.id)).toBe(true);
    expect(await readdir(join(dataDir, HISTORY_FOLDER))).toEqual([]);
    expect(await readdir(join(dataDir, HISTORY_INDEX_FOLDER))).toEqual(["complete.json"]);
  });

  it("records every participant of a thread and lists it for each of them", async () => {
    const { service } = open();
    const base = { teamId: "T1", channelId: "C1", threadTs: "1712345678.000100" };
    await service.append(threadConversation({ ...base, userId: "U1" }), makeTurn(1));
    await service.append(threadConversation({ ...base, userId: "U2" }), makeTurn(2));
    const [forU1] = await service.list("U1");
    const [forU2] = await service.list("U2");
    expect(forU1?.id).toBe(forU2?.id);
    expect(forU1?.userIds).toEqual(["U1", "U2"]);
    expect(forU1?.recent.map((t) => t.userId)).toEqual(["U1", "U2"]);
    expect(await service.list("U3")).toEqual([]);
  });

  it("skips an unreadable file when listing but reports it", async () => {
    const { service, store, logger } = open();
    await service.append(makeDm(), makeTurn(1));
    // Another conversation of the user's, then broken on disk.
    const other = makeDm({ channelId: "D2" });
    await service.append(other, makeTurn(2));
    const before = new Set(await readdir(join(dataDir, HISTORY_FOLDER)));
    const otherFile = (await readdir(join(dataDir, HISTORY_FOLDER))).find(
      (f) => f.startsWith("dm_T1_U1_D2") && before.has(f),
    )!;
    await writeFile(join(dataDir, HISTORY_FOLDER, otherFile), "{not json");
    expect((await service.list("U1")).map((c) => c.id)).toEqual([makeDm().id]);
    expect(logger.entries.some((e) => e.level === "warn" && e.msg?.includes("unreadable"))).toBe(true);

    const [name] = (await readdir(join(dataDir, HISTORY_FOLDER))).filter((f) => f !== otherFile);
    await writeFile(
      join(dataDir, HISTORY_FOLDER, name ?? ""),
      JSON.stringify({ version: 1, id: makeDm().id }),
    );
    const error = await store.get(makeDm().id).catch((err: unknown) => err);
    expect(isAppError(error, "store_failed")).toBe(true);
  });

  it("writes readable JSON with the documented fields", async () => {
    const { service } = open();
    await service.append(makeDm(), makeTurn(1));
    const [name] = await readdir(join(dataDir, HISTORY_FOLDER));
    const stored = JSON.parse(await readFile(join(dataDir, HISTORY_FOLDER, name ?? ""), "utf8")) as unknown;
    expect(stored).toMatchObject({
      version: 1,
      id: "dm:T1:U1:D1",
      userIds: ["U1"],
      pending: [],
      recent: [makeTurn(1)],
      totalTurns: 1,
    });
    expect(renderContext(await service.context(makeDm()))).toContain("사용자: 사용자 메시지 1");
  });

  it("forgets in the user's own conversations without opening another user's file", async () => {
    const { service, store, logger } = open();
    const mine = makeDm({ userId: "U_ME", channelId: "D_ME" });
    await service.append(mine, makeTurn(1, { user: "내 자전거 자물쇠 번호는 4821이야" }));
    for (let i = 0; i < 40; i += 1) {
      await service.append(makeDm({ userId: `U_OTHER${i}`, channelId: `D_O${i}` }), makeTurn(i));
    }
    // Every other user's file made unreadable: opening one would be reported as a warning.
    const folder = join(dataDir, HISTORY_FOLDER);
    for (const name of await readdir(folder)) {
      if (!name.startsWith("dm_T1_U_ME_")) await writeFile(join(folder, name), "{not json");
    }
    expect(await service.forgetTexts({ teamId: "T1", userId: "U_ME" }, ["자물쇠 번호는 4821"])).toBe(1);
    expect((await store.get(mine.id))?.recent[0]?.user).not.toContain("4821");
    expect((await service.list("U_ME")).map((c) => c.id)).toEqual([mine.id]);
    expect(await service.deleteUser({ teamId: "T1", userId: "U_ME" })).toBe(1);
    expect(logger.entries.filter((e) => e.level === "warn")).toEqual([]);
  });

  it("forgets by memory id the answers and the summary that rested on a memory, in other words", async () => {
    const { service, store } = open();
    const dm = makeDm();
    // Turn 2's answer used memory m1; the summary folds turns 1–3, so it knows m1 too.
    for (let n = 1; n <= 7; n += 1)
      await service.append(dm, makeTurn(n, n === 2 || n === 6 ? { memoryIds: [n === 2 ? "m1" : "m2"] } : {}));
    await service.flush();
    const before = await store.get(dm.id);
    expect(before?.summary?.memoryIds).toEqual(["m1"]);
    expect(await service.forgetTexts({ teamId: "T1", userId: "U1" }, [], ["m2"])).toBe(1);
    const after = await store.get(dm.id);
    expect(after?.recent.map((t) => t.assistant)).toEqual([
      makeTurn(5).assistant,
      FORGOTTEN_MARK,
      makeTurn(7).assistant,
    ]);
    expect(after?.summary?.text).toBe(before?.summary?.text);
    await service.forgetTexts({ teamId: "T1", userId: "U1" }, [], ["m1"]);
    expect((await store.get(dm.id))?.summary?.text).toBe(FORGOTTEN_MARK);
  });

  it("drops a summary that folded a turn kept as a memory after its reply, when that memory is forgotten", async () => {
    const { service, store } = open();
    const dm = makeDm();
    await service.append(dm, makeTurn(1));
    // Autosave kept turn 1 as memory m9 after its reply was recorded.
    await service.noteMemories(dm, "Ev1", ["m9"]);
    expect((await store.get(dm.id))?.recent[0]?.memoryIds).toEqual(["m9"]);
    for (let n = 2; n <= 7; n += 1) await service.append(dm, makeTurn(n));
    await service.flush();
    expect((await store.get(dm.id))?.summary?.memoryIds).toEqual(["m9"]);
    // Tagged once folded: the summary takes it.
    await service.noteMemories(dm, "Ev2", ["m10"]);
    expect((await store.get(dm.id))?.summary?.memoryIds).toEqual(["m9", "m10"]);
    await service.forgetTexts({ teamId: "T1", userId: "U1" }, [], ["m9"]);
    expect((await store.get(dm.id))?.summary?.text).toBe(FORGOTTEN_MARK);
  });

  it("drops a summary that says a forgotten text in other words, and keeps one about other things", async () => {
    const said = "여권은 안방 옷장 서랍에 넣어 뒀어";
    const { service, store } = open(
      new ScriptedLlm((prompt) =>
        prompt.turns.some((turn) => turn.user === said) ? "패스포트는 안방 옷장 서랍. 잡담." : "잡담을 나눔.",
      ),
    );
    const dm = makeDm();
    await service.append(dm, makeTurn(1, { user: said }));
    for (let n = 2; n <= 7; n += 1) await service.append(dm, makeTurn(n));
    await service.flush();
    expect((await store.get(dm.id))?.summary?.text).toContain("옷장 서랍");
    await service.forgetTexts({ teamId: "T1", userId: "U1" }, ["헬스장 사물함 번호는 58번"]);
    expect((await store.get(dm.id))?.summary?.text).toContain("옷장 서랍");
    await service.forgetTexts({ teamId: "T1", userId: "U1" }, [said]);
    expect((await store.get(dm.id))?.summary?.text).toBe(FORGOTTEN_MARK);
  });

  it("indexes a data dir written before the index, once, and keeps the index through deletes", async () => {
    const first = open();
    const base = { teamId: "T1", channelId: "C1", threadTs: "1712345678.000100" };
    await first.service.append(makeDm(), makeTurn(1));
    await first.service.append(threadConversation({ ...base, userId: "U1" }), makeTurn(2));
    await first.service.append(threadConversation({ ...base, userId: "U2" }), makeTurn(3));
    // As a data dir from before the index: only the conversation files.
    await rm(join(dataDir, HISTORY_INDEX_FOLDER), { recursive: true });

    const second = open();
    expect((await second.service.list("U1")).map((c) => c.id).sort()).toEqual(
      [makeDm().id, threadConversation({ ...base, userId: "U1" }).id].sort(),
    );
    expect((await second.service.list("U2")).map((c) => c.id)).toEqual([
      threadConversation({ ...base, userId: "U2" }).id,
    ]);
    // U1's DM goes; the thread keeps U2's turn, and U2 theirs.
    expect(await second.service.deleteUser({ teamId: "T1", userId: "U1" })).toBe(2);
    expect((await second.service.list("U1")).map((c) => c.id)).toEqual([]);
    const [thread] = await second.service.list("U2");
    expect(thread?.userIds).toEqual(["U2"]);
    expect(await second.service.deleteUser({ teamId: "T1", userId: "U2" })).toBe(1);
    expect(await second.service.list("U2")).toEqual([]);
    expect(await readdir(join(dataDir, HISTORY_INDEX_FOLDER))).toEqual(["complete.json"]);
  });
});
