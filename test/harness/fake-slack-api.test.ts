import { webApi } from "@slack/bolt";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeSlack, type FakeSlack } from "../support/fake-slack.js";

let slack: FakeSlack;
let client: webApi.WebClient;

beforeAll(async () => {
  slack = await startFakeSlack({
    users: [{ id: "U_ALICE", name: "alice", real_name: "Alice Kim", tz: "Asia/Seoul" }],
  });
  client = new webApi.WebClient("xoxb-test", { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
});
afterAll(async () => {
  await slack.close();
});
beforeEach(() => slack.reset());

describe("fake Slack Web API with the real WebClient", () => {
  it("answers auth.test with the bot identity", async () => {
    const res = await client.auth.test();
    expect(res).toMatchObject({ ok: true, team_id: "T_TEST", user_id: "U_BOT", bot_id: "B_BOT" });
  });

  it("parses JSON-in-form fields and numbers ts upwards", async () => {
    const blocks = [{ type: "section", text: { type: "mrkdwn", text: "*hi*" } }];
    const metadata = { event_type: "turn", event_payload: { id: 1 } };
    const first = await client.chat.postMessage({ channel: "C_TEST", text: "hi", blocks, metadata });
    const second = await client.chat.postMessage({ channel: "C_TEST", text: "again", thread_ts: first.ts });
    expect(Number(second.ts)).toBeGreaterThan(Number(first.ts));
    expect(slack.callsTo("chat.postMessage")[0]?.args).toMatchObject({ channel: "C_TEST", blocks, metadata });
    const replies = await client.conversations.replies({ channel: "C_TEST", ts: first.ts ?? "" });
    expect(replies.messages?.map((m) => m.text)).toEqual(["hi", "again"]);
  });

  it("updates a message it posted", async () => {
    const posted = await client.chat.postMessage({ channel: "D_TEST", text: "thinking..." });
    const updated = await client.chat.update({ channel: "D_TEST", ts: posted.ts ?? "", text: "done" });
    expect(updated.ok).toBe(true);
    expect(slack.messages[0]?.text).toBe("done");
  });

  it("knows configured users and the assistant.threads methods", async () => {
    const info = await client.users.info({ user: "U_ALICE" });
    expect(info.user).toMatchObject({ id: "U_ALICE", real_name: "Alice Kim", tz: "Asia/Seoul" });
    await client.assistant.threads.setStatus({ channel_id: "D_TEST", thread_ts: "1.1", status: "thinking" });
    await client.assistant.threads.setSuggestedPrompts({
      channel_id: "D_TEST",
      thread_ts: "1.1",
      prompts: [{ title: "Recall", message: "What do you remember?" }],
    });
    expect(slack.callsTo("assistant.threads.setSuggestedPrompts")[0]?.args["prompts"]).toEqual([
      { title: "Recall", message: "What do you remember?" },
    ]);
  });

  it("answers unknown_method for methods it does not implement, and custom answers via onMethod", async () => {
    await expect(client.apiCall("files.list")).rejects.toMatchObject({
      data: { ok: false, error: "unknown_method" },
    });
    slack.onMethod("reactions.add", () => ({ ok: false, error: "already_reacted" }));
    await expect(
      client.reactions.add({ channel: "C", timestamp: "1.1", name: "eyes" }),
    ).rejects.toMatchObject({
      data: { error: "already_reacted" },
    });
  });

  it("waitForCall rejects with a list of what was called", async () => {
    await client.auth.test();
    await expect(slack.waitForCall("chat.postMessage", { timeoutMs: 100 })).rejects.toThrow(
      /expected 1 call\(s\) to chat\.postMessage.*Calls so far: auth\.test/,
    );
  });

  it("waitForCall resolves once enough matching calls arrived", async () => {
    const waiting = slack.waitForCall("chat.postMessage", { count: 2, where: (a) => a["channel"] === "C_X" });
    await client.chat.postMessage({ channel: "C_Y", text: "other" });
    await client.chat.postMessage({ channel: "C_X", text: "1" });
    await client.chat.postMessage({ channel: "C_X", text: "2" });
    expect((await waiting).map((c) => c.args["text"])).toEqual(["1", "2"]);
  });
});
