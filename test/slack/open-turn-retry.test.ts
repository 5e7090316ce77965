/**
 * A reply that does not reach Slack (Slack down) is not left for the next restart: the turn stays open
 * in the inbox and is answered again while the process runs, once Slack takes calls again — once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDmEvent } from "../support/slack-events.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("a turn whose reply did not reach Slack", { timeout: 60_000 }, () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "http", env: { OPEN_TURN_RETRY_MS: "1000" } });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("is answered again once Slack is back, and only once", async () => {
    t.ollama!.onChat((request) =>
      request.format !== undefined ? { json: { triplets: [] } } : "네, 3시예요.",
    );
    t.slack!.failMethod("chat.postMessage", 500);
    const posts = () => t.slack!.callsTo("chat.postMessage").filter((c) => c.args["channel"] === "D_DOWN");
    await t.sendEvent(makeDmEvent({ text: "회의 몇 시였지?", user: "U_DOWN", channel: "D_DOWN" }));
    // The reply and the apology are both refused.
    for (let i = 0; i < 200 && posts().length < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(posts().length).toBeGreaterThanOrEqual(2);
    await t.assistant.drain();
    t.slack!.failMethod("chat.postMessage", undefined);
    const refused = posts().length;
    await t.slack!.waitForCall("chat.postMessage", {
      count: t.slack!.callsTo("chat.postMessage").length + 1,
      timeoutMs: 20_000,
    });
    const delivered = posts().slice(refused);
    expect(delivered.map((c) => c.args["text"])).toEqual(["네, 3시예요."]);
    // Answered: nothing more is posted for it.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(posts().length).toBe(refused + 1);
  });
});
