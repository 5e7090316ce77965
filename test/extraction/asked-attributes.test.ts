import { describe, expect, it } from "vitest";
import { readQuestion } from "../../src/extraction/asked-attributes.js";

describe("readQuestion: asksOfSpeaker", () => {
  it.each([
    ["이름", "내 이름 뭐였지?"],
    ["name", "what's my name?"],
    ["생일", "when is my birthday?"],
    ["회의 시간", "내 회의 시간 몇 시야?"],
    ["locker number", "what is my locker number?"],
    ["residence", "where do I live?"],
    ["거주지", "나 어디 살아?"],
  ])("asks %s of the speaker: %s", (attribute, question) => {
    expect(readQuestion(question).asksOfSpeaker(attribute)).toBe(true);
  });

  it.each([
    ["name", "what's my wife's name?"],
    ["name", "what are my kids' names?"],
    ["이름", "우리 강아지 이름 뭐지?"],
    ["생일", "when is my wife's birthday?"],
    ["생일", "내 아내의 생일 언제야?"],
    ["회의 시간", "남편의 회의 시간 몇 시야?"],
    ["residence", "where does my mom live?"],
    ["거주지", "엄마 어디 살아?"],
  ])("asks %s of someone else: %s", (attribute, question) => {
    const read = readQuestion(question);
    expect(read.asksFor(attribute)).toBe(true);
    expect(read.asksOfSpeaker(attribute)).toBe(false);
  });
});

describe("readQuestion: asksFor by the head of an attribute", () => {
  it.each([
    ["보관함 번호", "회의실 비밀번호 뭐야?"],
    ["보관함 번호", "우리 집 현관 번호 뭐였지"],
    ["locker number", "what's my phone number?"],
    ["전화번호", "와이파이 비밀번호 뭐야?"],
  ])("a question that qualifies the head otherwise asks no %s: %s", (attribute, question) => {
    const read = readQuestion(question);
    expect(read.asksFor(attribute)).toBe(false);
    expect(read.asksOfSpeaker(attribute)).toBe(false);
  });

  it.each([
    ["보관함 번호", "내 번호 뭐였지?"],
    ["보관함 번호", "보관함 번호 몇 번이야?"],
    ["번호", "비밀번호 뭐야?"],
    ["휴대폰 번호", "아내 휴대폰 번호 알려줘"],
    ["locker number", "what's the number of my locker?"],
    ["전화번호", "전화번호 뭐였지?"],
  ])("still asks for %s: %s", (attribute, question) => {
    expect(readQuestion(question).asksFor(attribute)).toBe(true);
  });
});

describe("readQuestion: asksFor by a verb", () => {
  it.each([
    ["사료", "보리 요즘 뭐 먹여?"],
    ["사료", "보리 뭐 먹이지?"],
    ["food", "what does my parrot eat?"],
    ["diet", "what do I feed the turtle?"],
  ])("asks for %s: %s", (attribute, question) => {
    expect(readQuestion(question).asksFor(attribute)).toBe(true);
  });

  it("asks for no food when the question asks when or where one eats", () => {
    expect(readQuestion("보리 생일 언제야?").asksFor("사료")).toBe(false);
    expect(readQuestion("where do I live?").asksFor("food")).toBe(false);
  });
});

describe("readQuestion: asksWhoIs", () => {
  it.each([
    ["우리 팀장 누구야?", "역할", "팀장님"],
    ["아들 수영 선생님 누구였지?", "역할", "아들 수영 선생님"],
    ["who is my dentist?", "role", "dentist"],
    ["what's my dog's name?", "kind", "dog"],
  ])("asks who the one is by what they are: %s", (question, attribute, value) => {
    expect(readQuestion(question).asksWhoIs(attribute, value)).toBe(true);
  });

  it("does not ask it without an interrogative of who or a name, nor of another thing", () => {
    expect(readQuestion("팀장 회의 몇 시야?").asksWhoIs("역할", "팀장님")).toBe(false);
    expect(readQuestion("우리 팀장 누구야?").asksWhoIs("역할", "수영 선생님")).toBe(false);
  });
});
