import { describe, expect, it, vi } from "vitest";
import { makeDmEvent } from "../support/slack-events.js";
import { type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

/** test-assistant's LLM_TIMEOUT_MS. */
const LLM_TIMEOUT_MS = 1_500;

const userNo = (i: number) => ({ user: `U_Q${i}`, channel: `D_Q${i}` });

/**
 * Sends a DM and waits until its turn has asked the model (its request holds a place in the model's
 * line), so the next DM arrives after it.
 */
async function sendInLine(t: TestAssistant, i: number, text: string): Promise<void> {
  const queue = t.assistant.llmQueue!;
  const before = queue.stats().requests;
  const res = await t.sendEvent(makeDmEvent({ text, ...userNo(i) }));
  expect(res.status).toBe(200);
  await vi.waitFor(() => expect(queue.stats().requests).toBe(before + 1), { timeout: 5_000, interval: 5 });
}

describe("the model queue through Slack", () => {
  describe("with a model serving 2 requests at a time (OLLAMA_MAX_PARALLEL=2)", () => {
    let t: TestAssistant;
    useTestAssistant({ mode: "http", env: { OLLAMA_MAX_PARALLEL: "2" } }, (started) => (t = started));

    it("answers 20 concurrent DMs, none dropped, sending them to the model in order of arrival", async () => {
      // Like a real Ollama with OLLAMA_NUM_PARALLEL=2 and a full queue: a third chat at once gets 503.
      t.ollama!.setMaxConcurrency(2);
      t.ollama!.setLatency(400);
      t.ollama!.setEmbedLatency(0);
      const texts = Array.from({ length: 20 }, (_, i) => `질문 ${i}번`);
      for (const [i, text] of texts.entries()) await sendInLine(t, i, text);

      const posts = await t.slack!.waitForCall("chat.postMessage", { count: 20, timeoutMs: 20_000 });
      texts.forEach((text, i) => {
        expect(posts.find((p) => p.args.channel === userNo(i).channel)?.args.text).toBe(`(fake) ${text}`);
      });
      // They left the line in order of arrival. Two that leave together (when both slots free at once)
      // may reach the server in either order, but never one further off than its neighbour.
      const reached = t
        .ollama!.chatRequests()
        .filter((r) => r.tools !== undefined) // the turns' answers, not the background work
        .map((r) => texts.indexOf(r.messages.at(-1)?.content ?? ""));
      expect([...reached].sort((a, b) => a - b)).toEqual(texts.map((_, i) => i));
      reached.forEach((arrived, position) => expect(Math.abs(arrived - position)).toBeLessThanOrEqual(1));
      expect(t.ollama!.maxChatsInFlight()).toBe(2);
      // The last ones waited ~3.6 s for a slot, longer than LLM_TIMEOUT_MS, and were still answered:
      // the model's timeout starts when a request leaves the queue.
      await t.assistant.drain(); // the background work of the kept messages (topics, facts)
      const stats = t.assistant.llmQueue!.stats();
      expect(stats.maxWaitMs).toBeGreaterThan(LLM_TIMEOUT_MS);
      expect(stats).toMatchObject({ running: 0, queued: 0, rejectedFull: 0, rejectedTimeout: 0 });
    });
  });

  describe("with room for 2 waiting requests (OLLAMA_MAX_PARALLEL=1, OLLAMA_MAX_QUEUE=2)", () => {
    let t: TestAssistant;
    useTestAssistant(
      { mode: "http", env: { OLLAMA_MAX_PARALLEL: "1", OLLAMA_MAX_QUEUE: "2", LLM_TIMEOUT_MS: "5000" } },
      (started) => (t = started),
    );

    it("tells the next DM at once that it is busy, and answers the ones in line", async () => {
      // Slow enough that the refusals come long before the first answer, even on a busy machine.
      t.ollama!.setLatency(1_200);
      t.ollama!.setEmbedLatency(0);
      for (const i of [0, 1, 2]) await sendInLine(t, i, `질문 ${i}번`);

      await t.sendEvent(makeDmEvent({ text: "질문 3번", ...userNo(3) }));
      await t.sendEvent(makeDmEvent({ text: "are you there?", ...userNo(4) }));
      const busy = await t.slack!.waitForCall("chat.postMessage", {
        count: 2,
        where: (args) => args.channel === userNo(3).channel || args.channel === userNo(4).channel,
      });
      const replyIn = (i: number) => busy.find((p) => p.args.channel === userNo(i).channel)?.args.text;
      expect(replyIn(3)).toMatch(/^죄송해요, 지금 답변을 기다리는 메시지가 너무 많아요/);
      expect(replyIn(4)).toMatch(/^Sorry, I'm answering too many messages right now/);
      // Refused at once: nobody in line has been answered yet.
      expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(2);

      const posts = await t.slack!.waitForCall("chat.postMessage", { count: 5, timeoutMs: 10_000 });
      for (const i of [0, 1, 2]) {
        expect(posts.find((p) => p.args.channel === userNo(i).channel)?.args.text).toBe(`(fake) 질문 ${i}번`);
      }
      expect(t.assistant.llmQueue!.stats().rejectedFull).toBe(2);
    });
  });
});
