/**
 * A 429 from Slack holds only the call it answered: that reply waits for `Retry-After` and is posted,
 * while another user's reply in another conversation goes out at once (the Web API client's own
 * handling paused every call of the process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RATE_LIMIT_WAIT_MS, retryRateLimited } from "../../src/slack/rate-limit.js";
import { makeDmEvent } from "../support/slack-events.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("a rate-limited Slack call", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "http" });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("waits alone: another user's reply is posted meanwhile, and the limited one after Retry-After", async () => {
    t.ollama!.onChat((request) =>
      request.format !== undefined ? { json: { triplets: [] } } : "네, 알겠어요.",
    );
    t.slack!.rateLimit("chat.postMessage", { retryAfterSeconds: 3, times: 1, channel: "D_ALICE_RL" });
    const start = Date.now();
    await t.sendEvent(
      makeDmEvent({ text: "오늘 회의 몇 시였지?", user: "U_ALICE_RL", channel: "D_ALICE_RL" }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.sendEvent(makeDmEvent({ text: "점심 뭐 먹을까?", user: "U_BOB_RL", channel: "D_BOB_RL" }));
    const posts = (channel: string) =>
      t.slack!.callsTo("chat.postMessage").filter((c) => c.args["channel"] === channel);
    await t.slack!.waitForCall("chat.postMessage", { count: 3, timeoutMs: 10_000 });
    const bob = posts("D_BOB_RL");
    const alice = posts("D_ALICE_RL");
    expect(bob).toHaveLength(1);
    expect(bob[0]!.time - start).toBeLessThan(2_500);
    // Alice's reply: refused once (429), then posted after the wait.
    expect(alice).toHaveLength(2);
    expect(alice[1]!.time - alice[0]!.time).toBeGreaterThanOrEqual(2_900);
    expect(alice[1]!.args["text"]).toBe("네, 알겠어요.");
  });
});

describe("a reply Slack refuses once", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "http" });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("is posted once more, with no apology that says the turn failed (the memory was kept)", async () => {
    t.ollama!.onChat((request) => (request.format !== undefined ? { json: { triplets: [] } } : "네."));
    t.slack!.onMethod("chat.postMessage", () => {
      t.slack!.onMethod("chat.postMessage", undefined);
      return { ok: false, error: "ratelimited" };
    });
    const user = "U_REFUSED_ONCE";
    await t.sendEvent(makeDmEvent({ text: "기억해줘: 여권은 안방 금고에", user, channel: `D_${user}` }));
    const posts = await t.slack!.waitForCall("chat.postMessage", { count: 2, timeoutMs: 10_000 });
    await t.assistant.drain();
    const texts = t.slack!.callsTo("chat.postMessage").map((c) => String(c.args["text"]));
    expect(texts).toHaveLength(2);
    expect(posts[1]!.args["text"]).toBe(posts[0]!.args["text"]);
    expect(texts.join("\n")).toContain("여권은 안방 금고에");
    expect(texts.join("\n")).not.toContain("죄송해요");
  });
});

describe("retryRateLimited", () => {
  const limited = (retryAfter: number) =>
    Object.assign(new Error("rate limited"), { code: "slack_webapi_rate_limited_error", retryAfter });

  it("retries after each wait asked for, and gives up past the longest total wait", async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    let calls = 0;
    const ok = await retryRateLimited(
      () => (++calls < 3 ? Promise.reject(limited(2)) : Promise.resolve("ok")),
      sleep,
    );
    expect([ok, waits]).toEqual(["ok", [2_000, 2_000]]);
    const over = MAX_RATE_LIMIT_WAIT_MS / 1000 + 1;
    await expect(retryRateLimited(() => Promise.reject(limited(over)), sleep)).rejects.toThrow(
      "rate limited",
    );
    // Any other error is thrown at once.
    await expect(
      retryRateLimited(() => Promise.reject(new Error("channel_not_found")), sleep),
    ).rejects.toThrow("channel_not_found");
    expect(waits).toHaveLength(2);
  });
});
