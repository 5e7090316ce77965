import { describe, expect, it } from "vitest";
import type { FakeChatRequest } from "../support/fake-ollama.js";
import { makeDmEvent, makeMentionEvent } from "../support/slack-events.js";
import {
  promptOf,
  replyTo,
  systemPromptOf,
  type TestAssistant,
  userMessagesOf,
  useTestAssistant,
} from "../support/test-assistant.js";

const SUMMARY_REQUEST = /요약해줘/;

function isSummaryRequest(req: FakeChatRequest): boolean {
  return (
    req.tools === undefined &&
    req.format === undefined &&
    req.messages.some((m) => SUMMARY_REQUEST.test(m.content))
  );
}

describe("knowledge graph and conversation history through Slack", () => {
  let t: TestAssistant;

  useTestAssistant({ mode: "http" }, (started) => (t = started));

  const say = (text: string, who: { user: string; channel: string }, mention = false): Promise<string> =>
    replyTo(
      t,
      mention
        ? makeMentionEvent({ text, user: who.user, channel: who.channel })
        : makeDmEvent({ text, user: who.user, channel: who.channel }),
    );

  it("puts a fact told earlier into the prompt from the graph", async () => {
    const alice = { user: "U_GRAPH", channel: "D_GRAPH" };
    // A faithful model: remembers the fact through its tool and extracts it as a triplet.
    t.ollama!.onChat((req) => {
      if (req.format !== undefined) {
        return { json: { triplets: [{ entity: "또리", attribute: "생일", value: "10월 27일" }] } };
      }
      if (req.messages.at(-1)?.role === "tool") return "기억할게요!";
      const last = req.messages.at(-1)?.content ?? "";
      if (last.includes("생일은"))
        return { toolCalls: [{ name: "remember", arguments: { text: "또리 생일은 10월 27일" } }] };
      return "(fake) 답변";
    });
    await say("또리 생일은 10월 27일이야", alice);
    await t.assistant.drain(); // extraction runs off the reply path

    // The structured-output request carried a JSON schema as Ollama's `format`.
    const extraction = t.ollama!.chatRequests().find((r) => r.format !== undefined)!;
    expect(extraction.format).toMatchObject({ type: "object", properties: { triplets: { type: "array" } } });

    await say("또리 관련 정보 알려줘", alice);
    const answer = t
      .ollama!.chatRequests()
      .filter((r) => r.tools !== undefined)
      .at(-1)!;
    expect(systemPromptOf(answer)).toContain("[알고 있는 사실]\n- 또리: 생일 = 10월 27일");

    const entity = (await (
      await t.admin(`/admin/graph/${alice.user}/entity/${encodeURIComponent("또리는")}?team=T_TEST`)
    ).json()) as {
      entity: string;
      lines: string[];
    };
    expect(entity).toMatchObject({ entity: "또리", lines: ["또리: 생일 = 10월 27일"] });
  });

  it("keeps a DM fact out of a channel's prompt", async () => {
    const bob = { user: "U_PRIV", channel: "D_PRIV" };
    t.ollama!.onChat((req) =>
      req.format !== undefined
        ? { json: { triplets: [{ entity: "보리", attribute: "생일", value: "5월 1일" }] } }
        : "(fake)",
    );
    await say("기억해줘: 보리 생일은 5월 1일", bob); // said in a DM: a private fact
    await t.assistant.drain();
    await say("보리 관련 정보 알려줘", bob);
    const inDm = systemPromptOf(
      t
        .ollama!.chatRequests()
        .filter((r) => r.tools)
        .at(-1)!,
    );
    expect(inDm).toContain("보리: 생일 = 5월 1일");

    await say("보리 관련 정보 알려줘", { user: bob.user, channel: "C_PUBLIC" }, true);
    const inChannel = systemPromptOf(
      t
        .ollama!.chatRequests()
        .filter((r) => r.tools)
        .at(-1)!,
    );
    expect(inChannel).not.toContain("5월 1일");
  });

  it("summarises turns older than the last three through the model and keeps the last three verbatim", async () => {
    const carol = { user: "U_HIST", channel: "D_HIST" };
    t.ollama!.onChat((req) => {
      if (req.format !== undefined) return { json: { triplets: [] } };
      if (isSummaryRequest(req)) return "상견례는 광화문 무궁화에서 12시 반.";
      return "네";
    });
    const turns = [
      "다음주 토요일 상견례 광화문 '무궁화' 한정식으로 잡았어. 12시 반",
      "도현이 아버님이 회를 못 드셔",
      "청첩장 문구 좀 같이 봐줘",
      "좀 더 캐주얼하게",
      "두번째 안 괜찮다",
      "마지막 줄 바꿔줘",
    ];
    for (const text of turns) await say(text, carol);
    await t.assistant.drain();

    const summaryRequests = t.ollama!.chatRequests().filter(isSummaryRequest);
    expect(summaryRequests).toHaveLength(1);
    const sent = summaryRequests[0]!.messages.map((m) => m.content).join("\n");
    expect(sent).toContain("무궁화");
    expect(sent).toContain("청첩장 문구 좀 같이 봐줘"); // turn 3 aged out too
    expect(sent).not.toContain("두번째 안 괜찮다"); // one of the last three

    await say("상견례 어디였지?", carol);
    const asked = t
      .ollama!.chatRequests()
      .filter((r) => r.tools)
      .at(-1)!;
    // The summary is quoted data in the system message; the last turns are the user's own messages.
    expect(systemPromptOf(asked)).toContain("[이전 대화 요약]\n상견례는 광화문 무궁화에서 12시 반.");
    expect(userMessagesOf(asked).slice(-3)).toEqual([
      "두번째 안 괜찮다",
      "마지막 줄 바꿔줘",
      "상견례 어디였지?",
    ]);
    expect(userMessagesOf(asked).filter((m) => m.includes("다음주 토요일 상견례"))).toEqual([]);

    const history = (await (await t.admin(`/admin/history/${carol.user}`)).json()) as {
      conversations: Array<{ id: string; summary?: { text: string }; recent: unknown[] }>;
    };
    expect(history.conversations).toHaveLength(1);
    expect(history.conversations[0]!.summary?.text).toBe("상견례는 광화문 무궁화에서 12시 반.");
    expect(history.conversations[0]!.recent.length).toBeLessThanOrEqual(3);
    const id = encodeURIComponent(history.conversations[0]!.id);
    expect((await t.admin(`/admin/history/${carol.user}/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await t.admin(`/admin/history/${carol.user}/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("keeps every turn verbatim when summarising fails", async () => {
    const dave = { user: "U_FAIL", channel: "D_FAIL" };
    t.ollama!.onChat((req) => {
      if (isSummaryRequest(req)) throw new Error("summariser down");
      return req.format !== undefined ? { json: { triplets: [] } } : "네";
    });
    for (let i = 1; i <= 7; i++) await say(`메모 ${i}: 회의실 ${100 + i}호`, dave);
    await t.assistant.drain();
    await say("회의실 어디였지?", dave);
    const prompt = promptOf(
      t
        .ollama!.chatRequests()
        .filter((r) => r.tools)
        .at(-1)!,
    );
    for (let i = 1; i <= 7; i++) expect(prompt).toContain(`user: 메모 ${i}: 회의실 ${100 + i}호`);
    expect(prompt).not.toContain("[이전 대화 요약]");
  });
});
