/**
 * Forgetting a memory takes out of the conversation history the answers the model gave with it, not
 * only the texts that quote it: an answer that says the memory in other words would otherwise reach
 * the model again with every later message of the conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGOTTEN_MARK } from "../../src/history/history-service.js";
import { chat } from "../support/console-chat.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("forgetting what an answer said in other words", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local" });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("drops the answer that rested on the forgotten memory from the prompt and the stored history", async () => {
    const userId = "U_FORGET_PARAPHRASE";
    let prompt = "";
    t.ollama!.onChat((request) => {
      if (request.format !== undefined) return { json: { triplets: [] } };
      const last = request.messages.at(-1)?.content ?? "";
      prompt = request.messages.map((m) => m.content).join("\n");
      // The model answers the question in its own words: no sentence of the memory is quoted.
      return last.includes("우산") ? "창고 선반 맨 위 칸, 파란 상자에 넣어 두셨어요!" : "좋아요.";
    });
    await chat(t, ["기억해줘: 캠핑 우산은 베란다 창고 제일 윗선반 파란 박스에 넣었어"], userId);
    expect(await chat(t, ["캠핑 우산 어디 넣었지?"], userId)).toContain("파란 상자");
    expect(await chat(t, ["잊어줘: 캠핑 우산"], userId)).toContain("잊었어요");
    await t.assistant.drain();

    await chat(t, ["오늘 저녁 뭐 먹을까?"], userId);
    expect(prompt).not.toContain("파란 상자");
    expect(prompt).toContain(FORGOTTEN_MARK);
    const stored = JSON.stringify(await t.assistant.history.list(userId));
    expect(stored).not.toContain("파란 상자");
    expect(stored).not.toContain("제일 윗선반");
  });

  it("tags the turn an autosave kept with the memory it became, once the pipeline is done", async () => {
    const userId = "U_FORGET_AUTOSAVED";
    t.ollama!.onChat((request) => (request.format !== undefined ? { json: { triplets: [] } } : "좋아요!"));
    await chat(t, ["우리 강아지 보리 산책은 매일 저녁 7시에 해"], userId);
    await t.assistant.drain();
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    const { items } = await t.assistant.memory.list(scope, { limit: 10 });
    expect(items.map((m) => m.text)).toEqual(["우리 강아지 보리 산책은 매일 저녁 7시에 해"]);
    const [conversation] = await t.assistant.history.list(userId);
    expect(conversation?.recent.at(-1)?.memoryIds).toEqual([items[0]!.id]);
  });

  it("drops an answer given with a recalled memory, said in another conversation, and keeps the others", async () => {
    const userId = "U_FORGET_RECALLED";
    const scope = { teamId: "local", userId, channelId: "D_ELSEWHERE", channelType: "im" as const };
    await t.assistant.memory.remember(scope, "헬스장 사물함 비밀번호는 4821", Date.now() - 60_000);
    let prompt = "";
    let recalled = "";
    t.ollama!.onChat((request) => {
      if (request.format !== undefined) return { json: { triplets: [] } };
      const last = request.messages.at(-1)?.content ?? "";
      prompt = request.messages.map((m) => m.content).join("\n");
      if (last.includes("사물함")) {
        recalled = request.messages[0]?.content ?? "";
        return "사-팔-이-일, 네 자리예요.";
      }
      return last.includes("날씨") ? "맑대요." : "좋아요.";
    });
    await chat(t, ["오늘 날씨 어때?"], userId);
    expect(await chat(t, ["헬스장 사물함 비밀번호 뭐였지?"], userId)).toContain("사-팔-이-일");
    expect(recalled).toContain("4821");
    expect(await chat(t, ["잊어줘: 헬스장 사물함 비밀번호"], userId)).toContain("잊었어요");
    await t.assistant.drain();

    await chat(t, ["고마워"], userId);
    expect(prompt).not.toContain("사-팔-이-일");
    // An answer given without it stays.
    expect(prompt).toContain("맑대요.");
  });
});
