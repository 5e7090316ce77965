import { describe, expect, it } from "vitest";
import { forgottenThing } from "../../src/text/forgetting.js";
import { classifySpeechAct } from "../../src/text/speech-act.js";
import { queryContentTokens } from "../../src/text/tokenizer.js";

describe("the speaker saying they forgot something", () => {
  it.each([
    ["조카 학교 이름 까먹었어", "조카 학교 이름"],
    ["현관 비번 잊어버렸네 ㅠㅠ", "현관 비번"],
    ["팀장님 내선 생각이 안 나요", "팀장님 내선"],
    ["I forgot my bike lock code", "my bike lock code"],
    ["I can't remember Lena's address", "Lena's address"],
  ])("asks for what was forgotten: %j", (text, thing) => {
    expect(forgottenThing(text)).toBe(thing);
    expect(classifySpeechAct(text)).toBe("question");
  });

  it("leaves the verb of forgetting out of the query's terms", () => {
    expect(queryContentTokens("조카 학교 이름 까먹었어")).toEqual(queryContentTokens("조카 학교 이름"));
    expect(queryContentTokens("I forgot my bike lock code")).toEqual(["bike", "lock", "code"]);
  });

  it.each([["기억이 안 나"], ["forgetting is human"], ["잊지 말고 우산 챙기기"]])(
    "says nothing forgotten: %j",
    (text) => {
      expect(forgottenThing(text)).toBeUndefined();
    },
  );
});
