/**
 * Text as people type it, however their keyboard or paste encodes it: Hangul as separate jamo (NFD,
 * pasted from some macOS sources), full-width digits from a CJK input method, a zero-width space. Each
 * reads as the text it shows: "잊어줘" forgets, a password is held, a number is searched by its digits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typedText } from "../../src/text/control-chars.js";
import { chat } from "../support/console-chat.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

const nfd = (text: string) => text.normalize("NFD");

describe("typedText", () => {
  it("composes Hangul, folds full-width ASCII, drops zero-width spaces, and keeps jamo and joiners", () => {
    expect(typedText(nfd("잊어줘: 또리 생일"))).toBe("잊어줘: 또리 생일");
    expect(typedText("비번 ４４１７　이야")).toBe("비번 4417 이야");
    expect(typedText("사물\u200b함\ufeff")).toBe("사물함");
    expect(typedText("ㅋㅋ 가족👨‍👩‍👧")).toBe("ㅋㅋ 가족👨‍👩‍👧");
    expect(typedText("a\u001b[31mb\u202ec")).toBe("abc");
  });
});

describe("messages typed in other encodings", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local" });
  });
  afterAll(async () => {
    await t.stop();
  });
  const scopeOf = (userId: string) => ({
    teamId: "local",
    userId,
    channelId: "console",
    channelType: "im" as const,
  });

  it("forgets on a request written as separate jamo, and remembers one", async () => {
    t.ollama!.onChat((request) =>
      request.format !== undefined ? { json: { triplets: [] } } : "네, 알겠어요.",
    );
    const userId = "U_TYPED_NFD";
    expect(await chat(t, [nfd("기억해줘: 우리 고양이 나비 생일은 5월 3일이야")], userId)).toContain(
      "기억했어요",
    );
    const kept = await t.assistant.memory.list(scopeOf(userId), { limit: 10 });
    expect(kept.items.map((m) => [m.text, m.source])).toEqual([
      ["우리 고양이 나비 생일은 5월 3일이야", "slack"],
    ]);
    expect(await chat(t, [nfd("잊어줘: 나비 생일")], userId)).toContain("잊었어요");
    expect((await t.assistant.memory.list(scopeOf(userId), { limit: 10 })).items).toEqual([]);
  });

  it("holds a password written as separate jamo or with full-width digits", async () => {
    t.ollama!.onChat((request) => (request.format !== undefined ? { json: { triplets: [] } } : "네."));
    const userId = "U_TYPED_SECRET";
    for (const text of [
      nfd("현관 도어락 비밀번호는 4417이야"),
      "창고 자물쇠 비번 이제 ５０９３으로 바꿨어",
    ]) {
      await chat(t, [text], userId);
    }
    await t.assistant.drain();
    expect((await t.assistant.memory.list(scopeOf(userId), { limit: 10 })).items).toEqual([]);
  });

  it("keeps full-width digits as digits, so the number finds and forgets the memory", async () => {
    t.ollama!.onChat((request) => (request.format !== undefined ? { json: { triplets: [] } } : "네."));
    const userId = "U_TYPED_WIDE";
    await chat(t, ["기억해줘: 내 헬스장 사물함 번호는 １２３번이야"], userId);
    const [memory] = (await t.assistant.memory.list(scopeOf(userId), { limit: 10 })).items;
    expect(memory?.text).toBe("내 헬스장 사물함 번호는 123번이야");
    expect(await chat(t, ["잊어줘: 123"], userId)).toContain("잊었어요");
  });
});
