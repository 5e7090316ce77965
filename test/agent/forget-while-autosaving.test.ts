/**
 * A forget request waits (at most 15 s) for the autosave of what the person said just before. When
 * the model is slower than that, the forget must still win: the message it names is not kept when its
 * autosave ends, and the reply says so — before, it answered that nothing matched and the message was
 * kept a few seconds later, with 📝, on every surface.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chat } from "../support/console-chat.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

/** Longer than a forget waits for the person's earlier work (chat-commands.ts, 15 s). */
const SLOW_LABELS_MS = 18_000;

describe("a forget asked while the message it names is still being autosaved", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", env: { LLM_TIMEOUT_MS: "30000" } });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("keeps nothing of it, and says so, for 'forget X' and for 'forget the one just now'", async () => {
    t.ollama!.onChat(async (req) => {
      if (req.format === undefined) return "좋아요!";
      const said = req.messages.map((m) => m.content).join("\n");
      if (said.includes("출장") || said.includes("주차"))
        await new Promise((resolve) => setTimeout(resolve, SLOW_LABELS_MS));
      return { json: { topics: [{ label: "travel", confidence: 0.9 }], triplets: [] } };
    });
    const texts = async (userId: string) => {
      const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
      return (await t.assistant.memory.list(scope, { limit: 10 })).items.map((m) => m.text);
    };
    const [named, justNow] = await Promise.all([
      chat(t, ["다음 달 둘째 주에 제주도 출장 가", "잊어줘: 제주도 출장"], "U_FORGET_SLOW_NAMED"),
      chat(t, ["회사 주차 자리 B2 37번으로 배정받았어", "방금 거 잊어줘"], "U_FORGET_SLOW_LAST"),
    ]);
    expect(named).toContain('기억하지 않을게요: "다음 달 둘째 주에 제주도 출장 가"');
    expect(named).not.toContain("찾지 못했어요");
    expect(justNow).toContain('기억하지 않을게요: "회사 주차 자리 B2 37번으로 배정받았어"');
    await t.assistant.agent.drain();
    await t.assistant.drain();
    expect(await texts("U_FORGET_SLOW_NAMED")).toEqual([]);
    expect(await texts("U_FORGET_SLOW_LAST")).toEqual([]);

    // Told afterwards, with the model fast again, the same statement is kept as before.
    t.ollama!.onChat((req) =>
      req.format === undefined
        ? "좋아요!"
        : { json: { topics: [{ label: "travel", confidence: 0.9 }], triplets: [] } },
    );
    await chat(t, ["다음 달 둘째 주에 제주도 출장 가"], "U_FORGET_SLOW_NAMED");
    await t.assistant.agent.drain();
    expect(await texts("U_FORGET_SLOW_NAMED")).toEqual(["다음 달 둘째 주에 제주도 출장 가"]);
  }, 90_000);

  it("never quotes in a channel, nor vetoes, a DM statement still being saved", async () => {
    t.ollama!.onChat(async (req) => {
      if (req.format === undefined) return "좋아요!";
      const said = req.messages.map((m) => m.content).join("\n");
      if (said.includes("비상금")) await new Promise((resolve) => setTimeout(resolve, SLOW_LABELS_MS));
      return { json: { topics: [{ label: "money", confidence: 0.9 }], triplets: [] } };
    });
    const userId = "U_FORGET_SLOW_DM";
    const base = { teamId: "local", userId, receivedAt: Date.now() };
    const dm = { ...base, channelId: "D_SLOW", channelType: "im" as const };
    await t.assistant.agent.handle({
      ...dm,
      text: "비상금은 책장 세 번째 칸 사전 안에 있어",
      eventId: "Ev_dm_1",
    });
    const channel = { ...base, channelId: "C_SLOW", channelType: "channel" as const, receivedAt: Date.now() };
    const reply = await t.assistant.agent.handle({ ...channel, text: "잊어줘: 비상금", eventId: "Ev_ch_1" });
    expect(reply.text).not.toContain("책장");
    await t.assistant.agent.drain();
    const kept = await t.assistant.memory.list(dm, { limit: 10 });
    expect(kept.items.map((m) => m.text)).toEqual(["비상금은 책장 세 번째 칸 사전 안에 있어"]);
  }, 90_000);
});
