/**
 * The same surfaces over Socket Mode: a slash command (`slash_commands` envelope), an interaction
 * (`interactive` envelope: the shortcut and a block action), App Home and the assistant panel
 * (`events_api`), each acked on the socket and answered through the Web API or response_url.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_ACTIONS } from "../../src/slack/listeners/app-home.js";
import { RESPONSE_URL_METHOD } from "../support/fake-slack.js";
import { makeAssistantThreadStartedEvent, makeEventCallback, TEST_IDS } from "../support/slack-events.js";
import { makeHomeAction, makeMessageShortcut, makeSlashCommand } from "../support/slack-interactions.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

describe("memory surfaces over Socket Mode", () => {
  let t: TestAssistant;

  beforeAll(async () => {
    t = await startTestAssistant({ mode: "socket" });
    await t.slack!.socket.waitForConnection();
  });
  afterAll(async () => {
    await t.stop();
  });

  it("answers /memory search through response_url after acking the envelope", async () => {
    await t.assistant.memory.remember(
      { teamId: TEST_IDS.teamId, userId: TEST_IDS.user, channelId: TEST_IDS.dmChannel, channelType: "im" },
      "소켓으로 찾을 기억: 도서관 반납일은 금요일",
      Date.now(),
    );
    const ack = await t.slack!.socket.sendEnvelope(
      "slash_commands",
      makeSlashCommand(t, { text: "search 도서관 반납일" }),
    );
    expect(ack.envelope_id).toBeTruthy();
    const [answer] = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { timeoutMs: 10_000 });
    expect(answer!.args["response_type"]).toBe("ephemeral");
    expect(JSON.stringify(answer!.args["blocks"])).toContain("도서관 반납일은 금요일");
  });

  it("saves a message through the shortcut and refreshes App Home on a block action", async () => {
    t.slack!.reset();
    await t.slack!.socket.sendEnvelope(
      "interactive",
      makeMessageShortcut(t, { author: "U_BOB", text: "소켓 모드 바로가기로 저장한 메시지" }),
    );
    const [ephemeral] = await t.slack!.waitForCall("chat.postEphemeral", { timeoutMs: 10_000 });
    expect(ephemeral!.args).toMatchObject({ user: TEST_IDS.user, channel: TEST_IDS.channel });

    await t.slack!.socket.sendEvent(
      makeEventCallback({
        type: "app_home_opened",
        user: TEST_IDS.user,
        channel: TEST_IDS.dmChannel,
        tab: "home",
      }),
    );
    const [home] = await t.slack!.waitForCall("views.publish", { timeoutMs: 10_000 });
    expect(JSON.stringify(home!.args["view"])).toContain("소켓 모드 바로가기로 저장한 메시지");

    await t.slack!.socket.sendEnvelope(
      "interactive",
      makeHomeAction({ actionId: HOME_ACTIONS.search, value: "바로가기", input: true }),
    );
    const calls = await t.slack!.waitForCall("views.publish", { count: 2, timeoutMs: 10_000 });
    expect(
      JSON.parse(String((calls[1]!.args["view"] as { private_metadata: string }).private_metadata)),
    ).toEqual({
      q: "바로가기",
      page: 0,
    });
  });

  it("greets an assistant thread", async () => {
    t.slack!.reset();
    await t.slack!.socket.sendEvent(makeEventCallback(makeAssistantThreadStartedEvent()));
    const [prompts] = await t.slack!.waitForCall("assistant.threads.setSuggestedPrompts", {
      timeoutMs: 10_000,
    });
    expect(prompts!.args["channel_id"]).toBe(TEST_IDS.dmChannel);
  });
});
