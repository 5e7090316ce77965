/**
 * "What do you know about me?" through the real Bolt app and the fake Slack: in chat (written by the
 * model from the facts and most used memories, or the facts as a list without it), `/memory about`
 * (in a channel only what may be shown there) and App Home's "About you" (each own fact with a button
 * showing its memory) and "Recent changes" (the person's audit events, no memory text).
 */
import { describe, expect, it } from "vitest";
import { HOME_ACTIONS } from "../../src/slack/listeners/app-home.js";
import { RESPONSE_URL_METHOD } from "../support/fake-slack.js";
import { makeDmEvent } from "../support/slack-events.js";
import {
  makeHomeAction,
  makeSlashCommand,
  sendCommand,
  sendInteraction,
} from "../support/slack-interactions.js";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import { replyTo, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

const DM_FACT = "또리 생일은 10월 27일이야";
const SELF_FACT = "내 혈액형은 B형이야";
const WRITTEN = "(fake) 당신은 B형이고, 또리의 생일은 10월 27일이에요.";

/** A model that extracts facts by the rules, writes a fixed profile summary, and answers otherwise. */
function profileModel(t: TestAssistant): void {
  t.ollama!.onChat((req) => {
    if (req.format !== undefined)
      return { json: { triplets: extractTriplets(req.messages.at(-1)?.content ?? "") } };
    if (req.tools === undefined && req.messages[0]?.content.includes("2~5문장")) return WRITTEN;
    return "(fake) 답변";
  });
}

async function tell(t: TestAssistant, user: string, text: string): Promise<string> {
  const reply = await replyTo(t, makeDmEvent({ text, user, channel: `D_${user}` }));
  await t.assistant.drain();
  return reply;
}

async function homeView(t: TestAssistant, user: string, send?: () => Promise<unknown>): Promise<string> {
  const before = t.slack!.callsTo("views.publish").length;
  await (send
    ? send()
    : t.sendEvent({ type: "app_home_opened", user, channel: `D_${user}`, tab: "home", event_ts: "1.0" }));
  const calls = await t.slack!.waitForCall("views.publish", { count: before + 1, timeoutMs: 10_000 });
  return JSON.stringify(calls.at(-1)!.args["view"]);
}

describe("what do you know about me", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("in chat: the model's summary over the grouped facts with their memories' ids", async () => {
    profileModel(t);
    const user = "U_ABOUT1";
    await tell(t, user, `기억해줘: ${DM_FACT}`);
    await tell(t, user, `기억해줘: ${SELF_FACT}`);
    await tell(t, user, "또리 생일 언제야?"); // recalled and used: the tally counts it

    const reply = await tell(t, user, "나에 대해 뭘 알아?");
    expect(reply).toContain(WRITTEN);
    expect(reply).toMatch(/나\n• 혈액형: B형 {2}\[mem_[\w-]+\]/u);
    expect(reply).toMatch(/또리\n• 생일: 10월 27일 {2}\[mem_[\w-]+\]/u);
    expect(reply).toContain("자주 떠올린 기억");
    expect(reply).toContain(DM_FACT);
    // The model was handed the facts as quoted data.
    const asked = t.ollama!.chatRequests().find((r) => r.messages[0]?.content.includes("2~5문장"))!;
    expect(asked.messages[1]!.content).toMatch(/^<data>\n[\s\S]*혈액형: B형[\s\S]*\n<\/data>$/u);
  });

  it("without the model: the facts as a list, in English when asked in English", async () => {
    profileModel(t);
    const user = "U_ABOUT2";
    await tell(t, user, "remember: my locker number is 112");
    t.ollama!.failNext(100, 503, "ollama is down");
    const reply = await tell(t, user, "what do you know about me?");
    expect(reply).toContain("What I know about you:");
    expect(reply).toMatch(/you\n• locker number: 112 {2}\[mem_[\w-]+\]/u);
    expect(reply).not.toContain(WRITTEN);
  });

  it("marks a most used memory whose fact has since changed, in chat and in App Home", async () => {
    profileModel(t);
    const user = "U_ABOUT7";
    await tell(t, user, "remember: my locker number is 112");
    await tell(t, user, "what is my locker number?"); // recalled and used
    await tell(t, user, "remember: my locker number is now 215");
    t.ollama!.failNext(100, 503, "ollama is down");
    const reply = await tell(t, user, "what do you know about me?");
    expect(reply).toMatch(/you\n• locker number: 215 {2}\[mem_[\w-]+\]/u);
    expect(reply).toMatch(/• my locker number is 112 \(\d{4}-\d\d-\d\d, since changed\) {2}\[mem_/u);
    expect(reply).not.toMatch(/is now 215 \([^)]*since changed/u);
    // The memories are in English: so is what App Home writes of them, the user's facts under "you".
    const view = await homeView(t, user);
    expect(view).toContain("A fact in it has since changed");
    expect(view).toContain("• *you* — locker number: 215");
  });

  it("/memory about in a channel shows no DM fact; in the DM it does", async () => {
    profileModel(t);
    const user = "U_ABOUT3";
    await tell(t, user, `기억해줘: ${DM_FACT}`);
    await sendCommand(t, makeSlashCommand(t, { text: "about", user, channel: "C_ABOUT" }));
    let calls = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count: 1, timeoutMs: 10_000 });
    expect(JSON.stringify(calls.at(-1)!.args)).not.toContain("10월 27일");
    await sendCommand(t, makeSlashCommand(t, { text: "about", user, channel: `D_${user}` }));
    calls = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count: 2, timeoutMs: 10_000 });
    // `/memory about` is English, so is the list: the attribute is named in English too.
    expect(JSON.stringify(calls.at(-1)!.args["blocks"])).toContain("birthday: 10월 27일");
  });

  it("App Home: About you with a Show button per own fact, and Recent changes without any text", async () => {
    profileModel(t);
    const user = "U_ABOUT4";
    await tell(t, user, `기억해줘: ${SELF_FACT}`);
    const view = await homeView(t, user);
    expect(view).toContain("About you");
    expect(view).toContain(WRITTEN);
    const focus = /"action_id":"home_focus","value":"(mem_[\w-]+)"/u.exec(view);
    expect(focus).not.toBeNull();
    expect(view).toContain("Recent changes");
    const changes = view.slice(view.indexOf("Recent changes"));
    expect(changes).toContain("저장 (saved)");
    expect(changes).not.toContain("혈액형");

    // "Show" on the fact: the view shows that one memory, with its Forget button.
    const shown = await homeView(t, user, () =>
      sendInteraction(t, makeHomeAction({ user, actionId: HOME_ACTIONS.focus, value: focus![1]! })),
    );
    expect(shown).toContain(SELF_FACT);
    expect(shown).toContain(`"action_id":"home_forget","value":"${focus![1]}"`);
    expect(shown).not.toContain("About you");
  });

  it("never shows one user what another told it", async () => {
    profileModel(t);
    await tell(t, "U_ABOUT5", `기억해줘: ${SELF_FACT}`);
    const reply = await tell(t, "U_ABOUT6", "나에 대해 뭘 알아?");
    expect(reply).not.toContain("B형");
    expect(reply).toContain("아직 당신에 대해 아는 게 없어요");
  });
});
