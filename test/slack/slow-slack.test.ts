/**
 * A reply Slack posts but answers too late (past `SLACK_TIMEOUT_MS`): the assistant cannot tell from
 * the timeout whether it landed, so it looks before posting again — the user sees the reply once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDmEvent } from "../support/slack-events.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("a reply Slack posts but answers after the client gave up", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "http", env: { SLACK_TIMEOUT_MS: "400" } });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("is in the conversation once, and what the user said is kept", async () => {
    t.ollama!.onChat((request) => (request.format !== undefined ? { json: { triplets: [] } } : "네."));
    t.slack!.slowMethod("chat.postMessage", { delayMs: 1_500, times: 1 });
    const user = "U_SLOW_SLACK";
    const channel = `D_${user}`;
    await t.sendEvent(makeDmEvent({ text: "기억해줘: 자전거 자물쇠는 현관 신발장 위에", user, channel }));
    await t.slack!.waitForCall("chat.postMessage", { timeoutMs: 10_000 });
    // Long enough for the client's own retries and the assistant's repost to have happened.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await t.assistant.drain();
    const replies = t.slack!.messages.filter((m) => m.channel === channel && m.bot_id !== undefined);
    expect(replies.map((m) => m.text)).toHaveLength(1);
    expect(replies[0]!.text).toContain("자전거 자물쇠");
    const { items } = await t.assistant.memory.list({ teamId: "T_TEST", userId: user }, { limit: 10 });
    expect(items.map((m) => m.text).join("\n")).toContain("자전거 자물쇠는 현관 신발장 위에");
  });
});
