import { describe, expect, it } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import { HistoryService } from "../../src/history/history-service.js";
import { InMemoryHistoryStore } from "../../src/stores/in-memory-history-store.js";
import {
  buildSummaryPrompt,
  cleanSummaryReply,
  parseSummaryPrompt,
} from "../../src/history/summary-prompt.js";
import { mainLanguage } from "../../src/text/language.js";
import { makeDm, makeTurn, recordingLogger, ScriptedLlm } from "./support.js";

describe("summary prompt", () => {
  it("asks in Korean by default for 2-3 sentences of key facts with names, dates, numbers, places verbatim", () => {
    const messages = buildSummaryPrompt({ turns: [makeTurn(1)], language: "ko" });
    const content = messages.at(-1)?.content ?? "";
    expect(content).toContain("다음 대화를 핵심 사실 위주로 2-3문장으로 요약해줘");
    for (const word of ["이름", "날짜", "시간", "숫자", "장소", "원문 그대로"])
      expect(content).toContain(word);
    expect(content).toContain("사용자: 사용자 메시지 1\n비서: 비서 답변 1");
  });

  it("asks in English for an English conversation", () => {
    const messages = buildSummaryPrompt({
      previousSummary: "Dry-run is Thursday 9pm.",
      turns: [makeTurn(1, { user: "rollback owner is 강태호", assistant: "Noted." })],
      language: "en",
    });
    const content = messages.at(-1)?.content ?? "";
    expect(content).toMatch(/^Summarise the following conversation in 2-3 sentences/);
    expect(content).toContain("Keep names, dates, times, numbers");
    expect(content).toContain("[Previous summary]\nDry-run is Thursday 9pm.");
    expect(content).toContain("User: rollback owner is 강태호\nAssistant: Noted.");
  });

  it("detects the conversation language, counting Latin words inside Korean as Korean", () => {
    expect(mainLanguage("heads up: the Pluto dry-run is Thursday 9pm, rollback owner is 강태호")).toBe("en");
    expect(mainLanguage("교수님이 rebuttal 마감 4월 3일 AoE라고 하셨어")).toBe("ko");
    expect(mainLanguage("👍 12:30")).toBe("ko");
  });

  it("sends an English prompt for an English conversation through the service", async () => {
    const llm = new ScriptedLlm();
    const service = new HistoryService({ store: new InMemoryHistoryStore(), llm, logger: recordingLogger() });
    for (let n = 1; n <= 6; n += 1) {
      await service.append(makeDm(), makeTurn(n, { user: `message number ${n} about the launch plan` }));
    }
    await service.flush();
    expect(llm.prompts[0]?.language).toBe("en");
  });

  it("reads back what it asked for, including multi-line messages", () => {
    const turns = [makeTurn(1, { user: "첫 줄\n둘째 줄" }), makeTurn(2, { assistant: "" })];
    const parsed = parseSummaryPrompt(buildSummaryPrompt({ previousSummary: "이전", turns, language: "ko" }));
    expect(parsed).toEqual({
      language: "ko",
      previousSummary: "이전",
      turns: [
        { user: "첫 줄\n둘째 줄", assistant: "비서 답변 1" },
        { user: "사용자 메시지 2", assistant: "" },
      ],
    });
    expect(parseSummaryPrompt([{ role: "user", content: "안녕" }])).toBeUndefined();
  });

  it("cleans a model reply and rejects an empty one", () => {
    expect(cleanSummaryReply("  요약: 상견례는 12시 반.  ")).toBe("상견례는 12시 반.");
    expect(cleanSummaryReply("```\nSummary: Dry-run Thursday.\n```")).toBe("Dry-run Thursday.");
    const error = (() => {
      try {
        return cleanSummaryReply(" \n ");
      } catch (err) {
        return err;
      }
    })();
    expect(isAppError(error, "llm_bad_output")).toBe(true);
  });
});
