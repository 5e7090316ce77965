import { describe, expect, it } from "vitest";
import { makeDmEvent, makeMentionEvent, postSignedEvent, TEST_IDS } from "../support/slack-events.js";
import {
  SIGNING_SECRET,
  systemPromptOf,
  type TestAssistant,
  useTestAssistant,
} from "../support/test-assistant.js";

describe("Slack over HTTP (Events API)", () => {
  let t: TestAssistant;

  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("answers a signed DM in that DM with the model's answer", async () => {
    t.ollama!.queueChat("안녕하세요! 무엇을 도와드릴까요?");
    const res = await t.sendEvent(makeDmEvent({ text: "안녕" }));
    expect(res.status).toBe(200);
    const [post] = await t.slack!.waitForCall("chat.postMessage");
    expect(post!.args.channel).toBe(TEST_IDS.dmChannel);
    expect(post!.args.text).toBe("안녕하세요! 무엇을 도와드릴까요?");
    expect(post!.args.thread_ts).toBeUndefined();
    expect(post!.token).toBe("xoxb-test");
    // The model got the user's words and the assistant's system prompt.
    const [chat] = t.ollama!.chatRequests();
    expect(chat!.messages.at(-1)).toMatchObject({ role: "user", content: "안녕" });
    expect(systemPromptOf(chat!)).toContain("personal assistant");
  });

  it("acks before the model has answered", async () => {
    t.ollama!.setLatency(800);
    const res = await t.sendEvent(makeDmEvent({ text: "느린 답" }));
    expect(res.status).toBe(200);
    // The 200 came back while the model was still working: nothing has been posted yet.
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(0);
    const [post] = await t.slack!.waitForCall("chat.postMessage");
    expect(post!.args.text).toBe("(fake) 느린 답");
  });

  it("shows it is working with a reaction and clears it when done", async () => {
    const event = makeDmEvent({ text: "hello" });
    await t.sendEvent(event);
    await t.slack!.waitForCall("chat.postMessage");
    const ofThisMessage = { where: (args: Record<string, unknown>) => args.timestamp === event.ts };
    const [removed] = await t.slack!.waitForCall("reactions.remove", ofThisMessage);
    const [added] = await t.slack!.waitForCall("reactions.add", ofThisMessage);
    expect(added!.args).toMatchObject({ channel: TEST_IDS.dmChannel, timestamp: event.ts, name: "eyes" });
    expect(removed!.args).toMatchObject({ channel: TEST_IDS.dmChannel, timestamp: event.ts, name: "eyes" });
    expect(added!.time).toBeLessThanOrEqual(t.slack!.callsTo("chat.postMessage")[0]!.time);
  });

  it("replies to an app_mention in the mention's thread, without the mention in the prompt", async () => {
    t.ollama!.queueChat("채널에서 답합니다");
    const mention = makeMentionEvent({ text: "오늘 회의 몇 시야?" });
    await t.sendEvent(mention);
    const [post] = await t.slack!.waitForCall("chat.postMessage");
    expect(post!.args).toMatchObject({
      channel: TEST_IDS.channel,
      thread_ts: mention.ts,
      text: "채널에서 답합니다",
    });
    // A channel thread is shared: the message is labelled with its writer (never with the mention).
    expect(t.ollama!.chatRequests()[0]!.messages.at(-1)!.content).toBe(
      `[${TEST_IDS.user}] 오늘 회의 몇 시야?`,
    );
  });

  it("keeps replying in an existing thread", async () => {
    const mention = makeMentionEvent({ text: "이어서", thread_ts: "1700000000.000100" });
    await t.sendEvent(mention);
    const [post] = await t.slack!.waitForCall("chat.postMessage");
    expect(post!.args.thread_ts).toBe("1700000000.000100");
  });

  it("rejects a badly signed request with 401 and does not reply", async () => {
    const res = await t.sendEvent(makeDmEvent({ text: "forged" }), { badSignature: true });
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(0);
    expect(t.ollama!.chatRequests()).toHaveLength(0);
  });

  it("rejects a stale request (over 5 minutes old) with 401", async () => {
    const res = await t.sendEvent(makeDmEvent({ text: "old" }), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(0);
  });

  it("answers a retried delivery of the same event exactly once", async () => {
    t.ollama!.setLatency(300);
    const event = makeDmEvent({ text: "한 번만 답해줘" });
    const first = await t.sendEvent(event, { eventId: "Ev_RETRY_1" });
    const retry = await t.sendEvent(event, {
      eventId: "Ev_RETRY_1",
      retryNum: 1,
      retryReason: "http_timeout",
    });
    const retry2 = await t.sendEvent(event, {
      eventId: "Ev_RETRY_1",
      retryNum: 2,
      retryReason: "http_timeout",
    });
    expect([first.status, retry.status, retry2.status]).toEqual([200, 200, 200]);
    await t.slack!.waitForCall("chat.postMessage");
    await new Promise((r) => setTimeout(r, 700));
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(1);
    expect(t.ollama!.chatRequests()).toHaveLength(1);
  });

  it("ignores its own messages, other bots, edits and deletions", async () => {
    await t.sendEvent(
      makeDmEvent({ text: "from the bot itself", user: TEST_IDS.botUserId, bot_id: TEST_IDS.botId }),
    );
    await t.sendEvent(makeDmEvent({ text: "another bot", bot_id: "B_OTHER", user: "U_OTHERBOT" }));
    await t.sendEvent(makeDmEvent({ text: "edited", subtype: "message_changed" }));
    await t.sendEvent(makeDmEvent({ text: "", subtype: "message_deleted" }));
    await t.sendEvent({ ...makeMentionEvent({ text: "mention by a bot" }), bot_id: "B_OTHER" });
    await t.sendEvent(makeMentionEvent({ text: "a person's mention" }));
    await t.slack!.waitForCall("chat.postMessage"); // only the person's mention is answered
    await new Promise((r) => setTimeout(r, 300));
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(1);
    expect(t.ollama!.chatRequests()).toHaveLength(1);
  });

  it("answers the words of a DM sent with a file, and says a file alone is not read", async () => {
    t.ollama!.queueChat("영수증 건 알겠어요.");
    const file = { id: "F1", name: "receipt.png", mimetype: "image/png" };
    await t.sendEvent(
      makeDmEvent({ text: "이 영수증은 11월 출장비야", subtype: "file_share", files: [file] }),
    );
    const [answer] = await t.slack!.waitForCall("chat.postMessage");
    expect(answer!.args.text).toBe("영수증 건 알겠어요.");
    const [chat] = t.ollama!.chatRequests();
    expect(chat!.messages.at(-1)).toMatchObject({ role: "user", content: "이 영수증은 11월 출장비야" });
    await t.assistant.drain();
    const asked = t.ollama!.chatRequests().length;
    await t.sendEvent(makeDmEvent({ text: "", subtype: "file_share", files: [file] }));
    const posts = await t.slack!.waitForCall("chat.postMessage", { count: 2 });
    expect(posts.at(-1)!.args.text).toContain("I can't read attached files yet");
    expect(t.ollama!.chatRequests()).toHaveLength(asked);
  });

  it("answers a URL verification challenge only when signed", async () => {
    const payload = { type: "url_verification", challenge: "abc123", token: "x" };
    const ok = await postSignedEvent(`${t.assistant.url}/slack/events`, payload, SIGNING_SECRET);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("abc123");
    const bad = await postSignedEvent(`${t.assistant.url}/slack/events`, payload, SIGNING_SECRET, {
      badSignature: true,
    });
    expect(bad.status).toBe(401);
  });

  it("serves /healthz with the state of Slack, the vector index and Ollama", async () => {
    const res = await t.admin("/healthz");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: "ok",
      slack: "http",
      vectors: { ok: true, kind: "chroma", metric: "cosine" },
      ollama: { reachable: true },
    });
  });

  it("shows /healthz's status alone to a request without the admin token", async () => {
    const res = await fetch(`${t.assistant.url}/healthz`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: "ok" });
    // Nothing of the details: not DATA_DIR, not the Ollama host, not the store's location.
    for (const secret of [t.dataDir, t.ollama!.url, "127.0.0.1"]) expect(text).not.toContain(secret);
  });
});
