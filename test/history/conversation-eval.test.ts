import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "../../src/core/errors.js";
import {
  evaluateConversations,
  parseConversationsJsonl,
  type EvalConversation,
} from "../../src/eval/conversation-eval.js";
import { ExtractiveSummaryLlm } from "../../src/eval/extractive-summary-llm.js";
import type { Llm } from "../../src/core/llm.js";
import { recordingLogger } from "./support.js";

/** The dev set is committed under eval/kmem-dev (a copy of the shared dev set). */
const KMEM_CONVERSATIONS = fileURLToPath(new URL("../../eval/kmem-dev/conversations.jsonl", import.meta.url));

const downLlm: Llm = {
  model: "down",
  chat: () => Promise.reject(new AppError("llm_unavailable", "down")),
};

const fixture: EvalConversation = {
  conv_id: "t01",
  user_id: "U1",
  turns: [
    "다음주 토요일 상견례 광화문 '무궁화' 한정식으로 잡았어. 12시 반",
    "청첩장 문구 좀 봐줘",
    "좀 더 캐주얼하게",
    "오 두번째 안 괜찮다",
    "마지막 줄만 바꿔줘",
    "계좌번호 넣는 거 요즘 다들 하지?",
    "ㅇㅋ",
    "점심 뭐먹지",
  ],
  probe: "상견례 식당 어디였지?",
  expect_any: ["무궁화"],
  ref_turn: 1,
};

describe("evaluateConversations", () => {
  it("keeps an early fact with a faithful summariser and with a failing one", async () => {
    const faithful = await evaluateConversations({
      conversations: [fixture],
      llm: new ExtractiveSummaryLlm(),
      logger: recordingLogger(),
    });
    expect(faithful).toMatchObject({ passed: 1, total: 1, rate: 1 });
    expect(faithful.cases[0]).toMatchObject({ matched: "무궁화", summarised: 3, olderVerbatim: 2 });

    const failing = await evaluateConversations({
      conversations: [fixture],
      llm: downLlm,
      logger: recordingLogger(),
    });
    expect(failing).toMatchObject({ passed: 1, total: 1 });
    expect(failing.cases[0]).toMatchObject({ summarised: 0, olderVerbatim: 5, omittedTurns: 0 });
  });

  it("fails a conversation whose fact the summariser drops", async () => {
    const forgetful: Llm = {
      model: "forgetful",
      chat: async () => ({ content: "청첩장 이야기를 했다.", toolCalls: [] }),
    };
    const result = await evaluateConversations({
      conversations: [fixture],
      llm: forgetful,
      logger: recordingLogger(),
    });
    expect(result.passed).toBe(0);
  });

  it("passes every kmem-dev conversation in both runs", async () => {
    const conversations = parseConversationsJsonl(readFileSync(KMEM_CONVERSATIONS, "utf8"));
    expect(conversations).toHaveLength(8);
    for (const llm of [new ExtractiveSummaryLlm(), downLlm]) {
      const result = await evaluateConversations({ conversations, llm, logger: recordingLogger() });
      expect(result.rate).toBe(1);
    }
  });

  it("names the line and the field of a bad row", () => {
    const error = (() => {
      try {
        return parseConversationsJsonl(`${JSON.stringify(fixture)}\n{"conv_id": 1}`);
      } catch (err) {
        return err;
      }
    })();
    expect(isAppError(error, "bad_request")).toBe(true);
    expect((error as AppError).details).toMatchObject({ line: 2 });
    expect((error as AppError).message).toMatch(/^conversations:2: conv_id: /);
  });
});
