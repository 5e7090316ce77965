/**
 * People in control of autosave, through the real Bolt app and the fake Slack: the same fact-like DM
 * is stored (`on`), not stored (`off`) or offered ephemerally (`ask`: Keep stores it, Discard does
 * not); "이 대화는 기억하지 마" / "don't remember this" pause a DM or a thread until "다시 기억해" /
 * "resume"; `/memory` and App Home show and change the setting; the setting survives a restart.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OFFER_ACTIONS } from "../../src/slack/listeners/autosave-offer.js";
import { SETTINGS_ACTIONS } from "../../src/slack/settings-blocks.js";
import { RESPONSE_URL_METHOD } from "../support/fake-slack.js";
import { makeDmEvent, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import {
  makeHomeAction,
  makeMessageAction,
  makeSlashCommand,
  sendCommand,
  sendInteraction,
} from "../support/slack-interactions.js";
import {
  faithfulModel,
  replyTo,
  startTestAssistant,
  type TestAssistant,
  useTestAssistant,
} from "../support/test-assistant.js";

const TEAM = TEST_IDS.teamId;
const FACT = "우리 집 강아지 두부는 다음 주 화요일 오후 3시에 동물병원 예방접종 예약했어";
const OTHER_FACT = "나 다음 달 15일에 이직 면접 보기로 했어";

interface Listed {
  items: Array<{ id: string; doc: string; meta: Record<string, unknown> }>;
}

async function memoriesOf(t: TestAssistant, user: string): Promise<Listed["items"]> {
  const res = await t.admin(`/admin/memory/list/${user}?team=${TEAM}&limit=100`);
  return ((await res.json()) as Listed).items;
}

/** Tells the bot `text` in the user's DM, waits for the reply and the pipeline. */
async function tell(t: TestAssistant, user: string, text: string): Promise<string> {
  const reply = await replyTo(t, makeDmEvent({ text, user, channel: `D_${user}` }));
  await t.assistant.drain();
  return reply;
}

async function responseText(t: TestAssistant, count: number): Promise<string> {
  const calls = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count, timeoutMs: 10_000 });
  return String(calls.at(-1)!.args["text"]);
}

/** The offer ids of the ephemeral offers posted so far to `user`. */
async function offerIds(t: TestAssistant, user: string, count: number): Promise<string[]> {
  const calls = await t.slack!.waitForCall("chat.postEphemeral", {
    count,
    where: (args) => args["user"] === user,
  });
  return calls.map((c) => {
    const blocks = c.args["blocks"] as Array<{
      type: string;
      elements?: Array<{ action_id: string; value: string }>;
    }>;
    return blocks
      .find((b) => b.type === "actions")!
      .elements!.find((e) => e.action_id === OFFER_ACTIONS.keep)!.value;
  });
}

async function homeView(t: TestAssistant, user: string): Promise<string> {
  const before = t.slack!.callsTo("views.publish").length;
  await t.sendEvent({ type: "app_home_opened", user, channel: `D_${user}`, tab: "home", event_ts: "1.0" });
  const calls = await t.slack!.waitForCall("views.publish", { count: before + 1, timeoutMs: 10_000 });
  return JSON.stringify(calls.at(-1)!.args["view"]);
}

describe("autosave on, off and ask through Slack", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("on (the default): the fact is stored", async () => {
    faithfulModel(t);
    await tell(t, "U_ON", FACT);
    expect((await memoriesOf(t, "U_ON")).map((m) => m.doc)).toEqual([FACT]);
  });

  it("off (by chat): nothing is stored, but '기억해줘' still is", async () => {
    faithfulModel(t);
    expect(await tell(t, "U_OFF", "앞으로 자동으로 기억하지 마")).toContain("자동으로 기억하지 않을게요");
    await tell(t, "U_OFF", FACT);
    expect(await memoriesOf(t, "U_OFF")).toEqual([]);
    await tell(t, "U_OFF", "기억해줘: 두부 예방접종은 화요일");
    expect((await memoriesOf(t, "U_OFF")).map((m) => m.doc)).toEqual(["두부 예방접종은 화요일"]);
    // … and in English, back on.
    expect(await tell(t, "U_OFF", "Turn autosave on, please")).toContain("by myself again");
    await tell(t, "U_OFF", FACT);
    expect(await memoriesOf(t, "U_OFF")).toHaveLength(2);
  });

  it("ask (by /memory): offered, not stored; Keep stores it, Discard does not", async () => {
    faithfulModel(t);
    const user = "U_ASK";
    await sendCommand(t, makeSlashCommand(t, { text: "autosave ask", user, channel: `D_${user}` }));
    expect(await responseText(t, 1)).toContain("먼저 물어보기");

    await tell(t, user, FACT);
    const [first] = await offerIds(t, user, 1);
    expect(await memoriesOf(t, user)).toEqual([]);
    // No 📝: nothing was kept.
    expect(t.slack!.callsTo("reactions.add").filter((c) => c.args["name"] === "memo")).toEqual([]);

    await sendInteraction(
      t,
      makeMessageAction(t, { user, channel: `D_${user}`, actionId: OFFER_ACTIONS.keep, value: first! }),
    );
    expect(await responseText(t, 2)).toContain("기억했어요");
    const kept = await memoriesOf(t, user);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ doc: FACT, meta: { source: "autosave", channel_type: "im" } });

    await tell(t, user, OTHER_FACT);
    const [, second] = await offerIds(t, user, 2);
    await sendInteraction(
      t,
      makeMessageAction(t, { user, channel: `D_${user}`, actionId: OFFER_ACTIONS.discard, value: second! }),
    );
    expect(await responseText(t, 3)).toContain("Discarded");
    // Pressing Keep afterwards, or someone else pressing it, keeps nothing.
    await sendInteraction(
      t,
      makeMessageAction(t, { user, channel: `D_${user}`, actionId: OFFER_ACTIONS.keep, value: second! }),
    );
    expect(await responseText(t, 4)).toContain("already answered");
    await sendInteraction(
      t,
      makeMessageAction(t, {
        user: "U_THIEF",
        channel: `D_${user}`,
        actionId: OFFER_ACTIONS.keep,
        value: first!,
      }),
    );
    expect(await responseText(t, 5)).toContain("already answered");
    expect((await memoriesOf(t, user)).map((m) => m.doc)).toEqual([FACT]);
    expect(await memoriesOf(t, "U_THIEF")).toEqual([]);

    // `/memory` shows the setting.
    await sendCommand(t, makeSlashCommand(t, { text: "", user, channel: `D_${user}` }));
    expect(await responseText(t, 6)).toContain("자동저장 (autosave):* 먼저 물어보기");
  });

  it("App Home shows the mode and changes it", async () => {
    faithfulModel(t);
    const user = "U_HOME";
    expect(await homeView(t, user)).toContain(SETTINGS_ACTIONS.mode);
    const action = makeHomeAction({ user, actionId: SETTINGS_ACTIONS.mode });
    (action["actions"] as unknown[])[0] = {
      type: "static_select",
      action_id: SETTINGS_ACTIONS.mode,
      block_id: "settings",
      selected_option: { text: { type: "plain_text", text: "Off" }, value: "off" },
      action_ts: "1.1",
    };
    const before = t.slack!.callsTo("views.publish").length;
    await sendInteraction(t, action);
    await t.slack!.waitForCall("views.publish", { count: before + 1, timeoutMs: 10_000 });
    await tell(t, user, FACT);
    expect(await memoriesOf(t, user)).toEqual([]);
    expect(await homeView(t, user)).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"꺼짐 · Off"}',
    );
  });
});

describe("a paused conversation through Slack", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("in a DM: nothing autosaved while paused, again after '다시 기억해'; App Home shows it", async () => {
    faithfulModel(t);
    const user = "U_PAUSE";
    expect(await tell(t, user, "이 대화는 기억하지 마")).toContain("⏸");
    await tell(t, user, FACT);
    await tell(t, user, OTHER_FACT);
    expect(await memoriesOf(t, user)).toEqual([]);
    expect(await homeView(t, user)).toContain(SETTINGS_ACTIONS.resume);

    expect(await tell(t, user, "다시 기억해")).toContain("다시 이 대화를 기억할게요");
    await tell(t, user, FACT);
    expect((await memoriesOf(t, user)).map((m) => m.doc)).toEqual([FACT]);
    expect(await homeView(t, user)).not.toContain(SETTINGS_ACTIONS.resume);
  });

  it("in a paused DM, turns are held while recent and never summarised; after resuming they are", async () => {
    const summaries: string[] = [];
    t.ollama!.onChat((req) => {
      if (req.format !== undefined) return { json: { triplets: [] } };
      const all = req.messages.map((m) => m.content).join("\n");
      if (req.tools === undefined && all.includes("요약해줘")) {
        summaries.push(all);
        return "요약";
      }
      return "(fake) 답변";
    });
    const user = "U_OFFREC";
    const paused = ["첫째 비밀 이야기", "둘째 비밀 이야기", "셋째 비밀 이야기", "넷째 비밀 이야기"];
    await tell(t, user, "이 대화는 기억하지 마");
    for (const text of paused) await tell(t, user, text);
    const history = async () =>
      (
        (await (await t.admin(`/admin/history/${user}`)).json()) as {
          conversations: Array<{ summary: { text: string } | null; pending: unknown[]; recent: unknown[] }>;
        }
      ).conversations[0]!;
    let record = await history();
    expect(record.pending).toEqual([]);
    expect(record.summary).toBeNull();
    expect(JSON.stringify(record.recent)).toContain("넷째 비밀 이야기"); // the conversation still has it
    expect(JSON.stringify(record)).not.toContain("첫째 비밀 이야기"); // aged out: gone, not summarised

    await tell(t, user, "다시 기억해");
    for (const text of ["하나 공개", "둘 공개", "셋 공개", "넷 공개", "다섯 공개"]) await tell(t, user, text);
    await t.assistant.drain();
    record = await history();
    expect(summaries.join("\n")).toContain("하나 공개");
    for (const text of paused) expect(summaries.join("\n")).not.toContain(text);
    expect(record.summary?.text).toBe("요약");
  });

  it("in a thread: only that thread is paused, until 'resume'", async () => {
    faithfulModel(t);
    const user = "U_THREAD";
    const channel = "C_PAUSE";
    const thread = "1700000001.000100";
    const mention = (text: string, threadTs: string) =>
      replyTo(t, makeMentionEvent({ text, user, channel, thread_ts: threadTs }));
    expect(await mention("don't remember this", thread)).toContain("Paused");
    await mention(FACT, thread);
    await t.assistant.drain();
    expect(await memoriesOf(t, user)).toEqual([]);

    await mention(OTHER_FACT, "1700000002.000100"); // another thread: as usual
    await t.assistant.drain();
    expect((await memoriesOf(t, user)).map((m) => m.doc)).toEqual([OTHER_FACT]);

    expect(await mention("resume", thread)).toContain("Resumed");
    await mention(FACT, thread);
    await t.assistant.drain();
    expect(await memoriesOf(t, user)).toHaveLength(2);
  });

  it("/memory pause 2h and /memory resume", async () => {
    faithfulModel(t);
    const user = "U_CMD";
    await sendCommand(t, makeSlashCommand(t, { text: "pause 2h", user, channel: `D_${user}` }));
    expect(await responseText(t, 1)).toContain("⏸");
    await tell(t, user, FACT);
    expect(await memoriesOf(t, user)).toEqual([]);
    await sendCommand(t, makeSlashCommand(t, { text: "resume", user, channel: `D_${user}` }));
    expect(await responseText(t, 2)).toContain("Resumed");
    await tell(t, user, FACT);
    expect(await memoriesOf(t, user)).toHaveLength(1);
  });

  it("/memory pause 0m or 90d is refused with the range, and nothing is paused", async () => {
    faithfulModel(t);
    const user = "U_CMD_RANGE";
    await sendCommand(t, makeSlashCommand(t, { text: "pause 0m", user, channel: `D_${user}` }));
    expect(await responseText(t, 1)).toContain("1 minute to 30 days");
    await sendCommand(t, makeSlashCommand(t, { text: "pause 90d", user, channel: `D_${user}` }));
    expect(await responseText(t, 2)).toContain("1 minute to 30 days");
    await tell(t, user, FACT);
    expect(await memoriesOf(t, user)).toHaveLength(1);
  });
});

describe("settings across a restart (embedded)", () => {
  it("autosave off and a pause survive a restart", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "settings-restart-"));
    try {
      const first = await startTestAssistant({ mode: "http", env: { DATA_DIR: dataDir } });
      try {
        faithfulModel(first);
        await tell(first, "U_R1", "stop remembering things automatically");
        await tell(first, "U_R2", "이 대화는 기억하지 마");
      } finally {
        await first.stop();
      }
      const second = await startTestAssistant({ mode: "http", env: { DATA_DIR: dataDir } });
      try {
        faithfulModel(second);
        await tell(second, "U_R1", FACT);
        await tell(second, "U_R2", FACT);
        expect(await memoriesOf(second, "U_R1")).toEqual([]);
        expect(await memoriesOf(second, "U_R2")).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
