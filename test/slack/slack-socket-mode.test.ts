import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDmEvent, makeEventCallback, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("Slack over Socket Mode", () => {
  let t: TestAssistant;

  beforeAll(async () => {
    t = await startTestAssistant({ mode: "socket" });
    await t.slack!.socket.waitForConnection();
  });
  afterAll(async () => {
    await t.stop();
  });

  it("opened the connection with the app token", () => {
    const [open] = t.slack!.callsTo("apps.connections.open");
    expect(open!.token).toBe("xapp-test");
  });

  it("acks a DM envelope and answers in the DM", async () => {
    t.ollama!.queueChat("소켓 모드에서 답해요");
    const envelope = makeEventCallback(makeDmEvent({ text: "안녕" }));
    const ack = await t.slack!.socket.sendEvent(envelope);
    expect(ack.envelope_id).toBeTruthy();
    const [post] = await t.slack!.waitForCall("chat.postMessage");
    expect(post!.args).toMatchObject({ channel: TEST_IDS.dmChannel, text: "소켓 모드에서 답해요" });
  });

  it("answers a mention in its thread", async () => {
    t.slack!.reset();
    const mention = makeMentionEvent({ text: "hello there" });
    await t.slack!.socket.sendEvent(makeEventCallback(mention));
    const [post] = await t.slack!.waitForCall("chat.postMessage");
    expect(post!.args).toMatchObject({
      channel: TEST_IDS.channel,
      thread_ts: mention.ts,
      // The fake model echoes the message, which in a channel thread is labelled with its writer.
      text: `(fake) [${TEST_IDS.user}] hello there`,
    });
  });

  it("answers a redelivered envelope (retry_attempt) only once", async () => {
    t.slack!.reset();
    t.ollama!.reset();
    const envelope = makeEventCallback(makeDmEvent({ text: "retry me" }), { event_id: "Ev_SOCKET_RETRY" });
    await t.slack!.socket.sendEvent(envelope);
    await t.slack!.socket.sendEvent(envelope, { retryAttempt: 1, retryReason: "timeout" });
    await t.slack!.waitForCall("chat.postMessage");
    await new Promise((r) => setTimeout(r, 500));
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(1);
    expect(t.ollama!.chatRequests()).toHaveLength(1);
  });
});
