import { describe, expect, it } from "vitest";
import type { FakeChatRequest } from "../support/fake-ollama.js";
import { makeDmEvent, makeMentionEvent } from "../support/slack-events.js";
import { replyTo, systemPromptOf, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

const ALICE = { user: "U_ALICE", channel: "D_ALICE" };
const BOB = { user: "U_BOB", channel: "D_BOB" };

/** The chat requests that answered a user (not summaries or extraction). */
function answerRequests(t: TestAssistant): FakeChatRequest[] {
  return t.ollama!.chatRequests().filter((r) => r.format === undefined && r.tools !== undefined);
}

describe("long-term memory through Slack", () => {
  let t: TestAssistant;

  useTestAssistant({ mode: "http" }, (started) => (t = started));

  const dm = (who: { user: string; channel: string }, text: string): Promise<string> =>
    replyTo(t, makeDmEvent({ text, user: who.user, channel: who.channel }));

  it("remembers '기억해줘: …' in a DM and puts it in the prompt of a later question", async () => {
    const confirmation = await dm(ALICE, "기억해줘: 내 사물함 번호는 112번이야");
    expect(confirmation).toContain("기억했어요");
    expect(confirmation).toContain("내 사물함 번호는 112번이야");

    t.ollama!.queueChat("112번이에요.");
    expect(await dm(ALICE, "내 사물함 번호 몇 번이었지?")).toBe("112번이에요.");
    const system = systemPromptOf(answerRequests(t).at(-1)!);
    expect(system).toContain("[관련 기억]");
    expect(system).toMatch(
      /\[관련 기억\]\n- \(\d{4}-\d{2}-\d{2}, id mem_\d+_[0-9a-f]+\) 내 사물함 번호는 112번이야/,
    );
  });

  it("never puts one user's memory in another user's prompt", async () => {
    await dm(ALICE, "기억해줘: 정민호 PM 전화번호 010-2222-3333");
    await dm(BOB, "기억해줘: 정민호 대표 전화번호 010-9999-8888");
    await dm(BOB, "정민호 전화번호 알려줘");
    const bobPrompt = systemPromptOf(answerRequests(t).at(-1)!);
    expect(bobPrompt).toContain("010-9999-8888");
    expect(bobPrompt).not.toContain("010-2222-3333");
    await dm(ALICE, "정민호 전화번호 알려줘");
    const alicePrompt = systemPromptOf(answerRequests(t).at(-1)!);
    expect(alicePrompt).toContain("010-2222-3333");
    expect(alicePrompt).not.toContain("010-9999-8888");
  });

  it("does not reveal a DM memory when the user mentions the bot in a channel", async () => {
    await dm(ALICE, "기억해줘: 연봉 협상 결과 6200만원");
    await t.sendEvent(
      makeMentionEvent({ text: "기억해줘: 연봉 테이블 회의는 금요일", user: ALICE.user, channel: "C_TEAM" }),
    );
    await t.slack!.waitForCall("chat.postMessage", { count: 2 });
    await t.assistant.drain();

    await t.sendEvent(
      makeMentionEvent({ text: "연봉 관련해서 뭐 기억나?", user: ALICE.user, channel: "C_TEAM" }),
    );
    await t.slack!.waitForCall("chat.postMessage", { count: 3 });
    const channelPrompt = systemPromptOf(answerRequests(t).at(-1)!);
    expect(channelPrompt).toContain("연봉 테이블 회의는 금요일");
    expect(channelPrompt).not.toContain("6200만원");

    // In the DM both are there.
    await dm(ALICE, "연봉 관련해서 뭐 기억나?");
    const dmPrompt = systemPromptOf(answerRequests(t).at(-1)!);
    expect(dmPrompt).toContain("6200만원");
    expect(dmPrompt).toContain("연봉 테이블 회의는 금요일");
  });

  it("saves what the model asks to remember through its tool, and answers after the tool result", async () => {
    // The model: first asks for the tool, then answers once it has the tool's result.
    t.ollama!.onChat((req) => {
      if (req.format !== undefined) return { json: { triplets: [] } }; // graph extraction
      if (req.messages.at(-1)?.role === "tool") return "기억해 둘게요!";
      return { toolCalls: [{ name: "remember", arguments: { text: "내 차 번호는 12가 3456" } }] };
    });
    expect(await dm(ALICE, "내 차 번호는 12가 3456이야")).toBe("기억해 둘게요!");
    const [first, second] = answerRequests(t);
    expect(first!.tools!.map((tool) => tool.function.name)).toEqual([
      "remember",
      "recall",
      "forget",
      "query_graph",
    ]);
    expect(second!.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(second!.messages.at(-1)!.content).toMatch(/^saved as mem_/);
    const list = (await (await t.admin("/admin/memory/list/U_ALICE?team=T_TEST&limit=100")).json()) as {
      items: Array<{ doc: string; meta: { channel_type: string } }>;
    };
    expect(list.items.find((i) => i.doc === "내 차 번호는 12가 3456")?.meta.channel_type).toBe("im");
  });
});
