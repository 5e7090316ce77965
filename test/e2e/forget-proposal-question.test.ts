/**
 * A reply in which the model proposes a forget asks in words ("이 기억을 잊을까요?") and with buttons.
 * Answering with a button answers the question too: after Cancel a later "네" deletes nothing, and
 * after Forget a later "취소" is not told that nothing was forgotten.
 */
import { describe, expect, it } from "vitest";
import { PROPOSAL_ACTIONS } from "../../src/slack/listeners/forget-proposal.js";
import { RESPONSE_URL_METHOD } from "../support/fake-slack.js";
import { makeDmEvent, TEST_IDS } from "../support/slack-events.js";
import { makeMessageAction, sendInteraction } from "../support/slack-interactions.js";
import { replyTo, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

const ALICE = TEST_IDS.user;
const DM = TEST_IDS.dmChannel;
const scope = { teamId: TEST_IDS.teamId, userId: ALICE, channelId: DM, channelType: "im" as const };

describe("a forget proposal's buttons and its question in words", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  /** The model proposes forgetting what the message says is no longer needed ("… 필요 없어"). */
  const proposingModel = () =>
    t.ollama!.onChat((req) => {
      if (req.format !== undefined) return { json: { topics: [], triplets: [] } };
      const last = req.messages.at(-1)!;
      if (last.role === "tool") return "(fake) 확인해 주세요.";
      const thing = /^(\S+) 이제 필요 없어/u.exec(last.content)?.[1];
      return thing ? { toolCalls: [{ name: "forget", arguments: { id_or_query: thing } }] } : "(fake) 네.";
    });

  /** Says `text` in the DM; when the reply proposes a forget, also returns its buttons' value. */
  const say = async (text: string) => {
    const before = t.slack!.callsTo("chat.postMessage").length;
    const reply = await replyTo(t, makeDmEvent({ text, user: ALICE, channel: DM }));
    if (!reply.includes("잊을까요?")) return { reply, value: undefined };
    const posts = await t.slack!.waitForCall("chat.postMessage", { count: before + 2 });
    const blocks = posts.at(-1)!.args["blocks"] as Array<{ elements?: Array<{ value: string }> }>;
    return { reply, value: blocks.flatMap((b) => b.elements ?? [])[0]!.value };
  };
  const press = async (actionId: string, value: string) => {
    const before = t.slack!.callsTo(RESPONSE_URL_METHOD).length;
    await sendInteraction(t, makeMessageAction(t, { user: ALICE, channel: DM, actionId, value }));
    await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count: before + 1 });
  };

  it("Cancel closes the question: a later yes or number forgets nothing", async () => {
    proposingModel();
    expect((await say("기억해줘: 우산은 차 트렁크에 있어")).reply).toContain("기억했어요");
    const [umbrella] = await t.assistant.memory.recall(scope, "우산");
    const proposal = await say("우산 이제 필요 없어");
    expect(proposal.reply).toContain("잊을까요?");
    await press(PROPOSAL_ACTIONS.cancel, proposal.value!);

    expect((await say("네")).reply).not.toContain("잊었어요");
    expect(await t.assistant.memory.get(scope, umbrella!.id)).toBeDefined();
    const again = await say("우산 이제 필요 없어");
    await press(PROPOSAL_ACTIONS.cancel, again.value!);
    expect((await say("1")).reply).not.toContain("잊었어요");
    expect(await t.assistant.memory.get(scope, umbrella!.id)).toBeDefined();
  });

  it("Forget closes the question: a later 'cancel' is not told that nothing was forgotten", async () => {
    proposingModel();
    await say("기억해줘: 자전거 열쇠는 현관 서랍에 있어");
    const [bike] = await t.assistant.memory.recall(scope, "자전거 열쇠");
    const proposal = await say("자전거 이제 필요 없어");
    await press(PROPOSAL_ACTIONS.confirm, proposal.value!);
    expect(await t.assistant.memory.get(scope, bike!.id)).toBeUndefined();
    expect((await say("취소")).reply).not.toContain("아무것도 지우지 않았어요");
  });

  it("a press leaves open a question asked since about other memories", async () => {
    proposingModel();
    await say("기억해줘: 여권은 안방 서랍에 있어");
    await say("기억해줘: 도서관 카드는 지갑에 있어");
    const [passport] = await t.assistant.memory.recall(scope, "여권");
    const first = await say("여권 이제 필요 없어");
    const [card] = await t.assistant.memory.recall(scope, "도서관 카드");
    await say("도서관 이제 필요 없어");
    // The older proposal's Cancel: the open question is the newer one's, and a yes answers it.
    await press(PROPOSAL_ACTIONS.cancel, first.value!);
    expect((await say("네")).reply).toContain("잊었어요");
    expect(await t.assistant.memory.get(scope, card!.id)).toBeUndefined();
    expect(await t.assistant.memory.get(scope, passport!.id)).toBeDefined();
  });
});
