/**
 * What the bot posts is Slack-safe, and a signed request is handled once, through the real Bolt app
 * (HTTP mode) and the fake Slack: a user's words, a memory or the model's answer quoting `<!channel>`,
 * `<!here>`, `<!subteam^…>`, `<@U…>` or a disguised link `<http://a|b>` are posted escaped on every
 * surface (DM and thread replies, streamed answers, ephemeral notes, App Home, `/memory`); a slash
 * command or an interaction sent again with the same signature is answered once; a request dated more
 * than five minutes ahead is refused.
 */
import { describe, expect, it } from "vitest";
import { HOME_ACTIONS } from "../../src/slack/listeners/app-home.js";
import { REMEMBER_SHORTCUT } from "../../src/slack/listeners/remember-shortcut.js";
import type { MemoryScope } from "../../src/core/types.js";
import { RESPONSE_URL_METHOD } from "../support/fake-slack.js";
import {
  makeDmEvent,
  makeEventCallback,
  makeMentionEvent,
  makePanelMessageEvent,
  nextTs,
  postSignedBody,
  postSignedEvent,
  TEST_IDS,
} from "../support/slack-events.js";
import {
  makeHomeAction,
  makeMessageShortcut,
  makeSlashCommand,
  sendCommand,
} from "../support/slack-interactions.js";
import { replyTo, SIGNING_SECRET, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

/** Markup that notifies people or disguises a link, as a hostile text would carry it. */
const HOSTILE = [
  "<!channel>",
  "<!here>",
  "<!everyone>",
  "<!subteam^S0TEAM>",
  "<@U_EVE>",
  "<http://x.example|y>",
] as const;

/** The Web API calls and response_url posts that carry text a user sees. */
const POSTING = new Set([
  "chat.postMessage",
  "chat.postEphemeral",
  "chat.update",
  "chat.startStream",
  "chat.appendStream",
  "chat.stopStream",
  "views.publish",
  "views.open",
  "views.update",
  "files.completeUploadExternal",
  RESPONSE_URL_METHOD,
]);

/**
 * Every text the bot sent to Slack so far that Slack reads as markup, one string per call. A
 * `plain_text` object (a dialog, a button) is shown as written, never parsed: left out.
 */
function postedTexts(t: TestAssistant): string[] {
  return t
    .slack!.calls.filter((c) => POSTING.has(c.method))
    .map((c) => JSON.stringify(withoutPlainText(c.args)));
}

function withoutPlainText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPlainText);
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  if (object["type"] === "plain_text") return { type: "plain_text" };
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, withoutPlainText(v)]));
}

/** Hostile markup found raw in anything the bot sent. */
function rawMarkup(t: TestAssistant): string[] {
  return postedTexts(t).flatMap((text) => HOSTILE.filter((m) => text.includes(m)));
}

const dmOf = (user: string): MemoryScope => ({
  teamId: TEST_IDS.teamId,
  userId: user,
  channelId: `D_${user}`,
  channelType: "im",
});

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** POSTs a form body signed at `timestamp` (seconds): the same call twice is a replay of one request. */
function postForm(t: TestAssistant, body: string, timestamp: number): Promise<Response> {
  return postSignedBody(`${t.assistant.url}/slack/events`, body, SIGNING_SECRET, {
    timestamp,
    contentType: "application/x-www-form-urlencoded",
  });
}

const nowSec = () => Math.floor(Date.now() / 1000);
const settle = () => new Promise((r) => setTimeout(r, 400));

describe("replies are Slack-safe", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("'기억해줘: <!channel> …' typed in a DM is kept as typed and confirmed with <!channel> escaped, pinging no one", async () => {
    const user = "U_SAFE1";
    // Slack delivers the brackets a person types escaped.
    const text = await replyTo(
      t,
      makeDmEvent({ text: "기억해줘: &lt;!channel&gt; 회의실 예약은 3층", user }),
    );
    expect(text).toContain("&lt;!channel&gt; 회의실 예약은 3층");
    expect(rawMarkup(t)).toEqual([]);
    const [post] = t.slack!.callsTo("chat.postMessage");
    // Form-encoded by the Web API client.
    expect(post!.args).toMatchObject({ parse: "none", link_names: "false" });
    const { items } = await t.assistant.memory.list(dmOf(user), { limit: 10 });
    expect(items.map((m) => m.text)).toEqual(["<!channel> 회의실 예약은 3층"]);
  });

  it("Slack's own markup in a mention (special mentions, a labelled link) is read as words and answered without it", async () => {
    const user = "U_SAFE2";
    const text = await replyTo(
      t,
      makeMentionEvent({
        // (A user mention is taken out of a mention's text before the agent sees it.)
        text: "기억해줘: <!here> <!everyone> <!subteam^S0TEAM> 점심은 <http://x.example|y> 참고",
        user,
      }),
    );
    expect(text).toContain('"@here @everyone @S0TEAM 점심은 y (http://x.example) 참고"');
    expect(rawMarkup(t)).toEqual([]);
    const { items } = await t.assistant.memory.list(
      { teamId: TEST_IDS.teamId, userId: user, channelId: TEST_IDS.channel, channelType: "channel" },
      { limit: 10 },
    );
    expect(items.map((m) => m.text)).toEqual(["@here @everyone @S0TEAM 점심은 y (http://x.example) 참고"]);
  });

  it("'&', '<' and '>' that Slack delivers escaped are kept and searched as typed, and posted escaped once", async () => {
    const user = "U_AMP1";
    const saved = await replyTo(
      t,
      makeDmEvent({ text: "기억해줘: R&amp;D 주간회의는 목요일, 예산 &lt; 300만원", user }),
    );
    expect(saved).toContain('"R&amp;D 주간회의는 목요일, 예산 &lt; 300만원"');
    expect(saved).not.toContain("&amp;amp;");
    const { items } = await t.assistant.memory.list(dmOf(user), { limit: 10 });
    expect(items.map((m) => m.text)).toEqual(["R&D 주간회의는 목요일, 예산 < 300만원"]);
    const [hit] = await t.assistant.memory.search(dmOf(user), "R&D 주간회의 언제야", { k: 3 });
    expect(hit?.text).toBe("R&D 주간회의는 목요일, 예산 < 300만원");
    expect(hit?.ranks.keyword).toBeDefined();
  });

  it("a mention keeps the other people it names and drops only the bot's own", async () => {
    const user = "U_NAMES1";
    const text = await replyTo(
      t,
      makeMentionEvent({ text: "기억해줘: <@U_DANA> 가 다음 달 회고 진행자", user }),
    );
    expect(text).toContain("&lt;@U_DANA&gt; 가 다음 달 회고 진행자");
    const { items } = await t.assistant.memory.list(
      { teamId: TEST_IDS.teamId, userId: user, channelId: TEST_IDS.channel, channelType: "channel" },
      { limit: 10 },
    );
    expect(items.map((m) => m.text)).toEqual(["<@U_DANA> 가 다음 달 회고 진행자"]);
  });

  it("a mention with nothing else is answered with what the bot can do", async () => {
    const text = await replyTo(t, makeMentionEvent({ text: "", user: "U_EMPTY1" }));
    expect(text).toContain("remember: my locker is 112");
  });

  it("control characters and bidirectional overrides of a message are neither kept nor quoted back", async () => {
    const user = "U_CTRL1";
    const text = await replyTo(
      t,
      makeDmEvent({ text: "기억해줘: 견적서 파일\u202e이름은\u0007 \u001b[2J견적_v2", user }),
    );
    expect(text).toContain('"견적서 파일이름은 견적_v2"');
    expect(text).not.toMatch(/(?![\n])\p{Cc}|\u202e/u);
    const { items } = await t.assistant.memory.list(dmOf(user), { limit: 10 });
    expect(items.map((m) => m.text)).toEqual(["견적서 파일이름은 견적_v2"]);
  });

  it("recalled memories holding <!here> and a disguised link are posted escaped", async () => {
    const user = "U_SAFE3";
    await t.assistant.memory.remember(dmOf(user), "주차 안내 <!here> B2 구역", Date.now() - 2_000);
    await t.assistant.memory.remember(dmOf(user), "주차 안내 링크 <http://x.example|y>", Date.now() - 1_000);
    // The bot lists both memories, quoting them, to ask which one to forget.
    const which = await replyTo(t, makeDmEvent({ text: "잊어줘: 주차 안내", user, channel: `D_${user}` }));
    expect(which).toContain("주차 안내 &lt;!here&gt; B2 구역");
    expect(which).toContain("주차 안내 링크 &lt;http://x.example|y&gt;");
    await replyTo(t, makeDmEvent({ text: "취소", user, channel: `D_${user}` }));
    // The model answers with the memory it was given, word for word.
    t.ollama!.queueChat("기억하신 내용: 주차 안내 <!here> B2 구역, 링크 <http://x.example|y>");
    const answer = await replyTo(t, makeDmEvent({ text: "주차 안내 알려줘", user, channel: `D_${user}` }));
    expect(answer).toBe("기억하신 내용: 주차 안내 &lt;!here&gt; B2 구역, 링크 &lt;http://x.example|y&gt;");
    expect(rawMarkup(t)).toEqual([]);
  });

  it("a model answer containing <!channel> is escaped; '&' and text Slack already escaped show as written", async () => {
    t.ollama!.queueChat("<!channel> 모두 보세요 & <@U_EVE>, 그리고 a &lt; b");
    const text = await replyTo(t, makeDmEvent({ text: "공지 좀 써줘", user: "U_SAFE4" }));
    expect(text).toBe("&lt;!channel&gt; 모두 보세요 &amp; &lt;@U_EVE&gt;, 그리고 a &lt; b");
    expect(rawMarkup(t)).toEqual([]);
  });

  it("a streamed answer in the assistant panel is escaped piece by piece and at its end", async () => {
    const threadTs = nextTs();
    const long = Array.from(
      { length: 30 },
      (_, i) => `조각${i} <!channel> <!here> & <http://x.example|y>`,
    ).join(" ");
    t.ollama!.queueChat(long);
    await t.sendEvent(makePanelMessageEvent({ text: "긴 공지 써줘", threadTs, user: "U_SAFE5" }));
    await t.slack!.waitForCall("chat.stopStream", { timeoutMs: 10_000 });
    const appended = t.slack!.callsTo("chat.appendStream");
    expect(appended.length).toBeGreaterThan(0);
    // The pieces go out as `chunks` of markdown text.
    const streamed = ["chat.startStream", "chat.appendStream", "chat.stopStream"]
      .flatMap((m) => t.slack!.callsTo(m))
      .map((c) => JSON.stringify(c.args))
      .join("");
    expect(streamed).toContain("조각0 &lt;!channel&gt; &lt;!here&gt; &amp; &lt;http://x.example|y&gt;");
    expect(rawMarkup(t)).toEqual([]);
  });

  it("the shortcut's note, /memory and App Home show a hostile memory escaped", async () => {
    const user = "U_SAFE6";
    const shortcut = makeMessageShortcut(t, {
      user,
      author: "U_AUTHOR",
      // As Slack delivers a message whose author typed the markup.
      text: "&lt;!channel&gt; 점검 공지 &lt;http://x.example|y&gt;",
    });
    await postForm(t, form({ payload: JSON.stringify(shortcut) }), nowSec());
    const [note] = await t.slack!.waitForCall("chat.postEphemeral", { timeoutMs: 10_000 });
    expect(String(note!.args["text"])).toContain("&lt;!channel&gt; 점검 공지 &lt;http://x.example|y&gt;");
    expect(String(note!.args["text"])).not.toContain("&amp;lt;");
    expect(note!.args).toMatchObject({ parse: "none", link_names: "false" });

    await sendCommand(t, makeSlashCommand(t, { text: "search 점검 공지", user, channel: TEST_IDS.channel }));
    await t.slack!.waitForCall(RESPONSE_URL_METHOD, { timeoutMs: 10_000 });
    await t.sendEvent({ type: "app_home_opened", user, channel: `D_${user}`, tab: "home", event_ts: "1.0" });
    const [home] = await t.slack!.waitForCall("views.publish", { timeoutMs: 10_000 });
    expect(JSON.stringify(home!.args)).toContain("&lt;!channel&gt; 점검 공지");
    expect(rawMarkup(t)).toEqual([]);
  });
});

describe("signed requests are handled once, and none dated ahead", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("a slash command sent twice with the same signed body is answered once", async () => {
    const body = form(makeSlashCommand(t, { text: "help", user: "U_REPLAY1" }));
    const at = nowSec();
    const first = await postForm(t, body, at);
    const again = await postForm(t, body, at);
    expect([first.status, again.status]).toEqual([200, 200]);
    await t.slack!.waitForCall(RESPONSE_URL_METHOD);
    await settle();
    expect(t.slack!.callsTo(RESPONSE_URL_METHOD)).toHaveLength(1);
  });

  it("the same command sent anew (a new signature) is answered again", async () => {
    const fields = makeSlashCommand(t, { text: "help", user: "U_REPLAY2" });
    await postForm(t, form(fields), nowSec() - 2);
    await postForm(t, form(fields), nowSec());
    await t.slack!.waitForCall(RESPONSE_URL_METHOD, { count: 2 });
  });

  it("a block action and a shortcut sent twice are each handled once", async () => {
    const user = "U_REPLAY3";
    const action = form({
      payload: JSON.stringify(
        makeHomeAction({ user, actionId: HOME_ACTIONS.search, value: "회의", input: true }),
      ),
    });
    const at = nowSec();
    await postForm(t, action, at);
    await postForm(t, action, at);
    await t.slack!.waitForCall("views.publish", { timeoutMs: 10_000 });

    const shortcut = makeMessageShortcut(t, { user, author: "U_AUTHOR", text: "다음 주 발표는 목요일" });
    expect(shortcut["callback_id"]).toBe(REMEMBER_SHORTCUT);
    const shortcutBody = form({ payload: JSON.stringify(shortcut) });
    await postForm(t, shortcutBody, at);
    await postForm(t, shortcutBody, at);
    await t.slack!.waitForCall("chat.postEphemeral", { timeoutMs: 10_000 });
    await settle();
    expect(t.slack!.callsTo("views.publish")).toHaveLength(1);
    expect(t.slack!.callsTo("chat.postEphemeral")).toHaveLength(1);
  });

  it("a command, an interaction or an event dated a day ahead is refused with 401 and not handled", async () => {
    const ahead = nowSec() + 24 * 60 * 60;
    const command = await postForm(t, form(makeSlashCommand(t, { text: "help", user: "U_FUTURE" })), ahead);
    const action = await postForm(
      t,
      form({ payload: JSON.stringify(makeHomeAction({ user: "U_FUTURE", actionId: HOME_ACTIONS.clear })) }),
      ahead,
    );
    const event = await postSignedEvent(
      `${t.assistant.url}/slack/events`,
      makeEventCallback(makeDmEvent({ text: "미래에서 온 메시지", user: "U_FUTURE" })),
      SIGNING_SECRET,
      { timestamp: ahead },
    );
    expect([command.status, action.status, event.status]).toEqual([401, 401, 401]);
    await settle();
    expect(postedTexts(t)).toEqual([]);
    expect(t.ollama!.chatRequests()).toHaveLength(0);
  });

  it("a request a little ahead of our clock (within five minutes) is answered", async () => {
    const res = await postForm(
      t,
      form(makeSlashCommand(t, { text: "help", user: "U_SKEW" })),
      nowSec() + 120,
    );
    expect(res.status).toBe(200);
    await t.slack!.waitForCall(RESPONSE_URL_METHOD);
  });
});
