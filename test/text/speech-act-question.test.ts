import { describe, expect, it } from "vitest";
import { classifySpeechAct } from "../../src/text/speech-act.js";

describe("a Korean question without a question mark", () => {
  it.each([
    ["퇴근하고 헬스장까지 얼마나 걸려"],
    ["관리비 얼마나 나와"],
    ["토요일에 몇 시에 와"],
    ["주말에 어디 가"],
    ["도서관 반납일 언제였지"],
    ["조카 이름 뭐였지"],
  ])("asks with an interrogative and an informal ending, contracted or not: %s", (text) => {
    expect(classifySpeechAct(text)).toBe("question");
  });

  it.each([
    ["어제 국밥 얼마나 맛있던지 ㅋㅋ"],
    ["이번 주 얼마나 바빴는지 몰라"],
    ["생일 선물 뭐 살지 고민 중이야"],
    ["나 내일 치과 가"],
  ])(
    "does not ask when the interrogative is inside a -던지/-는지/-ㄹ지 clause, or there is none: %s",
    (text) => {
      expect(classifySpeechAct(text)).toBe("statement");
    },
  );
});

describe("a question that names the value it asks for, and nothing else", () => {
  it.each([
    ["엄마 번호"],
    ["회사 주소는"],
    ["우리 팀장님 사무실 내선번호"],
    ["wifi password"],
    ["my dentist's number"],
  ])("asks by a short noun phrase that ends in a value's noun: %s", (text) => {
    expect(classifySpeechAct(text)).toBe("question");
  });

  it.each([
    // It gives the value, it is one word, it is long, or it ends in another noun.
    ["엄마 번호 010-2210-7784"],
    ["번호"],
    ["어제 엄마가 새로 바꾼 핸드폰 번호"],
    ["점심 김치찌개"],
    ["엄마 번호 바뀜"],
  ])("does not take %s for one", (text) => {
    expect(classifySpeechAct(text)).toBe("statement");
  });
});
