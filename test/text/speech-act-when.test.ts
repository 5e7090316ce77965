import { describe, expect, it } from "vitest";
import { asksCurrentState, asksToConfirm, asksWhenItHappened } from "../../src/text/speech-act.js";

describe("asksWhenItHappened", () => {
  it.each([
    "When did you start the pottery class?",
    "when was the kitchen repainted",
    "What year did they open the bakery?",
    "How long ago did we visit the aquarium?",
  ])("an event's time: %s", (text) => expect(asksWhenItHappened(text)).toBe(true));

  it.each([
    "When is my passport renewal due?",
    "Where did I put the spare key?",
    "언제였지?",
    "회의 언제 했지?",
  ])("not (a current fact, or Korean, where tense does not tell): %s", (text) =>
    expect(asksWhenItHappened(text)).toBe(false),
  );

  it("reads 50,000 characters of near misses in linear time", () => {
    const text = "when ".repeat(10_000) + "x";
    const started = performance.now();
    expect(asksWhenItHappened(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("asksCurrentState", () => {
  it.each([
    "지금 다니는 미용실 어디야?",
    "요즘엔 몇 시에 출근해?",
    "현재 담당자 누구예요",
    "Who is my landlord now?",
    "What do I pay for parking these days?",
    "current gym fee",
  ])("asks what is so now: %s", (text) => expect(asksCurrentState(text)).toBe(true));

  it.each([
    "지금까지 몇 번 갔지?", // up to now: a count, not a state
    "미용실 어디야?",
    "What did I order from the bakery?",
    "Show me the days of the festival",
  ])("does not: %s", (text) => expect(asksCurrentState(text)).toBe(false));

  it("reads 50,000 characters of near misses in linear time", () => {
    const text = "지금까지 these ".repeat(4_000) + "x";
    const started = performance.now();
    expect(asksCurrentState(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("asksToConfirm", () => {
  it.each([
    "세미나 발표 11월 4일 맞아?",
    "치과 예약 3시 맞죠",
    "도서관 반납일 금요일 맞나요?",
    "Is the retro still on the 12th?",
    "Book club is at 7, right?",
  ])("asks to confirm what it names: %s", (text) => expect(asksToConfirm(text)).toBe(true));

  it.each([
    "세미나 발표 언제야?",
    "맞춤 정장 찾는 날 언제지",
    "4417 누구 번호지",
    "Turn right at the bakery",
    "Which answer was correct on the quiz",
  ])("does not: %s", (text) => expect(asksToConfirm(text)).toBe(false));
});
