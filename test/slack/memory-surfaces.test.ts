/**
 * The Slack surfaces that show and edit memories, through the real Bolt app (HTTP mode, signed form
 * POSTs to /slack/events) and the fake Slack: App Home "what I remember" (only the user's own
 * memories, paging, forget with a confirmation that forgets everywhere), `/memory` (ephemeral answers
 * through response_url, a confirmation before forgetting one of several), and the "Remember this"
 * shortcut (the channel's visibility; never shown to another user).
 */
import { describe, expect, it } from "vitest";
import { HOME_ACTIONS, HOME_PAGE_SIZE } from "../../src/slack/listeners/app-home.js";
import { COMMAND_ACTIONS } from "../../src/slack/listeners/memory-command.js";
import { shortcutMemoryId } from "../../src/slack/listeners/remember-shortcut.js";
import type { MemoryScope } from "../../src/core/types.js";
import { RESPONSE_URL_METHOD, type SlackCall } from "../support/fake-slack.js";
import { makeDmEvent, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import {
  makeHomeAction,
  makeMessageAction,
  makeMessageShortcut,
  makeSlashCommand,
  sendCommand,
  sendInteraction,
} from "../support/slack-interactions.js";
import {
  faithfulModel,
  replyTo,
  systemPromptOf,
  type TestAssistant,
  useTestAssistant,
} from "../support/test-assistant.js";

const TEAM = TEST_IDS.teamId;
const ALICE = TEST_IDS.user;
const BOB = "U_BOB";
const dm = (user: string): MemoryScope => ({
  teamId: TEAM,
  userId: user,
  channelId: `D_${user}`,
  channelType: "im",
});
const inChannel = (user: string, channel = TEST_IDS.channel): MemoryScope => ({
  teamId: TEAM,
  userId: user,
  channelId: channel,
  channelType: "channel",
});

/** All text of a Block Kit view or message (sections, contexts, buttons), joined. */
function textOf(blocks: unknown): string {
  return JSON.stringify(blocks ?? []);
}

async function homeOpened(t: TestAssistant, user: string): Promise<Record<string, unknown>> {
  const before = t.slack!.callsTo("views.publish").length;
  const res = await t.sendEvent({
    type: "app_home_opened",
    user,
    channel: `D_${user}`,
    tab: "home",
    event_ts: "1.0",
  });
  expect(res.status).toBe(200);
  const calls = await t.slack!.waitForCall("views.publish", { count: before + 1, timeoutMs: 10_000 });
  const call = calls.at(-1)!;
  expect(call.args["user_id"]).toBe(user);
  return call.args["view"] as Record<string, unknown>;
}

async function published(t: TestAssistant, count: number): Promise<Record<string, unknown>> {
  const calls = await t.slack!.waitForCall("views.publish", { count, timeoutMs: 10_000 });
  return calls.at(-1)!.args["view"] as Record<string, unknown>;
}

async function response(t: TestAssistant, count = 1): Promise<SlackCall> {
  const calls = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count, timeoutMs: 10_000 });
  return calls.at(-1)!;
}

describe("App Home, /memory and the Remember this shortcut", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("App Home shows the user's memories and facts, marks channel ones, and never another user's", async () => {
    faithfulModel(t);
    await t.assistant.memory.remember(dm(ALICE), "또리 생일은 10월 27일이야", Date.now() - 5_000);
    await t.assistant.memory.remember(inChannel(ALICE), "팀 회의는 매주 화요일 10시", Date.now() - 1_000);
    await t.assistant.memory.remember(dm(BOB), "밥의 비밀 메모: 사물함 비밀번호 말고 위치는 3층", Date.now());
    await t.assistant.drain();

    const view = await homeOpened(t, ALICE);
    expect(view["type"]).toBe("home");
    const text = textOf(view["blocks"]);
    expect(text).toContain("또리 생일은 10월 27일이야");
    expect(text).toContain("팀 회의는 매주 화요일 10시");
    expect(text).toContain(`💬 <#${TEST_IDS.channel}> 대화에서만`);
    expect(text).toContain("🔒 나만 (DM)");
    // The graph's fact, with its date.
    expect(text).toMatch(/\*또리\* — 생일: 10월 27일/);
    // Bob's memory is nowhere in Alice's Home.
    expect(text).not.toContain("밥의 비밀 메모");
    // A forget button per memory, behind a confirmation dialog.
    const blocks = view["blocks"] as Array<{ accessory?: { action_id?: string; confirm?: unknown } }>;
    const forgets = blocks.filter((b) => b.accessory?.action_id === HOME_ACTIONS.forget);
    expect(forgets).toHaveLength(2);
    expect(forgets.every((b) => b.accessory!.confirm !== undefined)).toBe(true);

    const bobView = await homeOpened(t, BOB);
    expect(textOf(bobView["blocks"])).toContain("밥의 비밀 메모");
    expect(textOf(bobView["blocks"])).not.toContain("또리 생일은");
  });

  it("the forget button forgets the memory everywhere: memory, BM25 and the graph fact", async () => {
    faithfulModel(t);
    const saved = await t.assistant.memory.remember(dm(ALICE), "두리 몸무게는 7kg이야", Date.now());
    await t.assistant.drain();
    const owner = { teamId: TEAM, userId: ALICE };
    const hits = await t.assistant.memory.search(owner, "두리 몸무게", { k: 10 });
    expect(hits.find((h) => h.id === saved.id)?.ranks.keyword).toBeDefined();
    const graphBefore = await t.assistant.graph.snapshot(owner);
    expect(graphBefore.nodes.map((n) => n.name)).toContain("7kg");

    const before = t.slack!.callsTo("views.publish").length;
    const res = await sendInteraction(
      t,
      makeHomeAction({
        actionId: HOME_ACTIONS.forget,
        value: saved.id,
        privateMetadata: JSON.stringify({ q: "", page: 0 }),
      }),
    );
    expect(res.status).toBe(200);
    const view = await published(t, before + 1);
    expect(textOf(view["blocks"])).toContain("잊었어요");

    expect(await t.assistant.memory.get(owner, saved.id)).toBeUndefined();
    const after = await t.assistant.memory.search(owner, "두리 몸무게", { k: 10 });
    expect(after.find((h) => h.id === saved.id)).toBeUndefined();
    const graphAfter = await t.assistant.graph.snapshot(owner);
    expect(graphAfter.nodes.map((n) => n.name)).not.toContain("7kg");
  });

  it("Forget everything in App Home, behind its dialog, deletes all of the user's memories and nobody else's", async () => {
    const carol = "U_CAROL";
    faithfulModel(t);
    await t.assistant.memory.remember(dm(carol), "캐롤 우산 보관함 41번", Date.now() - 2_000);
    await t.assistant.memory.remember(inChannel(carol), "캐롤 팀 스탠드업 9시 반", Date.now() - 1_000);
    await t.assistant.memory.remember(dm(BOB), "밥의 헬스장 락커 17번", Date.now());
    await t.assistant.drain();
    const view = await homeOpened(t, carol);
    const buttons = (view["blocks"] as Array<{ elements?: Array<{ action_id?: string; confirm?: unknown }> }>)
      .flatMap((b) => b.elements ?? [])
      .filter((e) => e.action_id === HOME_ACTIONS.forgetEverything);
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.confirm).toBeDefined();

    const before = t.slack!.callsTo("views.publish").length;
    await sendInteraction(
      t,
      makeHomeAction({ user: carol, actionId: HOME_ACTIONS.forgetEverything, value: "all" }),
    );
    const after = await published(t, before + 1);
    expect(textOf(after["blocks"])).toContain("전부 잊었어요: 기억 2개");
    expect(textOf(after["blocks"])).toContain("아직 기억이 없어요");
    const carolOwner = { teamId: TEAM, userId: carol };
    expect((await t.assistant.memory.search(carolOwner, "보관함 스탠드업", { k: 10 })).length).toBe(0);
    const bobOwner = { teamId: TEAM, userId: BOB };
    expect(
      (await t.assistant.memory.search(bobOwner, "헬스장 락커", { k: 10 })).map((h) => h.text),
    ).toContain("밥의 헬스장 락커 17번");
  });

  it("Bob's forget button cannot forget Alice's memory", async () => {
    const saved = await t.assistant.memory.remember(dm(ALICE), "앨리스의 자전거는 파란색", Date.now());
    const before = t.slack!.callsTo("views.publish").length;
    await sendInteraction(t, makeHomeAction({ user: BOB, actionId: HOME_ACTIONS.forget, value: saved.id }));
    const view = await published(t, before + 1);
    expect(t.slack!.callsTo("views.publish").at(-1)!.args["user_id"]).toBe(BOB);
    expect(textOf(view["blocks"])).toContain("이미 잊은 기억");
    expect(await t.assistant.memory.get({ teamId: TEAM, userId: ALICE }, saved.id)).toBeDefined();
  });

  it("App Home says no facts were taken yet, not that it knows nothing, when memories give none", async () => {
    faithfulModel(t);
    const CAROL = "U_CAROL";
    await t.assistant.memory.remember(dm(CAROL), "오늘 점심 너무 맛있었다", Date.now());
    await t.assistant.drain();
    const view = await homeOpened(t, CAROL);
    const text = textOf(view["blocks"]);
    expect(text).toContain("아직 기억에서 정리한 사실은 없어요");
    expect(text).not.toContain("아는 게 없어요");
    // The memory is listed once, in the list below, with its Forget button.
    const blocks = view["blocks"] as Array<{ accessory?: { action_id?: string } }>;
    expect(blocks.filter((b) => b.accessory?.action_id === HOME_ACTIONS.forget)).toHaveLength(1);
  });

  it("App Home pages many and long memories within Block Kit's limits, and searches", async () => {
    const user = "U_PAGER";
    const now = Date.now();
    const inputs = Array.from({ length: 25 }, (_, i) => ({
      text: i === 24 ? `긴 메모 ${"가나다라마바사 ".repeat(500)}` : `페이지 메모 ${i}번 항목`,
      timestamp: now - (25 - i) * 1000,
      channelId: `D_${user}`,
      channelType: "im" as const,
      source: "admin" as const,
    }));
    await t.assistant.memory.saveMany(dm(user), inputs);
    const first = await homeOpened(t, user);
    const blocks = first["blocks"] as Array<Record<string, unknown>>;
    expect(blocks.length).toBeLessThanOrEqual(100);
    const forgets = blocks.filter(
      (b) => (b["accessory"] as { action_id?: string } | undefined)?.action_id === HOME_ACTIONS.forget,
    );
    expect(forgets).toHaveLength(HOME_PAGE_SIZE);
    // Newest first: the long one (the fake refused the view if a text broke Slack's limits).
    expect(textOf(blocks)).toContain("긴 메모");
    const next = blocks
      .flatMap((b) => (b["elements"] as Array<{ action_id?: string; value?: string }> | undefined) ?? [])
      .find((e) => e.action_id === HOME_ACTIONS.page);
    expect(next).toBeDefined();

    let count = t.slack!.callsTo("views.publish").length;
    await sendInteraction(t, makeHomeAction({ user, actionId: HOME_ACTIONS.page, value: next!.value! }));
    const second = await published(t, ++count);
    const idsOf = (view: Record<string, unknown>) =>
      (view["blocks"] as Array<{ accessory?: { action_id?: string; value?: string } }>)
        .filter((b) => b.accessory?.action_id === HOME_ACTIONS.forget)
        .map((b) => b.accessory!.value);
    // The next page: other memories, older ones.
    expect(idsOf(second).length).toBeGreaterThan(0);
    expect(idsOf(second).filter((id) => idsOf(first).includes(id))).toEqual([]);
    expect(textOf(second["blocks"])).toContain("페이지 메모");
    expect(JSON.parse(String(second["private_metadata"]))).toEqual({ q: "", page: 1 });

    await sendInteraction(
      t,
      makeHomeAction({ user, actionId: HOME_ACTIONS.search, value: "메모 3번", input: true }),
    );
    const searched = await published(t, ++count);
    expect(textOf(searched["blocks"])).toContain("페이지 메모 3번 항목");
    expect(JSON.parse(String(searched["private_metadata"]))).toEqual({ q: "메모 3번", page: 0 });
  });

  it("/memory search answers ephemerally through response_url, acked at once", async () => {
    await t.assistant.memory.remember(dm(ALICE), "치과 예약은 12월 3일 오후 2시", Date.now());
    const started = Date.now();
    const res = await sendCommand(t, makeSlashCommand(t, { text: "search 치과 예약" }));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    const answer = await response(t);
    expect(answer.args["response_type"]).toBe("ephemeral");
    expect(textOf(answer.args["blocks"])).toContain("치과 예약은 12월 3일 오후 2시");
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(0);
  });

  it("/memory search and App Home search list what matches, never a match's conversation neighbour", async () => {
    const user = "U_CONTEXT";
    const now = Date.now();
    const said = [
      "헬스장 보관함 58번이야",
      "보관함 이제 23번으로 바뀜",
      "my optician is Dr. Ahn at Clearview Eyes",
    ];
    await t.assistant.memory.saveMany(
      dm(user),
      said.map((text, i) => ({
        text,
        timestamp: now - (said.length - i) * 1000,
        channelId: `D_${user}`,
        channelType: "im" as const,
        source: "autosave" as const,
      })),
    );
    // Recall hands a model the optician note as the locker notes' conversation context; a person
    // searching for 보관함 is shown what matches it.
    const recalled = await t.assistant.memory.search(dm(user), "보관함", { k: 10 });
    expect(recalled.find((r) => r.text.includes("Clearview"))).toMatchObject({
      relevant: true,
      byContext: true,
    });

    const before = t.slack!.callsTo(RESPONSE_URL_METHOD).length;
    await sendCommand(t, makeSlashCommand(t, { text: "search 보관함", user }));
    const answer = textOf((await response(t, before + 1)).args["blocks"]);
    expect(answer).toContain("58번");
    expect(answer).toContain("23번");
    expect(answer).not.toContain("Clearview");

    let count = t.slack!.callsTo("views.publish").length;
    await sendInteraction(
      t,
      makeHomeAction({ user, actionId: HOME_ACTIONS.search, value: "보관함", input: true }),
    );
    const searched = textOf((await published(t, ++count))["blocks"]);
    expect(searched).toContain("23번");
    expect(searched).not.toContain("Clearview");
  });

  it("/memory search and App Home search by emoji or marks alone list nothing and say what a query needs", async () => {
    const user = "U_NOWORDS";
    await t.assistant.memory.remember(dm(user), "주차는 B2 17번", Date.now());
    for (const query of ["😀", "*", "%"]) {
      const before = t.slack!.callsTo(RESPONSE_URL_METHOD).length;
      await sendCommand(t, makeSlashCommand(t, { text: `search ${query}`, user }));
      const answer = (await response(t, before + 1)).args;
      expect(String(answer["text"])).toContain("a query needs a letter or a digit");
      expect(JSON.stringify(answer)).not.toContain("B2 17번");
    }
    let count = t.slack!.callsTo("views.publish").length;
    await sendInteraction(
      t,
      makeHomeAction({ user, actionId: HOME_ACTIONS.search, value: "😀", input: true }),
    );
    const searched = textOf((await published(t, ++count))["blocks"]);
    expect(searched).toContain("no memory matches");
    expect(searched).not.toContain("B2 17번");
  });

  it("/memory in a channel shows only that channel's memories, never a DM's", async () => {
    await t.assistant.memory.remember(dm(ALICE), "비밀 프로젝트 코드네임은 오로라", Date.now());
    await t.assistant.memory.remember(inChannel(ALICE), "공개 프로젝트 코드네임은 보리알", Date.now());
    await sendCommand(
      t,
      makeSlashCommand(t, { text: "search 프로젝트 코드네임", channel: TEST_IDS.channel }),
    );
    const answer = await response(t);
    const text = `${String(answer.args["text"])} ${textOf(answer.args["blocks"])}`;
    expect(text).toContain("보리알");
    expect(text).not.toContain("오로라");
  });

  it("/memory list in a channel lists that channel's memories, never a DM's; in the DM, all", async () => {
    await t.assistant.memory.remember(
      dm(ALICE),
      "DM에서만 말한 메모: 이사 날짜는 3월 2일",
      Date.now() - 1_000,
    );
    await t.assistant.memory.remember(inChannel(ALICE), "채널에서 말한 메모: 배포는 금요일 금지", Date.now());
    await sendCommand(t, makeSlashCommand(t, { text: "list", channel: TEST_IDS.channel }));
    const inChannelAnswer = await response(t, 1);
    const channelText = `${String(inChannelAnswer.args["text"])} ${textOf(inChannelAnswer.args["blocks"])}`;
    expect(channelText).toContain("배포는 금요일 금지");
    expect(channelText).not.toContain("이사 날짜");

    await sendCommand(t, makeSlashCommand(t, { text: "list" }));
    const dmText = textOf((await response(t, 2)).args["blocks"]);
    expect(dmText).toContain("배포는 금요일 금지");
    expect(dmText).toContain("이사 날짜");
  });

  it("/memory list and App Home show the newest memories first past the store's first pages", async () => {
    const user = "U_MANY_MEMORIES";
    const start = Date.now() - 1_000_000;
    // The store lists in the order it was written: the newest come last, past 500.
    await t.assistant.memory.saveMany(
      dm(user),
      Array.from({ length: 620 }, (_, i) => ({
        text: i === 619 ? "가장 최근 메모: 내일 아침 9시 임원 보고" : `오래된 메모 ${i}번`,
        timestamp: start + i * 1_000,
        source: "import" as const,
      })),
    );
    await t.assistant.drain();
    const before = t.slack!.callsTo(RESPONSE_URL_METHOD).length;
    await sendCommand(t, makeSlashCommand(t, { text: "list", user, channel: `D_${user}` }));
    const listed = textOf((await response(t, before + 1)).args["blocks"]);
    expect(listed).toContain("가장 최근 메모");
    expect(listed).toContain("오래된 메모 618번");
    expect(listed).not.toContain("오래된 메모 499번");
    const home = textOf((await homeOpened(t, user))["blocks"]);
    expect(home).toContain("가장 최근 메모");
    expect(home).toContain("620개");
  });

  it("a conversation is a DM by its id, never by its name: channel_name=directmessage from a C… id sees no DM memory", async () => {
    await t.assistant.memory.remember(dm(ALICE), "DM 전용: 여권 번호 끝자리는 42", Date.now());
    await t.assistant.memory.remember(inChannel(ALICE), "채널 메모: 여권 사진은 3층에서 찍어요", Date.now());
    for (const text of ["search 여권", "list"]) {
      await sendCommand(
        t,
        makeSlashCommand(t, { text, channel: TEST_IDS.channel, channelName: "directmessage" }),
      );
    }
    const answers = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count: 2, timeoutMs: 10_000 });
    for (const answer of answers) {
      const text = `${String(answer.args["text"])} ${textOf(answer.args["blocks"])}`;
      expect(text).toContain("여권 사진은 3층");
      expect(text).not.toContain("끝자리는 42");
    }
  });

  it("a group DM's memory is private to it: shown there and in the owner's DM, never in a public channel", async () => {
    const groupDm = "G_GROUPDM";
    const inGroup: MemoryScope = { teamId: TEAM, userId: ALICE, channelId: groupDm, channelType: "mpim" };
    await t.assistant.memory.remember(inGroup, "그룹 DM 메모: 깜짝 파티는 토요일 7시", Date.now());
    // Also through the shortcut, on a message in the group DM.
    await sendInteraction(
      t,
      makeMessageShortcut(t, {
        author: BOB,
        text: "그룹 DM 메모: 선물은 보드게임으로",
        channel: groupDm,
        channelName: "mpdm-alice--bob-1",
      }),
    );
    await t.slack!.waitForCall("chat.postEphemeral", { timeoutMs: 10_000 });

    const answerIn = async (channel: string, text: string, count: number) => {
      await sendCommand(t, makeSlashCommand(t, { text, channel }));
      const answer = await response(t, count);
      return `${String(answer.args["text"])} ${textOf(answer.args["blocks"])}`;
    };
    let n = 0;
    for (const text of ["list", "search 그룹 DM 메모 파티 선물"]) {
      const publicText = await answerIn(TEST_IDS.channel, text, ++n);
      expect(publicText).not.toContain("깜짝 파티");
      expect(publicText).not.toContain("보드게임");
      const groupText = await answerIn(groupDm, text, ++n);
      expect(groupText).toContain("깜짝 파티");
      expect(groupText).toContain("보드게임");
      // Marked as recalled in that conversation alone, not shared.
      expect(groupText).toMatch(new RegExp(`💬 (only in <#${groupDm}>|<#${groupDm}> 대화에서만)`));
      expect(groupText).not.toContain("📢");
      const dmText = await answerIn(TEST_IDS.dmChannel, text, ++n);
      expect(dmText).toContain("깜짝 파티");
      expect(dmText).toContain("보드게임");
    }
    // In the public channel, a mention recalls neither.
    faithfulModel(t);
    await replyTo(t, makeMentionEvent({ text: "파티 언제야? 선물은?" }));
    const prompt = systemPromptOf(
      t
        .ollama!.chatRequests()
        .filter((r) => r.tools)
        .at(-1)!,
    );
    expect(prompt).not.toContain("깜짝 파티");
    expect(prompt).not.toContain("보드게임");
  });

  it("/memory with no sub-command, or an unknown one, shows help; forget without a query says how", async () => {
    await sendCommand(t, makeSlashCommand(t, { text: "" }));
    expect(String((await response(t, 1)).args["text"])).toContain("/memory search");
    await sendCommand(t, makeSlashCommand(t, { text: "frobnicate now" }));
    expect(String((await response(t, 2)).args["text"])).toContain("알 수 없는 명령");
    await sendCommand(t, makeSlashCommand(t, { text: "forget" }));
    expect(String((await response(t, 3)).args["text"])).toContain("검색어");
  });

  it("/memory forget with two matches asks first, and the chosen one is forgotten", async () => {
    const a = await t.assistant.memory.remember(dm(ALICE), "주차 위치는 B2 37번", Date.now() - 1000);
    const b = await t.assistant.memory.remember(dm(ALICE), "회사 주차 위치는 B3 12번", Date.now());
    const owner = { teamId: TEAM, userId: ALICE };
    await sendCommand(t, makeSlashCommand(t, { text: "forget 주차 위치" }));
    const question = await response(t);
    const blocks = question.args["blocks"] as Array<{ accessory?: { action_id?: string; value?: string } }>;
    const picks = blocks
      .filter((x) => x.accessory?.action_id === COMMAND_ACTIONS.forgetOne)
      .map((x) => x.accessory!.value);
    expect(picks.sort()).toEqual([a.id, b.id].sort());
    expect(textOf(blocks)).toContain(COMMAND_ACTIONS.forgetAll);
    // Nothing forgotten yet.
    expect(await t.assistant.memory.get(owner, a.id)).toBeDefined();
    expect(await t.assistant.memory.get(owner, b.id)).toBeDefined();

    await sendInteraction(t, makeMessageAction(t, { actionId: COMMAND_ACTIONS.forgetOne, value: a.id }));
    const done = await response(t, 2);
    expect(done.args).toMatchObject({ replace_original: true });
    expect(String(done.args["text"])).toContain("B2 37번");
    expect(await t.assistant.memory.get(owner, a.id)).toBeUndefined();
    expect(await t.assistant.memory.get(owner, b.id)).toBeDefined();
  });

  it("/memory forget everything about X lists every match, even one, and forgets none until asked", async () => {
    const user = "U_FORGET_ABOUT";
    const owner = { teamId: TEAM, userId: user };
    const kept = await t.assistant.memory.remember(
      dm(user),
      "자전거 자물쇠 비번 힌트는 할머니 생신",
      Date.now(),
    );
    await t.assistant.memory.remember(dm(user), "헬스장 사물함 41번", Date.now());
    await sendCommand(t, makeSlashCommand(t, { text: "forget 자전거 관련 기억 전부", user }));
    const question = await response(t);
    const blocks = question.args["blocks"] as Array<{ accessory?: { action_id?: string; value?: string } }>;
    expect(textOf(blocks)).toContain("모두 잊을까요?");
    expect(
      blocks
        .filter((x) => x.accessory?.action_id === COMMAND_ACTIONS.forgetOne)
        .map((x) => x.accessory!.value),
    ).toEqual([kept.id]);
    expect(await t.assistant.memory.get(owner, kept.id)).toBeDefined();
  });

  it("/memory forget everything about X covers every match past a handful, and Forget all carries them", async () => {
    const user = "U_FORGET_ABOUT_MANY";
    const ids: string[] = [];
    for (let day = 1; day <= 20; day++)
      ids.push((await t.assistant.memory.remember(dm(user), `치과 예약 ${day}일`, Date.now() + day)).id);
    await sendCommand(t, makeSlashCommand(t, { text: "forget 치과 관련 기억 전부", user }));
    const question = await response(t);
    const blocks = question.args["blocks"] as Array<{
      accessory?: { action_id?: string };
      elements?: Array<{ action_id?: string; value?: string }>;
    }>;
    expect(textOf(blocks)).toContain("기억 20개예요. 모두 잊을까요?");
    expect(blocks.filter((x) => x.accessory?.action_id === COMMAND_ACTIONS.forgetOne)).toHaveLength(10);
    const all = blocks
      .flatMap((x) => x.elements ?? [])
      .find((e) => e.action_id === COMMAND_ACTIONS.forgetAll);
    expect(all!.value!.split(",").sort()).toEqual([...ids].sort());
    expect(blocks.length).toBeLessThanOrEqual(100);
  });

  it("/memory export from a channel sends the user's memories as a JSON Lines file to their DM only", async () => {
    const user = "U_EXPORTER";
    await t.assistant.memory.remember(dm(user), "내보낼 기억 하나", Date.now());
    await t.assistant.memory.remember(inChannel(user), "내보낼 기억 둘", Date.now());
    await sendCommand(t, makeSlashCommand(t, { text: "export", user, channel: TEST_IDS.channel }));
    const answer = await response(t);
    expect(String(answer.args["text"])).toContain("2개");
    // Asked in a channel: the file goes to the user's DM alone (where all of theirs may be shown);
    // the channel's answer quotes nothing.
    expect(`${String(answer.args["text"])} ${textOf(answer.args["blocks"])}`).not.toContain("내보낼 기억");
    expect(t.slack!.files.size).toBe(1);
    const [file] = [...t.slack!.files.values()];
    expect(file).toMatchObject({ completed: true, channel: `D_${user}` });
    const lines = file!
      .content!.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { text: string });
    expect(lines.map((l) => l.text).sort()).toEqual(["내보낼 기억 둘", "내보낼 기억 하나"]);
  });

  it("the shortcut saves a channel message with the channel's visibility, and never shows it to another user", async () => {
    faithfulModel(t);
    const text = "다음 주 워크숍 장소는 강릉 세인트존스 호텔이에요";
    const shortcut = makeMessageShortcut(t, { author: BOB, text });
    const res = await sendInteraction(t, shortcut);
    expect(res.status).toBe(200);
    const [ephemeral] = await t.slack!.waitForCall("chat.postEphemeral", { timeoutMs: 10_000 });
    expect(ephemeral!.args).toMatchObject({ channel: TEST_IDS.channel, user: ALICE });
    expect(String(ephemeral!.args["text"])).toContain("기억했어요");
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(0);

    const id = shortcutMemoryId(
      ALICE,
      TEST_IDS.channel,
      String(shortcut["message_ts"]),
      Math.round(Number(shortcut["message_ts"]) * 1000),
    );
    const saved = await t.assistant.memory.get({ teamId: TEAM, userId: ALICE }, id);
    expect(saved).toMatchObject({ text, userId: ALICE, channelId: TEST_IDS.channel, channelType: "channel" });
    expect(saved!.extra).toMatchObject({ author: BOB });
    expect(String(saved!.extra!["permalink"])).toContain(TEST_IDS.channel);
    // Not Bob's memory, though he wrote it.
    expect(await t.assistant.memory.get({ teamId: TEAM, userId: BOB }, id)).toBeUndefined();
    await t.assistant.drain();

    const question = "워크숍 장소 어디야?";
    // Bob, in his DM: nothing of Alice's memory.
    await replyTo(t, makeDmEvent({ text: question, user: BOB, channel: "D_BOB" }));
    const bobPrompt = systemPromptOf(
      t
        .ollama!.chatRequests()
        .filter((r) => r.tools)
        .at(-1)!,
    );
    expect(bobPrompt).not.toContain("세인트존스");
    // Alice, in another channel: not there either.
    await replyTo(t, makeMentionEvent({ text: question, channel: "C_OTHER" }));
    expect(
      systemPromptOf(
        t
          .ollama!.chatRequests()
          .filter((r) => r.tools)
          .at(-1)!,
      ),
    ).not.toContain("세인트존스");
    // Alice, in her DM: recalled.
    await replyTo(t, makeDmEvent({ text: question }));
    expect(
      systemPromptOf(
        t
          .ollama!.chatRequests()
          .filter((r) => r.tools)
          .at(-1)!,
      ),
    ).toContain("세인트존스");
  });

  it("the shortcut on a message in a DM keeps it private; an empty message is refused clearly", async () => {
    const shortcut = makeMessageShortcut(t, {
      author: BOB,
      text: "DM에서 받은 메모",
      channel: "D_ALICE_BOB",
      channelName: "directmessage",
    });
    await sendInteraction(t, shortcut);
    const [ephemeral] = await t.slack!.waitForCall("chat.postEphemeral", { timeoutMs: 10_000 });
    expect(String(ephemeral!.args["text"])).toContain("비공개");
    const id = shortcutMemoryId(
      ALICE,
      "D_ALICE_BOB",
      String(shortcut["message_ts"]),
      Math.round(Number(shortcut["message_ts"]) * 1000),
    );
    expect(await t.assistant.memory.get({ teamId: TEAM, userId: ALICE }, id)).toMatchObject({
      channelType: "im",
    });
    // Not recalled in a channel.
    expect(await t.assistant.memory.get(inChannel(ALICE), id)).toBeUndefined();

    // The bot is not in the channel: postEphemeral fails, the response_url answers instead.
    t.slack!.onMethod("chat.postEphemeral", () => ({ ok: false, error: "not_in_channel" }));
    await sendInteraction(t, makeMessageShortcut(t, { author: BOB, text: "   " }));
    const answer = await response(t);
    expect(String(answer.args["text"])).toContain("기억할 글이 없어요");
  });

  it("a malformed interaction is refused with 400, not a crash", async () => {
    const res = await sendInteraction(t, { type: "block_actions", channel: "not-an-object" });
    expect(res.status).toBe(400);
    // Bolt reads the acting user of an interaction before any listener: none is a 400, not a 500.
    for (const user of [undefined, null, "U1", { name: "x" }]) {
      const noUser = await sendInteraction(t, { type: "block_actions", actions: [], user });
      expect(noUser.status).toBe(400);
    }
    const ok = await sendCommand(t, makeSlashCommand(t, { text: "list" }));
    expect(ok.status).toBe(200);
    await response(t);
  });
});
