/**
 * Undo from the message, through the real Slack path: when autosave kept a message (📝 on it), its
 * author removing the 📝 reaction (`reaction_removed`) or pressing "Undo" on the ephemeral note
 * forgets exactly what that message saved — everywhere, through the lifecycle — and says so,
 * ephemerally. Another memory of the same user stays; a removal by anyone else, or of another
 * reaction, forgets nothing.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { makeDmEvent, makeMentionEvent, nextTs, TEST_IDS } from "../support/slack-events.js";
import { makeMessageAction, sendInteraction } from "../support/slack-interactions.js";
import { faithfulModel, replyTo, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";
import { RESPONSE_URL_METHOD } from "../../fixtures/fake-slack.js";

const TEAM = TEST_IDS.teamId;
const VET = "우리 집 강아지 두부는 다음 주 화요일 오후 3시에 동물병원 예방접종 예약했어";
const INTERVIEW = "나 다음 달 15일에 이직 면접 보기로 했어";

interface Listed {
  items: Array<{ id: string; doc: string; meta: Record<string, unknown> }>;
}

async function memoriesOf(t: TestAssistant, user: string): Promise<string[]> {
  const res = await t.admin(`/admin/memory/list/${user}?team=${TEAM}&limit=100`);
  return ((await res.json()) as Listed).items.map((i) => i.doc).sort();
}

/** BM25 hits of a query (the keyword index answers even when Chroma has not caught up). */
async function keywordHits(t: TestAssistant, user: string, q: string): Promise<string[]> {
  const res = await t.admin(`/admin/memory/search/${user}?team=${TEAM}&q=${encodeURIComponent(q)}&k=10`);
  const body = (await res.json()) as { results: Array<{ doc: string; ranks: { bm25: number | null } }> };
  return body.results.filter((r) => r.ranks.bm25 !== null).map((r) => r.doc);
}

/** The names in the user's knowledge graph. */
async function graphNames(t: TestAssistant, user: string): Promise<string[]> {
  const graph = (await (await t.admin(`/admin/graph/${user}?team=${TEAM}`)).json()) as {
    nodes: Array<{ name: string }>;
  };
  return graph.nodes.map((n) => n.name);
}

/** Tells the fact in a DM and waits until autosave kept it (📝 on the message); returns the message. */
async function tell(
  t: TestAssistant,
  who: { user: string; channel: string },
  text: string,
): Promise<Record<string, unknown>> {
  const event = makeDmEvent({ text, ...who });
  await replyTo(t, event);
  await t.assistant.drain();
  await t.slack!.waitForCall("reactions.add", {
    where: (args) => args.name === "memo" && args.timestamp === event.ts,
  });
  return event;
}

function reactionRemoved(opts: {
  user: string;
  author: string;
  channel: string;
  ts: string;
  reaction?: string;
}): Record<string, unknown> {
  return {
    type: "reaction_removed",
    user: opts.user,
    reaction: opts.reaction ?? "memo",
    item_user: opts.author,
    item: { type: "message", channel: opts.channel, ts: opts.ts },
    event_ts: nextTs(),
  };
}

function forgottenNote(t: TestAssistant, user: string): Promise<Array<{ args: Record<string, unknown> }>> {
  return t.slack!.waitForCall("chat.postEphemeral", {
    where: (args) => args.user === user && String(args.text).includes("기억에서 지웠어요"),
  });
}

describe("undo from the message", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("removing 📝 forgets what that message saved, everywhere, and nothing else", async () => {
    faithfulModel(t);
    const who = { user: "U_UNDO", channel: "D_UNDO" };
    const vet = await tell(t, who, VET);
    await tell(t, who, INTERVIEW);
    expect(await memoriesOf(t, who.user)).toEqual([VET, INTERVIEW].sort());
    expect(await graphNames(t, who.user)).toContain("두부");

    await t.sendEvent(
      reactionRemoved({ user: who.user, author: who.user, channel: who.channel, ts: String(vet.ts) }),
    );
    const [note] = await forgottenNote(t, who.user);
    expect(note!.args).toMatchObject({ channel: who.channel, user: who.user });
    expect(String(note!.args.text)).toContain("Forgotten");
    // Says what it did, never quoting the memory.
    expect(String(note!.args.text)).not.toContain("두부");
    await t.assistant.drain();

    expect(await memoriesOf(t, who.user)).toEqual([INTERVIEW]);
    expect(await keywordHits(t, who.user, "두부 동물병원 예방접종")).toEqual([]);
    expect(await graphNames(t, who.user)).not.toContain("두부");
    // The bot takes its 📝 off the message it no longer keeps anything of.
    await t.slack!.waitForCall("reactions.remove", {
      where: (args) => args.name === "memo" && args.timestamp === vet.ts,
    });
  });

  it("a removal by anyone but the author, or of another reaction, forgets nothing", async () => {
    faithfulModel(t);
    const who = { user: "U_KEEP", channel: "C_KEEP" };
    const event = makeMentionEvent({ text: VET, ...who });
    await replyTo(t, event);
    await t.assistant.drain();
    expect(await memoriesOf(t, who.user)).toEqual([VET]);

    const ts = String(event.ts);
    // Someone else removes their own 📝 from the author's message.
    await t.sendEvent(reactionRemoved({ user: "U_OTHER", author: who.user, channel: who.channel, ts }));
    // The remover claims to be the author, but the message is someone else's.
    await t.sendEvent(reactionRemoved({ user: who.user, author: "U_OTHER", channel: who.channel, ts }));
    // The author removes another reaction.
    await t.sendEvent(
      reactionRemoved({ user: who.user, author: who.user, channel: who.channel, ts, reaction: "eyes" }),
    );
    await sleep(500);
    expect(t.slack!.callsTo("chat.postEphemeral").filter((c) => c.args.user !== who.user)).toEqual([]);
    expect(
      t.slack!.callsTo("chat.postEphemeral").filter((c) => String(c.args.text).includes("기억에서 지웠어요")),
    ).toEqual([]);
    expect(await memoriesOf(t, who.user)).toEqual([VET]);

    // The author's own removal of 📝 does forget it.
    await t.sendEvent(reactionRemoved({ user: who.user, author: who.user, channel: who.channel, ts }));
    await forgottenNote(t, who.user);
    expect(await memoriesOf(t, who.user)).toEqual([]);
  });

  it("the Undo button on the ephemeral note forgets what that message saved, and nothing else", async () => {
    faithfulModel(t);
    const who = { user: "U_BUTTON", channel: "C_BUTTON" };
    await replyTo(t, makeMentionEvent({ text: INTERVIEW, ...who }));
    await t.assistant.drain();
    const event = makeMentionEvent({ text: VET, ...who });
    await replyTo(t, event);
    await t.assistant.drain();
    expect(await memoriesOf(t, who.user)).toEqual([VET, INTERVIEW].sort());

    // The note, only to the author, in the channel the message was said in, with an Undo button.
    const notes = await t.slack!.waitForCall("chat.postEphemeral", {
      count: 2,
      where: (args) => args.user === who.user && args.channel === who.channel,
    });
    type Blocks = Array<{ elements?: Array<{ action_id?: string; value?: string }> }>;
    const undo = (notes.at(-1)!.args.blocks as Blocks)
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === "autosave_undo");
    expect(undo?.value).toBeDefined();

    // Pressed by someone else (a forged payload): nothing is forgotten.
    await sendInteraction(
      t,
      makeMessageAction(t, {
        user: "U_OTHER",
        channel: who.channel,
        actionId: "autosave_undo",
        value: undo!.value!,
      }),
    );
    await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count: 1 });
    expect(await memoriesOf(t, who.user)).toEqual([VET, INTERVIEW].sort());

    await sendInteraction(
      t,
      makeMessageAction(t, {
        user: who.user,
        channel: who.channel,
        actionId: "autosave_undo",
        value: undo!.value!,
      }),
    );
    const answers = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count: 2 });
    expect(String(answers.at(-1)!.args.text)).toContain("기억에서 지웠어요");
    await t.assistant.drain();
    expect(await memoriesOf(t, who.user)).toEqual([INTERVIEW]);
    expect(await keywordHits(t, who.user, "두부 동물병원 예방접종")).toEqual([]);
  });
});
