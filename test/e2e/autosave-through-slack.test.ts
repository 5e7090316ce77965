/**
 * The memory pipeline through the real Slack path: a fact told without "기억해줘" becomes a memory by
 * itself (source autosave, with topics), after the reply and never delaying it; questions, requests,
 * noise and secrets do not; a DM fact kept this way is never recalled in a channel.
 */
import { describe, expect, it } from "vitest";
import type { FakeChatRequest } from "../support/fake-ollama.js";
import { makeDmEvent, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import {
  faithfulModel,
  replyTo,
  promptOf,
  systemPromptOf,
  type TestAssistant,
  useTestAssistant,
} from "../support/test-assistant.js";

const TEAM = TEST_IDS.teamId;

interface Listed {
  items: Array<{ id: string; doc: string; meta: Record<string, unknown> }>;
}

function answers(t: TestAssistant): FakeChatRequest[] {
  return t.ollama!.chatRequests().filter((r) => r.tools !== undefined);
}

async function memoriesOf(t: TestAssistant, user: string): Promise<Listed["items"]> {
  const res = await t.admin(`/admin/memory/list/${user}?team=${TEAM}&limit=100`);
  return ((await res.json()) as Listed).items;
}

describe("autosave through Slack", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("keeps a fact told without '기억해줘', with its topics, and recalls it later", async () => {
    faithfulModel(t);
    const who = { user: "U_AUTO", channel: "D_AUTO" };
    const event = makeDmEvent({
      text: "우리 집 강아지 두부는 다음 주 화요일 오후 3시에 동물병원 예방접종 예약했어",
      ...who,
    });
    expect(await replyTo(t, event)).toBe("(fake) 답변");
    await t.assistant.drain();

    const [kept] = await memoriesOf(t, who.user);
    expect(kept?.doc).toBe("우리 집 강아지 두부는 다음 주 화요일 오후 3시에 동물병원 예방접종 예약했어");
    expect(kept?.meta).toMatchObject({ source: "autosave", channel_type: "im" });
    expect(kept?.meta.topics).toEqual(expect.arrayContaining(["pets"]));
    expect(kept?.meta.filter_score).toBeGreaterThanOrEqual(0.4);
    // The user sees it was kept: 📝 on their message.
    const memo = await t.slack!.waitForCall("reactions.add", {
      where: (args) => args.name === "memo" && args.timestamp === event.ts,
    });
    expect(memo).toHaveLength(1);

    await replyTo(t, makeDmEvent({ text: "두부 접종 언제였지?", ...who }));
    expect(systemPromptOf(answers(t).at(-1)!)).toContain("[관련 기억]\n- (");
    expect(systemPromptOf(answers(t).at(-1)!)).toContain("두부는 다음 주 화요일 오후 3시");
  });

  it("keeps no question, request, noise or secret", async () => {
    faithfulModel(t);
    const who = { user: "U_NOISE", channel: "D_NOISE" };
    for (const text of [
      "ㅇㅋ",
      "고마워 ㅎㅎ",
      "두부 접종 언제였지?",
      "엄마 생신 선물 10만원 안쪽으로 추천해줘",
      "은행 공인인증서 비밀번호는 hunter2!!",
      "카드번호 4111 1111 1111 1111 유효기간 12/29",
    ]) {
      await replyTo(t, makeDmEvent({ text, ...who }));
    }
    await t.assistant.drain();
    expect(await memoriesOf(t, who.user)).toEqual([]);
  });

  it("marks a message it did not keep because it looks like a secret with 🔒, and only that one", async () => {
    faithfulModel(t);
    const who = { user: "U_LOCK", channel: "D_LOCK" };
    const secret = makeDmEvent({ text: "창고 자물쇠 비번 이제 5093으로 바꿨어", ...who });
    const plain = makeDmEvent({ text: "ㅇㅋ", ...who });
    await replyTo(t, secret);
    await replyTo(t, plain);
    await t.assistant.drain();
    // The model's answer cannot know what the pipeline did: the reaction says it was not kept.
    const lock = await t.slack!.waitForCall("reactions.add", {
      where: (args) => args.name === "lock" && args.timestamp === secret.ts,
    });
    expect(lock).toHaveLength(1);
    const locks = t.slack!.callsTo("reactions.add").filter((c) => c.args["name"] === "lock");
    expect(locks.map((c) => c.args["timestamp"])).toEqual([secret.ts]);
    expect(await memoriesOf(t, who.user)).toEqual([]);
  });

  it("never recalls a fact kept from a DM in a channel", async () => {
    faithfulModel(t);
    const who = { user: "U_PRIVATE", channel: "D_PRIVATE" };
    await replyTo(t, makeDmEvent({ text: "나 다음 달 15일에 이직 면접 보기로 했어", ...who }));
    await t.assistant.drain();
    const [kept] = await memoriesOf(t, who.user);
    expect(kept).toMatchObject({ meta: { source: "autosave", channel_type: "im" } });

    await replyTo(
      t,
      makeMentionEvent({ text: "이직 면접 언제라고 했지?", user: who.user, channel: "C_TEAM" }),
    );
    const prompt = promptOf(answers(t).at(-1)!);
    expect(prompt).not.toContain("이직 면접 보기로");
    await replyTo(t, makeDmEvent({ text: "이직 면접 언제라고 했지?", ...who }));
    expect(systemPromptOf(answers(t).at(-1)!)).toContain("이직 면접 보기로");
  });
});

describe("autosave with a slow embedder", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http", env: { EMBED_TIMEOUT_MS: "10000" } }, (started) => (t = started));

  it("sends the reply before the pipeline is done: a slow embedder does not delay it", async () => {
    faithfulModel(t);
    t.ollama!.setEmbedLatency(3000);
    const who = { user: "U_SLOW", channel: "D_SLOW" };
    const started = Date.now();
    expect(await replyTo(t, makeDmEvent({ text: "내 신발 사이즈 270이야", ...who }))).toBe("(fake) 답변");
    expect(Date.now() - started).toBeLessThan(2900);
    expect(await memoriesOf(t, who.user)).toEqual([]); // not kept yet: the pipeline still waits
    await t.assistant.drain();
    const [kept] = await memoriesOf(t, who.user);
    expect(kept).toMatchObject({ doc: "내 신발 사이즈 270이야", meta: { source: "autosave" } });
  }, 30_000);
});
