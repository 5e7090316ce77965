import { describe, expect, it } from "vitest";
import { buildMessages, HEADERS, recallOnlyReply, systemPrompt } from "../../src/agent/prompt.js";

const now = new Date("2026-05-01T09:00:00Z");
const memory = {
  id: "mem_1",
  text: "또리 생일 8월 9일이야",
  timestamp: Date.parse("2026-01-07T03:37:34Z"),
  score: 0.03,
};

describe("systemPrompt", () => {
  it("asks for answers in the user's language", () => {
    expect(systemPrompt("ko", now)).toContain("Korean");
    expect(systemPrompt("en", now)).toContain("English");
    expect(systemPrompt("ko", now)).toContain("2026-05-01");
  });

  it("tells the model not to invent facts it was not told", () => {
    expect(systemPrompt("ko", now)).toMatch(/don't know/);
  });
});

describe("buildMessages", () => {
  it("puts history, facts and memories under their headers in the system message, the text as the user message", () => {
    const messages = buildMessages({
      lang: "ko",
      now,
      text: "또리 생일 언제야?",
      history: "[최근 대화]\n사용자: 안녕\n비서: 안녕하세요",
      facts: ["또리: 생일 = 8월 9일"],
      memories: [memory],
    });
    expect(messages).toHaveLength(2);
    expect(messages[0]!.role).toBe("system");
    const system = messages[0]!.content;
    expect(system).toContain("[최근 대화]\n사용자: 안녕");
    expect(system).toContain(`${HEADERS.facts}\n- 또리: 생일 = 8월 9일`);
    expect(system).toContain(`${HEADERS.memories}\n- (2026-01-07, id mem_1) 또리 생일 8월 9일이야`);
    expect(system.indexOf(HEADERS.facts)).toBeLessThan(system.indexOf(HEADERS.memories));
    expect(messages[1]).toEqual({ role: "user", content: "또리 생일 언제야?" });
  });

  it("leaves out empty sections", () => {
    const [system] = buildMessages({ lang: "en", now, text: "hi", history: "", facts: [], memories: [] });
    expect(system!.content).not.toContain(`${HEADERS.memories}\n`);
    expect(system!.content).not.toContain(`${HEADERS.facts}\n`);
  });
});

describe("recallOnlyReply", () => {
  it("marks the answer as recall without a language model and lists what it found", () => {
    const reply = recallOnlyReply("ko", [memory], []);
    expect(reply).toContain("모델 없이");
    expect(reply).toContain("또리 생일 8월 9일이야 (2026-01-07)");
  });

  it("says plainly when nothing was found", () => {
    expect(recallOnlyReply("en", [], [])).toContain("found nothing");
  });
});
