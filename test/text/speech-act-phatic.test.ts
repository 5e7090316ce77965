import { describe, expect, it } from "vitest";
import { classifySpeechAct, helpRequest, phaticKind } from "../../src/text/speech-act.js";

describe("a phatic message and what it does", () => {
  it.each([
    ["thanks a lot", "thanks"],
    ["many thanks!", "thanks"],
    ["thank you very much", "thanks"],
    ["정말 고마워", "thanks"],
    ["진짜 감사합니다 ㅎㅎ", "thanks"],
    ["see you later", "farewell"],
    ["see you", "farewell"],
    ["잘 자", "farewell"],
    ["안녕히 계세요", "farewell"],
    ["또 봐요", "farewell"],
    ["좋은 아침", "other"],
    ["ㅋㅋㅋ", "other"],
    // A mention alone calls someone and says nothing (Slack's <!channel> is read as @channel).
    ["<@UBOB0002>", "other"],
    ["@channel", "other"],
    ["<@UBOB0002> 안녕", "greeting"],
  ] as const)("%j is phatic: %s", (text, kind) => {
    expect(classifySpeechAct(text)).toBe("phatic");
    expect(phaticKind(text)).toBe(kind);
  });

  it.each([
    "정말 맛있었어",
    "thanks to Mina the party worked",
    "see the doctor on Friday",
    "<@UBOB0002> 내일 3시 회의 본관",
  ])("%j says something besides: not phatic", (text) => {
    expect(classifySpeechAct(text)).not.toBe("phatic");
  });
});

describe("a request for help", () => {
  it.each([
    ["/help", {}],
    ["도움말", { lang: "ko" }],
    ["너 뭐 할 수 있어?", { lang: "ko" }],
    ["뭘 해 줄 수 있어요?", { lang: "ko" }],
    ["무엇을 도와 줄 수 있나요", { lang: "ko" }],
    ["어떻게 써?", { lang: "ko" }],
    ["what can you do?", { lang: "en" }],
    ["How do I use this bot?", { lang: "en" }],
  ])("%j asks for help", (text, expected) => {
    expect(helpRequest(text)).toEqual(expected);
    expect(classifySpeechAct(text)).toBe("command");
  });

  it.each([
    "help me write an email",
    "민수는 뭐 할 수 있어?",
    "이 앱 어떻게 써야 돼? 설치는 했어",
    "what can you do about the noise",
  ])("%j is no help request", (text) => {
    expect(helpRequest(text)).toBeUndefined();
  });
});
