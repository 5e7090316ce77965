import { describe, expect, it } from "vitest";
import { HistoryService } from "../../src/history/history-service.js";
import { threadConversation } from "../../src/history/conversation.js";
import { InMemoryHistoryStore } from "../../src/stores/in-memory-history-store.js";
import { KEEP_RECENT_TURNS, MAX_HISTORY_TURNS } from "../../src/history/policy.js";
import { RECENT_HEADER, renderContext } from "../../src/history/render-context.js";
import { SUMMARY_HEADER } from "../../src/core/ports.js";
import type { HistoryServiceOptions } from "../../src/history/history-service.js";
import {
  deferred,
  failingFirst,
  makeDm,
  makeTurn,
  recordingLogger,
  ScriptedLlm,
  type SummaryScript,
} from "./support.js";

function setup(
  options: { script?: SummaryScript; withLlm?: boolean } & Omit<Partial<HistoryServiceOptions>, "llm"> = {},
) {
  const { script, withLlm = true, ...rest } = options;
  const store = new InMemoryHistoryStore();
  const llm = new ScriptedLlm(script);
  const logger = recordingLogger();
  const service = new HistoryService({
    store,
    llm: withLlm ? llm : undefined,
    logger,
    retry: { maxRetries: 0 },
    ...rest,
  });
  return { store, llm, logger, service };
}

async function appendTurns(service: HistoryService, from: number, to: number, conversation = makeDm()) {
  for (let n = from; n <= to; n += 1) await service.append(conversation, makeTurn(n));
}

describe("HistoryService", () => {
  it("uses the policy constants 5 and 3", () => {
    expect(MAX_HISTORY_TURNS).toBe(5);
    expect(KEEP_RECENT_TURNS).toBe(3);
  });

  it("keeps up to MAX_HISTORY_TURNS turns verbatim without asking the model", async () => {
    const { service, llm } = setup();
    await appendTurns(service, 1, 5);
    await service.flush();
    const context = await service.context(makeDm());
    expect(llm.requests).toHaveLength(0);
    expect(context.summary).toBeUndefined();
    expect(context.olderTurns).toEqual([makeTurn(1), makeTurn(2)]);
    expect(context.recent).toEqual([makeTurn(3), makeTurn(4), makeTurn(5)]);
  });

  it("holds off-record turns while recent, then drops them unsummarised, keeping the counts whole", async () => {
    const { service, llm, store } = setup();
    const conversation = makeDm();
    await service.append(conversation, makeTurn(1));
    for (let n = 2; n <= 5; n += 1) await service.append(conversation, { ...makeTurn(n), offRecord: true });
    await service.append(conversation, makeTurn(6));
    await service.append(conversation, makeTurn(7));
    await service.flush();

    const record = await store.get(conversation.id);
    // Turns 2–4 aged out while off the record: dropped. Turn 5 is still recent: held as the
    // conversation needs it. Turn 1 was on the record: pending (one aged turn is not summarised yet).
    expect(record?.recent).toEqual([{ ...makeTurn(5), offRecord: true }, makeTurn(6), makeTurn(7)]);
    expect(record?.pending).toEqual([makeTurn(1)]);
    expect(record?.droppedTurns).toBe(3);
    expect(record?.totalTurns).toBe(7);
    expect(JSON.stringify(llm.prompts)).not.toContain("사용자 메시지 2");

    // Turn 5 ages out (dropped too); then enough on-record turns for a summary.
    for (let n = 8; n <= 10; n += 1) await service.append(conversation, makeTurn(n));
    await service.flush();
    const later = await store.get(conversation.id);
    expect(later?.droppedTurns).toBe(4);
    for (const n of [2, 3, 4, 5]) expect(JSON.stringify(llm.prompts)).not.toContain(`사용자 메시지 ${n}`);
    expect(JSON.stringify(llm.prompts)).toContain("사용자 메시지 6");
  });

  it("rolls the summary forward: previous summary + newly aged turns in, last 3 kept verbatim", async () => {
    const { service, llm, store } = setup();
    await appendTurns(service, 1, 6);
    await service.flush();

    expect(llm.prompts).toHaveLength(1);
    expect(llm.prompts[0]).toEqual({
      language: "ko",
      turns: [1, 2, 3].map((n) => ({ user: `사용자 메시지 ${n}`, assistant: `비서 답변 ${n}` })),
    });
    const first = await store.get(makeDm().id);
    expect(first?.summary).toMatchObject({
      text: "S1[사용자 메시지 1 | 사용자 메시지 2 | 사용자 메시지 3]",
      coversTurns: 3,
    });
    expect(first?.pending).toEqual([]);
    expect(first?.recent).toEqual([makeTurn(4), makeTurn(5), makeTurn(6)]);

    await appendTurns(service, 7, 8);
    await service.flush();
    expect(llm.prompts).toHaveLength(1); // 5 verbatim turns: not over the limit yet

    await appendTurns(service, 9, 9);
    await service.flush();
    expect(llm.prompts).toHaveLength(2);
    expect(llm.prompts[1]).toEqual({
      language: "ko",
      previousSummary: "S1[사용자 메시지 1 | 사용자 메시지 2 | 사용자 메시지 3]",
      turns: [4, 5, 6].map((n) => ({ user: `사용자 메시지 ${n}`, assistant: `비서 답변 ${n}` })),
    });
    const second = await store.get(makeDm().id);
    expect(second?.summary?.coversTurns).toBe(6);
    expect(second?.summary?.text).toMatch(/^S2\[S1\[/);
    expect(second?.pending).toEqual([]);
    expect(second?.recent).toEqual([makeTurn(7), makeTurn(8), makeTurn(9)]);
    expect(second?.totalTurns).toBe(9);
  });

  it("renders the summary and the recent turns under their headers", async () => {
    const { service } = setup();
    await appendTurns(service, 1, 6);
    await service.flush();
    const text = renderContext(await service.context(makeDm()));
    expect(text).toBe(
      [
        SUMMARY_HEADER,
        "S1[사용자 메시지 1 | 사용자 메시지 2 | 사용자 메시지 3]",
        "",
        RECENT_HEADER,
        "사용자: 사용자 메시지 4\n비서: 비서 답변 4",
        "",
        "사용자: 사용자 메시지 5\n비서: 비서 답변 5",
        "",
        "사용자: 사용자 메시지 6\n비서: 비서 답변 6",
      ].join("\n"),
    );
    expect(await service.renderedContext(makeDm())).toBe(text);
    expect(SUMMARY_HEADER).toBe("[이전 대화 요약]");
    expect(RECENT_HEADER).toBe("[최근 대화]");
  });

  it("answers context at once while a summary is still running, showing the aged turns verbatim", async () => {
    const gate = deferred<string>();
    const { service } = setup({ script: () => gate.promise });
    await appendTurns(service, 1, 6);

    const during = await service.context(makeDm());
    expect(during.summary).toBeUndefined();
    expect(during.olderTurns).toEqual([makeTurn(1), makeTurn(2), makeTurn(3)]);
    expect(during.recent).toEqual([makeTurn(4), makeTurn(5), makeTurn(6)]);

    gate.resolve("상견례는 광화문 '무궁화' 12시 반.");
    await service.flush();
    const after = await service.context(makeDm());
    expect(after.summary).toBe("상견례는 광화문 '무궁화' 12시 반.");
    expect(after.olderTurns).toEqual([]);
  });

  it("keeps every turn when the summary fails and summarises them on the next append", async () => {
    const { service, llm, store, logger } = setup({ script: failingFirst(1) });
    await appendTurns(service, 1, 6);
    await expect(service.flush()).resolves.toBeUndefined();

    const failed = await store.get(makeDm().id);
    expect(failed?.summary).toBeUndefined();
    expect(failed?.pending).toEqual([makeTurn(1), makeTurn(2), makeTurn(3)]);
    expect((await service.context(makeDm())).olderTurns).toHaveLength(3);
    const warning = logger.entries.find((e) => e.level === "warn");
    expect(warning?.obj).toMatchObject({ conversationId: makeDm().id, code: "llm_unavailable", attempts: 1 });

    await appendTurns(service, 7, 7);
    await service.flush();
    expect(llm.prompts).toHaveLength(2);
    expect(llm.prompts[1]?.turns.map((t) => t.user)).toEqual([1, 2, 3, 4].map((n) => `사용자 메시지 ${n}`));
    const recovered = await store.get(makeDm().id);
    expect(recovered?.summary?.coversTurns).toBe(4);
    expect(recovered?.pending).toEqual([]);
    expect(recovered?.recent).toEqual([makeTurn(5), makeTurn(6), makeTurn(7)]);
  });

  it("retries a failed summary in the background with backoff", async () => {
    const { service, llm, store } = setup({
      script: failingFirst(2),
      retry: { maxRetries: 3, initialMs: 5, maxMs: 20 },
    });
    await appendTurns(service, 1, 6);
    await expect
      .poll(async () => (await store.get(makeDm().id))?.summary?.coversTurns, { timeout: 2_000 })
      .toBe(3);
    expect(llm.requests).toHaveLength(3);
    await service.stop();
  });

  it("treats an empty model reply as a failure and keeps the turns", async () => {
    const { service, store, logger } = setup({ script: () => "   " });
    await appendTurns(service, 1, 6);
    await service.flush();
    expect((await store.get(makeDm().id))?.pending).toHaveLength(3);
    expect(
      logger.entries.some((e) => e.level === "warn" && "code" in e.obj && e.obj.code === "llm_bad_output"),
    ).toBe(true);
  });

  it("times out a summary that never answers, without blocking flush", async () => {
    const { service, store } = setup({
      script: () => new Promise<string>(() => undefined),
      summaryTimeoutMs: 20,
    });
    await appendTurns(service, 1, 6);
    await service.flush();
    expect((await store.get(makeDm().id))?.pending).toHaveLength(3);
  });

  it("keeps aged turns verbatim when there is no model", async () => {
    const { service, llm } = setup({ withLlm: false });
    await appendTurns(service, 1, 8);
    await service.flush();
    const context = await service.context(makeDm());
    expect(llm.requests).toHaveLength(0);
    expect(context.olderTurns).toHaveLength(5);
    expect(context.recent).toHaveLength(3);
  });

  it("ignores a retried Slack event with an id it already holds", async () => {
    const { service, store } = setup();
    expect(await service.append(makeDm(), makeTurn(1))).toBe(true);
    expect(await service.append(makeDm(), makeTurn(1))).toBe(false);
    expect((await store.get(makeDm().id))?.totalTurns).toBe(1);
  });

  it("loses nothing under concurrent appends to one conversation", async () => {
    const { service, store } = setup();
    const count = 20;
    await Promise.all(Array.from({ length: count }, (_, i) => service.append(makeDm(), makeTurn(i + 1))));
    await service.flush();
    const record = await store.get(makeDm().id);
    expect(record?.totalTurns).toBe(count);
    const kept = [record?.summary?.text ?? "", ...(record?.pending ?? []).map((t) => t.user)];
    kept.push(...(record?.recent ?? []).map((t) => t.user));
    const text = kept.join(" ");
    for (let n = 1; n <= count; n += 1) expect(text).toMatch(new RegExp(`사용자 메시지 ${n}(?!\\d)`));
  });

  it("never mixes two users' conversations", async () => {
    const { service, llm } = setup();
    const alice = makeDm({ userId: "UALICE", channelId: "DALICE" });
    const bob = makeDm({ userId: "UBOB", channelId: "DBOB" });
    for (let n = 1; n <= 6; n += 1) {
      await service.append(alice, makeTurn(n, { user: `alice ${n}`, eventId: `A${n}` }));
      await service.append(bob, makeTurn(n, { user: `bob ${n}`, eventId: `B${n}` }));
    }
    await service.flush();
    const aliceText = renderContext(await service.context(alice));
    const bobText = renderContext(await service.context(bob));
    expect(aliceText).toContain("alice 1");
    expect(aliceText).not.toContain("bob");
    expect(bobText).toContain("bob 1");
    expect(bobText).not.toContain("alice");
    for (const prompt of llm.prompts) {
      const users = new Set(prompt.turns.map((t) => t.user.split(" ")[0]));
      expect(users.size).toBe(1);
    }
    expect((await service.list("UALICE")).map((c) => c.id)).toEqual([alice.id]);
    expect((await service.list("UBOB")).map((c) => c.id)).toEqual([bob.id]);
    // The same user in the same DM channel of another workspace is another conversation.
    expect(makeDm({ teamId: "T2" }).id).not.toBe(makeDm().id);
  });

  it("lists a user's conversations with counts, and deletes only their own", async () => {
    const { service } = setup();
    await appendTurns(service, 1, 7);
    await service.flush();
    const [view] = await service.list("U1");
    expect(view).toMatchObject({
      id: makeDm().id,
      key: { kind: "dm", teamId: "T1", userId: "U1", channelId: "D1" },
      userIds: ["U1"],
      counts: { total: 7, summarised: 3, pending: 1, recent: 3 },
    });
    expect(view?.recent).toEqual([makeTurn(5), makeTurn(6), makeTurn(7)]);

    expect(await service.delete("U2", makeDm().id)).toBe(false);
    expect(await service.delete("U1", "dm:T1:U1:nope")).toBe(false);
    expect(await service.delete("U1", makeDm().id)).toBe(true);
    expect(await service.list("U1")).toEqual([]);
    expect(await service.context(makeDm())).toEqual({
      olderTurns: [],
      recent: [],
      omittedTurns: 0,
      tokens: 0,
    });
    expect(await service.delete("U1", makeDm().id)).toBe(false);
  });

  it("discards a summary that finishes after its conversation was deleted", async () => {
    const gate = deferred<string>();
    const { service, store } = setup({ script: () => gate.promise });
    await appendTurns(service, 1, 6);
    expect(await service.delete("U1", makeDm().id)).toBe(true);
    await service.append(makeDm(), makeTurn(100));
    gate.resolve("stale summary");
    await service.flush();
    const record = await store.get(makeDm().id);
    expect(record?.summary).toBeUndefined();
    expect(record?.recent).toEqual([makeTurn(100)]);
  });
});

describe("HistoryService.deleteUser in a thread others spoke in", () => {
  it("takes out the user's turns and the summary, keeps the others' turns, and deletes the user's DMs", async () => {
    const { service, store } = setup();
    const where = { teamId: "T1", channelId: "C1", threadTs: "1712345678.000200" };
    const mine = threadConversation({ ...where, userId: "U_ME" });
    const theirs = threadConversation({ ...where, userId: "U_YOU" });
    for (let n = 1; n <= 6; n += 1) {
      const [conversation, userId] = n % 2 === 1 ? [mine, "U_ME"] : [theirs, "U_YOU"];
      await service.append(conversation, makeTurn(n, { userId, user: `${userId} 메시지 ${n}` }));
    }
    await service.append(makeDm({ userId: "U_ME" }), makeTurn(7, { userId: "U_ME" }));
    await service.flush();
    expect((await store.get(mine.id))?.summary).toBeDefined();

    expect(await service.deleteUser({ teamId: "T1", userId: "U_ME" })).toBe(2);
    expect(await store.get(makeDm({ userId: "U_ME" }).id)).toBeUndefined();
    const left = await store.get(mine.id);
    expect(left?.summary).toBeUndefined();
    expect(left?.userIds).toEqual(["U_YOU"]);
    const said = [...(left?.pending ?? []), ...(left?.recent ?? [])].map((turn) => turn.user);
    expect(said.length).toBeGreaterThan(0);
    expect(said.every((text) => text.startsWith("U_YOU "))).toBe(true);
    expect(left?.totalTurns).toBe(said.length);
    expect(await service.list("U_ME")).toEqual([]);
  });
});
