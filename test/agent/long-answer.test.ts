/**
 * A model that answers far more than any reply should hold (a runaway generation): the answer passed
 * on — posted whole, streamed piece by piece, and kept in the history — stops at MAX_ANSWER_CHARS.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipAnswer, MAX_ANSWER_CHARS } from "../../src/agent/message-limit.js";
import type { Turn } from "../../src/core/types.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("a runaway answer of the model", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", env: { LLM_TIMEOUT_MS: "30000" } });
  });
  afterAll(async () => {
    await t.stop();
  });

  const turn = (n: number): Turn => ({
    teamId: "local",
    userId: "U_LONG_ANSWER",
    channelId: "console",
    channelType: "im",
    text: "긴 이야기 하나 해줘",
    eventId: `Ev_long_${n}`,
  });

  it("is cut to MAX_ANSWER_CHARS, whole and streamed, with a mark where it was cut", async () => {
    const answer = "이야기 ".repeat(10_000);
    t.ollama!.onChat((req) => (req.format !== undefined ? { json: { topics: [], triplets: [] } } : answer));
    const whole = await t.assistant.agent.handle(turn(1));
    expect(whole.text.length).toBe(MAX_ANSWER_CHARS);
    expect(whole.text.endsWith("…")).toBe(true);

    const pieces: string[] = [];
    const streamed = await t.assistant.agent.handle(turn(2), { onText: (piece) => pieces.push(piece) });
    expect(streamed.text.length).toBe(MAX_ANSWER_CHARS);
    expect(streamed.text.endsWith("…")).toBe(true);
    expect(pieces.join("").length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    await t.assistant.agent.drain();
  }, 60_000);

  it("clipAnswer keeps a short answer and never ends in half a surrogate pair", () => {
    expect(clipAnswer("짧은 답")).toBe("짧은 답");
    const cut = clipAnswer(`${"a".repeat(MAX_ANSWER_CHARS - 2)}${"😀".repeat(5)}`);
    expect(cut).toBe(`${"a".repeat(MAX_ANSWER_CHARS - 2)}…`);
  });
});
