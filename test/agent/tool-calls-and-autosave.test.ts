/**
 * Whether the model's tool calls leave the message to autosave: only a memory the model kept of it
 * takes the message from the pipeline. A `remember` refused or malformed keeps nothing, and a proposed
 * forget may come with the new value ("… 옮겼어"): both leave the message to the pipeline, which still
 * keeps no request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolCall } from "../../src/core/llm.js";
import { chat } from "../support/console-chat.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("the model's tool calls and autosave", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local" });
  });
  afterAll(async () => {
    await t.stop();
  });

  const texts = async (userId: string) => {
    await t.assistant.drain();
    await t.assistant.agent.drain();
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    return (await t.assistant.memory.list(scope, { limit: 20 })).items.map((m) => m.text).sort();
  };
  /** The model calls `calls` first, then answers "네." once it has the tools' results. */
  const modelCalls = (calls: (text: string) => ToolCall[]) =>
    t.ollama!.onChat((req) => {
      if (req.format !== undefined)
        return { json: { topics: [{ label: "home", confidence: 0.9 }], triplets: [] } };
      const last = req.messages.at(-1)!;
      if (last.role === "tool") return "네.";
      const made = calls(last.content);
      return made.length > 0 ? { toolCalls: made } : "네.";
    });

  it("autosaves a statement whose remember call was malformed or refused", async () => {
    const userId = "U_TOOL_BAD_REMEMBER";
    modelCalls(() => [{ name: "remember", arguments: { text: 42 } }]);
    await chat(t, ["공유기는 거실 TV 뒤 선반에 있어"], userId);
    modelCalls(() => [{ name: "remember", arguments: { text: "someone else's words entirely" } }]);
    await chat(t, ["우리 아파트 분리수거는 수요일 저녁이야"], userId);
    expect(await texts(userId)).toEqual([
      "공유기는 거실 TV 뒤 선반에 있어",
      "우리 아파트 분리수거는 수요일 저녁이야",
    ]);
  });

  it("autosaves the new value of a statement for which the model proposed forgetting the old one", async () => {
    const userId = "U_TOOL_FORGET_UPDATE";
    modelCalls(() => []);
    await chat(t, ["기억해줘: 헬스장 락커는 58번이야"], userId);
    modelCalls((text) =>
      text.includes("102") ? [{ name: "forget", arguments: { id_or_query: "헬스장 락커 58번" } }] : [],
    );
    await chat(t, ["헬스장 락커 102번으로 옮겼어"], userId);
    expect(await texts(userId)).toEqual(["헬스장 락커 102번으로 옮겼어", "헬스장 락커는 58번이야"]);
  });

  it("answers from memory, not with an apology, when the model's answer is empty", async () => {
    const userId = "U_TOOL_EMPTY_ANSWER";
    t.ollama!.onChat((req) => (req.format !== undefined ? { json: { topics: [], triplets: [] } } : "   "));
    expect(await chat(t, ["기억해줘: 택배 상자는 현관 우산꽂이 옆에 있어"], userId)).toContain("기억했어요");
    const printed = await chat(t, ["택배 상자 어디 있어?"], userId);
    expect(printed).toContain("택배 상자는 현관 우산꽂이 옆에 있어");
    expect(printed).not.toContain("문제가 생겼어요");
  });

  it("keeps a statement once when the model kept it, and never keeps a forget request it proposed", async () => {
    const userId = "U_TOOL_KEPT";
    modelCalls((text) => [{ name: "remember", arguments: { text } }]);
    await chat(t, ["조카 생일은 8월 14일이야"], userId);
    modelCalls(() => [{ name: "forget", arguments: { id_or_query: "조카 생일" } }]);
    await chat(t, ["조카 생일 메모 좀 없애 줄래?"], userId);
    expect(await texts(userId)).toEqual(["조카 생일은 8월 14일이야"]);
  });
});
