import { describe, expect, it } from "vitest";
import { classifySpeechAct } from "../../src/text/speech-act.js";

describe("a Korean request and the verb 주다 in a question", () => {
  it.each([["거북이 사료 언제 줘?"], ["고양이 밥 몇 번 줘?"], ["화분 물 며칠마다 줘?"]])(
    "reads 줘 after a noun or adverb, with an interrogative, as a question: %s",
    (text) => {
      expect(classifySpeechAct(text)).toBe("question");
    },
  );

  it.each([
    ["보도자료 초안 좀 써줘"],
    ["어디 있는지 찾아 줘?"],
    ["내일 날씨 어때? 알려 줘"],
    ["뭐 먹을지 골라 줘"],
    ["물 줘"],
    ["이거 뭔지 알려줘"],
  ])(
    "keeps the helper verb after a -아/어 form, and a bare 줘 without an interrogative, a request: %s",
    (text) => {
      expect(classifySpeechAct(text)).toBe("request");
    },
  );
});
