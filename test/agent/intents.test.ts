import { describe, expect, it } from "vitest";
import { parseForgetChoice, parseIntent } from "../../src/agent/intents.js";

describe("parseIntent", () => {
  it.each([
    ["기억해줘: 또리 생일은 10월 27일이야", "또리 생일은 10월 27일이야"],
    ["이거 기억해 둬: 아내 이름은 민지야", "아내 이름은 민지야"],
    ["이거 기억해 둬. 주차 B2 37번", "주차 B2 37번"],
    ["기억해 주세요\n회의실 예약 코드 4411", "회의실 예약 코드 4411"],
    ["기억해줘 내 사물함 번호 112", "내 사물함 번호 112"],
    ["또리 생일은 10월 27일이야 기억해줘", "또리 생일은 10월 27일이야"],
    ["내 혈액형 B형이라고 기억해 둬", "내 혈액형 B형"],
    ["민서 생일 4월 4일 좀 기억해줘!", "민서 생일 4월 4일"],
    ["내일 회의 기억해줘: 3시 본관", "내일 회의 3시 본관"],
    ["메모해 줘: 세탁소 금요일 찾기", "세탁소 금요일 찾기"],
    ["기억 좀 해줘: 우산은 현관 신발장", "우산은 현관 신발장"],
    ["기억해조: 우산은 현관 신발장", "우산은 현관 신발장"],
    ["우산은 현관 신발장 꼭 기억해 둬", "우산은 현관 신발장"],
    ["remember that my locker is 112", "my locker is 112"],
    ["Remember: dentist on Friday 3pm", "dentist on Friday 3pm"],
    ["please remember my wife's name is Mina", "my wife's name is Mina"],
  ])("keeps the text of %j verbatim", (text, expected) => {
    expect(parseIntent(text)).toEqual({ kind: "remember", text: expected });
  });

  it.each([
    "기억해?",
    "내가 뭐 기억해달라고 했지?",
    "do you remember my locker?",
    "기억나?",
    "또리 생일 기억하니?",
  ])("does not take the question %j for a request", (text) => {
    expect(parseIntent(text)).toBeUndefined();
  });

  it("asks for nothing when the verb comes alone (the model's), and for what was said when it points at it", () => {
    expect(parseIntent("기억해줘")).toBeUndefined();
    expect(parseIntent("이거 기억해 둬")).toEqual({ kind: "rememberLast" });
  });

  it.each([
    ["기억해줘:", { kind: "remember", text: "" }],
    ["기억해 둬 :  ", { kind: "remember", text: "" }],
    ["remember:", { kind: "remember", text: "" }],
    ["잊어줘:", { kind: "forget", query: "" }],
    ["forget :", { kind: "forget", query: "" }],
  ])("reads %j, a colon with nothing after it, as a request whose object is missing", (text, intent) => {
    expect(parseIntent(text)).toEqual(intent);
  });

  it.each([
    ["잊어줘: 치과 예약", "치과 예약"],
    ["치과 예약 잊어줘", "치과 예약"],
    ["치과 예약 기억 지워줘", "치과 예약"],
    ["또리 생일 관련 기억 지워 줘", "또리 생일"],
    ["주차 위치를 삭제해 줘", "주차 위치"],
    ["잊어버려: 여권 번호", "여권 번호"],
    ["forget my locker number", "my locker number"],
    ["Forget about the dentist appointment, please", "the dentist appointment"],
    ["delete the memory about the Pluto dry-run", "the Pluto dry-run"],
  ])("finds what %j asks to forget", (text, query) => {
    const intent = parseIntent(text);
    expect(intent).toEqual({ kind: "forget", query });
  });

  it.each([
    "전부 잊어줘",
    "다 지워줘",
    "내 기억 전부 지워 주세요",
    "모든 기억 삭제해줘",
    "나에 대한 거 다 잊어줘",
    "잊어줘: 전부",
    "forget everything",
    "Forget everything you know about me, please",
    "delete all my memories",
    "wipe everything.",
  ])("%j asks to forget everything", (text) => {
    expect(parseIntent(text)).toEqual({ kind: "forgetAll" });
  });

  it.each([
    "방금 거 잊어줘",
    "방금 저장한 거 지워줘",
    "마지막 거 삭제해줘",
    "forget the last one",
    "please forget what I just said",
    "forget that last one",
  ])("%j asks to forget the memory kept last", (text) => {
    expect(parseIntent(text)).toEqual({ kind: "forgetLast" });
  });

  it.each(["그거 잊어줘", "이거 잊어줘", "forget that", "forget it", "forget this"])(
    "%j points at the memory kept last by a pronoun alone, to be confirmed",
    (text) => {
      expect(parseIntent(text)).toEqual({ kind: "forgetLast", confirm: true });
    },
  );

  it.each([
    "그거 기억해줘",
    "이거 기억해 둬",
    "방금 말한 거 기억해줘",
    "remember that",
    "remember what I just said",
  ])("%j points at what was said before: keep that", (text) => {
    expect(parseIntent(text)).toEqual({ kind: "rememberLast" });
  });

  it.each([
    ["금요일 동창회 잊지 마", "금요일 동창회"],
    ["다음 주 세미나 발표 잊지 말아 줘", "다음 주 세미나 발표"],
    ["don't forget the vet closes at 6 on Sundays", "the vet closes at 6 on Sundays"],
    ["Do not forget: recycling goes out Tuesday", "recycling goes out Tuesday"],
  ])("%j asks to keep what it says not to forget", (text, kept) => {
    expect(parseIntent(text)).toEqual({ kind: "remember", text: kept });
  });

  it.each([
    ["기억해줘: 마지막 기차는 11시 반", "마지막 기차는 11시 반"],
    ["remember that it's Ana's turn to cook", "it's Ana's turn to cook"],
  ])("%j says what to keep besides a pointing word", (text, kept) => {
    expect(parseIntent(text)).toEqual({ kind: "remember", text: kept });
  });

  it.each([
    ["아까 말한 치과 예약 잊어줘", "아까 말한 치과 예약"],
    ["forget that dentist appointment", "dentist appointment"],
  ])("%j names what to forget besides pointing at it", (text, query) => {
    expect(parseIntent(text)).toEqual({ kind: "forget", query });
  });

  it.each([
    ["치과 예약 전부 지워줘", "치과 예약"],
    ["forget all about the dentist", "dentist"],
    ["forget everything about Emma", "Emma"],
    ["하린이에 대한 기억 다 지워줘", "하린이"],
    ["이사 관련 메모 전부 삭제해줘", "이사"],
  ])("%j asks to forget every memory that matches what it names, not everything", (text, query) => {
    expect(parseIntent(text)).toEqual({ kind: "forget", query, all: true });
  });

  it.each([
    ["delete the dentist one", { kind: "forget", query: "dentist", plain: true }],
    ["remove my dentist appointment", { kind: "forget", query: "dentist appointment", plain: true }],
    ["Erase the passport note.", { kind: "forget", query: "passport note", plain: true }],
    ["치과 건 지워", { kind: "forget", query: "치과", plain: true }],
    ["여권 메모 삭제해요", { kind: "forget", query: "여권", plain: true }],
    ["delete that one", { kind: "forgetLast", confirm: true }],
    ["delete the last one", { kind: "forgetLast", confirm: true }],
  ])("%j asks to forget what it names when no model reads it (wipes)", (text, intent) => {
    expect(parseIntent(text, { wipes: true })).toEqual(intent);
    // With a model, a plain imperative is the model's to read ("delete the old draft" below).
    expect(parseIntent(text)).toBeUndefined();
  });

  it.each(["clear my schedule for Friday", "지워 버렸는데 복구 되나?", "화장 지워야지", "다 했어"])(
    "does not take %j for a forget request even without a model",
    (text) => {
      expect(parseIntent(text, { wipes: true })).toBeUndefined();
    },
  );

  it.each(["delete the old draft", "clear my schedule for Friday", "다 했어"])(
    "does not take %j for a forget request",
    (text) => {
      expect(parseIntent(text)).toBeUndefined();
    },
  );

  it.each([
    ["/help", undefined],
    ["  /HELP ", undefined],
    ["도움말", "ko"],
    ["뭐 할 수 있어?", "ko"],
    ["help", "en"],
    ["What can you do?", "en"],
  ])("%j asks for help", (text, lang) => {
    expect(parseIntent(text)).toEqual(lang ? { kind: "help", lang } : { kind: "help" });
  });

  it.each([
    "또리 생일 언제야?",
    "What's my wife's name?",
    "나 다음주 화요일에 부산 출장 가",
    "help me write an email",
  ])("leaves %j to the model", (text) => {
    expect(parseIntent(text)).toBeUndefined();
  });

  it("looks at a long message in bounded time, and reads a request to keep it at its start or end", () => {
    const long = `${"가".repeat(20_000)} 기억해줘`;
    const started = performance.now();
    // As "기억해줘: <the same text>" is: the verb at the end of a pasted text asks to keep it all.
    expect(parseIntent(long)).toEqual({ kind: "remember", text: "가".repeat(20_000) });
    expect(performance.now() - started).toBeLessThan(50);
    expect(parseIntent(`기억해줘:\n${"나".repeat(5_000)}`)).toEqual({
      kind: "remember",
      text: "나".repeat(5_000),
    });
    expect(parseIntent(`기억 좀 해줘:\n${"나".repeat(5_000)}`)).toEqual({
      kind: "remember",
      text: "나".repeat(5_000),
    });
    const lines = `첫 줄\n${"다".repeat(5_000)}\n마지막 줄`;
    expect(parseIntent(`${lines}\n\n이거 다 기억해 둬.`)).toEqual({
      kind: "remember",
      text: lines,
    });
    // A verb inside it, not at its end, is no request.
    expect(parseIntent(`${"가".repeat(5_000)} 기억해줘 ${"나".repeat(100)}`)).toBeUndefined();
  });
});

describe("parseIntent on a request that points at someone's words", () => {
  it("reads one that points at another person's words as such, and keeps nothing of the pointer", () => {
    for (const text of [
      "방금 밥이 한 말 기억해 둬",
      "위에 밥이 말한 거 기억해줘",
      "아까 지수님이 올린 거 기억해줘",
      "엄마가 한 말 기억해 둬",
      "remember what Bob said",
    ])
      expect(parseIntent(text), text).toEqual({ kind: "rememberOthers" });
  });

  it("reads the person's own words as what they said before, and a text with content as that text", () => {
    expect(parseIntent("방금 내가 한 말 기억해줘")).toEqual({ kind: "rememberLast" });
    expect(parseIntent("밥 이직 얘기 메모해줘")).toEqual({ kind: "remember", text: "밥 이직 얘기" });
    expect(parseIntent("기억해줘: 민수가 한 말 중요해")).toEqual({
      kind: "remember",
      text: "민수가 한 말 중요해",
    });
  });
});

describe("parseIntent with a mistyped command word", () => {
  it("reads a 'remember' one edit off before a colon as 'remember', and keeps the text without it", () => {
    for (const typed of ["remmeber", "remeber", "remembr", "Rememebr", "rmember"])
      expect(parseIntent(`${typed}: my wife's name is Jane`), typed).toEqual({
        kind: "remember",
        text: "my wife's name is Jane",
      });
    expect(parseIntent("please remeber: gate code changes monthly")).toEqual({
      kind: "remember",
      text: "gate code changes monthly",
    });
    expect(parseIntent(`remmeber:\n${"a".repeat(5_000)}`)).toEqual({
      kind: "remember",
      text: "a".repeat(5_000),
    });
  });

  it("reads the plain imperative '기억해:' before a colon as a request, and not without one", () => {
    expect(parseIntent("이거 기억해: 주차 B2 37번")).toEqual({ kind: "remember", text: "주차 B2 37번" });
    expect(parseIntent("메모해: 우유 두 개")).toEqual({ kind: "remember", text: "우유 두 개" });
    expect(parseIntent("나 그거 기억해")).toBeUndefined();
    expect(parseIntent("그 사람 이름 기억해?")).toBeUndefined();
  });

  it("leaves words of their own, other words, and the same word without a colon as they are", () => {
    expect(parseIntent("remembers: nothing of the trip")).toBeUndefined();
    expect(parseIntent("remmeber my wife's name is Jane")).toBeUndefined();
    expect(parseIntent("member: the club meets Friday")).toBeUndefined();
    expect(parseIntent("reminder: call the bank")).toBeUndefined();
  });

  it("never mends a forget: a destructive request is read only as spelled", () => {
    for (const typed of ["foget", "forgt", "froget", "forge"])
      expect(parseIntent(`${typed}: the dentist appointment`), typed).toBeUndefined();
  });
});

describe("parseIntent on long hostile messages", () => {
  it.each([
    [
      "runs of spaces around a verb that is not the last",
      `${"가".repeat(21)}${"\t".repeat(1000)}메모해둬요${"\t".repeat(1000)}겠기억해둬`,
    ],
    ["a verb first and only spaces after it", `기억해줘${" ".repeat(3990)}`],
    ["end punctuation and spaces", `기억해줘${"! ".repeat(1990)}x`],
    ["English with commas before the tail", `remember x${" ,".repeat(1990)}y`],
  ])("answers in linear time: %s", (_name, text) => {
    parseIntent("기억해줘: 워밍업"); // compiles the patterns, so the time below is the match alone
    const started = performance.now();
    parseIntent(text);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("parseForgetChoice", () => {
  it.each([
    ["1", { kind: "pick", numbers: [1] }],
    ["2번", { kind: "pick", numbers: [2] }],
    ["1번, 3번 지워줘", { kind: "pick", numbers: [1, 3] }],
    ["1 and 2", { kind: "pick", numbers: [1, 2] }],
    ["전부", { kind: "all" }],
    ["둘 다", { kind: "all" }],
    ["all", { kind: "all" }],
    // With the verb, "all" is still all of the listed ones (forgetting everything is asked otherwise).
    ["전부 잊어줘", { kind: "all" }],
    ["다 지워 줘", { kind: "all" }],
    ["둘 다 삭제해줘!", { kind: "all" }],
    ["모두 잊어주세요.", { kind: "all" }],
    ["forget them all", { kind: "all" }],
    ["delete both", { kind: "all" }],
    ["취소", { kind: "cancel" }],
    ["never mind", { kind: "cancel" }],
    ["응", { kind: "unclear" }],
    ["네!", { kind: "unclear" }],
    ["yes", { kind: "unclear" }],
    ["OK.", { kind: "unclear" }],
  ])("reads %j", (text, expected) => {
    expect(parseForgetChoice(text)).toEqual(expected);
  });

  it("is undefined for anything else", () => {
    expect(parseForgetChoice("또리 생일 언제야?")).toBeUndefined();
    expect(parseForgetChoice("응 그거 말고 내일 일정 알려줘")).toBeUndefined();
  });

  it.each([
    ["1, 2", { kind: "pick", numbers: [1, 2] }],
    ["1과 2 삭제해줘!", { kind: "pick", numbers: [1, 2] }],
    ["3 번 잊어줘.", { kind: "pick", numbers: [3] }],
    ["2, 2번", { kind: "pick", numbers: [2] }],
  ])("reads %j as before", (text, expected) => {
    expect(parseForgetChoice(text)).toEqual(expected);
  });

  it.each(["123", "1 2 x", "지워 1", "1. 2", "번 1", "1,, 2", "1 지워 지워"])(
    "does not take %j for a choice",
    (text) => {
      expect(parseForgetChoice(text)).toBeUndefined();
    },
  );

  it("reads long replies in linear time: runs of digits, spaced digits, separators, up to the cap", () => {
    const replies = [
      `${"1".repeat(40)}x`,
      `${"1".repeat(199)}x`,
      `${"1 ".repeat(99)}x`,
      `${"1,".repeat(99)}x`,
      `${"1번".repeat(66)}x`,
      `${"12".repeat(99)}!x`,
      `1 지워${"!".repeat(190)} x`,
      `1${" ".repeat(197)}x`,
    ];
    parseForgetChoice("1");
    for (const reply of replies) {
      const started = performance.now();
      expect(parseForgetChoice(reply)).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(20);
    }
  });
});
