/**
 * A forget request tells the front end which memories it is about to delete before it deletes them
 * (`TurnHooks.onForgetting`), and a turn answered again after a crash finishes that deletion
 * (`finishForget`): what is still there is deleted and quoted, what was gone already is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ForgetPlan } from "../../src/agent/turn-handler.js";
import type { Turn } from "../../src/core/types.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("a forget written down before it deletes, and finished after a crash", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", ollama: false });
  });
  afterAll(async () => {
    await t.stop();
  });

  const turnOf = (userId: string, text: string, n: number): Turn => ({
    teamId: "local",
    userId,
    channelId: `D_${userId}`,
    channelType: "im",
    text,
    eventId: `Ev_${userId}_${n}`,
  });
  const scopeOf = (userId: string) => ({
    teamId: "local",
    userId,
    channelId: `D_${userId}`,
    channelType: "im" as const,
  });

  it("hands over the ids before the memories go, and not for a request that deletes nothing", async () => {
    const userId = "U_FF_HOOK";
    const kept = await t.assistant.memory.remember(scopeOf(userId), "사물함 번호는 58번이야", Date.now());
    const plans: Array<{ plan: ForgetPlan; stillThere: boolean }> = [];
    const onForgetting = async (plan: ForgetPlan) => {
      const still = await t.assistant.memory.get(scopeOf(userId), kept.id);
      plans.push({ plan, stillThere: still !== undefined });
    };
    const none = await t.assistant.agent.handle(turnOf(userId, "잊어줘: 자전거", 1), { onForgetting });
    expect(none.text).toContain("찾지 못했어요");
    expect(plans).toEqual([]);
    const reply = await t.assistant.agent.handle(turnOf(userId, "잊어줘: 사물함", 2), { onForgetting });
    expect(reply.text).toContain("잊었어요");
    expect(plans).toEqual([{ plan: { ids: [kept.id] }, stillThere: true }]);
    expect(await t.assistant.memory.get(scopeOf(userId), kept.id)).toBeUndefined();
  });

  it("hands over 'all' before a confirmed forget-everything", async () => {
    const userId = "U_FF_ALL";
    await t.assistant.memory.remember(scopeOf(userId), "아내 생일은 3월 5일", Date.now());
    const plans: ForgetPlan[] = [];
    const onForgetting = async (plan: ForgetPlan) => void plans.push(plan);
    await t.assistant.agent.handle(turnOf(userId, "전부 잊어줘", 1), { onForgetting });
    expect(plans).toEqual([]);
    expect((await t.assistant.agent.handle(turnOf(userId, "네", 2), { onForgetting })).text).toContain(
      "전부 잊었어요",
    );
    expect(plans).toEqual([{ all: true }]);
  });

  it("finishes the deletion after a restart: quotes what was still there, counts what was gone", async () => {
    const userId = "U_FF_FINISH";
    const a = await t.assistant.memory.remember(scopeOf(userId), "헬스장 사물함은 12번", Date.now());
    const b = await t.assistant.memory.remember(scopeOf(userId), "회사 사물함은 40번", Date.now());
    const still = await t.assistant.agent.finishForget(turnOf(userId, "잊어줘: 사물함", 1), { ids: [a.id] });
    expect(still.text).toBe('잊었어요: "헬스장 사물함은 12번"');
    const gone = await t.assistant.agent.finishForget(turnOf(userId, "잊어줘: 사물함", 2), { ids: [a.id] });
    expect(gone.text).toMatch(/^잊었어요: 기억 1개\. /u);
    expect(await t.assistant.memory.get(scopeOf(userId), b.id)).toBeDefined();
    // Another person's ids in a plan delete nothing of theirs.
    await t.assistant.agent.finishForget(turnOf("U_FF_OTHER", "forget: locker", 1), { ids: [b.id] });
    expect(await t.assistant.memory.get(scopeOf(userId), b.id)).toBeDefined();
    const all = await t.assistant.agent.finishForget(turnOf(userId, "yes", 3), { all: true });
    expect(all.text).toMatch(/^Done: I forgot everything \(1 memory/u);
    const again = await t.assistant.agent.finishForget(turnOf(userId, "yes", 4), { all: true });
    expect(again.text).toMatch(/^Done: I forgot everything\. I restarted/u);
  });
});
