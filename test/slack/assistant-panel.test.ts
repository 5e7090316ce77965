/**
 * The assistant panel through the real Bolt app (HTTP mode) and the fake Slack: a thread that starts
 * gets a greeting and suggested prompts in the user's language; a question gets a status line, a
 * title, and the model's answer streamed (chat.startStream / appendStream / stopStream) as the fake
 * model writes it — or posted whole when Slack refuses streaming.
 */
import { describe, expect, it } from "vitest";
import { STREAM_BUFFER_CHARS } from "../../src/slack/answer-stream.js";
import { REPLY_EVENT_TYPE } from "../../src/slack/respond.js";
import {
  makeAssistantThreadStartedEvent,
  makePanelMessageEvent,
  nextTs,
  TEST_IDS,
} from "../support/slack-events.js";
import { type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

/** A long answer: 60 words of about 20 characters, so several buffers' worth. */
const LONG_ANSWER = Array.from(
  { length: 60 },
  (_, i) => `단어${String(i).padStart(2, "0")}-기억-스트리밍`,
).join(" ");

describe("the assistant panel", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("greets a new thread and suggests prompts in Korean by default", async () => {
    const event = makeAssistantThreadStartedEvent();
    const res = await t.sendEvent(event);
    expect(res.status).toBe(200);
    const [prompts] = await t.slack!.waitForCall("assistant.threads.setSuggestedPrompts");
    const thread = event["assistant_thread"] as { thread_ts: string };
    expect(prompts!.args).toMatchObject({ channel_id: TEST_IDS.dmChannel, thread_ts: thread.thread_ts });
    const titles = (prompts!.args["prompts"] as Array<{ title: string; message: string }>).map(
      (p) => p.message,
    );
    expect(titles).toContain("내가 뭘 기억하라고 했지?");
    expect(titles).toContain("또리 관련해서 알려줘");
    const [greeting] = await t.slack!.waitForCall("chat.postMessage");
    expect(greeting!.args).toMatchObject({ channel: TEST_IDS.dmChannel, thread_ts: thread.thread_ts });
    expect(String(greeting!.args["text"])).toContain("안녕하세요");
  });

  it("suggests English prompts to a user whose Slack locale is English", async () => {
    t.slack!.onMethod("users.info", (args) => ({
      ok: true,
      user: { id: args["user"], name: "bob", locale: "en-US" },
    }));
    await t.sendEvent(makeAssistantThreadStartedEvent({ user: "U_BOB", channel: "D_BOB" }));
    const [prompts] = await t.slack!.waitForCall("assistant.threads.setSuggestedPrompts");
    const messages = (prompts!.args["prompts"] as Array<{ message: string }>).map((p) => p.message);
    expect(messages).toContain("What did I ask you to remember?");
  });

  it("answers a question with a status, a title, and a streamed answer that starts before the model ends", async () => {
    const threadTs = nextTs();
    t.ollama!.setStreamDelay(8);
    t.ollama!.queueChat(LONG_ANSWER);
    await t.sendEvent(makePanelMessageEvent({ text: "또리 관련해서 알려줘", threadTs }));
    const [stop] = await t.slack!.waitForCall("chat.stopStream", { timeoutMs: 10_000 });

    const [status] = t.slack!.callsTo("assistant.threads.setStatus");
    expect(status!.args).toMatchObject({
      channel_id: TEST_IDS.dmChannel,
      thread_ts: threadTs,
      status: "기억을 찾는 중…",
    });
    const [title] = t.slack!.callsTo("assistant.threads.setTitle");
    expect(title!.args).toMatchObject({ thread_ts: threadTs, title: "또리 관련해서 알려줘" });

    const [start] = t.slack!.callsTo("chat.startStream");
    expect(start!.args).toMatchObject({ channel: TEST_IDS.dmChannel, thread_ts: threadTs });
    expect(status!.time).toBeLessThanOrEqual(start!.time);
    const appends = t.slack!.callsTo("chat.appendStream");
    // About one call per buffer: several for a long answer, far fewer than its 60 pieces.
    expect(appends.length).toBeGreaterThanOrEqual(2);
    expect(appends.length).toBeLessThanOrEqual(Math.ceil(LONG_ANSWER.length / STREAM_BUFFER_CHARS));
    // The first text reached Slack while the model was still writing.
    const [finished] = t.ollama!.streamsFinished();
    expect(start!.time).toBeLessThan(finished!);
    // The whole answer, once, in the thread; no whole post besides the stream.
    const message = t.slack!.messages.find((m) => m.ts === stop!.args["ts"]);
    expect(message!.text!.trim()).toBe(LONG_ANSWER);
    expect(message!.metadata).toMatchObject({ event_type: REPLY_EVENT_TYPE });
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(0);
    // No 👀 reaction in the panel: the status line says it.
    expect(t.slack!.callsTo("reactions.add").filter((c) => c.args["name"] === "eyes")).toHaveLength(0);
    // The model was asked to stream.
    expect(t.ollama!.chatRequests()[0]!.stream).toBe(true);
  });

  it("posts the answer whole when Slack refuses to stream", async () => {
    const threadTs = nextTs();
    t.slack!.onMethod("chat.startStream", () => ({ ok: false, error: "not_allowed_token_type" }));
    t.ollama!.queueChat(LONG_ANSWER);
    await t.sendEvent(makePanelMessageEvent({ text: "what do you know about Ttori?", threadTs }));
    const [post] = await t.slack!.waitForCall("chat.postMessage", { timeoutMs: 10_000 });
    expect(post!.args).toMatchObject({ channel: TEST_IDS.dmChannel, thread_ts: threadTs, text: LONG_ANSWER });
    expect(t.slack!.callsTo("assistant.threads.setStatus")[0]!.args["status"]).toBe("is thinking…");
    expect(t.slack!.callsTo("chat.appendStream")).toHaveLength(0);
  });

  it("a chat command in the panel is answered whole, in the thread", async () => {
    const threadTs = nextTs();
    await t.sendEvent(makePanelMessageEvent({ text: "기억해줘: 사물함 번호는 112번", threadTs }));
    const [post] = await t.slack!.waitForCall("chat.postMessage");
    expect(post!.args).toMatchObject({ thread_ts: threadTs });
    expect(String(post!.args["text"])).toContain("기억했어요");
    expect(t.slack!.callsTo("chat.startStream")).toHaveLength(0);
  });

  it("ends a stream the model breaks off midway with a notice, never a half answer alone", async () => {
    const threadTs = nextTs();
    t.ollama!.setStreamDelay(5);
    t.ollama!.breakStreamAfter(20);
    t.ollama!.queueChat(LONG_ANSWER);
    await t.sendEvent(makePanelMessageEvent({ text: "또리 얘기 길게 해줘", threadTs }));
    const [stop] = await t.slack!.waitForCall("chat.stopStream", { timeoutMs: 10_000 });
    const message = t.slack!.messages.find((m) => m.ts === stop!.args["ts"]);
    expect(message!.text).toContain("단어00");
    expect(message!.text).not.toContain("단어59");
    expect(message!.text).toContain("언어 모델");
  });
});
