import { describe, expect, it } from "vitest";
import { makeDmEvent, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import { replyTo, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

/** With the model down or too slow, every mode answers from memory and says so. */
const KOREAN_MODEL_DOWN = /^\(지금 언어 모델을 쓸 수 없어서, 모델 없이 기억에서 찾은 내용이에요\.\)/;

describe("Slack turns that fail", () => {
  describe("with Ollama answering errors or too slowly", () => {
    let t: TestAssistant;
    useTestAssistant({ mode: "http" }, (started) => (t = started));

    it("answers from memory, saying the model is unavailable, when Ollama answers 500", async () => {
      t.ollama!.failNext(5, 500, "model crashed");
      await t.sendEvent(makeDmEvent({ text: "오늘 일정 알려줘" }));
      const [post] = await t.slack!.waitForCall("chat.postMessage");
      expect(post!.args.channel).toBe(TEST_IDS.dmChannel);
      expect(post!.args.text).toMatch(KOREAN_MODEL_DOWN);
      // and the working reaction is cleared anyway
      await t.slack!.waitForCall("reactions.remove");
      // nothing the user said is lost: the turn is in the conversation history
      const history = (await (await t.admin(`/admin/history/${TEST_IDS.user}`)).json()) as {
        conversations: Array<{ recent: Array<{ user: string; assistant: string }> }>;
      };
      const turns = history.conversations.flatMap((c) => c.recent);
      expect(turns).toContainEqual(
        expect.objectContaining({ user: "오늘 일정 알려줘", assistant: post!.args.text }),
      );
    });

    it("treats an empty answer from the model as the model's failure: answered from memory, never an empty message", async () => {
      t.ollama!.queueChat("   ");
      await t.sendEvent(makeDmEvent({ text: "이번 주 회의 언제였지?" }));
      const [post] = await t.slack!.waitForCall("chat.postMessage");
      expect(post!.args.text).toMatch(KOREAN_MODEL_DOWN);
      // A statement is answered as without a model: with what became of it.
      t.ollama!.queueChat("");
      await t.sendEvent(makeDmEvent({ text: "빈 답" }));
      const posted = await t.slack!.waitForCall("chat.postMessage", { count: 2 });
      expect(posted.at(-1)!.args.text).toBe("네, 알겠어요.");
    });

    it("answers from memory when the model is past LLM_TIMEOUT_MS, in the mention's thread", async () => {
      t.ollama!.hang(true);
      const mention = makeMentionEvent({ text: "이번 주 회의 언제였지?" });
      const res = await t.sendEvent(mention);
      expect(res.status).toBe(200); // acked although the model never answers
      const [post] = await t.slack!.waitForCall("chat.postMessage", { timeoutMs: 10_000 });
      expect(post!.args).toMatchObject({ channel: TEST_IDS.channel, thread_ts: mention.ts });
      expect(post!.args.text).toMatch(KOREAN_MODEL_DOWN);
      // A request for work ("요약해줘") that memory does not answer is told it needs the model.
      const work = makeMentionEvent({ text: "요약해줘" });
      await t.sendEvent(work);
      const posted = await t.slack!.waitForCall("chat.postMessage", { timeoutMs: 10_000, count: 2 });
      expect(posted.at(-1)!.args).toMatchObject({ channel: TEST_IDS.channel, thread_ts: work.ts });
      expect(posted.at(-1)!.args.text).toMatch(/^지금은 언어 모델을 쓸 수 없어서 그 요청은 처리하지 못해요/u);
    });

    it("answers in English when the user wrote English", async () => {
      t.ollama!.failNext(5, 503, "overloaded");
      await t.sendEvent(makeDmEvent({ text: "what's on my calendar today?" }));
      const [post] = await t.slack!.waitForCall("chat.postMessage");
      expect(post!.args.text).toMatch(/^\(My language model is unavailable right now/);
    });

    it("answers a statement with what it kept when the model fails", async () => {
      t.ollama!.failNext(5, 503, "overloaded");
      const reply = await replyTo(
        t,
        makeDmEvent({ text: "my locker number is 112", user: "U_FAIL", channel: "D_FAIL" }),
      );
      expect(reply).toBe('📝 I\'ll remember that: "my locker number is 112"');
    });
  });

  describe("with no Ollama at all", () => {
    let t: TestAssistant;
    useTestAssistant({ mode: "http", ollama: false }, (started) => (t = started));

    it("still starts, reports Ollama unreachable, and answers from memory", async () => {
      const health = (await (await t.admin("/healthz")).json()) as {
        ollama: { reachable: boolean };
      };
      expect(health.ollama.reachable).toBe(false);
      await t.sendEvent(makeDmEvent({ text: "오늘 일정 있어?" }));
      const [post] = await t.slack!.waitForCall("chat.postMessage");
      expect(post!.args.text).toMatch(KOREAN_MODEL_DOWN);
    });

    it("forgets what a plain 'delete …' names, the model being down, in Korean and English", async () => {
      for (const [user, keep, other, wipe] of [
        ["U_WIPE_KO", "기억해줘: 금요일 3시 치과 예약", "기억해줘: 여권은 책상 서랍에", "치과 건 지워"],
        [
          "U_WIPE_EN",
          "remember: dentist Friday 3pm",
          "remember: passport in the desk drawer",
          "delete the dentist one",
        ],
      ] as const) {
        const event = (text: string) => makeDmEvent({ text, user, channel: `D_${user}` });
        await replyTo(t, event(keep));
        await replyTo(t, event(other));
        const reply = await replyTo(t, event(wipe));
        expect(reply).toMatch(/이 기억을 잊을까요\?|Should I forget this\?/u);
        const yes = await replyTo(t, event(user.endsWith("KO") ? "네" : "yes"));
        expect(yes).toMatch(/잊었어요|Forgot/u);
        const listed = await t.assistant.memory.list({ teamId: "T_TEST", userId: user }, { limit: 10 });
        expect(listed.items.map((m) => m.text)).toEqual([other.slice(other.indexOf(":") + 2)]);
      }
    });

    it("answers a statement with what it kept, not with what memory holds", async () => {
      const kept = await replyTo(
        t,
        makeDmEvent({ text: "다음 주 화요일 3시에 치과 예약했어", user: "U_TELL", channel: "D_TELL" }),
      );
      expect(kept).toBe('📝 기억해 둘게요: "다음 주 화요일 3시에 치과 예약했어"');
      const chat = await replyTo(
        t,
        makeDmEvent({ text: "오늘 회의 너무 길었어 ㅋㅋ", user: "U_TELL", channel: "D_TELL" }),
      );
      expect(chat).toBe("네, 알겠어요.");
      const en = await replyTo(
        t,
        makeDmEvent({ text: "my locker number is 112", user: "U_TELL", channel: "D_TELL" }),
      );
      expect(en).toBe('📝 I\'ll remember that: "my locker number is 112"');
    });

    it("keeps a memory with the model down (no embedding model either) and answers with it", async () => {
      const saved = await replyTo(
        t,
        makeDmEvent({ text: "기억해줘: 회사 주차 B2 37번", user: "U_DOWN", channel: "D_DOWN" }),
      );
      expect(saved).toMatch(/^기억했어요: "회사 주차 B2 37번"/);
      const answer = await replyTo(
        t,
        makeDmEvent({ text: "주차 어디였지?", user: "U_DOWN", channel: "D_DOWN" }),
      );
      expect(answer).toMatch(KOREAN_MODEL_DOWN);
      expect(answer).toContain("회사 주차 B2 37번");
    });
  });
});
