/**
 * A question or a forget request right after a reply, while the memory pipeline is still keeping the message the
 * reply answered (an autosave embeds it first: a slow embedder), forgets that memory: the request waits
 * for the person's pipeline work instead of finding nothing and letting the memory be kept after it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADERS } from "../../src/agent/prompt.js";
import { chat } from "../support/console-chat.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("forgetting what is still being kept", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    // An embedding may take longer than a reply waits for it (RECALL_EMBED_WAIT_MS): the autosave after
    // the reply still waits for it.
    t = await startTestAssistant({
      mode: "local",
      env: { EMBED_TIMEOUT_MS: "6000", LLM_TIMEOUT_MS: "6000" },
    });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("a question right after a statement recalls it, though its autosave was still running", async () => {
    const userId = "U_RACE_ASK";
    t.ollama!.queueChat("좋아요.");
    // The statement's embedding outlasts its reply's wait: its autosave ends about a second after.
    t.ollama!.setEmbedLatency(3_000);
    await chat(t, ["자전거 보관소 번호는 C-214"], userId);
    t.ollama!.setEmbedLatency(0);
    let memories = "";
    t.ollama!.onChat((request) => {
      const [system] = request.messages;
      // The answer's prompt (the pipeline's own requests hold no recalled memories).
      // The section itself is the header's last mention (the instructions name it too).
      const at = system?.content.lastIndexOf(`${HEADERS.memories}\n`) ?? -1;
      if (at >= 0) memories = system!.content.slice(at);
      return { content: "답변" };
    });
    await chat(t, ["자전거 보관소 번호 뭐였지?"], userId);
    expect(memories).toContain("C-214");
  });

  it("'방금 거 잊어줘' right after a model's reply forgets the memory its autosave was keeping", async () => {
    const userId = "U_RACE";
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    t.ollama!.onChat(() => ({ content: "좋아요, 알겠어요." }));
    // The reply waits for no embedding; the autosave after it does.
    t.ollama!.setEmbedLatency(700);
    const printed = await chat(t, ["내 헬스장 락커는 517번이야", "방금 거 잊어줘"], userId);
    expect(printed).toContain('bot: 잊었어요: "내 헬스장 락커는 517번이야"');
    await t.assistant.drain();
    const { items } = await t.assistant.memory.list(scope, { limit: 10 });
    expect(items.map((m) => m.text)).toEqual([]);
  });

  it("a forget sent while the statement before it still waits for the model forgets that statement", async () => {
    const userId = "U_RACE_SLOW";
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    await t.assistant.memory.remember(scope, "우편함 번호는 1203", Date.now() - 60_000);
    t.ollama!.setEmbedLatency(0);
    t.ollama!.setLatency(1_200);
    const turn = (text: string, n: number) => ({
      teamId: "local",
      userId,
      channelId: "console",
      channelType: "im" as const,
      text,
      eventId: `race-slow-${n}`,
      receivedAt: Date.now(),
    });
    const statement = t.assistant.agent.handle(turn("헬스장 사물함은 44번", 1));
    await new Promise((resolve) => setTimeout(resolve, 80));
    const forget = await t.assistant.agent.handle(turn("방금 거 잊어줘", 2));
    await statement;
    await t.assistant.drain();
    t.ollama!.setLatency(0);
    expect(forget.text).toContain("헬스장 사물함은 44번");
    const { items } = await t.assistant.memory.list(scope, { limit: 10 });
    // The earlier memory stays; the statement is not kept after its forget.
    expect(items.map((m) => m.text)).toEqual(["우편함 번호는 1203"]);
  });
});
